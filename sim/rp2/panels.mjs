// E-ink controller models on the emulated SPI bus (PL-16): the UC8151 of
// the Badger 2040 and the SSD1680 of the Waveshare Pico-ePaper-2.9.
//
// Each model watches its CS, DC and RST pins, takes the SPI bytes (command
// bytes while DC is low, data bytes while it is high), keeps the
// controller's RAM, copies the RAM into `shown` when a refresh is triggered
// and holds BUSY for the waveform's duration. Every refresh is recorded with
// its kind, window, start and busy time; protocol errors are collected in
// `errors` (a command while a refresh runs, a window not aligned to 8, a
// refresh with the power off, a data length that does not match the
// window, a command to a panel in deep sleep).
//
// Durations and where they come from:
// - UC8151 full refresh with the OTP waveform (PSR bit 5 clear): 4.5 s, the
//   figure Pimoroni gives for its "full" speed (PL-6); the OTP waveform
//   itself cannot be read.
// - UC8151 refresh with the LUT registers (PSR bit 5 set): computed from the
//   LUT the driver loaded: per group the four phase lengths times the repeat
//   count, summed over the VCOM LUT's groups (every LUT of a waveform has
//   the same timing), divided by the frame rate set by the PLL register
//   (UC8151 datasheet: f = 200 Hz * M / (7 * N) for PLL = 0b00MMMNNN, so
//   0x3A = 100 Hz, 0x39 = 200 Hz).
// - SSD1680 full update with the OTP waveform (0x22 = 0xF7): 3 s, the full
//   refresh time on Waveshare's specification of the 2.9" V2 module.
// - SSD1680 update with a loaded LUT (0x22 = 0x0F): computed from the
//   153-byte LUT: twelve groups of (TPA+TPB+TPC+TPD) * (RP+1) frames at
//   50 Hz (the controller's default frame rate; an assumption, the frame-rate
//   bytes are not decoded).
// - Power on / off, resets and other short busy periods are assumptions of a
//   few milliseconds each (listed in SHORT_NS); they only pace the driver.

export const WIDTH = 296;
export const PAGES = 16;
export const FRAME_BYTES = WIDTH * PAGES;

const MS = 1e6;

class PanelModel {
  constructor(board, pins, busyLevel) {
    this.board = board;
    this.pins = pins;              // {cs, dc, rst, busy}
    this.busyLevel = busyLevel;    // pin level while busy
    this.cmd = null;
    this.data = [];
    this.shown = new Uint8Array(FRAME_BYTES).fill(0xff);   // a fresh panel is white
    this.refreshes = [];
    this.errors = [];
    this.commands = 0;
    this.dataBytes = 0;
    this.busyUntil = 0;
    this.refreshUntil = 0;         // end of the running refresh (0: none)
    this.asleep = false;
    this.shownVersion = 0;
  }

  attach(mcu) {
    // Called at every boot: the controller keeps its picture (e-ink), the
    // RAM and registers are lost with the power, as on the board.
    this.mcu = mcu;
    this.cmd = null;
    this.data = [];
    this.busyUntil = 0;
    this.refreshUntil = 0;
    this.busyAlarm = null;         // alarms belong to one chip's clock
    this.powerReset();
    this.setBusyPin(false);
    const rst = mcu.gpio[this.pins.rst];
    this.lastRst = true;
    rst.addListener(() => {
      const v = rst.outputEnable ? rst.outputValue : true;
      this.board.lastSpiNs = this.mcu.clock.nanos;   // panel activity for the harness's "quiet"
      if (this.lastRst && !v) this.hardReset();
      this.lastRst = v;
    });
  }

  now() {
    return this.mcu.clock.nanos;
  }

  error(text) {
    this.errors.push({ t_ms: this.now() / MS, error: text });
  }

  busy() {
    return this.now() < this.busyUntil;
  }

  setBusyPin(busy) {
    const level = busy ? this.busyLevel : 1 - this.busyLevel;
    this.mcu.gpio[this.pins.busy].setInputValue(!!level);
  }

