# What a finished game's kept line says (docs/history.md, usher.ui.playlog
# entry): Take a Seat's solo play against the Automa (who won, the
# Automa's score and majorities), Multisala's last round per seat (0 when
# the game kept no round's breakdown) and its solo record, and the history
# read in play-number order (a line whose number does not grow is set
# aside, PL-11); a record of a game this firmware does not know is no
# record. Holds rules bench/mutate.py found no test for. Runs on CPython,
# the unix port and WebAssembly.
import mptest

from usher.core import storage
from usher.ui import playlog

REC = {"options": {}, "seed": 4, "actions": [{"type": "x"}]}


def _takeaseat_solo(winner):
    return {"mode": "solo", "phase": "over", "result": {
        "winner": winner,
        "player": {"total": 40, "objective_total": 20, "majority_points": 15, "usher_bonus": 5},
        "automa": {"total": 44, "majority_points": 11, "multiplier": 4}}}


def test_a_solo_take_a_seat_says_who_won_against_the_automa():
    line = playlog.entry("takeaseat", REC, _takeaseat_solo("player"))[0]
    assert line["players"] == ["P1"] and line["scores"] == [40] and line["winners"] == [0]
    assert line["solo"] == "automa"
    assert line["opp"] == {"name": "Automa", "score": 44, "won": False,
                           "breakdown": [["majorities", "11x4"]]}
    assert line["breakdown"] == [[["objectives", 20], ["majorities", 15], ["usher bonus", 5]]]
    line = playlog.entry("takeaseat", REC, _takeaseat_solo("automa"))[0]
    assert line["winners"] == [] and line["opp"]["won"] is True
    assert playlog.check_line(dict(line, n=1))


def _multisala(players, totals, breakdown):
    st = {"players": players, "totals": totals, "variant": 0, "rounds": 6, "phase": "over"}
    if breakdown is not None:
        st["breakdown"] = breakdown
    return st


def test_multisala_keeps_each_seats_last_round_and_its_solo_record():
    line = playlog.entry("multisala", REC, _multisala(2, [9, 12], {"delta": [3, -1]}))[0]
    assert line["breakdown"] == [[["last round", 3]], [["last round", -1]]]
    assert line["winners"] == [1] and "solo" not in line and line["variant"] is False
    for bd in (None, {}, {"delta": None}):
        line = playlog.entry("multisala", REC, _multisala(2, [9, 12], bd))[0]
        assert line["breakdown"] == [[["last round", 0]], [["last round", 0]]], bd
    line = playlog.entry("multisala", REC, _multisala(1, [9], None))[0]
    assert line["solo"] == "record" and line["players"] == ["P1"] and line["rounds"] == 6


def _write_lines(d, numbers):
    storage.makedirs(playlog.folder(d))
    lines = []
    for n in numbers:
        lines.append({"n": n, "game": "seatwars", "date": None, "players": ["A", "B"],
                      "scores": [1, 2], "winners": [1], "actions": 3, "seed": n})
    storage.write_lines(playlog.index_path(d), lines)


def test_a_line_whose_play_number_does_not_grow_is_set_aside():
    for numbers, kept in (([1, 2, 2, 3], [1, 2, 3]), ([1, 3, 2], [1, 3])):
        d = mptest.tmpdir()
        _write_lines(d, numbers)
        path, notice = playlog.open_index(d)
        assert "out of order" in notice, notice
        assert [s["n"] for s in playlog.summaries(d)] == kept, numbers
        assert playlog.open_index(d) == (path, None)
    d = mptest.tmpdir()
    _write_lines(d, [1, 2, 3])
    assert playlog.open_index(d) == (playlog.index_path(d), None)


def test_a_record_of_a_game_this_firmware_does_not_know_is_no_record():
    d = mptest.tmpdir()
    storage.makedirs(playlog.folder(d))
    storage.save(playlog.play_path(d, 1), {"game": "chess", "options": {}, "seed": 1, "actions": []})
    assert playlog.load_record(d, 1) is None
    storage.save(playlog.play_path(d, 2), {"game": "seatwars", "options": {}, "seed": 1, "actions": []})
    assert playlog.load_record(d, 2)["game"] == "seatwars"


def test_a_seat_wars_play_counts_each_seats_characters_and_items_apart():
    """Last plays shows a Seat Wars seat's characters and items: a scored
    entry that is not a character is an item (SW-9)."""
    from usher import games
    from usher.core import game, rng
    eng, bot = games.engine("seatwars"), games.bot("seatwars")
    rec, state = game.new_record(eng, {"players": 2, "start": 0}, 9)
    r = rng.new_state(9)
    a = bot.next_action(state, r)
    while a is not None:
        rec, state = game.play(eng, rec, state, a)
        a = bot.next_action(state, r)
    whats = [[e["what"] for e in p["scored"]] for p in state["players"]]
    assert [w.count("char") for w in whats] == [10, 14]
    assert [len(w) - w.count("char") for w in whats] == [2, 3]
    line = playlog.entry("seatwars", rec, state)[0]
    assert line["breakdown"] == [[["characters", 10], ["items", 2]], [["characters", 14], ["items", 3]]]
