"""The emulated board's fast-forward of busy_wait_us (sim/rp2/board.mjs
busyWaitHook, job "busy_wait"): at the routine's entry, with no interrupt
able to come (PRIMASK set, or none enabled), the board returns to the
caller and lets the clock run the asked microseconds, counted as computing;
with an interrupt enabled and PRIMASK clear the routine runs as it is.
Here the "routine" is a branch to itself (b .), so only the fast-forward
ever leaves it: real instructions on rp2040js's core, a bootrom made up
with the two flash routines the board looks for.
"""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = r"""
import { Board } from './sim/rp2/board.mjs';
const out = [];
for (const c of JSON.parse(process.argv[1])) {
  // a bootrom with its function table at 0x100: 'RE' and 'RP' (never reached)
  const rom = Buffer.alloc(16384);
  rom.writeUInt16LE(0x100, 0x14);
  rom.writeUInt16LE(0x4552, 0x100); rom.writeUInt16LE(0x200, 0x102);
  rom.writeUInt16LE(0x5052, 0x104); rom.writeUInt16LE(0x210, 0x106);
  // flash: 0x10000000 "b ." (the busy wait), 0x10000010 "b ." (the caller's return)
  const fw = Buffer.alloc(64);
  fw.writeUInt16LE(0xe7fe, 0); fw.writeUInt16LE(0xe7fe, 0x10);
  const b = new Board({ bootrom: rom, firmware: fw, profile: 'pico_epaper29' });
  b.boot();
  b.busyWait = c.hook ? 0x10000000 : -1;
  const core = b.core;
  core.PM = c.primask;
  core.enabledInterrupts = c.enabled;
  core.registers[0] = c.us; core.registers[1] = 0;
  core.LR = 0x10000011;
  core.PC = 0x10000000;
  b.run(c.run_ms * 1e6);
  out.push({ pc: core.PC >>> 0, t_ms: b.nanos / 1e6, active_ms: b.activeNs / 1e6,
             stalled_ms: b.busyWaitNs / 1e6 });
}
process.stdout.write(JSON.stringify(out));
"""


def run(cases):
    r = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, json.dumps(cases)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def case(us=2500, primask=True, enabled=0, hook=True, run_ms=5):
    return {"us": us, "primask": primask, "enabled": enabled, "hook": hook, "run_ms": run_ms}


def test_busy_wait_runs_the_clock_and_returns_to_the_caller():
    got = run([case(), case(primask=False), case(primask=False, enabled=1), case(hook=False)])
    # PRIMASK set: back at the caller's return, 2.5 ms of chip time counted as computing
    assert got[0]["pc"] == 0x10000010
    assert abs(got[0]["stalled_ms"] - 2.5) < 0.01
    assert got[0]["t_ms"] >= 5 and got[0]["active_ms"] >= 5
    # no interrupt enabled: the same
    assert got[1]["pc"] == 0x10000010 and abs(got[1]["stalled_ms"] - 2.5) < 0.01
    # an interrupt enabled, PRIMASK clear: the routine itself runs (and spins here)
    assert got[2]["pc"] == 0x10000000 and got[2]["stalled_ms"] == 0
    # without the job's address nothing is fast-forwarded
    assert got[3]["pc"] == 0x10000000 and got[3]["stalled_ms"] == 0
    assert got[3]["active_ms"] >= 5
