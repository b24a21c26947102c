# A saved game that parses but cannot be what it claims is a damaged copy
# (PL-11, PL-23): an unsealed game.json (the older format, still read after
# an update) whose options are not its game's ({"players": 99} for a solo
# Take a Seat) is refused by the engine's new_game, so the App resumes the
# good previous copy, game.json.bak, and says the file was damaged; on the
# FAT way and on the littlefs way (storage.FORCE). Before, such a file
# started a game of 0 actions without a word and the backup was not used.
import json

import mptest

from usher import games
from usher.core import game, storage
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.widgets import MessageBox

BAD = {"game": "takeaseat", "seed": 1, "options": {"players": 99}, "actions": []}


def _app(d):
    return App(new_canvas()[1], d, {"battery": lambda: 70, "board": "test"})


def _notices(app):
    return " ".join([" ".join(s.lines) for s in app.stack if isinstance(s, MessageBox)])


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def _good(n=5, seed=9):
    """A solo Take a Seat record of n actions chosen by the game's bot."""
    eng = games.engine("takeaseat")
    bot = games.bot("takeaseat")
    rec, state = game.new_record(eng, {"mode": "solo"}, seed)
    st = [1, 2]
    for _ in range(n):
        rec, state = game.play(eng, rec, state, bot.next_action(state, st))
    return rec


def _resumes_the_backup(force):
    storage.FORCE = force
    try:
        d = mptest.tmpdir()
        good = _good()
        _write(d + "/game.json", json.dumps(BAD))          # unsealed, as older firmware wrote
        _write(d + "/game.json.bak", json.dumps(good))
        app = _app(d)
        app.start()
        assert app.game_id == "takeaseat" and app.record == good, app.record
        said = _notices(app)
        assert "damaged" in said and "game.json" in said and "players" in said, said
        assert "its options are not this game's" in said, said
        # the game goes on from the backup, and its next action is kept
        a = games.bot("takeaseat").next_action(app.state, [3, 4])
        assert app.play(a)
        again = _app(d)
        again.start()
        assert again.record == app.record and len(again.record["actions"]) == len(good["actions"]) + 1
        if force is None:
            # the next save replaced the damaged file: nothing to say again
            # (littlefs: its next save is a tail on the base it resumed,
            # usher.core.gamefile; the damaged file's repair is the loader's)
            assert not _notices(again)
    finally:
        storage.FORCE = None


def test_pl11_a_save_whose_options_are_not_its_games_resumes_its_backup_and_says_so():
    _resumes_the_backup(None)


def test_pl23_on_littlefs_a_save_whose_options_are_not_its_games_resumes_its_backup():
    _resumes_the_backup(True)


def test_pl11_a_save_with_an_action_field_not_its_own_resumes_its_backup():
    good = _good(4)
    bad = _good(5)
    bad["actions"][-1] = dict(bad["actions"][-1])
    bad["actions"][-1]["colour"] = "red"
    d = mptest.tmpdir()
    _write(d + "/game.json", json.dumps(bad))
    _write(d + "/game.json.bak", json.dumps(good))
    app = _app(d)
    app.start()
    assert app.record == good, app.record
    said = _notices(app)
    assert "damaged" in said and "colour" in said, said
