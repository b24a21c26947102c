# MS-14: a solo Multisala game is won when its total beats the record it
# started against (strictly), or when there was none; the end screen, the
# kept play, the statistics and the BG Stats link all say so. PL-19: the
# device id comes from the runtime's random source when it has one. Runs on
# CPython, the unix port and WebAssembly.
import mptest
import ui_sessions

from usher import games
from usher.core import game, rng, storage
from usher.games.multisala import engine
from usher.ui import playlog, share, stats
from usher.ui.app import App
from usher.ui.canvas import new_canvas


def _app(d, services=None):
    buf, canvas = new_canvas()
    sv = {"board": "test"}
    sv.update(services or {})
    app = App(canvas, d, sv)
    app.start()
    return app


def _solo_total(seed):
    """The final total the bot reaches in a solo game of this seed."""
    eng = games.engine("multisala")
    st = eng.new_game({"players": 1}, seed)
    bot = games.bot("multisala")
    brng = rng.new_state(seed ^ 0x5A5A)
    while True:
        a = bot.next_action(st, brng)
        if a is None:
            return st["totals"][0]
        st = eng.apply(st, a)


def _play_solo_from_setup(app, seed):
    """A solo game started from its setup screen (which reads the record),
    the seed forced, played by the bot to its end screen."""
    app.new_seed = lambda: seed
    app.top().focus_on("multisala")
    for b in ("C", "C"):         # Multisala, setup: solo virtual (the default) -> start
        app.handle(("press", b))
        app.handle(("release", b))
    assert app.record is not None and app.record["options"]["players"] == 1
    ui_sessions.bot_to_end(app, seed ^ 0x5A5A)
    app.show_game()
    return app.state


def test_ms14_the_engine_wins_a_solo_game_only_above_the_record_it_started_against():
    eng = games.engine("multisala")
    for to_beat, total, won in ((None, -50, True), (-60, -50, True), (-50, -50, False),
                                (-40, -50, False)):
        st = eng.new_game({"players": 1, "to_beat": to_beat}, 3)
        st = dict(st)
        st["totals"] = [total]
        assert engine.winners(st) == ([0] if won else []), (to_beat, total)
    # an older saved game, without the option: as before, won
    st = dict(eng.new_game({"players": 1}, 3))
    del st["to_beat"]
    assert engine.winners(st) == [0]
    # a record to beat is a whole number, and only for a solo game
    for bad in ({"players": 1, "to_beat": "12"}, {"players": 2, "to_beat": 5}):
        assert mptest.raises(game.GameError, eng.new_game, bad, 1)


def test_ms14_a_first_solo_game_is_won_and_a_later_one_below_the_record_is_lost_everywhere():
    d = mptest.tmpdir()
    app = _app(d)
    # two seeds whose totals differ: the higher first, so the second is lost
    seeds = sorted(((_solo_total(s), s) for s in (1, 2, 3, 4, 5)), reverse=True)
    (high, s_high), (low, s_low) = seeds[0], seeds[-1]
    assert high > low
    st = _play_solo_from_setup(app, s_high)
    assert app.record["options"]["to_beat"] is None
    assert engine.winners(st) == [0]
    app.end_game()
    st = _play_solo_from_setup(app, s_low)
    assert app.record["options"]["to_beat"] == high
    assert engine.winners(st) == []
    # the end screen says lost, with the record it played against
    from usher.ui.games.multisala import score
    end = app.top()
    assert isinstance(end, score.End)
    app.end_game()
    rows = list(playlog.summaries(d))
    assert [r["winners"] for r in rows] == [[0], []]
    # the statistics count one won, one lost
    lines = dict(stats.lines_for(stats.aggregate(rows, "multisala"), "multisala"))
    assert lines["vs record"] == "1 won, 1 lost"
    # and the BG Stats link marks the player a winner only in the first
    links = [share.link_of(r, "abc") for r in rows]
    assert "winner" in links[0] and "winner" not in links[1]


def test_pl19_the_device_id_comes_from_the_runtimes_random_source():
    d = mptest.tmpdir()
    app = _app(d, {"random32": lambda: 0x0BADCAFE})
    assert share.device_id(d, app.new_id_number) == "0badcafe"
    d2 = mptest.tmpdir()
    app2 = _app(d2)           # no random source: the seeds' generator
    n = app2.ui["next_seed"]
    assert share.device_id(d2, app2.new_id_number) == "%08x" % n
    assert storage.exists(d2 + "/" + share.DEVICE_FILE)
