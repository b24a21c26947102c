# Button timing (PL-7) from scripted levels: debounce, long press, auto-repeat.
import machine
from devtest import fresh, press_script

from usher.device import buttons as B
from usher.device.buttons import ButtonLogic, Buttons


def _run(logic, name, levels, t_end, step=5):
    """levels: list of (t, down) changes; returns [(t, event)]."""
    out = []
    down = False
    i = 0
    t = 0
    while t <= t_end:
        while i < len(levels) and levels[i][0] <= t:
            down = levels[i][1]
            i += 1
        evs = []
        logic.update(name, down, t, evs)
        for e in evs:
            out.append((t, e))
        t += step
    return out


def test_pl7_bouncing_contact_gives_one_press_and_one_release():
    logic = ButtonLogic()
    bounce = [(100, True), (105, False), (110, True), (115, False), (120, True),
              (400, False), (405, True), (410, False)]
    evs = _run(logic, "B", bounce, 700)
    assert [e for t, e in evs] == [("press", "B"), ("release", "B")], evs
    # Leading-edge debounce (PL-7): each change counts at the first read
    # that sees it; the bounces inside DEBOUNCE_MS after it are ignored.
    assert evs[0][0] == 100
    assert evs[1][0] == 400


def test_pl7_tap_shorter_than_debounce_is_a_press_and_a_release():
    # The release waits out DEBOUNCE_MS from the press, then counts.
    logic = ButtonLogic()
    evs = _run(logic, "A", [(100, True), (115, False)], 500)
    assert evs == [(100, ("press", "A")), (100 + B.DEBOUNCE_MS, ("release", "A"))], evs


def test_pl7_a_bounce_that_ends_on_the_other_level_counts_after_the_debounce():
    # Down at 100, then up at 110 for good: up counts at 130, not before.
    logic = ButtonLogic()
    evs = _run(logic, "C", [(100, True), (110, False), (300, True), (310, False)], 500, step=1)
    assert evs == [(100, ("press", "C")), (130, ("release", "C")),
                   (300, ("press", "C")), (330, ("release", "C"))], evs


def test_pl7_long_press_once_on_soft_keys():
    logic = ButtonLogic()
    evs = _run(logic, "A", [(0, True), (2000, False)], 2200)
    kinds = [e for t, e in evs]
    assert kinds == [("press", "A"), ("long", "A"), ("release", "A")], kinds
    assert evs[1][0] == B.LONG_MS
    # A short press has no long.
    logic = ButtonLogic()
    evs = _run(logic, "C", [(0, True), (300, False)], 600)
    assert [e for t, e in evs] == [("press", "C"), ("release", "C")]


def test_pl7_up_down_auto_repeat_while_held():
    logic = ButtonLogic()
    hold = 1200
    evs = _run(logic, "UP", [(0, True), (hold, False)], 1500)
    kinds = [e for t, e in evs]
    assert kinds[0] == ("press", "UP") and kinds[-1] == ("release", "UP")
    repeats = [t for t, e in evs if e == ("repeat", "UP")]
    t_press = 0
    # First repeat after the delay, then every REPEAT_MS until the release is seen.
    expected = []
    t = t_press + B.REPEAT_DELAY_MS
    while t < hold:
        expected.append(t)
        t += B.REPEAT_MS
    assert repeats == expected, (repeats, expected)
    assert ("long", "UP") not in kinds


def _polled(logic, name, polls, released_at):
    """Feed the level at each poll time of polls (pressed from 0 until
    released_at); returns [(t, event)]."""
    out = []
    for t in polls:
        evs = []
        logic.update(name, t < released_at, t, evs)
        out.extend((t, e) for e in evs)
    return out


def test_pl7_no_repeat_after_the_release_when_the_loop_polls_late():
    # UP held for press + 5 repeats, let go 2 ms after the 5th; the main loop
    # then sends a frame to the panel and polls again only 200 ms later,
    # past the next repeat's time. The pin reads released: no 6th repeat.
    logic = ButtonLogic()
    polls = list(range(0, 1111, 10))
    evs = _polled(logic, "UP", polls, 10 ** 6)
    repeats = [t for t, e in evs if e == ("repeat", "UP")]
    assert len(repeats) == 5 and repeats[-1] == 1100, repeats
    late = [1302, 1312, 1322, 1332]
    more = _polled(logic, "UP", late, 1102)
    assert [e for t, e in more] == [("release", "UP")], more
    assert more[0][0] == 1302          # released at the first read that sees it


def test_pl7_no_long_press_after_the_release_when_the_loop_polls_late():
    # A let go at 650 ms (a short press: LONG_MS is 700 from the press seen at
    # 0 ms) while the loop was busy; the first poll after it comes at
    # 900 ms: a press and a release, no long press.
    logic = ButtonLogic()
    polls = list(range(0, 601, 10)) + list(range(900, 1000, 10))
    evs = _polled(logic, "A", polls, 650)
    assert [e for t, e in evs] == [("press", "A"), ("release", "A")], evs


