// Runs a Python script on MicroPython's WebAssembly port under Node, with the
// repository's firmware/ and tests/portable/ (and the script's own folder)
// in its filesystem.
// Usage: node tools/wasm_run.mjs SCRIPT.py [args...]
// The script sees sys.path = ['/firmware', '/tests/portable', its folder] and
// sys.argv = [SCRIPT, args...], cwd '/'. Exit code 1 when the script raises
// (SystemExit with a non-zero code included).
import path from "node:path";
import { ROOT, loadRepoMicroPython } from "./wasm_mp.mjs";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tools/wasm_run.mjs SCRIPT.py [args...]");
  process.exit(2);
}
const rel = path.relative(ROOT, path.resolve(script));
const dir = path.dirname(rel);
const folders = ["firmware", "tests/portable"];
if (!folders.includes(dir) && !dir.startsWith("firmware")) folders.push(dir);
const mp = await loadRepoMicroPython(folders, ["firmware", "tests/portable", dir]);
const file = JSON.stringify("/" + rel);
try {
  mp.runPython(`
import sys
sys.argv[:] = ${JSON.stringify(["/" + rel, ...args])}
exec(open(${file}).read(), {'__name__': '__main__', '__file__': ${file}})
`);
} catch (e) {
  const msg = String(e.message || e);
  const m = msg.match(/SystemExit: (\d+)/);
  if (m && m[1] === "0") process.exit(0);
  if (!m) process.stderr.write(msg + "\n");
  process.exit(1);
}
