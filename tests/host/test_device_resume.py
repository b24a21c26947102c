"""Boot-resume on the unix port (PL-8): run the device main loop as a
subprocess with scripted buttons, kill it (SIGKILL, like a power cut) at
random points, boot again, and check every time that

- the saved game loads and has lost no action that was saved before;
- the panel at the moment of the kill shows the game as saved, or as it was
  a few actions earlier (saved first, shown after, never the reverse);
- after the boot the panel shows exactly the saved game.

The device program is tests/device/device_main.py on the fake Badger (fake
machine module, UC8151 panel model that keeps its picture in a file)."""
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
MAIN = os.path.join("tests", "device", "device_main.py")
ENV = dict(os.environ, MICROPYPATH="firmware:tests/fakes:tests/device:tests/portable")
ROUNDS = 12

sys.path.insert(0, os.path.join(ROOT, "firmware"))
from usher.core import storage  # noqa: E402


def _expected(tmp, record_path, ks):
    out = os.path.join(tmp, "expect")
    subprocess.run([MICROPYTHON, MAIN, "expect", record_path, out] + [str(k) for k in ks],
                   cwd=ROOT, env=ENV, check=True, capture_output=True, timeout=60)
    images = {}
    for k in ks:
        with open("%s.%d" % (out, k), "rb") as f:
            images[k] = f.read()
    return images


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


def _numbers(lines, word):
    return [int(line.split()[1]) for line in lines if line.startswith(word + " ")]


def test_pl8_kill_at_random_points_then_boot_resumes_game_and_screen(tmp_path):
    tmp = str(tmp_path)
    data = os.path.join(tmp, "data")
    panel = os.path.join(tmp, "panel.bin")
    record_path = os.path.join(data, "game.json")
    rng = random.Random(20261129)
    saved = []                  # actions of the saved game after the last kill
    boot_checks = kill_checks = mid_refresh_kills = 0
    for r in range(ROUNDS):
        lines, err = _run([data, panel, str(r), "30"], kill_after=rng.uniform(0.15, 1.2))
        booted = _numbers(lines, "BOOTED")
        shown = _numbers(lines, "SHOWN")
        assert "Traceback" not in err, err
        if os.path.exists(record_path) or os.path.exists(record_path + ".tmp"):
            rec, source = storage.load(record_path)
            actions = rec["actions"]
        else:
            actions = []
        # Nothing saved before is lost.
        assert actions[:len(saved)] == saved, "round %d lost actions" % r
        ks = sorted(set([len(saved), len(actions)] + list(range(max(shown[-1:] or [0]), len(actions) + 1))))
        images = _expected(tmp, record_path, ks) if actions else {0: None}
        if booted:
            # The boot screen is the game exactly as saved at the last power cut.
            assert booted[0] == len(saved)
            with open(panel + ".boot", "rb") as f:
                boot_image = f.read()
            if saved:
                assert boot_image == images[len(saved)], "round %d: boot screen differs" % r
            boot_checks += 1
        if shown and actions:
            # At the kill: the picture of the saved game or of a prefix no
            # older than the last refresh the program reported.
            with open(panel, "rb") as f:
                now = f.read()
            matches = [k for k in range(shown[-1], len(actions) + 1) if images.get(k) == now]
            assert matches, "round %d: panel shows none of %r" % (r, list(range(shown[-1], len(actions) + 1)))
            if matches[-1] < len(actions):
                mid_refresh_kills += 1
            kill_checks += 1
        saved = actions
    # A last boot with no presses, run to its end: same game, same screen.
    lines, err = _run([data, panel, "999", "0"])
    assert _numbers(lines, "BOOTED") == [len(saved)]
    rec, _ = storage.load(record_path)
    assert rec["actions"] == saved
    if saved:
        with open(panel, "rb") as f:
            assert f.read() == _expected(tmp, record_path, [len(saved)])[len(saved)]
    assert boot_checks >= ROUNDS // 2 and kill_checks >= ROUNDS // 2, (boot_checks, kill_checks)
    assert len(saved) > 20
    print("rounds", ROUNDS, "boot checks", boot_checks, "kill checks", kill_checks,
          "kills with a lagging screen", mid_refresh_kills, "actions", len(saved))
