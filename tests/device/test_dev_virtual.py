# The "virtual" board of the virtual device (PL-13): scripted buttons, a
# file-backed screen, selection by setting or environment, and the real main
# loop with the real App on it.
from devtest import APP, capture_console, console_text, install_clock
from mptest import raises, tmpdir

from usher.core import storage
from usher.device import boards, runtime, virtual
from usher.device.log import read_all


def test_script_tokens_become_app_events_one_token_per_step():
    b = virtual.VirtualButtons("A, UP*2 ,C~,sleep,down", now=0)
    assert b.held() == []
    assert b.poll(virtual.STEP_MS - 1) == []
    assert b.poll(virtual.STEP_MS) == [("press", "A"), ("release", "A")]
    assert b.poll(virtual.STEP_MS + 1) == []
    t = 2 * virtual.STEP_MS
    assert b.poll(t) == [("press", "UP"), ("repeat", "UP"), ("repeat", "UP"), ("release", "UP")]
    assert b.poll(t + virtual.STEP_MS) == [("press", "C"), ("long", "C"), ("release", "C")]
    assert b.poll(t + 2 * virtual.STEP_MS) == [("press", "DOWN"), ("release", "DOWN")]
    assert b.poll(t + 9 * virtual.STEP_MS) == []          # used up ("sleep" skipped)


def test_bad_script_token_is_refused_with_its_text():
    e = raises(ValueError, virtual.VirtualButtons, "A,E")
    assert "'E'" in str(e)


def test_virtual_board_selected_by_setting_and_has_no_pins():
    p = boards.select({"board": "virtual"})
    assert p["name"] == "virtual" and p["buttons"] == [] and p["power_latch"] is None
    assert boards.select({"board": "badger2040"})["name"] == "badger2040"


def test_pl13_real_main_loop_on_the_virtual_board_plays_the_script():
    d = tmpdir()
    storage.save(d + "/device.json", {"board": "virtual"})
    vc = install_clock()
    capture_console()
    # Seat Wars from the launcher (row 4), 2 players, P1 starts, then three
    # turns ended on its real screens (B End turn, C confirm).
    script = "DOWN,DOWN,DOWN,C,C,C" + ",B,C" * 3
    orig = virtual.getenv
    virtual.getenv = lambda name: {virtual.SCRIPT_ENV: script,
                                   virtual.FRAMEBUFFER_ENV: d + "/screen.bin"}.get(name)
    holder = {}
    try:
        runtime.main(app_factory=APP, data_dir=d, should_stop=lambda: vc.now >= 4000,
                     on_runtime=lambda rt: holder.update(rt=rt))
    finally:
        virtual.getenv = orig
    rt = holder["rt"]
    assert rt.app.game_id == "seatwars" and len(rt.app.record["actions"]) == 3
    with open(d + "/screen.bin", "rb") as f:
        assert f.read() == bytes(rt.app.buf)        # the last picture, as drawn
    boots = [e["d"] for e in read_all(d + "/log") if e["k"] == "boot"]
    assert boots[0]["board"] == "virtual" and boots[0]["usb"] is True
    assert "buttons: script done (12)" in console_text()   # what the host tools wait for
