"""Boot-resume on the unix port with the real App (PL-8): run the device main
loop as a subprocess on the fake Badger with random button presses (they
navigate the real launcher, start games, play moves, undo, abandon), kill it
(SIGKILL, like a power cut) at random points, boot again, and check every
time that

- the saved game on flash loads, and it is at most one step ahead of the log
  (saved first, logged second: no saved action is ever lost);
- the next boot resumes exactly that saved game, on the screens whose routes
  were saved, and its first picture equals what a fresh real App started on
  the same saved files draws;
- at the kill, the panel shows a picture the program had reported showing
  (or the next one, when the refresh was under way).

The device program is tests/device/device_main.py (UC8151 panel model that
keeps its picture in a file), playing the games' real screens."""
import os
import random
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
MAIN = os.path.join("tests", "device", "device_main.py")
ENV = dict(os.environ, MICROPYPATH="firmware:tests/fakes:tests/device:tests/portable")
ROUNDS = 14
# The kills are at wall-clock times, so on a loaded machine more of them fall
# before the boot is done: the rounds go on (up to MAX_ROUNDS) until half of
# ROUNDS each have checked a boot and killed a session mid-way.
MAX_ROUNDS = 3 * ROUNDS

for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools")):
    if p not in sys.path:
        sys.path.insert(0, p)
from usher.core import gamefile, storage  # noqa: E402
from usher.device.log import read_all  # noqa: E402
from usher_host.replay import games_in_log  # noqa: E402


def _expected(data_dir, out):
    p = subprocess.run([MICROPYTHON, MAIN, "expect", data_dir, out], cwd=ROOT, env=ENV,
                       check=True, capture_output=True, text=True, timeout=60)
    with open(out, "rb") as f:
        return f.read(), p.stdout.split("EXPECT ", 1)[1].strip()


def _run(args, kill_after=None):
    p = subprocess.Popen([MICROPYTHON, MAIN, "run"] + args, cwd=ROOT, env=ENV,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if kill_after is not None:
        time.sleep(kill_after)
        p.kill()
    out, err = p.communicate(timeout=120)
    if kill_after is None:
        assert p.returncode == 0, err
    return out.split("\n"), err


def _states(lines, word):
    return [line[len(word) + 1:].strip() for line in lines if line.startswith(word + " ")]


def _saved_game(data):
    rec, _source = storage.load(os.path.join(data, "game.json"))
    return gamefile.unpacked(rec)


def _at_most_one_step_ahead(saved, logged):
    """saved (the flash) vs logged (the last game rebuilt from the log):
    equal, or the flash holds the one press's change whose log lines were
    not written yet (its actions, an undo, a new game, an ended game)."""
    if saved == logged:
        return True
    if saved is None:
        return logged is not None                      # game ended, "end" not logged
    if logged is None or saved["seed"] != logged["seed"] or saved["game"] != logged["game"]:
        return saved["actions"] == []                  # new game, "game" not logged
    s, g = saved["actions"], logged["actions"]
    # A hole the log knows of (None: the line lost at an earlier cut, which
    # the next boot's "resume" entry reveals) matches the saved action.
    g = [s[i] if a is None and i < len(s) else a for i, a in enumerate(g)]
    # a press's actions (a play and the Automa's answer at most: saved once
    # at the press's end, logged after) or an undo not logged
    return (s[:len(g)] == g and len(s) - len(g) <= 2) or s == g[:-1]


def test_pl8_kill_at_random_points_then_boot_resumes_game_and_screen(tmp_path):
    tmp = str(tmp_path)
    data = os.path.join(tmp, "data")
    panel = os.path.join(tmp, "panel.bin")
    rng = random.Random(20261129)
    boot_checks = kills_mid_session = lagging = 0
    games_seen = set()
    most_actions = 0
    snapshot = None
    r = -1
    # A line per action (device.json "log_actions"): the log is checked
    # against the saves below (the device's default derives the actions
    # from the saves, PL-17, which tests/device/test_dev_runtime.py covers).
    os.makedirs(data)
    storage.save(os.path.join(data, "device.json"), {"log_actions": True})
    # (a loaded machine gets through fewer presses before each kill: more
    # rounds, until the checks below have seen a game of a few actions)
    while r + 1 < MAX_ROUNDS and (r + 1 < ROUNDS or boot_checks < ROUNDS // 2
                                  or kills_mid_session < ROUNDS // 2 or most_actions < 3):
        r += 1
        lines, err = _run([data, panel, str(r), "30"], kill_after=rng.uniform(0.3, 1.4))
        assert "Traceback" not in err, err
        booted = _states(lines, "BOOTED")
        shown = _states(lines, "SHOWN")
        if booted and snapshot is not None:
            # The boot: the state and picture a fresh App draws from the
            # files as they were at the last power cut.
            image, state = snapshot
            assert booted[0] == state, "round %d: booted %s, saved %s" % (r, booted[0], state)
            with open(panel + ".boot", "rb") as f:
                assert f.read() == image, "round %d: boot screen differs" % r
            boot_checks += 1
        if os.listdir(data) == ["device.json"]:
            # Killed before the firmware wrote into its data folder (a loaded
            # machine can take longer than the shortest kill to start the
            # interpreter): nothing was written yet, nothing to check.
            assert snapshot is None and not booted, r
            continue
        saved = _saved_game(data)
        logs = games_in_log(read_all(os.path.join(data, "log")))
        # A game ended and logged leaves no open record: games_in_log keeps
        # the records, so look at the last entry kinds for "end".
        kinds = [e["k"] for e in read_all(os.path.join(data, "log")) if e["k"] in ("game", "end")]
        logged = logs[-1] if logs and kinds and kinds[-1] == "game" else None
        assert _at_most_one_step_ahead(saved, logged), "round %d: %r vs log %r" % (r, saved, logged)
        if saved:
            games_seen.add(saved["game"])
            most_actions = max(most_actions, len(saved["actions"]))
        if shown:
            kills_mid_session += 1
        snap = os.path.join(tmp, "snap%d" % r)
        shutil.copytree(data, snap)
        snapshot = _expected(snap, os.path.join(tmp, "expect%d.bin" % r))
        # The screens the next boot rebuilds are the routes last saved.
        ui, _source = storage.load(os.path.join(snap, "ui.json"), {"routes": []})
        routes = [x for x in snapshot[1].split(" ")[2].split(",") if x != "-"]
        assert routes == (ui["routes"] or ["launcher"]), (r, routes, ui["routes"])
        if shown and shown[-1] != snapshot[1]:
            lagging += 1              # killed after a save, before its screen
    # A last boot with no presses, run to its end: same state, same screen.
    lines, err = _run([data, panel, "999", "0"])
    image, state = snapshot
    assert _states(lines, "BOOTED") == [state]
    with open(panel, "rb") as f:
        assert f.read() == image
    assert boot_checks >= ROUNDS // 2 and kills_mid_session >= ROUNDS // 2, (boot_checks, kills_mid_session)
    assert most_actions >= 3 and games_seen, (most_actions, games_seen)
    print("rounds", r + 1, "boot checks", boot_checks, "kills mid-session", kills_mid_session,
          "kills between save and screen", lagging, "games", sorted(games_seen),
          "most actions", most_actions)
