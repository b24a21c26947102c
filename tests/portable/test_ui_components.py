# PL-20: the owner's components entered on the device: six reservation
# panels in the panel editor and eight Automa cards in the deck editor, each
# checked as TS-2 and TS-6 want, saved with a seal and a previous copy, used
# instead of the samples once complete, and a solo game played on them with
# the Automa's scratches checked against TS-9/TS-10. Runs on CPython, the
# unix port and WebAssembly.
import mptest
import ui_sessions
import test_takeaseat_properties as props

from usher.core import game, storage
from usher.games.takeaseat import deck as dk
from usher.games.takeaseat import panels as pn
from usher.games.takeaseat import tickets as tk
from usher.ui import components, owner_data, owner_edit
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.widgets import ChoiceEntry, Menu, MessageBox

# The owner's panels: the samples' shapes mirrored left to right, so they
# are not the samples and each is still a good ticket.
OWN_PANELS = []
for _name, _tickets in pn.SAMPLE_PANELS:
    _mirrored = []
    for _t in _tickets:
        _rc = [tk.row_col(c) for c in _t]
        _w = max([c[1] for c in _rc])
        _mirrored.append(owner_edit.normalized([[r, _w - c] for r, c in _rc]))
    OWN_PANELS.append(_mirrored)
# The owner's deck: every card other than the default, one x2 only.
OWN_DECK = [("press", "UL", False), ("public", "RD", False), ("authorities", "LU", True),
            ("celebrities", "DR", False), ("press", "RU", False), ("public", "LD", False),
            ("authorities", "UR", False), ("celebrities", "DL", False)]

COUNT = [0]
PRESSES = {}     # the last run's presses, for the docs' figure


def _press(app, b, long=False):
    COUNT[0] += 1
    mptest.press(app, b, long)


def _app(d):
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    return app


def _samples(d):
    """(samples for the panels, assumed deck) for a game started now."""
    options = owner_data.load_options(d, "takeaseat")[0]
    return "panels_text" not in options, "deck_text" not in options


def _open_components(app):
    """Launcher > Settings > Your components."""
    app.top().focus_on("settings")
    _press(app, "C")
    m = app.top()
    while m.items[m.focus][1] != "components":
        _press(app, "UP")
    _press(app, "C")
    assert isinstance(app.top(), Menu) and app.top().title == components.TITLE


def _move(app, now, want, up, down):
    """The fewest presses of up/down from now to want on a ring of 8."""
    fwd = (want - now) % tk.SIDE
    if fwd <= tk.SIDE - fwd:
        for _ in range(fwd):
            down()
    else:
        for _ in range(tk.SIDE - fwd):
            up()


def _draw_ticket(app, cells):
    ed = app.top()
    for r, c in cells:
        _move(app, ed.row, r, lambda: _press(app, "UP"), lambda: _press(app, "DOWN"))
        _move(app, ed.col, c, lambda: _press(app, "B", long=True), lambda: _press(app, "B"))
        assert (ed.row, ed.col) == (r, c)
        _press(app, "C")


def _menu_item(app, value):
    m = app.top()
    assert isinstance(m, Menu)
    while m.items[m.focus][1] != value:
        _press(app, "DOWN")
    _press(app, "C")


def _enter_panel(app, tickets):
    ed = app.top()
    assert isinstance(ed, components.PanelEditor)
    for a in range(4):
        _draw_ticket(app, tickets[a])
        assert ed.problem() is None, (a, ed.problem())
        _press(app, "A")
        _menu_item(app, "next" if a < 3 else "save")


def test_pl20_a_ticket_is_checked_as_it_is_drawn():
    assert owner_edit.ticket_problem([]) == "empty: mark its cells"
    assert owner_edit.ticket_problem([[0, 0], [1, 1]]).startswith("not 4-connected")
    assert owner_edit.ticket_problem([[0, 0], [0, 1], [1, 1]]) is None
    assert owner_edit.ticket_problem([[0, 0], [0, 8]]).startswith("larger than 8x8")
    assert owner_edit.normalized([[3, 4], [2, 5], [2, 4]]) == [[0, 0], [0, 1], [1, 0]]