  holdBusy(ns) {
    const until = Math.max(this.busyUntil, this.now()) + ns;
    this.busyUntil = until;
    this.setBusyPin(true);
    if (!this.busyAlarm) {
      this.busyAlarm = this.mcu.clock.createAlarm(() => this.busyCheck());
    }
    this.busyAlarm.schedule(until - this.now());
  }

  busyCheck() {
    if (this.now() >= this.busyUntil) {
      this.setBusyPin(false);
      this.refreshUntil = 0;
    } else {
      this.busyAlarm.schedule(this.busyUntil - this.now());
    }
  }

  selected() {
    const cs = this.mcu.gpio[this.pins.cs];
    return !(cs.outputEnable ? cs.outputValue : true);
  }

  dcHigh() {
    const dc = this.mcu.gpio[this.pins.dc];
    return dc.outputEnable ? dc.outputValue : false;
  }

  // One byte from the SPI bus.
  byte(b) {
    if (!this.selected()) return;
    if (!this.dcHigh()) {
      this.endCommand();
      this.commands++;
      if (this.asleep) this.error(`command 0x${hex(b)} to a panel in deep sleep`);
      else if (this.refreshUntil && this.now() < this.refreshUntil) {
        this.error(`command 0x${hex(b)} while a refresh runs`);
      }
      this.cmd = b;
      this.data = [];
      this.onCommand(b);
    } else {
      this.dataBytes++;
      if (this.cmd === null) this.error('data byte with no command');
      else this.data.push(b);
    }
  }

  // A command's data is complete when the next command comes; the refresh
  // triggers have no data, so that is early enough.
  endCommand() {
    if (this.cmd !== null) this.onData(this.cmd, this.data);
    this.cmd = null;
  }

  refresh(kind, window, ns, mode) {
    this.endCommand();
    this.shownVersion++;
    this.refreshes.push({
      kind, window, mode, t_ms: this.now() / MS, busy_ms: ns / MS,
      picture: this.shown.slice(),
    });
    this.refreshUntil = this.now() + ns;
    this.holdBusy(ns);
  }
}

function hex(b) {
  return b.toString(16).padStart(2, '0');
}

// --- UC8151 -----------------------------------------------------------------
const UC_SHORT_NS = { reset: 1 * MS, pon: 20 * MS, pof: 5 * MS };
const OTP_FULL_NS = 4500 * MS;
const PSR_SCAN_UP = 0x08;
const CDI_DDX0 = 0x10;

export class UC8151 extends PanelModel {
  powerReset() {
    this.ram = new Uint8Array(FRAME_BYTES).fill(0xff);
    this.psr = 0x00;
    this.cdi = 0xd7;               // reset value (datasheet): DDX[0] = 1
    this.pll = 0x3c;               // reset value (datasheet: 50 Hz)
    this.luts = {};
    this.partialMode = false;
    this.window = null;            // [x, y, w, h] in canvas terms
    this.powered = false;
    this.asleep = false;
  }

  hardReset() {
    // Registers to their defaults; the display RAM is not cleared (it makes
    // no difference to the picture: a partial refresh shows only its window).
    const ram = this.ram;
    this.powerReset();
    this.ram = ram;
    this.holdBusy(UC_SHORT_NS.reset);
  }

  frameRate() {
    const m = (this.pll >> 3) & 7;
    const n = this.pll & 7;
    if (!m || !n) return 50;
    return (200 * m) / (7 * n);
  }

  lutDurationNs() {
    const lut = this.luts[0x20];
    if (!lut || lut.length < 6) return null;
    let frames = 0;
    for (let g = 0; g + 6 <= lut.length; g += 6) {
      const f = lut[g + 1] + lut[g + 2] + lut[g + 3] + lut[g + 4];
      frames += f * lut[g + 5];
    }
    return (frames / this.frameRate()) * 1e9;
  }

