# PL-15 and PL-18, for every press: a form opened over a game screen is a
# window, so opening it, changing it and closing it update only the rows that
# change (a partial, turbo under PL-18); a form that plays its action closes
# onto its screen rebuilt for the new state (App.show_game), which is the
# same screen: a partial too. Moving to another screen (a round's result, the
# final scoring) stays a fast update of the whole panel.
import mptest
import ui_sessions

from usher.ui.canvas import new_canvas


def _walk(name, after_event=None, before_event=None):
    """Play a scripted session; for every button event (screen class name
    on top before, after, the refresh request, the top screen after, the
    class name of the screen under the top one before, whether the top one
    before was a window). before_event(app)
    and after_event(app, buf, r) are called around each event."""
    script = dict(ui_sessions.SESSIONS)[name]
    buf, canvas = new_canvas()
    data = mptest.tmpdir()
    app = ui_sessions.new_app(name, canvas, data)
    app.start()
    seen = []
    for evs in ui_sessions.events(script):
        for ev in evs:
            before = type(app.top()).__name__
            under = type(app.stack[-2]).__name__ if len(app.stack) > 1 else None
            was_over = app.top().over
            if before_event:
                before_event(app)
            if ev == "sleep":
                r = app.sleep_screen()
            elif ev == "restart":
                app = ui_sessions.new_app(name, canvas, data)
                r = app.start()
            else:
                r = app.handle(ev)
            seen.append((before, type(app.top()).__name__, r, app.top(), under, was_over))
            if after_event:
                after_event(app, buf, r)
    return seen


def test_pl15_theatre_card_form_is_a_window_over_the_round_and_closes_onto_it():
    seen = _walk("theatre_game")
    opened = [(r, top) for b, a, r, top, _, _ in seen if b == "RoundScreen" and a == "CardEntry"]
    played = [r for b, a, r, _, _, _ in seen if b == "CardEntry" and a == "RoundScreen"]
    resolved = [r for b, a, r, _, _, _ in seen if b == "CardEntry" and a == "ResultScreen"]
    assert opened and played and resolved, (len(opened), len(played), len(resolved))
    for r, form in opened:
        # the round's title bar stays in view above the form's window
        assert form.over and form.window_y == 16, form.window_y
        assert r is not None and r[0] != "fast" and r[2] >= 8, r
    # a played card: the round screen again, with the new card in its row
    assert [r for r in played if r is None or r[0] == "fast"] == [], played
    # the round's last card: another screen, the whole panel (PL-15)
    assert [r for r in resolved if r is None or r[0] != "fast"] == [], resolved


def test_pl15_seatwars_bus_picker_end_turn_and_placing_are_windows_over_the_turn_screen():
    seen = _walk("seatwars_game")
    forms = ("BusPicker", "CharacterForm", "EndTurnScreen")
    opened = [(r, top) for b, a, r, top, _, _ in seen if a in forms and b != a]
    assert sorted(set(type(t).__name__ for _, t in opened)) == sorted(forms), opened
    placing = [(r, t) for r, t in opened if type(t).__name__ != "CharacterForm" or t.mode == "place"]
    challenges = [(r, t) for r, t in opened if type(t).__name__ == "CharacterForm" and t.mode != "place"]
    assert challenges and len(placing) > len(challenges), (placing, challenges)
    for r, form in placing:
        assert form.over and form.window_y == 16, (type(form).__name__, form.window_y)
        assert r is not None and r[0] != "fast", (type(form).__name__, r)
    # a challenge's form needs the whole body: a screen of its own
    for r, form in challenges:
        assert not form.over and r is not None and r[0] == "fast", r
    # An action list's chain of windows over the turn screen (the menu, the
    # bus picker, a choice, a number, placing) closes onto it, rebuilt for
    # the new state. (A number asked over a challenge's form closes onto
    # another screen.)
    windows = ("Menu", "BusPicker", "ChoiceEntry", "NumberEntry", "EndTurnScreen", "CharacterForm")
    back = [(b, r) for b, a, r, _, under, was_over in seen
            if b in windows and was_over and under == "TurnScreen" and a == "TurnScreen"]
    assert "CharacterForm" in set(b for b, _ in back) and len(set(b for b, _ in back)) >= 5, back
    assert [(b, r) for b, r in back if r is None or r[0] == "fast"] == [], back
    # the last turn's end moves to the final scoring: another screen
    final = [r for b, a, r, _, _, _ in seen if b == "EndTurnScreen" and a == "FinalScoringScreen"]
    assert final and final[0][0] == "fast", final


def test_pl15_a_window_drawn_alone_shows_what_the_whole_stack_drawn_shows():
    """A press in a window over unchanged screens draws only the window (the
    screens below are still in the canvas); after every event of the game
    sessions the picture equals the whole stack drawn again."""
    alone = [0]
    drawn = []

    def watch(app):
        # every screen on the stack notes when it is drawn
        del drawn[:]
        for s in app.stack:
            if "draw" not in s.__dict__:
                s.draw = _noting(s, s.draw, drawn)

    def check(app, buf, r):
        top = app.top()
        if r is not None and top.over and not [s for s in app.stack[:-1] if s in drawn]:
            alone[0] += 1
        shown = bytes(buf)
        app._under = None
        app._draw(top)
        assert bytes(buf) == shown, (type(top).__name__, r)

    for name in ("theatre_game", "seatwars_game", "multisala_solo", "takeaseat_solo"):
        _walk(name, check, watch)
    assert alone[0] >= 50, alone


def _noting(screen, draw, drawn):
    def noted(c):
        drawn.append(screen)
        draw(c)
    return noted
