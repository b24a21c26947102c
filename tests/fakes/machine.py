# A fake `machine` module for MicroPython's unix port (put tests/fakes on
# MICROPYPATH; a file module shadows the port's own `machine`). It records
# what the device layer does and lets a test script what it reads:
#   log            list of ("pin", id, value) writes and ("spi", id, bytes)
#   inputs[id]     level read from an input pin: an int, or a function
#                  called with the pin id at each read
#   adc[id]        16-bit reading of ADC(id)
#   listeners      objects with .pin(id, value) and .spi(data) (panel models)
#   reads[id]      how many times each input pin was read; with
#                  record_reads[0] = True reads also go to log as ("read", id, value)
#   resets         number of machine.reset() calls (each raises ResetCalled)
#   mem32          reads of the RP2040's GPIO_IN register (0xd0000004): the
#                  levels of the input pins made so far, as Pin.value reads
#                  them, one bit per GPIO; mem32_reads counts them
log = []
reads = {}
record_reads = [False]
inputs = {}
adc = {}
listeners = []
levels = {}            # last value written to each output pin
pin_modes = {}
resets = [0]
record = [True]        # set record[0] = False in long runs to keep memory flat


class ResetCalled(Exception):
    pass


def clear():
    del log[:]
    inputs.clear()
    adc.clear()
    reads.clear()
    record_reads[0] = False
    del listeners[:]
    levels.clear()
    pin_modes.clear()
    resets[0] = 0
    record[0] = True
    mem32_reads[0] = 0
    del lightsleeps[:]


def _pin_id(p):
    return p.id if isinstance(p, Pin) else p


class _Mem32:
    GPIO_IN = 0xD0000004

    def __getitem__(self, addr):
        if addr != self.GPIO_IN:
            raise ValueError("fake mem32: only GPIO_IN is modelled, not 0x%x" % addr)
        mem32_reads[0] += 1
        word = 0
        for pid in pin_modes:
            mode, pull = pin_modes[pid]
            if mode == Pin.IN and _input_level(pid, pull):
                word |= 1 << pid
        return word


def _input_level(pid, pull):
    src = inputs.get(pid)
    if src is None:
        # An unconnected input follows its pull resistor.
        return 1 if pull == Pin.PULL_UP else 0
    if type(src) is int:
        return src
    return src(pid)


mem32_reads = [0]


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        if mode != -1:
            pin_modes[id] = (mode, pull)
        if value is not None:
            self.value(value)

    def init(self, mode=-1, pull=-1, value=None):
        self.__init__(self.id, mode, pull, value)

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.OUT:
                return levels.get(self.id, 0)
            v = _input_level(self.id, self.pull)
            reads[self.id] = reads.get(self.id, 0) + 1
            if record_reads[0]:
                log.append(("read", self.id, v))
            return v
        v = 1 if v else 0
        levels[self.id] = v
        if record[0]:
            log.append(("pin", self.id, v))
        for lst in listeners:
            lst.pin(self.id, v)

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def irq(self, *args, **kwargs):
        return None


class SPI:
    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None, miso=None, **kw):
        self.id = id
        self.baudrate = baudrate
        self.sck = _pin_id(sck)
        self.mosi = _pin_id(mosi)

    def init(self, **kw):
        pass

    def write(self, buf):
        data = bytes(buf)
        if record[0]:
            log.append(("spi", self.id, data))
        for lst in listeners:
            lst.spi(data)


class ADC:
    def __init__(self, id):
        self.id = _pin_id(id)

    def read_u16(self):
        return adc.get(self.id, 0)


mem32 = _Mem32()


def reset():
    resets[0] += 1
    raise ResetCalled()


def soft_reset():
    reset()


def freq(*args):
    return 125000000


def unique_id():
    return b"\x00\x01\x02\x03\x04\x05\x06\x07"


# Each machine.lightsleep(ms) as (the clock when it started, ms); the time
# passes on usher.device.clock as a sleep_ms would (a test's virtual clock).
lightsleeps = []


def lightsleep(ms=None):
    from usher.device import clock
    lightsleeps.append((clock.ticks_ms(), ms))
    if ms:
        clock.sleep_ms(ms)


def deepsleep(ms=None):
    reset()


def transactions(dc_pin, spi_log=None):
    """The recorded SPI traffic as a list of (command, data bytes), using the
    DC pin level at each write (0 = command, 1 = data)."""
    out = []
    dc = 0
    for entry in (log if spi_log is None else spi_log):
        if entry[0] == "pin" and entry[1] == dc_pin:
            dc = entry[2]
        elif entry[0] == "spi":
            data = entry[2]
            if dc == 0:
                for b in data:
                    out.append([b, b""])
            else:
                if not out:
                    raise AssertionError("data before any command")
                out[-1][1] = out[-1][1] + data
    return [(c, d) for c, d in out]
