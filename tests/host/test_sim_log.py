"""The simulator writes the device's log (docs/log-format.md) with
the device's own FlashLog, headless mode included, and `usher replay` reads
it (the folder, the data folder, a file) to the identical state; the
simulator's older `["kind", data]` logs still replay."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "tests", "portable"), os.path.join(ROOT, "host_tools")):
    if p not in sys.path:
        sys.path.insert(0, p)

import ui_session_seatwars as sw  # noqa: E402

from sim.session import Session, parse_script  # noqa: E402
from usher import games  # noqa: E402
from usher.core import game, gamefile, storage  # noqa: E402
from usher.device.log import read_all  # noqa: E402
from usher_host import replay  # noqa: E402

# Seat Wars: an undo (B~ in turn 1), a power cycle after turn 2, turn 3.
SCRIPT = ",".join((sw.OPEN, sw.TURN1, sw.TURN2, "restart", sw.TURN3))


def _play(data, script=SCRIPT):
    s = Session(str(data), battery=80, log_dir=os.path.join(str(data), "log"))
    s.start()
    for _token, events in parse_script(script):
        s.step(events)
    return s


def test_simulator_log_is_the_device_format_and_replays_to_the_identical_state(tmp_path):
    s = _play(tmp_path)
    entries = read_all(str(tmp_path / "log"))
    assert entries and all(sorted(e) == ["b", "d", "k", "n"] for e in entries)
    boots = [e for e in entries if e["k"] == "boot"]
    assert [e["b"] for e in boots] == [1, 2] and boots[0]["d"]["board"] == "simulator"
    assert any(e["k"] == "undo" for e in entries)
    saved = gamefile.unpacked(storage.load(str(tmp_path / "game.json"))[0])
    for path in (tmp_path / "log", tmp_path, tmp_path / "log" / "log0.jsonl"):
        record = replay.load_record(str(path))
        assert record["actions"] == saved["actions"] and record["seed"] == saved["seed"]
        state = game.replay(games.engine(record["game"]), record)
        assert game.canonical_json(state) == game.canonical_json(s.app.state)


def test_usher_replay_reads_the_simulator_data_folder(tmp_path):
    _play(tmp_path)
    r = subprocess.run([sys.executable, "-m", "usher_host", "replay", str(tmp_path), "--saved",
                        str(tmp_path / "game.json")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "identical to the device's saved game" in r.stdout


def test_headless_run_writes_the_log_beside_its_frames(tmp_path):
    out = tmp_path / "frames"
    script = ",".join((sw.OPEN, sw.TURN1))
    proc = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", script, "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert ("log: %s" % (out / "log")) in proc.stdout
    record = replay.load_record(str(out / "log"))
    assert record["game"] == "seatwars" and len(record["actions"]) > 0
    with_data = _play(tmp_path / "again", script)
    assert record["actions"] == with_data.app.record["actions"]


def test_old_simulator_log_lines_still_replay(tmp_path):
    _play(tmp_path)
    entries = read_all(str(tmp_path / "log"))
    old = tmp_path / "log.jsonl"      # what the simulator wrote before: ["kind", data]
    old.write_text("".join(json.dumps([e["k"], e["d"]]) + "\n" for e in entries if e["k"] != "boot"))
    assert replay.load_record(str(old)) == replay.load_record(str(tmp_path / "log"))


def test_a_folder_without_a_log_is_refused_clearly(tmp_path):
    import pytest

    from usher_host.errors import HostError
    with pytest.raises(HostError, match="folder without a log"):
        replay.load_record(str(tmp_path))
