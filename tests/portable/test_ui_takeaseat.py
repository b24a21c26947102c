# Take a Seat's screens driven only by button events: a whole solo
# game (TS-5 turns, the player's scratch TS-4 incl. a double reservation, the
# Automa's step TS-9..TS-11, scoring TS-15..TS-21), a multiplayer game with
# the TS-20 tie-break, a refused entry (PL-11), undo through History (PL-8)
# and resume after a restart on the same screen (PL-8).
import mptest
from mptest import drawn_texts

from usher.core.game import canonical_json
from usher.games.takeaseat import tickets as tk
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.games.takeaseat import multi, results, solo
from usher.ui.history import History
from usher.ui.widgets import MessageBox
from tk_fixtures import as_rows

# Objectives entered in setup (TS-14 "entered"): A columns (4/column, x2),
# B rows (3/row), C relevant_people (2 each), D empty_areas (1 each).
ENTER_OBJECTIVES = "UP,C,DOWN,DOWN,DOWN,DOWN,C,DOWN,DOWN,DOWN,DOWN,C," \
                   "DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,C," + ",".join(["DOWN"] * 10) + ",C"
# right Sample 1, left Sample 2; C past the objectives to lay out
SOLO_SETUP = "C,C," + ENTER_OBJECTIVES + ",DOWN,C,C,C"
TRACK = (0, 2, 5, 10, 20)  # TS-18


def _app(data):
    buf, canvas = new_canvas()
    return App(canvas, data, {"battery": lambda: 80})


def _tap(app, b):
    r1 = app.handle(("press", b))
    r2 = app.handle(("release", b))
    return r1 or r2


def _view(app):
    """The top screen, or the view shown inside the solo game screen."""
    top = app.top()
    return top.view if isinstance(top, solo.SoloScreen) else top


def _hold(app, b):
    app.handle(("press", b))
    r = app.handle(("long", b))
    app.handle(("release", b))
    return r


def _taps(app, script):
    for b in script.split(","):
        _tap(app, b)


def _solo_turn(app, double=False):
    """From the Automa step or the turn screen: scratch the first valid cell
    of the focused ticket (two with double), then the Automa plays."""
    if isinstance(_view(app), solo.AutomaStep):
        _tap(app, "C")
    assert isinstance(_view(app), solo.TurnScreen)
    _tap(app, "C")
    assert isinstance(_view(app), solo.CellScreen)
    if double:
        _tap(app, "B")
    _tap(app, "C")


def _expected_majorities(scratches):
    """TS-17/TS-18 worked out from the scratches: per ticket, more = 2
    circles, a tie of at least one each = 1 each; track per area."""
    mine = [0, 0, 0, 0]
    theirs = [0, 0, 0, 0]
    for panel in scratches:
        for a in range(4):
            p = len([m for m in as_rows(panel[a]) if m[2] == 0])
            q = len([m for m in as_rows(panel[a]) if m[2] == 1])
            if p > q:
                mine[a] += 2
            elif q > p:
                theirs[a] += 2
            elif p > 0:
                mine[a] += 1
                theirs[a] += 1
    return sum([TRACK[min(c, 4)] for c in mine]), sum([TRACK[min(c, 4)] for c in theirs])


def _enter(app, value):
    """The focused number row is in edit mode: UP value times, OK."""
    form = app.top()
    assert form.editing is not None and form.keys() == ("Cancel", None, "OK")
    for _ in range(value):
        _tap(app, "UP")
    _tap(app, "C")


