# Every file the firmware writes is as safe as the saved game (PL-8, PL-11,
# PL-17; docs/faults.md): the CRC-32 seal on every copy, the roster and the play
# history after power cuts and damage, ui.json's routes, and the notices
# that name what was set aside. Runs on CPython, the unix port and
# WebAssembly.
import os

import mptest
import ui_sessions

from usher import games
from usher.core import rng, seal, storage
from usher.ui import persist, players, playlog, stats
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.screens import ErrorScreen
from usher.ui.widgets import MessageBox


def _write(path, data):
    with open(path, "wb" if type(data) is bytes else "w") as f:
        f.write(data)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _notices(app):
    return " ".join([" ".join(s.lines) for s in app.stack if isinstance(s, MessageBox)])


# --- the seal (PL-17) ---------------------------------------------------------------

def test_pl17_every_saved_copy_carries_a_crc32_of_its_content():
    d = mptest.tmpdir()
    p = d + "/game.json"
    storage.save(p, {"game": "seatwars", "seed": 7})
    storage.save(p, {"game": "seatwars", "seed": 8})
    for copy in (p, p + ".bak"):
        raw = _read(copy)
        assert seal.check_object(raw, len(raw)) and raw.endswith(b'"}')
        payload = raw[:-len(',"crc32":"12345678"}')] + b"}"
        assert raw[-10:-2].decode() == "%08x" % seal.crc32(payload)
    # The file is still plain JSON: a reader without seals sees one more member.
    import json
    assert json.loads(_read(p).decode())["seed"] == 8


def test_pl17_the_crc32_is_ieee_on_every_runtime_with_or_without_binascii():
    for data in (b"", b"abc", b"123456789", bytes(range(256))):
        assert seal.crc32(data) == seal._soft_crc32(data)
    assert seal.crc32(b"123456789") == 0xCBF43926        # the standard check value
    # going on from the CRC of the bytes before (storage.save's file CRC)
    for cut in (0, 1, 4, 9):
        head, rest = b"123456789"[:cut], b"123456789"[cut:]
        assert seal.crc32(rest, seal.crc32(head)) == 0xCBF43926
        assert seal._soft_crc32(rest, seal._soft_crc32(head)) == 0xCBF43926


def test_pl17_a_flipped_digit_that_still_parses_is_caught_and_the_backup_used():
    d = mptest.tmpdir()
    p = d + "/game.json"
    storage.save(p, {"game": "seatwars", "seed": 1234})
    storage.save(p, {"game": "seatwars", "seed": 1235})
    text = _read(p).decode()
    _write(p, text.replace("1235", "1236"))               # valid JSON, wrong seed
    value, source, problems = storage.load_checked(p)
    assert value == {"game": "seatwars", "seed": 1234} and source == "backup"
    assert problems == ["game.json: checksum does not match"]


def test_pl17_every_bit_flip_of_a_sealed_object_is_refused_or_harmless():
    text = storage.encode({"a": 1, "b": [2, 3]})
    raw = text.encode()
    for i in range(len(raw)):
        for bit in range(8):
            b = bytearray(raw)
            b[i] ^= 1 << bit
            try:
                obj = storage.decode(bytes(b).decode())
            except (ValueError, UnicodeError):
                continue
            assert obj == {"a": 1, "b": [2, 3]}, (i, bit, obj)   # (white space only)


def test_pl17_a_save_without_a_seal_from_an_older_firmware_still_loads():
    d = mptest.tmpdir()
    p = d + "/game.json"
    _write(p, '{"game": "seatwars", "options": {"players": 2}, "seed": 5, "actions": []}')
    value, source, problems = storage.load_checked(p)
    assert value["seed"] == 5 and source == "main" and problems == []
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    assert app.record is not None and app.record["seed"] == 5 and not _notices(app)
    raw = _read(p)
    assert not seal.check_object(raw, len(raw))
    assert app.play(games.bot("seatwars").next_action(app.state, rng.new_state(1)))
    raw = _read(p)
    assert seal.check_object(raw, len(raw))               # its next save seals it


def test_pl17_a_seal_whose_key_was_damaged_is_not_taken_for_an_old_unsealed_file():
    text = storage.encode({"v": 1})
    e = mptest.raises(ValueError, storage.decode, text.replace('"crc32"', '"crc33"'))
    assert "checksum is damaged" in str(e)
    e = mptest.raises(ValueError, storage.decode, text[:-4] + 'zz"}')
    assert "checksum is damaged" in str(e)


def test_pl17_a_sealed_text_file_starts_with_its_checksum_line_so_a_cut_end_is_caught():
    sealed = seal.seal_text("Ann\nBen\n")
    assert sealed.startswith("# crc32 ") and len(sealed.split("\n")[0]) == 16
    assert seal.open_text(sealed) == ("Ann\nBen\n", True)
    assert seal.open_text("Ann\nBen\n") == ("Ann\nBen\n", False)
    mptest.raises(ValueError, seal.open_text, sealed.replace("Ben", "Bem"))
    for k in range(17, len(sealed)):
        mptest.raises(ValueError, seal.open_text, sealed[:k])        # its end lost


