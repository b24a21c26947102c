"""PL-23: the device log's lines are sealed (usher.device.log); a line that
fails its seal (a flipped digit) is skipped by `usher replay` and `usher
logs` and named, file and line number, never dropped without a word. Lines
from before the seal still read."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools")):
    if p not in sys.path:
        sys.path.insert(0, p)

from usher.device.log import CURRENT, FlashLog  # noqa: E402
from usher_host import replay  # noqa: E402

START = {"game": "seatwars", "seed": 7, "options": {"players": 2}}


def _log(folder):
    os.makedirs(folder)
    log = FlashLog(folder)
    log.write("boot", {"board": "test"})
    log.write("game", START)
    log.write("info", "seed 12345")
    log.write("end", {"game": "seatwars", "actions": 0})
    with open(os.path.join(folder, CURRENT), "rb") as f:
        lines = f.read().split(b"\n")
    lines[2] = lines[2].replace(b"12345", b"12346")        # a flipped digit: the seal fails
    with open(os.path.join(folder, CURRENT), "wb") as f:
        f.write(b"\n".join(lines))


def test_pl23_usher_replay_names_a_damaged_log_line_by_file_and_line(tmp_path):
    data = str(tmp_path / "data")
    _log(os.path.join(data, "log"))
    notes, problems = [], []
    games = replay.folder_games(data, notes, problems)
    assert [g["record"]["seed"] for g in games] == [7]
    assert problems == ["log0.jsonl line 3: checksum does not match, skipped"], (problems, notes)
    p = subprocess.run([sys.executable, "-m", "usher_host", "replay", data], cwd=ROOT,
                       capture_output=True, text=True)
    assert "log0.jsonl line 3: checksum does not match" in p.stderr, p.stdout + p.stderr
    # the log file itself (`usher replay log0.jsonl`)
    notes, problems = [], []
    replay.load_record(os.path.join(data, "log", CURRENT), -1, notes, problems)
    assert problems == ["log0.jsonl line 3: checksum does not match, skipped"], (problems, notes)


def test_pl23_usher_logs_names_a_damaged_line_and_reads_the_older_unsealed_ones(tmp_path, monkeypatch):
    from usher_host import devfiles, logs
    folder = str(tmp_path / "log")
    _log(folder)
    with open(os.path.join(folder, CURRENT), "rb") as f:
        sealed = f.read()
    older = b'{"b": 1, "n": 1, "k": "boot", "d": {}}\n'          # a line from before the seal
    board = {"/data/log/log1.jsonl": older, "/data/log/log0.jsonl": sealed}
    monkeypatch.setattr(devfiles, "read_file", lambda conn, path: board.get(path))
    problems = []
    entries = logs.pull(None, problems=problems)
    assert [(e["b"], e["k"]) for e in entries] == [(1, "boot"), (1, "boot"), (1, "game"), (1, "end")]
    assert problems == ["log0.jsonl line 3: checksum does not match, skipped"], problems
