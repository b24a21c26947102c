# Fakes of CircuitPython's hardware modules for the backend's tests on
# CircuitPython's unix port (which has displayio.Bitmap and Palette, but no
# board, keypad, digitalio, analogio, microcontroller, alarm, Group, TileGrid
# or EPaperDisplay). The pins read levels from LEVELS (functions of the
# virtual time, set per test); the EPaperDisplay keeps CircuitPython's rules:
# refresh() too soon raises, BUSY for BUSY_MS after each refresh, and each
# refresh's picture read back from the real displayio.Bitmap pixel by pixel.
import sys

from usher.device import clock

class VClock:
    """Virtual milliseconds for usher.device.clock: time moves only when
    the program sleeps (shared with the desktop test, tests/host/blinka_badger.py)."""

    def __init__(self):
        self.now = 1000

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += max(1, int(ms))


LEVELS = {}          # GPIO -> function(now) -> bool, or a bool
BUSY_MS = 930


def level(gpio):
    v = LEVELS.get(gpio, False)
    return bool(v(clock.ticks_ms())) if callable(v) else bool(v)


class Pin:
    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return "GPIO%d" % self.n


class _Pins:
    pass


pin = _Pins()
for _n in range(30):
    setattr(pin, "GPIO%d" % _n, Pin(_n))
IN_USE = set()


def claim(p):
    if p.n in IN_USE:
        raise ValueError("%r in use" % p)
    IN_USE.add(p.n)


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, p):
        claim(p)
        self.pin = p
        self.output = False
        self._value = False

    def switch_to_output(self, value=False):
        self.output = True
        self._value = value

    def switch_to_input(self, pull=None):
        self.output = False

    @property
    def value(self):
        return self._value if self.output else level(self.pin.n)

    @value.setter
    def value(self, v):
        self._value = bool(v)

    def deinit(self):
        IN_USE.discard(self.pin.n)


ANALOG = {}          # GPIO -> 16-bit reading


class AnalogIn:
    def __init__(self, p):
        claim(p)
        self.pin = p

    @property
    def value(self):
        return ANALOG.get(self.pin.n, 0)

    def deinit(self):
        IN_USE.discard(self.pin.n)


class Event:
    def __init__(self):
        self.key_number = 0
        self.pressed = False


class _Queue:
    def __init__(self, keys):
        self.keys = keys

    def get_into(self, ev):
        k = self.keys
        if k.dead:
            raise ValueError("deinitialized")
        for i in range(len(k.pins)):
            down = level(k.pins[i].n) == k.active
            if down != k.state[i]:
                k.state[i] = down
                ev.key_number = i
                ev.pressed = down
                return True
        return False


class Keys:
    def __init__(self, pins, value_when_pressed=True, pull=True, interval=0.02):
        for p in pins:
            claim(p)
        self.pins = list(pins)
        self.active = value_when_pressed
        self.pull = pull
        self.state = [False] * len(pins)
        self.events = _Queue(self)
        self.dead = False

    def deinit(self):
        for p in self.pins:
            IN_USE.discard(p.n)
        self.dead = True


class Group:
    def __init__(self):
        self.items = []

    def append(self, x):
        self.items.append(x)


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader


class FakeDisplayio:
    """The real displayio's Bitmap and Palette, with fake Group/TileGrid."""

    def __init__(self):
        import displayio
        self.Bitmap = displayio.Bitmap
        self.Palette = displayio.Palette
        self.Group = Group
        self.TileGrid = TileGrid


class EPaperDisplay:
    def __init__(self, seconds_per_frame=2.0):
        self.root_group = None
        self.ms_per_frame = int(seconds_per_frame * 1000)
        self.last = None
        self.busy_until = None
        self.start_sequence = None
        self.pictures = []      # (time, start_sequence, MONO_HLSB bytes, 1 = black)
        self.too_soon = 0

    @property
    def busy(self):
        return self.busy_until is not None and clock.ticks_diff(self.busy_until, clock.ticks_ms()) > 0

    @property
    def time_to_refresh(self):
        if self.last is None:
            return 0
        left = self.ms_per_frame - clock.ticks_diff(clock.ticks_ms(), self.last)
        return left / 1000 if left > 0 else 0

    def update_refresh_mode(self, start_sequence, seconds_per_frame=180):
        self.start_sequence = start_sequence
        self.ms_per_frame = int(seconds_per_frame * 1000)

    def refresh(self):
        if self.time_to_refresh > 0:
            self.too_soon += 1
            raise RuntimeError("Refresh too soon")
        now = clock.ticks_ms()
        self.last = now
        self.busy_until = now + BUSY_MS
        self.pictures.append((now, self.start_sequence, self.picture()))

    def picture(self):
        tg = self.root_group.items[0]
        bm = tg.bitmap
        pal = tg.pixel_shader
        out = bytearray(296 * 128 // 8)
        for y in range(128):
            for x in range(296):
                if pal[bm[x, y]] == 0:          # black
                    out[y * 37 + (x >> 3)] |= 0x80 >> (x & 7)
        return bytes(out)


class Board:
    def __init__(self):
        self.ENABLE_DIO = DigitalInOut(pin.GPIO10)
        self.ENABLE_DIO.switch_to_output(True)
        self.DISPLAY = EPaperDisplay()
        self.SW_UP = pin.GPIO15


class PinAlarm:
    def __init__(self, p, value=True, edge=False, pull=False):
        claim(p)
        self.pin = p
        self.value = value


class Alarm:
    """alarm: light_sleep_until_alarms moves the virtual clock to the first
    time one of the alarm pins reads its value (RuntimeError after limit_ms)."""

    def __init__(self):
        self.pin = self
        self.PinAlarm = PinAlarm
        self.slept = []
        self.limit_ms = 100000

    def light_sleep_until_alarms(self, *alarms):
        t0 = clock.ticks_ms()
        try:
            while clock.ticks_diff(clock.ticks_ms(), t0) < self.limit_ms:
                for a in alarms:
                    if level(a.pin.n) == a.value:
                        self.slept.append((t0, clock.ticks_ms()))
                        return a
                clock.sleep_ms(10)
            raise RuntimeError("no alarm")
        finally:
            for b in alarms:            # CircuitPython frees the alarm pins after the sleep
                IN_USE.discard(b.pin.n)


def install():
    """Fresh fake modules in sys.modules; returns the fake board."""
    IN_USE.clear()
    LEVELS.clear()
    ANALOG.clear()
    b = Board()
    mods = {"board": b, "digitalio": sys.modules[__name__], "analogio": sys.modules[__name__],
            "keypad": sys.modules[__name__], "microcontroller": sys.modules[__name__],
            "alarm": Alarm()}
    for name in mods:
        sys.modules[name] = mods[name]
    return b