  onCommand(c) {
    switch (c) {
      case 0x04: // PON
        this.powered = true;
        this.holdBusy(UC_SHORT_NS.pon);
        break;
      case 0x02: // POF
        this.powered = false;
        this.holdBusy(UC_SHORT_NS.pof);
        break;
      case 0x91: // PTIN
        this.partialMode = true;
        break;
      case 0x92: // PTOU
        this.partialMode = false;
        break;
      case 0x12: { // DRF
        if (!this.powered) this.error('display refresh with the power off (no PON)');
        const fromRegisters = (this.psr & 0x20) !== 0;
        let ns = OTP_FULL_NS;
        let mode = 'otp';
        if (fromRegisters) {
          const d = this.lutDurationNs();
          if (d === null) this.error('refresh from LUT registers with no LUT loaded');
          ns = d || 0;
          mode = 'lut';
        }
        if (this.partialMode && this.window) {
          // Partial scan: only the window's gate lines and sources change on
          // the panel; outside it the old picture stays.
          const [x, y, w, h] = this.window;
          for (let gx = x; gx < x + w; gx++) {
            const a = gx * PAGES + (y >> 3);
            this.shown.set(this.ram.subarray(a, a + (h >> 3)), a);
          }
        } else if ((this.psr & PSR_SCAN_UP) || !(this.cdi & CDI_DDX0)) {
          // The glass as the panel setting and CDI show the RAM, in the
          // layout of the MicroPython driver's settings (scan down, data
          // 1 = white), which picture_canvas decodes: gate scan up (PSR UD,
          // CircuitPython's board definition) puts gate line x at the other
          // end; CDI DDX[0] = 0 shows data 1 as black.
          const flip = (this.psr & PSR_SCAN_UP) !== 0;
          const inv = (this.cdi & CDI_DDX0) === 0 ? 0xff : 0;
          for (let gx = 0; gx < WIDTH; gx++) {
            const src = gx * PAGES;
            const dst = (flip ? WIDTH - 1 - gx : gx) * PAGES;
            for (let i = 0; i < PAGES; i++) this.shown[dst + i] = this.ram[src + i] ^ inv;
          }
        } else {
          this.shown.set(this.ram);
        }
        this.refresh(this.partialMode ? 'partial' : 'full',
          this.partialMode ? this.window : null, ns, mode);
        break;
      }
      default:
        break;
    }
  }

  onData(c, d) {
    if (c === 0x00) {
      if (d.length) this.psr = d[0];
    } else if (c >= 0x20 && c <= 0x24) {
      this.luts[c] = d.slice();
    } else if (c === 0x30) {
      if (d.length) this.pll = d[0];
    } else if (c === 0x50) {
      if (d.length) this.cdi = d[0];
    } else if (c === 0x90) {
      if (d.length < 7) {
        this.error(`partial window with ${d.length} bytes`);
        return;
      }
      const hrst = d[0], hred = d[1];
      const vrst = (d[2] << 8) | d[3], vred = (d[4] << 8) | d[5];
      if (hrst % 8 || (hred + 1) % 8) this.error(`partial window rows ${hrst}..${hred} not aligned to 8`);
      if (vred < vrst || vred >= WIDTH || hred < hrst || hred > 127) {
        this.error(`partial window ${vrst}..${vred} x ${hrst}..${hred} outside the panel`);
      }
      this.window = [vrst, hrst, vred - vrst + 1, hred - hrst + 1];
    } else if (c === 0x13) {
      if (this.partialMode) {
        if (!this.window) {
          this.error('partial data with no window');
          return;
        }
        const [x, y, w, h] = this.window;
        const n = h >> 3;
        if (d.length !== w * n) {
          this.error(`partial data ${d.length} bytes, the window needs ${w * n}`);
          return;
        }
        let pos = 0;
        for (let gx = x; gx < x + w; gx++) {
          for (let i = 0; i < n; i++) this.ram[gx * PAGES + (y >> 3) + i] = d[pos++];
        }
      } else {
        if (d.length !== FRAME_BYTES) {
          this.error(`full frame data ${d.length} bytes, expected ${FRAME_BYTES}`);
          return;
        }
        this.ram.set(d);
      }
    } else if (c === 0x07) {
      if (d.length && d[0] === 0xa5) {
        if (this.powered) this.error('deep sleep with the power on (no POF)');
        this.asleep = true;
      }
    }
  }
}

