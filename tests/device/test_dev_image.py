# The device layer on the project's firmware images (PL-14): the Badger
# image's C `wakeup` record names the button that woke the board, and a boot
# on an image says so in the boot log and on the About screen (the frozen
# usher_image module, here a stand-in in sys.modules).
import sys

import machine
from devtest import APP, fresh
from mptest import tmpdir

from usher.device import boards, runtime
from usher.device.buttons import wake_button
from usher.device.log import read_all


class _Wakeup:
    """The API of the Badger image's `wakeup` module (usher_board.c), which
    is Pimoroni's: a bit mask of the front buttons down at power-on."""

    def __init__(self, state):
        self.state = state

    def get_gpio_state(self):
        return self.state

    def reset_gpio_state(self):
        self.state = 0


class _Image:
    IMAGE = "usher-badger2040"
    VERSION = "0.0.0-test"
    MICROPYTHON = "1.28.0"


def test_pl14_badger_image_wakeup_record_names_the_button_once():
    sys.modules["wakeup"] = _Wakeup(1 << 12)           # A (GP12) woke the board
    try:
        assert wake_button(boards.BADGER2040) == "A"
        assert wake_button(boards.BADGER2040) is None  # reset after reading: a soft reset is no wake
        sys.modules["wakeup"].state = 1 << 11
        assert wake_button(boards.BADGER2040) == "DOWN"
        # The Pico's buttons pull low when pressed: a high level there is no press.
        sys.modules["wakeup"].state = 0x7C             # GP2..GP6 high
        assert wake_button(boards.PICO_EPAPER29) is None
    finally:
        del sys.modules["wakeup"]


def _boot(data_dir):
    profile, model, vc = fresh("badger2040")
    machine.inputs[24] = 1
    holder = {}
    runtime.main(app_factory=APP, data_dir=data_dir, should_stop=lambda: vc.now >= 2000,
                 on_runtime=lambda rt: holder.update(rt=rt))
    boots = [e["d"] for e in read_all(data_dir + "/log") if e["k"] == "boot"]
    return holder["rt"], boots


def test_pl14_boot_on_an_image_is_logged_and_shown_on_about():
    sys.modules["usher_image"] = _Image
    try:
        rt, boots = _boot(tmpdir())
    finally:
        del sys.modules["usher_image"]
    assert boots[-1]["image"] == "usher-badger2040", boots
    assert rt.app.services["firmware"] == "image, MicroPython 1.28.0"
    from usher.ui.settings import About
    assert About(rt.app).lines()[0][1].endswith(", image, MicroPython 1.28.0")


def test_pl14_boot_on_stock_micropython_says_files():
    rt, boots = _boot(tmpdir())
    assert boots[-1]["image"] is None, boots
    assert rt.app.services["firmware"] == "files"
