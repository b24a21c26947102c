# PL-23 for the settings and the Multisala record, rarely written files: on
# littlefs too (storage.FORCE = True: the in-place way on any folder) one
# damaged copy never empties them; the notice on screen and the log say
# what was lost. Runs on CPython, the unix port and WebAssembly.
import mptest

from usher.core import storage
from usher.games.multisala import record as record_file


_app = mptest.logging_app


_both_ways = mptest.both_filesystems


def _damage(path, old, new):
    with open(path) as f:
        txt = f.read()
    assert old in txt, txt
    with open(path, "w") as f:
        f.write(txt.replace(old, new, 1))          # a digit changed: the seal fails


def test_pl23_a_damaged_ui_json_keeps_the_settings_before_the_last_change_and_says_so():
    def run(force):
        d = mptest.tmpdir()
        log = []
        app = _app(d, log)
        app.set_setting("sleep_min", 10)
        app.set_setting("clean_after", 30)          # the last change of the settings
        from usher.ui import settings
        for _ in range(3):                          # presses after it: the routes saved
            app.push(settings.settings_menu(app))
            app.pop()
        _damage(d + "/ui.json", '"next_seed":', '"next_sead":')
        log = []
        app = _app(d, log)
        box = app.top()
        said = " ".join(box.lines)
        assert box.title == "Settings" and "ui.json" in said, (force, said)
        if force:
            # littlefs: ui.json.bak is the file from before that change
            assert app.setting("sleep_min") == 10 and app.setting("clean_after") == 20, force
            assert "before your last change" in said, said
            assert "clean refresh after 20 updates, sleep after 10 min idle" in said, said
        else:
            # elsewhere: the save before the last one (a press's), both changes in it
            assert app.setting("sleep_min") == 10 and app.setting("clean_after") == 30, force
            assert "previous copy was restored" in said and "after 30 updates" in said, said
        assert [v for k, v in log if k == "error" and "ui.json" in v and "sleep after 10 min" in v], log
    _both_ways(run)


def test_pl23_settings_with_no_copy_left_say_which_values_they_are_back_to():
    def run(force):
        d = mptest.tmpdir()
        log = []
        app = _app(d, log)
        app.set_setting("refresh", "fast")
        for name in ("ui.json", "ui.json.bak"):
            if storage.exists(d + "/" + name):
                _damage(d + "/" + name, '"next_seed":', '"next_sead":')
        app = _app(d, log)
        said = " ".join(app.top().lines)
        assert app.setting("refresh") == "turbo", force
        assert "defaults are used: clean refresh after 20 updates, sleep after 2 min idle, refresh turbo" \
            in said.replace("  ", " "), said
    _both_ways(run)


def test_pl23_a_game_in_play_rewrites_ui_json_in_place_without_touching_its_previous_copy():
    # the settings do not change during a game: its presses save in place
    storage.FORCE = True
    try:
        d = mptest.tmpdir()
        app = _app(d, [])
        app.set_setting("sleep_min", 5)
        app.set_setting("sleep_min", 10)
        with open(d + "/ui.json.bak") as f:
            before = f.read()
        app.new_game("seatwars", {"players": 2})
        for b in ("DOWN", "C", "DOWN", "C", "A", "C"):
            app.handle(("press", b))
            app.handle(("release", b))
        assert app.record is not None
        with open(d + "/ui.json.bak") as f:
            assert f.read() == before
        assert not storage.exists(d + "/ui.json.tmp")
    finally:
        storage.FORCE = None


def test_pl23_a_damaged_multisala_record_on_littlefs_keeps_the_record_before_the_last_beaten():
    def run(force):
        d = mptest.tmpdir()
        path = d + "/multisala_record.json"
        final = {"players": 1, "phase": "over", "variant": False, "totals": [31]}
        record_file.finish_game(path, final)
        record_file.save(path, {"base": 31, "set_by": 5})          # as finish_solo marks it
        final["totals"] = [40]
        rec, beaten = record_file.finish_game(path, final)
        assert beaten and rec["base"] == 40
        record_file.save(path, {"base": 40, "set_by": 6})
        _damage(path, '"base":40', '"base":48')
        rec, problem, detail = record_file.load_checked(path)
        assert "damaged" in problem and "checksum" in detail, (problem, detail)
        if force:
            assert rec == {"base": 31, "set_by": 5}, (force, rec)
            assert "the record before the last one beaten" in problem and "31" in problem, problem
        else:
            # elsewhere the previous save: the new record's score, before its mark
            assert rec["base"] == 40, (force, rec)
            assert "40" in problem, problem
        assert record_file.load_checked(path)[1] is None               # the good copy is the file again
    _both_ways(run)