def test_pl20_six_panels_and_eight_cards_entered_on_the_device_then_a_solo_game_on_them():
    d = mptest.tmpdir()
    app = _app(d)
    assert _samples(d) == (True, True)
    _open_components(app)
    COUNT[0] = 0
    _press(app, "C")                                   # the panels
    for i in range(6):
        s = app.top()
        assert isinstance(s, components.PanelSet)
        s.focus = i
        _press(app, "C")
        _enter_panel(app, OWN_PANELS[i])
    panel_presses = COUNT[0]
    # the sixth saved: the set is complete and said so
    assert isinstance(app.top(), MessageBox) and "All six panels" in " ".join(app.top().lines)
    _press(app, "C")
    _press(app, "A")                                   # back to the components menu
    assert app.top().items[0][0] == "Take a Seat panels: all 6 yours"
    COUNT[0] = 0
    app.top().focus = 1
    _press(app, "C")                                   # the deck
    deck = app.top()
    assert isinstance(deck, components.DeckList)
    for i in range(8):
        area, arrow, x2 = OWN_DECK[i]
        deck.focus = i
        _press(app, "C")
        for want, values in ((area, tk.AREAS), (arrow, tk.ARROWS), (x2, (False, True))):
            ask = app.top()
            assert isinstance(ask, ChoiceEntry)
            _move_choice(app, ask, values.index(want))
            _press(app, "C")
    deck.focus = 8
    _press(app, "C")                                   # Save deck
    deck_presses = COUNT[0]
    assert "new solo games" in " ".join(app.top().lines)
    # both files in the upload's format, read as the games read them
    assert _samples(d) == (False, False)
    opts, problems = owner_data.load_options(d, "takeaseat")
    assert problems == []
    got = pn.parse_panels(opts["panels_text"])[0]
    assert [p["tickets"] for p in got] == OWN_PANELS
    assert [(c["area"], c["arrow"], c["x2"]) for c in dk.parse_deck(opts["deck_text"])[0]] == \
        [tuple(c) for c in OWN_DECK]
    # minutes, not an evening (the figure the docs quote)
    PRESSES["panels"], PRESSES["deck"] = panel_presses, deck_presses
    assert panel_presses < 700 and deck_presses < 120, (panel_presses, deck_presses)
    # a solo game on them, the Automa's every scratch checked (TS-9/TS-10)
    app.start_game("takeaseat", {"mode": "solo", "objectives": "any"}, 17)
    assert app.record["options"]["panels_text"] == opts["panels_text"]
    own_cells = [[tk.cells_of(t) for t in p] for p in OWN_PANELS]
    assert [list(t) for t in app.state["tickets"][0]] in own_cells
    ui_sessions.bot_to_end(app, 5, props._check_solo)
    assert app.state["phase"] == "over"
    cards = app.state["cards"]
    assert [(c["area"], c["arrow"], c["x2"]) for c in cards] == [tuple(c) for c in OWN_DECK]


def _move_choice(app, ask, index):
    while ask.index != index:
        _press(app, "DOWN")


def test_pl20_bad_panels_are_refused_with_their_reason_and_nothing_saved():
    d = mptest.tmpdir()
    app = _app(d)
    _open_components(app)
    _press(app, "C")
    _press(app, "C")                                   # panel 1
    _draw_ticket(app, [[0, 0], [1, 1]])                # diagonal only
    ed = app.top()
    assert ed.problem().startswith("not 4-connected")
    _press(app, "A")
    _menu_item(app, "save")
    assert app.top().title == "Not saved"
    assert "authorities ticket: not 4-connected" in " ".join(app.top().lines)
    assert not storage.exists(d + "/" + owner_edit.PANELS_DRAFT)
    _press(app, "C")
    _press(app, "A")
    _menu_item(app, "clear")                           # an empty ticket
    _press(app, "A")
    _menu_item(app, "save")
    assert "authorities ticket: empty" in " ".join(app.top().lines)
    assert not storage.exists(d + "/" + owner_edit.PANELS_DRAFT)
    # two panels of one name
    panels = [None] * 6
    good = {"name": "Stalls", "tickets": OWN_PANELS[0]}
    assert owner_edit.save_panel(d, panels, 0, good) == (None, False)
    assert owner_edit.save_panel(d, panels, 1, {"name": "stalls", "tickets": OWN_PANELS[1]}) == \
        ("panel 1 is already named stalls", False)
    assert panels[1] is None and owner_edit.load_set(d)[0][1] is None


