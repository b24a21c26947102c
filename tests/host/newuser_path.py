"""The new user's path (docs/history.md), shared by tests/host/test_history_path.py
and `python -m tests.host.newuser_path OUT` (PNG of every screen): upload
three names to the simulator's data folder, play a 2-player Seat Wars and a
solo Multisala with them, open the statistics and a kept play, pull the CSV."""
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES = ("Anna", "Ben", "Maximilian")


def _load(name):
    path = os.path.join(ROOT, "tests", "portable", name + ".py")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


_sw = _load("ui_session_seatwars")
_ms = _load("ui_session_multisala")

# Seat Wars, 2 players; seat 1 picks Anna (DOWN once past "P1"), seat 2 Ben
# (the roster without Anna: DOWN once); then who starts, by name (PL-22):
# Anna; then the scripted game (P2 = Ben wins 10 to 8) and Finish.
SEATWARS = ",".join(("DOWN,DOWN,DOWN,C,C", "DOWN,C", "DOWN,C", "C", _sw.TURN1, _sw.TURN2, _sw.TURN3,
                     _sw.TURN4, _sw.TURN5, _sw.FINAL, "C"))
# Multisala solo (the launcher's cursor stays on Seat Wars, the game just
# played: UP is Multisala): seat 1 picks Maximilian (P1, Anna, Ben,
# Maximilian), five rounds, the final score, Finish.
MULTISALA = ",".join(("UP,C,C", "DOWN,DOWN,DOWN,C", ",".join([_ms._SOLO_ROUND] * 5), "C"))
# Launcher > Statistics (the 5th row, two below Multisala where the cursor
# stays), Seat Wars' statistics (5th row),
# back, Multisala's (4th row), back, Last plays (1st row): the newest play
# (Multisala) opened, back, the next one (Seat Wars) opened.
STATS = ",".join(("DOWN,DOWN,C", "DOWN,DOWN,DOWN,DOWN,C", "A", "UP,C", "A",
                  "UP,UP,UP,C", "C", "A", "DOWN,C"))


def run(data_dir, png_dir=None):
    """Play the whole path in the simulator; returns (session, pngs)."""
    from sim.frames import save_png
    from sim.session import Session, parse_script
    s = Session(data_dir, battery=80)
    s.services["date"] = lambda: (2026, 12, 1, 20, 30, 0)   # the desktop knows the date
    s.start()
    pngs = []
    for part, script in (("seatwars", SEATWARS), ("multisala", MULTISALA), ("stats", STATS)):
        step = 0
        for _tok, events in parse_script(script):
            s.step(events)
            step += 1
            if png_dir:
                path = os.path.join(png_dir, "%s_%03d.png" % (part, step))
                save_png(s.buf, path, 2)
                pngs.append(path)
    return s, pngs


if __name__ == "__main__":
    import sys
    import tempfile
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    d = tempfile.mkdtemp()
    with open(os.path.join(d, "players.txt"), "w") as f:
        f.write("\n".join(NAMES) + "\n")
    run(d, out)
    print(d)
