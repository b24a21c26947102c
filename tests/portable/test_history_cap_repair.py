# PL-23 for the play history past its cap: a kept play whose record still
# reads is never dropped because its history line was damaged, however long
# the history, and the repair keeps the plays the history showed (the newest
# CAP lines), never one that was capped out before. On littlefs
# (storage.FORCE: the littlefs way on any folder, docs/history.md) plays.jsonl
# holds up to CAP + SLACK lines and its .bak is the file at its last rewrite,
# so past 50 plays a damaged line has older plays behind it in both. The
# plays are kept as the App keeps them (playlog.entry of a finished game,
# playlog.append). Runs on CPython, the unix port and WebAssembly.
import os

import mptest

from usher import games
from usher.core import game, rng, storage
from usher.ui import playlog

def _finished_play():
    """(line, record) of a finished 2-seat Seat Wars game played by its bot."""
    eng, bot = games.engine("seatwars"), games.bot("seatwars")
    rec, state = game.new_record(eng, {"players": 2, "start": 0}, 7)
    r = rng.new_state(7)
    while True:
        a = bot.next_action(state, r)
        if a is None:
            break
        rec, state = game.play(eng, rec, state, a)
    return playlog.entry("seatwars", rec, state)


def _files(d):
    out = {}
    h = playlog.folder(d)
    for name in os.listdir(h):
        with open(h + "/" + name, "rb") as f:
            out[name] = f.read()
    return out


def _histories(littlefs, sizes):
    """{size: the history folder's files after that many plays were kept},
    the plays kept one after another up to the largest size."""
    line, rec = _finished_play()
    d = mptest.tmpdir()
    out = {}
    storage.FORCE = littlefs
    try:
        for n in range(1, max(sizes) + 1):
            assert playlog.append(d, line, rec) == (n, None)
            if n in sizes:
                playlog._fold(d)     # (a rest: its newest line added to plays.jsonl)
                out[n] = _files(d)
    finally:
        storage.FORCE = None
    return out


def _folder(files):
    d = mptest.tmpdir()
    os.mkdir(playlog.folder(d))
    for name in files:
        with open(playlog.folder(d) + "/" + name, "wb") as f:
            f.write(files[name])
    return d


def _damaged(files, n):
    """files with one digit of play n's seed changed in its line (its seal
    no longer matches)."""
    lines = files[playlog.INDEX].split(b"\n")
    mark = ('"n": %d,' % n).encode()
    for i in range(len(lines)):
        if mark in lines[i]:
            at = lines[i].index(b'"seed": ') + 8
            digit = b"9" if lines[i][at:at + 1] != b"9" else b"8"
            lines[i] = lines[i][:at] + digit + lines[i][at + 1:]
            break
    else:
        raise AssertionError("no line of play %d" % n)
    out = dict(files)
    out[playlog.INDEX] = b"\n".join(lines)
    return out


def _shown(d, littlefs):
    storage.FORCE = littlefs
    try:
        return [s["n"] for s in playlog.summaries(d)]
    finally:
        storage.FORCE = None


def _repaired(files, n, littlefs):
    """(plays shown before, plays shown after the repair of play n's
    damaged line, its notice)."""
    before = _shown(_folder(files), littlefs)
    d = _folder(_damaged(files, n))
    storage.FORCE = littlefs
    try:
        where, notice = playlog.open_index(d)
        assert where == playlog.index_path(d)
        assert playlog.open_index(d) == (where, None)       # repaired once, for good
    finally:
        storage.FORCE = None
    return before, _shown(d, littlefs), notice


def test_pl23_on_littlefs_a_damaged_line_past_the_cap_loses_no_play_a_record_holds():
    built = _histories(True, (55, 82))
    for plays in (55, 82):
        files = built[plays]
        assert sorted([k for k in files if k.endswith(".json")]) == \
            ["p%05d.json" % n for n in range(plays - 9, plays + 1)]
        lines = files[playlog.INDEX].count(b"\n")
        assert lines == {55: 55, 82: 60}[plays]     # littlefs: up to CAP + SLACK lines
        assert (playlog.INDEX + ".bak" in files) == (plays == 82)
    # Measured before: play 78's line damaged at 82 plays dropped play 78
    # (its record there) and brought back play 32; likewise plays 73-81 at
    # 82 plays and 46-54 at 55. Now each is rebuilt from its record.
    for plays, damaged in ((82, 78), (82, 73), (82, 82), (55, 46), (55, 54)):
        before, after, notice = _repaired(built[plays], damaged, True)
        assert after == before, (plays, damaged, after[:3], len(after))
        assert ("#%d rebuilt" % damaged) in notice and "checksum does not match" in notice, notice
        assert "%d plays kept" % playlog.CAP in notice and "lost" not in notice, notice
    # Play 45's line at 55 plays: no record (only the newest ten keep one)
    # and no .bak yet. Play 72's at 82: the play whose keeping wrote the
    # file anew, so not in its .bak, and its record gone ten plays later.
    # The play is lost and said so; play 5 (or 32) stays out. Play 40's at
    # 82 comes back from the .bak.
    for plays, damaged, oldest in ((55, 45, 6), (82, 72, 33), (82, 40, 33)):
        before, after, notice = _repaired(built[plays], damaged, True)
        assert before[0] == oldest
        if damaged == 40:
            assert after == before and "lost" not in notice, notice
            continue
        assert after == [n for n in before if n != damaged], (plays, damaged, after[:3], len(after))
        assert ("play #%d lost" % damaged) in notice, notice
        assert "%d plays kept" % (playlog.CAP - 1) in notice, notice


def test_pl23_the_fat_way_repairs_past_the_cap_from_the_bak_as_before():
    # (55 plays: 50 lines, and the .bak one play older)
    files = _histories(False, (55,))[55]
    for damaged in (55, 50, 33, 6):
        before, after, notice = _repaired(files, damaged, False)
        assert after == before == list(range(6, 56)), (damaged, after[:3], len(after))
        assert "lost" not in notice, notice
