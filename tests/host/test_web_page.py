"""The page (web/, `make web`) in a real Chromium: a scripted Multisala solo
session played by clicking the on-page buttons, by keys and by holding
buttons (long press, auto-repeat), compared pixel for pixel with the CPython
simulator's frame after every step; the saved game survives a reload
(resume, PL-8); "Reset device" clears it; owner data uploaded in the page is
checked like `usher data check` (PL-11).

The page runs with ?seeds=fixed: the App then takes the simulator's seeds
(1, 2, ...) instead of the clock's, so the dealt cards are the same."""
import base64
import json
import os
import time
import tempfile

import pytest

from sim.session import Session, parse_script
from web import browser, build, serve

# One solo round (tests/portable/ui_session_multisala.py's _SOLO_ROUND).
ROUND = "C,C,B,C,B,C,C"


@pytest.fixture(scope="module")
def url():
    with tempfile.TemporaryDirectory(prefix="usher-web-") as out:
        build.build(out)
        server, base = serve.start(out)
        try:
            yield base + "?seeds=fixed"
        finally:
            server.shutdown()
            server.server_close()


@pytest.fixture(scope="module")
def chromium():
    with browser.chromium() as b:
        yield b


@pytest.fixture(scope="module")
def context(chromium):
    ctx = chromium.new_context(viewport={"width": 1000, "height": 800})
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context, url):
    p = context.new_page()
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    browser.open_page(p, url)
    p.evaluate("localStorage.clear()")  # a fresh device for every test
    browser.open_page(p, url)
    yield p
    p.close()
    assert not errors, errors


class Simulator:
    """The CPython simulator on its own data folder, token by token."""

    def __init__(self):
        self.dir = tempfile.TemporaryDirectory(prefix="usher-sim-")
        self.session = Session(self.dir.name)
        self.session.start()

    def play(self, token):
        (_, events), = parse_script(token)
        return [tuple(r) for r in self.session.step(events)]

    def frame(self):
        return bytes(self.session.buf)


def assert_same_frame(page, sim, what):
    frame, details = browser.canvas(page)
    assert details["mixed"] == 0, "%s: blurred pixels at scale %d" % (what, details["scale"])
    assert len(details["colors"]) <= 2, "%s: more than ink and paper: %s" % (what, details["colors"])
    if frame != sim.frame():
        diff = sum(bin(a ^ b).count("1") for a, b in zip(frame, sim.frame()))
        raise AssertionError("%s: the page's canvas differs from the simulator's frame in %d pixels"
                             % (what, diff))


def play_token(page, token, how):
    """One script token in the page: 'click', 'key', 'hold' (mouse held
    past the long press) or 'shift' (Shift+letter)."""
    name = token.rstrip("~")
    if how == "click":
        browser.click(page, name)
    elif how == "key":
        browser.key(page, name)
    elif how == "hold":
        browser.hold(page, name, 1000)
    elif how == "shift":
        page.keyboard.press("Shift+" + name)
    browser.idle(page)


