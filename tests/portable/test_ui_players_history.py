# Players and play history (docs/history.md): the roster's checks, the seats'
# names on every game's screens, the history entry each finished game leaves
# (its cap, a corrupt file), and the statistics worked out here again from
# the entries. Runs on CPython, the unix port and WebAssembly.
import json

import mptest
import ui_sessions

from usher import games
from usher.core import game, rng, storage
from usher.ui import players, playlog, seats, stats, text
from usher.ui.app import App
from usher.ui.canvas import new_canvas

LONG = ["WWWWWWWWWW", "MMMMMMMMMM", "Maximilian", "Wolfgang-W", "Anna"]


# --- roster ------------------------------------------------------------------------

def test_roster_takes_one_name_a_line_skipping_blanks_and_comments():
    names, defects = players.parse_roster("# our group\nAnna\n\n  Ben  \nMax-Muller\nO'Neil\n")
    assert defects == []
    assert names == ["Anna", "Ben", "Max-Muller", "O'Neil"]


def test_roster_refuses_long_names_undrawable_characters_and_duplicates():
    names, defects = players.parse_roster("Anna\nAlexandrinaX\n\u03a9mega\nanna\nBen\tX\n")
    assert names == ["Anna"]
    assert len(defects) == 4
    assert defects[0].startswith("line 2:") and "12 characters, at most 10" in defects[0]
    assert defects[1].startswith("line 3:") and "cannot draw" in defects[1]
    assert defects[2].startswith("line 4:") and "already in the roster" in defects[2]
    assert defects[3].startswith("line 5:") and "cannot draw" in defects[3]


def test_roster_count_is_capped():
    txt = "\n".join(["Name%d" % i for i in range(players.MAX_ROSTER + 1)])
    names, defects = players.parse_roster(txt)
    assert defects == ["%d names, at most %d" % (players.MAX_ROSTER + 1, players.MAX_ROSTER)]
    names, defects = players.parse_roster("\n".join(["Name%d" % i for i in range(players.MAX_ROSTER)]))
    assert defects == [] and len(names) == players.MAX_ROSTER


def test_every_allowed_character_is_drawn_by_both_fonts():
    for ch in players.NAME_CHARS:
        assert ch in text.BODY.CHARS and ch in text.SMALL.CHARS, ch


def test_a_bad_roster_entry_is_named_and_set_aside_the_others_kept():
    d = mptest.tmpdir()
    with open(d + "/players.txt", "w") as f:
        f.write("Anna\nAnna\nBen\n")
    names, problem = players.load_roster(d)
    assert names == ["Anna", "Ben"]
    assert problem.startswith("players.txt: line 2:") and "set aside" in problem


def test_a_name_added_on_the_device_joins_the_roster_file():
    d = mptest.tmpdir()
    assert players.add_to_roster(d, "Cleo") is None
    assert players.add_to_roster(d, "Ben") is None
    assert players.add_to_roster(d, "cleo") is None        # already there
    assert players.load_roster(d) == (["Cleo", "Ben"], None)
    assert "cannot draw" in players.add_to_roster(d, "\u03a9mega")


# --- the truncation rule -----------------------------------------------------------

def test_names_are_cut_to_the_slot_with_one_dot():
    for font in (text.SMALL, text.BODY):
        for name in LONG:
            for w in (20, 40, 56, 90, 200):
                s = seats.fit(font, name, w)
                if text.width(font, name) <= w:
                    assert s == name
                else:
                    assert s.endswith(".") and name.startswith(s[:-1])
                    assert text.width(font, s) <= w
                    # the longest start that fits: one more letter would not
                    assert text.width(font, name[:len(s)] + ".") > w


# --- names through every game's screens ------------------------------------------

class NamedApp(App):
    """Every new game gets the long names for its seats, as if each seat had
    picked them at setup (the seat picker itself is tested below)."""

    def new_game(self, game_id, options, seed=None):
        n = seats.seat_count(game_id, options)
        self.start_game(game_id, seats.with_names(game_id, options, LONG[:n]), seed)


