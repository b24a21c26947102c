// Runs one job on the emulated board and prints its result as JSON.
//
//   node sim/rp2/run.mjs JOB.json > RESULT.json
//
// A job: {"bootrom", "firmware", "flash" (optional: a 2 MB flash dump to
// start from), "fs" (optional: a filesystem image for offset 0xA0000),
// "profile" ("badger2040" | "pico_epaper29"), "vbus" (bool),
// "battery_mv", "flash_out" (optional: where to write the flash at the
// end), "sample" (optional: {"every_cycles": N}, PC samples per phase, see
// board.mjs startProfile), "trace" (optional: read the firmware's phase
// counters after each step, see readTrace), "heap" (optional: {"state", "collect_start", "collect_end"}
// addresses from the image's ELF, to follow the GC), "busy_wait" (optional:
// the address of busy_wait_us in the image, run as a stall of the clock, see
// board.mjs busyWaitHook), "steps": [...]}.
// Steps (each gives one result entry):
//   {"boot": {"hold": ["A"], "hold_ms": 300}}  power on (reset) and run until quiet
//   {"token": "A~"}           one script token (sim/session.py syntax): a tap,
//                             a long press (A~) or a held button (UP*5), then
//                             run until the firmware is quiet
//   {"restart": true}         reset (the power cycle of a script), until quiet
//   {"run_ms": N}             run N ms of chip time
//   {"until_off": N}          run until the power goes (latch) or N ms pass
//   {"press": "A", "cut_ms": N}  press A and cut the power N ms later
//   {"cut_ms": N}             run N ms, then cut the power
//   {"cut_on_program": K}     run until the K-th flash program/erase of this
//                             step is under way, then cut the power inside it
//                             (at "fraction" of its duration); with "press" the
//                             button is tapped first (a list: tapped in turn
//                             until the K-th operation comes, "pressed")
//   {"dump": PATH}            write the filesystem region of the flash to PATH
// With "continue_after_cut" the job goes on after a cut (the next step is
// normally a boot from the flash as the cut left it).
// A held token's entry also has "hold": the polls the harness followed and
// the repeats (or long press) it saw the firmware send, and with
// USHER_RP2_TRACE=1 in the environment every read of GPIO_IN ("reads").
// Each entry: chip time, active (non-sleeping) time, the refreshes that
// started (kind, window, busy time, picture as hex) and the picture shown at
// the end, and the step's wall time (wall_ms); with "heap", its collections,
// the largest live heap at one (live), the smallest free heap as one started
// (free_min), the smallest largest free block after one (largest_free) and
// each one's pause in ms (gc_ms). "progress": N (optional) writes a line to
// stderr every N steps. Quiet means: the panel not busy, and no SPI byte, no end of a
// refresh (BUSY dropping) and no stretch of computing longer than 2 ms in the
// last QUIET_MS.
import fs from 'node:fs';
import { Board } from './board.mjs';
import { CircuitPythonBoard } from './circuitpython.mjs';

const MS = 1e6;
const QUIET_MS = 150;          // longer than the drivers' longest reset pulse (SSD1680: 102 ms)
const TAP_MS = 80;
const LONG_MS = 700;           // usher/device/buttons.py
const MAX_TOKEN_MS = 60000;
const REPEAT_DELAY_MS = 500;
const REPEAT_MS = 150;

const hex = (a) => Buffer.from(a).toString('hex');

function parseToken(tok) {
  let name = tok.toUpperCase();
  let long = false, repeats = 0;
  if (name.endsWith('~')) { long = true; name = name.slice(0, -1); }
  if (name.includes('*')) { const [n, r] = name.split('*'); name = n; repeats = parseInt(r, 10); }
  return { name, long, repeats };
}