def test_scripted_game_matches_the_simulator_and_resumes_after_reload(page):
    sim = Simulator()
    assert_same_frame(page, sim, "start")
    tokens = ("DOWN,DOWN,C,C," + ROUND + ",A,B~,A,C,C,C,A,B~,A").split(",")
    holds = 0
    for i, token in enumerate(tokens):
        if token.endswith("~"):
            how = "hold" if holds == 0 else "shift"
            holds += 1
        else:
            how = "click" if i % 2 == 0 else "key"
        before = browser.steps(page)
        play_token(page, token, how)
        expected = sim.play(token)
        what = "step %d (%s by %s)" % (i + 1, token, how)
        assert_same_frame(page, sim, what)
        if how != "shift":
            # Shift+B is a whole long press in one pass of the device loop,
            # which merges its refreshes into one; taps and holds match
            # the simulator's refreshes one for one (PL-6).
            # (PL-18: the device layer performs a partial window with the
            # turbo waveform; the simulator reports the UI's request)
            shown = [("partial",) + r[1:] if r[0] == "turbo" else r
                     for r in browser.shown_since(page, before)]
            assert shown == expected, what
    assert holds == 2

    # Holding DOWN on the scores pages auto-repeats with the device's
    # timings (PL-7): the simulator plays the same number of repeats.
    play_token(page, "A", "click")
    sim.play("A")
    before = browser.steps(page)
    held = time.time()
    browser.hold(page, "DOWN", 1300)
    held = time.time() - held
    browser.idle(page)
    events = [e for s in page.evaluate("window.usher.steps.slice(%d)" % before) for e in s["events"]]
    repeats = events.count(["repeat", "DOWN"])
    assert events[0] == ["press", "DOWN"] and events[-1] == ["release", "DOWN"], events
    # 1.3 s: the first repeat after 0.5 s, then one every 0.15 s: 6 (fewer
    # when a busy machine delays the page's polling; more only as far as a
    # busy machine made the hold itself last longer than 1.3 s).
    most = 6 + max(0, int((held - 1.3) / 0.15) + 1)
    assert 1 <= repeats <= most, (held, events)
    sim.play("DOWN*%d" % repeats)
    assert_same_frame(page, sim, "DOWN held (%d repeats)" % repeats)

    stored = browser.stored_files(page)
    assert "/data/game.json" in stored and "/data/ui.json" in stored, sorted(stored)
    from usher.core import gamefile
    record = gamefile.unpacked(json.loads(base64.b64decode(stored["/data/game.json"])))
    assert record["game"] == "multisala" and record["seed"] == 1 and record["actions"]

    # A reload is a power cycle: the App resumes from the saved data.
    page.reload()
    browser.wait_first_frame(page)
    sim.play("restart")
    assert_same_frame(page, sim, "after reload")
    for i, token in enumerate("DOWN,C,C".split(",")):
        play_token(page, token, "key" if i % 2 else "click")
        sim.play(token)
        assert_same_frame(page, sim, "after reload, %s" % token)

    # Reset device: the saved game is gone, the launcher of a fresh device.
    page.once("dialog", lambda d: d.accept())
    page.click("#reset")
    browser.wait_first_frame(page)
    assert "/data/game.json" not in browser.stored_files(page)
    fresh = Simulator()
    assert_same_frame(page, fresh, "after reset")


def test_owner_data_is_checked_like_usher_data_check(page):
    from usher_host import datakinds
    bad = "panel Mine\nrow 1 2 3\n"
    found = datakinds.defects("panels", bad)
    assert found   # the sample really is defective
    page.select_option("#owner-kind", "panels")
    page.set_input_files("#owner-file", files=[{"name": "mine.txt", "mimeType": "text/plain",
                                                "buffer": bad.encode()}])
    page.wait_for_selector("#owner-result:not([hidden])")
    lines = page.inner_text("#owner-result").split("\n")
    assert lines == ["mine.txt: %s" % d for d in found] + [
        "mine.txt: %d defect(s); nothing was uploaded." % len(found)]
    assert "/data/takeaseat/panels.txt" not in browser.stored_files(page)

    page.set_input_files("#owner-file", files=[{"name": "latin1.txt", "mimeType": "text/plain",
                                                "buffer": "panel Caf\xe9\n".encode("latin-1")}])
    page.wait_for_function("document.getElementById('owner-result').innerText.includes('latin1.txt')")
    assert page.inner_text("#owner-result") == \
        "latin1.txt is not UTF-8 text: byte 0xe9 at offset 9. Save it as UTF-8. Nothing was uploaded."

    good = _sample_panels()
    assert datakinds.defects("panels", good) == []
    page.set_input_files("#owner-file", files=[{"name": "good.txt", "mimeType": "text/plain",
                                                "buffer": good.encode()}])
    page.wait_for_function("document.getElementById('owner-result').innerText.includes('good.txt')")
    assert page.inner_text("#owner-result").split("\n")[0] == \
        "good.txt: valid Take a Seat reservation panels"
    stored = browser.stored_files(page)
    assert base64.b64decode(stored["/data/takeaseat/panels.txt"]).decode() == good
    # The device reads it at the next new game: the panel picker lists its
    # names, as after `usher data upload` (PL-11). Take a Seat, solo.
    page.reload()
    browser.wait_first_frame(page)
    with_file = Simulator()
    os.makedirs(os.path.join(with_file.dir.name, "takeaseat"))
    with open(os.path.join(with_file.dir.name, "takeaseat", "panels.txt"), "w") as f:
        f.write(good)
    default = Simulator()
    for i, token in enumerate("C,C,DOWN,C,DOWN".split(",")):
        play_token(page, token, "click" if i % 2 else "key")
        with_file.play(token)
        default.play(token)
    assert_same_frame(page, with_file, "Take a Seat's panel picker with the owner's panels")
    assert with_file.frame() != default.frame()   # "My Sample 1", not "Sample 1"