def test_ts5_ts9_ts21_whole_solo_game_by_buttons_reaches_the_result():
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, SOLO_SETUP)
    s = app.state
    assert s["mode"] == "solo" and s["panel_ids"] == [0, 1]
    assert s["objectives"] == ["columns", "rows", "relevant_people", "empty_areas"]
    assert isinstance(_view(app), solo.TurnScreen) and "Turn 1/14  Right panel" == app.top().status()
    steps = 0
    for turn in range(1, 15):
        assert app.state["turn"] == turn
        # TS-5: odd turns on the right panel (0), even on the left (1).
        assert app.state["panel"] == (0 if turn % 2 else 1)
        _solo_turn(app, double=(turn == 3))
        assert isinstance(_view(app), solo.AutomaStep)
        step = app.state["automa_last"]
        assert step["turn"] == turn and step["panel"] == (1 if turn % 2 else 0)
        # The step shows every Automa scratch as a ringed cell of its panel.
        for e in step["scratches"]:
            marks = app.state["scratches"][step["panel"]][tk.area_index(e["area"])]
            assert [e["cell"][0], e["cell"][1], 1] in as_rows(marks)
        steps += len(step["scratches"]) + len(step["skipped"])
        assert len(step["scratches"]) + len(step["skipped"]) == (2 if step["x2"] else 1)
    assert app.state["phase"] == "scoring" and app.top().keys()[2] == "Scoring"
    # 14 reservations (one double, on turn 3) and 14 Automa turns.
    acts = app.record["actions"]
    assert [a["type"] for a in acts] == ["reserve", "automa"] * 14
    assert len(acts[4]["cells"]) == 2
    player = [m for p in app.state["scratches"] for t in p for m in as_rows(t) if m[2] == 0]
    assert len(player) == 15
    _tap(app, "C")
    form = app.top()
    assert isinstance(form, results.ScoreForm)
    _taps(app, "C,UP,UP,A")  # Cancel puts the value back
    assert form.counts[0] == 0 and form.editing is None and form.focus == 0
    for value in (2, 1, 3, 4, 5):  # counts A-D, then the usher bonus
        _tap(app, "C")
        _enter(app, value)
    assert form.rows[form.focus] == "save"
    _tap(app, "C")
    _tap(app, "C")  # the question showing the total: Save
    res = app.state["result"]
    assert app.state["phase"] == "over" and isinstance(app.top(), results.SoloResult)
    # TS-15/TS-16: columns 2x4 doubled = 16, rows 3, relevant people 6, empty areas 4.
    assert res["player"]["objective_total"] == 16 + 3 + 6 + 4
    mine, theirs = _expected_majorities(app.state["scratches"])
    assert res["player"]["majority_points"] == mine
    assert res["player"]["total"] == 29 + mine + 5
    assert res["automa"]["total"] == 4 * theirs  # TS-21: x4
    assert res["winner"] == ("player" if 29 + mine + 5 > 4 * theirs else "automa")
    _tap(app, "C")  # Finish: the game is forgotten
    assert app.record is None and app.top().route == "launcher"


def test_pl15_a_solo_turn_is_partial_refreshes_of_one_screen():
    """Automa step -> tickets -> cell -> next Automa step stay in one screen:
    partial refreshes, a clean one only when the policy's bound is reached."""
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, SOLO_SETUP)
    app.set_setting("clean_after", 4)
    before = app.policy.since_clean
    screen = app.top()
    requests = []
    for turn in range(1, 5):
        for b in (["C"] if turn > 1 else []) + ["C", "C"]:
            requests.append(_tap(app, b))
            assert app.top() is screen
    partials = [r for r in requests if r[0] == "partial"]
    cleans = [r for r in requests if r[0] == "clean"]
    assert len(requests) == 11 and len(partials) + len(cleans) == 11
    # The new game was clean and the setup left `before` updates since; a
    # clean one comes after every 4 fast or partial updates.
    expected = []
    since = before
    for _ in range(11):
        expected.append("clean" if since >= 4 else "partial")
        since = 0 if since >= 4 else since + 1
    assert [r[0] for r in requests] == expected
    assert app.top().status() == "Turn 4/14  Automa: Right panel"  # TS-5: player left


def test_pl11_pass_is_offered_only_when_the_engine_takes_it():
    """TS-4: no "Pass" while a scratch is possible (B does nothing then);
    with no valid scratch left on the panel "Pass" is offered and plays, and
    each ticket says "no valid cell" (its last seat stays, TS-4), not "full"."""
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, SOLO_SETUP)
    before = canonical_json(app.state)
    assert app.top().keys()[1] is None
    _tap(app, "B")
    assert isinstance(_view(app), solo.TurnScreen)
    assert canonical_json(app.state) == before and app.record["actions"] == []
    # Every ticket of this turn's panel down to its last unscratched seat.
    s = app.state
    for a in range(4):
        ticket = s["tickets"][s["panel"]][a]
        s["scratches"][s["panel"]][a] = [tk.mark(x, tk.PLAYER) for x in ticket[1:]]
    app.reset([app.top(), solo.SoloScreen(app, solo.TurnScreen(app))])
    assert app.top().keys() == ("Menu", "Pass", None)
    texts = drawn_texts(app)
    assert texts.count("no valid cell") == 4 and "full" not in texts
    _tap(app, "B")
    assert [a["type"] for a in app.record["actions"]] == ["pass", "automa"]


