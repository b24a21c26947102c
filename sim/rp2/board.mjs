// The emulated board (PL-16): rp2040js running the bootrom and a firmware
// image, with the panel on SPI, the five buttons, the power latch, VBUS and
// the battery on their pins, and a flash that keeps what the firmware
// writes.
//
// Flash. rp2040js's SSI model answers READ_STATUS only, so the bootrom's
// erase and program routines would do nothing. The board finds them in the
// ROM's function table ('RE' flash_range_erase, 'RP' flash_range_program)
// and, when the core reaches either entry point, does the operation on the
// flash array itself and returns to the caller. Erase sets bytes to 0xFF;
// program ANDs the data in (NOR flash only clears bits). Each operation
// takes the chip time of the W25Q16JV datasheet's typical figures (sector
// erase 45 ms per 4 KB, page program 0.4 ms per 256 bytes): the core stalls
// meanwhile (MicroPython runs it with interrupts off), and a power cut in
// the middle leaves the operation partly done (the first bytes of a program,
// the first part of an erase).
//
// Power. The board runs while the latch (Badger: GP10) is high, VBUS is
// present or a front button is held (a press powers the Badger on); when
// none holds, the power is gone and run() returns "off". A board without a
// latch (the Pico) stays on.
//
// Clocks and sleep. A cycle takes 1 / clk_sys: 8 ns at the 125 MHz of the
// PLL, 83 ns while clk_sys runs from the 12 MHz crystal (MicroPython's
// machine.lightsleep switches it there before its WFI and back after, rp2
// ports/rp2/modmachine.c), as rp2040js computes clk_sys from the CLOCKS and
// PLL registers. The board watches the writes to PLL_SYS/PLL_USB PWR,
// CLOCKS SLEEP_EN0/1 and ROSC CTRL, and splits the chip time by state
// (stateNs, bench/energy.py): "run" the core computing (or stalled in a
// flash operation) with clk_sys from a PLL, "run_xosc" computing from the
// crystal, "wait" WFI/WFE with the PLL running (the full-clock wait of
// time.sleep_ms), "sleep" WFI with clk_sys on the crystal and PLL_SYS
// powered down (light sleep). The panel's BUSY and the time with the
// power off are the runner's (run.mjs, bench/energy.py).
import { GPIOPinState, LogLevel, ConsoleLogger, Simulator, USBCDC } from 'rp2040js';
import { SSD1680, UC8151 } from './panels.mjs';

const MS = 1e6;
const CYCLE_NS = 8;                 // 125 MHz, until the firmware sets the clocks
const PLL_PWR_PD = 1;               // PLL PWR.PD: the PLL powered down (RP2040 datasheet 2.18.4)
const FS_OFFSET = 0xa0000;
const ERASE_NS_PER_4K = 45 * MS;    // W25Q16JV tSE typical
const PROGRAM_NS_PER_PAGE = 0.4 * MS; // W25Q16JV tPP typical

export const PROFILES = {
  badger2040: {
    panel: 'uc8151', spi: 0, cs: 17, dc: 20, rst: 21, busy: 26, busyLevel: 0,
    buttons: { A: 12, B: 13, C: 14, UP: 15, DOWN: 11 }, activeHigh: true,
    latch: 10, vbus: 24, battery: { adc: 3, refAdc: 2, refMv: 1240, divider: 3 },
  },
  pico_epaper29: {
    panel: 'ssd1680', spi: 1, cs: 9, dc: 8, rst: 12, busy: 13, busyLevel: 1,
    buttons: { A: 2, B: 3, C: 4, UP: 5, DOWN: 6 }, activeHigh: false,
    latch: null, vbus: 24, battery: { adc: 3, refAdc: null, refMv: 3300, divider: 3 },
  },
};

function romFunctions(rom) {
  const table = rom.readUInt16LE(0x14);
  const out = {};
  for (let p = table; ; p += 4) {
    const code = rom.readUInt16LE(p);
    if (!code) break;
    out[String.fromCharCode(code & 0xff, code >> 8)] = rom.readUInt16LE(p + 2);
  }
  return out;
}

