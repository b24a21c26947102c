# The letter picker's screen (PL-22, docs/ui.md Entering a name) pixel for
# pixel on every runtime: the hint, the name, the slot (a filled box with
# the letter, or an outline when blank), its arrows, the accent row and
# the key labels, as the golden image letter_picker.png shows them on the
# host (tests/host/test_ui_golden.py). Each picture is held by the CRC-32
# of its frame; the same on CPython and the unix port. After a deliberate
# change to the drawing, print the new CRCs and review the screen with
# `make golden`. Runs on CPython, the unix port and WebAssembly.
import mptest

from usher.core import seal
from usher.ui import players
from usher.ui.app import App
from usher.ui.canvas import new_canvas

# (what was pressed, the CRC-32 of the picker's frame after it)
PICTURES = (
    ("opened: a blank slot, no name", "4a50bb9a"),
    ("DOWN: A in the slot, its accents offered", "2eb276a2"),
    ("C held: the accent step at À", "ce6d7576"),
    ("DOWN: Á", "d8b35823"),
    ("C: Á taken, a blank slot", "6b6870b5"),
    ("DOWN, DOWN: b, no accents", "45924b17"),
    ("C and DOWN eight times: nine letters and one in the slot (Add)", "2810a2ae"),
)


def _pictures():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    players.open_roster(app)
    mptest.press(app, "C")                         # Add a name
    p = app.top()
    assert isinstance(p, players.LetterPicker)
    out = []

    def shot():
        frame, c = new_canvas()
        p.draw(c)
        out.append("%08x" % seal.crc32(bytes(frame)))
    shot()
    mptest.press(app, "DOWN")
    shot()
    mptest.press(app, "C", long=True)
    shot()
    mptest.press(app, "DOWN")
    shot()
    mptest.press(app, "C")
    shot()
    mptest.press(app, "DOWN")
    mptest.press(app, "DOWN")
    shot()
    for _ in range(8):
        mptest.press(app, "C")
        mptest.press(app, "DOWN")
    assert p.shown() == "Ábaaaaaaaa" and p.keys()[2] == "Add", (p.shown(), p.keys())
    shot()
    return out


def test_the_letter_pickers_pictures_are_the_reviewed_ones():
    got = _pictures()
    for i in range(len(PICTURES)):
        assert got[i] == PICTURES[i][1], (PICTURES[i][0], got[i])
