// MicroPython's WebAssembly port (32-bit, like the RP2040) loaded under Node
// with folders of this repository copied into its in-memory filesystem at
// the same relative paths (firmware/ -> /firmware, ...). Shared by
// tools/wasm_run.mjs (run a script) and tools/wasm_heap.mjs (heap bench).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function mkdirs(mp, dir) {
  let cur = "";
  for (const part of dir.split("/").filter((p) => p)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

function copyTree(mp, src, dst) {
  mkdirs(mp, dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const s = path.join(src, entry.name);
    const d = dst + "/" + entry.name;
    if (entry.isDirectory()) copyTree(mp, s, d);
    else if (/\.(py|txt|json|csv)$/.test(entry.name)) mp.FS.writeFile(d, fs.readFileSync(s));
  }
}

// folders: repository-relative folders to copy; the first ones also become
// sys.path entries (pathFolders). Returns the loaded MicroPython.
export async function loadRepoMicroPython(folders, pathFolders) {
  const mp = await loadMicroPython({
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  for (const f of folders) copyTree(mp, path.join(ROOT, f), "/" + f);
  const entries = JSON.stringify(pathFolders.map((f) => "/" + f));
  mp.runPython(`import sys, os\nos.chdir('/')\nsys.path[:] = ${entries} + [p for p in sys.path if p not in ('', '.')]`);
  return mp;
}
