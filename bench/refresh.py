"""Panel refreshes by kind in every scripted UI session (PL-15): clean
(the slow, flashing full refresh), fast full (the whole panel with the fast
waveform) and partial (a window with the fast waveform), against the button
presses of the session. The goal: clean refreshes at most one press in ten.
Usage: python bench/refresh.py   (part of make bench; runs on CPython)"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable")]

KINDS = ("clean", "fast", "partial")
# What the refresh requests of older firmware called the same kinds.
OLD_NAMES = {"full": "clean"}


def count(name, script):
    import ui_sessions
    counts = dict((k, 0) for k in KINDS)
    presses = 0
    for evs in ui_sessions.events(script):
        if evs[0] not in ("sleep", "restart"):
            presses += 1

    def on_request(r):
        kind = OLD_NAMES.get(r[0], r[0])
        counts[kind] += 1

    with tempfile.TemporaryDirectory() as data:
        ui_sessions.run(name, script, data, on_request=on_request)
    return presses, counts


def main():
    import ui_sessions
    print("%-20s %7s %6s %5s %8s %7s  %s" % ("session", "presses", "clean", "fast", "partial",
                                             "clean/press", "goal <= 0.10"))
    worst = 0.0
    for name, script in ui_sessions.SESSIONS:
        presses, c = count(name, script)
        ratio = c["clean"] / presses if presses else 0.0
        worst = max(worst, ratio)
        print("%-20s %7d %6d %5d %8d %11.2f  %s" % (name, presses, c["clean"], c["fast"],
                                                    c["partial"], ratio,
                                                    "ok" if ratio <= 0.10 else "OVER"))
    print("worst clean/press: %.2f" % worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