_BAD = ["P%d " % i for i in range(1, 7)] + ["P%d:" % i for i in range(1, 7)] + \
    ["Player %d" % i for i in range(1, 7)]


def _check_drawn(fn, found, bad):
    """Run fn(); every string drawn (text.draw) is checked as it is drawn:
    found[0] counts those with a (possibly cut) long name, bad collects
    those with a P-number label."""
    orig = text.draw

    def spy(canvas, font, s, x, y, color=1):
        if "WWW" in s or "MMM" in s or "Max" in s or "Wolf" in s:
            found[0] += 1
        if s in ("P1", "P2", "P3", "P4", "P5", "P6") or [f for f in _BAD if f in s]:
            bad.append(s)
        return orig(canvas, font, s, x, y, color)
    text.draw = spy
    try:
        fn()
    finally:
        text.draw = orig


def _play_named(name, script):
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = NamedApp(canvas, d, {"board": "test"})
    app.start()
    found = [0]
    bad = []
    for evs in ui_sessions.events(script):
        if evs[0] in ("sleep", "restart"):
            if evs[0] == "restart":
                app = NamedApp(canvas, d, {"board": "test"})
                app.start()
            continue
        if app.record is None:                  # setup screens: no names yet
            for ev in evs:
                app.handle(ev)
            continue
        _check_drawn(lambda a=app, e=evs: [a.handle(ev) for ev in e], found, bad)
    return found[0], bad


def test_every_game_session_shows_the_seats_names_and_no_p_numbers():
    for name, script in ui_sessions.SESSIONS:
        if name in ui_sessions.FAKE_GAME_SESSIONS:
            continue
        found, bad = _play_named(name, script)
        assert found > 0, name
        assert bad == [], (name, bad[:5])


def test_seat_picker_goes_through_the_roster_and_a_guest_name():
    d = mptest.tmpdir()
    with open(d + "/players.txt", "w") as f:
        f.write("Anna\nBen\n")
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    app.new_game("seatwars", {"players": 3, "start": 0})
    assert app.record is None                       # the names first
    s1 = app.top()
    assert [c[0] for c in s1.choices] == ["P1", "Anna", "Ben", "Guest name..."]
    for b in ("DOWN", "DOWN", "C"):                 # seat 1: Ben
        app.handle(("press", b))
    assert [c[0] for c in app.top().choices] == ["P2", "Anna", "Guest name..."]
    for b in ("UP", "C"):                           # seat 2: a guest
        app.handle(("press", b))
    for b in ("DOWN", "DOWN", "DOWN", "C", "DOWN", "A"):   # "C", then "a" in the slot: "Ca" (PL-22)
        app.handle(("press", b))                    # C on a letter with accents: on release
        app.handle(("release", b))
    assert [c[0] for c in app.top().choices] == ["P3", "Anna", "Guest name..."]
    app.handle(("press", "C"))                      # seat 3: P3
    assert app.record is not None
    assert app.record["options"]["players"] == ["Ben", "Ca", "P3"]
    assert [p["name"] for p in app.state["players"]] == ["Ben", "Ca", "P3"]
    assert seats.label(1) == "Ca"


def test_without_a_roster_a_game_starts_at_once_with_p_numbers():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    app.new_game("theatre", {"players": 2})
    assert app.record is not None and app.record["options"] == {"players": 2}
    assert seats.label(0) == "P1" and seats.label(1, default="You") == "You"


# --- history entries after each game ------------------------------------------------

SETUPS = (
    ("takeaseat", {"mode": "solo"}, 1),
    ("takeaseat", {"mode": "multi", "players": 3}, 3),
    ("theatre", {"players": 3, "decks": 6}, 3),
    ("multisala", {"players": 1}, 1),
    ("multisala", {"players": 2, "variant": True}, 2),
    ("seatwars", {"players": 2}, 2),
)


def _bot_game(app, gid, options, n, seed):
    return ui_sessions.bot_game(app, gid, options, LONG[:n], seed)


