# The parts of a kept play's BG Stats link (PL-19, usher.ui.share) at their
# edges: the code's layout at the size limits (2-pixel modules up to
# version 10, error correction M before L), JSON strings and values, the
# percent-encoding byte by byte, the fields of a play and what the screen
# says about dropped ones. Holds rules bench/mutate.py found no test for.
# Runs on CPython, the unix port and WebAssembly.
import mptest

from usher import qr
from usher.ui import share


def test_the_code_uses_2_pixel_modules_while_they_fit_the_screen():
    assert share.layout(1) == (1, qr.M, 2)
    assert share.layout(qr.capacity(1, qr.M)) == (1, qr.M, 2)
    assert share.layout(qr.capacity(1, qr.M) + 1) == (2, qr.M, 2)     # M at a larger version first
    assert share.layout(qr.capacity(10, qr.M) + 1) == (9, qr.L, 2)     # then L, at 2 pixels still
    # version 10 (57 modules and 2 x 2 quiet: 122 pixels) is the largest at 2 pixels
    assert (qr.size_of(10) + 2 * share.QUIET) * 2 <= share.SCREEN_H < (qr.size_of(11) + 2 * share.QUIET) * 2
    assert share.layout(qr.capacity(10, qr.M)) == (10, qr.M, 2)
    assert share.layout(qr.capacity(10, qr.L)) == (10, qr.L, 2)
    assert share.layout(qr.capacity(10, qr.L) + 1) == (12, qr.M, 1)
    assert share.layout(qr.capacity(26, qr.M)) == (26, qr.M, 1)
    assert share.layout(qr.capacity(26, qr.L)) == (26, qr.L, 1)
    assert share.layout(qr.capacity(26, qr.L) + 1) is None
    assert share.layout(qr.capacity(5, qr.L), 5) == (5, qr.L, 2)
    assert share.layout(qr.capacity(5, qr.L) + 1, 5) is None
    assert qr.capacity(26, qr.L) == 1367          # the largest code (docs/history.md)


def test_json_strings_and_values_are_written_as_bg_stats_reads_them():
    assert share.json_string('a"b\\c') == '"a\\"b\\\\c"'
    assert share.json_string("\x00\n\x1f \x7f\u00e9") == '"\\u0000\\u000a\\u001f \x7f\u00e9"'
    assert share._value(True) == "true" and share._value(False) == "false"
    assert share._value(0) == "0" and share._value(-12) == "-12"
    assert share._value([1, "x", [True]]) == '[1,"x",[true]]'
    assert share._value((("a", 1), ("b", (("c", False),)))) == '{"a":1,"b":{"c":false}}'
    for v in (None, 1.5, {"a": 1}, b"x"):
        mptest.raises(share.ShareError, share._value, v)


def test_every_byte_outside_the_query_characters_is_percent_encoded():
    keep = share.SAFE.decode()
    assert share.quote(keep) == keep
    assert share.quote("&=+# %\"<>[]\\^`{|}") == "%26%3D%2B%23%20%25%22%3C%3E%5B%5D%5C%5E%60%7B%7C%7D"
    assert share.quote("\x00\x0f\x10\x7f") == "%00%0F%10%7F"
    assert share.quote("\u00e9\u0141") == "%C3%A9%C5%81"


def test_the_fields_of_a_play():
    line = {"n": 12, "game": "seatwars", "players": ["Anna", "Ben", "Cleo"], "scores": [5, None, 9],
            "winners": [2], "options": {"players": 3, "start": 1}, "date": "2026-12-01T21:05:09"}
    assert share.play_json(line, "ab12") == (
        '{"sourceName":"Usher","sourcePlayId":"ab12-12","game":{"name":"Seat Wars",'
        '"highestWins":true},"playDate":"2026-12-01 21:05:09","players":[{"name":"Anna",'
        '"score":5},{"name":"Ben","startPlayer":true},{"name":"Cleo","score":9,"winner":true}]}')
    assert share._present(line, "ab12") == ["startPlayer", "highestWins", "playDate", "sourcePlayId"]
    short = share.play_json(line, "ab12", share.DROP_ORDER)
    assert short == ('{"sourceName":"Usher","game":{"name":"Seat Wars"},"players":[{"name":"Anna",'
                     '"score":5},{"name":"Ben"},{"name":"Cleo","score":9,"winner":true}]}')
    # no start option: the first seat started; another game: nobody is said to
    line["options"] = {"players": 3}
    assert ("startPlayer", True) in dict(share.fields(line, None))["players"][0]
    line["game"] = "multisala"
    assert "startPlayer" not in share.play_json(line, None)
    solo = {"n": 1, "game": "takeaseat", "players": ["Anna"], "scores": [40], "winners": [],
            "opp": {"name": "Automa", "score": 44, "won": True}, "date": None}
    assert share.play_json(solo, "") == (
        '{"sourceName":"Usher","game":{"name":"Take a Seat","highestWins":true},"players":['
        '{"name":"Anna","score":40},{"name":"Automa","score":44,"winner":true}]}')
    solo["opp"]["won"] = False
    solo["winners"] = [0]
    assert '{"name":"Automa","score":44}' in share.play_json(solo, "")
    theatre = {"n": 2, "game": "theatre", "players": ["A", "B"], "scores": [None, None],
               "winners": [0, 1]}
    assert '"noPoints":true' in share.play_json(theatre, "d")
    assert share._present(theatre, "d") == ["highestWins", "noPoints", "sourcePlayId"]


def test_the_screen_names_the_dropped_fields():
    assert share.left_out([]) == ""
    assert share.left_out(["startPlayer"]) == "Left out: start player"
    assert share.left_out(list(share.DROP_ORDER)) == \
        "Left out: start player, highest wins, no points, date, play id"


def test_a_link_too_long_drops_fields_in_order_and_then_is_refused():
    names = ["N%d" % i for i in range(6)]
    line = {"n": 7, "game": "seatwars", "players": names, "scores": [1] * 6, "winners": [0],
            "options": {"start": 0}, "date": "2026-12-01T21:05:09"}
    url, drop, shape = share.share(line, "ab")
    assert drop == [] and url == share.link_of(line, "ab")
    for top in range(11, 18):            # refused at 11 and 12, fields dropped at 13 to 15
        try:
            url, drop, shape = share.share(line, "ab", top)
        except share.ShareError as e:
            assert str(e) == "The link is %d bytes; the largest code holds %d." % (
                len(share.link_of(line, "ab", share._present(line, "ab")).encode()),
                qr.capacity(top, qr.L))
            continue
        present = share._present(line, "ab")
        assert drop == present[:len(drop)]
        assert url == share.link_of(line, "ab", drop)
        assert len(url.encode()) <= qr.capacity(top, qr.L)
        if drop:
            fewer = share.link_of(line, "ab", drop[:-1])
            assert share.layout(len(fewer.encode()), top) is None


def test_the_largest_version_allowed_is_stepped_down_one_at_a_time():
    for top in (10, 11, 12, 26):
        assert share.layout(qr.capacity(10, qr.L), top) == (10, qr.L, 2), top
    assert share.layout(qr.capacity(9, qr.L), 9) == (9, qr.L, 2)
