# Models of the two e-ink controllers, fed by the fake machine module's SPI
# and pin traffic. They keep the controller RAM and the picture the panel
# shows (updated when a refresh is triggered), drive the BUSY line (busy for
# a few reads after each refresh) and can save the shown picture to a file,
# which outlives the process like e-ink outlives a power cut.
#
# expected_image() converts a canvas pixel by pixel, independently of the
# drivers' byte-shuffling converter, into what the panel should show.
import os

import machine

WIDTH = 296
HEIGHT = 128
PAGES = 16


def expected_image(canvas, flip_y):
    """Panel picture (gate line by gate line, 1 = white) for a canvas
    (framebuf-like with .pixel(x, y), 1 = black). UC8151 on the Badger:
    MSB of each line byte = smallest y. SSD1680 (Waveshare landscape): the
    line runs from y = 127 down."""
    out = bytearray(WIDTH * PAGES)
    for x in range(WIDTH):
        for y in range(HEIGHT):
            if canvas.pixel(x, y):
                continue
            s = (HEIGHT - 1 - y) if flip_y else y
            out[x * PAGES + s // 8] |= 0x80 >> (s % 8)
    return out


def _save(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.rename(tmp, path)        # POSIX rename replaces atomically: never no picture


class _Model:
    BUSY_READS = 3

    def __init__(self, profile, save_path=None):
        self.dc_pin = profile["dc"]
        self.cs_pin = profile["cs"]
        self.rst_pin = profile["reset"]
        self.busy_pin = profile["busy"]
        self.busy_level = profile["busy_level"]
        self.dc = 0
        self.cmd = None
        self.data = bytearray()
        self.shown = bytearray(WIDTH * PAGES)
        self.refreshes = []           # ("clean"/"fast"/"partial"/"turbo", window or None)
        self.busy_left = 0
        self.stuck = False            # a test sets this to hold BUSY forever
        self.asleep = False
        self.while_busy = []          # commands sent while BUSY was still active
        self.save_path = save_path
        machine.inputs[self.busy_pin] = self._busy_read
        machine.listeners.append(self)

    def _busy_read(self, pin):
        if self.stuck:
            return self.busy_level
        if self.busy_left > 0:
            self.busy_left -= 1
            return self.busy_level
        return 1 - self.busy_level

    def pin(self, pid, v):
        if pid == self.dc_pin:
            self.dc = v
        elif pid == self.rst_pin and v == 0:
            self.on_reset()

    def spi(self, data):
        if self.dc == 0:
            if self.busy_left > 0 or self.stuck:
                self.while_busy.extend(data)
            for b in data:
                self._end_command()
                self.cmd = b
                self.data = bytearray()
                self.on_command(b)
        else:
            self.data.extend(data)

    def _end_command(self):
        if self.cmd is not None:
            self.on_data(self.cmd, bytes(self.data))
        self.cmd = None

    def flush(self):
        self._end_command()

    def busy_for(self, reads):
        self.busy_left = reads

    def show(self, kind, window):
        self.refreshes.append((kind, window))
        self.busy_for(self.BUSY_READS)
        if self.save_path:
            _save(self.save_path, self.shown)

    def on_reset(self):
        self.asleep = False


class UC8151Model(_Model):
    def __init__(self, profile, save_path=None):
        super().__init__(profile, save_path)
        self.ram = bytearray(WIDTH * PAGES)
        self.partial = False
        self.window = None
        self.psr = None
        self.luts = {}
        self.powered = False          # the booster: PON (04h) on, POF (02h) off
        self.power_offs = 0

    def on_command(self, c):
        if self.asleep:
            raise AssertionError("command 0x%02x to a panel in deep sleep" % c)
        if c == 0x04:
            self.powered = True
        elif c == 0x02:
            self.powered = False
            self.power_offs += 1
        elif c == 0x91:
            self.partial = True
        elif c == 0x92:
            self.partial = False
        elif c == 0x12:       # DRF: display refresh with the RAM
            if not self.powered:
                raise AssertionError("display refresh with the power off (no PON)")
            self.shown[:] = self.ram
            # PSR bit 5: the waveform from the LUT registers or the panel's
            # OTP (clean, the flashing one). A LUT is told by its length in
            # frames (PL-18): Pimoroni's fast waveform 93, turbo 26.
            wave = self.waveform() if self.psr is not None and self.psr & 0x20 else "clean"
            if self.partial:
                if wave == "clean":
                    raise AssertionError("partial window with the OTP waveform")
                self.show("turbo" if wave == "turbo" else "partial", self.window)
            else:
                if wave == "turbo":
                    raise AssertionError("the turbo waveform over the whole panel (PL-18: windows only)")
                self.show(wave, None)

    def lut_frames(self):
        """The VCOM LUT's length in frames (UC8151 R20H: per 6-byte group,
        the four phase lengths times the repeat count)."""
        lut = self.luts.get(0x20)
        if lut is None:
            raise AssertionError("refresh from the LUT registers with no VCOM LUT written")
        frames = 0
        for g in range(0, 42, 6):
            frames += (lut[g + 1] + lut[g + 2] + lut[g + 3] + lut[g + 4]) * lut[g + 5]
        return frames

    def waveform(self):
        frames = self.lut_frames()
        if frames == 93:
            return "fast"
        if frames == 26:
            return "turbo"
        raise AssertionError("a LUT of %d frames: not modelled" % frames)

    def on_data(self, c, d):
        if c == 0x00:
            self.psr = d[0]
        elif 0x20 <= c <= 0x24:
            self.luts[c] = d
        elif c == 0x90:
            hrst, hred = d[0], d[1]
            vrst = (d[2] << 8) | d[3]
            vred = (d[4] << 8) | d[5]
            if hrst % 8 or (hred + 1) % 8:
                raise AssertionError("UC8151 window sources %d..%d not byte aligned" % (hrst, hred))
            self.window = (vrst, hrst, vred - vrst + 1, hred - hrst + 1)   # canvas x, y, w, h
        elif c == 0x13:
            if self.partial:
                x, y, w, h = self.window
                n = h // 8
                if len(d) != w * n:
                    raise AssertionError("partial data %d bytes, window needs %d" % (len(d), w * n))
                pos = 0
                for gx in range(x, x + w):
                    self.ram[gx * PAGES + y // 8: gx * PAGES + y // 8 + n] = d[pos:pos + n]
                    pos += n
            else:
                if len(d) != WIDTH * PAGES:
                    raise AssertionError("full data %d bytes" % len(d))
                self.ram[:] = d
        elif c == 0x07 and d and d[0] == 0xA5:
            self.asleep = True


class SSD1680Model(_Model):
    def __init__(self, profile, save_path=None):
        super().__init__(profile, save_path)
        self.bw = bytearray(WIDTH * PAGES)
        self.old = bytearray(WIDTH * PAGES)
        self.update_seq = None
        self.xr = (0, 15)
        self.yr = (0, WIDTH - 1)
        self.lut = None

    def on_command(self, c):
        if self.asleep:
            raise AssertionError("command 0x%02x to a panel in deep sleep" % c)
        if c == 0x20:
            seq = self.update_seq
            if seq is not None and seq & 0x04:        # display bit
                self.shown[:] = self.bw
                if seq & 0x08:                         # mode 2 with ping-pong: old <- shown
                    self.old[:] = self.bw
                # Display mode 2 with the loaded LUT: the fast waveform, the
                # whole panel (only changed pixels move); mode 1 with the OTP
                # waveform: the clean, flashing refresh.
                self.show("fast" if seq & 0x08 else "clean", None)
            else:
                self.busy_for(1)

    def _write_ram(self, target, d):
        x0, x1 = self.xr
        y0, y1 = self.yr
        n = x1 - x0 + 1
        if len(d) != n * (y1 - y0 + 1):
            raise AssertionError("RAM write %d bytes for window %r %r" % (len(d), self.xr, self.yr))
        pos = 0
        for g in range(y0, y1 + 1):
            target[g * PAGES + x0: g * PAGES + x0 + n] = d[pos:pos + n]
            pos += n

    def on_data(self, c, d):
        if c == 0x44:
            self.xr = (d[0], d[1])
        elif c == 0x45:
            self.yr = (d[0] | (d[1] << 8), d[2] | (d[3] << 8))
        elif c == 0x24:
            self._write_ram(self.bw, d)
        elif c == 0x26:
            self._write_ram(self.old, d)
        elif c == 0x22:
            self.update_seq = d[0]
        elif c == 0x32:
            self.lut = d
        elif c == 0x10 and d and d[0] == 0x01:
            self.asleep = True
