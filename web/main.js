// The page's glue: loads MicroPython (WebAssembly), puts the firmware's usher
// package and webdevice.py in its filesystem, copies the data folder in from
// localStorage and back after every change, draws each refresh the device
// would do on the HTML canvas, and turns clicks, touches and keys into button
// levels for the device's own button logic (webdevice.py).
import { loadMicroPython } from "./micropython.mjs";

const WIDTH = 296;
const HEIGHT = 128;
const STRIDE = WIDTH / 8;
const DATA = "/data";
const STORE = "usher:file:";       // localStorage key prefix: one key per file of /data
const IDLE_POLL_MS = 1000;         // the idle power-off check while nothing is held
const FLASH_MS = 90;               // each phase of a clean refresh's flash
const KEYS = { KeyA: "A", KeyB: "B", KeyC: "C", ArrowUp: "UP", ArrowDown: "DOWN" };
const INK = [0x1c, 0x1b, 0x19];
const PAPER = [0xde, 0xdb, 0xd2];

const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const canvas = $("screen");
const ctx = canvas.getContext("2d");
const frameCanvas = document.createElement("canvas");
frameCanvas.width = WIDTH;
frameCanvas.height = HEIGHT;
const frameCtx = frameCanvas.getContext("2d");
const frameImage = frameCtx.createImageData(WIDTH, HEIGHT);

// What tests and the bench read (tests/host/test_web_page.py, bench/web.py).
const usher = {
  timings: {},               // performance.now() marks: wasm, booted, firstFrame
  steps: [],                 // every step that handled events: {events, shown, ms, latency}
  scale: 0,
  frame: null,               // the last frame shown (MONO_HLSB bytes)
  error: null,
};
window.usher = usher;

let mp = null;
let dev = null;
let info = null;
let pollMs = 10;
let minLevelMs = 50;
let timer = null;
let lastReport = null;
let flashing = 0;
let flashTimers = [];
const storeCache = new Map();
// Button levels the page wants, queued so every level lasts long enough
// for the device's debounce to see it (a click can be 1 ms long).
const queue = { A: [], B: [], C: [], UP: [], DOWN: [] };
const level = { A: false, B: false, C: false, UP: false, DOWN: false };
const changedAt = { A: 0, B: 0, C: 0, UP: 0, DOWN: 0 };
let inputAt = null;        // when the first input of a press arrived (latency)
let stopped = null;        // why saving stopped (a reset, another tab), or null
let injected = false;      // a whole long press handed to the device, not yet stepped

// --- the screen ---------------------------------------------------------------
function fitScale() {
  const dpr = window.devicePixelRatio || 1;
  const box = document.querySelector("main").clientWidth - 2 * 14 - 4;
  const avail = Math.min(box, 1000);
  const high = Math.max(window.innerHeight * 0.62, 200);
  // Integer device pixels per panel pixel: sharp edges at any zoom.
  const s = Math.max(1, Math.floor(Math.min(avail * dpr / WIDTH, high * dpr / HEIGHT)));
  if (s !== usher.scale) {
    usher.scale = s;
    canvas.width = WIDTH * s;
    canvas.height = HEIGHT * s;
    canvas.style.width = (WIDTH * s / dpr) + "px";
    canvas.style.height = (HEIGHT * s / dpr) + "px";
    $("buttons").style.width = canvas.style.width;
    paint(flashing ? null : usher.frame);
  }
}

function paint(frame, fill) {
  ctx.imageSmoothingEnabled = false;
  if (!frame) {
    const c = fill || PAPER;
    ctx.fillStyle = "rgb(" + c.join(",") + ")";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    return;
  }
  const d = frameImage.data;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const bit = (frame[y * STRIDE + (x >> 3)] >> (7 - (x & 7))) & 1;
      const c = bit ? INK : PAPER;
      const i = (y * WIDTH + x) * 4;
      d[i] = c[0]; d[i + 1] = c[1]; d[i + 2] = c[2]; d[i + 3] = 255;
    }
  }
  frameCtx.putImageData(frameImage, 0, 0);
  ctx.drawImage(frameCanvas, 0, 0, canvas.width, canvas.height);
}

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

