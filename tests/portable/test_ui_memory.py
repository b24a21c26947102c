# RAM measures of the App (docs/ui-internals.md, Memory): the App keeps a CRC per band
# of the last frame instead of a copy of it (the refresh requests stay those
# of PL-6), and on the device a finished game's engine and screen modules
# leave sys.modules, so playing the four games in turn keeps only one game's
# code in the heap.
import gc
import sys

import mptest

import usher.games
import usher.ui.games
from usher import unload
from usher.core import rng
from usher.ui.app import App
from usher.ui.canvas import HEIGHT, STRIDE, new_canvas
from usher.ui.refresh import BandSums, changed_band

GAME = "seatwars"
PACKAGES = ("usher.games", "usher.ui.games")


def _game_modules():
    out = []
    for pkg in PACKAGES:
        prefix = pkg + "." + GAME
        out += [n for n in sys.modules if n == prefix or n.startswith(prefix + ".")]
    return sorted(out)


def _keep_modules(fn):
    """Run fn and put usher's modules back as they were, in sys.modules and
    as their packages' attributes: other tests hold the classes of the
    modules loaded first."""
    saved = dict((n, m) for n, m in sys.modules.items() if n.startswith("usher."))
    try:
        fn()
    finally:
        for n in [n for n in sys.modules if n.startswith("usher.") and n not in saved]:
            del sys.modules[n]
            parent, short = n.rsplit(".", 1)
            if parent in sys.modules and short in sys.modules[parent].__dict__:
                delattr(sys.modules[parent], short)
        for n in saved:
            sys.modules[n] = saved[n]
        for n in saved:
            parent, short = n.rsplit(".", 1)
            setattr(sys.modules[parent], short, saved[n])
        gc.collect()


def _app(services):
    buf, canvas = new_canvas()
    app = App(canvas, mptest.tmpdir(), services)
    app.start()
    return app


def test_end_game_drops_the_game_code_when_the_device_asks():
    def run():
        app = _app({"unload_games": True})
        app.new_game(GAME, {"start": 0}, seed=5)
        assert "usher.games.seatwars.engine" in sys.modules
        assert "usher.ui.games.seatwars" in sys.modules
        # the owner's data files are read once, when the game starts
        assert "usher.ui.owner_data" not in sys.modules
        state = app.state
        app.end_game()
        assert _game_modules() == []
        assert GAME not in usher.games.__dict__ and GAME not in usher.ui.games.__dict__
        # The next game of it loads the code again and starts the same way.
        app.new_game(GAME, {"start": 0}, seed=5)
        assert "usher.games.seatwars.engine" in sys.modules
        assert app.state == state
    _keep_modules(run)


def test_keeping_a_play_is_not_done_beside_the_screens_and_their_modules():
    # A finished game is kept in the history with only its end
    # screen on the stack and, on the device, without the game's other
    # screen modules (its engine stays: the play's results come from it);
    # everything goes once the game has ended, as before.
    def run():
        from usher.ui import playlog
        app = _app({"unload_games": True})
        app.new_game(GAME, {"start": 0}, seed=5)
        app.show_game()
        app.push(app.game_screen())
        end = app.top()
        app.state = dict(app.state, phase="over")
        seen = []
        keep = playlog.keep

        def watched(a):
            seen.append((list(a.stack), _game_modules()))
            return None, None
        playlog.keep = watched
        try:
            app.end_game()
        finally:
            playlog.keep = keep
        assert len(seen) == 1 and seen[0][0] == [end]
        assert "usher.games.seatwars.engine" in seen[0][1]
        assert [n for n in seen[0][1] if n.startswith("usher.ui.")] == []
        assert _game_modules() == [] and app.top().route == "launcher"
    _keep_modules(run)


def test_take_a_seats_turn_screens_leave_ram_at_the_scoring_and_come_back_at_an_undo():
    # A solo game's scoring does not hold the turns' screen module
    # (usher.ui.games.takeaseat.solo) nor the multiplayer screens; an undo
    # back into the turns loads it again, and its screens work.
    from usher.games.takeaseat import bot

    def run():
        solo = "usher.ui.games.takeaseat.solo"
        for name in (solo, "usher.ui.games.takeaseat.multi"):    # as a fresh boot has them
            unload(name)
        app = _app({"unload_games": True})
        app.new_game("takeaseat", {"mode": "solo"}, seed=5)
        st = rng.new_state(9)
        while app.state["phase"] != "scoring":
            assert app.play(bot.next_action(app.state, st))
        app.show_game()     # the Automa's last step first, its C goes to the scoring
        assert type(app.top()).__name__ == "SoloScreen", app.top()
        app.handle(("press", "C"))
        app.handle(("release", "C"))
        gc.collect()
        assert type(app.top()).__name__ == "ScoreForm", app.top()
        assert solo not in sys.modules and "usher.ui.games.takeaseat.multi" not in sys.modules
        app.undo()
        app.show_game()
        assert app.state["phase"] == "automa", app.state["phase"]
        assert solo in sys.modules and type(app.top()).__name__ == "SoloScreen", app.top()
        gc.collect()
        for _ in range(2):      # the Automa's card drawn again, then its step's C
            app.handle(("press", "C"))
            app.handle(("release", "C"))
        assert app.state["phase"] == "scoring", app.state["phase"]
        assert type(app.top()).__name__ == "ScoreForm" and solo not in sys.modules, app.top()
    _keep_modules(run)


