# What the history's repair makes of damaged lines between good ones
# (PL-23: "the notice on screen and the log say what and how much";
# docs/history.md): a damaged line stands for as many plays as the seals in
# it say (two lines run together: two; the halves of a line broken in two:
# one), at least one, never more than the play numbers around it allow; a
# play is named as lost when the good lines around it say which one it was,
# counted when they do not, rebuilt when its record reads; and the repaired
# history keeps the plays Statistics showed before the damage (the newest
# CAP), no older one in place of one lost. Each history here is written
# line by line as the damage leaves it, so each case is one the readers
# may meet. Holds rules bench/mutate.py found no test for. Runs on CPython,
# the unix port and WebAssembly.
import mptest

from usher import games
from usher.core import game, gamefile, rng, storage
from usher.ui import playlog

_GAME = []


def _finished():
    """(line, record) of a finished 2-seat Seat Wars game played by its bot."""
    if not _GAME:
        eng, bot = games.engine("seatwars"), games.bot("seatwars")
        rec, state = game.new_record(eng, {"players": 2, "start": 0}, 3)
        r = rng.new_state(3)
        a = bot.next_action(state, r)
        while a is not None:
            rec, state = game.play(eng, rec, state, a)
            a = bot.next_action(state, r)
        _GAME.append(playlog.entry("seatwars", rec, state))
    return _GAME[0]


def _text(n):
    line = dict(_finished()[0])
    line["n"] = n
    return storage.encode(line)


def _history(rows, records=(), broken=(), bak=None):
    """A history folder. plays.jsonl from rows: n, play n's line; "x", a
    line whose seal fails; "<" and ">", the first and second half of a
    line broken in two; (a, b), the lines of plays a and b run together.
    The whole records of the plays in records, a damaged record file for
    each play in broken, and a .bak holding the lines of the plays in bak."""
    d = mptest.tmpdir()
    storage.makedirs(playlog.folder(d))
    out = []
    for r in rows:
        if r == "?":
            out.append(b"\xff\xfe not text")
        elif type(r) is int:
            out.append(_text(r))
        elif type(r) is tuple:
            out.append(_text(r[0]) + _text(r[1]))
        elif r == "x":
            out.append(_text(999).replace('"seatwars"', '"seatwarz"'))
        elif r == "<":
            out.append(_text(999)[:100])
        else:
            out.append(_text(999)[100:])
    with open(playlog.index_path(d), "wb") as f:
        for x in out:
            f.write((x if type(x) is bytes else x.encode()) + b"\n")
    if bak is not None:
        with open(playlog.index_path(d) + ".bak", "w") as f:
            f.write("".join([_text(n) + "\n" for n in bak]))
    rec = _finished()[1]
    for n in records:
        rec = dict(rec)
        rec["n"] = n
        storage.save_json(playlog.play_path(d, n), gamefile.packed_json(rec)[0])
    for n in broken:
        with open(playlog.play_path(d, n), "w") as f:
            f.write("{not a record")
    return d


def _after(rows, cap=None, **kw):
    """(what the repair's notice says after "kept aside in
    plays.jsonl.bad", or None for no notice; the plays Statistics shows
    after it). cap: playlog.CAP for the while (a history at its cap in a
    few lines)."""
    saved = playlog.CAP
    playlog.CAP = cap or saved
    try:
        d = _history(rows, **kw)
        notice = playlog.open_index(d)[1]
        assert playlog.open_index(d)[1] is None, notice            # repaired once, for good
        shown = [s["n"] for s in playlog.summaries(d)]
    finally:
        playlog.CAP = saved
    if notice is None:
        return None, shown
    cut = notice.find("plays.jsonl.bad")
    return (notice[cut + len("plays.jsonl.bad"):] if cut >= 0 else notice), shown