def test_each_finished_game_leaves_an_entry_that_replays_to_its_result():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test", "date": lambda: (2026, 12, 1, 21, 5, 9)})
    app.start()
    n = 0
    for gid, options, seats_n, in SETUPS:
        n += 1
        rec, final = _bot_game(app, gid, options, seats_n, 100 + n)
        rows = list(playlog.summaries(d))
        assert len(rows) == n
        s = rows[-1]
        assert s["n"] == n and s["game"] == gid and s["seed"] == 100 + n
        assert s["players"] == LONG[:seats_n]
        assert s["actions"] == len(rec["actions"])
        assert s["date"] == "2026-12-01T21:05:09"
        kept = playlog.load_record(d, n)
        assert kept["actions"] == rec["actions"] and "owner_data" not in kept
        assert kept["date"] == s["date"]
        assert s["options"] == rec["options"] == kept["options"]
        # The kept play replays to the same final state.
        again = game.replay(games.engine(gid), kept)
        assert game.canonical_json(again) == game.canonical_json(final)
        # Scores and winners as the engine has them.
        if gid == "takeaseat" and options["mode"] == "solo":
            r = final["result"]
            assert s["scores"] == [r["player"]["total"]] and s["opp"]["score"] == r["automa"]["total"]
            assert s["winners"] == ([0] if r["winner"] == "player" else []) and s["solo"] == "automa"
        elif gid == "takeaseat":
            assert s["scores"] == final["result"]["totals"]
            assert s["winners"] == final["result"]["winners"]
        elif gid == "theatre":
            assert s["scores"] == [None] * 3 and s["winners"] == final["winners"]
        elif gid == "multisala":
            assert s["scores"] == final["totals"]
            best = max(final["totals"])
            assert s["winners"] == [p for p in range(seats_n) if final["totals"][p] == best]
        else:
            totals = [sum([e["points"] for e in p["scored"]]) for p in final["players"]]
            assert s["scores"] == totals and s["winners"] == final["winners"]
        assert len(s["breakdown"]) == seats_n


def test_a_kept_play_is_written_as_rows_and_an_older_list_of_actions_still_loads():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    rec, _final = _bot_game(app, "multisala", {"players": 5}, 5, 77)
    path = playlog.play_path(d, 1)
    with open(path) as f:
        on_file = storage.decode(f.read())
    # a 5-player Multisala play: 9.4 KB as a list of actions, a third of it as rows
    assert "actions" not in on_file and len(on_file["rows"]) == len(rec["actions"])
    assert playlog.load_record(d, 1)["actions"] == rec["actions"]
    old = dict(playlog.load_record(d, 1))
    storage.save(path, old)                     # an older firmware's file
    with open(path) as f:
        assert "rows" not in storage.decode(f.read())
    assert playlog.load_record(d, 1) == old


def test_an_abandoned_game_is_not_kept_and_an_undated_play_says_so():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})     # no clock
    app.start()
    app.start_game("seatwars", {"players": 2}, 5)
    app.end_game()                              # abandoned: not over
    assert list(playlog.summaries(d)) == []
    _bot_game(app, "seatwars", {"players": 2}, 2, 6)
    rows = list(playlog.summaries(d))
    assert len(rows) == 1 and rows[0]["date"] is None


def test_scripted_sessions_that_finish_a_game_keep_it():
    kept = {}
    for name, script in ui_sessions.SESSIONS:
        if name in ui_sessions.FAKE_GAME_SESSIONS:
            continue
        d = mptest.tmpdir()
        ui_sessions.run(name, script, d)
        rows = list(playlog.summaries(d))
        kept[name] = [(r["game"], r["players"]) for r in rows]
    assert kept["theatre_game"] == [("theatre", ["P1", "P2"])]
    assert kept["multisala_solo"] == [("multisala", ["P1"])]
    # Share keeps the play, Done after it does not keep it again (PL-19)
    assert kept["multisala_share"] == [("multisala", ["P1"])]
    assert kept["seatwars_game"] == [("seatwars", ["P1", "P2"])]


