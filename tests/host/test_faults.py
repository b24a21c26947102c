"""Power cuts at file-operation boundaries of scripted sessions of each game
(PL-8; docs/faults.md), including torn writes, each followed by a boot that must
resume with every acknowledged action; the log is never ahead of the saved
game. Two runtimes:

- CPython, through the instrumented storage layer of tests/host/faults.py
  (a fresh App boots each cut image);
- the unix port with the real firmware: tests/device/faults_main.py runs the
  real main loop on the fake Badger, buttons pressed on its pins, and boots
  each cut image with the real main loop again.

The short version (here, part of `make test`): every 15th image of one
session per game, and every image taken while a game is being ended (where
a defect was once found). Every image of every session: bench/faults.py."""
import os
import subprocess

from tests.host import faults

MAIN_SESSIONS = ("takeaseat_solo", "theatre_game", "multisala_solo", "seatwars_game")
STRIDE = 15
MICROPYTHON = os.path.join(faults.ROOT, ".venv", "bin", "micropython")
ENV = dict(os.environ, MICROPYPATH="firmware:tests/fakes:tests/device:tests/portable")


def _check(name, c):
    assert c["acknowledged_lost"] == 0 and c["wrong_resume"] == 0, (name, c)
    assert c["failed_boots"] == 0 and c["log_ahead"] == 0, (name, c)
    assert c["cuts"] == c["boots"] and c["torn"] > 0 and c["actions"] >= 10, (name, c)


def test_pl8_cuts_on_cpython_resume_every_acknowledged_action():
    ended = 0
    for name in MAIN_SESSIONS:
        c = faults.run_session(name, dict(faults.SESSIONS)[name], stride=STRIDE)
        assert not c.problems, c.problems[:5]
        _check(name, {f: getattr(c, f) for f in c.FIELDS})
        ended += c.ended_games
    assert ended == 3


def test_cuts_while_adding_players_changing_settings_and_keeping_plays_lose_nothing():
    # Every file operation of the owner's session (tests/host/faults.py
    # OWNER_STEPS): names added to the roster, settings changed, two games
    # played to their end and kept in the history, each cut booted.
    c = faults.run_session("owner_files", dict(faults.SESSIONS)["owner_files"], stride=1)
    assert not c.problems, c.problems[:5]
    assert c.cuts == c.boots and c.cuts > 1000 and c.torn > 100, c.line()
    assert c.ended_games == 2, c.line()
    for f in ("acknowledged_lost", "wrong_resume", "failed_boots", "log_ahead", "plays_lost",
              "names_lost", "settings_lost", "notices"):
        assert getattr(c, f) == 0, c.line()


def run_unix(names, stride, work):
    cmd = [MICROPYTHON, "tests/device/faults_main.py", "cuts", ",".join(names), str(stride), work]
    p = subprocess.run(cmd, cwd=faults.ROOT, env=ENV, capture_output=True, text=True, timeout=1800)
    assert p.returncode == 0, p.stderr[-2000:]
    results = {}
    problems = [line for line in p.stdout.splitlines() if line.startswith("PROBLEM")]
    for line in p.stdout.splitlines():
        if line.startswith("FAULTS "):
            fields = dict(kv.split("=") for kv in line.split()[1:])
            name = fields.pop("session")
            results[name] = {k: int(v) for k, v in fields.items()}
    return results, problems, p.stderr


def test_pl8_cuts_on_the_unix_port_with_the_real_firmware_resume_every_acknowledged_action(tmp_path):
    results, problems, err = run_unix(MAIN_SESSIONS, STRIDE, str(tmp_path / "work"))
    assert not problems, problems[:5]
    assert "Traceback" not in err, err[-2000:]
    assert sorted(results) == sorted(MAIN_SESSIONS)
    for name, c in results.items():
        _check(name, c)
    assert sum(c["ended_games"] for c in results.values()) == 3