def test_lines_lost_between_two_good_ones_are_named_when_the_numbers_say_which():
    """1, two damaged lines, 4: plays 2 and 3, named; 1, one damaged line,
    5: one of plays 2-4, counted, not named."""
    assert _after([1, "x", "x", 4]) == (
        "; plays #2, #3 lost (no copy of their line, no record). 2 plays kept.", [1, 4])
    assert _after([1, "x", 5]) == ("; 1 play lost (no copy, no record). 2 plays kept.", [1, 5])
    assert _after([1, "x", 3]) == (
        "; play #2 lost (no copy of its line, no record). 2 plays kept.", [1, 3])


def test_a_record_between_good_lines_is_rebuilt_and_only_the_rest_counted_lost():
    assert _after([1, "x", 5], records=[3]) == ("; play #3 rebuilt. 3 plays kept.", [1, 3, 5])
    assert _after([1, "x", "x", 5], records=[3]) == (
        "; play #3 rebuilt; 1 play lost (no copy, no record). 3 plays kept.", [1, 3, 5])
    assert _after([1, "x", "x", "x", 5], records=[3]) == (
        "; play #3 rebuilt; plays #2, #4 lost (no copy of their line, no record). 3 plays kept.",
        [1, 3, 5])


def test_lines_lost_before_the_first_good_one_are_named_when_the_history_starts_at_1():
    assert _after(["x", 2, 3]) == (
        "; play #1 lost (no copy of its line, no record). 2 plays kept.", [2, 3])
    assert _after(["x", "x", 3]) == (
        "; plays #1, #2 lost (no copy of their line, no record). 1 play kept.", [3])
    assert _after(["x", "x", 4]) == ("; 2 plays lost (no copy, no record). 1 play kept.", [4])
    assert _after(["x", 5, 6]) == ("; 1 play lost (no copy, no record). 2 plays kept.", [5, 6])


def test_records_older_than_the_first_good_line_come_back_for_its_damaged_lines():
    assert _after(["x", 5, 6], records=[2, 3]) == ("; plays #2, #3 rebuilt. 4 plays kept.",
                                                   [2, 3, 5, 6])
    assert _after(["x", "x", 5, 6], records=[2, 3]) == ("; plays #2, #3 rebuilt. 4 plays kept.",
                                                        [2, 3, 5, 6])


def test_lines_lost_after_the_last_good_one_are_named_by_their_records_files():
    """A record's file names its play even when it does not read."""
    assert _after([1, 2, "x"]) == ("; 1 play lost (no copy, no record). 2 plays kept.", [1, 2])
    assert _after([1, 2, "x", "x"]) == ("; 2 plays lost (no copy, no record). 2 plays kept.", [1, 2])
    assert _after([1, 2, "x"], broken=[3]) == (
        "; play #3 lost (no copy of its line, no record). 2 plays kept.", [1, 2])
    assert _after([1, 2, "x"], broken=[4]) == (
        "; play #4 lost (no copy of its line, no record). 2 plays kept.", [1, 2])
    assert _after([1, 2, "x", "x"], broken=[3, 5]) == (
        "; plays #3, #5 lost (no copy of their line, no record). 2 plays kept.", [1, 2])
    assert _after([1, 2, "x", "x"], broken=[3]) == (
        "; play #3 lost (no copy of its line, no record); 1 other play lost (no copy, no record)."
        " 2 plays kept.", [1, 2])
    assert _after([1, 2, "x"], records=[4]) == ("; play #4 rebuilt. 3 plays kept.", [1, 2, 4])
    assert _after([1, 2, "x", "x"], records=[3]) == (
        "; play #3 rebuilt; 1 play lost (no copy, no record). 3 plays kept.", [1, 2, 3])


def test_a_damaged_line_stands_for_as_many_plays_as_its_seals_say():
    assert _after([1, (2, 3), 4]) == (
        "; plays #2, #3 lost (no copy of their line, no record). 2 plays kept.", [1, 4])
    assert _after([1, "<", ">", 3]) == (
        "; play #2 lost (no copy of its line, no record). 2 plays kept.", [1, 3])
    assert _after([1, "<", ">", 4]) == ("; 1 play lost (no copy, no record). 2 plays kept.", [1, 4])
    assert _after([1, "<", 3]) == (
        "; play #2 lost (no copy of its line, no record). 2 plays kept.", [1, 3])


