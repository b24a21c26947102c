# Widgets driven by buttons (PL-7: UP/DOWN move focus or change a value, A B C
# soft keys labelled on the bottom line), on a minimal app stand-in.
from usher.ui import text
from usher.ui.canvas import new_canvas
from usher.ui.screen import KEYS_Y
from usher.ui.widgets import ChoiceEntry, Confirm, Menu, MessageBox, NumberEntry


class FakeApp:
    def __init__(self):
        self.popped = 0
        self.got = []

    def pop(self):
        self.popped += 1


def _ink(buf, y0, y1):
    n = 0
    for i in range(y0 * 37, y1 * 37):
        if buf[i]:
            n += 1
    return n


def test_menu_focus_wraps_and_select_returns_value():
    app = FakeApp()
    m = Menu(app, "T", [("one", 1), ("two", 2), ("three", 3)],
             lambda a, v: a.got.append(v))
    m.button("UP")
    assert m.focus == 2
    m.button("DOWN")
    m.button("DOWN")
    assert m.focus == 1
    m.button("C")
    assert app.got == [2]
    m.button("A")
    assert app.popped == 1


def test_menu_scrolls_to_keep_focus_visible_and_status_counts():
    app = FakeApp()
    items = [("item %d" % i, i) for i in range(12)]
    m = Menu(app, "Long", items, lambda a, v: None)
    assert m.rows < 12
    for _ in range(9):
        m.button("DOWN")
    assert m.status() == "10/12"
    buf, c = new_canvas()
    m.draw(c)
    # the focused row is drawn inverted: the last visible row holds a black bar
    y = 14 + (m.rows - 1) * (text.BODY.HEIGHT + 2)
    assert buf[(y + 1) * 37 + 36] == 0xFF


def _arrow_ink(c, y0, y1):
    """Black pixels in the arrow's band (x 284..292), rows y0..y1."""
    return sum(c.pixel(x, y) for x in range(284, 293) for y in range(y0, y1 + 1))


def test_menu_longer_than_the_screen_shows_which_way_it_goes_on():
    app = FakeApp()
    items = [("item %d" % i, i) for i in range(7)]
    m = Menu(app, "Long", items, lambda a, v: None)
    assert m.rows == 6
    bottom = 14 + m.rows * (text.BODY.HEIGHT + 2)
    for _ in range(3):
        m.button("DOWN")
    buf, c = new_canvas()
    m.draw(c)
    # At the top, focus in the middle: a down arrow (1+3+5+7 pixels, its
    # point 4 rows above the list's end) and no up arrow.
    assert _arrow_ink(c, bottom - 7, bottom - 4) == 16 and c.pixel(288, bottom - 4) == 1
    assert _arrow_ink(c, 17, 20) == 0
    for _ in range(3):
        m.button("DOWN")
    buf, c = new_canvas()
    m.draw(c)
    # Scrolled to the end: an up arrow on the first row; the last row has
    # the focus bar and no arrow cut into it.
    assert _arrow_ink(c, 17, 20) == 16 and c.pixel(288, 17) == 1
    assert _arrow_ink(c, bottom - 7, bottom - 4) == 9 * 4
    short = Menu(app, "Short", items[:3], lambda a, v: None)
    short.button("DOWN")
    buf, c = new_canvas()
    short.draw(c)
    assert _arrow_ink(c, 17, 20) == 0


def test_pl7_number_entry_limits_reset_and_auto_repeat_speeds_up():
    app = FakeApp()
    n = NumberEntry(app, "T", "How many", 3, 0, 40, lambda a, v: a.got.append(v))
    n.button("DOWN")
    n.button("DOWN")
    n.button("DOWN")
    n.button("DOWN")
    assert n.value == 0  # clamped at lo
    n.button("UP")
    for _ in range(5):
        n.repeat("UP")
    assert n.value == 6  # 1 + five repeats at step 1
    n.repeat("UP")
    assert n.value == 11  # then steps of 5
    for _ in range(10):
        n.repeat("UP")
    assert n.value == 40  # clamped at hi
    n.button("B")
    assert n.value == 3
    n.button("C")
    assert app.got == [3]


def test_choice_entry_cycles_and_confirms():
    app = FakeApp()
    ch = ChoiceEntry(app, "T", "Pick", [("ON", True, "switch_on"), ("OFF", False, "switch_off")],
                     lambda a, v: a.got.append(v))
    ch.button("DOWN")
    ch.button("DOWN")
    ch.button("UP")
    ch.button("C")
    assert app.got == [False]
    buf, c = new_canvas()
    ch.draw(c)
    assert _ink(buf, 40, 100) > 0


def test_pl7_soft_key_labels_are_on_the_bottom_line():
    app = FakeApp()
    buf, c = new_canvas()
    Confirm(app, "Q", "Sure?", lambda a: a.got.append("yes")).draw(c)
    with_labels = _ink(buf, KEYS_Y + 1, 128)
    buf2, c2 = new_canvas()
    MessageBox(app, "Q", "Sure?").draw(c2)  # only C labelled
    assert with_labels > _ink(buf2, KEYS_Y + 1, 128) > 0


def test_confirm_and_message_box_buttons():
    app = FakeApp()
    q = Confirm(app, "Q", "Sure?", lambda a: a.got.append("yes"))
    q.button("A")
    assert app.popped == 1 and app.got == []
    q.button("C")
    assert app.got == ["yes"]
    long_text = " ".join(["word"] * 120)
    m = MessageBox(app, "M", long_text)
    assert len(m.lines) > m.rows
    m.button("DOWN")
    assert m.top == 1
    m.button("C")
    assert app.popped == 2


def test_text_width_and_wrap_fit():
    w = text.width(text.BODY, "ab")
    assert w == text.width(text.BODY, "a") + text.width(text.BODY, "b") and w > 0
    lines = text.wrap(text.BODY, "the quick brown fox jumps over the lazy dog " * 4, 120)
    assert len(lines) > 2
    for line in lines:
        assert text.width(text.BODY, line) <= 120
    assert text.fit(text.SMALL, "x" * 200, 50).endswith("..")
    assert text.width(text.SMALL, text.fit(text.SMALL, "x" * 200, 50)) <= 50


def test_fit_choices_takes_the_first_wording_that_fits():
    full, short = "Pulisci il Multisala", "Multisala"
    w = text.width(text.SMALL, short)
    assert text.fit_choices(text.SMALL, (full, short), 500) == full
    assert text.fit_choices(text.SMALL, (full, short), w) == short
    cut = text.fit_choices(text.SMALL, (full, short), w - 1)
    assert cut.endswith("..") and text.width(text.SMALL, cut) <= w - 1
