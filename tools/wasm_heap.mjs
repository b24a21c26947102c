// Live-heap sampling of a bench workload on the 32-bit WebAssembly port.
// Usage: node tools/wasm_heap.mjs MODULE [ARG]
// Runs bench/workloads/MODULE.py's Workload(ARG) one step per call from
// JavaScript, and after every step runs gc.collect() and reads gc.mem_alloc()
// in a separate top-level call: this port can only collect garbage at top
// level (it cannot scan the WebAssembly stack), so a gc.collect() inside one
// long Python call frees nothing.
// Prints: steps N base B imported I peak P final F (bytes); base is the heap
// before the workload's module is imported, imported after its constructor.
import { loadRepoMicroPython } from "./wasm_mp.mjs";

const [mod, ...args] = process.argv.slice(2);
const mp = await loadRepoMicroPython(["firmware", "tests/portable", "bench/workloads"],
                                     ["firmware", "tests/portable", "bench/workloads"]);
const used = () => { mp.runPython("import gc\ngc.collect()\n_M = gc.mem_alloc()"); return mp.globals.get("_M"); };
try {
  const base = used();
  mp.runPython(`W = __import__(${JSON.stringify(mod)}).Workload(*${JSON.stringify(args)})`);
  const imported = used();
  let peak = imported, steps = 0;
  for (;;) {
    mp.runPython("R = W.step()");
    if (!mp.globals.get("R")) break;
    steps++;
    const u = used();
    if (u > peak) peak = u;
  }
  console.log(`steps ${steps} base ${base} imported ${imported} peak ${peak} final ${used()}`);
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
  process.exit(1);
}