def test_pl11_corruption_matrix_every_file_the_firmware_writes_boots_and_is_named(tmp_path):
    cmd = [MICROPYTHON, "tests/device/faults_main.py", "corrupt", "short", str(tmp_path / "work")]
    p = subprocess.run(cmd, cwd=faults.ROOT, env=ENV, capture_output=True, text=True, timeout=1800)
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr[-2000:]
    assert [line for line in p.stdout.splitlines() if line.startswith("PROBLEM")] == []
    rows = {}
    for line in p.stdout.splitlines():
        if line.startswith("CORRUPT "):
            fields = dict(kv.split("=") for kv in line.split()[1:])
            name = fields.pop("file")
            rows[name] = {k: int(v) for k, v in fields.items()}
    assert sorted(rows) == sorted(["game.json", "ui.json", "multisala_record.json", "device.json",
                                   "history/plays.jsonl", "history/p00002.json", "players.txt",
                                   "log/log0.jsonl", "log/log1.jsonl"])
    for name, c in rows.items():
        assert c["silent"] == 0 and c["failed_boots"] == 0, (name, c)
        assert c["cases"] >= 35 and c["cases"] == c["same"] + c["named"] + c["undetectable"], (name, c)
        if not name.startswith("log/") and name != "history/plays.jsonl":
            assert c["named"] > c["cases"] * 3 // 4, (name, c)
        # PL-17: with a CRC-32 on every copy, only a whole file replaced by
        # another valid unsealed one (as a person or an older firmware
        # writes: {} for a record, a roster of one name "null") passes.
        assert c["undetectable"] <= 3, (name, c)
    for name in ("game.json", "ui.json", "history/plays.jsonl", "history/p00002.json"):
        assert rows[name]["undetectable"] == 0, (name, rows[name])
    # The history loses nothing: a damaged line comes back from the backup
    # or from its play's record.
    assert rows["history/plays.jsonl"]["same"] == rows["history/plays.jsonl"]["cases"]


# --- the littlefs way (storage.FORCE) and PL-23 (docs/faults.md) ---------------------------

def test_pl23_cuts_on_the_littlefs_way_lose_no_name_setting_or_play():
    # littlefs commits a file at its close: the cut images leave a file
    # open for writing as it was (tests/host/faults.py Flash.pending).
    for name, stride in (("owner_files", 3), ("seatwars_game", STRIDE)):
        c = faults.run_session(name, dict(faults.SESSIONS)[name], stride=stride, littlefs=True)
        assert not c.problems, c.problems[:5]
        assert c.cuts == c.boots and c.cuts > 10 and c.torn == 0, c.line()
        for f in ("acknowledged_lost", "wrong_resume", "failed_boots", "log_ahead", "plays_lost",
                  "names_lost", "settings_lost"):
            assert getattr(c, f) == 0, (name, c.line())


def test_pl23_no_first_reader_loses_what_a_copy_holds_on_either_filesystem():
    # The short matrix (tests/host/faults_pl23.py): each file damaged, each
    # first reader, a history of 82 plays past its cap. The cases still
    # failing (not named, not logged, told without a count) are printed by
    # bench/faults.py; none may lose what an intact copy holds.
    from tests.host import faults_pl23
    res = faults_pl23.run(quick=True)
    for fs in ("littlefs", "FAT"):
        c = res[fs]
        assert c.cases > 50 and c.held == 0, (fs, c.line())
        crashed = [v[2] for k, v in c.classes.items() if v[2] and "raised" in v[2]]
        assert not crashed, crashed[:3]


def test_history_compared_canonically_so_a_rewritten_options_object_is_the_same_play():
    # A line the repair rewrites may hold its nested options in another key order.
    a = {"n": 3, "options": {"start": 0, "players": ["Ann", "Ben"]}}
    b = {"options": {"players": ["Ann", "Ben"], "start": 0}, "n": 3}
    assert faults.canonical(a) == faults.canonical(b)
    from tests.host import faults_pl23
    assert faults_pl23.canonical(a) == faults_pl23.canonical(b)