# --- the storage layer (PL-8) -----------------------------------------------------------

def test_pl8_settle_never_promotes_a_temp_file_over_an_acknowledged_one():
    # A cut after the temp file of a save was written but before its first
    # rename: game.json (acknowledged) and a complete game.json.tmp (never
    # acknowledged) both exist. The next save must keep game.json as the
    # backup; promoting the temp file would lose the acknowledged copy (and
    # littlefs and FAT refuse a rename onto an existing file).
    d = mptest.tmpdir()
    p = d + "/game.json"
    storage.save(p, {"v": 1})
    storage.save(p, {"v": 2})
    _write(p + ".tmp", storage.encode({"v": 3}))
    storage.settle(p)
    assert storage.load(p) == ({"v": 2}, "main")
    storage.save(p, {"v": 4})
    assert storage.load(p) == ({"v": 4}, "main")
    assert storage.load(p + ".bak") == ({"v": 2}, "main")


def test_pl11_the_notice_for_a_missing_saved_game_says_so_without_empty_brackets():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    app.start_game("seatwars", {"players": 2}, 3)
    assert app.play(games.bot("seatwars").next_action(app.state, rng.new_state(1)))
    os.remove(d + "/game.json")          # game.json.bak holds the game before that action
    app = App(canvas, d, {"board": "test"})
    app.start()
    said = _notices(app)
    assert app.record is not None and app.game_id == "seatwars"
    assert "file was missing" in said and "()" not in said


# --- the roster -----------------------------------------------------------------------

def _roster(d, names):
    storage.save_text(d + "/players.txt", "".join([n + "\n" for n in names]))


def test_pl8_a_cut_between_the_renames_while_adding_a_player_keeps_every_name():
    d = mptest.tmpdir()
    _roster(d, ["Ann", "Ben", "Cal"])
    p = d + "/players.txt"
    # What save_text leaves when the power goes between replace()'s renames:
    # the new roster complete in players.txt.tmp, the old one in .bak.
    _write(p + ".tmp", seal.seal_text("Ann\nBen\nCal\nA\n"))
    storage._remove(p + ".bak")
    os.rename(p, p + ".bak")
    names, problem = players.load_roster(d)
    assert names == ["Ann", "Ben", "Cal", "A"] and problem is None
    assert players.add_to_roster(d, "B") is None
    assert players.load_roster(d) == (["Ann", "Ben", "Cal", "A", "B"], None)


def test_pl11_a_missing_roster_with_a_backup_restores_the_backup_and_says_so():
    d = mptest.tmpdir()
    _roster(d, ["Ann", "Ben"])
    _roster(d, ["Ann", "Ben", "Cal"])
    os.remove(d + "/players.txt")
    names, problem = players.load_roster(d)
    assert names == ["Ann", "Ben"] and "players.txt was missing" in problem
    assert players.add_to_roster(d, "Dee") is None
    assert players.load_roster(d) == (["Ann", "Ben", "Dee"], None)


def test_pl17_a_damaged_roster_is_named_and_its_backup_used():
    d = mptest.tmpdir()
    _roster(d, ["Ann", "Ben"])
    _roster(d, ["Ann", "Ben", "Cal"])
    p = d + "/players.txt"
    _write(p, _read(p).replace(b"Cal", b"Cbl"))             # still a valid name
    names, problem = players.load_roster(d)
    assert names == ["Ann", "Ben"]
    assert "players.txt was damaged" in problem and "checksum" in problem
    assert storage.exists(p + ".bad")                      # the damaged file kept for its owner
    assert players.load_roster(d) == (["Ann", "Ben"], None)


def test_pl11_a_roster_file_with_no_readable_copy_is_named_and_set_aside():
    d = mptest.tmpdir()
    _write(d + "/players.txt", b"Ann\n\xff\xfeBen\n")
    names, problem = players.load_roster(d)
    assert names == [] and "players.txt" in problem and "not UTF-8" in problem
    assert players.add_to_roster(d, "Dee") is None
    assert players.load_roster(d) == (["Dee"], None)


# --- the play history -----------------------------------------------------------------

DATE = (2026, 12, 1, 21, 5, 9)


def _finish(app, gid, options, seed):
    ui_sessions.bot_game(app, gid, options, ["Ann", "Ben", "Cal"][:options["players"]], seed)


def _history_of_two(d):
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test", "date": lambda: DATE})
    app.start()
    _finish(app, "seatwars", {"players": 2}, 11)
    _finish(app, "multisala", {"players": 1}, 12)
    rows = list(playlog.summaries(d))
    assert [r["n"] for r in rows] == [1, 2]
    return app, rows


