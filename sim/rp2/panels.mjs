// E-ink controller models on the emulated SPI bus (PL-16): the UC8151 of
// the Badger 2040 and the SSD1680 of the Waveshare Pico-ePaper-2.9 (V2).
// Both are modelled from their controllers' datasheets, not from our
// drivers: the UltraChip UC8151 datasheet (cited as "UC8151 R00H PSR" and
// so on: the register descriptions of its command table) and the Solomon
// Systech SSD1680 datasheet, Rev 0.14 (cited as "SSD1680 11h" and so on:
// its command table and command descriptions, and its "Waveform Setting"
// LUT description).
//
// Each model watches its CS, DC and RST pins and takes the SPI bytes
// (command bytes while DC is low, data bytes while it is high). Every data
// byte is applied as it arrives, as the chips latch it: registers byte by
// byte, RAM writes at the address counter. A RST pulse (falling edge)
// resets the registers and wakes a chip from deep sleep; bytes sent while
// RST is low are lost. A refresh maps the controller's RAM onto the glass
// (`shown`, the panel's 296 gate lines of 128 sources) as the scan and
// shift directions of the registers say, holds BUSY for the waveform's
// duration and is recorded with its kind, window, start and busy time.
// `shown` keeps one layout whatever the registers: gate line x (canvas x)
// at bytes x*16..x*16+15, source s at bit 0x80 >> (s & 7) of byte s >> 3,
// 1 = white (the layout that sim/rp2/__init__.py picture_canvas decodes).
//
// Protocol errors are collected in `errors`: a command while a refresh
// runs or to a chip in deep sleep, a window not aligned to 8 or outside the
// RAM, a refresh with the power off, a data length that does not match the
// UC8151's frame or window, a RAM address past the SSD1680's RAM. What the
// models do not cover is an error too, never a silent 1-bit guess: a
// waveform whose outcome depends on an old frame (UC8151 DTM1, SSD1680 RAM
// 26h) that is not the picture on the glass (grey levels, a stale old
// frame), a LUT that leaves a pixel at other than the new frame's colour,
// black/white/red mode, a resolution or gate count other than the panel's,
// an SSD1680 frame-rate setting without a known rate, deep sleep mode 2.
//
// Durations and where they come from:
// - UC8151 refresh with the OTP waveform (R00H PSR REG_EN = 0): 4.5 s, the
//   figure Pimoroni gives for its "full" speed (PL-6); the OTP waveform
//   itself cannot be read.
// - UC8151 refresh with the LUT registers (REG_EN = 1): the VCOM LUT's
//   groups (R20H: per group four phase lengths in frames and a repeat
//   count), summed, at the frame rate of R30H PLL.
// - UC8151 power off (R02H POF): R03H PFS T_VDS_OFF frames (1-4) at the
//   PLL's frame rate.
// - SSD1680 update with the OTP waveform (22h option "load LUT"): display
//   mode 1 3 s, display mode 2 0.3 s, the full and partial refresh times of
//   Waveshare's specification of the 2.9" V2 module.
// - SSD1680 update with a LUT written by 32h: the twelve groups of the
//   LUT, ((TPA+TPB)*(SRAB+1) + (TPC+TPD)*(SRCD+1)) * (RP+1) frames each, at
//   the group's frame rate (FR nibble). The datasheet gives no table from
//   FR to a rate: the model takes the maker's figure, Waveshare's partial
//   waveform for this module (22 frames at FR = 2) refreshing in the 0.3 s
//   of its specification, so FR = 2 is 22 / 0.3 s = 73.3 Hz. Any other FR
//   is reported as not modelled (and timed at that rate).
// - Power on, resets, temperature reads: assumptions of a few milliseconds
//   each (UC_SHORT_NS, SSD_SHORT_NS); the datasheets give no figure.

export const WIDTH = 296;          // gate lines of the glass (canvas x)
export const PAGES = 16;           // bytes of 8 sources a gate line of the glass shows (canvas y)
export const FRAME_BYTES = WIDTH * PAGES;

const MS = 1e6;
const BLACK = 0;
const WHITE = 1;
const NO_DRIVE = -1;

class PanelModel {
  constructor(board, pins, busyLevel) {
    this.board = board;
    this.pins = pins;              // {cs, dc, rst, busy}
    this.busyLevel = busyLevel;    // pin level while busy
    this.cmd = null;
    this.count = 0;                // data bytes of the current command
    this.shown = new Uint8Array(FRAME_BYTES).fill(0xff);   // a fresh panel is white
    this.refreshes = [];
    this.errors = [];
    this.commands = 0;
    this.dataBytes = 0;
    this.busyUntil = 0;
    this.refreshUntil = 0;         // end of the running refresh (0: none)
    this.asleep = false;
    this.inReset = false;
    this.shownVersion = 0;
  }

