# The firmware image (PL-14): the About screen says how the firmware runs, and
# on a runtime with the firmware frozen (the 32-bit unix build of `make
# test-frozen`) the generated usher_image module matches the frozen package.
# On the other runtimes the firmware comes from firmware/ as files and there
# is no usher_image.
import mptest

import usher
from usher.device import boards
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.settings import About

# A frozen package's __path__ is ".frozen/usher" (a list on CPython).
FROZEN = isinstance(getattr(usher, "__path__", None), str) and usher.__path__.startswith(".frozen/")


def _about(services):
    buf, canvas = new_canvas()
    app = App(canvas, mptest.tmpdir(), services)
    app.start()
    return About(app).lines()


def test_pl14_about_shows_the_version_and_how_the_firmware_runs():
    lines = _about({"firmware": "image, MicroPython 1.28.0", "battery": lambda: None})
    assert lines[0] == ("Version", usher.VERSION + ", image, MicroPython 1.28.0"), lines[0]
    lines = _about({"firmware": "files", "battery": lambda: None})
    assert lines[0] == ("Version", usher.VERSION + ", files"), lines[0]
    # The simulator has no firmware service: the version alone.
    assert _about({"battery": lambda: None})[0] == ("Version", usher.VERSION)


def test_pl14_image_module_matches_the_frozen_firmware():
    info = boards.firmware()
    if FROZEN:
        assert info is not None, "usher is frozen but usher_image is missing"
        assert info["version"] == usher.VERSION, info
        assert info["image"] == "unix32" and info["micropython"] == "1.28.0", info
        assert boards.firmware_label(info) == "image, MicroPython 1.28.0"
    else:
        assert info is None, info
        assert boards.firmware_label(info) == "files"


def test_pl14_images_name_their_board_in_the_machine_name():
    # MICROPY_HW_BOARD_NAME of firmware/boards/*/mpconfigboard.h, as
    # sys.implementation._machine shows it.
    no = lambda name: False  # noqa: E731
    pico = "Usher Pico ePaper-2.9 with RP2040"
    assert boards.detect(no, "Usher Badger 2040 with RP2040") == "badger2040"
    assert boards.detect(no, pico) == "pico_epaper29"
    assert boards.select({}, no, pico)["panel"] == "ssd1680"
    # The settings file still wins, and a stock Pico build still means the default.
    assert boards.select({"board": "badger2040"}, no, pico)["name"] == "badger2040"
    assert boards.detect(no, "Raspberry Pi Pico with RP2040") == boards.DEFAULT_BOARD
    # The Badger image's C `wakeup` module marks a Badger whatever the name.
    assert boards.detect(lambda name: name == "wakeup", pico) == "badger2040"
