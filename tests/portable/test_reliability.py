# Reliability of what is read back from flash (PL-8, PL-11; docs/faults.md):
# ending a game is atomic, a record that parses but is wrong falls back to the
# backup, a wrong-shaped save never loads, a damaged Multisala record or
# ui.json is named and replaced. Real engines and screens (Seat Wars,
# Multisala), on CPython, the unix port and WebAssembly.
import json

import mptest

from usher import games
from usher.core import game, storage
from usher.ui import persist
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.screens import ErrorScreen, Launcher
from usher.ui.widgets import MessageBox


def _app(data):
    buf, canvas = new_canvas()
    return App(canvas, data, {"battery": lambda: 70})


def _tap(app, b):
    app.handle(("press", b))
    return app.handle(("release", b))


def _record(gid, n, seed=7):
    """A record of gid with n actions chosen by the game's own bot."""
    eng = games.engine(gid)
    bot = games.bot(gid)
    opts = {"players": 2} if gid == "seatwars" else {}
    rec, state = game.new_record(eng, opts, seed)
    st = [1, 2]
    for _ in range(n):
        a = bot.next_action(state, st)
        rec, state = game.play(eng, rec, state, a)
    return rec


def _write(path, text):
    with open(path, "wb") as f:
        f.write(text if type(text) is bytes else text.encode("utf-8"))


def _notice(app):
    top = app.top()
    return " ".join(top.lines) if isinstance(top, MessageBox) else ""


class _CutRemove:
    """os stand-in for usher.core.storage: the power goes after `after`
    removes (the rest of the call never runs)."""

    def __init__(self, real, after):
        self.real = real
        self.left = after

    def remove(self, p):
        if self.left == 0:
            raise KeyboardInterrupt("power cut")
        self.left -= 1
        self.real.remove(p)

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_pl8_cut_inside_delete_never_brings_back_the_older_copy():
    # A defect found earlier: delete removed game.json first; a cut before the .bak went
    # left the previous record, one action short of the log.
    v1, v2 = _record("seatwars", 1), _record("seatwars", 2)
    for after in range(4):
        d = mptest.tmpdir()
        p = d + "/game.json"
        storage.save(p, v1)
        storage.save(p, v2)
        real = storage.os
        storage.os = _CutRemove(real, after)
        try:
            storage.delete(p)
            cut = False
        except KeyboardInterrupt:
            cut = True
        finally:
            storage.os = real
        obj, _source = storage.load(p)
        assert obj == v2 or obj is None, (after, obj)
        assert cut or obj is None


def test_pl11_a_parsing_but_wrong_record_falls_back_to_the_backup_and_says_so():
    good = _record("seatwars", 3)
    last = _record("seatwars", 4)
    flipped = json.loads(json.dumps(last))
    flipped["actions"][-1]["type"] = "no_such_action"          # replay refuses it
    for bad in (json.dumps(flipped), json.dumps([last]), "null", '"game"', "3",
                json.dumps(dict(last, game="nosuchgame"))):
        d = mptest.tmpdir()
        storage.save(d + "/game.json", good)
        storage.save(d + "/game.json", last)
        _write(d + "/game.json", bad)
        app = _app(d)
        app.start()
        assert app.record == good, bad
        # PL-23: a damaged copy that still says its actions counts the loss
        said = "resumes 1 action earlier" if bad.startswith("{") else "previous copy was restored"
        assert said in _notice(app) and "game.json" in _notice(app), (bad, _notice(app))


def test_pl11_a_wrong_shaped_save_is_refused_and_the_first_move_works():
    # A defect found earlier: "actions": {} loaded silently, the first move then crashed.
    for bad in ({"game": "takeaseat", "seed": 1, "options": {}, "actions": {}},
                {"game": "seatwars", "options": {"players": 2}, "actions": []},
                {"game": "seatwars", "seed": "1", "options": {"players": 2}, "actions": []},
                {"game": "seatwars", "seed": 1, "options": {"players": 2}, "actions": [1]},
                {"game": "seatwars", "seed": 1, "options": [], "actions": []},
                {"game": "seatwars", "seed": 1, "options": {"players": "x"}, "actions": []}):
        d = mptest.tmpdir()
        storage.save(d + "/game.json", bad)
        app = _app(d)
        app.start()
        assert app.record is None, bad
        assert "could not be resumed" in _notice(app) and "game.json" in _notice(app), bad
        _tap(app, "C")                       # the message goes, the launcher is back
        assert isinstance(app.top(), Launcher)
        for b in ("DOWN", "DOWN", "DOWN", "C", "C", "C", "B", "C"):   # Seat Wars: new game, end a turn
            _tap(app, b)
            assert not isinstance(app.top(), ErrorScreen), bad
        assert app.game_id == "seatwars" and len(app.record["actions"]) == 1


