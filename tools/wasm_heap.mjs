// Live-heap sampling of a bench workload on the 32-bit WebAssembly port.
// Usage: node tools/wasm_heap.mjs MODULE [ARG]
// Runs bench/workloads/MODULE.py's Workload(ARG) one step per call from
// JavaScript, and after every step collects garbage and reads gc.mem_alloc()
// in separate top-level calls: this port can only collect garbage at top
// level (it cannot scan the WebAssembly stack), so a gc.collect() inside one
// long Python call frees nothing. The collection runs in two top-level calls:
// the first one after a step still finds stale pointers left by that step
// and can count up to ~11 KB of garbage as live.
// Then, in fresh interpreters, it imports the modules that were loaded at
// the peak: the firmware's (usher.*: "code"), and, after those, the bench's
// and tests' own (the harness, not part of the firmware).
// Prints: steps N base B imported I peak P final F code C harness H (bytes);
// base is the heap before the workload's module is imported, imported after
// its constructor.
import { loadRepoMicroPython } from "./wasm_mp.mjs";

const FOLDERS = ["firmware", "tests/portable", "bench/workloads"];
const [mod, ...args] = process.argv.slice(2);

function heapReader(mp) {
  return () => {
    mp.runPython("import gc\ngc.collect()");
    mp.runPython("gc.collect()\n_M = gc.mem_alloc()");
    return mp.globals.get("_M");
  };
}

const moduleNames = (mp) => {
  mp.runPython("import sys\n_N = ','.join(sorted(sys.modules))");
  return mp.globals.get("_N").split(",").filter((n) => n);
};

try {
  const mp = await loadRepoMicroPython(FOLDERS, FOLDERS);
  const used = heapReader(mp);
  const before = new Set(moduleNames(mp));
  const base = used();
  mp.runPython(`W = __import__(${JSON.stringify(mod)}).Workload(*${JSON.stringify(args)})`);
  const imported = used();
  let peak = imported, steps = 0, atPeak = moduleNames(mp);
  for (;;) {
    mp.runPython("R = W.step()");
    if (!mp.globals.get("R")) break;
    steps++;
    const u = used();
    if (u > peak) { peak = u; atPeak = moduleNames(mp); }
  }
  const final = used();

  // The import cost of the firmware modules resident at the peak, in a fresh
  // interpreter.
  const loaded = atPeak.filter((n) => !before.has(n));
  const firmware = loaded.filter((n) => n.startsWith("usher"));
  const others = loaded.filter((n) => !n.startsWith("usher"));
  const importCost = async (prime, first, second) => {
    const m = await loadRepoMicroPython(FOLDERS, FOLDERS);
    if (prime) {
      // Interned names live in pools that double when full: whichever import
      // crosses a doubling pays for it (up to ~7 KB). Growing the pools
      // first keeps that out of the harness, imported after the firmware.
      m.runPython("class _Q: pass\n_q = _Q()\nfor _i in range(6000): setattr(_q, 'q%d' % _i, 0)\ndel _q");
    }
    const u = heapReader(m);
    const b = u();
    for (const n of first) m.runPython(`import ${n}`);
    const a = u();
    for (const n of second) m.runPython(`import ${n}`);
    return [a - b, u() - a];
  };
  // "code" includes the name pools the firmware's own names need, as on a
  // stock build (a frozen build keeps them in flash).
  const [code] = await importCost(false, firmware, []);
  const [, harness] = await importCost(true, firmware, others);
  console.log(`steps ${steps} base ${base} imported ${imported} peak ${peak} final ${final} ` +
              `code ${code} harness ${harness}`);
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
  process.exit(1);
}
