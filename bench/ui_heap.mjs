// Heap of the UI on the 32-bit WebAssembly MicroPython: plays the scripted
// sessions of tests/portable/ui_sessions.py one button event per top-level
// runPython call, and after each event runs gc.collect() at top level and
// reads gc.mem_alloc(). (This port collects garbage only at top level: it
// cannot scan the WebAssembly stack, so a gc.collect() inside a long-running
// script frees nothing.) UI_HEAP_SESSION=name plays one session only.
// Prints "name value" lines for bench/ui_bench.py.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const mp = await loadMicroPython({ stdout: (l) => process.stdout.write(l + "\n") });

function copyTree(src, dst) {
  try { mp.FS.mkdir(dst); } catch (e) { /* exists */ }
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const s = path.join(src, entry.name);
    const d = dst + "/" + entry.name;
    if (entry.isDirectory()) copyTree(s, d);
    else if (entry.name.endsWith(".py")) mp.FS.writeFile(d, fs.readFileSync(s));
  }
}
copyTree(path.join(root, "firmware"), "/firmware");
try { mp.FS.mkdir("/tests"); } catch (e) { /* exists */ }
copyTree(path.join(root, "tests", "portable"), "/tests/portable");

const heap = () => { mp.runPython("gc.collect()"); mp.runPython("_m = gc.mem_alloc()"); return mp.globals.get("_m"); };
mp.runPython("import gc, sys, os\nos.chdir('/')\nsys.path[:0] = ['/firmware', '/tests/portable']");
const base = heap();
// What each module costs once imported (code and constants live in RAM on a
// stock build: .py or .mpy files on the filesystem are not frozen).
const mods = (process.env.UI_HEAP_MODULES || "").split(",").filter((m) => m);
let prev = base;
for (const m of mods) {
  mp.runPython("import " + m);
  const now = heap();
  console.log("module " + m + " " + (now - prev));
  prev = now;
}
mp.runPython(`
import mptest, ui_sessions
from usher.ui import app, screens, history
_only = ${JSON.stringify(process.env.UI_HEAP_SESSION || "")}

def _steps():
    for name, script in ui_sessions.SESSIONS:
        if _only and name != _only:
            continue
        # run() is a plain loop; re-implemented here as a generator so each
        # event ends a top-level call (see the header).
        from usher.ui.canvas import new_canvas
        data = mptest.tmpdir()
        buf, canvas = new_canvas()
        a = ui_sessions.new_app(name, canvas, data)
        a.start()
        yield 1
        for evs in ui_sessions.events(script):
            for ev in evs:
                if ev == "sleep":
                    a.sleep_screen()
                elif ev == "restart":
                    a = ui_sessions.new_app(name, canvas, data)
                    a.start()
                else:
                    a.handle(ev)
                yield 1
        a = None
        buf = canvas = None
        yield 1

_it = _steps()
`);
const imported = heap();
let peak = imported;
let events = 0;
for (;;) {
  mp.runPython("_more = True\ntry:\n    next(_it)\nexcept StopIteration:\n    _more = False");
  if (!mp.globals.get("_more")) break;
  events += 1;
  const m = heap();
  if (m > peak) peak = m;
}
console.log("heap_base " + base);
console.log("heap_after_import " + imported);
console.log("heap_peak " + peak);
console.log("events " + events);