class Runner {
  constructor(job) {
    this.job = job;
    const firmware = fs.readFileSync(job.firmware);
    let flash = null;
    if (job.flash) flash = fs.readFileSync(job.flash);
    // job.circuitpython: the CircuitPython board (sim/rp2/circuitpython.mjs:
    // its drive image in job.drive, its own steps)
    const BoardClass = job.circuitpython ? CircuitPythonBoard : Board;
    this.board = new BoardClass({
      bootrom: fs.readFileSync(job.bootrom), firmware, flash,
      profile: job.profile || 'badger2040', vbus: job.vbus !== false,
      batteryMv: job.battery_mv || 2900, usb: job.circuitpython ? job.usb !== false : !!job.usb,
      drive: job.drive ? fs.readFileSync(job.drive) : null,
    });
    if (!flash && job.fs) this.board.flash.set(fs.readFileSync(job.fs), 0xa0000);
    // job.busy_wait: the entry of the image's busy_wait_us, fast-forwarded
    // (board.mjs busyWaitHook)
    if (job.busy_wait !== undefined) this.board.busyWait = job.busy_wait & ~1;
    this.heap = job.heap || null;
    this.heapStats = { collections: 0, peak_live: 0, min_free: null, total: 0 };
    this.gcFrom = null;
    if (job.sample) this.board.startProfile(job.sample.every_cycles || 1000);
  }

  quiet() {
    const b = this.board;
    const now = b.nanos;
    if (b.panel.busy()) return false;
    if (this.needFrame && b.panel.refreshes.length === this.framesBefore) return false;
    if (!b.core.waiting) return false;      // computing (a stretch still running)
    // The panel's end of BUSY counts as activity: the firmware starts a
    // refresh it kept pending (presses that came while the panel was busy,
    // merged) at its next poll once BUSY drops, so the end of a refresh is
    // not the end of the press.
    const since = Math.max(b.lastSpiNs, b.lastRunEnd, this.quietFrom, b.panel.busyUntil);
    return now - since > QUIET_MS * MS;
  }

  runQuiet(limitMs = MAX_TOKEN_MS) {
    const b = this.board;
    const r = b.run(b.nanos + limitMs * MS, () => this.quiet());
    this.needFrame = false;
    return r;
  }

  // GC: at gc_collect_start the heap is at its fullest (lowest free); at
  // gc_collect_end (before the sweep) the marked blocks are the live heap.
  installHeapHooks() {
    const h = this.heap;
    if (!h) return;
    const b = this.board;
    b.gcStart = h.collect_start & ~1;
    b.gcEnd = h.collect_end & ~1;
    b.onGc = (marked) => this.sampleHeap(marked);
    // the collection's pause: gc_collect_start to gc_collect_end's return
    b.onGcDone = () => {
      if (this.gcFrom !== null) (this.stepPauses || (this.stepPauses = [])).push((b.nanos - this.gcFrom) / MS);
      this.gcFrom = null;
    };
  }

  heapLayout() {
    // mp_state_ctx.mem.area: alloc table start, its byte length, [finaliser
    // and weakref tables], pool start, pool end. Found once by its shape: a
    // pool whose size is 64 bytes per table byte (4 blocks of 16 bytes).
    if (this.layout !== undefined) return this.layout;
    const m = this.board.mcu;
    const base = this.heap.state;
    const w = [];
    for (let i = 0; i < 1024; i++) w.push(m.readUint32(base + 4 * i) >>> 0);
    const inRam = (a) => a >= 0x20000000 && a < 0x20042000;
    this.layout = null;
    for (let i = 0; i + 5 < w.length && !this.layout; i++) {
      if (!inRam(w[i]) || !w[i + 1]) continue;
      for (let k = 2; k <= 4; k++) {
        const ps = w[i + k], pe = w[i + k + 1];
        if (inRam(ps) && inRam(pe - 1) && ps > w[i] && pe - ps === w[i + 1] * 64) {
          this.layout = { atb: w[i], atbLen: w[i + 1], poolStart: ps, poolEnd: pe };
          break;
        }
      }
    }
    return this.layout;
  }