def test_statistics_open_again_after_plays_kept_since_they_were_first_opened():
    # The history writer (usher.ui.playlog) leaves RAM after each
    # kept play; the statistics, loaded once opened, import it at each use
    # (held in their globals, it would stay in RAM).
    from usher.ui import stats

    def run():
        app = _app({"unload_games": True})
        stats.open_menu(app)
        assert app.top().route == "stats"
        for seed in (5, 6):
            app.new_game(GAME, {"start": 0}, seed=seed)
            app.state = dict(app.state, phase="over")
            app.end_game()
            assert "usher.ui.playlog" not in sys.modules
            gc.collect()
        stats.open_menu(app)
        assert app.top().route == "stats"
        assert stats.last_plays(app).title == "Last plays"
    _keep_modules(run)


def test_every_game_session_runs_with_the_devices_unloads_and_frequent_collections():
    # With the device's unloads (services["unload_games"]) no press
    # of a scripted session ends on the error screen, with a collection
    # after every third event: a module's code that ran after its unload
    # must still find what it uses.
    import ui_sessions

    from usher.ui.app import App
    names = ("takeaseat_solo", "theatre_game", "multisala_solo", "multisala_share", "seatwars_game",
             "seatwars_stats")
    scripts = dict(ui_sessions.SESSIONS)
    errors = []
    made = ui_sessions.new_app

    class Watched(App):
        def error_screen(self, text):
            errors.append(text)
            return App.error_screen(self, text)

    def new_app(name, canvas, data_dir):
        app = Watched(canvas, data_dir, {"battery": lambda: 76, "board": "test", "unload_games": True})
        return app
    count = [0]

    def on_event(ev):
        count[0] += 1
        if count[0] % 3 == 0:
            gc.collect()
    def run():
        for name in names:
            app = ui_sessions.run(name, scripts[name], mptest.tmpdir(), on_event=on_event)
            assert errors == [], (name, errors[:1])
            assert app.top() is not None
    ui_sessions.new_app = new_app
    try:
        _keep_modules(run)
    finally:
        ui_sessions.new_app = made
    assert count[0] > 500


def test_end_game_keeps_the_modules_without_the_service():
    def run():
        app = _app({})
        app.new_game(GAME, {"start": 0}, seed=5)
        before = _game_modules()
        app.end_game()
        assert _game_modules() == before and "usher.games.seatwars.engine" in before
    _keep_modules(run)


def test_pl6_band_sums_find_the_bands_a_frame_copy_finds():
    st = rng.new_state(11)
    frame = bytearray(STRIDE * HEIGHT)
    last = bytearray(len(frame))  # the panel starts white
    sums = BandSums()
    seen = []
    for _ in range(40):
        # Change 0-3 bytes anywhere (0: the same frame again); a byte may be
        # set to the value it had, which changes nothing.
        for _ in range(rng.below(st, 4)):
            frame[rng.below(st, len(frame))] = rng.below(st, 3)
        expected = changed_band(frame, last)
        assert sums.changed(frame) == expected
        last[:] = frame
        seen.append(expected)
    assert None in seen and [b for b in seen if b and b[1] > 8]  # no change, and a wide band
    # A single pixel in the last row: the bottom band only.
    frame[len(frame) - 1] ^= 1
    assert sums.changed(frame) == (HEIGHT - 8, 8)
    assert sums.changed(frame) is None


def test_undo_does_not_hold_the_state_through_its_replay():
    # The state before an undo is let go before the replay that
    # makes the undone one (two states at once were a Take a Seat game's
    # heap peak); a replay that fails gives the state back from the record.
    from usher import games
    from usher.core import game
    app = _app({})
    app.new_game("takeaseat", {"mode": "solo"}, seed=5)
    bot, bot_rng = games.bot("takeaseat"), rng.new_state(5)
    for _ in range(4):
        assert app.play(bot.next_action(app.state, bot_rng))
    before, record = app.state, app.record
    # The undo comes from the History, over the game's screen (which holds
    # parts of the state): that screen is let go before the replay too.
    from usher.ui.history import History
    app.show_game()
    history = History(app)
    app.push(history)
    launcher = app.stack[0]
    assert len(app.stack) == 3 and app.stack[1].route == "game"
    seen = []
    replay = game.replay

    def watched(engine, rec, upto=None):
        seen.append((app.state, list(app.stack)))
        return replay(engine, rec, upto)
    game.replay = watched
    try:
        assert app.undo()
        assert seen == [(None, [launcher, history])] and app.state == replay(app.engine, app.record)
        # Leaving the History builds the game's screen for the undone state.
        history.button("A")
        assert [s.route for s in app.stack][1:] == ["game"] and app.stack[1].app is app
        assert len(app.record["actions"]) == len(record["actions"]) - 1

        def failing(engine, rec, upto=None):
            if len(rec["actions"]) < len(app.record["actions"]):
                raise game.GameError("broken")
            return replay(engine, rec, upto)
        game.replay = failing
        kept = app.state
        assert not app.undo()
        assert app.state == kept and app.state is not None
    finally:
        game.replay = replay
    assert before is not app.state