def test_pl7_button_held_at_start_is_ignored_until_released():
    logic = ButtonLogic(initially_down=("A",))
    evs = _run(logic, "A", [(0, True), (1500, False), (2000, True), (2100, False)], 2400)
    assert [e for t, e in evs] == [("press", "A"), ("release", "A")]
    assert evs[0][0] == 2000


def test_pl7_ticks_wrap_around_is_harmless():
    logic = ButtonLogic(now=0x3FFFFF00)
    out = []
    t = 0x3FFFFF00
    down_at = t + 50
    for _ in range(400):
        logic.update("A", t >= down_at, t & 0x3FFFFFFF, out)
        t += 5
    assert out == [("press", "A"), ("long", "A")], out


def _pins_run(profile_name, script=(("A", 100, 200), ("DOWN", 300, 1100)), register=True,
              until=1400):
    """The events of the board's Buttons polled every 10 ms over a script of
    (button, ms down, ms up) from the start, with or without the GPIO_IN
    register: (events, [(time, event)])."""
    profile, model, vc = fresh(profile_name)
    if not register:
        profile = dict(profile)
        del profile["gpio_in"]
    t0 = vc.now
    press_script(vc, profile, [(b, t0 + d, t0 + u) for b, d, u in script])
    btn = Buttons(profile, vc.now)
    evs = []
    while vc.now < t0 + until:
        evs.extend([(vc.now, e) for e in btn.poll(vc.now)])
        vc.sleep_ms(10)
    return [e for _, e in evs], evs


def test_pl4_pl5_buttons_read_pins_with_each_board_polarity():
    # Badger: pressed = high (pull-down); DIY Pico build: pressed = low (pull-up).
    for name in ("badger2040", "pico_epaper29"):
        evs = _pins_run(name)[0]
        assert evs[:2] == [("press", "A"), ("release", "A")], (name, evs)
        assert evs[2] == ("press", "DOWN") and evs[-1] == ("release", "DOWN"), (name, evs)
        assert ("repeat", "DOWN") in evs


class _FakeWakeup:
    def __init__(self, state):
        self.state = state
        self.resets = 0

    def get_gpio_state(self):
        return self.state

    def reset_gpio_state(self):
        self.resets += 1


def test_pl1_wake_button_from_pimoronis_wakeup_module():
    import sys

    from usher.device import boards
    from usher.device.buttons import wake_button
    assert wake_button(boards.BADGER2040) is None          # module absent: stock MicroPython
    fake = _FakeWakeup((1 << 13) | (1 << 10))               # B pressed (GP10 latch also high)
    sys.modules["wakeup"] = fake
    try:
        assert wake_button(boards.BADGER2040) == "B"
        assert fake.resets == 1
        fake.state = 1 << 10
        assert wake_button(boards.BADGER2040) is None
    finally:
        del sys.modules["wakeup"]


def test_pl7_one_register_read_while_every_button_rests_same_events_as_pin_by_pin():
    # With the RP2040's GPIO_IN register (profile["gpio_in"]) a
    # poll that finds all five buttons up, each read up and debounced up at
    # the last poll, reads that one register and no Pin; any other poll
    # reads the pins as before. The events and their times are the same as
    # pin by pin, for taps, a bounce, a held repeat, a long press, two
    # buttons at once and a button held from the start, on both boards.
    script = (("B", 0, 300), ("A", 1000, 1015), ("C", 1300, 1303), ("C", 1310, 1330),
              ("C", 1336, 1500), ("DOWN", 1800, 2700), ("UP", 2100, 2250),
              ("A", 3000, 3900))
    for name in ("badger2040", "pico_epaper29"):
        fast = _pins_run(name, script, True, 4400)[1]
        slow = _pins_run(name, script, False, 4400)[1]
        assert fast == slow, (name, fast, slow)
        kinds = [e for _, e in fast]
        assert ("press", "B") not in kinds and ("long", "A") in kinds, kinds
        assert ("press", "C") in kinds and ("repeat", "DOWN") in kinds, kinds
        assert ("press", "UP") in kinds and kinds.count(("press", "A")) == 2, kinds
    # resting: 100 polls after everything settled read the register only
    profile, model, vc = fresh("badger2040")
    start = vc.now
    press_script(vc, profile, [("A", start + 20, start + 120)])
    btn = Buttons(profile, vc.now)
    while vc.now < start + 400:
        btn.poll(vc.now)
        vc.sleep_ms(10)
    machine.reads.clear()
    machine.mem32_reads[0] = 0
    for _ in range(100):
        assert btn.poll(vc.now) == ()
        vc.sleep_ms(10)
    assert sum(machine.reads.values()) == 0 and machine.mem32_reads[0] == 100
    # a press is still seen at the first poll that reads it
    press_script(vc, profile, [("C", vc.now, vc.now + 100)])
    assert btn.poll(vc.now) == [("press", "C")]
