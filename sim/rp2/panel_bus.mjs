// One panel model (sim/rp2/panels.mjs) on a bus of its own, driven by raw
// command sequences: no chip, no firmware, no driver of ours. The models'
// datasheet tests (tests/host/test_rp2_panels_datasheet.py) write their
// sequences from the datasheets and read back what the glass shows.
//
//   node sim/rp2/panel_bus.mjs JOB.json      (or "-": the job on stdin)
//
// A job: {"panel": "uc8151" | "ssd1680", "steps": [...]}, steps in turn:
//   {"cmd": C, "data": [...]}   a command byte (DC low), then its data bytes
//                               (DC high), all with CS low; "data" may be
//                               {"fill": B, "n": N} for N bytes of B
//   {"data": [...]}             more data bytes for the command under way
//   {"reset_ms": N}             RST low for N ms, then high
//   {"wait_ms": N}              N ms of time
//   {"wait_busy": N}            until BUSY ends (at most N ms); the time it
//                               was held from this step on goes to "busy_ms"
// The result: {"refreshes": [{kind, window, mode, t_ms, busy_ms, picture
// (hex, the glass after it)}], "errors": [...], "busy_ms": [...], "shown":
// hex, "commands": N}.
import fs from 'node:fs';
import { SSD1680, UC8151 } from './panels.mjs';

const MS = 1e6;
const PINS = { cs: 0, dc: 1, rst: 2, busy: 3 };

class Pin {
  constructor() {
    this.outputEnable = true;
    this.outputValue = true;
    this.inputValue = false;
    this.listeners = [];
  }

  addListener(f) {
    this.listeners.push(f);
  }

  set(v) {
    this.outputValue = v;
    for (const f of this.listeners) f();
  }

  setInputValue(v) {
    this.inputValue = v;
  }
}

// The part of rp2040js's clock the models use: time and one-shot alarms.
class Clock {
  constructor() {
    this.nanos = 0;
    this.alarms = new Set();
  }

  createAlarm(callback) {
    const clock = this;
    return {
      at: null,
      schedule(ns) { this.at = clock.nanos + ns; clock.alarms.add(this); },
      cancel() { clock.alarms.delete(this); },
      fire() { clock.alarms.delete(this); callback(); },
    };
  }

  next() {
    let first = null;
    for (const a of this.alarms) if (!first || a.at < first.at) first = a;
    return first;
  }

  advance(ns) {
    const end = this.nanos + ns;
    for (let a = this.next(); a && a.at <= end; a = this.next()) {
      this.nanos = Math.max(this.nanos, a.at);
      a.fire();
    }
    this.nanos = end;
  }
}

const hex = (a) => Buffer.from(a).toString('hex');

function bytes(data) {
  if (Array.isArray(data)) return data;
  return new Array(data.n).fill(data.fill);
}

export function runJob(job) {
  const mcu = { gpio: [new Pin(), new Pin(), new Pin(), new Pin()], clock: new Clock() };
  const board = { lastSpiNs: 0 };
  const Model = job.panel === 'uc8151' ? UC8151 : SSD1680;
  const busyLevel = job.panel === 'uc8151' ? 0 : 1;   // Badger: BUSY low = busy; Waveshare: high
  const panel = new Model(board, PINS, busyLevel);
  panel.attach(mcu);
  const [cs, dc, rst] = [mcu.gpio[PINS.cs], mcu.gpio[PINS.dc], mcu.gpio[PINS.rst]];
  const busyMs = [];
  for (const s of job.steps) {
    if (s.cmd !== undefined) {
      cs.set(false);
      dc.set(false);
      panel.byte(s.cmd);
      dc.set(true);
      for (const b of bytes(s.data || [])) panel.byte(b);
      cs.set(true);
    } else if (s.data !== undefined) {
      cs.set(false);
      dc.set(true);
      for (const b of bytes(s.data)) panel.byte(b);
      cs.set(true);
    } else if (s.reset_ms !== undefined) {
      rst.set(false);
      mcu.clock.advance(s.reset_ms * MS);
      rst.set(true);
    } else if (s.wait_ms !== undefined) {
      mcu.clock.advance(s.wait_ms * MS);
    } else if (s.wait_busy !== undefined) {
      const t0 = mcu.clock.nanos;
      const limit = t0 + s.wait_busy * MS;
      while (panel.busy() && mcu.clock.nanos < limit) mcu.clock.advance(Math.min(panel.busyUntil, limit) - mcu.clock.nanos);
      busyMs.push((mcu.clock.nanos - t0) / MS);
    } else {
      throw new Error(`unknown step ${JSON.stringify(s)}`);
    }
  }
  return {
    refreshes: panel.refreshes.map((r) => ({ ...r, picture: hex(r.picture) })),
    errors: panel.errors,
    busy_ms: busyMs,
    shown: hex(panel.shown),
    commands: panel.commands,
  };
}

if (process.argv[1] && process.argv[1].endsWith('panel_bus.mjs')) {
  const src = process.argv[2] === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(process.argv[2], 'utf8');
  const job = JSON.parse(src);
  const jobs = Array.isArray(job) ? job : [job];
  const out = jobs.map(runJob);
  process.stdout.write(JSON.stringify(Array.isArray(job) ? out : out[0]));
}