  sampleHeap(marked) {
    const L = this.heapLayout();
    if (!L) return;
    const sram = this.board.mcu.sram;
    const off = L.atb - 0x20000000;
    let used = 0, live = 0, inLive = false;
    // the longest run of blocks no marked object holds: the largest free
    // block once the sweep has run (at a marked sample)
    let run = 0, largest = 0;
    const blocks = L.atbLen * 4;
    for (let i = 0; i < blocks; i++) {
      const st = (sram[off + (i >> 2)] >> ((i & 3) * 2)) & 3;
      if (st === 1) { used++; inLive = false; }
      else if (st === 3) { used++; live++; inLive = true; }
      else if (st === 2) { used++; if (inLive) live++; }
      else inLive = false;
      if (st === 3 || (st === 2 && inLive)) run = 0;
      else if (++run > largest) largest = run;
    }
    const total = blocks * 16;
    this.heapStats.total = total;
    if (marked) {
      this.heapStats.collections++;
      if (this.heap.census && live * 16 > this.heapStats.peak_live) {
        const c = this.census(L, 512);
        this.heapStats.census = c.types;
        this.heapStats.census_big = c.big;
        this.heapStats.census_funs = c.funs;
        if (c.objects) this.heapStats.census_objects = c.objects;
        this.heapStats.peak_step = this.stepIndex;
      }
      this.heapStats.peak_live = Math.max(this.heapStats.peak_live, live * 16);
      this.heapStats.last_live = live * 16;
      this.stepLive = Math.max(this.stepLive || 0, live * 16);
      if (this.stepLargest === null || largest * 16 < this.stepLargest) this.stepLargest = largest * 16;
    } else {
      const free = total - used * 16;
      if (this.heapStats.min_free === null || free < this.heapStats.min_free) this.heapStats.min_free = free;
      if (this.stepFree === null || free < this.stepFree) this.stepFree = free;
      this.gcFrom = this.board.nanos;
    }
  }

  // The live heap by the first word of each live object (its type, for
  // the objects that carry one): types is {word: [objects, bytes]} at the
  // peak (bench/rp2_profile.py --heap maps the words to symbols); big lists
  // the objects of bigBytes or more as [bytes, their first 64 bytes in hex],
  // to tell a JSON text or a buffer from a dict's table.
  census(L, bigBytes) {
    const m = this.board.mcu;
    const sram = m.sram;
    const off = L.atb - 0x20000000;
    const blocks = L.atbLen * 4;
    const st = (i) => (sram[off + (i >> 2)] >> ((i & 3) * 2)) & 3;
    const types = {};
    const big = [];
    // function objects by their bytecode (mp_obj_fun_bc_t's fourth word),
    // which bench/rp2_profile.py names by the frozen module's symbol
    const funs = {};
    const funType = this.heap.fun_type;
    const objs = [];
    for (let i = 0; i < blocks; i++) {
      if (st(i) !== 3) continue;
      let n = 1;
      while (i + n < blocks && st(i + n) === 2) n++;
      const at = L.poolStart + i * 16;
      const word = m.readUint32(at) >>> 0;
      const e = types[word] || (types[word] = [0, 0]);
      e[0]++;
      e[1] += n * 16;
      if (funType !== undefined && word === funType) {
        const code = m.readUint32(at + 12) >>> 0;
        const f = funs[code] || (funs[code] = [0, 0]);
        f[0]++;
        f[1] += n * 16;
      }
      if (n * 16 >= bigBytes) {
        const a = at - 0x20000000;
        big.push([n * 16, Buffer.from(sram.subarray(a, a + 64)).toString('hex')]);
      }
      // a class (first word &mp_type_type) with its name's qstr
      if (this.heap.objects) {
        const o = [at, n * 16, word, 0, word === this.heap.type_type ? m.readUint16(at + 6) : 0];
        if (word === this.heap.module_type) {
          // a module: the qstr values of its globals (one of them is its __name__)
          const dict = m.readUint32(at + 4) >>> 0;
          const alloc = m.readUint32(dict + 8) >>> 0, table = m.readUint32(dict + 12) >>> 0;
          const q = [];
          for (let k = 0; k < alloc && k < 4096; k++) {
            const key = m.readUint32(table + 8 * k) >>> 0, val = m.readUint32(table + 8 * k + 4) >>> 0;
            if ((key & 7) === 2 && (val & 7) === 2) q.push([key >>> 3, val >>> 3]);
          }
          o.push(q);
        } else if (word === funType) {
          // a function: its bytecode and its module (mp_obj_fun_bc_t's context)
          o.push(null, [m.readUint32(at + 12) >>> 0, m.readUint32(at + 4) >>> 0]);
        }
        objs.push(o);
      }
      i += n - 1;
    }
    if (this.heap.objects) {
      // who points at each object: the first live object (other than
      // itself) holding its address, for bench/rp2_profile.py --owners
      const index = new Map(objs.map((o, k) => [o[0], k]));
      for (const o of objs) {
        for (let a = o[0]; a < o[0] + o[1]; a += 4) {
          const k = index.get(m.readUint32(a) >>> 0);
          if (k !== undefined && objs[k] !== o && !objs[k][3]) objs[k][3] = o[0];
        }
      }
    }
    return { types, big, funs, objects: this.heap.objects ? objs : undefined };
  }