def test_pl11_check_record_names_what_is_wrong():
    ok = _record("seatwars", 1)
    assert game.check_record(ok) is ok
    for bad, why in (([], "not a saved game"), (dict(ok, actions={}), "actions"),
                     ({"game": "seatwars", "options": {}, "actions": []}, "no seed"),
                     (dict(ok, seed=-1), "seed"), (dict(ok, actions=[None]), "action 1")):
        e = mptest.raises(ValueError, game.check_record, bad)
        assert why in str(e), (bad, str(e))


def test_pl11_multisala_with_both_record_copies_corrupt_starts_a_fresh_record():
    # A defect found earlier: opening Multisala showed a StorageError screen, even after Restart.
    d = mptest.tmpdir()
    _write(d + "/multisala_record.json", "{\"base\": 3")
    _write(d + "/multisala_record.json.bak", b"\xff")
    app = _app(d)
    app.start()
    _tap(app, "DOWN")
    _tap(app, "DOWN")
    _tap(app, "C")                                   # Multisala's setup
    top = app.top()
    assert not isinstance(top, ErrorScreen)
    assert top.record_problem == "multisala_record.json was damaged: a new record was started"
    assert storage.load(d + "/multisala_record.json") == ({}, "main")
    app2 = _app(d)
    app2.start()
    for b in ("DOWN", "DOWN", "C"):
        _tap(app2, b)
    assert app2.top().record_problem is None and app2.top().record_text.startswith("Solo record: -")


def test_pl11_a_multisala_record_of_the_wrong_shape_is_never_shown():
    # A defect found earlier: a record {"base": "x"} showed "Solo record: x".
    for bad in ('{"base": "x"}', "[]", '{"base": 1.5}', '{"bsae": 4}', "null"):
        d = mptest.tmpdir()
        storage.save(d + "/multisala_record.json", {"base": 31})
        storage.save(d + "/multisala_record.json", {"base": 40})
        _write(d + "/multisala_record.json", bad)
        app = _app(d)
        app.start()
        for b in ("DOWN", "DOWN", "C"):
            _tap(app, b)
        top = app.top()
        said = top.record_problem
        assert said.startswith("multisala_record.json was damaged: the previous copy is used"), bad
        assert top.record_text == "Solo record: 31, variant -", (bad, top.record_text)


def _ui(settings=None, routes=None):
    return {"routes": routes or ["launcher"], "next_seed": 5,
            "settings": settings or {"clean_after": 12, "sleep_min": 10}}


def test_pl11_damaged_ui_json_falls_back_to_the_backup_and_says_so():
    # A defect found earlier: a damaged ui.json silently reset the settings.
    good = _ui({"clean_after": 12, "sleep_min": 10})
    newer = _ui({"clean_after": 13, "sleep_min": 10})
    for bad in ("", "{", b"\xff\xfe", "null", "[]", json.dumps(dict(newer, settings=None)),
                json.dumps(dict(newer, settings={"clean_after": "13", "sleep_min": 10})),
                json.dumps(dict(newer, settings={"clean_after": 0, "sleep_min": 10})),
                json.dumps(dict(newer, routes="launcher")), json.dumps(dict(newer, next_seed=-5)),
                json.dumps({"routez": ["launcher"], "next_seed": 5, "settings": newer["settings"]}),
                json.dumps(dict(newer, dice={"n": 9, "rng": [1, 2], "last": []}))):
        d = mptest.tmpdir()
        storage.save(d + "/ui.json", good)
        storage.save(d + "/ui.json", newer)
        _write(d + "/ui.json", bad)
        app = _app(d)
        app.start()
        assert app.setting("clean_after") == 12 and app.setting("sleep_min") == 10, bad
        assert "settings were damaged" in _notice(app) and "ui.json" in _notice(app), bad


def test_pl11_ui_json_with_no_good_copy_uses_defaults_and_says_so():
    d = mptest.tmpdir()
    _write(d + "/ui.json", '{"routes": 7}')
    app = _app(d)
    app.start()
    assert app.setting("clean_after") == 20   # DEFAULT_SETTINGS
    assert "defaults are used" in _notice(app) and "ui.json" in _notice(app)


def test_pl11_persist_keeps_a_game_setting_and_refuses_a_damaged_one():
    ui = _ui({"clean_after": 8, "sleep_min": 2, "takeaseat_step_seen": 4})
    assert persist.check_ui(ui) is ui
    mptest.raises(ValueError, persist.check_ui, _ui({"sleep_min": 2, "takeaseat_step_seen": [4]}))