// A clean refresh flashes like the e-ink (ink, then paper, then the picture);
// a fast or partial one just changes the picture (PL-15).
function present(clean) {
  flashTimers.forEach(clearTimeout);
  flashTimers = [];
  if (!clean || params.get("flash") === "0") {
    flashing = 0;
    paint(usher.frame);
    return;
  }
  flashing = 1;
  paint(null, INK);
  flashTimers.push(setTimeout(() => paint(null, PAPER), FLASH_MS));
  flashTimers.push(setTimeout(() => { flashing = 0; paint(usher.frame); }, 2 * FLASH_MS));
}

// --- the data folder <-> localStorage --------------------------------------------
function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function unb64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function mkdirs(path) {
  let cur = "";
  for (const part of path.split("/").filter((p) => p)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

function walk(dir, out) {
  for (const name of mp.FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const p = dir + "/" + name;
    if (mp.FS.isDir(mp.FS.stat(p).mode)) walk(p, out);
    else out[p] = mp.FS.readFile(p);
  }
}

function restoreData() {
  mkdirs(DATA);
  try {
    localStorage.length;
  } catch (e) {
    status("This browser keeps no local storage here (" + e.name + "): games are not saved.");
    return;
  }
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(STORE)) continue;
    const path = key.slice(STORE.length);
    if (!path.startsWith(DATA + "/")) continue;
    const value = localStorage.getItem(key);
    mkdirs(path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, unb64(value));
    storeCache.set(path, value);
  }
}

function saveData() {
  if (stopped) return;
  const files = {};
  walk(DATA, files);
  try {
    for (const path of Object.keys(files)) {
      const value = b64(files[path]);
      if (storeCache.get(path) !== value) {
        localStorage.setItem(STORE + path, value);
        storeCache.set(path, value);
      }
    }
    for (const path of [...storeCache.keys()]) {
      if (!(path in files)) {
        localStorage.removeItem(STORE + path);
        storeCache.delete(path);
      }
    }
  } catch (e) {
    status("This browser would not store the save (" + e.name + "): it will be lost on reload.");
  }
}

// --- the device loop ---------------------------------------------------------------
// Shows a step's refreshes and keeps its data; returns the entry recorded
// in usher.steps (a step that handled button events) or null.
function apply(report, ms) {
  lastReport = report;
  showShare(report.share);
  let entry = null;
  if (report.shown.length) {
    usher.frame = hexBytes(report.frame);
    present(report.shown.some((s) => s[0] === "clean"));
    if (usher.timings.firstFrame === undefined) {
      usher.timings.firstFrame = performance.now();
      $("loading").hidden = true;
    }
    const last = report.shown[report.shown.length - 1];
    showCounts(report, last);
  }
  if (report.events.length) {
    const now = performance.now();
    // ms: the device loop's pass in MicroPython (button logic, App.handle,
    // redraw, the frame as hex); latency: from the input that started the
    // press to the refresh beginning on screen; total (set by call): ms plus
    // drawing and saving in the page.
    entry = { events: report.events, shown: report.shown, ms: ms, total: null,
              latency: inputAt === null ? null : now - inputAt, at: now };
    usher.steps.push(entry);
    if (usher.steps.length > 2000) usher.steps.shift();
    inputAt = null;
  }
  if (report.events.length || report.shown.length) saveData();
  for (const b of Object.keys(level)) {
    const el = document.querySelector('[data-button="' + b + '"]');
    if (el) el.classList.toggle("down", level[b] || report.down.includes(b));
  }
  return entry;
}

