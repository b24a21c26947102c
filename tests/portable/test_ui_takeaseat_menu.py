# Take a Seat's game menu opens the last Automa step again ("Last Automa
# step", TS-9..TS-11 shown for review). The menu lives in common.py, below the
# solo screens: it reaches the step screen through the game's UI package
# (review_step), not by importing solo (docs/architecture.md).
from test_ui_takeaseat import SOLO_SETUP, _app, _solo_turn, _tap, _taps, _view

from usher.ui.games.takeaseat import solo
from usher.ui.widgets import Menu

import mptest


def test_ts9_menu_last_automa_step_shows_the_step_for_review():
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, SOLO_SETUP)
    _solo_turn(app)
    _tap(app, "C")          # close the step: the turn screen of turn 2
    assert isinstance(_view(app), solo.TurnScreen)
    _tap(app, "A")          # the game menu
    menu = app.top()
    assert isinstance(menu, Menu)
    labels = [item[0] for item in menu.items]
    assert "Last Automa step" in labels
    while menu.items[menu.focus][0] != "Last Automa step":
        _tap(app, "DOWN")
    _tap(app, "C")
    step = app.top()
    assert isinstance(step, solo.AutomaStep) and step.review
    assert app.state["automa_last"]["turn"] == 1
    _tap(app, "C")          # back to the game
    assert isinstance(_view(app), solo.TurnScreen)