def test_pl8_ts12_undo_through_history_redraws_the_same_automa_card():
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, SOLO_SETUP)
    _solo_turn(app)
    first = canonical_json(app.state["automa_last"])
    _taps(app, "A,C")  # Menu -> History and undo
    assert isinstance(app.top(), History)
    _hold(app, "B")
    assert [a["type"] for a in app.record["actions"]] == ["reserve"]
    _tap(app, "A")
    assert isinstance(_view(app), solo.AutomaDraw) and app.state["phase"] == "automa"
    _tap(app, "C")  # draw again: same generator state, same card (TS-12)
    assert isinstance(_view(app), solo.AutomaStep)
    assert canonical_json(app.state["automa_last"]) == first
    _taps(app, "A,C")
    _hold(app, "B")
    _hold(app, "B")
    assert app.record["actions"] == []
    _tap(app, "A")
    assert isinstance(_view(app), solo.TurnScreen) and app.state["turn"] == 1


def test_pl8_restart_lands_on_the_same_solo_screen():
    data = mptest.tmpdir()
    app = _app(data)
    app.start()
    _taps(app, SOLO_SETUP)
    _solo_turn(app)
    assert isinstance(_view(app), solo.AutomaStep)
    app2 = _app(data)
    app2.start()
    assert isinstance(_view(app2), solo.AutomaStep) and app2.state["turn"] == 2
    _tap(app2, "C")  # close the step: the turn screen
    assert isinstance(_view(app2), solo.TurnScreen)
    app3 = _app(data)
    app3.start()
    assert isinstance(_view(app3), solo.TurnScreen)
    assert app3.top().status() == "Turn 2/14  Left panel"


def test_ts4_double_reservation_needs_a_valid_second_cell():
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, SOLO_SETUP)
    _taps(app, "C,B")
    cell_screen = _view(app)
    assert cell_screen.first is not None
    # Every offered second cell is valid after the first (TS-4).
    s = app.state
    ticket = s["tickets"][0][cell_screen.area]
    for cell in cell_screen.valid:
        assert tk.is_valid_scratch(ticket, [tk.mark(cell_screen.first, tk.PLAYER)], cell)
    _tap(app, "A")  # back to a single scratch
    assert cell_screen.first is None and app.record["actions"] == []


def _score_player(app, counts, bonus, outcome_presses):
    """Enter one player's numbers on the form; outcome_presses maps a ticket
    (0-7) to how many times C cycles it from "none"."""
    _tap(app, "C")
    form = app.top()
    assert isinstance(form, results.ScoreForm)
    for value in counts + [bonus]:
        _tap(app, "C")
        _enter(app, value)
    for k in range(8):
        for _ in range(outcome_presses.get(k, 0)):
            _tap(app, "C")
        _tap(app, "DOWN")
    assert form.rows[form.focus] == "save"
    _tap(app, "C")
    _tap(app, "C")  # the question showing the total: Save