  // The firmware's phase counters (usher.device.trace.Trace, device.json
  // "trace": true): found in RAM by their two marker words, read as they
  // stand (microseconds since boot, per phase), or null.
  readTrace() {
    const sram = this.board.mcu.sram;
    const w = new Uint32Array(sram.buffer, sram.byteOffset, sram.length >> 2);
    const M0 = 0x1a2b3c4d, M1 = 0x2c3d4e5f;
    let at = this.traceAt;
    if (at === undefined || w[at] !== M0 || w[at + 1] !== M1) {
      at = -1;
      for (let i = 0; i + 1 < w.length; i++) if (w[i] === M0 && w[i + 1] === M1) { at = i; break; }
      this.traceAt = at;
    }
    if (at < 0) return null;
    return Array.from(w.subarray(at + 2, at + 7)).map((v) => v | 0);
  }

  boot(hold = [], holdMs = 300) {
    const b = this.board;
    b.boot({ hold });
    this.layout = undefined;
    this.installHeapHooks();
    this.installPollWatch();
    this.quietFrom = 0;
    // A boot is done once the first picture is up (or the chip gave up).
    this.needFrame = true;
    this.framesBefore = b.panel.refreshes.length;
    let result;
    if (hold.length) {
      // The wake press: held until the firmware has latched the power (on
      // battery) or for hold_ms, whichever is later, but never for the 2 s
      // that mean safe mode.
      const latched = () => b.profile.latch === null || b.vbus || b.latchHigh;
      result = b.run(1500 * MS, () => latched() && b.nanos >= holdMs * MS);
      if (result !== 'off') result = b.run(b.nanos + 20 * MS);
      for (const n of hold) b.setButton(n, false);
      this.quietFrom = b.nanos;
      if (result === 'off' || !b.powered) return 'off';
    }
    result = this.runQuiet();
    return result;
  }

  // Button polls. Each pass of the firmware's main loop reads the time
  // (time.ticks_ms(): the timer's TIMERAWL) and then GPIO_IN once per button
  // (and once more for BUSY), and sleeps POLL_MS, which reads the timer
  // again. A poll is a run of 5 or more GPIO_IN reads with no timer read
  // between them; its time, as the firmware's button logic sees it, is the
  // millisecond of the last timer read before it (a garbage collection may
  // fall between the firmware's ticks_ms() and its reads of the pins, so
  // the time of the reads themselves can be a few ms later).
  installPollWatch() {
    const b = this.board;
    const sio = b.mcu.sio;
    const timer = b.mcu.peripherals[0x40054];
    const origSio = sio.readUint32.bind(sio);
    const origTimer = timer.readUint32.bind(timer);
    let lastTimer = 0, timerReads = 0, seenTimerReads = -1, groupTime = 0, count = 0;
    this.onPoll = null;
    timer.readUint32 = (offset) => {
      if (offset === 0x28 || offset === 0x0c) {     // TIMERAWL, TIMELR
        lastTimer = b.nanos;
        timerReads++;
      }
      return origTimer(offset);
    };
    sio.readUint32 = (offset) => {
      if (offset === 4) {
        const t = b.nanos;
        if (this.holdTrace && this.holdTrace.reads) this.holdTrace.reads.push(t / MS);
        if (timerReads !== seenTimerReads) {
          seenTimerReads = timerReads;
          groupTime = lastTimer;
          count = 0;
        }
        count++;
        if (count === 5 && this.onPoll) this.onPoll(groupTime);
      }
      return origSio(offset);
    };
  }