// PL-19: while the screen shows a play's BG Stats code, the same link under it.
function showShare(link) {
  const p = $("share");
  if (!p) return;
  p.hidden = !link;
  if (link) $("share-link").href = link;
}

function showCounts(report, last) {
  const c = report.counts;
  let text = "Refreshes: " + c.clean + " clean, " + c.fast + " fast, " + c.partial + " partial, " + c.turbo + " turbo";
  const win = last && (last[0] === "partial" || last[0] === "turbo");
  if (last) text += " \u00b7 last: " + last[0] + (win ? " (rows " + last[2] + "\u2013" + (last[2] + last[4] - 1) + ")" : "");
  if (report.asleep) text += " \u00b7 asleep: press a button to wake it";
  if (stopped) text += " \u00b7 " + stopped;
  status(text);
}

function status(text) { $("status").textContent = text; }

function call(fn) {
  const t = performance.now();
  const report = JSON.parse(fn());
  const entry = apply(report, performance.now() - t);
  if (entry) entry.total = performance.now() - t;
  return report;
}

function feedLevels() {
  // Apply the queued level of each button once the current one has lasted
  // minLevelMs and the device's debounced state has caught up with it.
  const now = performance.now();
  for (const b of Object.keys(queue)) {
    const q = queue[b];
    if (!q.length) continue;
    const caught = lastReport && (lastReport.down.includes(b) === level[b]);
    if (caught && now - changedAt[b] >= minLevelMs) {
      level[b] = q.shift();
      changedAt[b] = now;
      dev.level(b, level[b]);
    }
  }
}

function busy() {
  if (injected || !lastReport || !lastReport.settled) return true;
  for (const b of Object.keys(queue)) if (queue[b].length || level[b]) return true;
  return false;
}

function tick() {
  timer = null;
  try {
    feedLevels();
    injected = false;
    call(() => dev.step());
  } catch (e) {
    fail(e);
    return;
  }
  schedule(busy() ? pollMs : IDLE_POLL_MS);
}

function schedule(ms) {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(tick, ms);
}

// --- buttons -------------------------------------------------------------------------
function want(b, down) {
  if (!dev) return;
  const q = queue[b];
  const last = q.length ? q[q.length - 1] : level[b];
  if (last === down) return;
  if (down && inputAt === null) inputAt = performance.now();
  q.push(down);
  schedule(0);
}

function longPress(b) {
  if (!dev) return;
  if (inputAt === null) inputAt = performance.now();
  dev.long_press(b);
  injected = true;
  schedule(0);
}

function releaseAll() {
  for (const b of Object.keys(queue)) want(b, false);
}

function setupButtons() {
  for (const el of document.querySelectorAll("[data-button]")) {
    const b = el.dataset.button;
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      if (e.pointerType === "mouse" && e.button === 2) {
        if (b !== "UP" && b !== "DOWN") longPress(b);   // right-click: long press, as in the simulator
        return;
      }
      if (e.button !== 0) return;
      try { el.setPointerCapture(e.pointerId); } catch (err) { /* synthetic pointer */ }
      want(b, true);
    });
    const up = () => want(b, false);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("lostpointercapture", up);
    el.addEventListener("contextmenu", (e) => e.preventDefault());
    // Enter/Space on a focused button: a tap.
    el.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && !e.repeat) { e.preventDefault(); want(b, true); want(b, false); }
    });
  }
  const held = new Set();
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const b = KEYS[e.code];
    if (b) {
      e.preventDefault();
      if (e.repeat) return;
      if (e.shiftKey && b !== "UP" && b !== "DOWN") { longPress(b); return; }
      held.add(e.code);
      want(b, true);
    } else if (e.code === "KeyZ" && !e.repeat && dev) {
      call(() => dev.sleep_now());
      schedule(IDLE_POLL_MS);
    } else if (e.code === "KeyR" && !e.repeat && !e.shiftKey && dev) {
      call(() => dev.power_cycle());
      schedule(pollMs);
    }
  });
  document.addEventListener("keyup", (e) => {
    if (held.has(e.code)) {
      held.delete(e.code);
      want(KEYS[e.code], false);
    }
  });
  window.addEventListener("blur", () => { held.clear(); releaseAll(); });
}

