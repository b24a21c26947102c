# Bounded flash log (PL-10): size cap, oldest dropped, boot numbers, torn lines.
import json
import os

from mptest import tmpdir

from usher.device.log import CURRENT, PREVIOUS, TAIL, TAIL_MAX, FlashLog, parse, read_all


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
    # at least a half's worth of lines (a sealed line of this shape is 71
    # bytes, PL-23)
    assert len(idx) >= 1000 // 71, len(idx)


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


def test_the_boot_number_comes_from_the_end_of_the_log_whatever_its_size():
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
    # The boot's lines wait in RAM until the first picture is under
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


def test_the_first_append_makes_the_logs_folder():
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


# --- PL-17 on littlefs: the newest lines in an inline tail ---------------------------

def _tailed(fn):
    # storage.atomic answers True as on littlefs: the log keeps a tail
    from usher.core import storage
    storage.FORCE = True
    try:
        fn()
    finally:
        storage.FORCE = None


def _keys(d):
    return [(e["b"], e["n"]) for e in read_all(d)]


def test_pl17_on_littlefs_the_newest_lines_wait_in_a_small_tail_then_join_log0():
    def body():
        d = tmpdir()
        log = FlashLog(d)
        assert log.use_tail
        for i in range(3):
            assert log.write("info", {"i": i})
        assert _size(d + "/" + CURRENT) == 0              # nothing appended to log0 yet
        assert 0 < _size(d + "/" + TAIL) <= TAIL_MAX
        for i in range(3, 40):
            assert log.write("info", {"i": i})
            assert _size(d + "/" + TAIL) <= TAIL_MAX      # it stays inline
        assert _size(d + "/" + CURRENT) > 0
        assert [e["d"]["i"] for e in read_all(d)] == list(range(40))
        # a line too big for the tail goes to log0 with the tail's lines before it
        assert log.write("error", "x" * 600)
        assert _size(d + "/" + TAIL) == 0
        assert [e["k"] for e in read_all(d)][-2:] == ["info", "error"]
        # the next boot numbers from the tail's newest line
        log.write("info", "last of boot 1")
        FlashLog(d).write("boot", {})
        assert _keys(d)[-2:] == [(1, 42), (2, 1)]
    _tailed(body)


def test_pl17_a_cut_after_the_tail_joined_log0_neither_loses_nor_doubles_a_line():
    def body():
        d = tmpdir()
        log = FlashLog(d)
        for i in range(3):
            log.write("info", {"i": i})
        with open(d + "/" + TAIL, "rb") as f:
            tail = f.read()
        # the fold's append went through, the power went before the tail's removal
        with open(d + "/" + CURRENT, "ab") as f:
            f.write(tail)
        assert [e["d"]["i"] for e in read_all(d)] == [0, 1, 2]
        again = FlashLog(d)
        assert again.boot_no == 2
        for i in range(3, 30):
            again.write("info", {"i": i})
        assert [e["d"]["i"] for e in read_all(d)] == list(range(30))
        # and log0.jsonl itself holds each line once
        with open(d + "/" + CURRENT, "rb") as f:
            keys = [(e["b"], e["n"]) for e in parse(f.read())]
        assert len(keys) == len(set(keys))
    _tailed(body)


def test_pl17_off_littlefs_the_log_appends_as_before():
    d = tmpdir()
    log = FlashLog(d)
    assert not log.use_tail               # a desktop folder (storage.atomic)
    log.write("info", "one")
    assert _size(d + "/" + TAIL) == 0 and _size(d + "/" + CURRENT) > 0


def _lfs():
    try:
        import vfs
    except ImportError:
        return None
    return vfs if hasattr(vfs, "VfsLfs2") else None


def _log_run(dev, point, n, tail):
    """n log lines on dev mounted at point, as the device writes them; the
    flash operations done when each write returned."""
    import vfs
    from usher.core import storage
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), point)
    storage.FORCE = None if tail else False
    done = []
    try:
        log = FlashLog(point + "/log")
        assert log.use_tail == tail
        for i in range(n):
            assert log.write("game" if i % 5 == 0 else "info", {"i": i, "pad": "p" * (i % 7 * 9)})
            done.append(dev.ops)
    finally:
        storage.FORCE = None
        vfs.umount(point)
    return done


def test_pl17_on_littlefs_a_log_line_costs_no_erase_until_the_tail_joins_log0():
    vfs = _lfs()
    if vfs is None:
        return
    from test_lfs_janitor import _CountingFlash
    counts = {}
    for tail in (False, True):
        dev = _CountingFlash()
        vfs.VfsLfs2.mkfs(dev, progsize=256)
        before = dev.erases
        _log_run(dev, "/lfs_log", 40, tail)
        counts[tail] = dev.erases - before
    # appended to log0.jsonl, each line past its first 512 bytes copies the
    # file's last block into a new one; with the tail, one line in several
    assert counts[False] >= 30, counts
    assert counts[True] <= 12, counts


def test_pl17_power_cuts_inside_the_logs_flash_operations_lose_no_written_line():
    vfs = _lfs()
    if vfs is None:
        return
    import gc

    from test_core_gamefile import BLOCK, _Flash
    blocks = 8
    fresh = _Flash(blocks)
    vfs.VfsLfs2.mkfs(fresh, progsize=256)
    clean = bytes(fresh.data)
    fresh = None
    run_buf = bytearray(BLOCK * blocks)
    image_buf = bytearray(BLOCK * blocks)
    n = 30
    done = _log_run(_Flash(blocks, clean, run_buf), "/lfs_log", n, True)
    cuts = 0
    for k in range(1, done[-1] + 1, 2):
        dev = _Flash(blocks, clean, run_buf, image_buf)
        dev.cut_at = k
        _log_run(dev, "/lfs_log", n, True)
        written = sum(1 for ops in done if ops < k)     # the writes that returned before the cut
        after = _Flash(blocks, dev.image, run_buf)
        vfs.mount(vfs.VfsLfs2(after, progsize=256), "/lfs_cut")
        try:
            got = [e["d"]["i"] for e in read_all("/lfs_cut/log")]
        finally:
            vfs.umount("/lfs_cut")
        # every line written before the cut, once each, in order; the one in
        # flight may be there too
        assert got in (list(range(written)), list(range(written + 1))), (k, written, got)
        cuts += 1
        gc.collect()
    assert cuts > 10, cuts