  // Hold a button until the firmware has issued `repeats` auto-repeats (UP,
  // DOWN) or its long press (A~), following the firmware's button logic
  // (usher/device/buttons.py) on the polls as the firmware sees them, then
  // release it right after that poll. A fixed hold time would not do: the
  // main loop polls late while it draws or sends a frame, so the events
  // come when the loop gets to them, not at set times.
  hold(name, repeats, long) {
    const b = this.board;
    let pressedAt = null, next = 0, seen = 0, done = false;
    const trace = { polls: [], repeats: [], reads: process.env.USHER_RP2_TRACE ? [] : null };
    this.holdTrace = trace;
    const release = () => {
      done = true;
      const alarm = b.clock.createAlarm(() => b.setButton(name, false));
      alarm.schedule(2 * MS);
    };
    this.onPoll = (t) => {
      if (done) return;
      const now = Math.floor(t / MS);
      trace.polls.push(t / MS);
      if (pressedAt === null) {
        // Leading-edge debounce: the press counts at the first poll that
        // reads it (the button's last change is long past: tokens start
        // after the board has been quiet for QUIET_MS).
        pressedAt = now;
        next = now + (long ? LONG_MS : REPEAT_DELAY_MS);
        return;
      }
      if (now >= next) {
        seen++;
        trace.repeats.push(t / MS);
        next = now + REPEAT_MS;
        if (long || seen >= repeats) release();
      }
    };
    b.setButton(name, true);
    const r = b.run(b.nanos + 30000 * MS, () => done && !b.pressed.has(name));
    this.onPoll = null;
    if (r === 'time') throw new Error(`${name}: the firmware never polled the held button`);
    return r;
  }

  token(tok) {
    const b = this.board;
    const { name, long, repeats } = parseToken(tok);
    let r;
    if (repeats || long) {
      r = this.hold(name, repeats, long);
    } else {
      b.setButton(name, true);
      r = b.run(b.nanos + TAP_MS * MS);
      b.setButton(name, false);
    }
    if (r === 'off') return r;
    this.quietFrom = b.nanos;
    return this.runQuiet();
  }

