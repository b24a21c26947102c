# Sharing a play as a BG Stats import link (PL-19, usher.ui.share and
# usher.ui.share_screen): the JSON's fields from real finished games, the
# percent-encoding, the documented drop order, the device id, and the
# screens (Share on every end screen and kept play, any button leaves).
# Runs on CPython, the unix port and WebAssembly; the codes on the rendered
# screens are read by a real decoder in tests/host/test_share_png.py.
import json

import mptest
import share_sessions

from usher import games, qr
from usher.core import storage
from usher.ui import playlog, share, share_screen, stats
from usher.ui.app import App
from usher.ui.canvas import new_canvas

HEXD = "0123456789ABCDEF"


def unquote(s):
    """Percent-decoding, written here again (the decoder's side)."""
    out = bytearray()
    i = 0
    while i < len(s):
        if s[i] == "%":
            out.append(HEXD.index(s[i + 1]) * 16 + HEXD.index(s[i + 2]))
            i += 3
        else:
            out.append(ord(s[i]))
            i += 1
    return out.decode("utf-8")


def payload(url):
    assert url.startswith(share.BASE)
    rest = url[len(share.BASE):]
    for ch in rest:   # only the query characters left raw, never & = + # or a space
        assert ch == "%" or ch.encode() in share.SAFE, ch
    return json.loads(unquote(rest))


def _line(gid="multisala", names=("Ann", "Bob"), scores=(10, 7), winners=(0,), date=None, **kw):
    line = {"n": kw.pop("n", 3), "game": gid, "date": date, "players": list(names),
            "scores": list(scores), "winners": list(winners), "breakdown": [], "actions": 5,
            "seed": 1, "options": kw.pop("options", {})}
    line.update(kw)
    return line


def check_against_line(obj, line, device):
    """The BG Stats fields of obj say what the kept play says (PL-19)."""
    assert obj["sourceName"] == "Usher"
    assert obj["sourcePlayId"] == "%s-%d" % (device, line["n"])
    assert obj["game"]["name"] == games.title(line["game"])
    assert obj["game"]["highestWins"] is True
    if line.get("date"):
        assert obj["playDate"] == line["date"].replace("T", " ")
    else:
        assert "playDate" not in obj
    ps = obj["players"]
    names = list(line["players"]) + (["Automa"] if line.get("opp") else [])
    assert [p["name"] for p in ps] == names
    for i in range(len(line["players"])):
        p = ps[i]
        assert p.get("winner", False) == (i in line["winners"])
        if line["game"] == "theatre":
            assert "score" not in p and obj["game"]["noPoints"] is True
        else:
            assert p["score"] == line["scores"][i] and "noPoints" not in obj["game"]
        assert p.get("startPlayer", False) == (
            line["game"] == "seatwars" and i == line["options"].get("start", 0))
        assert "role" not in p
    if line.get("opp"):
        assert ps[-1]["score"] == line["opp"]["score"]
        assert ps[-1].get("winner", False) == line["opp"]["won"]


def test_pl19_every_games_share_screen_has_its_kept_plays_link():
    for i in range(len(share_sessions.SETUPS)):
        gid, options, n = share_sessions.SETUPS[i]
        d = mptest.tmpdir()
        app, buf = share_sessions.finished(d, gid, options, n, 300 + i)
        app.handle(("press", "B"))                  # Share on the end screen
        top = app.top()
        assert isinstance(top, share_screen.ShareScreen), (gid, type(top), getattr(top, "lines", None))
        assert top.code is not None and top.problem is None and not top.dropped
        kept = list(playlog.summaries(d))
        assert len(kept) == 1 and top.line == kept[0]
        device = share.device_id(d)
        assert device is not None and len(device) == 8
        check_against_line(payload(top.link), kept[0], device)
        assert top.code.size * top.scale + 2 * share.QUIET * top.scale <= 128
        app.handle(("press", "UP"))                 # any button leaves
        assert not isinstance(app.top(), share_screen.ShareScreen)
        app.handle(("press", "C"))                  # Finish: not kept twice
        assert len(list(playlog.summaries(d))) == 1


def test_pl19_accented_quoted_and_long_names_encode_exactly():
    names = ["G\u00e9rard", "Zo\u00eb \"Z\"", "back\\slash", "\u00c5sa-\u00d8ystein", "WWWWWWWWWW"]
    line = _line("multisala", names, [5, -3, 0, 12, -40], [3], "2026-02-03T04:05:06")
    url, dropped, shape = share.share(line, "0badcafe")
    assert not dropped and shape[2] == 1
    obj = payload(url)
    check_against_line(obj, line, "0badcafe")
    assert "%C3%A9" in url and "%5C" in url            # UTF-8 bytes, an escaped backslash
    assert [p["score"] for p in obj["players"]] == [5, -3, 0, 12, -40]   # any sign
    assert share.play_json(line, "0badcafe").count(" ") == 2 + 1 + 1   # only inside strings