def test_ts20_ts22_multiplayer_tracker_scoring_and_bonus_tie_break():
    data = mptest.tmpdir()
    app = _app(data)
    app.start()
    _taps(app, "C,DOWN,DOWN,C," + ENTER_OBJECTIVES + ",C")  # 3 players, objectives laid out
    assert app.state["mode"] == "multi" and app.state["players"] == 3
    assert isinstance(app.top(), multi.Tracker)
    for turn in range(1, 15):
        assert app.state["turn"] == turn and app.state["panel"] == (0 if turn % 2 else 1)
        _tap(app, "C")
    assert app.state["phase"] == "scoring" and isinstance(app.top(), multi.Players)
    # P1: columns 1 (4, doubled = 8) + bonus 2 = 10.
    _score_player(app, [1, 0, 0, 0], 2, {})
    # P2: empty areas 9 + bonus 1 = 10 (ties P1, less bonus).
    assert app.top().focus == 1  # the next player to enter
    _score_player(app, [0, 0, 0, 9], 1, {})
    # restart in the middle of scoring: same screen
    app = _app(data)
    app.start()
    assert isinstance(app.top(), multi.Players) and app.top().focus == 2
    # P3: right authorities "more" (2 circles) + left authorities "tie" (1):
    # 3 circles = 10 points (TS-18).
    _score_player(app, [0, 0, 0, 0], 0, {0: 1, 4: 2})
    s = app.state
    assert s["phase"] == "over" and isinstance(app.top(), multi.MultiResult)
    assert s["scores"][2]["majorities"][0] == "more" and s["scores"][2]["majorities"][4] == "equal"
    assert s["result"]["totals"] == [10, 10, 10]
    assert s["result"]["winners"] == [0]  # TS-20: most usher bonus
    assert "more usher bonus" in multi.tie_note(s)


def test_labels_fit_in_whole_words_and_arrows_are_explained():
    from usher.ui import text
    from usher.ui.games.takeaseat import draw
    objectives = ["lowest_occupancy", "audience_authorities", "rows", "columns"]
    # Wide enough: the full name; narrow: the shorter wording, never "..".
    assert draw.objective_label(text.SMALL, objectives, 0, 140) == "A x2 Lowest occupancy"
    short = draw.objective_label(text.SMALL, objectives, 0, 112)
    assert short == "A x2 Least occupied" and text.width(text.SMALL, short) <= 112
    assert draw.objective_label(text.SMALL, objectives, 1, 110) == "B Aud. authorities"
    for w in (112, 120, 140):
        for k in range(4):
            assert ".." not in draw.objective_label(text.SMALL, objectives, k, w)
    # The area names of the turn screen fit their column whole.
    from usher.games.takeaseat import tickets as tk
    from usher.ui.games.takeaseat.solo import COL_W
    for a in tk.AREAS:
        assert text.width(text.SMALL, a) <= COL_W - 21, a
    # TS-7: the arrow's two letters in words.
    assert draw.arrow_words("UR") == "up, then right"
    assert draw.arrow_words("LD") == "left, then down"


def test_score_form_shows_the_majorities_it_adds_and_skips_that_row():
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, SOLO_SETUP)
    from usher.games.takeaseat import scoring as sc
    from usher.ui.games.takeaseat.results import ScoreForm
    form = ScoreForm(app)
    app.push(form)
    assert form.rows == ["c0", "c1", "c2", "c3", "maj", "bonus", "save"]
    circles = sc.solo_circles(app.state["scratches"])[0]
    assert form.majorities() == sc.majority_points(circles)
    assert form.total() == form.majorities()      # nothing entered yet: the total is the majorities
    for _ in range(4):
        _tap(app, "DOWN")
    assert form.rows[form.focus] == "bonus"       # the majorities row is passed over
    _tap(app, "UP")
    assert form.rows[form.focus] == "c3"


def _multi_scoring(objective_presses):
    """A 2-player game at its scoring, P1's score form open."""
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, "C,DOWN,C," + objective_presses + "," + ",".join(["C"] * 15))
    assert app.state["phase"] == "scoring" and isinstance(app.top(), multi.Players)
    _tap(app, "C")
    assert isinstance(app.top(), results.ScoreForm)
    return app, app.top()