// WFI with an interrupt already pending. On the Cortex-M0+ (ARMv6-M, B1.5.19)
// WFI does not sleep, or ends at once, while an enabled exception is pending
// whose priority is above the current execution priority, PRIMASK or not
// (PRIMASK only keeps it from being taken until CPSIE). rp2040js 1.4.1 ends a
// wait only when an interrupt *becomes* pending during it (CortexM0Core.
// setInterrupt), and its CPSID check clears `interruptsUpdated`, so an
// interrupt that arrives between CPSID and WFI is never seen: the core sleeps
// with it pending. CircuitPython idles exactly that way
// (port_idle_until_interrupt: cpsid; if nothing is pending, dsb; wfi; cpsie),
// and its only wake is the 1/1024 s tick, TIMER alarm 0 (IRQ 0), re-armed by
// its own handler: once the alarm fires in that window, IRQ 0 stays pending,
// never becomes pending again, and the chip sleeps for good (found at
// port_idle_until_interrupt+0x28, PRIMASK set, NVIC pending 0x1, enabled
// 0x29). Board.run applies this check whenever the core is waiting after a
// WFI (the opcode before PC is 0xBF30); WFE keeps rp2040js's event register.
const WFI = 0xbf30;
const LOWEST_PRIORITY = 4;
export function wfiWakePending(core) {
  if (core.readUint16((core.PC - 2) & ~1) !== WFI) return false;
  const exec = core.IPSR ? core.exceptionPriority(core.IPSR) : LOWEST_PRIORITY;
  const irqs = core.pendingInterrupts & core.enabledInterrupts;
  for (let p = 0; p < exec; p++) {
    if (irqs & core.interruptPriorities[p]) return true;
    if (core.pendingSystick && core.systickPriority === p) return true;
    if (core.pendingPendSV && core.pendSVPriority === p) return true;
  }
  return false;
}

export class Board {
  constructor({ bootrom, firmware, flash, profile = 'badger2040', vbus = true, batteryMv = 2900, usb = false }) {
    this.usb = usb;                    // attach the USB console (slow: the host polls all the time)
    this.bootrom = bootrom;             // Buffer, 16 KB
    this.firmware = firmware;           // Buffer
    this.profileName = profile;
    this.profile = PROFILES[profile];
    this.flash = new Uint8Array(2 * 1024 * 1024).fill(0xff);
    this.flash.set(firmware, 0);
    if (flash) this.flash.set(flash, 0);
    this.vbus = vbus;
    this.batteryMv = batteryMv;
    const rom = romFunctions(bootrom);
    this.romErase = rom.RE & ~1;
    this.romProgram = rom.RP & ~1;
    const P = this.profile;
    const pins = { cs: P.cs, dc: P.dc, rst: P.rst, busy: P.busy };
    this.panel = P.panel === 'uc8151' ? new UC8151(this, pins, P.busyLevel) : new SSD1680(this, pins, P.busyLevel);
    this.pressed = new Set();
    this.console = '';
    this.boots = 0;
    this.flashOps = { erase: 0, program: 0, bytes: 0 };
    this.totalNs = 0;            // chip time over all boots
    this.gcStart = -1;           // entry points to watch (usher's heap figures)
    this.gcEnd = -1;
    this.onGc = null;
    this.gcRet = -1;             // where gc_collect_end returns to, while a collection runs
    this.onGcDone = null;        // called there (the collection's pause, sim/rp2/run.mjs)
    // A busy-wait routine to fast-forward (busy_wait_us of the pico-sdk in the
    // image, found in its ELF; -1: none): see busyWaitHook.
    this.busyWait = -1;
    this.stallEnd = null;
    this.busyWaitNs = 0;
    // Profiling (off by default; bench/rp2_profile.py): every `every` cycles
    // of computing, the PC (and LR) of the running instruction is counted in
    // the histogram of the current phase (prof.phase, set by the runner);
    // time stalled in a flash operation is added up per phase in ns; the
    // lowest stack pointer seen at a sample is kept per phase (how deep the
    // C stack went, sampled).
    this.prof = null;
    // Chip time by state over all boots, ns (see "Clocks and sleep" above);
    // the clock registers as the firmware last wrote them.
    this.stateNs = { run: 0, run_xosc: 0, wait: 0, sleep: 0 };
    this.clockRegs = { sleepEn0: 0xffffffff, sleepEn1: 0xffffffff, roscOn: true, lightsleeps: 0 };
  }