  step(s) {
    const b = this.board;
    const panel = b.panel;
    const r0 = panel.refreshes.length;
    const e0 = panel.errors.length;
    const t0 = b.mcu ? b.nanos : 0;
    const a0 = b.mcu ? b.activeNs : 0;
    const f0 = { ...b.flashOps };
    const st0 = { ...b.stateNs };
    const g0 = this.heapStats.collections;
    this.stepLive = 0;
    this.stepFree = null;
    this.stepLargest = null;
    this.stepPauses = null;
    const w0 = Date.now();
    const out = {};
    let result;
    let bootStep = false;
    if (b.prof) b.prof.phase = s.token ? 'press' : (s.boot || s.restart ? 'boot' : 'other');
    // job.sample.steps: only these steps' samples count as presses
    const only = this.job.sample && this.job.sample.steps;
    if (b.prof && only) b.prof.phase = only.includes(this.stepIndex) ? 'press' : 'other';
    if (s.boot) {
      result = this.boot(s.boot.hold || [], s.boot.hold_ms || 300);
      bootStep = true;
    } else if (s.restart) {
      b.saveFlash();
      result = this.boot();
      bootStep = true;
    } else if (s.token) {
      this.holdTrace = null;
      result = this.token(s.token);
      if (this.holdTrace) out.hold = this.holdTrace;
    } else if (s.run_ms !== undefined) {
      result = b.run(b.nanos + s.run_ms * MS);
    } else if (s.until_off !== undefined) {
      result = b.run(b.nanos + s.until_off * MS);
    } else if (s.cut_ms !== undefined) {
      if (s.press) b.setButton(s.press, true);
      result = b.run(b.nanos + s.cut_ms * MS);
      if (s.press && result !== 'off') b.setButton(s.press, false);
      out.partial = b.cut();
      result = 'cut';
    } else if (s.cut_on_program !== undefined) {
      // "press": one button or a list: each is tapped in turn, the next
      // once the firmware is quiet without the K-th operation having come
      // (a press that saves nothing), so that most cuts fall inside one.
      const presses = s.press === undefined ? [null] : [].concat(s.press);
      const target = b.flashOps.erase + b.flashOps.program + s.cut_on_program;
      const reached = () => b.flashOp && b.flashOps.erase + b.flashOps.program >= target;
      out.pressed = [];
      for (const name of presses) {
        if (name) {
          b.setButton(name, true);
          const alarm = b.clock.createAlarm(() => b.setButton(name, false));
          alarm.schedule(TAP_MS * MS);
          out.pressed.push(name);
        }
        this.quietFrom = b.nanos + TAP_MS * MS;
        const limit = b.nanos + (s.limit_ms || 20000) * MS;
        result = b.run(limit, () => reached() || (b.nanos > this.quietFrom && this.quiet()));
        if (result !== 'stop' || reached()) break;
      }
      if (result === 'stop' && reached()) {
        const op = b.flashOp;
        // somewhere inside the operation
        const frac = s.fraction === undefined ? 0.5 : s.fraction;
        b.run(op.start + (op.end - op.start) * frac);
        result = 'cut';
      } else {
        result = 'cut-late';
      }
      out.partial = b.cut();
    } else if (s.dump !== undefined) {
      // The filesystem region as it is now (after a cut: as the cut left it).
      if (b.powered && b.mcu) b.flash.set(b.flashView.subarray(0, b.flash.length));
      fs.writeFileSync(s.dump, b.fsImage());
      result = 'dumped';
    } else if (b.step && (result = b.step(s, out)) !== undefined) {
      // a step of the board's own (CircuitPython: console, raw REPL, drive)
    } else {
      throw new Error('unknown step ' + JSON.stringify(s));
    }
    out.result = result;
    out.t_ms = b.nanos / MS;
    out.chip_ms = (b.nanos - (bootStep ? 0 : t0)) / MS;
    out.active_ms = (b.activeNs - (bootStep ? 0 : a0)) / MS;
    out.refreshes = panel.refreshes.slice(r0).map((x) => ({
      kind: x.kind, window: x.window, mode: x.mode, t_ms: x.t_ms, busy_ms: x.busy_ms,
    }));
    out.errors = panel.errors.slice(e0);
    out.picture = hex(panel.shown);
    out.flash_ops = { erase: b.flashOps.erase - f0.erase, program: b.flashOps.program - f0.program };
    // chip time by state in the step, ms (board.mjs "Clocks and sleep"), and
    // the clocks as the step left them
    out.states = {};
    for (const k of Object.keys(b.stateNs)) out.states[k] = (b.stateNs[k] - st0[k]) / MS;
    if (b.mcu && b.clockState) out.clocks = b.clockState();
    // garbage collections in the step (with job.heap on)
    if (this.heap) {
      out.collections = this.heapStats.collections - g0;
      // the largest live heap found at a collection in the step (0: none)
      out.live = this.stepLive;
      // the smallest free heap as a collection started, the smallest largest
      // free block after one, and each collection's pause, ms (null: none)
      out.free_min = this.stepFree;
      out.largest_free = this.stepLargest;
      out.gc_ms = this.stepPauses;
    }
    out.wall_ms = Date.now() - w0;
    if (this.job.trace) out.trace = this.readTrace();
    // The core as the step left it (where it sleeps when a step times out).
    if (b.mcu) {
      const c = b.core;
      out.core = { pc: c.PC >>> 0, waiting: c.waiting, primask: c.PM, ipsr: c.IPSR,
        pending: c.pendingInterrupts >>> 0, enabled: c.enabledInterrupts >>> 0, wfi_wakes: b.wfiWakes || 0 };
    }
    if (bootStep && panel.refreshes.length > r0) out.first_frame_ms = panel.refreshes[r0].t_ms;
    if (bootStep) out.latch_ms = b.latchFirstNs === null ? null : b.latchFirstNs / MS;
    return out;
  }

  run() {
    const steps = [];
    for (const s of this.job.steps) {
      this.stepIndex = steps.length;
      const r = this.step(s);
      if (s.token) r.token = s.token;
      steps.push(r);
      // job.progress = N: a line on stderr every N steps (a long soak, bench/rp2_soak.py)
      if (this.job.progress && steps.length % this.job.progress === 0) {
        process.stderr.write(`${steps.length} steps, ${(this.board.nanos / 1e9).toFixed(0)} s of chip time\n`);
      }
      if (r.result === 'off' && !s.until_off) break;
      if ((r.result === 'cut' || r.result === 'cut-late') && !this.job.continue_after_cut) break;
    }
    const b = this.board;
    if (b.powered && b.mcu) b.saveFlash();
    if (this.job.flash_out) fs.writeFileSync(this.job.flash_out, b.flash);
    return {
      steps, console: b.console.slice(-20000), heap: this.heap ? this.heapStats : null,
      flash_ops: b.flashOps, boots: b.boots, errors: b.panel.errors, busy_wait_ms: b.busyWaitNs / MS,
      samples: b.profileResult(),
    };
  }
}

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const res = new Runner(job).run();
process.stdout.write(JSON.stringify(res));
