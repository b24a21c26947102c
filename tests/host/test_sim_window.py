"""The window mode starts and renders under a virtual display (Xvfb): the Tk
picture shows exactly the canvas's pixels, and clicks on the buttons drive the
App. .ci/run installs Xvfb."""
import os
import shutil
import subprocess
import time

import pytest

from sim.session import Session


@pytest.fixture
def display():
    xvfb = shutil.which("Xvfb")
    assert xvfb, "Xvfb is missing: apt-get install -y xvfb (.ci/run does this)"
    num = ":%d" % (90 + os.getpid() % 500)
    proc = subprocess.Popen([xvfb, num, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = num
    try:
        time.sleep(0.5)
        yield num
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old


def _shown_equals_canvas(win):
    buf = win.session.buf
    for y in range(0, 128, 3):
        for x in range(0, 296, 5):
            want = (buf[(x + y * 296) // 8] >> (7 - (x & 7))) & 1
            assert win.screen_pixel(x, y) == want, (x, y)


def test_window_renders_canvas_and_buttons_drive_the_app(display, tmp_path):
    from sim import window
    root = window.open_root()
    assert root is not None
    try:
        win = window.Window(Session(str(tmp_path)), root)
        root.update()
        assert win.view.winfo_width() == 296 * window.SCALE
        _shown_equals_canvas(win)
        win.buttons["UP"].invoke()     # focus on Settings
        win.buttons["C"].invoke()      # open it
        root.update()
        assert win.session.app.top().route == "settings"
        assert win.session.counts == {"clean": 1, "fast": 1, "partial": 1}
        _shown_equals_canvas(win)
        assert "1 clean, 1 fast full, 1 partial" in win.status.cget("text")
        # The keyboard shortcuts are on the window, and the buttons name their keys.
        shortcuts = win.help.cget("text")
        assert "a b c" in shortcuts and "Shift+A/B/C = long press" in shortcuts and "q" in shortcuts
        assert win.buttons["A"].cget("text") == "A  (a)"
        win.long("A")  # A has no long action here: the press acts as Back
        assert win.session.app.top().route == "launcher"
    finally:
        root.destroy()