def test_pl19_names_of_every_character_the_fonts_draw_encode_exactly():
    # Every character of the names' font (usher.ui.fonts.body), in names of
    # the roster's longest (10 characters), 5 players at a time (the most a
    # game seats): each play's link either fits and its JSON gives back
    # every name, or is refused with the reason.
    from usher.ui.fonts import body
    chars = body.CHARS
    k = 0
    shown = 0
    while k < len(chars):
        names = []
        for _ in range(5):
            names.append(chars[k:k + 10] or "x")
            k += 10
        line = _line("multisala", names, [k, -k, 0, 1, 2], [0], "2026-05-06T07:08:09")
        try:
            url, dropped, _shape = share.share(line, "0badcafe")
        except share.ShareError as e:
            assert "largest code holds" in str(e)
            continue
        obj = payload(url)
        assert [p["name"] for p in obj["players"]] == names
        assert [p["score"] for p in obj["players"]] == [k, -k, 0, 1, 2]
        if not dropped:
            check_against_line(obj, line, "0badcafe")
        shown += 1
    assert shown == (len(chars) + 49) // 50      # with at most 10 characters, every play fits


def test_pl19_the_json_has_no_field_at_its_default():
    line = _line("seatwars", ("Ann", "Bob", "Cy"), (4, 9, 9), (1, 2), options={"start": 2})
    text = share.play_json(line, "ab")
    assert text == ('{"sourceName":"Usher","sourcePlayId":"ab-3","game":{"name":"Seat Wars",'
                    '"highestWins":true},"players":[{"name":"Ann","score":4},'
                    '{"name":"Bob","score":9,"winner":true},'
                    '{"name":"Cy","score":9,"winner":true,"startPlayer":true}]}')
    assert "false" not in text and ": " not in text


def test_pl19_the_automa_is_a_player():
    line = _line("takeaseat", ("Ann",), (61,), (), solo="automa",
                 opp={"name": "Automa", "score": 70, "won": True, "breakdown": []})
    obj = payload(share.link_of(line, "d1"))
    assert obj["players"] == [{"name": "Ann", "score": 61},
                              {"name": "Automa", "score": 70, "winner": True}]


def test_pl19_optional_fields_are_dropped_in_the_documented_order_and_named():
    line = _line("seatwars", ["Name%d" % i for i in range(4)], (1, 2, 3, 4), (3,),
                 "2026-12-01T10:00:00", options={"start": 1})
    full = len(share.link_of(line, "0badcafe"))
    whole = share.play_json(line, "0badcafe")
    present = [k for k in share.DROP_ORDER if '"%s"' % k in whole]
    assert present == ["startPlayer", "highestWins", "playDate", "sourcePlayId"]
    drops = []
    # Shrink the largest code allowed until each optional field must go.
    for v in range(qr.MAX_VERSION, 0, -1):
        try:
            url, dropped, shape = share.share(line, "0badcafe", max_version=v)
        except share.ShareError as e:
            assert "largest code holds %d" % qr.capacity(v, "L") in str(e)
            shortest = share.link_of(line, None, share.DROP_ORDER)
            assert len(shortest) > qr.capacity(v, "L")
            break
        assert len(url) <= qr.capacity(v, "L") and shape[0] <= v
        assert list(dropped) == present[:len(dropped)]
        if dropped and dropped not in drops:
            drops.append(list(dropped))
            obj = payload(url)
            for k in dropped:
                assert k not in json.dumps(obj)
            assert share.left_out(dropped).startswith("Left out: ")
        if not dropped:
            assert len(url) == full
    assert drops and drops[-1] == present


def test_pl19_a_play_too_long_for_any_code_is_refused_on_screen():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    line = _line("multisala", ["Player%d" % i for i in range(5)], (1, 2, 3, 4, 5), (4,))
    s = share_screen.ShareScreen(app, line, max_version=3)
    assert s.code is None and "largest code holds 53" in s.problem
    app.push(s)
    app._render()
    app.handle(("press", "A"))
    assert app.top() is not s


def test_pl19_the_clock_decides_the_play_date():
    d = mptest.tmpdir()
    app, buf = share_sessions.finished(d, "seatwars", {"players": 2}, 2, 5, date=None)
    app.handle(("press", "B"))
    obj = payload(app.top().link)
    assert "playDate" not in obj
    d = mptest.tmpdir()
    app, buf = share_sessions.finished(d, "seatwars", {"players": 2}, 2, 5)
    app.handle(("press", "B"))
    assert payload(app.top().link)["playDate"] == "2026-12-01 21:05:09"


def test_pl19_the_device_id_is_kept_and_a_damaged_one_replaced():
    d = mptest.tmpdir()
    assert share.device_id(d) is None
    a = share.device_id(d, lambda: 0x1234ABCD)
    assert a == "1234abcd" and share.device_id(d) == a and share.device_id(d, lambda: 7) == a
    with open(storage.join(d, share.DEVICE_FILE), "w") as f:
        f.write("{not json")
    b = share.device_id(d, lambda: 7)
    assert b == "00000007" and share.device_id(d) == b


def test_pl19_share_on_a_kept_play_in_statistics():
    d = mptest.tmpdir()
    app, buf = share_sessions.finished(d, "takeaseat", {"mode": "multi", "players": 2}, 2, 9)
    app.handle(("press", "C"))                     # Finish: the play is kept
    stats.open_menu(app)
    app.handle(("press", "C"))                     # Last plays
    app.handle(("press", "C"))                     # the newest play
    play = app.top()
    assert isinstance(play, stats.PlayScore) and play.keys()[1] == "Share"
    app.handle(("press", "B"))
    top = app.top()
    assert isinstance(top, share_screen.ShareScreen)
    check_against_line(payload(top.link), playlog.find(d, 1), share.device_id(d))
    app.handle(("press", "B"))
    assert app.top() is play