def test_ts15_score_form_takes_no_row_as_entered_and_asks_once_showing_the_total():
    """TS-15: a row left at its default is not entered (0 empty slots would
    score the most), saving with a row missing says which and saves nothing,
    and saving asks once with the total."""
    app, form = _multi_scoring("UP,C,C,C,C,C")   # the first four objectives
    assert app.state["objectives"] == ["audience_authorities", "audience_celebrities",
                                       "audience_press", "audience_public"]
    # Each row says what to count on the sheet.
    assert form.hint("c2") == "Empty slots left in the press area (green); 0 = sold out"
    assert form.status() == "13 to enter"  # A-D, bonus, 8 tickets
    n = len(app.record["actions"])
    for _ in range(len(form.rows) - 2):       # DOWN through every row to Save
        _tap(app, "DOWN")
    assert form.rows[form.focus] == "save"
    assert form.missing() == ["c0", "c1", "c2", "c3", "bonus"]  # tickets seen: entered
    _tap(app, "C")
    box = app.top()
    assert isinstance(box, MessageBox) and box.title == "Not entered yet"
    assert " ".join(box.lines).startswith(
        "Still to enter: objective A, objective B, objective C, objective D, usher bonus.")
    assert len(app.record["actions"]) == n and app.state["scores"][0] is None
    _tap(app, "C")                            # OK: back on the form, still on Save
    assert app.top() is form and form.rows[form.focus] == "save"
    _tap(app, "DOWN")                         # a form: no wrap from Save to A
    assert form.rows[form.focus] == "save"
    while form.rows[form.focus] != "c0":
        _tap(app, "UP")
    _tap(app, "UP")                           # nor from A to Save
    assert form.rows[form.focus] == "c0"
    for value in (0, 3, 12, 7, 2):            # A sold out (15 x2), 9, 0, 4; bonus 2
        _tap(app, "C")
        _enter(app, value)
    assert form.missing() == [] and form.status() == "all entered"
    assert form.total() == 30 + 9 + 0 + 4 + 0 + 2
    while form.rows[form.focus] != "save":
        _tap(app, "DOWN")
    _tap(app, "C")                            # the one question, with the total
    ask = app.top()
    assert ask.title == "Save P1's score?" and "Total 45" in ask.lines
    assert "Objectives 43 (A doubled)" in ask.lines and "Usher bonus 2" in ask.lines
    _tap(app, "A")                            # Back: nothing saved, the form as it was
    assert app.top() is form and app.state["scores"][0] is None
    assert len(app.record["actions"]) == n
    _tap(app, "C")
    _tap(app, "C")                            # Save
    assert len(app.record["actions"]) == n + 1
    assert app.state["scores"][0]["total"] == 45
    assert isinstance(app.top(), multi.Players)


def test_ts15_score_form_says_what_every_objective_counts():
    from usher.games.takeaseat import scoring as sc
    from usher.ui import text
    for oid in sc.OBJECTIVES:
        words = results.count_words(oid)
        assert text.width(text.SMALL, words) <= 288, words
        assert ("0 = sold out" in words) == (oid in sc.EMPTY_SLOT_LADDER), words
    assert mptest.raises(ValueError, results.count_words, "nope")


def test_ts14_the_dealt_objectives_are_shown_before_turn_1_solo_and_multiplayer():
    """TS-14 (the rulebook's setup step 5): before turn 1 the device says
    which 4 objective cards to lay out, A to D; a restart on that screen comes
    back to it, and after it to turn 1."""
    from usher.ui.games.takeaseat import draw, layout
    for setup, turn1 in (("C,C,C,C", solo.TurnScreen), ("C,DOWN,C,C", multi.Tracker)):
        data = mptest.tmpdir()
        app = _app(data)
        app.start()
        _taps(app, setup)                 # solo (random panels) or 2 players, standard deal
        shown = app.top()
        assert isinstance(shown, layout.LayOut) and app.record["actions"] == []
        assert shown.keys()[2] == "Turn 1"
        buf, canvas = new_canvas()
        again = App(canvas, data, {"battery": lambda: 80})
        again.start()                     # a restart on it: the same screen
        assert isinstance(again.top(), layout.LayOut)
        _tap(again, "C")
        assert isinstance(_view(again), turn1) and again.record["actions"] == []
        buf, canvas = new_canvas()
        third = App(canvas, data, {"battery": lambda: 80})
        third.start()                     # a restart after it: turn 1
        assert isinstance(_view(third), turn1)
    # The objective names it draws are the dealt ones, A first.
    names = [draw.objective_name(o) for o in again.state["objectives"]]
    assert len(set(names)) == 4
    # A new game shows them again, even with the same seed.
    layout.new_game(third, "takeaseat", {"mode": "multi", "players": 2})
    assert isinstance(third.top(), layout.LayOut)


