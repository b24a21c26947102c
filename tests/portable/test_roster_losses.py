# PL-23 for the roster: a damaged roster is named (on screen and in the log)
# whichever screen reads it first, the seat picker included; on littlefs
# too a previous copy keeps the names; after a cut that left only the
# roster's backup, a new game still asks the seats' names. Run on both
# ways of writing (storage.FORCE: littlefs in place, or temp file and
# rename). Runs on CPython, the unix port and WebAssembly.
import mptest

from usher.core import storage
from usher.ui import players


_app = mptest.logging_app


_both_ways = mptest.both_filesystems


def _damage(path):
    with open(path) as f:
        txt = f.read()
    with open(path, "w") as f:
        f.write(txt.replace("Cleo", "Clea"))          # a letter changed: the seal fails


def test_pl23_a_damaged_roster_read_first_by_the_seat_picker_is_named_and_logged():
    def run(force):
        d = mptest.tmpdir()
        for name in ("Anna", "Ben", "Cleo"):
            assert players.add_to_roster(d, name) is None
        _damage(d + "/players.txt")
        log = []
        app = _app(d, log)
        app.new_game("multisala", {"players": 2})
        box = app.top()
        said = " ".join(box.lines)
        assert box.title == "Players" and "players.txt was damaged" in said, (force, said)
        assert "previous copy was restored" in said
        assert [v for k, v in log if k == "error" and "players.txt" in v], log
        app.pop()
        # the previous copy: the names before the last one added, on both filesystems
        assert [c[0] for c in app.top().choices] == ["P1", "Anna", "Ben", "Guest name..."], force
    _both_ways(run)


def test_pl23_on_littlefs_too_a_roster_change_keeps_the_previous_copy():
    def run(force):
        d = mptest.tmpdir()
        assert players.add_to_roster(d, "Anna") is None
        assert players.add_to_roster(d, "Ben") is None
        assert storage.exists(d + "/players.txt.bak"), force
        assert players.edit_roster(d, "Ben", "rename", "Benno") is None
        _damage_all = d + "/players.txt"
        with open(_damage_all, "w") as f:
            f.write("# crc32 00000000\nBenno\n")
        names, problem = players.load_roster(d)
        assert names == ["Anna", "Ben"] and "damaged" in problem, (force, names, problem)
    _both_ways(run)


def test_pl23_a_roster_left_only_as_its_backup_by_a_cut_still_names_the_seats():
    def run(force):
        d = mptest.tmpdir()
        assert players.add_to_roster(d, "Anna") is None
        assert players.add_to_roster(d, "Ben") is None
        storage._remove(d + "/players.txt")            # the cut: only the backup is left
        log = []
        app = _app(d, log)
        app.new_game("multisala", {"players": 2})
        assert app.record is None                      # the names are asked first
        top = app.top()
        if top.title == "Players":                     # the copy used is named
            app.pop()
            top = app.top()
        assert "Anna" in [c[0] for c in top.choices], force
    _both_ways(run)