def test_owner_data_is_named_in_the_line_and_kept_in_the_record():
    from usher.games.takeaseat import panels
    d = mptest.tmpdir()
    storage.makedirs(d + "/takeaseat")
    with open(d + "/takeaseat/panels.txt", "w") as f:
        f.write(panels.SAMPLE_PANELS_TEXT)
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    rec, final = _bot_game(app, "takeaseat", {"mode": "solo"}, 1, 9)
    assert "panels_text" in rec["options"]
    line = playlog.find(d, 1)
    assert line["owner_data"] == ["panels_text"] and "panels_text" not in line["options"]
    kept = playlog.load_record(d, 1)
    assert kept["owner_data"] == ["panels_text"]
    # The record keeps the owner's panels: the play replays as it was played.
    assert kept["options"] == rec["options"]
    assert game.canonical_json(game.replay(games.engine("takeaseat"), kept)) == \
        game.canonical_json(final)


# --- the cap and a corrupt history --------------------------------------------------

def _summary(gid, names, scores, winners, **kw):
    s = {"game": gid, "date": kw.get("date"), "players": names, "scores": scores,
         "winners": winners, "actions": kw.get("actions", 10), "seed": kw.get("seed", 1)}
    for k in ("solo", "opp", "variant", "rounds"):
        if k in kw:
            s[k] = kw[k]
    return s


def test_the_history_keeps_the_newest_cap_plays_and_the_newest_actions():
    d = mptest.tmpdir()
    for i in range(7):
        s = _summary("seatwars", ["A", "B"], [i, 0], [0])
        rec = {"game": "seatwars", "options": {}, "seed": i, "actions": [{"type": "t%d" % i}]}
        n, problem = playlog.append(d, s, rec, cap=4, actions_cap=2)
        assert n == i + 1 and problem is None
        assert [r["n"] for r in playlog.summaries(d)] == list(range(max(1, n - 3), n + 1))
    rows = list(playlog.summaries(d))
    assert [r["scores"][0] for r in rows] == [3, 4, 5, 6]
    for k in range(1, 6):
        assert playlog.load_record(d, k) is None and not storage.exists(playlog.play_path(d, k))
    assert [playlog.load_record(d, k)["actions"] for k in (6, 7)] == [[{"type": "t5"}], [{"type": "t6"}]]
    assert playlog.find(d, 4)["scores"] == [3, 0] and playlog.find(d, 3) is None


def test_the_default_caps():
    assert playlog.CAP == 50 and playlog.ACTIONS_CAP == 10      # docs/history.md states them
    assert playlog.SLACK == 10
    # every line added since the history was last written anew (at most
    # SLACK) is a play whose record is kept, so a damaged one is rebuilt
    assert playlog.SLACK <= playlog.ACTIONS_CAP


def _index_bytes(d):
    """plays.jsonl's bytes, then plays.new.jsonl's (where a littlefs game's
    end keeps its line until the next rest adds it to plays.jsonl)."""
    out = b""
    for path in (playlog.index_path(d), playlog.new_path(d)):
        if storage.exists(path):
            with open(path, "rb") as f:
                out += f.read()
    return out


def test_pl17_on_littlefs_a_kept_play_is_added_at_the_end_and_the_oldest_dropped_slack_at_a_time():
    # On littlefs (storage.FORCE: the littlefs way on any folder) the history
    # is appended to, not written anew per play; beyond cap + slack lines it
    # is written anew with the newest cap. Readers see the newest cap always.
    d = mptest.tmpdir()
    cap, slack = 4, 3
    storage.FORCE = True
    try:
        lines = []
        before = b""
        for i in range(12):
            s = _summary("seatwars", ["A", "B"], [i, 0], [0])
            rec = {"game": "seatwars", "options": {}, "seed": i, "actions": [{"type": "t%d" % i}]}
            n, problem = playlog.append(d, s, rec, cap=cap, actions_cap=2, slack=slack)
            assert n == i + 1 and problem is None
            raw = _index_bytes(d)
            lines.append(raw.count(b"\n"))
            added = 1 < n and lines[-1] > lines[-2]
            if added:
                assert raw.startswith(before) and raw.count(b"\n") == before.count(b"\n") + 1
            # the line added waits in plays.new.jsonl; a read of every line adds it to plays.jsonl
            assert storage.exists(playlog.new_path(d)) == added
            before = raw
            assert [r["n"] for r in playlog.summaries(d, cap=cap)] == list(range(max(1, n - cap + 1), n + 1))
            assert not storage.exists(playlog.new_path(d)) and _index_bytes(d) == raw
            assert playlog.open_index(d) == (playlog.index_path(d), None)
        assert lines == [1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7, 4]
        # the newest kept play is still found and not kept twice
        assert playlog.find(d, 12)["scores"] == [11, 0] and playlog.find(d, 8) is None
        assert playlog._already_kept(d, "seatwars", {"seed": 1, "actions": [{}] * 10}) == 12
    finally:
        storage.FORCE = None
    # off littlefs the file never holds more than cap lines
    e = mptest.tmpdir()
    for i in range(6):
        s = _summary("seatwars", ["A", "B"], [i, 0], [0])
        rec = {"game": "seatwars", "options": {}, "seed": i, "actions": [{"type": "t%d" % i}]}
        playlog.append(e, s, rec, cap=cap, actions_cap=2, slack=slack)
        assert _index_bytes(e).count(b"\n") == min(i + 1, cap)