def test_history_names_turn_panel_and_automa_scratches_and_says_what_undo_removed():
    """TS-5 (docs/ui.md): a scratch's line has its turn and panel, the Automa's what it
    scratched; after an undo the first row says what was removed."""
    app = _app(mptest.tmpdir())
    app.start()
    _taps(app, SOLO_SETUP)
    _solo_turn(app)
    _solo_turn(app)
    history = History(app)
    app.push(history)
    acts = app.record["actions"]
    lines = [history.line(i) for i in range(len(acts))]
    a = acts[0]
    assert lines[0] == "1. T1 right: Scratch %s r%dc%d" % (a["area"], a["cells"][0][0] + 1,
                                                           a["cells"][0][1] + 1), lines
    assert lines[2].startswith("3. T2 left: Scratch "), lines
    s = app.state["automa_last"]           # turn 2's Automa, on the right panel
    e = s["scratches"][0]
    assert lines[3].startswith("4. T2 Automa right: %s card" % s["area"]), lines
    cell = "r%dc%d" % (e["cell"][0] + 1, e["cell"][1] + 1)
    if e["area"] == s["area"]:
        assert lines[3].endswith(" card -> " + cell) or (" card x2 -> " + cell) in lines[3], lines
    else:
        assert ("%s %s (" % (e["area"], cell)) in lines[3], lines
    assert lines[1].startswith("2. T1 Automa left: "), lines
    assert history.status() == "4 actions" and "Undone" not in " ".join(drawn_texts(app))
    # The undo keeps the lines before the undone action (they depend on
    # nothing after it) instead of replaying the game again to make them.
    import usher.ui.games.takeaseat as ui_tas
    made = ui_tas.history_lines
    calls = []

    def counted(a):
        calls.append(1)
        return made(a)
    ui_tas.history_lines = counted
    try:
        _hold(app, "B")
    finally:
        ui_tas.history_lines = made
    assert calls == [] and [history.line(i) for i in range(3)] == lines[:3]
    assert history._lines[1] == made(app)
    assert len(app.record["actions"]) == 3
    assert history.undone == lines[3]
    assert any(t.startswith("Undone: 4. T2 Automa") for t in drawn_texts(app))
    _tap(app, "DOWN")                      # the next press: the note goes
    assert history.undone is None
    _hold(app, "B")
    _hold(app, "B")
    _hold(app, "B")
    assert history.status() == "0 actions" and history.undone == lines[0]


def test_automa_fallback_names_every_area_it_tried():
    """TS-10: from the drawn area in cyclic order, every area tried
    before the one scratched."""
    from usher.ui.games.takeaseat import draw
    assert draw.fallback_words("press", "authorities") == \
        "press, public: no valid cell -> authorities"
    assert draw.fallback_words("authorities", "celebrities") == \
        "authorities: no valid cell -> celebrities"
    assert draw.fallback_words("public", "press") == \
        "public, authorities, celebrities: no valid cell -> press"


def test_the_automas_turn_clears_the_step_seen_mark_only_when_it_could_hide_the_new_step():
    # PL-8: the mark (ui.json) lets a restart land on the same screen; it is
    # rewritten only when needed (on CircuitPython a ui.json write is five
    # flash erases).
    from usher import games
    from usher.core import rng, storage
    from usher.ui.games.takeaseat import common
    for mark_above in (False, True):
        app = _app(mptest.tmpdir())
        app.start()
        app.start_game("takeaseat", {"mode": "solo"}, 31)
        bot = games.bot("takeaseat")
        brng = rng.new_state(7)
        turns = 0
        while turns < 3:
            a = bot.next_action(app.state, brng)
            if a is None:
                break
            if a.get("type") != "automa":
                assert app.play(a), a
                continue
            n = len(app.record["actions"])
            app.set_setting(common.STEP_SEEN, n + 2 if mark_above else max(0, n - 1))
            writes = []
            real = storage.save

            def counted(path, obj, backup=False, before=None, writes=writes, real=real):
                writes.append(path)
                return real(path, obj, backup, before)
            storage.save = counted
            try:
                assert common.automa_turn(app)
            finally:
                storage.save = real
            # the Automa's new step is pending either way
            assert common.step_pending(app), (mark_above, app.setting(common.STEP_SEEN))
            if mark_above:
                assert app.setting(common.STEP_SEEN) is None and app.ui_path in writes
            else:
                assert app.ui_path not in writes, writes
            common.close_step(app)
            assert not common.step_pending(app)
            turns += 1
        assert turns == 3
