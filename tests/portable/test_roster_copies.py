# The roster's copies when they cannot be used (PL-8, PL-23): every copy
# damaged is said with each copy's reason, the file kept aside once and
# the seats then P1, P2...; a roster that lost its names (empty, or only
# its seal line) gives way to its previous copy, said; one the device
# never wrote (no copy behind it) is an empty roster. Holds rules
# bench/mutate.py found no test for. Runs on CPython, the unix port and
# WebAssembly.
import os

import mptest

from usher.core import seal
from usher.ui import players


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def _roster(names):
    d = mptest.tmpdir()
    for n in names:
        assert players.add_to_roster(d, n) is None
    return d


def test_every_copy_damaged_is_said_and_the_file_kept_aside_once():
    d = _roster(["Anna", "Ben"])
    for name in ("players.txt", "players.txt.bak"):
        _write(d + "/" + name, "# crc32 00000000\nX\n")
    assert players.load_roster(d) == ([], "players.txt could not be read (players.txt: checksum does not "
                                      "match; players.txt.bak: checksum does not match); it was kept as "
                                      "players.txt.bad; 1 name lost: X. Players are P1, P2...")
    assert sorted(os.listdir(d)) == ["players.txt.bad", "players.txt.bak"]
    assert players.load_roster(d) == ([], "players.txt could not be read (players.txt.bak: checksum does "
                                      "not match). Players are P1, P2...")


def test_a_roster_that_lost_its_names_gives_way_to_its_previous_copy():
    d = _roster(["Anna", "Ben"])
    _write(d + "/players.txt", seal.seal_text("# nobody\n"))
    assert players.load_roster(d) == (
        ["Anna"], "players.txt was damaged (players.txt: no name); the previous copy was restored; "
        "a name added or changed since may be lost.")
    assert players.load_roster(d) == (["Anna"], None)                     # restored: said once
    d = _roster(["Anna", "Ben"])
    _write(d + "/players.txt", "")
    assert players.load_roster(d) == (
        ["Anna"], "players.txt was damaged (players.txt: empty); the previous copy was restored; "
        "a name added or changed since may be lost.")


def test_a_roster_without_names_and_no_copy_behind_it_is_empty():
    for text in (seal.seal_text(""), "# only a comment\n"):
        d = mptest.tmpdir()
        _write(d + "/players.txt", text)
        assert players.load_roster(d) == ([], None), text
        assert os.listdir(d) == ["players.txt"]
    d = mptest.tmpdir()
    _write(d + "/players.txt", "\n\n")                # blank: a file that lost its content
    assert players.load_roster(d) == ([], "players.txt could not be read (players.txt: empty); it was "
                                      "kept as players.txt.bad; the names in it cannot be read. "
                                      "Players are P1, P2...")
    d = _roster(["Anna", "Ben"])
    assert players.edit_roster(d, "Anna", "delete") is None
    assert players.edit_roster(d, "Ben", "delete") is None                # the last: no file at all
    assert players.load_roster(d) == ([], None) and os.listdir(d) == []


def test_a_hand_made_roster_of_more_than_20_names_gives_the_first_20():
    d = mptest.tmpdir()
    names = ["N%d" % i for i in range(players.MAX_ROSTER + 1)]
    _write(d + "/players.txt", "\n".join(names) + "\n")
    got, problem = players.load_roster(d)
    assert got == names[:players.MAX_ROSTER]
    assert problem == "players.txt: 21 names, at most 20 set aside."


def test_an_unreadable_roster_still_stops_a_new_game_to_say_so():
    d = _roster(["Anna", "Ben"])
    for name in ("players.txt", "players.txt.bak"):
        _write(d + "/" + name, "# crc32 00000000\nX\n")
    from usher.ui.app import App
    from usher.ui.canvas import new_canvas
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    app.new_game("multisala", {"players": 2})
    box = app.top()
    assert box.title == "Players" and "could not be read" in " ".join(box.lines)
    assert app.record is None