def _sample_panels():
    import sys
    from sim.session import FIRMWARE
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    from usher.games.takeaseat import panels
    # The sample panels renamed: a valid owner file that differs from the default.
    return panels.SAMPLE_PANELS_TEXT.replace("panel ", "panel My ")


def test_damaged_save_in_browser_storage_is_reported_like_on_the_device(page, url):
    # A game.json that is no JSON, with no backup beside it: the App says the
    # saved game could not be read and sets it aside (PL-8, PL-11).
    damaged = b'{"game": "multisala", "opt'
    page.evaluate("localStorage.setItem('usher:file:/data/game.json', %r)"
                  % base64.b64encode(damaged).decode())
    page.reload()
    browser.wait_first_frame(page)
    sim = Simulator()
    with open(os.path.join(sim.dir.name, "game.json"), "wb") as f:
        f.write(damaged)
    sim.play("restart")
    assert_same_frame(page, sim, "damaged game.json")
    names = sorted(os.listdir(sim.dir.name))
    stored = sorted(p[len("/data/"):] for p in browser.stored_files(page) if p.count("/") == 2)
    assert stored == [n for n in names if n != "log"], (stored, names)


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


def test_phone_width_touch_taps_and_a_held_finger(chromium, url):
    ctx = chromium.new_context(**PHONE)
    try:
        page = ctx.new_page()
        browser.open_page(page, url)
        layout = page.evaluate("""() => ({
          scroll: document.documentElement.scrollWidth, width: window.innerWidth,
          canvas: document.getElementById('screen').getBoundingClientRect().width,
          buttons: [...document.querySelectorAll('[data-button]')].map((b) => ({
            h: b.getBoundingClientRect().height,
            font: parseFloat(getComputedStyle(b.querySelector('.name')).fontSize)}))})""")
        assert layout["scroll"] <= layout["width"], layout      # nothing sticks out sideways
        assert layout["canvas"] <= layout["width"]
        assert all(b["h"] >= 44 and b["font"] >= 16 for b in layout["buttons"]), layout
        sim = Simulator()
        assert_same_frame(page, sim, "phone start")   # whole device pixels per panel pixel
        for token in "DOWN,DOWN,C,C,C,A".split(","):
            page.tap('[data-button="%s"]' % token)
            browser.idle(page)
            sim.play(token)
            assert_same_frame(page, sim, "tap %s" % token)
        before = browser.steps(page)
        browser.touch_hold(page, "B", 1000)    # a held finger is a long press: undo (hold)
        browser.idle(page)
        events = [e for s in page.evaluate("window.usher.steps.slice(%d)" % before) for e in s["events"]]
        assert events == [["press", "B"], ["long", "B"], ["release", "B"]], events
        sim.play("B~")
        assert_same_frame(page, sim, "finger held on B")
    finally:
        ctx.close()


def test_a_second_tab_takes_over_and_the_first_stops_saving(page, context, url):
    for token in "DOWN,DOWN,C".split(","):
        play_token(page, token, "key")
    other = context.new_page()
    try:
        browser.open_page(other, url)
        for token in "DOWN,DOWN,C,C".split(","):
            play_token(other, token, "key")     # the other tab starts a Multisala game
        saved = browser.stored_files(other)
        assert "/data/game.json" in saved
        page.wait_for_function("document.getElementById('status').innerText.includes('another tab')")
        play_token(page, "A", "key")          # the first tab still plays, but saves nothing
        assert browser.stored_files(page) == saved
    finally:
        other.close()
