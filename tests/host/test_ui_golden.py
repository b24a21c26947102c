"""Golden images of key screens (sim/shots.py). After a deliberate change to
how a screen looks, regenerate them with `make golden` and review the PNGs."""
import os

import pytest
from PIL import Image

from sim import shots
from sim.frames import to_image


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
    # Issue 27: every screen that shows a name, with Latin-1 and Latin
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
