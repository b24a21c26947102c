"""The fault-injection suite in full (PL-8, PL-10, PL-11, PL-23; docs/faults.md).
Parts 1 to 3 run on each filesystem's way of writing (storage.FORCE):
littlefs (in place, committed at close: a cut leaves a file open for
writing as it was, and no write is torn; the running game as a base and a
tail) and FAT (temp file and rename, torn writes). Prints the counts of
each part, then one table per filesystem:

1. power cuts at every file-operation boundary (and on FAT a torn write at
   every write) of every scripted session of each game, each followed by a boot:
   a. CPython, through the instrumented storage layer (tests/host/faults.py);
   b. the unix port with the real firmware's main loop (tests/device/faults_main.py);
2. the corruption matrix of every file the firmware writes, booted by the
   real main loop on the unix port (every byte's bit flip for files up to
   4 KB, 600 sampled beyond);
3. PL-23 (tests/host/faults_pl23.py): the roster, the settings, the
   Multisala record and the owner's components damaged, and history lines
   (with and without their play's record) of histories of 50, 82 and 150
   kept plays, each met first by each screen that reads it (seat picker,
   Settings > Players, Statistics, the launcher, the end screen): lost
   while a copy held it, named on screen, logged, told with its count;
4. the bad-file matrix of every host command that reads a file
   (tests/host/badfiles.py, 200 bit flips per file; no filesystem).

The table's columns: cases; lost while a copy held it (for a cut: an
acknowledged action, kept play, roster name or setting lost, the flash
held it before the cut); silent (what is used changed and nothing on
screen names the file); losses; losses told with the right count (each
lost item or their number named: names, plays, settings); not logged;
other failures (failed boots, wrong resumes, log ahead, notices after a
cut, unnamed or raw host output). JSON read back is compared canonically
(nested keys sorted).

Must be 0: lost while a copy held it, silent, other failures, host
tracebacks.
Usage: python bench/faults.py [--quick]   (--quick: the `make test` sizes)
Exit status 1 when any of those is not 0."""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.host import badfiles, faults, faults_pl23  # noqa: E402

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
ENV = dict(os.environ, MICROPYPATH="firmware:tests/fakes:tests/device:tests/portable")


def unix(args):
    with tempfile.TemporaryDirectory(prefix="usher-bench-faults-") as work:
        argv = [MICROPYTHON, "tests/device/faults_main.py"] + args[:-1] + [work, args[-1]]
        p = subprocess.run(argv, cwd=ROOT, env=ENV, capture_output=True, text=True)
    if p.returncode != 0 or "Traceback" in p.stderr:
        print(p.stderr[-3000:])
    return p.stdout.splitlines(), p.returncode == 0


def fields(line):
    out = {}
    for kv in line.split()[1:]:
        k, v = kv.split("=")
        out[k] = int(v) if v.lstrip("-").isdigit() else v
    return out


FILESYSTEMS = (("littlefs", True, "lfs"), ("FAT", False, "fat"))


def _kv(d):
    return " ".join("%s=%d" % kv for kv in d.items())


def _sum(dicts):
    out = {}
    for d in dicts:
        for k, v in d.items():
            out[k] = out.get(k, 0) + v
    return out


def cuts_cpython(sessions, stride, force):
    cp = faults.Counts()
    for name in sessions:
        c = faults.run_session(name, dict(faults.SESSIONS)[name], stride, littlefs=force)
        print("  %-20s %s" % (name, c.line()))
        for p in c.problems[:5]:
            print("    " + p)
        cp.add(c)
    return cp


def cuts_unix(sessions, stride, fs):
    # (the owner's session, tests/host/faults.py OWNER_STEPS, calls the App
    # directly: CPython only; the unix port plays the button scripts)
    lines, ok = unix(["cuts", ",".join([n for n in sessions if n != "owner_files"]), str(stride), fs])
    ux = {}
    for line in lines:
        if line.startswith("PROBLEM"):
            print("    " + line)
        if line.startswith("FAULTS "):
            f = fields(line)
            print("  %-20s %s" % (f.pop("session"), " ".join("%s=%d" % kv for kv in f.items())))
            ux = _sum([ux, f])
    return ux, ok


def corrupt_unix(quick, fs):
    lines, ok = unix(["corrupt", "short" if quick else "full", fs])
    cm = {}
    for line in lines:
        if line.startswith("PROBLEM"):
            print("    " + line)
        if line.startswith("CORRUPT "):
            f = fields(line)
            print("  %-22s %s" % (f.pop("file"), " ".join("%s=%d" % kv for kv in f.items())))
            cm = _sum([cm, f])
    return cm, ok


