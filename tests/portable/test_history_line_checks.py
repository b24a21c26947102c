# A kept play's line as the history's readers check it (PL-11, PL-23;
# usher.ui.playlog.check_line): every field at the edge of what it may
# hold, and each damage refused with its reason, so a line that parses and
# passes its seal but has another shape never reaches a screen. Holds
# rules bench/mutate.py found no test for. Runs on CPython, the unix port
# and WebAssembly.
import mptest

from usher.ui import playlog


def _line(**kw):
    line = {"n": 1, "game": "seatwars", "date": None, "players": ["A", "B"], "scores": [3, 5],
            "winners": [1], "breakdown": [[["characters", 3], ["items", 0]], []],
            "actions": 0, "seed": 0, "options": {}}
    for k in kw:
        if kw[k] is _GONE:
            del line[k]
        else:
            line[k] = kw[k]
    return line


_GONE = object()


def _refused(why, **kw):
    e = mptest.raises(ValueError, playlog.check_line, _line(**kw))
    assert str(e) == why, (kw, str(e))


def test_lines_at_the_edges_of_each_field_pass():
    for kw in ({}, {"n": 1}, {"n": 99999}, {"actions": 0, "seed": 0},
               {"players": ["A"], "scores": [None], "winners": [0]},
               {"players": list("ABCDEF"), "scores": [1, 2, 3, 4, 5, 6], "winners": [0, 5]},
               {"scores": [None, None]}, {"scores": [-3, 0]}, {"winners": []},
               {"date": "2026-12-01T21:05:09"}, {"options": _GONE}, {"breakdown": _GONE},
               {"breakdown": []}, {"rounds": 0}, {"rounds": 7},
               {"solo": "automa", "players": ["A"], "scores": [40], "winners": [],
                "opp": {"name": "Automa", "score": 44, "won": True}},
               {"solo": "record", "players": ["A"], "scores": [0], "winners": [0]},
               {"solo": "house", "players": ["A", "House"], "scores": [None, None], "level": "easy"},
               {"solo": "house", "level": "normal"}, {"solo": "house", "level": "hard"}):
        line = _line(**kw)
        assert playlog.check_line(line) is line, kw
    for gid in ("takeaseat", "theatre", "multisala", "seatwars"):
        assert playlog.check_line(_line(game=gid))


def test_each_damage_is_refused_with_its_reason():
    mptest.raises(ValueError, playlog.check_line, [1, 2])
    assert str(mptest.raises(ValueError, playlog.check_line, "x")) == "not a play"
    for n in (0, -1, "1", None, 1.0, True and "x"):
        _refused("no play number", n=n)
    _refused("no play number", n=_GONE)
    for g in ("chess", None, 1):
        _refused("unknown game", game=g)
    for kw in ({"players": []}, {"players": list("ABCDEFG"), "scores": [1] * 7},
               {"players": "AB"}, {"players": ["A", 2]}, {"players": _GONE}):
        _refused("players are not a list of names", **kw)
    for scores in ([3], [3, 5, 7], [3, "5"], [3, 5.0], "35", None):
        _refused("scores are damaged", scores=scores)
    for ws in ([2], [-1], ["0"], [0, 2], 1, None):
        _refused("winners are damaged", winners=ws)
    for key in ("actions", "seed"):
        for v in (-1, "3", None, 1.5):
            _refused("%s is not a whole number" % key, **{key: v})
    _refused("date is damaged", date=20261201)
    _refused("options are damaged", options=[1])
    _refused("rounds are damaged", rounds="3")
    for bd in ("x", [1], [[1]], [[["a"]]], [[["a", 1, 2]]], [[("a", 1)]]):
        _refused("breakdown is damaged", breakdown=bd)
    _refused("solo play is damaged", solo="bot", players=["A"], scores=[1], winners=[])
    _refused("solo play is damaged", solo="automa", players=["A"], scores=[None], winners=[])
    _refused("solo play is damaged", solo="record", players=["A"], scores=[None], winners=[])
    for level in ("medium", None, 1):
        _refused("the House's level is damaged", solo="house", level=level)
    for opp in ("Automa", {"name": 1, "score": 2}, {"name": "Automa"}, {"name": "A", "score": "2"}):
        _refused("opponent is damaged", opp=opp)


def test_a_date_is_written_as_iso_text_or_none():
    assert playlog.date_text(None) is None and playlog.date_text(()) is None
    assert playlog.date_text((2026, 1, 2, 3, 4, 5)) == "2026-01-02T03:04:05"
    assert playlog.date_text((2026, 12, 31, 23, 59, 59, 6, 365)) == "2026-12-31T23:59:59"