def test_the_log_reads_its_files_when_its_first_line_goes_to_flash_not_when_made():
    # At boot the log is made and held before the first picture; reading its
    # files then cost 5-15 ms of every boot to the picture on the chip.
    d = tmpdir()
    log = FlashLog(d)
    log.hold()
    log.write("boot", {})
    with open(d + "/" + CURRENT, "w") as f:        # what the files hold by the release
        f.write('{"b": 7, "n": 1, "k": "boot", "d": {}}\n{"b": 7, "n": 2, "k": "info", "d": 1')
    log.release()
    entries = read_all(d)
    assert [(e["b"], e["n"]) for e in entries] == [(7, 1), (8, 1)]      # and the torn line ended


def _flip_boot_number(path, line_no, new_b):
    # flash damage: the boot number of one line changed, the rest intact
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    i = line_no - 1
    b = json.loads(lines[i].decode())["b"]
    for form in (b'{"b":%d,', b'{"b": %d,'):           # sealed lines have no spaces
        lines[i] = lines[i].replace(form % b, form % new_b, 1)
    with open(path, "wb") as f:
        f.write(b"\n".join(lines))


def _boots(d, n, lines_each=1):
    for _ in range(n):
        log = FlashLog(d)
        for i in range(lines_each):
            log.write("boot" if i == 0 else "info", {"board": "badger2040"} if i == 0 else "x")


def test_pl23_a_flipped_digit_in_the_newest_boot_number_is_not_reused_and_is_named():
    # PL-23: a flipped digit in the newest line's boot number made the next
    # boot 2 again (reused, 3 boots and their games mixed); the line is
    # sealed, fails its seal, and the next boot is above any number it held
    for flip in (1, 9):
        d = tmpdir()
        _boots(d, 3)                                       # one line a boot: 1, 2, 3
        _flip_boot_number(d + "/" + CURRENT, 3, flip)
        log = FlashLog(d)
        log.write("boot", {})
        entries = read_all(d)
        got = [e["b"] for e in entries]
        assert got[-1] == 4 and got[:2] == [1, 2], got     # 3 is never given twice
        errors = [e["d"] for e in entries if e["k"] == "error"]
        assert len(errors) == 1 and "log0.jsonl line 3" in errors[0] and "checksum" in errors[0], errors
        assert entries[-1]["k"] == "error" and entries[-1]["b"] == 4


def test_pl23_several_damaged_newest_lines_each_count_as_a_boot_of_their_own():
    d = tmpdir()
    _boots(d, 4, lines_each=2)                              # 8 lines, boots 1-4
    for no in (6, 7, 8):                                    # boot 3's second line, boot 4's two
        _flip_boot_number(d + "/" + CURRENT, no, 1)
    log = FlashLog(d)
    log.write("boot", {})
    entries = read_all(d)
    assert entries[-2]["b"] == 7 and entries[-2]["k"] == "boot", entries[-2:]   # 3 + 1 + 3: above 4
    assert "log0.jsonl line 6" in entries[-1]["d"] and "line 8" in entries[-1]["d"], entries[-1]


def test_pl23_on_littlefs_a_damaged_line_in_the_tail_is_read_past_too():
    from usher.core import storage
    storage.FORCE = True                  # the littlefs way (log.tail) on any folder
    try:
        d = tmpdir()
        _boots(d, 3)
        assert _size(d + "/" + TAIL) > 0
        _flip_boot_number(d + "/" + TAIL, 3, 1)
        log = FlashLog(d)
        log.write("boot", {})
        entries = read_all(d)
    finally:
        storage.FORCE = None
    assert [e["b"] for e in entries] == [1, 2, 4, 4], entries
    assert "log.tail line 3" in entries[-1]["d"], entries[-1]


def test_pl23_lines_from_before_the_seal_still_read_and_set_the_boot_number():
    d = tmpdir()
    with open(d + "/" + CURRENT, "w") as f:      # a board in use: unsealed lines with spaces
        f.write('{"b": 1, "n": 1, "k": "boot", "d": {}}\n{"b": 5, "n": 1, "k": "boot", "d": {"x": 1}}\n')
    log = FlashLog(d)
    log.write("boot", {})
    entries = read_all(d)
    assert [(e["b"], e["n"], e["k"]) for e in entries] == [(1, 1, "boot"), (5, 1, "boot"), (6, 1, "boot")]
    assert not [e for e in entries if e["k"] == "error"]
    with open(d + "/" + CURRENT) as f:
        newest = f.read().split("\n")[2]
    assert newest.endswith('"}') and '"crc32":"' in newest, newest     # the new line is sealed


def test_pl23_parse_names_each_line_it_skips():
    problems = []
    raw = b'{"b":1,"n":1,"k":"boot","d":{},"crc32":"00000000"}\n{"b": 1, "n": 2, "k": "info", "d": 1}\n\xff\n'
    got = parse(raw, problems, "log0.jsonl")
    assert [e["n"] for e in got] == [2], got
    assert problems == ["log0.jsonl line 1: checksum does not match",
                        "log0.jsonl line 3: not UTF-8 text"], problems
