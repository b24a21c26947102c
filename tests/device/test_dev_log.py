# Bounded flash log (PL-10): size cap, oldest dropped, boot numbers, torn lines.
import json
import os

from mptest import tmpdir

from usher.device.log import CURRENT, PREVIOUS, FlashLog, read_all


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def test_pl10_log_stays_under_cap_and_keeps_newest():
    d = tmpdir()
    log = FlashLog(d, max_bytes=2000)
    for i in range(300):
        assert log.write("action", {"type": "add", "i": i})
    total = _size(d + "/" + CURRENT) + _size(d + "/" + PREVIOUS)
    assert total <= 2000, total
    entries = read_all(d)
    idx = [e["d"]["i"] for e in entries]
    assert idx[-1] == 299                        # newest kept
    assert idx == list(range(idx[0], 300))       # a contiguous tail, oldest dropped
    assert idx[0] > 0
    assert len(idx) >= 20


def test_pl10_log_boot_numbers_grow_across_boots():
    d = tmpdir()
    a = FlashLog(d)
    a.write("boot", {"board": "badger2040"})
    a.write("error", "Traceback ...\nRuntimeError: x")
    b = FlashLog(d)
    b.write("boot", {})
    entries = read_all(d)
    assert [(e["b"], e["n"], e["k"]) for e in entries] == [(1, 1, "boot"), (1, 2, "error"), (2, 1, "boot")]
    assert entries[1]["d"].endswith("RuntimeError: x")


def test_pl10_log_skips_a_line_torn_by_power_cut():
    d = tmpdir()
    log = FlashLog(d)
    log.write("info", "one")
    with open(d + "/" + CURRENT, "a") as f:
        f.write('{"b": 1, "n": 2, "k": "act')        # cut mid-line
    log2 = FlashLog(d)
    log2.write("info", "two")
    texts = [e["d"] for e in read_all(d)]
    assert texts == ["one", "two"], texts


def test_pl10_huge_traceback_is_shortened_not_dropped():
    d = tmpdir()
    log = FlashLog(d, max_bytes=8000)
    log.write("error", "x" * 10000 + "LAST")
    e = read_all(d)[0]
    assert len(e["d"]) < 3000 and e["d"].endswith("LAST")


def test_pl10_log_lines_are_json():
    d = tmpdir()
    log = FlashLog(d)
    log("action", {"type": "play", "card": 3})      # the services["log"] form
    with open(d + "/" + CURRENT) as f:
        line = f.read().strip()
    assert json.loads(line)["d"] == {"type": "play", "card": 3}


def test_issue24_the_boot_number_comes_from_the_end_of_the_log_whatever_its_size():
    # The newest line's boot number is read from the end of log0.jsonl (or
    # log1.jsonl when a rotation left no log0): a boot's cost does not grow
    # with the log. A long last line (a traceback) is found too.
    d = tmpdir()
    log = FlashLog(d, max_bytes=64 * 1024)
    for i in range(300):
        log.write("info", "line %d of a long session" % i)
    log.write("error", "Traceback " + "x" * 1990)
    assert FlashLog(d).boot_no == 2
    with open(d + "/" + CURRENT, "r+b") as f:      # damage at the start is never read
        f.write(b"\xff\xfe not json")
    assert FlashLog(d).boot_no == 2
    os.rename(d + "/" + CURRENT, d + "/" + PREVIOUS)
    assert FlashLog(d).boot_no == 2


def test_pl10_held_lines_reach_the_flash_together_on_release():
    # issue 24: the boot's lines wait in RAM until the first picture is under
    # way, then go to flash in one append (one erase on littlefs, not two).
    d = tmpdir()
    log = FlashLog(d)
    log.hold()
    assert log.write("boot", {"board": "badger2040"})
    assert log.write("resume", {"game": None})
    assert _size(d + "/" + CURRENT) == 0
    log.release()
    entries = read_all(d)
    assert [(e["b"], e["n"], e["k"]) for e in entries] == [(1, 1, "boot"), (1, 2, "resume")]
    log.write("info", "after")                    # no longer held: on flash at once
    assert [e["k"] for e in read_all(d)][-1] == "info"
    log.release()                                 # nothing held: nothing written twice
    assert len(read_all(d)) == 3


def test_pl10_an_error_while_held_goes_to_flash_at_once_with_the_lines_before_it():
    d = tmpdir()
    log = FlashLog(d)
    log.hold()
    log.write("boot", {})
    log.write("error", "Traceback ...\nValueError: bad")
    assert [e["k"] for e in read_all(d)] == ["boot", "error"]
    log.write("resume", {})                       # still held after the error
    assert len(read_all(d)) == 2
    log.release()
    assert [e["k"] for e in read_all(d)] == ["boot", "error", "resume"]


def test_pl10_held_lines_past_the_ram_bound_go_to_flash():
    from usher.device.log import HOLD_MAX_CHARS
    d = tmpdir()
    log = FlashLog(d)
    log.hold()
    n = 0
    while _size(d + "/" + CURRENT) == 0:
        n += 1
        log.write("info", "x" * 100)
        assert n * 100 < 2 * HOLD_MAX_CHARS, "held lines never reached the flash"
    assert len(read_all(d)) == n


def test_pl10_the_lines_that_record_a_game_are_never_held():
    # The log is the record of the kept games (PL-10, PL-17): a line of a game
    # held back could be lost to a cut after the save that changed the game.
    from usher.device.log import UNHELD
    assert set(UNHELD) >= {"game", "action", "undo", "end", "error"}
    d = tmpdir()
    log = FlashLog(d)
    log.hold()
    log.write("resume", {"game": None})
    for kind in ("game", "action", "undo", "end"):
        log.write(kind, {})
        assert [e["k"] for e in read_all(d)][-1] == kind, kind
    assert [e["k"] for e in read_all(d)][0] == "resume"


def test_issue24_the_first_append_makes_the_logs_folder():
    # The runtime no longer makes the folder at boot (an erase on a fresh
    # littlefs before the first picture): the first append does, parents too.
    d = tmpdir() + "/data/log"
    log = FlashLog(d)
    log.hold()
    assert log.write("boot", {"board": "badger2040"})
    try:
        os.stat(d)
        made = True
    except OSError:
        made = False
    assert not made                       # held: nothing on flash yet
    log.release()
    assert log.write("info", "two")
    assert [(e["b"], e["k"]) for e in read_all(d)] == [(1, "boot"), (1, "info")]