// --- SSD1680 ----------------------------------------------------------------
const SSD_SHORT_NS = { reset: 1 * MS, swreset: 10 * MS, analog: 20 * MS, temp: 5 * MS };
const SSD_OTP_FULL_NS = 3000 * MS;

export class SSD1680 extends PanelModel {
  powerReset() {
    this.bw = new Uint8Array(FRAME_BYTES).fill(0xff);
    this.old = new Uint8Array(FRAME_BYTES).fill(0xff);
    this.seq = 0xff;
    this.xr = [0, 15];
    this.yr = [0, WIDTH - 1];
    this.lut = null;
    this.asleep = false;
  }

  hardReset() {
    this.asleep = false;
    this.holdBusy(SSD_SHORT_NS.reset);
  }

  lutDurationNs() {
    const l = this.lut;
    if (!l || l.length < 144) return null;
    let frames = 0;
    for (let g = 0; g < 12; g++) {
      const b = 60 + g * 7;
      frames += (l[b] + l[b + 1] + l[b + 3] + l[b + 4]) * (l[b + 6] + 1);
    }
    return (frames / 50) * 1e9;
  }

  onCommand(c) {
    if (c === 0x12) { // SW reset: registers to defaults
      const shown = this.shown;
      this.powerReset();
      this.shown = shown;
      this.holdBusy(SSD_SHORT_NS.swreset);
    } else if (c === 0x20) { // master activation
      this.endCommand();
      const seq = this.seq;
      if (seq & 0x04) {
        let ns = SSD_OTP_FULL_NS;
        let mode = 'otp';
        if (!(seq & 0x10) && !(seq & 0x20)) {   // no OTP LUT load: the loaded LUT
          const d = this.lutDurationNs();
          if (d === null) this.error('display update with no waveform loaded');
          ns = d || 0;
          mode = 'lut';
        }
        if ((seq & 0xc0) !== 0xc0 && !this.analogOn) this.error('display update with the analog power off');
        this.shown.set(this.bw);
        this.old.set(this.bw);
        this.refresh(mode === 'otp' ? 'full' : 'partial', null, ns, mode);
      } else {
        if ((seq & 0xc0) === 0xc0) this.analogOn = true;
        this.holdBusy(seq & 0x20 ? SSD_SHORT_NS.temp : SSD_SHORT_NS.analog);
      }
      if (seq & 0x03) this.analogOn = false;   // sequence ends with power off
    }
  }

  writeRam(target, d, what) {
    const [x0, x1] = this.xr;
    const [y0, y1] = this.yr;
    const n = x1 - x0 + 1;
    if (d.length !== n * (y1 - y0 + 1)) {
      this.error(`${what} ${d.length} bytes for the window ${x0}..${x1} x ${y0}..${y1}`);
      return;
    }
    let pos = 0;
    for (let g = y0; g <= y1; g++) {
      for (let i = 0; i < n; i++) target[g * PAGES + x0 + i] = d[pos++];
    }
  }

  onData(c, d) {
    switch (c) {
      case 0x44: this.xr = [d[0], d[1]]; break;
      case 0x45: this.yr = [d[0] | (d[1] << 8), d[2] | (d[3] << 8)]; break;
      case 0x24: this.writeRam(this.bw, d, 'RAM write'); break;
      case 0x26: this.writeRam(this.old, d, 'old RAM write'); break;
      case 0x22: this.seq = d[0]; break;
      case 0x32: this.lut = d.slice(); break;
      case 0x10: if (d[0] & 0x03) this.asleep = true; break;
      default: break;
    }
  }
}