def _third(app):
    _finish(app, "seatwars", {"players": 3}, 13)
    return [r["n"] for r in playlog.summaries(app.data_dir)]


def _damages(raw):
    """(label, bytes) for plays.jsonl's content raw (two lines)."""
    first, second = raw.split(b"\n")[0], raw.split(b"\n")[1]
    yield "truncated", raw[:len(first) + 1 + len(second) // 2]
    yield "not UTF-8", raw[:len(first) + 5] + b"\xff\xfe" + raw[len(first) + 7:]
    yield "a line that is not an object", first + b"\n[1, 2]\n"
    yield "zero length", b""
    yield "a flipped digit", first + b"\n" + second.replace(b'"rounds": ', b'"rounds": 9', 1) + b"\n"


def test_pl11_a_damaged_history_loses_no_play_it_is_named_and_numbering_goes_on():
    for label, raw in _damages(_two_plays_raw()):
        d = mptest.tmpdir()
        app, rows = _history_of_two(d)
        path = playlog.index_path(d)
        _write(path, raw)
        where, problem = playlog.open_index(d)
        assert where == path and problem is not None and playlog.SHORT in problem, label
        got = list(playlog.summaries(d))
        assert [r["n"] for r in got] == [1, 2], (label, got)
        assert got == rows, label                   # play 2 rebuilt exactly, its date too
        assert playlog.open_index(d) == (path, None), label      # repaired for good
        assert _third(app) == [1, 2, 3], label


def _two_plays_raw():
    d = mptest.tmpdir()
    _history_of_two(d)
    return _read(playlog.index_path(d))


WRONG_SHAPES = (
    ("game misspelt", '"game": "seatwars"', '"gqme": "seatwars"'),
    ("players misspelt", '"players": [', '"plqyers": ['),
    ("a score as text", '"scores": [', '"scores": ["12", '),
    ("a play number as text", '"n": 1', '"n": "1"'),
)


def _unsealed_lines(d):
    """plays.jsonl as a person or an older firmware would have written it
    (no seals), so a wrong shape is not caught by the checksum first."""
    import json
    out = []
    for s in playlog.summaries(d):
        out.append(json.dumps(s))
    return out


def _open_every_statistics_screen(app):
    stats.open_menu(app)
    for _gid, _title in games.GAMES:
        stats._chosen(app, _gid)
        app.pop()
    app.push(stats.last_plays(app))
    for s in playlog.summaries(app.data_dir):
        stats._open_play(app, s["n"])
    assert not [s for s in app.stack if isinstance(s, ErrorScreen)]


def test_pl11_a_wrong_shaped_history_line_is_set_aside_and_named_statistics_still_open():
    for label, old, new in WRONG_SHAPES + (("an empty object", None, "{}"),):
        d = mptest.tmpdir()
        app, rows = _history_of_two(d)
        lines = _unsealed_lines(d)
        if old is None:
            lines.insert(1, new)
        else:
            assert old in lines[0], label
            lines[0] = lines[0].replace(old, new, 1)
        path = playlog.index_path(d)
        _write(path, "\n".join(lines) + "\n")
        app.stack = app.stack[:1]
        stats.open_menu(app)
        said = _notices(app)
        assert "kept aside" in said and playlog.SHORT in said, (label, said)
        _open_every_statistics_screen(app)
        kept = [r["n"] for r in playlog.summaries(d)]
        assert kept == [2] or kept == [1, 2], (label, kept)
        assert _third(app) == kept + [3], label
        assert storage.exists(path + ".bad")


def test_pl11_a_cut_between_the_history_renames_keeps_every_play_without_a_notice():
    d = mptest.tmpdir()
    app, rows = _history_of_two(d)
    path = playlog.index_path(d)
    storage._remove(path + ".bak")
    os.rename(path, path + ".tmp")                # the new history complete, not yet renamed
    assert playlog.open_index(d) == (path, None)
    assert list(playlog.summaries(d)) == rows
    assert _third(app) == [1, 2, 3]


# --- ui.json --------------------------------------------------------------------------

def test_pl11_a_damaged_route_in_ui_json_is_refused_and_the_game_screen_kept():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    app.start_game("seatwars", {"players": 2}, 3)
    app.set_setting("clean_after", 7)     # ui.json saved again: its backup has the routes too
    ui = storage.load(d + "/ui.json")[0]
    assert ui["routes"][-1] == "game"
    import json
    for text in (json.dumps(ui).replace('"game"', '"gqme"'),                       # no seal
                 storage.encode(ui).replace('"game"', '"gqme"')):                   # sealed
        _write(d + "/ui.json", text)
        app = App(canvas, d, {"board": "test"})
        app.start()
        assert app.stack[0].route == "launcher" and app.stack[1].route == "game", text
        assert "ui.json" in _notices(app), text
    mptest.raises(ValueError, persist.check_ui, {"routes": ["launcher", "gqme"]})