  // clk_sys as rp2040js computes it from CLOCKS and the PLLs: the ns a cycle
  // takes, and whether the chip sleeps deep (clk_sys off the PLLs, PLL_SYS
  // powered down) when it waits.
  watchClocks(mcu) {
    this.cycleNs = CYCLE_NS;
    this.slowClock = false;
    const update = (hz) => {
      this.cycleNs = 1e9 / hz;
      this.slowClock = hz < 100e6;
    };
    mcu.addClockListener(update);
    const regs = this.clockRegs;
    const clocks = mcu.clocks;
    const clocksWrite = clocks.writeUint32.bind(clocks);
    const clocksRead = clocks.readUint32.bind(clocks);
    // SLEEP_EN0/1 (0xa8, 0xac): which clocks run in deep sleep; rp2040js
    // keeps no such registers, the board does (read back as written).
    clocks.writeUint32 = (offset, value) => {
      if (offset === 0xa8) regs.sleepEn0 = value >>> 0;
      else if (offset === 0xac) {
        regs.sleepEn1 = value >>> 0;
        if (value === 0x20) regs.lightsleeps++;   // CLK_SYS_TIMER only (bit 5): lightsleep's gating
      } else clocksWrite(offset, value);
    };
    clocks.readUint32 = (offset) => (offset === 0xa8 ? regs.sleepEn0 : offset === 0xac ? regs.sleepEn1
      : clocksRead(offset));
    // ROSC CTRL.ENABLE: 0xd1e disable, 0xfab enable (datasheet 2.17.8)
    const rosc = mcu.peripherals[0x40060];
    if (rosc) {
      const roscWrite = rosc.writeUint32.bind(rosc);
      rosc.writeUint32 = (offset, value) => {
        if (offset === 0) {
          const en = (value >>> 12) & 0xfff;
          if (en === 0xd1e) regs.roscOn = false;
          else if (en === 0xfab) regs.roscOn = true;
        }
        roscWrite(offset, value);
      };
    }
  }

  deepSleep() {
    return this.slowClock && (this.mcu.pllSys.pwr & PLL_PWR_PD) !== 0;
  }

  // The chip's state now, for the runner: PLLs, clk_sys, ROSC, gating.
  clockState() {
    const m = this.mcu;
    return { clk_sys_hz: m.clkSys, pll_sys_on: !(m.pllSys.pwr & PLL_PWR_PD), pll_usb_on: !(m.pllUsb.pwr & PLL_PWR_PD),
             rosc_on: this.clockRegs.roscOn, sleep_en0: this.clockRegs.sleepEn0, sleep_en1: this.clockRegs.sleepEn1,
             lightsleeps: this.clockRegs.lightsleeps };
  }

  startProfile(every) {
    this.prof = { every, left: every, phase: 'boot', pc: {}, lr: {}, flashNs: {}, minSp: {}, minSpPc: {} };
  }

  profSample(pc) {
    const p = this.prof;
    const h = p.pc[p.phase] || (p.pc[p.phase] = new Map());
    h.set(pc, (h.get(pc) || 0) + 1);
    const lr = this.core.LR;
    const l = p.lr[p.phase] || (p.lr[p.phase] = new Map());
    const key = pc + ':' + lr;
    l.set(key, (l.get(key) || 0) + 1);
    const sp = this.core.SP >>> 0;
    if (!(p.minSp[p.phase] <= sp)) {
      p.minSp[p.phase] = sp;
      p.minSpPc[p.phase] = pc;
    }
  }

  profileResult() {
    const p = this.prof;
    if (!p) return null;
    const out = { every_cycles: p.every, pc: {}, lr: {}, flash_ns: p.flashNs, min_sp: p.minSp,
                  min_sp_pc: p.minSpPc };
    for (const k of Object.keys(p.pc)) out.pc[k] = Object.fromEntries(p.pc[k]);
    for (const k of Object.keys(p.lr)) out.lr[k] = Object.fromEntries(p.lr[k]);
    return out;
  }

