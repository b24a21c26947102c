// Live-heap sampling of a bench workload on the 32-bit WebAssembly port.
// Usage: node tools/wasm_heap.mjs MODULE [ARG]
// Runs bench/workloads/MODULE.py's Workload(ARG) one step per call from
// JavaScript, and after every step runs gc.collect() and reads gc.mem_alloc()
// in a separate top-level call. (Inside one long Python call this port's
// gc.collect() frees nothing, so sampling must happen between calls.)
// Prints: steps N base B peak P final F (bytes).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const [mod, ...args] = process.argv.slice(2);
const mp = await loadMicroPython({
  stdout: (l) => process.stdout.write(l + "\n"),
  stderr: (l) => process.stderr.write(l + "\n"),
});
function copyTree(src, dst) {
  try { mp.FS.mkdir(dst); } catch (e) { /* exists */ }
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    if (e.name === "__pycache__" || e.name.startsWith(".")) continue;
    const s = path.join(src, e.name);
    if (e.isDirectory()) copyTree(s, dst + "/" + e.name);
    else if (/\.(py|txt|json)$/.test(e.name)) mp.FS.writeFile(dst + "/" + e.name, fs.readFileSync(s));
  }
}
copyTree(path.join(root, "firmware"), "/firmware");
try { mp.FS.mkdir("/bench"); } catch (e) { /* exists */ }
copyTree(path.join(root, "bench", "workloads"), "/bench/workloads");
try {
  mp.runPython(`
import sys, gc
sys.path[:] = ['/firmware', '/bench/workloads'] + list(sys.path)
gc.collect()
BASE = gc.mem_alloc()
W = __import__(${JSON.stringify(mod)}).Workload(*${JSON.stringify(args)})
`);
  const base = mp.globals.get("BASE");
  const used = () => { mp.runPython("gc.collect(); M = gc.mem_alloc()"); return mp.globals.get("M"); };
  let peak = used(), steps = 0;
  for (;;) {
    mp.runPython("R = W.step()");
    if (!mp.globals.get("R")) break;
    steps++;
    const u = used();
    if (u > peak) peak = u;
  }
  console.log(`steps ${steps} base ${base} peak ${peak} final ${used()}`);
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
  process.exit(1);
}