// --- owner data and reset ----------------------------------------------------------------
function setupOwner() {
  const kind = $("owner-kind");
  for (const [name, path, what] of info.kinds) {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = what;
    o.title = path;
    kind.appendChild(o);
  }
  const input = $("owner-file");
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, info.max_bytes + 1).arrayBuffer());
    const result = JSON.parse(mp.pyimport("webdevice").check_owner(kind.value, b64(head), file.name, file.size));
    const out = $("owner-result");
    out.hidden = false;
    out.className = "result" + (result.ok ? " ok" : "");
    out.textContent = result.lines.join("\n");
    saveData();
    input.value = "";
  });
}

// One device per browser: when another tab of this page saves, this one
// stops saving (it would overwrite the other's game) and says so.
window.addEventListener("storage", (e) => {
  if (e.key === null || e.key.startsWith(STORE)) {
    stopped = "not saved: Usher was used in another tab, reload to continue from there";
    status(stopped);
  }
});

// Bound before the boot, so a device that cannot start can still be reset.
$("reset").addEventListener("click", () => {
  if (!confirm("Reset the device? The saved game, settings, records and owner data kept in this browser are deleted.")) return;
  stopped = "reset";   // nothing may be saved again before the page is gone
  clearStore();
  location.reload();
});

function clearStore() {
  storeCache.clear();
  try { localStorage.length; } catch (e) { return; }
  const keys = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith(STORE)) keys.push(k);
  }
  keys.forEach((k) => localStorage.removeItem(k));
}

function fail(e) {
  usher.error = String(e && e.message || e);
  console.error(e);
  const box = $("loading");
  box.hidden = false;
  box.classList.add("error");
  box.textContent = "Usher could not run here:\n" + usher.error;
}

// --- boot ----------------------------------------------------------------------------------
async function boot() {
  fitScale();
  paint(null);
  window.addEventListener("resize", fitScale);
  const [bundle, loaded] = await Promise.all([
    fetch("usher-files.json").then((r) => { if (!r.ok) throw new Error("usher-files.json: " + r.status); return r.json(); }),
    loadMicroPython({ url: new URL("micropython.wasm", import.meta.url).href,
                      stdout: (line) => console.log(line), stderr: (line) => console.warn(line) }),
  ]);
  mp = loaded;
  usher.timings.wasm = performance.now();
  for (const path of Object.keys(bundle.files)) {
    mkdirs("/" + path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile("/" + path, bundle.files[path]);
  }
  restoreData();
  mp.runPython("import sys\nsys.path[:] = ['/lib'] + [p for p in sys.path if p not in ('', '.')]\n" +
               "import webdevice\ndevice = webdevice.Device(" + (params.get("seeds") === "fixed" ? "True" : "False") + ")");
  dev = mp.globals.get("device");
  info = JSON.parse(mp.pyimport("webdevice").info());
  pollMs = info.poll_ms;
  minLevelMs = info.timings.debounce + 2 * pollMs;
  $("version").textContent = "Usher " + info.version + " \u00b7 " + info.micropython.replace(/^[^;]*; /, "") +
    " (WebAssembly, @micropython/micropython-webassembly-pyscript " + bundle.micropython_package + ")";
  setupButtons();
  setupOwner();
  call(() => dev.boot());
  usher.timings.booted = performance.now();
  schedule(pollMs);
}

usher.ready = boot().catch(fail);

// For tests: resolves once nothing is held or queued, the device has no
// refresh pending and no flash is running.
usher.idle = () => new Promise((resolve) => {
  const check = () => (dev && !busy() && !flashing ? resolve(true) : setTimeout(check, 15));
  check();
});