  // --- power-on --------------------------------------------------------------
  boot({ hold = [] } = {}) {
    const sim = new Simulator();
    const mcu = sim.rp2040;
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    const words = new Uint32Array(this.bootrom.buffer, this.bootrom.byteOffset, this.bootrom.length / 4);
    mcu.loadBootrom(words);
    mcu.flash.set(this.flash);          // the chip reads and writes this.flash's copy
    this.flashView = mcu.flash;
    this.sim = sim;
    this.mcu = mcu;
    this.core = mcu.core;
    this.clock = mcu.clock;
    this.watchClocks(mcu);
    this.bootNs = 0;
    this.activeNs = 0;
    this.flashOp = null;
    this.stallEnd = null;
    this.powered = true;
    this.latchHigh = false;
    this.latchFirstNs = null;      // when the firmware first drove the latch high
    this.lastSpiNs = 0;
    this.lastRunEnd = 0;
    this.longRunNs = 0;
    this.wfiWakes = 0;             // WFIs that ended at once on a pending interrupt
    this.boots++;
    this.pressed = new Set(hold);
    const P = this.profile;
    this.panel.attach(mcu);
    // SPI: each byte completes after its time on the wire at the set clock
    // (8 bits / SCK; at least the 670 ns that MicroPython's DMA needs).
    const spi = mcu.spi[P.spi];
    const completion = mcu.clock.createAlarm(() => spi.completeTransmit(0));
    spi.onTransmit = (v) => {
      this.panel.byte(v);
      this.lastSpiNs = mcu.clock.nanos;
      const f = spi.clockFrequency || 1e6;
      completion.schedule(Math.max(670, (8 / f) * 1e9));
    };
    for (const name of Object.keys(P.buttons)) this.setButton(name, this.pressed.has(name));
    if (P.vbus !== null) mcu.gpio[P.vbus].setInputValue(this.vbus);
    this.setBattery(this.batteryMv);
    if (P.latch !== null) {
      const latch = mcu.gpio[P.latch];
      latch.addListener(() => {
        this.latchHigh = latch.value === GPIOPinState.High;
        if (this.latchHigh && this.latchFirstNs === null) this.latchFirstNs = this.clock.nanos;
        this.checkPower();
      });
    }
    // The USB console, for diagnostics only.
    this.core.PC = 0x10000000;
    if (!this.usb) return;
    const cdc = new USBCDC(mcu.usbCtrl);
    cdc.onDeviceConnected = () => {};
    cdc.onSerialData = (buf) => {
      this.console += Buffer.from(buf).toString('latin1');
      if (this.console.length > 200000) this.console = this.console.slice(-100000);
    };
    this.cdc = cdc;
  }

  setBattery(mv) {
    const B = this.profile.battery;
    const adc = this.mcu.adc;
    adc.channelValues[B.adc] = Math.min(4095, Math.round((mv / B.divider / 3300) * 4095));
    if (B.refAdc !== null) adc.channelValues[B.refAdc] = Math.round((B.refMv / 3300) * 4095);
  }

  setButton(name, down) {
    const P = this.profile;
    const gpio = P.buttons[name];
    if (gpio === undefined) throw new Error(`no button ${name}`);
    if (down) this.pressed.add(name);
    else this.pressed.delete(name);
    const level = down === P.activeHigh;
    this.mcu.gpio[gpio].setInputValue(level);
    if (!down) this.checkPower();
  }

  checkPower() {
    const P = this.profile;
    if (P.latch === null || this.vbus) return;
    if (this.powered && !this.latchHigh && this.pressed.size === 0) this.cut();
  }

  get nanos() {
    return this.clock.nanos;
  }

  // --- flash -----------------------------------------------------------------
  flashHook(pc) {
    const r = this.core.registers;
    if (pc === this.romErase) {
      const addr = r[0], count = r[1];
      this.flashOp = { kind: 'erase', addr, count, start: this.nanos, end: this.nanos + Math.ceil(count / 4096) * ERASE_NS_PER_4K };
      this.flashOps.erase++;
    } else {
      const addr = r[0], src = r[1], count = r[2];
      const data = new Uint8Array(count);
      for (let i = 0; i < count; i++) data[i] = this.mcu.readUint8(src + i);
      this.flashOp = { kind: 'program', addr, count, data, start: this.nanos, end: this.nanos + Math.ceil(count / 256) * PROGRAM_NS_PER_PAGE };
      this.flashOps.program++;
      this.flashOps.bytes += count;
    }
    this.core.PC = this.core.LR & ~1;   // the routine "returns" once the operation ends
  }

  // busy_wait_us(uint64_t us) spins on the timer: at its entry, when no
  // interrupt can be taken meanwhile (PRIMASK set, or no interrupt enabled
  // at all), the board returns to the caller at once and lets the clock run
  // `us` microseconds (run()'s stall), which is what the spin amounts to;
  // otherwise the routine runs as it is (an interrupt may come during it).
  // CircuitPython spends over a second of each boot there (the BOOTSEL pad
  // sensed again and again in its safe-mode wait, the double-reset check),
  // hundreds of millions of emulated instructions that change nothing else.
  busyWaitHook() {
    const core = this.core;
    if (!core.PM && (core.enabledInterrupts || this.mcu.ppb.systickIntEnable)) return false;
    const r = core.registers;
    const us = (r[0] >>> 0) + (r[1] >>> 0) * 4294967296;
    this.stallEnd = this.nanos + us * 1000;
    core.PC = core.LR & ~1;
    return true;
  }

  finishFlashOp(fraction = 1) {
    const op = this.flashOp;
    this.flashOp = null;
    const f = this.flashView;
    const n = Math.floor(op.count * fraction);
    if (op.kind === 'erase') {
      f.fill(0xff, op.addr, op.addr + n);
    } else {
      for (let i = 0; i < n; i++) f[op.addr + i] &= op.data[i];
    }
    return n;
  }

