// Runs a Python script on MicroPython's WebAssembly port (32-bit, like the
// RP2040) under Node, with the repository's firmware/ and tests/ copied into
// its in-memory filesystem.
// Usage: node tools/wasm_run.mjs SCRIPT.py [args...]
// The script sees sys.path = ['/firmware', '/tests/portable', dir of SCRIPT]
// and sys.argv = [SCRIPT, args...]; it runs with cwd '/'. Exit code 1 when the
// script raises (SystemExit with a non-zero code included).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tools/wasm_run.mjs SCRIPT.py [args...]");
  process.exit(2);
}

const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyTree(src, dst) {
  try { mp.FS.mkdir(dst); } catch (e) { /* exists */ }
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const s = path.join(src, entry.name);
    const d = dst + "/" + entry.name;
    if (entry.isDirectory()) copyTree(s, d);
    else if (/\.(py|txt|json|csv)$/.test(entry.name)) mp.FS.writeFile(d, fs.readFileSync(s));
  }
}
copyTree(path.join(root, "firmware"), "/firmware");
try { mp.FS.mkdir("/tests"); } catch (e) { /* exists */ }
copyTree(path.join(root, "tests", "portable"), "/tests/portable");
const rel = path.relative(root, path.resolve(script));
const scriptDir = "/" + path.dirname(rel);
if (!rel.startsWith("firmware") && !rel.startsWith("tests/portable")) {
  // A script from elsewhere in the repo (bench/, tools/): copy its folder too.
  const parts = path.dirname(rel).split(path.sep);
  let cur = "";
  for (const p of parts) { cur += "/" + p; try { mp.FS.mkdir(cur); } catch (e) { /* exists */ } }
  copyTree(path.join(root, path.dirname(rel)), scriptDir);
}

const argv = JSON.stringify(["/" + rel, ...args]);
const code = `
import sys, os
os.chdir('/')
sys.path[:] = ['/firmware', '/tests/portable', ${JSON.stringify(scriptDir)}] + [p for p in sys.path if p not in ('', '.')]
sys.argv[:] = ${argv}
__name__ = '__main__'
exec(open(${JSON.stringify("/" + rel)}).read(), {'__name__': '__main__', '__file__': ${JSON.stringify("/" + rel)}})
`;
try {
  mp.runPython(code);
} catch (e) {
  const msg = String(e.message || e);
  const m = msg.match(/SystemExit: (\d+)/);
  if (m && m[1] === "0") process.exit(0);
  if (!m) process.stderr.write(msg + "\n");
  process.exit(1);
}
