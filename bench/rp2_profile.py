"""Where the chip's time goes on the emulated RP2040 (PL-16, sim/rp2/): one
scripted session on an image, the core's PC sampled every N cycles of
computing (board.mjs startProfile), each sample mapped to the C function
that holds it with the image's ELF (arm-none-eabi-nm), then grouped.

  python bench/rp2_profile.py multisala_solo          frozen Badger image
  python bench/rp2_profile.py theatre_game --every 500 --top 40
  python bench/rp2_profile.py multisala_solo --stock  stock MicroPython + .mpy
  python bench/rp2_profile.py multisala_solo --heap --phases   (--phases also prints the free
                                                    heap after a collection at the first
                                                    picture and at a game's end)
  python bench/rp2_profile.py takeaseat_solo --steps 78,92   two presses only (by their index
                                                    in the session, the boot being 0)
  python bench/rp2_profile.py takeaseat_solo --circuitpython --script C,C,UP,C,DOWN,DOWN,DOWN,DOWN
                                                    the CircuitPython image (a script of its own:
                                                    its whole sessions take many minutes)
  python bench/rp2_profile.py takeaseat_solo --circuitpython --idle 3000
                                                    what the idle CircuitPython image computes
  python bench/rp2_profile.py takeaseat_solo --idle 3000   the same on the MicroPython image

It prints, for the presses only (the boot is left out): the share of the
computing time per group (the bytecode VM and the runtime it calls, the
garbage collector, framebuf, SPI and DMA, littlefs and flash access, JSON,
...), the flash operations' stall time (erase and program, which the
emulator times after the W25Q16JV datasheet and counts as computing), and
the top functions with their callers (the LR at the sample, which for a
function that has called another since its entry is stale: read it as a
hint). Figures are shares of the samples; with --every 1000 one sample is
8 us of chip time. --heap adds the live heap at its peak by object type;
--phases the firmware's own per-phase timers (usher.device.trace.Trace,
turned on by "trace": true in device.json, which nothing else sets).
"""
import argparse
import bisect
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "firmware"))

import sim.rp2 as rp2  # noqa: E402

CYCLE_NS = 8

# Groups by function name: the first pattern that matches wins (prefix match,
# or substring with a leading '*').
GROUPS = (
    ("gc", ("gc_", "*_gc_")),
    # CircuitPython: EPaperDisplay converting the displayio Group pixel by pixel
    # (the board's byte-wise conversion, __wrap_displayio_tilegrid_fill_area, too)
    ("displayio", ("displayio_", "common_hal_displayio", "epaperdisplay_", "common_hal_epaperdisplay",
                   "__wrap_displayio")),
    # CircuitPython: background tasks at every tick (1/1024 s) and its timekeeping
    ("background, ticks (CircuitPython)", ("*background", "port_get_raw_ticks", "y64", "supervisor_",
                                          "port_", "divmod_u64", "*uldivmod")),
    ("framebuf", ("framebuf", "mono_", "mvlsb_", "*fill_rect", "*setpixel", "*getpixel", "rgb565_", "gs2_",
                  "gs4_", "gs8_")),
    ("SPI/DMA", ("machine_spi", "spi_", "dma_", "*_spi_")),
    ("littlefs/vfs", ("lfs", "mp_vfs", "*vfs_lfs", "mp_reader", "*blockdev", "rp2_flash", "flash_")),
    ("json", ("mod_json", "json", "mp_obj_print", "*_print")),
    ("memcpy/memset", ("memcpy", "memset", "memmove", "__aeabi_mem", "memcmp", "__wrap_mem")),
    ("idle/sleep", ("mp_hal_delay", "best_effort_wfe", "*sleep", "mp_event_wait", "mp_hal_ticks",
                    "time_us", "mp_event", "*wfe")),
    ("arith libgcc", ("__aeabi", "__wrap___aeabi", "____wrap___aeabi", "__divsi", "__udiv", "divmod",
                      "rom_", "*_div_")),
    ("bytecode VM", ("mp_execute_bytecode",)),
    ("runtime (calls, attrs, objects)", ("mp_", "fun_", "*_call", "qstr", "str_", "list_", "dict_", "tuple_",
                                         "array_", "bytearray", "mpz", "small_int", "*_subscr",
                                         "*_attr", "*_iternext", "*_getiter", "*_binary_op", "*_unary_op",
                                         "type_", "instance_", "native_", "bound_meth", "closure",
                                         "range_", "int_", "float_", "bool_", "map_", "set_", "memoryview",
                                         "*_make_new", "*_len")),
)


