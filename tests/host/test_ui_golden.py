"""Golden images of key screens (sim/shots.py). After a deliberate change to
how a screen looks, regenerate them with `make golden` and review the PNGs."""
import os

import pytest
from PIL import Image

from sim import shots
from sim.frames import to_image
from usher.ui.screen import STRIP_MIN, TITLE_H


@pytest.mark.parametrize("name,script", shots.SHOTS)
def test_screen_matches_golden_image(name, script):
    path = os.path.join(shots.GOLDEN_DIR, name + ".png")
    golden = Image.open(path).convert("1")
    now = to_image(shots.render(script))
    assert golden.size == now.size == (296, 128)
    assert golden.tobytes() == now.tobytes(), "%s differs from %s (make golden?)" % (name, path)


@pytest.mark.parametrize("name,script", shots.NAMED_SHOTS)
def test_screen_with_the_longest_names_matches_golden_image(name, script):
    path = os.path.join(shots.GOLDEN_DIR, name + ".png")
    golden = Image.open(path).convert("1")
    now = to_image(shots.render(script, shots.LONG_NAMES))
    assert golden.tobytes() == now.tobytes(), "%s differs from %s (make golden?)" % (name, path)


@pytest.mark.parametrize("name,script", shots.ACCENTED_SHOTS)
def test_screen_with_accented_names_matches_golden_image(name, script):
    # Every screen that shows a name, with Latin-1 and Latin
    # Extended-A names (sim/shots.py ACCENTED_NAMES).
    path = os.path.join(shots.GOLDEN_DIR, name + ".png")
    golden = Image.open(path).convert("1")
    now = to_image(shots.render(script, shots.ACCENTED_NAMES))
    assert golden.tobytes() == now.tobytes(), "%s differs from %s (make golden?)" % (name, path)


def test_golden_images_are_distinct_screens():
    seen = set()
    every = shots.SHOTS + shots.NAMED_SHOTS + shots.ACCENTED_SHOTS
    for name, _ in every:
        seen.add(Image.open(os.path.join(shots.GOLDEN_DIR, name + ".png")).tobytes())
    assert len(seen) == len(every)


def sheet_top(image):
    """The top row of a sheet (a form or dialog window) drawn over a screen,
    or None: a full-width black line with a white row under it and the
    window's full-width title bar under that."""
    px = image.load()
    for y in range(TITLE_H + 1, 128 - TITLE_H - 2):
        if all(px[x, y] == 0 for x in range(296)) and px[0, y + 1] != 0 \
                and all(px[x, y + 2] == 0 for x in range(296)):
            return y
    return None


def cut_strip(image, top):
    """The rows of the screen below left showing between its title bar and
    the sheet at `top`, when they hold something yet are too few for a line of
    text (a cut strip of the old screen); () when there is none."""
    px = image.load()
    rows = [y for y in range(TITLE_H, top) if any(px[x, y] == 0 for x in range(296))]
    return tuple(rows) if rows and top - TITLE_H < STRIP_MIN else ()


def test_no_golden_image_shows_a_cut_strip_of_the_screen_under_a_sheet():
    """A sheet over a screen leaves no 2-3 px strip of the old
    screen between the title bar and the sheet."""
    sheets = {}
    for name, _ in shots.SHOTS + shots.NAMED_SHOTS:
        image = Image.open(os.path.join(shots.GOLDEN_DIR, name + ".png")).convert("L")
        top = sheet_top(image)
        if top is not None:
            sheets[name] = top
            strip = cut_strip(image, top)
            assert strip == (), "%s: rows %r of the screen below show over the sheet at row %d" % (
                name, strip, top)
    # The check sees the sheets it is about (the detector finds them).
    for name in ("number_entry", "choice_entry", "seatwars_setup", "multisala_entry_hall"):
        assert sheets.get(name) == 16, (name, sheets.get(name))


def test_the_strip_check_catches_a_strip():
    """The check above fails on a picture with the old screen's text cut
    between the title bar and a sheet at row 16."""
    image = Image.new("L", (296, 128), 255)
    px = image.load()
    for x in range(296):
        for y in list(range(TITLE_H)) + [16] + list(range(18, 18 + TITLE_H)):
            px[x, y] = 0
    assert sheet_top(image) == 16 and cut_strip(image, 16) == ()
    px[21, 15] = 0  # the top of a glyph of the body below
    assert cut_strip(image, 16) == (15,)