def main():
    quick = "--quick" in sys.argv
    stride = 15 if quick else 1
    sessions = [n for n, _s in faults.SESSIONS]
    if quick:
        sessions = ["takeaseat_solo", "theatre_game", "multisala_solo", "seatwars_game", "owner_files"]
    bad = 0
    rows = []        # (part, fs, cases, held, silent, losses, counted, unlogged, other)
    for fs, force, arg in FILESYSTEMS:
        print("1a. power cuts, CPython, instrumented storage, %s (stride %d)" % (fs, stride))
        t0 = time.time()
        cp = cuts_cpython(sessions, stride, force)
        print("  %-20s %s  (%.0f s)" % ("total", cp.line(), time.time() - t0))
        lost = cp.acknowledged_lost + cp.plays_lost + cp.names_lost + cp.settings_lost
        other = cp.failed_boots + cp.wrong_resume + cp.log_ahead
        # a notice after a cut is a false alarm (nothing was damaged): other
        rows.append(("1a cuts, CPython", fs, cp.cuts, lost, None, None, None, None, other + cp.notices))
        print("1b. power cuts, unix port, real main loop, %s (stride %d)" % (fs, stride))
        t0 = time.time()
        ux, ok = cuts_unix(sessions, stride, arg)
        print("  %-20s %s  (%.0f s)" % ("total", _kv(ux), time.time() - t0))
        bad += 0 if ok else 1
        other = sum(ux.get(k, 0) for k in ("failed_boots", "wrong_resume", "log_ahead")) + (0 if ok else 1)
        rows.append(("1b cuts, unix port", fs, ux.get("cuts", 0), ux.get("acknowledged_lost", 0), None,
                     None, None, None, other))
        print("2. corruption matrix, unix port, real main loop, %s (%s)" % (fs, "short" if quick else "full"))
        t0 = time.time()
        cm, ok = corrupt_unix(quick, arg)
        print("  %-22s %s  (%.0f s)" % ("total", _kv(cm), time.time() - t0))
        bad += 0 if ok else 1
        rows.append(("2 corruption matrix", fs, cm.get("cases", 0), None, cm.get("silent", 0),
                     cm.get("named", 0) + cm.get("silent", 0), None, None,
                     cm.get("failed_boots", 0) + (0 if ok else 1)))
    print("3. PL-23: every rarely-changed file damaged, each first reader; histories of %s plays (%s)" % (
        "82" if quick else ", ".join(str(n) for n in faults_pl23.HISTORY_SIZES),
        "short" if quick else "full"))
    t0 = time.time()
    pl = faults_pl23.run(quick=quick, out=lambda line: print("  " + line))
    print("  (%.0f s)" % (time.time() - t0))
    for fs, _force, _arg in FILESYSTEMS:
        c = pl[fs]
        for k, v in c.failing():
            print("    FAIL %s | %s | %s | first reader: %s | %d of %d | %s" % (
                fs, k[0], k[1], k[2], v[1], v[0], v[2]))
        rows.append(("3 PL-23 first readers", fs, c.cases, c.held, c.silent, c.lost, c.counted,
                     c.unlogged, 0))
    print("4. bad files, every host command that reads one (%s)" % ("short" if quick else "full"))
    t0 = time.time()
    bf = badfiles.run(full=not quick)
    for p in bf.problems[:10]:
        print("    " + p)
    print("  %s  (%.0f s)" % (bf.line(), time.time() - t0))
    table(rows)
    held = sum(r[3] or 0 for r in rows)
    silent = sum(r[4] or 0 for r in rows)
    other = sum(r[8] or 0 for r in rows) + bf.unnamed + bf.raw_control
    print("TOTAL lost_while_a_copy_held_it=%d silent=%d host_tracebacks=%d other_failures=%d" % (
        held, silent, bf.tracebacks, other))
    bad += held + silent + bf.tracebacks + other
    return 1 if bad else 0


def table(rows):
    """One table: per filesystem, each part's cases, losses of what a copy
    (or the acknowledged state) held, silent cases, and of the losses the
    ones told with their count."""
    def cell(v):
        return "-" if v is None else str(v)
    print()
    print("| part | filesystem | cases | lost while a copy held it | silent | losses "
          "| losses told with the right count | not logged | other failures |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for fs, _force, _arg in FILESYSTEMS:
        mine = [r for r in rows if r[1] == fs]
        for r in mine:
            print("| %s | %s | %s |" % (r[0], fs, " | ".join(cell(v) for v in r[2:])))
        tot = [sum(r[i] or 0 for r in mine) for i in range(2, 9)]
        print("| **total** | **%s** | %s |" % (fs, " | ".join("**%d**" % v for v in tot)))
    print()


if __name__ == "__main__":
    sys.exit(main())