def symbols(elf, kinds="tTwW"):
    out = subprocess.run(["arm-none-eabi-nm", "-n", "-S", "--defined-only", elf], capture_output=True,
                         text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in kinds:
            syms.append((int(p[0], 16), int(p[1], 16), p[3]))
        elif len(p) == 3 and p[1] in kinds:
            syms.append((int(p[0], 16), 0, p[2]))
    syms.sort()
    return syms


class Mapper:
    def __init__(self, elf, kinds="tTwW"):
        self.syms = symbols(elf, kinds)
        self.addrs = [s[0] for s in self.syms]

    def name(self, pc):
        i = bisect.bisect_right(self.addrs, pc) - 1
        if i < 0:
            return "?%x" % pc
        a, size, n = self.syms[i]
        if size and pc >= a + size + 4:
            return "?%x" % pc
        return n


def group(name):
    for g, pats in GROUPS:
        for p in pats:
            if p.startswith("*"):
                if p[1:] in name:
                    return g
            elif name.startswith(p):
                return g
    if name.startswith("?"):
        return "unknown (ROM, RAM code)"
    return "other C"


def report(result, top, phase="press", only=None):
    m = Mapper(result["elf"])
    prof = result["samples"]
    every = prof["every_cycles"]
    hist = prof["pc"].get(phase, {})
    lr = prof["lr"].get(phase, {})
    flash_ns = prof["flash_ns"].get(phase, 0)
    total = sum(hist.values())
    per_fn = {}
    for pc, n in hist.items():
        f = m.name(int(pc))
        per_fn[f] = per_fn.get(f, 0) + n
    callers = {}
    for key, n in lr.items():
        pc, l = key.split(":")
        f = m.name(int(pc))
        c = m.name(int(l) & ~1)
        callers.setdefault(f, {})
        callers[f][c] = callers[f].get(c, 0) + n
    per_group = {}
    for f, n in per_fn.items():
        g = group(f)
        per_group[g] = per_group.get(g, 0) + n
    presses = [s for s in result["steps"] if s.get("token") and s["token"].lower() != "restart"]
    if only:
        presses = [result["steps"][i] for i in only if i < len(result["steps"])]
    active = sum(s["active_ms"] for s in presses)
    comp_ms = total * every * CYCLE_NS / 1e6
    print("%d presses: %.0f ms active in all (%.0f ms per press); of it %.0f ms executing (%d samples, "
          "one per %d cycles) and %.0f ms stalled in flash erase/program"
          % (len(presses), active, active / max(1, len(presses)), comp_ms, total, every, flash_ns / 1e6))
    fo = {"erase": 0, "program": 0}
    for s in presses:
        for k in fo:
            fo[k] += s["flash_ops"][k]
    print("flash operations in the presses: %d sector erases, %d page programs"
          % (fo["erase"], fo["program"]))
    stack = c_stack(result["elf"], prof.get("min_sp", {}).get(phase))
    if stack:
        print("C stack: %d of %d bytes at the deepest sample, in %s (sampled: the true deepest "
              "can be a little more)" % (stack + (m.name(int(prof["min_sp_pc"][phase])),)))
    act = sorted(s["active_ms"] for s in presses)
    if act:
        print("compute per press (as bench/rp2.py): median %.0f, p95 %.0f, max %.0f ms"
              % (act[len(act) // 2], act[min(len(act) - 1, int(round(0.95 * (len(act) - 1))))], act[-1]))
    print()
    print("%-34s %8s %6s" % ("group", "ms", "%"))
    for g, n in sorted(per_group.items(), key=lambda x: -x[1]):
        print("%-34s %8.0f %5.1f%%" % (g, n * every * CYCLE_NS / 1e6, 100.0 * n / total))
    print()
    print("%-40s %6s  %s" % ("function", "%", "callers (LR at the sample)"))
    for f, n in sorted(per_fn.items(), key=lambda x: -x[1])[:top]:
        cs = sorted(callers.get(f, {}).items(), key=lambda x: -x[1])[:3]
        print("%-40s %5.1f%%  %s" % (f[:40], 100.0 * n / total,
                                     ", ".join("%s %.0f%%" % (c, 100.0 * k / n) for c, k in cs)))


def c_stack(elf, min_sp):
    """(bytes used at the deepest sampled point, the stack's size) from the
    lowest stack pointer sampled and the ELF's __StackTop/__StackBottom, or
    None."""
    if not min_sp:
        return None
    ends = dict((n, a) for a, _, n in symbols(elf, "AB") if n in ("__StackTop", "__StackBottom"))
    if len(ends) != 2:
        return None
    return ends["__StackTop"] - min_sp, ends["__StackTop"] - ends["__StackBottom"]


def heap_report(result, top):
    """The live heap at its peak by the first word of each object: a type
    (mp_type_dict, ...) for objects that carry one; anything else (dict and
    list storage, strings' bytes, buffers, bytecode of .mpy files) counts as
    untyped storage, by size."""
    heap = result["heap"]
    census = heap.get("census") or {}
    m = Mapper(result["elf"], "dDrRbB")
    per = {}
    for word, (n, size) in census.items():
        w = int(word)
        name = m.name(w) if 0x10000000 <= w < 0x10200000 or 0x20000000 <= w < 0x20042000 else None
        if name is None or name.startswith("?") or not (name.startswith("mp_type") or "type" in name):
            name = "untyped storage %s B" % (size // n if n else 0) if size // max(n, 1) <= 64 else \
                "untyped storage > 64 B"
        e = per.setdefault(name, [0, 0])
        e[0] += n
        e[1] += size
    total = sum(v[1] for v in per.values())
    step = heap.get("peak_step")
    token = result["steps"][step].get("token") if step is not None and step < len(result["steps"]) else None
    print("live heap at its peak: %d bytes in %d objects (peak_live %s), in step %s (%s)"
          % (total, sum(v[0] for v in per.values()), heap.get("peak_live"), step, token))
    print("%-44s %7s %8s" % ("first word (type)", "objects", "bytes"))
    for name, (n, size) in sorted(per.items(), key=lambda x: -x[1][1])[:top]:
        print("%-44s %7d %8d" % (name[:44], n, size))
    big = sorted(((int(w), v) for w, v in census.items() if v[1] // max(v[0], 1) >= 1024),
                 key=lambda x: -x[1][1])
    if big:
        print("objects of 1 KB or more: " + ", ".join("%d B x%d" % (v[1] // v[0], v[0]) for _, v in big))
    for size, head in sorted(heap.get("census_big") or [], key=lambda x: -x[0]):
        raw = bytes.fromhex(head)
        text = "".join(chr(c) if 32 <= c < 127 else "." for c in raw)
        words = " ".join("%08x" % int.from_bytes(raw[i:i + 4], "little") for i in range(0, 16, 4))
        first = m.name(int.from_bytes(raw[:4], "little")) or ""
        print("  live object %6d B  %s  %s  %s" % (size, words, text, first))
    funs = heap.get("census_funs")
    if funs:
        fun_report(funs, m, top)
    objects = heap.get("census_objects")
    if objects:
        owner_report(objects, m, QstrNames(result["elf"]), top)


class QstrNames:
    """A qstr's text from the image's two constant pools
    (mp_qstr_frozen_const_pool, whose prev is mp_qstr_const_pool): py/qstr.h
    qstr_pool_t, with its hashes when the port keeps them (found by which
    layout gives lengths that match the strings)."""

    def __init__(self, elf):
        self.flash = b""
        self.pools = []
        binary = elf[:-4] + ".bin"
        ends = dict((n, a) for a, _, n in symbols(elf, "dDrR") if n == "mp_qstr_frozen_const_pool")
        if not os.path.exists(binary) or not ends:
            return
        with open(binary, "rb") as f:
            self.flash = f.read()
        at = ends["mp_qstr_frozen_const_pool"]
        while at:
            prev, first, alloc, length = self._words(at, 4)
            first &= 0x7fffffff
            for hashed in (1, 0):
                lengths, qstrs = self._words(at + 16 + 4 * hashed, 2)[0], at + 20 + 4 * hashed
                if length and self._ok(lengths, qstrs):
                    self.pools.append((first, length, lengths, qstrs))
                    break
            at = prev

    def _words(self, addr, n):
        o = addr - 0x10000000
        if o < 0 or o + 4 * n > len(self.flash):
            return [0] * n
        return [int.from_bytes(self.flash[o + 4 * i:o + 4 * i + 4], "little") for i in range(n)]

    def _ok(self, lengths, qstrs):
        n = self.flash[lengths - 0x10000000] if 0 <= lengths - 0x10000000 < len(self.flash) else None
        text = self._words(qstrs, 1)[0] - 0x10000000
        return n is not None and 0 <= text < len(self.flash) and self.flash[text + n] == 0

    def name(self, q):
        for first, length, lengths, qstrs in self.pools:
            if first <= q < first + length:
                n = self.flash[lengths - 0x10000000 + q - first]
                text = self._words(qstrs + 4 * (q - first), 1)[0] - 0x10000000
                return self.flash[text:text + n].decode("utf-8", "replace")
        return "q%d" % q


def owner_report(objects, m, qstrs, top):
    """The live heap by what holds each object: a dictionary's table by the
    dictionary's holder (a module's globals, a class's methods, an
    instance's attributes), list storage by the list's holder, and so on, so
    that the untyped storage of the census has an owner."""
    by_at = dict((o[0], o) for o in objects)
    classes = dict((o[0], qstrs.name(o[4])) for o in objects if o[4])
    modules = {}
    for o in objects:
        if len(o) > 5 and o[5] is not None:
            names = [qstrs.name(v) for k, v in o[5] if qstrs.name(k) == "__name__"]
            modules[o[0]] = names[0] if names else "?"
    # a module whose name was interned at run time (not in the image's
    # pools) is named by one of its functions' bytecode symbols
    by_code = _module_of_code(m)
    for o in objects:
        if len(o) > 6 and o[6] and o[6][1] in modules and modules[o[6][1]].startswith("q"):
            name = by_code(o[6][0])
            if name:
                modules[o[6][1]] = name
    tables = []

    def kind(o):
        if o is None:
            return "(a root: the stack, registers or the VM's state)"
        w = o[2]
        if w in classes:
            return "instance of " + classes[w]
        if o[4]:
            return "class " + classes[o[0]]
        name = m.name(w) if 0x10000000 <= w < 0x10200000 or 0x20000000 <= w < 0x20042000 else None
        if name and (name.startswith("mp_type") or "type" in name) and not name.startswith("?"):
            return name
        return None

    per = {}
    for o in objects:
        k = kind(o)
        if k is None:
            owner = by_at.get(o[3])
            ok = kind(owner)
            if ok in ("mp_type_dict", "mp_type_list", "mp_type_tuple", "mp_type_set") and owner is not None:
                k = "storage of %s held by %s" % (ok[8:], kind(by_at.get(owner[3])) or "storage")
                if owner[3] in modules:
                    tables.append((o[1], modules[owner[3]]))
            else:
                k = "storage held by %s" % (ok or "storage")
        elif k in ("mp_type_dict", "mp_type_list", "mp_type_fun_bc", "mp_type_closure", "mp_type_cell",
                   "mp_type_tuple", "mp_type_str", "mp_type_bound_meth"):
            k = "%s held by %s" % (k[8:], kind(by_at.get(o[3])) or "storage")
        e = per.setdefault(k, [0, 0])
        e[0] += 1
        e[1] += o[1]
    print("live heap by holder (%d objects, %d B)" % (len(objects), sum(o[1] for o in objects)))
    for k, (n, size) in sorted(per.items(), key=lambda x: -x[1][1])[:top]:
        print("  %-64s %5d %7d" % (k[:64], n, size))
    if tables:
        print("modules' globals tables (8 bytes a slot)")
        for size, name in sorted(tables, reverse=True)[:top]:
            print("  %-40s %7d" % (name, size))


def _module_names():
    """'usher_ui_app' -> 'usher.ui.app' for every firmware module (a frozen
    function's bytecode is named fun_data_<module with _>_<function>)."""
    root = os.path.join(ROOT, "firmware")
    names = {}
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, f), root)[:-3].replace(os.sep, ".")
                if rel.endswith(".__init__"):
                    rel = rel[:-9]
                names[rel.replace(".", "_")] = rel
    return names


def _module_of_code(m):
    """bytecode address -> the firmware module whose function it is, or None."""
    mods = _module_names()

    def name(code):
        sym = m.name(int(code))
        if not sym.startswith("fun_data_"):
            return None
        rest = sym[len("fun_data_"):]
        best = ""
        for k in mods:
            if rest.startswith(k + "_") and len(k) > len(best):
                best = k
        return mods[best] if best else None
    return name


def fun_report(funs, m, top):
    """The live function objects per module: each one is made when its def
    runs (at import for a module's and a class's functions) and stays while
    the module is loaded."""
    mods = _module_names()
    per = {}
    for code, (n, size) in funs.items():
        sym = m.name(int(code))
        mod = "?"
        if sym.startswith("fun_data_"):
            rest = sym[len("fun_data_"):]
            best = ""
            for k in mods:
                if rest.startswith(k + "_") and len(k) > len(best):
                    best = k
            mod = mods[best] if best else rest
        e = per.setdefault(mod, [0, 0])
        e[0] += n
        e[1] += size
    print("function objects by module (%d objects, %d B)"
          % (sum(v[0] for v in per.values()), sum(v[1] for v in per.values())))
    for mod, (n, size) in sorted(per.items(), key=lambda x: -x[1][1])[:top]:
        print("  %-40s %5d %7d" % (mod[:40], n, size))


def heap_free_report(result):
    """The free heap after a collection that device.json's "trace" logs
    (usher.device.trace.heap_trace): at the first picture after boot and at
    the last game's end. Unlike the live heap at a collection the GC chose,
    it is taken at the same point every run."""
    import sim.rp2.cpysession as cs
    files = result.get("files")
    if not files or not os.path.isdir(os.path.join(files, "data", "log")):
        return
    boot, end = cs.heap_figures(rp2.read_log(os.path.join(files, "data")))
    for at, free in (("the first picture", boot), ("the last game's end", end)):
        if free is not None:
            print("free heap after a collection at %s: %d B" % (at, free))


PHASES = ("handle", "draw", "save", "log", "refresh")


def phase_report(result):
    """Per press, the firmware's own phase counters (usher.device.runtime.
    Trace): handle is the App's answer to the button events (draw and save
    are parts of it), log every log line, refresh the display's start
    (conversion and SPI); the press's active time is the emulator's."""
    steps = result["steps"]
    rows = []
    for prev, st in zip(steps, steps[1:]):
        tok = st.get("token")
        if not tok or tok.lower() == "restart" or not st.get("trace") or not prev.get("trace"):
            continue
        d = [(b - a) / 1000.0 for a, b in zip(prev["trace"], st["trace"])]
        rows.append((st["active_ms"], d))
    if not rows:
        print("no phase counters found (an image without usher.device.trace.Trace?)")
        return
    n = len(rows)

    def stat(vals):
        v = sorted(vals)
        return sum(v) / n, v[n // 2], v[min(n - 1, int(round(0.95 * (n - 1))))]

    print("phases per press, ms of chip time (%d presses): mean, median, p95" % n)
    print("  %-34s %7.1f %7.1f %7.1f" % (("active (emulator)",) + stat([r[0] for r in rows])))
    labels = {"handle": "App.handle (all of it)", "draw": "  of it: drawing the screens",
              "save": "  of it: storage.save", "log": "log lines (App and runtime)",
              "refresh": "display.start (convert + SPI)"}
    for i, ph in enumerate(PHASES):
        print("  %-34s %7.1f %7.1f %7.1f" % ((labels[ph],) + stat([r[1][i] for r in rows])))
    rest = [r[0] - r[1][0] - r[1][3] - r[1][4] for r in rows]
    print("  %-34s %7.1f %7.1f %7.1f" % (("rest (polls, gc outside, flash)",) + stat(rest)))


def _kept_start(session, kept, script=None):
    """(script, filesystem specs, the folder kept alive): the soak's game of
    this session from the launcher, then the end screen's History, Share and
    Finish, from a data folder holding `kept` plays (bench/rp2_soak.py)."""
    import tempfile
    sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))
    import rp2_soak
    held = tempfile.TemporaryDirectory()
    data = os.path.join(held.name, "data")
    os.makedirs(data)
    rp2_soak.littlefs_way()
    if kept:
        rp2_soak.kept_history(data, kept)
    if script is None:
        gid = session.split("_")[0]
        body = dict(rp2_soak.games())[gid]
        toks = body + rp2_soak.HISTORY + rp2_soak.SHARE + rp2_soak.FINISH
        script = ",".join(toks)
        print("presses: %d the end, %d Share, %d Finish"
              % (len(body), len(body) + len(rp2_soak.HISTORY) + 1, len(toks)))
    return script, [data + "=/data"], held


def main(argv):
    ap = argparse.ArgumentParser(prog="python bench/rp2_profile.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("session", choices=("takeaseat_solo", "theatre_game", "multisala_solo", "seatwars_game"))
    ap.add_argument("--every", type=int, default=1000, help="cycles between two PC samples")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--stock", action="store_true", help="stock MicroPython with .mpy files")
    ap.add_argument("--board", default="badger2040", choices=("badger2040", "pico_epaper29"),
                    help="the frozen image of this board (default the Badger)")
    ap.add_argument("--boot", action="store_true", help="the boot steps instead of the presses")
    ap.add_argument("--heap", action="store_true", help="also the live heap at its peak, by type")
    ap.add_argument("--owners", action="store_true",
                    help="--heap, and the live heap at its peak by what holds each object")
    ap.add_argument("--phases", action="store_true",
                    help="also the firmware's phase counters (device.json \"trace\": true)")
    ap.add_argument("--circuitpython", action="store_true",
                    help="the CircuitPython image (make circuitpython) and its drive")
    ap.add_argument("--script", help="these button tokens instead of the session's")
    ap.add_argument("--steps", help="only these steps (comma-separated indexes, 1 the first "
                    "press) count as presses: where one slow press's time goes")
    ap.add_argument("--idle", type=int, metavar="MS",
                    help="no presses: MS ms at the launcher after the boot")
    ap.add_argument("--kept", type=int, metavar="N",
                    help="from a history of N kept plays (bench/rp2_soak.py's), the session's game "
                    "to its end, then History, Share and Finish (as the soak plays them)")
    a = ap.parse_args(argv)
    script = a.script if a.script is not None else rp2.session_script(a.session)
    specs = []
    if a.kept is not None:
        script, specs, held = _kept_start(a.session, a.kept, a.script)
    if a.idle:
        if a.circuitpython:
            import sim.rp2.cpysession as cs
            r = cs.play("", sample=a.every, extra_steps=[{"run_ms": a.idle}])
        else:
            r = rp2.play("", stock=a.stock, sample=a.every, extra_steps=[{"run_ms": a.idle}])
        idle = r["steps"][-1]
        idle.setdefault("chip_ms", a.idle)
        print("idle at the launcher: %.0f ms of chip time, %.0f ms computing (%.1f%%)"
              % (idle["chip_ms"], idle["active_ms"], 100.0 * idle["active_ms"] / idle["chip_ms"]))
        report(r, a.top, "other")
        return
    steps = [int(x) for x in a.steps.split(",")] if a.steps else None
    if a.circuitpython:
        if steps:
            raise SystemExit("--steps is for the MicroPython image")
        import sim.rp2.cpysession as cs
        r = cs.play(script, sample=a.every, trace=a.phases)
    else:
        r = rp2.play(script, profile=a.board, stock=a.stock, sample=a.every, sample_steps=steps,
                     heap=("objects" if a.owners else "census") if a.heap or a.owners else False,
                     trace=a.phases, extra_specs=specs)
    if not r.get("elf"):
        raise SystemExit("no ELF beside the image: run `make firmware` (or `make circuitpython`)")
    report(r, a.top, "boot" if a.boot else "press", steps)
    if a.heap or a.owners:
        print()
        heap_report(r, a.top)
    if a.phases:
        print()
        phase_report(r)
        heap_free_report(r)


if __name__ == "__main__":
    main(sys.argv[1:])