  // --- running -----------------------------------------------------------------
  // Run until chip time `untilNs` (absolute, this boot), until stop() returns
  // true (checked every ~0.1 ms of chip time), or until the power goes.
  // Returns "time", "stop" or "off".
  run(untilNs, stop = null) {
    const core = this.core;
    const clock = this.clock;
    const erase = this.romErase, program = this.romProgram;
    const gcStart = this.gcStart, gcEnd = this.gcEnd;
    const busyWait = this.busyWait;
    let nextCheck = clock.nanos + 100000;
    let runStart = clock.nanos;
    while (true) {
      const now = clock.nanos;
      if (!this.powered) return 'off';
      if (now >= untilNs) return 'time';
      if (now >= nextCheck) {
        nextCheck = now + 100000;
        if (stop && stop()) return 'stop';
      }
      if (this.flashOp) {
        const end = Math.min(this.flashOp.end, untilNs, nextCheck);
        let step = end - now;
        const toAlarm = clock.nanosToNextAlarm;
        if (toAlarm > 0 && toAlarm < step) step = toAlarm;
        clock.tick(Math.max(step, 1));
        this.activeNs += Math.max(step, 1);
        this.stateNs[this.slowClock ? 'run_xosc' : 'run'] += Math.max(step, 1);
        if (this.prof) this.prof.flashNs[this.prof.phase] = (this.prof.flashNs[this.prof.phase] || 0) + Math.max(step, 1);
        if (clock.nanos >= this.flashOp.end) this.finishFlashOp(1);
        continue;
      }
      if (this.stallEnd !== null) {
        // busy_wait_us fast-forwarded: the clock runs to its end (alarms and
        // all) with the core counted as computing, as if it spun.
        let step = Math.min(this.stallEnd, untilNs, nextCheck) - now;
        const toAlarm = clock.nanosToNextAlarm;
        if (toAlarm > 0 && toAlarm < step) step = toAlarm;
        step = Math.max(step, 1);
        clock.tick(step);
        this.activeNs += step;
        this.stateNs[this.slowClock ? 'run_xosc' : 'run'] += step;
        this.busyWaitNs += step;
        if (clock.nanos >= this.stallEnd) this.stallEnd = null;
        continue;
      }
      if (core.waiting) {
        if (wfiWakePending(core)) {
          core.waiting = false;       // WFI with an interrupt pending: no sleep (above)
          this.wfiWakes++;
          continue;
        }
        const run = now - runStart;
        if (run > this.longRunNs) this.longRunNs = run;
        if (run > 2 * MS) this.lastRunEnd = now;
        let step = clock.nanosToNextAlarm;
        const limit = Math.min(untilNs, nextCheck) - now;
        if (step <= 0 || step > limit) step = limit;
        clock.tick(step);
        this.stateNs[this.deepSleep() ? 'sleep' : 'wait'] += step;
        runStart = clock.nanos;
        continue;
      }
      const pc = core.PC;
      if (pc === erase || pc === program) {
        this.flashHook(pc);
        continue;
      }
      if (pc === busyWait && this.busyWaitHook()) continue;
      if ((pc === gcStart || pc === gcEnd) && this.onGc) {
        // the collection's end is gc_collect_end's return (after its sweep)
        if (pc === gcEnd) this.gcRet = core.LR & ~1;
        this.onGc(pc === gcEnd);
      } else if (pc === this.gcRet) {
        this.gcRet = -1;
        if (this.onGcDone) this.onGcDone();
      }
      const cycles = core.executeInstruction();
      if (this.prof && (this.prof.left -= cycles) <= 0) {
        this.prof.left += this.prof.every;
        this.profSample(pc);
      }
      const ns = cycles * this.cycleNs;
      clock.tick(ns);
      this.activeNs += ns;
      this.stateNs[this.slowClock ? 'run_xosc' : 'run'] += ns;
    }
  }

  // The power goes now: an operation on the flash is left partly done.
  cut() {
    let partial = null;
    if (this.flashOp) {
      const op = this.flashOp;
      const fraction = (this.nanos - op.start) / (op.end - op.start);
      const n = this.finishFlashOp(fraction);
      partial = { kind: op.kind, addr: op.addr, count: op.count, done: n };
    }
    this.powered = false;
    this.saveFlash();
    return partial;
  }

  // Copy the chip's flash back (at the end of a boot) so the next boot sees it.
  saveFlash() {
    this.flash.set(this.flashView.subarray(0, this.flash.length));
    this.totalNs += this.nanos;
  }

  fsImage() {
    return this.flash.slice(FS_OFFSET, FS_OFFSET + 352 * 4096);
  }
}