def _seatwars_plays(seeds):
    """(data folder, App) after 2-seat Seat Wars bot games with these seeds,
    each kept at its end (call with storage.FORCE set as the test needs)."""
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    for seed in seeds:
        _bot_game(app, "seatwars", {"players": 2}, 2, seed)
    return d, app


def test_pl17_a_record_newer_than_an_appended_history_rebuilds_its_line():
    # A cut after the play's record was saved and before its line was added
    # at the end: the next read rebuilds the line from the record, silently,
    # and the next play is added after it.
    storage.FORCE = True
    try:
        d, app = _seatwars_plays((3, 4))
        raw = _index_bytes(d)
        with open(playlog.index_path(d), "wb") as f:        # the second line never added
            f.write(raw[:raw.index(b"\n") + 1])
        assert playlog.open_index(d) == (playlog.index_path(d), None)
        rows = list(playlog.summaries(d))
        assert [(r["n"], r["seed"]) for r in rows] == [(1, 3), (2, 4)]
        _bot_game(app, "seatwars", {"players": 2}, 2, 5)
        assert [(r["n"], r["seed"]) for r in playlog.summaries(d)] == [(1, 3), (2, 4), (3, 5)]
    finally:
        storage.FORCE = None


def test_pl17_a_damaged_line_added_since_the_last_rewrite_is_rebuilt_from_its_record():
    # On littlefs plays.jsonl.bak is the file at its last rewrite: a line
    # added after it is not there, but its play's record is (SLACK <=
    # ACTIONS_CAP), so a damaged one comes back from the record.
    storage.FORCE = True
    try:
        d, _app = _seatwars_plays((3, 4, 5))
        assert not storage.exists(playlog.index_path(d) + ".bak")
        raw = _index_bytes(d)
        lines = raw.split(b"\n")
        cut = lines[1].index(b'"seed": ') + 8
        lines[1] = lines[1][:cut] + (b"9" if lines[1][cut:cut + 1] != b"9" else b"8") + lines[1][cut + 1:]
        with open(playlog.index_path(d), "wb") as f:        # a digit of play 2's seed flipped
            f.write(b"\n".join(lines))
        where, problem = playlog.open_index(d)
        assert "line 2" in problem and "#2 rebuilt" in problem, problem
        assert [(r["n"], r["seed"]) for r in playlog.summaries(d)] == [(1, 3), (2, 4), (3, 5)]
    finally:
        storage.FORCE = None


def test_a_corrupt_history_is_named_set_aside_and_a_new_one_started():
    d = mptest.tmpdir()
    s = _summary("seatwars", ["A", "B"], [3, 1], [0])
    playlog.append(d, s, s)
    path = playlog.index_path(d)
    storage.delete(path)                       # no backup left either
    with open(path, "w") as f:
        f.write('{"n": 1, "game": "seatw')     # cut in the middle
    where, problem = playlog.open_index(d)
    assert where is None                       # (its record is not a real game's: nothing to rebuild)
    assert playlog.SHORT in problem and "could not be read" in problem and "line 1: not valid JSON" in problem
    assert storage.exists(path + ".bad") and not storage.exists(path)
    n, problem = playlog.append(d, s, s)
    assert problem is None and n == 2          # numbering goes on after the kept play file
    assert [r["n"] for r in playlog.summaries(d)] == [2]


