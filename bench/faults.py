"""The fault-injection suite in full (PL-8, PL-10, PL-11; docs/faults.md). Prints
the counts of each part and a total:

1. power cuts at every file-operation boundary (and a torn write at every
   write) of every scripted session of each game, each followed by a boot:
   a. CPython, through the instrumented storage layer (tests/host/faults.py);
   b. the unix port with the real firmware's main loop (tests/device/faults_main.py);
2. the corruption matrix of every file the firmware writes, booted by the
   real main loop on the unix port (every byte's bit flip for files up to
   4 KB, 600 sampled beyond);
3. the bad-file matrix of every host command that reads a file
   (tests/host/badfiles.py, 200 bit flips per file).

Must be 0: acknowledged actions lost (and kept plays, roster names and
settings lost: PL-17, PL-23), wrong resumes, log ahead of the saved game, failed
boots, notices after a cut, silent corruptions, host tracebacks, unnamed
failures.
Usage: python bench/faults.py [--quick]   (--quick: the `make test` sizes)
Exit status 1 when any of those is not 0."""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.host import badfiles, faults  # noqa: E402

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
ENV = dict(os.environ, MICROPYPATH="firmware:tests/fakes:tests/device:tests/portable")


def unix(args):
    with tempfile.TemporaryDirectory(prefix="usher-bench-faults-") as work:
        p = subprocess.run([MICROPYTHON, "tests/device/faults_main.py"] + args + [work], cwd=ROOT, env=ENV,
                           capture_output=True, text=True)
    if p.returncode != 0 or "Traceback" in p.stderr:
        print(p.stderr[-3000:])
    return p.stdout.splitlines(), p.returncode == 0


def fields(line):
    out = {}
    for kv in line.split()[1:]:
        k, v = kv.split("=")
        out[k] = int(v) if v.lstrip("-").isdigit() else v
    return out


def main():
    quick = "--quick" in sys.argv
    stride = 15 if quick else 1
    sessions = [n for n, _s in faults.SESSIONS]
    if quick:
        sessions = ["takeaseat_solo", "theatre_game", "multisala_solo", "seatwars_game", "owner_files"]
    bad = 0
    print("1a. power cuts, CPython, instrumented storage (stride %d)" % stride)
    t0 = time.time()
    cp = faults.Counts()
    for name in sessions:
        c = faults.run_session(name, dict(faults.SESSIONS)[name], stride)
        print("  %-20s %s" % (name, c.line()))
        for p in c.problems[:5]:
            print("    " + p)
        cp.add(c)
    print("  %-20s %s  (%.0f s)" % ("total", cp.line(), time.time() - t0))
    print("1b. power cuts, unix port, real main loop (stride %d)" % stride)
    t0 = time.time()
    # (the owner's session, tests/host/faults.py OWNER_STEPS, calls the App
    # directly: CPython only; the unix port plays the button scripts)
    lines, ok = unix(["cuts", ",".join([n for n in sessions if n != "owner_files"]), str(stride)])
    ux = {}
    for line in lines:
        if line.startswith("PROBLEM"):
            print("    " + line)
        if line.startswith("FAULTS "):
            f = fields(line)
            print("  %-20s %s" % (f.pop("session"), " ".join("%s=%d" % kv for kv in f.items())))
            for k, v in f.items():
                ux[k] = ux.get(k, 0) + v
    print("  %-20s %s  (%.0f s)" % ("total", " ".join("%s=%d" % kv for kv in ux.items()), time.time() - t0))
    bad += 0 if ok else 1
    print("2. corruption matrix, unix port, real main loop (%s)" % ("short" if quick else "full"))
    t0 = time.time()
    lines, ok = unix(["corrupt", "short" if quick else "full"])
    cm = {}
    for line in lines:
        if line.startswith("PROBLEM"):
            print("    " + line)
        if line.startswith("CORRUPT "):
            f = fields(line)
            print("  %-22s %s" % (f.pop("file"), " ".join("%s=%d" % kv for kv in f.items())))
            for k, v in f.items():
                cm[k] = cm.get(k, 0) + v
    print("  %-22s %s  (%.0f s)" % ("total", " ".join("%s=%d" % kv for kv in cm.items()), time.time() - t0))
    bad += 0 if ok else 1
    print("3. bad files, every host command that reads one (%s)" % ("short" if quick else "full"))
    t0 = time.time()
    bf = badfiles.run(full=not quick)
    for p in bf.problems[:10]:
        print("    " + p)
    print("  %s  (%.0f s)" % (bf.line(), time.time() - t0))
    lost = (cp.acknowledged_lost + ux.get("acknowledged_lost", 0) + cp.plays_lost + cp.names_lost
            + cp.settings_lost + cp.notices)
    failed = cp.failed_boots + ux.get("failed_boots", 0) + cm.get("failed_boots", 0)
    other = (cp.wrong_resume + ux.get("wrong_resume", 0) + cp.log_ahead + ux.get("log_ahead", 0)
             + cm.get("silent", 0) + bf.unnamed + bf.raw_control)
    print("TOTAL cuts=%d (torn %d) corrupt_cases=%d bad_files=%d acknowledged_lost=%d failed_boots=%d "
          "host_tracebacks=%d other_failures=%d" % (
              cp.cuts + ux.get("cuts", 0), cp.torn + ux.get("torn", 0), cm.get("cases", 0), bf.bad_files,
              lost, failed, bf.tracebacks, other))
    bad += lost + failed + bf.tracebacks + other
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