def test_pl20_a_bad_deck_is_refused_with_its_reason_and_nothing_saved():
    d = mptest.tmpdir()
    cards = dk.parse_deck(dk.DEFAULT_DECK_TEXT)[0]
    all_x2 = [dict(c, x2=True) for c in cards]
    assert owner_edit.save_deck(d, all_x2) == "every card shows x2: setup needs one without"
    assert owner_edit.save_deck(d, cards + [cards[0]]) == "deck has 9 cards, needs 8"
    assert not storage.exists(d + "/" + owner_edit.DECK_FILE)
    # on the device: every card made x2, then Save
    app = _app(d)
    _open_components(app)
    app.top().focus = 1
    _press(app, "C")
    deck = app.top()
    for i in range(8):
        deck.focus = i
        _press(app, "C")
        _press(app, "C")
        _press(app, "C")
        ask = app.top()
        _move_choice(app, ask, 1)                      # x2
        _press(app, "C")
    deck.focus = 8
    _press(app, "C")
    assert app.top().title == "Not saved" and "every card shows x2" in " ".join(app.top().lines)
    assert not storage.exists(d + "/" + owner_edit.DECK_FILE)
    # leaving with changes asks once, No selected
    _press(app, "C")
    _press(app, "A")
    assert app.top().careful
    _press(app, "C")                                   # No
    assert app.top() is deck


def test_pl20_the_samples_are_said_before_a_solo_game_and_where_to_enter_yours():
    d = mptest.tmpdir()
    app = _app(d)
    app.top().focus_on("takeaseat")
    for b in ("C", "C", "C"):                          # Take a Seat, solo, standard objectives
        _press(app, b)
    ask = app.top()
    assert isinstance(ask, ChoiceEntry) and ask.choices[0][0] == "Random sample panels"
    assert [c[0] for c in ask.choices[1:]] == ["Sample %d" % i for i in range(1, 7)]
    said = ask.note
    assert "invented panel shapes" in said and "Settings > Your components" in said and "assumed" in said
    _press(app, "C")                                   # random panels: the game starts
    from usher.ui.games.takeaseat import layout
    assert isinstance(app.top(), layout.LayOut)
    assert "Invented samples. Yours: Settings > Your components" in " ".join(mptest.drawn_texts(app))
    # with the owner's deck and panels entered the notes go
    panels = [None] * 6
    for i in range(6):
        owner_edit.save_panel(d, panels, i, {"name": "P%d" % i, "tickets": OWN_PANELS[i]})
    assert owner_edit.save_deck(d, dk.parse_deck(dk.DEFAULT_DECK_TEXT)[0]) is None
    app.end_game()
    app.top().focus_on("takeaseat")
    for b in ("C", "C", "C"):
        _press(app, b)
    assert app.top().note is None and app.top().choices[0][0] == "Random panels"


def test_pl20_pl23_a_damaged_copy_gives_way_to_the_previous_one_and_is_named():
    d = mptest.tmpdir()
    cards = dk.parse_deck(dk.DEFAULT_DECK_TEXT)[0]
    assert owner_edit.save_deck(d, cards) is None
    mine = [dict(c) for c in cards]
    mine[0]["arrow"] = "DL"
    assert owner_edit.save_deck(d, mine) is None
    path = d + "/" + owner_edit.DECK_FILE
    with open(path) as f:
        txt = f.read()
    with open(path, "w") as f:
        f.write(txt.replace("DL", "DR", 1))            # one letter changed: the seal fails
    notes = []
    got = owner_data.read_text(path, notes)
    assert dk.parse_deck(got)[0] == cards              # the previous copy
    assert notes and "automa.txt was damaged" in notes[0] and "previous copy" in notes[0]
    # the draft of the panels likewise
    panels = [None] * 6
    owner_edit.save_panel(d, panels, 0, {"name": "A", "tickets": OWN_PANELS[0]})
    owner_edit.save_panel(d, panels, 1, {"name": "B", "tickets": OWN_PANELS[1]})
    draft = d + "/" + owner_edit.PANELS_DRAFT
    with open(draft) as f:
        txt = f.read()
    with open(draft, "w") as f:
        f.write(txt.replace('"B"', '"C"'))
    got, problem = owner_edit.load_set(d)
    assert [p["name"] if p else None for p in got] == ["A", None, None, None, None, None]
    assert problem.startswith("The panels entered on the device were damaged")
    assert game.canonical_json(got[0]["tickets"]) == game.canonical_json(OWN_PANELS[0])


def test_pl20_the_editors_words_are_the_games():
    # components.py keeps its own copy (a game's package leaves RAM when
    # the game ends: no screen module holds it); they must stay the same
    assert components.AREAS == tk.AREAS and components.ARROWS == tk.ARROWS
    assert components.SIDE == tk.SIDE