def test_a_damaged_history_keeps_its_backups_plays_and_says_so():
    d = mptest.tmpdir()
    s = _summary("seatwars", ["A", "B"], [3, 1], [0])
    playlog.append(d, s, s)
    playlog.append(d, s, s)                    # plays.jsonl.bak holds play 1
    with open(playlog.index_path(d), "w") as f:
        f.write("not json\n")
    where, problem = playlog.open_index(d)
    # Play 2's record is not a real game's here, so only play 1 is left;
    # tests/portable/test_files_safety.py rebuilds a real one.
    assert where == playlog.index_path(d) and "repaired" in problem and "line 1: not valid JSON" in problem
    assert [r["n"] for r in playlog.summaries(d)] == [1]
    assert playlog.open_index(d) == (playlog.index_path(d), None)     # repaired once, for good


def test_a_history_recovered_from_its_temp_file_keeps_its_plays_on_the_next_append():
    # PL-8: a cut between storage.replace's renames leaves plays.jsonl.bak
    # and the complete plays.jsonl.tmp, no plays.jsonl; the next play kept
    # must not truncate the temp file it reads the history from.
    d = mptest.tmpdir()
    s = _summary("seatwars", ["A", "B"], [3, 1], [0])
    playlog.append(d, s, s)
    playlog.append(d, s, s)
    path = playlog.index_path(d)
    storage.delete(path + ".bak")
    import os
    os.rename(path, path + ".bak")               # the first rename done ...
    with open(path + ".bak") as f:
        lines = f.read()
    with open(path + ".tmp", "w") as f:          # ... the new file complete
        f.write(lines)
    where, problem = playlog.open_index(d)
    assert where == path and problem is None     # the temp file became the history, silently
    n, problem = playlog.append(d, s, s)
    assert n == 3 and problem is None
    assert [r["n"] for r in playlog.summaries(d)] == [1, 2, 3]
    assert playlog.open_index(d) == (path, None)


def test_an_unwritable_history_does_not_stop_the_game_from_ending():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    with open(d + "/history", "w") as f:       # a file where the history folder goes
        f.write("x")
    _bot_game(app, "seatwars", {"players": 2}, 2, 3)
    assert app.record is None                  # the game ended
    assert app.top().title == "History" and "could not be kept" in " ".join(app.top().lines)


# --- statistics, worked out again from the entries -----------------------------------

def _random_history(seed, count):
    st = rng.new_state(seed)
    out = []
    people = ["Anna", "Ben", "Cleo", "Dev"]
    for n in range(1, count + 1):
        gid = ["takeaseat", "multisala", "seatwars", "theatre"][rng.below(st, 4)]
        k = 1 + rng.below(st, 3)
        start = rng.below(st, 4)
        names = [people[(start + i) % 4] for i in range(k)]
        scores = [rng.below(st, 60) - 10 for _ in range(k)]
        kw = {"date": None if rng.below(st, 3) == 0 else "2026-11-%02dT20:00:00" % (1 + n % 28)}
        if gid == "theatre":
            scores = [None] * k
            kw["rounds"] = 3 + rng.below(st, 9)
        if k == 1 and gid == "takeaseat":
            automa = rng.below(st, 60)
            kw["solo"] = "automa"
            kw["opp"] = {"name": "Automa", "score": automa, "won": automa >= scores[0],
                         "breakdown": []}
            winners = [0] if scores[0] > automa else []
        elif k == 1 and gid == "multisala":
            kw["solo"] = "record"
            kw["variant"] = rng.below(st, 2) == 1
            winners = [0]
        elif gid == "theatre":
            winners = [rng.below(st, k)]
        else:
            best = max(scores)
            winners = [i for i in range(k) if scores[i] == best]
        s = _summary(gid, names, scores, winners, **kw)
        s["n"] = n
        out.append(s)
    return out


