"""Regenerate the figures files (docs/figures/NAME.txt) from the benches:
each file is one bench's output as printed, under a header with the
command that printed it, the commit it ran on and the date. The account
of what the figures mean is docs/performance.md; this is where they are.

  python tools/figures.py                 the desktop benches (minutes)
  python tools/figures.py --chip          and the emulated chip's (an hour or more)
  python tools/figures.py NAME...         those only (any kind)
  python tools/figures.py --list          the names, kinds and commands

The chip benches need Node and the images (`make firmware firmware-stock
circuitpython`); each is run at its default sizes. A bench that fails
leaves its file as it was and makes the exit status 1."""
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "figures")
PY = os.path.join(ROOT, ".venv", "bin", "python")

# (name, kind, command after the interpreter); kind "desk" runs by default,
# "chip" with --chip (the emulated RP2040, sim/rp2/).
BENCHES = (
    ("flash_ops", "desk", ["bench/flash_ops.py"]),
    ("flash_ops_used_plays", "desk", ["bench/flash_ops.py", "--used", "--plays"]),
    ("history_flash", "desk", ["bench/history_flash.py"]),
    ("history_erases", "desk", ["bench/history_flash.py", "--erases"]),
    ("speed", "desk", ["bench/speed.py"]),
    ("refresh", "desk", ["bench/refresh.py"]),
    ("qr", "desk", ["bench/qr.py"]),
    ("theatre_house", "desk", ["bench/theatre_house.py"]),
    ("faults_quick", "desk", ["bench/faults.py", "--quick"]),
    ("memory", "desk", ["bench/memory.py"]),
    ("web", "desk", ["bench/web.py"]),
    ("rp2_sessions", "chip", ["bench/rp2.py", "--sessions", "--image", "frozen",
                              "--board", "badger2040", "--board", "pico_epaper29"]),
    ("rp2_ab", "chip", ["bench/rp2_ab.py"]),
    ("rp2_resume", "chip", ["bench/rp2.py", "--resume"]),
    ("rp2_cuts", "chip", ["bench/rp2.py", "--cuts", "200"]),
    ("soak", "chip", ["bench/rp2_soak.py"]),
    ("rp2_flat", "chip", ["bench/rp2_flat.py"]),
    ("rp2_stats", "chip", ["bench/rp2_stats.py"]),
    ("energy", "chip", ["bench/energy.py", "--no-usb"]),
    ("circuitpython", "chip", ["bench/circuitpython.py", "--image", "circuitpython"]),
)


def _git(*args):
    try:
        return subprocess.run(["git"] + list(args), cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""


def header(cmd):
    commit = _git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = " (with uncommitted changes)" if _git("status", "--porcelain", "--untracked-files=no") else ""
    return ("$ python %s\n# commit %s%s, %s, %d cores; printed by tools/figures.py\n\n"
            % (" ".join(cmd), commit, dirty, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
               os.cpu_count() or 1))


def run(name, cmd):
    t0 = time.time()
    p = subprocess.run([PY] + cmd, cwd=ROOT, capture_output=True, text=True)
    took = time.time() - t0
    if p.returncode != 0:
        print("%s: FAILED (exit %d, %.0f s)\n%s" % (name, p.returncode, took, (p.stdout + p.stderr)[-2000:]))
        return False
    os.makedirs(OUT, exist_ok=True)
    head = header(cmd)      # before the file is opened: opening it makes the tree look changed
    with open(os.path.join(OUT, name + ".txt"), "w") as f:
        f.write(head + p.stdout)
    print("%s: docs/figures/%s.txt (%.0f s)" % (name, name, took))
    return True


def main(argv):
    if "--list" in argv:
        for name, kind, cmd in BENCHES:
            print("%-22s %-5s python %s" % (name, kind, " ".join(cmd)))
        return 0
    names = [a for a in argv if not a.startswith("--")]
    known = [b[0] for b in BENCHES]
    for n in names:
        if n not in known:
            print("unknown figures %r; --list names them" % n)
            return 2
    chosen = [b for b in BENCHES if (b[0] in names if names else b[1] == "desk" or "--chip" in argv)]
    ok = True
    for name, _kind, cmd in chosen:
        ok = run(name, cmd) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
