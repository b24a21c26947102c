# PL-19: a real decoder (zxing-cpp) reads the share screen as a phone would
# see it. Every game's share screen after a bot-played game, 2 to 5 players,
# with the longest names and with accented ones, is rendered to a picture,
# scaled up, blurred and turned a little like a camera's view; it decodes to
# exactly the screen's link, whose JSON has BG Stats' fields and the play's
# values.
import json
import urllib.parse

import share_sessions
import zxingcpp
from PIL import Image, ImageFilter

from sim.frames import to_image
from test_ui_share import check_against_line
from usher.ui import playlog, share, share_screen

ACCENTED = ["G\u00e9rard", "Zo\u00eb", "\u00c5sa", "J\u00fcrgen", "Fran\u00e7oise"]


def camera(im, scale=4, angle=4):
    """The panel picture as a camera sees it: bigger, soft, a little turned."""
    im = im.convert("L").resize((im.width * scale, im.height * scale), Image.NEAREST)
    im = im.filter(ImageFilter.GaussianBlur(scale / 3))
    return im.rotate(angle, resample=Image.BILINEAR, expand=True, fillcolor=255)


def decode(im):
    found = zxingcpp.read_barcodes(im, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, "decoded %d codes" % len(found)
    return found[0].text


def _shared(tmp_path, k, names):
    gid, options, n = share_sessions.SETUPS[k]
    d = str(tmp_path / ("d%d" % k))
    app, buf = share_sessions.finished(d, gid, options, n, 500 + k, names=names)
    app.handle(("press", "B"))
    top = app.top()
    assert isinstance(top, share_screen.ShareScreen) and top.code is not None
    return d, top, bytes(buf)


def test_pl19_every_share_screen_decodes_to_its_link(tmp_path):
    decoded = 0
    for names in (share_sessions.LONG, ACCENTED):
        for k in range(len(share_sessions.SETUPS)):
            d, top, buf = _shared(tmp_path / ("a" if names is ACCENTED else "l"), k, names)
            text = decode(camera(to_image(buf, 1)))
            assert text == top.link
            obj = json.loads(urllib.parse.unquote(text[len(share.BASE):]))
            line = playlog.find(d, top.line["n"])
            check_against_line(obj, line, share.device_id(d))
            want = names[:len(line["players"])]
            assert [p["name"] for p in obj["players"]][:len(want)] == want
            decoded += 1
    assert decoded == 2 * len(share_sessions.SETUPS)


def test_pl19_two_pixel_modules_decode_too(tmp_path):
    # 2-pixel modules (PL-19: up to version 10, 271 bytes at L). A real
    # play's link is longer (331 bytes for a solo Multisala), so the code is
    # capped at version 10 here: optional fields are dropped, the screen
    # says so, and the 2-pixel code decodes to the shortened link.
    app, buf = share_sessions.finished(str(tmp_path), "multisala", {"players": 1}, 1, 7,
                                       names=["A"], date=None)
    app.handle(("press", "B"))
    line = app.top().line
    s = share_screen.ShareScreen(app, line, max_version=10)
    assert s.code is not None and s.scale == 2 and s.code.version == 10 and s.dropped
    app.push(s)
    app._render()
    assert decode(camera(to_image(bytes(buf), 1), scale=3)) == s.link
    obj = json.loads(urllib.parse.unquote(s.link[len(share.BASE):]))
    assert obj["players"][0]["name"] == "A" and obj["players"][0]["score"] == line["scores"][0]
    for k in s.dropped:
        assert '"%s"' % k not in urllib.parse.unquote(s.link)