def test_a_damaged_line_between_plays_that_follow_on_loses_nothing():
    assert _after([1, 3, "x", 4]) == (". 3 plays kept.", [1, 3, 4])
    assert _after([1, "x", 2]) == (". 2 plays kept.", [1, 2])


LOST1 = "; 1 play lost (no copy, no record)"


def test_a_history_at_its_cap_keeps_the_plays_it_showed_and_counts_those_lost():
    """CAP plays shown before the damage (here 2 to 5, the cap made small):
    the repair keeps those it can, brings no older play back in place of
    one lost (PL-23) unless the readers had room for it, and counts as
    lost only plays the readers showed."""
    for rows, kw, cap, said, kept in (
            ([1, "x", 3], {}, 2, "; play #2 lost (no copy of its line, no record). 1 play kept.", [3]),
            ([1, (2, 3)], {"records": [3]}, 2, "; play #3 rebuilt" + LOST1 + ". 1 play kept.", [3]),
            ([1, "x", 5], {}, 2, LOST1 + ". 1 play kept.", [5]),
            (["x", "x", 3], {"records": [1, 2], "bak": [1, 2]}, 2, ". 2 plays kept.", [2, 3]),
            ([5, (6, 7), "x"], {"bak": [7, 8]}, 2, ". 2 plays kept.", [7, 8]),
            ([8, "x"], {"records": [9], "bak": [6, 7, 8]}, 3, "; play #9 rebuilt. 3 plays kept.", [7, 8, 9]),
            ([6, "x", "x"], {}, 4, "; 2 plays lost (no copy, no record). 1 play kept.", [6]),
            ([3, 4, (5, 6), 7, 8, 9], {"records": [8], "broken": [9]}, 5,
             "; plays #5, #6 lost (no copy of their line, no record). 3 plays kept.", [7, 8, 9]),
            ([1, 2, 3, 4, "<", ">", 7], {"records": [6, 7]}, 5, "; play #6 rebuilt. 5 plays kept.",
             [2, 3, 4, 6, 7]),
            ([1, "x", "x", 5], {"records": [4], "broken": [5]}, 5,
             "; play #4 rebuilt" + LOST1 + ". 3 plays kept.", [1, 4, 5]),
            ([1, "x", "x", 5], {"records": [1, 2, 4], "broken": [3], "bak": [1, 2, 3, 4]}, 5,
             ". 5 plays kept.", [1, 2, 3, 4, 5]),
            ([1, 2, 3, "<", ">", 6, "x"], {}, None, "; 2 plays lost (no copy, no record). 4 plays kept.",
             [1, 2, 3, 6]),
            (["x", 8, 9], {"broken": [9]}, 3, LOST1 + ". 2 plays kept.", [8, 9]),
            (["<", ">", 6], {}, 2, LOST1 + ". 1 play kept.", [6]),
            (["x", 5, "x"], {}, 2, LOST1 + ". 1 play kept.", [5]),
            (["x", 2, 3, "x"], {"records": [2, 3], "bak": [2, 3]}, 2, LOST1 + ". 1 play kept.", [3])):
        got = _after(rows, cap, **kw)
        assert got == (said, kept), (rows, kw, cap, got)


def test_a_record_newer_than_the_first_and_only_line_is_rebuilt_silently():
    """A cut between the two writes of a play's keeping (PL-8): nothing
    was lost, so no notice, however the history starts."""
    assert _after([5], records=[6]) == (None, [5, 6])
    assert _after([2], records=[4]) == (None, [2, 4])


