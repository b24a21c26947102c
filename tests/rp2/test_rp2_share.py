"""PL-19 on the emulated Badger 2040 (PL-16): the real image plays the solo
Multisala share session to its end and opens the share screen; the panel's
picture, decoded by zxing-cpp as a camera would see it, is exactly the link
the kept play's line gives, with the board's own device id (read back from its flash) in sourcePlayId. Run by
`make test-rp2` (USHER_RP2=1)."""
import json
import os
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (ROOT, os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "tests", "portable")):
    if p not in sys.path:
        sys.path.insert(0, p)

import sim.rp2 as rp2  # noqa: E402
from test_share_png import camera, decode  # noqa: E402

from sim.frames import to_image  # noqa: E402
from usher.ui import playlog, share  # noqa: E402


def _to_share(script):
    """The session's script up to the press that opens the share screen."""
    toks = script.split(",")
    return ",".join(toks[:len(toks) - 2])    # the session ends ...,B,UP,C


def test_pl19_the_emulated_badgers_panel_shows_a_code_that_decodes_to_the_link():
    script = _to_share(rp2.session_script("multisala_share"))
    assert script.endswith(",B")
    r = rp2.play(script)
    data = os.path.join(r["files"], "data")
    picture = rp2.picture_canvas(r["steps"][-1]["picture"], "badger2040")
    text = decode(camera(to_image(picture, 1)))
    device = share.device_id(data)
    assert device is not None
    kept = list(playlog.summaries(data))
    assert len(kept) == 1 and kept[0]["game"] == "multisala"
    assert text == share.link_of(kept[0], device)
    obj = json.loads(urllib.parse.unquote(text[len(share.BASE):]))
    assert obj["sourcePlayId"] == "%s-1" % device
    assert obj["players"][0]["score"] == kept[0]["scores"][0]