def _expected(rows, gid):
    mine = [r for r in rows if r["game"] == gid]
    e = {"plays": len(mine), "undated": len([r for r in mine if r["date"] is None])}
    wins = {}
    seen = {}
    for r in mine:
        for nm in r["players"]:
            seen[nm] = seen.get(nm, 0) + 1
        if r.get("solo") != "record":
            for w in r["winners"]:
                wins[r["players"][w]] = wins.get(r["players"][w], 0) + 1
    e["wins"] = wins
    e["seats"] = seen
    vals = []
    for r in mine:
        for i in range(len(r["players"])):
            if r["scores"][i] is not None:
                vals.append((r["scores"][i], r["players"][i], r["n"]))
    e["best"] = None
    for v in vals:
        if e["best"] is None or v[0] > e["best"][0]:
            e["best"] = v
    e["sum"], e["scores"] = sum([v[0] for v in vals]), len(vals)
    solo = [r for r in mine if r.get("solo") == "automa"]
    e["solo"] = {"played": len(solo), "won": len([r for r in solo if r["winners"]]),
                 "best": max([r["scores"][0] for r in solo]) if solo else None,
                 "sum": sum([r["scores"][0] for r in solo])}
    hist = []
    rec = {"base": None, "variant": None}
    for r in mine:
        if r.get("solo") == "record":
            k = "variant" if r["variant"] else "base"
            if rec[k] is None or r["scores"][0] > rec[k]:
                rec[k] = r["scores"][0]
                hist.append((r["n"], k, r["scores"][0]))
    e["record"], e["record_history"] = rec, hist
    return e


def test_statistics_match_figures_worked_out_from_the_entries():
    for seed in (1, 2, 3):
        rows = _random_history(seed, 60)
        for gid in ("takeaseat", "theatre", "multisala", "seatwars"):
            got = stats.aggregate(rows, gid)
            want = _expected(rows, gid)
            for k in want:
                assert got[k] == want[k], (seed, gid, k, got[k], want[k])


def test_averages_have_one_decimal_rounded_half_away_from_zero():
    assert stats.tenths(25, 2) == "12.5" and stats.tenths(-25, 2) == "-12.5"
    assert stats.tenths(10, 3) == "3.3" and stats.tenths(20, 3) == "6.7"
    assert stats.tenths(-1, 3) == "-0.3" and stats.tenths(0, 4) == "0.0"
    assert stats.tenths(5, 0) == "-"


def test_the_statistics_screens_show_the_figures_and_open_a_kept_play():
    d = mptest.tmpdir()
    rows = _random_history(4, 12)
    for r in rows:
        s = dict(r)
        s.pop("n")
        playlog.append(d, dict(s, breakdown=[[["x", 1]]] * len(s["players"])), {"actions": []})
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    stats.open_menu(app)
    m = app.top()
    counts = {}
    for r in rows:
        counts[r["game"]] = counts.get(r["game"], 0) + 1
    assert m.items[0][0] == "Last plays (12 kept)"
    for label, gid in m.items[1:]:
        k = counts.get(gid, 0)
        assert label == "%s: %d play%s" % (games.title(gid), k, "" if k == 1 else "s")
    app.handle(("press", "C"))                 # Last plays: newest first
    last = app.top()
    assert [v for _, v in last.items] == [r["n"] for r in reversed(rows)]
    app.handle(("press", "C"))
    play = app.top()
    assert isinstance(play, stats.PlayScore) and play.full["n"] == rows[-1]["n"]
    assert play.status() == (rows[-1]["date"][:10] if rows[-1]["date"] else "undated")
    assert play.rows[0][0] == rows[-1]["players"][0]


def test_history_lines_are_json_objects_one_a_line():
    d = mptest.tmpdir()
    s = _summary("theatre", ["A", "B"], [None, None], [1], rounds=4)
    playlog.append(d, s, s)
    playlog.append(d, s, s)
    with open(playlog.index_path(d)) as f:
        lines = [ln for ln in f.read().split("\n") if ln]
    assert len(lines) == 2 and [json.loads(ln)["n"] for ln in lines] == [1, 2]