  attach(mcu) {
    // Called at every boot: the controller keeps its picture (e-ink), the
    // RAM and registers are lost with the power, as on the board.
    this.mcu = mcu;
    this.cmd = null;
    this.busyUntil = 0;
    this.refreshUntil = 0;
    this.busyAlarm = null;         // alarms belong to one chip's clock
    this.powerReset();
    this.setBusyPin(false);
    const rst = mcu.gpio[this.pins.rst];
    this.lastRst = true;
    this.inReset = false;
    rst.addListener(() => {
      const v = rst.outputEnable ? rst.outputValue : true;
      this.board.lastSpiNs = this.mcu.clock.nanos;   // panel activity for the harness's "quiet"
      if (this.lastRst && !v) {
        // The command under way ends here (its bytes are already applied);
        // the pulse then resets the registers and wakes the chip.
        this.endCommand();
        this.inReset = true;
        this.hardReset();
      } else if (!this.lastRst && v) {
        this.inReset = false;
      }
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
    if (!this.selected() || this.inReset) return;
    if (!this.dcHigh()) {
      this.endCommand();
      this.commands++;
      this.cmd = b;
      this.count = 0;
      if (this.asleep) {
        this.error(`command 0x${hex(b)} to a panel in deep sleep`);
        return;                    // a sleeping chip takes nothing but RST
      }
      if (this.refreshUntil && this.now() < this.refreshUntil) {
        this.error(`command 0x${hex(b)} while a refresh runs`);
      }
      this.onCommand(b);
    } else {
      this.dataBytes++;
      if (this.cmd === null) this.error('data byte with no command');
      else if (!this.asleep) this.onData(this.cmd, this.count++, b);
    }
  }

  // The checks that need the whole of a command's data (its length) run
  // when it ends: at the next command byte or at a RST pulse.
  endCommand() {
    if (this.cmd !== null && !this.asleep) this.onEnd(this.cmd, this.count);
    this.cmd = null;
  }

  refresh(kind, window, ns, mode) {
    this.shownVersion++;
    this.refreshes.push({
      kind, window, mode, t_ms: this.now() / MS, busy_ms: ns / MS,
      picture: this.shown.slice(),
    });
    this.refreshUntil = this.now() + ns;
    this.holdBusy(ns);
  }

  // A pixel's colour on the glass after a LUT waveform: the colour its row
  // of the LUT drives it to last (endColour), or the glass's own when the
  // row never drives it. The checks that tell a picture the model cannot
  // show: counted per refresh, reported once each (reportPixels).
  pixelOutcome(rowEnd, glassWhite, newWhite, tally) {
    const white = rowEnd === NO_DRIVE ? glassWhite : rowEnd;
    if (white !== newWhite) tally.notNew++;
    return white;
  }

  reportPixels(tally, oldName) {
    if (tally.noOld) {
      this.error(`${tally.noOld} pixels whose waveform depends on the old frame (${oldName}), never written: not modelled`);
    }
    if (tally.oldOff) {
      this.error(`${tally.oldOff} pixels where the old frame (${oldName}) is not the picture on the glass and the waveform depends on it: two-frame and grey pictures are not modelled`);
    }
    if (tally.notNew) {
      this.error(`the waveform leaves ${tally.notNew} pixels at other than the new frame's colour: not modelled`);
    }
  }
}

function hex(b) {
  return b.toString(16).padStart(2, '0');
}

function sameBytes(a, b) {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if ((a[i] || 0) !== (b[i] || 0)) return false;
  return true;
}

function setGlass(shown, i, mask, white) {
  if (white) shown[i] |= mask;
  else shown[i] &= ~mask;
}

// --- UC8151 -----------------------------------------------------------------
const UC_SHORT_NS = { reset: 1 * MS, pon: 20 * MS };
const OTP_FULL_NS = 4500 * MS;
// R00H PSR bits.
const PSR_RES_SHIFT = 6;           // RES[1:0]: 96x230, 96x252, 128x296, 160x296 (sources x gates)
const PSR_REG_EN = 0x20;           // 1: LUT from the registers R20H-R24H, 0: from OTP
const PSR_BWR = 0x10;              // 1: black/white (KW) mode, 0: black/white/red (KWR)
const PSR_UD = 0x08;               // gate scan direction: 1 up, 0 down
const PSR_SHL = 0x04;              // source shift direction: 1 right, 0 left
const PSR_RST_N = 0x01;            // 0: soft reset
const PSR_DEFAULT = 0x0f;          // R00H default: 96x230, OTP LUT, KWR, up, right, booster on, no reset
const UC_RESOLUTIONS = [[96, 230], [96, 252], [128, 296], [160, 296]];
const CDI_DDX0 = 0x10;             // R50H CDI DDX[0]: the data polarity in KW mode
const UC_LINE_BYTES = 20;          // RAM bytes per gate line: up to 160 sources
const UC_LINES = 296;              // gate lines of the RAM: up to 296
// KW-mode LUTs by (old colour, new colour): R21H white to white, R22H
// black to white, R23H white to black, R24H black to black.
const UC_LUT_ROW = [[0x24, 0x22], [0x23, 0x21]];   // [old][new], colour 0 black, 1 white

export class UC8151 extends PanelModel {
  powerReset() {
    // The RAM's content at power on is not known; the model starts white.
    this.newRam = new Uint8Array(UC_LINE_BYTES * UC_LINES).fill(0xff);
    this.oldRam = new Uint8Array(UC_LINE_BYTES * UC_LINES).fill(0xff);
    this.oldWritten = false;
    this.registerReset();
  }

  // Hardware reset (RST) and PSR's soft reset: every register to its
  // default, booster and power off, out of deep sleep. The SRAM is not
  // said to change, and a partial refresh shows only its window: the
  // model keeps it.
  registerReset() {
    this.psr = PSR_DEFAULT;
    this.pfs = 0x00;               // R03H: T_VDS_OFF 00 = 1 frame
    this.pll = 0x3c;               // R30H default: 50 Hz
    this.cdi = 0xd7;               // R50H default: DDX[0] = 1
    this.tres = null;              // R61H not set: PSR's RES applies
    this.luts = {};
    this.ptl = [];
    this.window = null;            // RAM region of R90H PTL
    this.partialMode = false;
    this.powered = false;
    this.asleep = false;
    this.dtm = null;               // the data transmission under way
  }

  hardReset() {
    this.registerReset();
    this.holdBusy(UC_SHORT_NS.reset);
  }

  // R61H TRES, when set, takes priority over PSR's RES[1:0].
  resolution() {
    return this.tres || UC_RESOLUTIONS[this.psr >> PSR_RES_SHIFT];
  }

  // R30H PLL control: M = bits 5:3, N = bits 2:0, frame rate 200 Hz * M /
  // (7 * N) (the datasheet's table: 0x3C 50 Hz, 0x3A 100 Hz, 0x39 200 Hz).
  frameRate() {
    const m = (this.pll >> 3) & 7;
    const n = this.pll & 7;
    if (!m || !n) return 50;
    return (200 * m) / (7 * n);
  }

  framesNs(frames) {
    return (frames / this.frameRate()) * 1e9;
  }

  // R20H LUTC: per 6-byte group, the level selects of phases A-D, the four
  // phase lengths in frames and the group's repeat count. Every LUT of a
  // waveform runs on the same timing.
  lutDurationNs() {
    const lut = this.luts[0x20];
    if (!lut || lut.length < 6) return null;
    let frames = 0;
    for (let g = 0; g + 6 <= lut.length; g += 6) {
      frames += (lut[g + 1] + lut[g + 2] + lut[g + 3] + lut[g + 4]) * lut[g + 5];
    }
    return this.framesNs(frames);
  }

  // The colour a KW LUT (R21H-R24H) drives a pixel to last: level select
  // 01 VDH and 11 VDHR drive towards black, 10 VDL towards white, 00 GND
  // does not drive; phases of 0 frames and groups repeated 0 times do not
  // run.
  static endColour(lut) {
    let end = NO_DRIVE;
    if (!lut) return end;
    for (let g = 0; g + 6 <= lut.length; g += 6) {
      if (!lut[g + 5]) continue;
      for (let p = 0; p < 4; p++) {
        const level = (lut[g] >> (6 - 2 * p)) & 3;
        if (lut[g + 1 + p] && level) end = level === 2 ? WHITE : BLACK;
      }
    }
    return end;
  }

  onCommand(c) {
    switch (c) {
      case 0x04: // PON
        this.powered = true;
        this.holdBusy(UC_SHORT_NS.pon);
        break;
      case 0x02: // POF: the power-off sequence lasts R03H PFS's frames
        this.powered = false;
        this.holdBusy(this.framesNs(((this.pfs >> 4) & 3) + 1));
        break;
      case 0x91: // PTIN
        this.partialMode = true;
        break;
      case 0x92: // PTOU
        this.partialMode = false;
        break;
      case 0x10: // DTM1: in KW mode the "old" frame
      case 0x13: // DTM2: in KW mode the "new" frame
        this.startTransmission(c === 0x10 ? this.oldRam : this.newRam);
        if (c === 0x10) this.oldWritten = true;
        break;
      case 0x20: case 0x21: case 0x22: case 0x23: case 0x24:
        this.luts[c] = [];
        break;
      case 0x12: // DRF
        this.displayRefresh();
        break;
      default:
        break;
    }
  }

  // DTM1/DTM2 fill the frame from its start, gate line by gate line (in
  // the partial mode: the PTL window's lines, its bytes of each).
  startTransmission(ram) {
    const [sources, gates] = this.resolution();
    let region = { x0: 0, bytes: sources >> 3, y0: 0, lines: gates };
    if (this.partialMode) {
      if (!this.window) {
        this.error('partial data with no window');
        this.dtm = null;
        return;
      }
      region = this.window;
    }
    this.dtm = { ram, region, pos: 0, expected: region.bytes * region.lines };
  }

  onData(c, i, b) {
    if (c === 0x00) {
      if (i === 0) {
        if (!(b & PSR_RST_N)) this.registerReset();   // RST_N = 0: soft reset
        this.psr = b;
      }
    } else if (c === 0x03) {
      if (i === 0) this.pfs = b;
    } else if (c >= 0x20 && c <= 0x24) {
      this.luts[c].push(b);
    } else if (c === 0x30) {
      if (i === 0) this.pll = b;
    } else if (c === 0x50) {
      if (i === 0) this.cdi = b;
    } else if (c === 0x61) {
      // R61H TRES: HRES[7:3], VRES[8], VRES[7:0]
      if (i === 0) this.tresBytes = [];
      this.tresBytes.push(b);
      if (i === 2) this.tres = [this.tresBytes[0] & 0xf8, ((this.tresBytes[1] & 1) << 8) | this.tresBytes[2]];
    } else if (c === 0x90) {
      this.ptl[i] = b;
      if (i === 6) this.setWindow();
    } else if (c === 0x10 || c === 0x13) {
      const t = this.dtm;
      if (!t || t.pos >= t.expected) {
        if (t) t.pos++;
        return;
      }
      const r = t.region;
      const line = r.y0 + Math.floor(t.pos / r.bytes);
      t.ram[line * UC_LINE_BYTES + r.x0 + (t.pos % r.bytes)] = b;
      t.pos++;
    } else if (c === 0x07) {
      if (i === 0 && b === 0xa5) {   // DSLP with its check code
        if (this.powered) this.error('deep sleep with the power on (no POF)');
        this.asleep = true;
      }
    }
  }

  onEnd(c, n) {
    if (c === 0x90 && n < 7) {
      this.error(`partial window with ${n} bytes`);
    } else if ((c === 0x10 || c === 0x13) && this.dtm) {
      const t = this.dtm;
      if (n !== t.expected) {
        this.error(this.partialMode
          ? `partial data ${n} bytes, the window needs ${t.expected}`
          : `full frame data ${n} bytes, expected ${t.expected}`);
      }
      this.dtm = null;
    }
  }

  // R90H PTL: HRST[7:3], HRED[7:3] (sources, in bytes: the low three bits
  // are 000 and 111), VRST[8:0], VRED[8:0] (gate lines), PT_SCAN.
  setWindow() {
    const d = this.ptl;
    const hrst = d[0], hred = d[1];
    const vrst = ((d[2] & 1) << 8) | d[3], vred = ((d[4] & 1) << 8) | d[5];
    const [sources, gates] = this.resolution();
    if (hrst % 8 || (hred + 1) % 8) this.error(`partial window rows ${hrst}..${hred} not aligned to 8`);
    if (vred < vrst || vred >= gates || hred < hrst || hred >= sources) {
      this.error(`partial window ${vrst}..${vred} x ${hrst}..${hred} outside the panel`);
      this.window = null;
      return;
    }
    this.window = { x0: hrst >> 3, bytes: (hred - hrst + 1) >> 3, y0: vrst, lines: vred - vrst + 1 };
  }

  displayRefresh() {
    if (!this.powered) this.error('display refresh with the power off (no PON)');
    const fromRegisters = (this.psr & PSR_REG_EN) !== 0;
    let ns = OTP_FULL_NS;
    let mode = 'otp';
    if (fromRegisters) {
      const d = this.lutDurationNs();
      if (d === null) this.error('refresh from LUT registers with no LUT loaded');
      ns = d || 0;
      mode = 'lut';
    }
    const [sources, gates] = this.resolution();
    let region = { x0: 0, bytes: sources >> 3, y0: 0, lines: gates };
    if (this.partialMode) {
      region = this.window;
      if (!region) this.error('partial refresh with no window');
    }
    if (sources !== 128 || gates !== WIDTH) {
      this.error(`resolution ${sources}x${gates} (PSR RES, TRES): only the panel's 128x296 is modelled`);
    } else if (!(this.psr & PSR_BWR)) {
      this.error('black/white/red mode (PSR BWR = 0): not modelled');
    } else if (region) {
      this.draw(region, fromRegisters);
    }
    const w = this.partialMode && this.window;
    this.refresh(this.partialMode ? 'partial' : 'full',
      w ? [w.y0, w.x0 * 8, w.lines, w.bytes * 8] : null, ns, mode);
  }

  // The RAM region onto the glass. Reference layout: gate scan down and
  // source shift right put RAM line i on gate line i and data bit j on
  // source j; PSR UD = 1 (scan up) puts line i on gate line G-1-i, SHL = 0
  // (shift left) bit j on source S-1-j. CDI DDX[0] = 1 reads data 1 as
  // white (KW mode), 0 as black. With the OTP waveform the new frame alone
  // decides a pixel (Pimoroni's OTP refresh sends DTM2 only); with the LUT
  // registers a pixel gets the colour its KW LUT drives it to, chosen by
  // its old (DTM1) and new colours.
  draw(r, fromRegisters) {
    const [sources, gates] = this.resolution();
    const up = (this.psr & PSR_UD) !== 0;
    const right = (this.psr & PSR_SHL) !== 0;
    const inv = (this.cdi & CDI_DDX0) ? 0 : 1;
    let ends = null, sameForNew = null;
    if (fromRegisters) {
      ends = UC_LUT_ROW.map((row) => row.map((reg) => UC8151.endColour(this.luts[reg])));
      // Per new colour, whether the old colour picks a different LUT.
      sameForNew = [sameBytes(this.luts[0x23] || [], this.luts[0x24] || []),
        sameBytes(this.luts[0x21] || [], this.luts[0x22] || [])];
    }
    const tally = { noOld: 0, oldOff: 0, notNew: 0 };
    const shown = this.shown;
    for (let i = r.y0; i < r.y0 + r.lines; i++) {
      const gx = up ? gates - 1 - i : i;
      for (let k = r.x0; k < r.x0 + r.bytes; k++) {
        const a = i * UC_LINE_BYTES + k;
        const nb = this.newRam[a], ob = this.oldRam[a];
        for (let t = 0; t < 8; t++) {
          const j = k * 8 + t;
          const s = right ? j : sources - 1 - j;
          const gi = gx * PAGES + (s >> 3), mask = 0x80 >> (s & 7);
          const newWhite = ((nb >> (7 - t)) & 1) ^ inv;
          let white = newWhite;
          if (ends) {
            const glassWhite = shown[gi] & mask ? WHITE : BLACK;
            let oldWhite = newWhite;
            if (!sameForNew[newWhite]) {
              if (!this.oldWritten) {
                tally.noOld++;
                oldWhite = glassWhite;
              } else {
                oldWhite = ((ob >> (7 - t)) & 1) ^ inv;
                if (oldWhite !== glassWhite) tally.oldOff++;
              }
            }
            white = this.pixelOutcome(ends[oldWhite][newWhite], glassWhite, newWhite, tally);
          }
          setGlass(shown, gi, mask, white);
        }
      }
    }
    this.reportPixels(tally, 'DTM1');
  }
}

// --- SSD1680 ----------------------------------------------------------------
const SSD_SHORT_NS = { reset: 1 * MS, swreset: 10 * MS, analog: 20 * MS, temp: 5 * MS };
const SSD_OTP_FULL_NS = 3000 * MS;      // Waveshare 2.9" V2: full refresh 3 s
const SSD_OTP_PARTIAL_NS = 300 * MS;    // Waveshare 2.9" V2: partial refresh 0.3 s
// FR nibble -> frames per second. Not in the datasheet; FR = 2 from the
// maker's figure (above): Waveshare's partial waveform, 22 frames, 0.3 s.
const SSD_FRAME_RATES = { 2: 22 / 0.3 };
const SSD_LINE_BYTES = 22;              // 176 sources: RAM X addresses 00h-15h
const SSD_LINES = 296;                  // 296 gates: RAM Y addresses 000h-127h
const SSD_LUT_BYTES = 153;              // 32h: VS 5x12, TP/SR/RP 12x7, FR 6, XON 3
const SSD_TP = 60;                      // offset of the twelve timing groups
const SSD_FR = 144;                     // offset of the frame-rate bytes
// 22h Display Update Control 2 option bits.
const SEQ_ANALOG_ON = 0x40;
const SEQ_TEMPERATURE = 0x20;
const SEQ_LOAD_LUT = 0x10;
const SEQ_MODE_2 = 0x08;
const SEQ_DISPLAY = 0x04;
const SEQ_ANALOG_OFF = 0x02;

export class SSD1680 extends PanelModel {
  powerReset() {
    // The RAM's content at power on is not known; the model starts white.
    this.bw = new Uint8Array(SSD_LINE_BYTES * SSD_LINES).fill(0xff);
    this.red = new Uint8Array(SSD_LINE_BYTES * SSD_LINES).fill(0xff);
    this.registerReset();
    this.asleep = false;
  }

  // 12h SWRESET: "resets the commands and parameters to their S/W Reset
  // default values except R10h-Deep Sleep Mode"; "RAM are unaffected by
  // this command". A hardware reset (RST) sets the same defaults and ends
  // deep sleep.
  registerReset() {
    this.mux = 295;                // 01h: MUX 0x127 = 296 gates
    this.gateScan = 0;             // 01h byte 3: GD, SM, TB all 0
    this.entry = 0x03;             // 11h: X then Y increment, X direction first
    this.xs = 0x00;                // 44h: X window 00h-15h
    this.xe = 0x15;
    this.ys = 0;                   // 45h: Y window 000h-127h
    this.ye = 295;
    this.xc = 0;                   // 4Eh / 4Fh address counters
    this.yc = 0;
    this.ramOption = 0x00;         // 21h A: red and BW RAM "normal"
    this.seq = 0xff;               // 22h
    this.pingPong = false;         // 37h F[6]
    this.lut = null;               // 32h bytes
    this.lutSource = null;         // 'host' (32h) or 'otp' (22h load LUT)
    this.analogOn = false;
    this.outside = 0;
  }

  hardReset() {
    this.registerReset();
    this.asleep = false;
    this.holdBusy(SSD_SHORT_NS.reset);
  }

  // 32h LUT, "Waveform Setting": per group n, TP[nA] TP[nB] SR[nAB] TP[nC]
  // TP[nD] SR[nCD] RP[n]; phases A,B run SR[nAB]+1 times, C,D SR[nCD]+1
  // times, the whole group RP[n]+1 times; FR[n], 4 bits per group, two
  // groups a byte (the even group in the high nibble).
  lutDurationNs() {
    const l = this.lut;
    if (!l || l.length < SSD_FR + 6) {
      this.error(`LUT of ${l ? l.length : 0} bytes: the waveform needs ${SSD_LUT_BYTES}`);
      return 0;
    }
    let ns = 0;
    const unknown = new Set();
    for (let g = 0; g < 12; g++) {
      const b = SSD_TP + g * 7;
      const frames = ((l[b] + l[b + 1]) * (l[b + 2] + 1) + (l[b + 3] + l[b + 4]) * (l[b + 5] + 1)) * (l[b + 6] + 1);
      if (!frames) continue;
      const fr = (l[SSD_FR + (g >> 1)] >> (g & 1 ? 0 : 4)) & 0x0f;
      let rate = SSD_FRAME_RATES[fr];
      if (rate === undefined) {
        unknown.add(fr);
        rate = SSD_FRAME_RATES[2];
      }
      ns += (frames / rate) * 1e9;
    }
    for (const fr of unknown) {
      this.error(`LUT frame rate FR = ${fr}: the datasheet gives no rate for it and the maker no figure: not modelled (timed as FR = 2)`);
    }
    return ns;
  }

  // The colour row n of the LUT (LUT0-LUT3: VS[n] of the twelve groups, two
  // bits a phase, A in bits 7:6) drives a pixel to last: 01 VSH1 and 11 VSH2
  // towards black, 10 VSL towards white, 00 VSS does not drive.
  endColour(n) {
    const l = this.lut;
    let end = NO_DRIVE;
    for (let g = 0; g < 12; g++) {
      const b = SSD_TP + g * 7;
      const vs = l[n * 12 + g] || 0;
      const tp = [l[b], l[b + 1], l[b + 3], l[b + 4]];
      for (let p = 0; p < 4; p++) {
        const level = (vs >> (6 - 2 * p)) & 3;
        if (tp[p] && level) end = level === 2 ? WHITE : BLACK;
      }
    }
    return end;
  }

  onCommand(c) {
    if (c === 0x12) {
      this.registerReset();
      this.holdBusy(SSD_SHORT_NS.swreset);
    } else if (c === 0x20) {
      this.activate();
    } else if (c === 0x24 || c === 0x26) {
      this.outside = 0;            // written from the address counter on
    } else if (c === 0x32) {
      this.lut = [];
      this.lutSource = 'host';
    }
  }

  onData(c, i, b) {
    switch (c) {
      case 0x01: // Driver Output Control: MUX[8:0], then GD SM TB
        if (i === 0) this.mux = (this.mux & 0x100) | b;
        else if (i === 1) this.mux = (this.mux & 0xff) | ((b & 1) << 8);
        else if (i === 2) this.gateScan = b & 7;
        break;
      case 0x10: // Deep Sleep Mode: 00 normal, 01 mode 1 (RAM kept), 11 mode 2
        if (i === 0 && (b & 3)) {
          if ((b & 3) !== 1) this.error(`deep sleep mode 0x${hex(b & 3)} (RAM not kept): not modelled`);
          this.asleep = true;
        }
        break;
      case 0x11: if (i === 0) this.entry = b & 7; break;
      case 0x21: if (i === 0) this.ramOption = b; break;
      case 0x22: if (i === 0) this.seq = b; break;
      case 0x24: this.writeRam(this.bw, b); break;
      case 0x26: this.writeRam(this.red, b); break;
      case 0x32: if (i < SSD_LUT_BYTES) this.lut.push(b); break;
      case 0x37: if (i === 5) this.pingPong = (b & 0x40) !== 0; break;
      case 0x44: // RAM X start / end, 6 bits each
        if (i === 0) this.xs = b & 0x3f;
        else if (i === 1) {
          this.xe = b & 0x3f;
          if (this.xs >= SSD_LINE_BYTES || this.xe >= SSD_LINE_BYTES) {
            this.error(`RAM X window 0x${hex(this.xs)}..0x${hex(this.xe)} beyond the RAM's 0x00..0x15 (176 sources)`);
          }
        }
        break;
      case 0x45: // RAM Y start / end, 9 bits each, low byte first
        if (i === 0) this.ys = (this.ys & 0x100) | b;
        else if (i === 1) this.ys = (this.ys & 0xff) | ((b & 1) << 8);
        else if (i === 2) this.ye = (this.ye & 0x100) | b;
        else if (i === 3) {
          this.ye = (this.ye & 0xff) | ((b & 1) << 8);
          if (this.ys >= SSD_LINES || this.ye >= SSD_LINES) {
            this.error(`RAM Y window ${this.ys}..${this.ye} beyond the RAM's 0..295`);
          }
        }
        break;
      case 0x4e: if (i === 0) this.xc = b & 0x3f; break;
      case 0x4f:
        if (i === 0) this.yc = (this.yc & 0x100) | b;
        else if (i === 1) this.yc = (this.yc & 0xff) | ((b & 1) << 8);
        break;
      default: break;
    }
  }

  onEnd(c) {
    if ((c === 0x24 || c === 0x26) && this.outside) {
      this.error(`${this.outside} RAM bytes written at addresses past the RAM (X 0x00..0x15, Y 0..295)`);
    }
  }

  // 24h/26h: a byte goes to the address counter (4Eh, 4Fh), which then
  // moves as 11h Data Entry Mode says: ID[0] X increment (1) or decrement,
  // ID[1] Y increment or decrement, AM 0 X first, 1 Y first; at the end of
  // the window (44h, 45h) on the first axis it goes back to the window's
  // start there and steps once on the other axis, which also wraps.
  writeRam(ram, b) {
    if (this.xc < SSD_LINE_BYTES && this.yc < SSD_LINES) ram[this.yc * SSD_LINE_BYTES + this.xc] = b;
    else this.outside++;
    const dx = this.entry & 1 ? 1 : -1;
    const dy = this.entry & 2 ? 1 : -1;
    if (!(this.entry & 4)) {
      if (this.xc === this.xe) {
        this.xc = this.xs;
        this.yc = this.yc === this.ye ? this.ys : (this.yc + dy) & 0x1ff;
      } else {
        this.xc = (this.xc + dx) & 0x3f;
      }
    } else if (this.yc === this.ye) {
      this.yc = this.ys;
      this.xc = this.xc === this.xe ? this.xs : (this.xc + dx) & 0x3f;
    } else {
      this.yc = (this.yc + dy) & 0x1ff;
    }
  }

  // 20h Master Activation runs the 22h sequence: clock and analog on, load
  // the temperature, load the LUT from OTP (for display mode 1 or 2), the
  // display update (mode 1: 22h bit 3 clear, mode 2: set), analog and
  // clock off. Display mode 2 is the partial update of the datasheet's
  // LUT: its refreshes are recorded as "partial", mode 1 as "full".
  activate() {
    const s = this.seq;
    if (s & SEQ_LOAD_LUT) {
      this.lutSource = 'otp';
      this.lut = null;
    }
    if (s & SEQ_DISPLAY) {
      const mode2 = (s & SEQ_MODE_2) !== 0;
      if (!(s & SEQ_ANALOG_ON) && !this.analogOn) this.error('display update with the analog power off');
      let ns = 0;
      let mode = 'lut';
      if (this.lutSource === 'otp') {
        ns = mode2 ? SSD_OTP_PARTIAL_NS : SSD_OTP_FULL_NS;
        mode = 'otp';
      } else if (this.lutSource === 'host') {
        ns = this.lutDurationNs();
      } else {
        this.error('display update with no waveform loaded');
      }
      this.draw(mode === 'lut' && this.lut ? this.lut : null);
      // 37h F[6] RAM ping-pong for display mode 2: the new picture is the
      // next update's old one (the model copies it into the red RAM).
      if (mode2 && this.pingPong) this.red.set(this.bw);
      this.refresh(mode2 ? 'partial' : 'full', null, ns, mode);
    } else {
      this.holdBusy(s & SEQ_TEMPERATURE ? SSD_SHORT_NS.temp : SSD_SHORT_NS.analog);
    }
    if (s & SEQ_ANALOG_ON) this.analogOn = true;
    if (s & (SEQ_ANALOG_OFF | 0x01)) this.analogOn = false;   // the sequence ends powered off
  }

  // 21h A: the RAM read for the update, per RAM (red bits 7:4, BW bits
  // 3:0): 0 normal, 4 bypassed as 0, 8 inverted.
  ramReader(option, name) {
    if (option === 0) return (v) => v;
    if (option === 4) return () => 0;
    if (option === 8) return (v) => ~v & 0xff;
    this.error(`21h ${name} RAM option 0x${hex(option)}: not modelled`);
    return (v) => v;
  }

  // The RAM onto the glass. The module's 128 sources show RAM X bytes
  // 00h-0Fh, data bit 1 white (the BW RAM's "black(0)/white(1)"); gate
  // line g shows RAM line g, or 295-g with 01h TB = 1 (scan G295 to G0).
  // With the OTP waveform the BW RAM alone decides a pixel (Waveshare's
  // full refresh writes only 24h); with a written LUT a pixel gets the
  // colour of the LUT row its (red, BW) bits pick: LUT0 (0,0), LUT1 (0,1),
  // LUT2 (1,0), LUT3 (1,1), the red RAM being the old picture.
  draw(lut) {
    if (this.mux !== SSD_LINES - 1 || (this.gateScan & 6)) {
      this.error(`gate setting 01h MUX ${this.mux + 1}, GD/SM ${this.gateScan >> 1}: only 296 gates in order are modelled`);
      return;
    }
    const tb = (this.gateScan & 1) !== 0;
    const readBw = this.ramReader(this.ramOption & 0x0f, 'BW');
    const readRed = this.ramReader(this.ramOption >> 4, 'red');
    let ends = null, sameForNew = null;
    if (lut) {
      ends = [0, 1, 2, 3].map((n) => this.endColour(n));
      const row = (n) => lut.slice(n * 12, n * 12 + 12);
      sameForNew = [sameBytes(row(0), row(2)), sameBytes(row(1), row(3))];
    }
    const tally = { noOld: 0, oldOff: 0, notNew: 0 };
    const shown = this.shown;
    for (let g = 0; g < WIDTH; g++) {
      const y = tb ? WIDTH - 1 - g : g;
      for (let k = 0; k < PAGES; k++) {
        const a = y * SSD_LINE_BYTES + k;
        const nb = readBw(this.bw[a]);
        if (!ends) {
          shown[g * PAGES + k] = nb;
          continue;
        }
        const rb = readRed(this.red[a]);
        for (let t = 0; t < 8; t++) {
          const mask = 0x80 >> t;
          const gi = g * PAGES + k;
          const newWhite = nb & mask ? WHITE : BLACK;
          const oldWhite = rb & mask ? WHITE : BLACK;
          const glassWhite = shown[gi] & mask ? WHITE : BLACK;
          if (!sameForNew[newWhite] && oldWhite !== glassWhite) tally.oldOff++;
          const white = this.pixelOutcome(ends[oldWhite * 2 + newWhite], glassWhite, newWhite, tally);
          setGlass(shown, gi, mask, white);
        }
      }
    }
    this.reportPixels(tally, 'RAM 26h');
  }
}
