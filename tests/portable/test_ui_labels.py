# Labels that say what they mean: nothing cut in a kept play's
# detail, "1 action", the Missed the Bus mark explained, a choice's position
# out of the title bar.
import mptest
from mptest import drawn_texts

from usher.ui import stats, text
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.history import History
from usher.ui.widgets import ChoiceEntry


def _app():
    buf, canvas = new_canvas()
    app = App(canvas, mptest.tmpdir(), {"battery": lambda: 80})
    app.start()
    return app


def _fits(texts):
    for s in texts:
        assert not s.endswith(".."), s   # the cut rule's mark
        assert text.width(text.SMALL, s) <= 288 or text.width(text.BODY, s) <= 288, s


def test_a_kept_plays_detail_shows_its_length_and_breakdown_uncut_not_its_seed():
    app = _app()
    full = {"n": 3, "game": "takeaseat", "date": None, "players": ["Nicola"], "scores": [48],
            "winners": [0], "actions": 28, "seed": 2147483647,
            "breakdown": [[["objectives", 29], ["majorities", 14], ["usher bonus", 5]]],
            "opp": {"name": "Automa", "score": 40, "won": False,
                    "breakdown": [["majorities", "10x4"]]}}
    app.push(stats.PlayScore(app, full))
    texts = drawn_texts(app)
    assert "28 actions" in texts and not [t for t in texts if "2147483647" in t]
    full = dict(full, game="multisala", rounds=5, opp=None)
    app.push(stats.PlayScore(app, full))
    assert "28 actions, 5 rounds" in drawn_texts(app)
    assert "objectives 29, majorities 14, usher bonus 5" in texts
    assert "majorities 10x4" in texts and "Automa" in texts
    _fits(texts)


def test_the_history_counts_one_action_in_the_singular():
    app = _app()
    app.new_game("seatwars", {"players": 2, "start": 0})
    history = History(app)
    app.push(history)
    assert history.status() == "0 actions"
    assert app.play({"type": "event"})
    assert history.status() == "1 action"
    assert app.play({"type": "event"})
    assert history.status() == "2 actions"


def test_missed_the_bus_is_a_word_on_the_score_row_or_explained_on_the_hint_line():
    from usher.ui.games.seatwars import turn
    for n, tag in ((2, " missed"), (3, " missed"), (4, " MB")):
        app = _app()
        app.new_game("seatwars", {"players": n, "start": 0})
        assert turn.missed_tag(n) == tag
        assert app.play({"type": "event", "missed": 1})
        texts = drawn_texts(app)
        assert ("P2" + tag) in texts, texts
        if tag == " MB":
            assert turn.note(app.state) == "MB: P2 under Missed the Bus"
        _fits(texts)


def test_a_choice_says_which_of_how_many_beside_its_box_not_in_the_title_bar():
    app = _app()
    entry = ChoiceEntry(app, "Setup", "Pick", [("a", 1, None), ("b", 2, None)], lambda a, v: None)
    app.push(entry)
    assert entry.status() == ""
    assert "1 of 2" in drawn_texts(app)