def test_players_are_listed_most_seats_first_then_by_name_on_every_runtime():
    rows = []
    for names in (["Cleo", "Ben"], ["Ben", "Anna"], ["Dev", "Cleo"], ["Anna", "Ben"]):
        rows.append(_summary("seatwars", names, [1, 2], [1]))
        rows[-1]["n"] = len(rows)
    lines = stats.lines_for(stats.aggregate(rows, "seatwars"), "seatwars")
    # Ben 3 seats; Anna and Cleo 2 (by name); Dev 1.
    assert [label for label, _ in lines[1:5]] == ["Ben", "Anna", "Cleo", "Dev"]
    assert lines[1][1] == "2 wins of 3" and lines[4][1] == "0 wins of 1"


def test_multisala_shows_the_games_own_solo_record_and_the_plays_that_set_it():
    from usher.ui.games.multisala import draw
    assert stats.MULTISALA_RECORD == draw.RECORD_FILE
    d = mptest.tmpdir()
    storage.save(d + "/" + draw.RECORD_FILE, {"base": 40, "set_by": 3})
    rows = []
    for score, variant in ((12, False), (30, False), (25, False), (18, True)):
        rows.append(_summary("multisala", ["Anna"], [score], [0], solo="record", variant=variant))
        rows[-1]["n"] = len(rows)
    lines = stats.lines_for(stats.aggregate(rows, "multisala"), "multisala",
                            stats.multisala_record(d))
    d2 = dict(lines)
    assert d2["Solo record"] == "40 base, 18 variant"      # the base record predates the history
    assert [(k, v) for k, v in lines if k.startswith("  set")] == [
        ("  set #1", "12 (base)"), ("  set #2", "30 (base)"), ("  set #4", "18 (variant)")]
    assert d2["Anna"] == "4 solo plays" and d2["Best score"] == "30 Anna #2"


def test_a_finished_game_back_after_a_power_cut_is_not_kept_twice():
    d = mptest.tmpdir()
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test"})
    app.start()
    app.start_game("seatwars", {"players": 2}, 21)
    bot = games.bot("seatwars")
    brng = rng.new_state(3)
    while True:
        a = bot.next_action(app.state, brng)
        if a is None:
            break
        app.play(a)
    saved = storage.load(app.game_path)[0]
    app.end_game()
    # The cut fell after the history was written, before game.json went.
    storage.save(app.game_path, saved)
    app = App(canvas, d, {"board": "test"})
    app.start()
    assert app.state["phase"] == "over"
    app.end_game()
    assert [r["seed"] for r in playlog.summaries(d)] == [21]
    # The same game played again (another seed) is a new play.
    _bot_game(app, "seatwars", {"players": 2}, 2, 22)
    assert [r["seed"] for r in playlog.summaries(d)] == [21, 22]


def test_pl17_the_end_entry_names_a_kept_play_and_carries_an_abandoned_games_actions():
    # On the device (no line per action) the "end" entry of a kept play
    # names its record, which holds the actions; a game not kept carries
    # them (docs/log-format.md).
    d = mptest.tmpdir()
    lines = []
    buf, canvas = new_canvas()
    app = App(canvas, d, {"board": "test", "log_actions": False,
                          "log": lambda kind, data=None: lines.append((kind, data))})
    app.start()
    app.start_game("seatwars", {"players": 2}, 5)
    from usher import games
    from usher.core import rng
    bot, brng = games.bot("seatwars"), rng.new_state(9)
    for _i in range(3):
        assert app.play(bot.next_action(app.state, brng))
    abandoned = list(app.record["actions"])
    app.end_game()
    ends = [data for kind, data in lines if kind == "end"]
    assert ends == [{"game": "seatwars", "actions": 3, "seed": 5, "moves": abandoned}]
    rec, _final = _bot_game(app, "seatwars", {"players": 2}, 2, 6)
    ends = [data for kind, data in lines if kind == "end"]
    assert ends[-1] == {"game": "seatwars", "actions": len(rec["actions"]), "seed": 6, "play": 1}
    assert playlog.load_record(d, 1)["actions"] == rec["actions"]