def test_a_damaged_line_before_play_1_or_that_is_not_text_is_weighed_as_one():
    """Nothing can come before play #1: a damaged line there loses no
    play. A line that is not UTF-8 text (no seal to count) stands for one
    play, so between #1 and #4 the loss is counted, not named."""
    assert _after(["x", 1, 2]) == (". 2 plays kept.", [1, 2])
    assert _after([1, "?", 4]) == (LOST1 + ". 2 plays kept.", [1, 4])
    assert _after([1, "?", 3]) == ("; play #2 lost (no copy of its line, no record). 2 plays kept.", [1, 3])


def test_more_damaged_lines_than_records_after_the_last_good_one_stand_for_the_records_only():
    """Two damaged last lines and one record after them (play #3): they
    stand for no more plays than the records found say, so with a cap of 3
    play #1 stays (the readers showed 1, 2 and 3)."""
    assert _after([1, 2, "x", "x"], 3, records=[3]) == (
        "; play #3 rebuilt" + LOST1 + ". 3 plays kept.", [1, 2, 3])
    assert _after([1, "x", "x", 5], 2, records=[3]) == ("; play #3 rebuilt. 2 plays kept.", [3, 5])


def test_a_history_that_cannot_be_opened_is_rebuilt_from_its_records_and_says_why():
    """plays.jsonl that cannot be opened (here a folder in its place):
    named with the reason the system gave, its plays rebuilt."""
    d = _history([1, 2], records=[1, 2])
    import os
    os.remove(playlog.index_path(d))
    os.mkdir(playlog.index_path(d))
    notice = playlog.open_index(d)[1]
    # (the system's reason: "[Errno 21] ..." on CPython, an errno alone on
    # the WebAssembly port)
    head = "history/plays.jsonl repaired: 1 damaged line ("
    assert notice.startswith(head) and notice[len(head)] != ")", notice
    # (the file as a whole: no line number; the system's own reason)
    assert not notice[len(head):].startswith("line") and "cannot be read" not in notice, notice
    assert notice.endswith(") kept aside in plays.jsonl.bad; plays #1, #2 rebuilt. 2 plays kept."), notice
    assert [s["n"] for s in playlog.summaries(d)] == [1, 2]


def test_records_alone_with_no_history_file_and_no_copy_are_rebuilt():
    d = _history([], records=[1, 2])
    import os
    os.remove(playlog.index_path(d))
    assert playlog.open_index(d) == (playlog.index_path(d), "history/plays.jsonl repaired: "
                                     "plays.jsonl was missing; plays #1, #2 rebuilt. 2 plays kept.")
    assert [s["n"] for s in playlog.summaries(d)] == [1, 2]


def test_a_play_kept_right_after_a_repair_follows_the_repaired_history():
    """The repair (here play #2 lost, no records) runs inside the keeping:
    the new play is #4, after the last kept one, and the FAT way's rewrite
    drops only the oldest beyond the cap (3 here)."""
    line, rec = _finished()
    saved = storage.FORCE
    storage.FORCE = False
    try:
        d = _history([1, "x", 3])
        assert playlog.append(d, line, rec, cap=3)[0] == 4
        assert [s["n"] for s in playlog.summaries(d)] == [1, 3, 4]
        d = _history([1, "x", 3, 4], records=[2])
        assert playlog.append(d, line, rec, cap=3)[0] == 5
        assert [obj["n"] for _ln, obj, _t, _r in storage.read_lines(playlog.index_path(d))] == [3, 4, 5]
    finally:
        storage.FORCE = saved


def test_a_history_that_cannot_be_written_again_still_shows_each_play_once():
    """A full or read-only flash: the repair says so and the readers skip
    the damaged lines and a repeated play number all the same (PL-11)."""
    d = _history([1, 2, 2, "x", 3])
    real = storage.write_lines

    def refuse(path, lines):
        raise OSError("read-only")
    storage.write_lines = refuse
    try:
        notice = playlog.open_index(d)[1]
        assert "it could not be written again (read-only)" in notice, notice
        assert [s["n"] for s in playlog.summaries(d)] == [1, 2, 3]
    finally:
        storage.write_lines = real
