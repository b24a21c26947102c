# Statistics from the play history (usher.ui.playlog), opened from the
# launcher and imported only then (like settings.py and dice.py): per game
# the plays, wins per player, solo results against the Automa (Take a Seat),
# the solo record and its history (Multisala), best and average score; the
# last plays, each opening its final scores. Everything is worked out by
# streaming the history's summaries one line at a time.
from usher import games
from usher.ui import seats, text
from usher.ui.canvas import WIDTH
from usher.ui.screen import BODY_H, BODY_Y, Screen
from usher.ui.widgets import ROW_H, Menu

LAST_PLAYS = 30     # rows of the "Last plays" list (newest first)
NAME_W = 92         # pixels for a name in a statistics row (BODY font)
# The House's levels as The Theatre names them (usher.games.theatre.housedeck
# LEVEL_NAMES; the game's package is not held here, it leaves RAM after a game)
HOUSE_LEVELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


def tenths(total, count):
    """total / count with one decimal, rounded half away from zero: "12.5"."""
    if not count:
        return "-"
    sign = "-" if total < 0 else ""
    t = (abs(total) * 20 + count) // (2 * count)
    return "%s%d.%d" % (sign if t else "", t // 10, t % 10)


class GameStats:
    """The statistics of game_id (st), a kept play's line at a time (add):
    the history's own check pass feeds it (playlog.folded), so a game's
    page reads the file once."""

    def __init__(self, game_id):
        self.game_id = game_id
        self.st = {"plays": 0, "undated": 0, "wins": {}, "seats": {}, "best": None, "sum": 0,
                   "scores": 0, "solo": {"played": 0, "won": 0, "best": None, "sum": 0},
                   "record": {"base": None, "variant": None},
                   "record_history": [], "rounds": 0,
                   "vs_record": {"played": 0, "won": 0},
                   "vs_house": {}}  # type: dict

    def add(self, r):
        if r.get("game") != self.game_id:
            return
        st = self.st
        wins = st["wins"]
        seats_ = st["seats"]
        solo = st["solo"]
        history = st["record_history"]
        st["plays"] += 1
        if not r.get("date"):
            st["undated"] += 1
        names = r["players"]
        for i in range(len(names)):
            seats_[names[i]] = seats_.get(names[i], 0) + 1
        if r.get("solo") != "record":    # Multisala solo has no one to beat
            for w in r["winners"]:
                wins[names[w]] = wins.get(names[w], 0) + 1
        for i in range(len(names)):
            v = r["scores"][i]
            if v is None:
                continue
            st["sum"] += v
            st["scores"] += 1
            if st["best"] is None or v > st["best"][0]:
                st["best"] = (v, names[i], r["n"])
        st["rounds"] += r.get("rounds", 0)
        kind = r.get("solo")
        if kind == "automa":
            s = solo
            s["played"] += 1
            s["won"] += 1 if r["winners"] else 0
            s["sum"] += r["scores"][0]
            if s["best"] is None or r["scores"][0] > s["best"]:
                s["best"] = r["scores"][0]
        elif kind == "house":
            # TH-17: a solo The Theatre's wins against each level of the House
            vs = st["vs_house"].setdefault(r.get("level", "normal"), [0, 0])
            vs[0] += 1
            vs[1] += 1 if 0 in r["winners"] else 0
        elif kind == "record":
            vs = st["vs_record"]        # MS-14: won when the record was beaten
            vs["played"] += 1
            vs["won"] += 1 if r["winners"] else 0
            kind = "variant" if r.get("variant") else "base"
            old = st["record"][kind]
            if old is None or r["scores"][0] > old:   # MS-10: strictly higher
                st["record"][kind] = r["scores"][0]
                history.append((r["n"], kind, r["scores"][0]))


def aggregate(rows, game_id):
    """The statistics of game_id from summary dicts (any iterable)."""
    g = GameStats(game_id)
    for r in rows:
        g.add(r)
    return g.st


def _ranked(d):
    """[(name, count)] most first, then by name (the whole key: MicroPython's
    sort is not stable)."""
    out = [(k, d[k]) for k in d]
    out.sort(key=lambda kv: (-kv[1], kv[0]))
    return out


MULTISALA_RECORD = "multisala_record.json"   # usher.ui.games.multisala.draw.RECORD_FILE


def multisala_record(data_dir, told=None):
    """Multisala's solo record as the game keeps it (MS-10), {} without one:
    it also counts solo games played before the history was kept. A
    damaged file is repaired as the game's own screens repair it
    (usher.games.multisala.record); told (a list) then gets (problem,
    detail), for the screen to name it (PL-23: whichever screen reads it
    first)."""
    from usher.games.multisala import record as record_file
    from usher.core import storage
    rec, problem, detail = record_file.load_checked(storage.join(data_dir, MULTISALA_RECORD))
    if problem and told is not None:
        told.append((problem, detail))
    return rec


def lines_for(st, game_id, device_record=None):
    """(label, value) rows of a game's statistics screen; device_record:
    Multisala's solo record file, shown above the plays that set it."""
    out = [("Plays", "%d%s" % (st["plays"], " (%d undated)" % st["undated"] if st["undated"] else ""))]
    if not st["plays"]:
        return out
    for name, k in _ranked(st["seats"]):
        w = st["wins"].get(name, 0)
        if st["record_history"] and not st["wins"]:
            value = "%d solo play%s" % (k, "" if k == 1 else "s")
        else:
            value = "%d win%s of %d" % (w, "" if w == 1 else "s", k)
        out.append((seats.fit(text.BODY, name, NAME_W), value))
    s = st["solo"]
    if s["played"]:
        out.append(("vs Automa", "%d won, %d lost" % (s["won"], s["played"] - s["won"])))
        out.append(("Solo best", "%d, average %s" % (s["best"], tenths(s["sum"], s["played"]))))
    for level in ("easy", "normal", "hard"):
        vs = st["vs_house"].get(level)
        if vs:
            out.append(("vs %s" % HOUSE_LEVELS[level],
                        "%d won, %d lost" % (vs[1], vs[0] - vs[1])))
    vs = st["vs_record"]
    if vs["played"]:
        out.append(("vs record", "%d won, %d lost" % (vs["won"], vs["played"] - vs["won"])))
    if st["record_history"] or device_record:
        rec = st["record"]
        for k in ("base", "variant"):
            if device_record and device_record.get(k) is not None:
                rec = dict(rec)
                rec[k] = device_record[k]
        out.append(("Solo record", "%s base, %s variant" % (
            "-" if rec["base"] is None else rec["base"],
            "-" if rec["variant"] is None else rec["variant"])))
        for n, kind, v in st["record_history"]:
            out.append(("  set #%d" % n, "%d (%s)" % (v, kind)))
    if st["best"] is not None:
        v, name, n = st["best"]
        out.append(("Best score", "%d %s #%d" % (v, seats.fit(text.BODY, name, 80), n)))
        out.append(("Average", tenths(st["sum"], st["scores"])))
    elif game_id == "theatre":
        out.append(("Rounds", "%s a game" % tenths(st["rounds"], st["plays"])))
    return out


class _Rows(Screen):
    """A screen of rows (self.rows) showing self.fit of them from self.top:
    UP/DOWN scroll, A goes back."""
    rows = ()
    top = 0
    fit = 0

    def button(self, b):
        if b == "A":
            self.app.pop()
        elif b == "DOWN" and self.top + self.fit < len(self.rows):
            self.top += 1
            self.changed()
        elif b == "UP" and self.top > 0:
            self.top -= 1
            self.changed()


class Lines(_Rows):
    """Rows of (label, value), UP/DOWN scroll, A back."""

    def __init__(self, app, title, rows, keys=("Back", None, None)):
        _Rows.__init__(self, app)
        self.title = title
        self.rows = rows
        self.top = 0
        self.fit = BODY_H // ROW_H
        self._keys = keys

    def keys(self):
        return self._keys

    def status(self):
        if len(self.rows) <= self.fit:
            return ""
        return "%d-%d/%d" % (self.top + 1, min(len(self.rows), self.top + self.fit), len(self.rows))

    def draw_body(self, c):
        y = BODY_Y
        for label, value in self.rows[self.top:self.top + self.fit]:
            text.draw(c, text.BODY, label, 4, y + 1)
            text.draw(c, text.BODY, text.fit(text.BODY, value, WIDTH - 110), 106, y + 1)
            y += ROW_H


def _playlog():
    # Imported at each use, never kept in this module's globals: the App
    # drops usher.ui.playlog after keeping a play (App._unload), and a
    # module held here would stay in RAM.
    from usher.ui import playlog
    return playlog


def open_menu(app):
    """The launcher's Statistics: the menu, and over it a message when the
    history could not be read (it was set aside)."""
    problem, counts = _playlog().counted(app.data_dir)
    app.push(menu(app, counts=counts))
    _tell(app, problem)


def _tell(app, problem):
    # PL-23: a repair of the history is shown and logged by the screen that
    # read it first
    if problem:
        app.log("error", "history: " + problem)
        app.show_message("History", problem)


def menu(app, counts=None):
    """The statistics menu: the last plays, then each game with its plays.
    counts: {game id: plays} when the caller counted them (open_menu:
    playlog.counted, which also says a repair); else counted here."""
    if counts is None:
        counts = _playlog().counted(app.data_dir)[1]
    total = 0
    items = []
    for gid, title in games.GAMES:
        k = counts.get(gid, 0)
        total += k
        items.append(("%s: %d play%s" % (title, k, "" if k == 1 else "s"), gid))
    items.insert(0, ("Last plays (%d kept)" % total, "last"))
    m = Menu(app, "Statistics", items, _chosen)
    m.route = "stats"
    return m


def _chosen(app, value):
    # (a history damaged since the menu read it is repaired here: said over
    # the page, PL-23)
    if value == "last":
        problem, found = _playlog().folded(app.data_dir, LastPlays)
        app.push(last_plays(app, found.rows))
        _tell(app, problem)
        return
    problem, found = _playlog().folded(app.data_dir, lambda: GameStats(value))
    told = []
    rec = multisala_record(app.data_dir, told) if value == "multisala" else None
    app.push(Lines(app, games.title(value), lines_for(found.st, value, rec)))
    _tell(app, problem)
    for problem, detail in told:
        app.log("error", "%s (%s)" % (problem, detail))
        app.show_message("Multisala record", problem)


def house_name(r):
    """The House of a solo The Theatre with its level: "House (Normal)"
    (TH-17), as the kept play and statistics name it."""
    return "House (%s)" % HOUSE_LEVELS.get(r.get("level"), "?")


def play_line(r):
    """One row of the last plays: "#12 Seat Wars: Ben"."""
    ws = r["winners"]
    if r.get("solo") == "house":
        who = "won vs House" if ws == [0] else "House won" if ws == [1] else "shared"
    elif r.get("solo") == "record":
        who = "%s %d solo" % (seats.fit(text.BODY, r["players"][0], NAME_W), r["scores"][0])
    elif r.get("solo") == "automa":
        who = "won vs Automa" if ws else "Automa won"
    elif not ws:
        who = "no winner"
    elif len(ws) == 1:
        who = seats.fit(text.BODY, r["players"][ws[0]], NAME_W) + " won"
    else:
        who = "shared"
    return "#%d %s: %s" % (r["n"], games.title(r["game"]), who)


class LastPlays:
    """The last plays' rows, oldest first: (play_line, play number) of the
    newest LAST_PLAYS lines it was given (add, as playlog.folded feeds it)."""

    def __init__(self):
        self.rows = []

    def add(self, r):
        self.rows.append((play_line(r), r["n"]))
        if len(self.rows) > LAST_PLAYS:
            self.rows.pop(0)


def last_plays(app, rows=None):
    """The last plays' menu, newest first. rows: LastPlays' rows when the
    caller read them (_chosen, which shows what a repair found)."""
    if rows is None:
        rows = _playlog().folded(app.data_dir, LastPlays)[1].rows
    rows = rows[::-1]
    if not rows:
        rows = [("No play kept yet", None)]
    return Menu(app, "Last plays", rows, _open_play)


def _open_play(app, n):
    if n is None:
        return
    problem, line = _playlog().looked_up(app.data_dir, n)
    if line is not None:
        app.push(PlayScore(app, line))
    elif not problem:
        app.show_message("History", "Play #%d is no longer in the history." % n)
    _tell(app, problem)


PLAYER_H = ROW_H + text.SMALL.HEIGHT + 1   # PlayScore: a name line, then its breakdown


class PlayScore(_Rows):
    """A kept play's final scores: actions (and rounds), then per player (winner
    marked *) the score and, on a line of its own, its breakdown in words
    ("objectives 29, majorities 14, usher bonus 5"): nothing is cut to fit a
    column. UP/DOWN scroll."""

    def __init__(self, app, full):
        _Rows.__init__(self, app)
        self.full = full
        self.title = "#%d %s" % (full["n"], games.title(full["game"]))
        rows = []
        ps = full["players"]
        for i in range(len(ps)):
            name = ps[i]
            if full.get("solo") == "house" and i == 1:
                name = house_name(full)
            rows.append((name, full["scores"][i], i in full["winners"], full["breakdown"][i]))
        opp = full.get("opp")
        if opp:
            rows.append((opp["name"], opp["score"], opp["won"], opp["breakdown"]))
        self.rows = rows
        self.top = 0
        self.fit = (BODY_H - text.SMALL.HEIGHT - 3) // PLAYER_H

    def status(self):
        d = self.full.get("date")
        return d[:10] if d else "undated"

    def keys(self):
        return ("Back", "Share", None)

    def button(self, b):
        if b == "B":   # PL-19: the play as a BG Stats import code
            from usher.ui import share_screen
            self.app.push(share_screen.ShareScreen(self.app, self.full))
            return
        _Rows.button(self, b)

    def draw_body(self, c):
        f = self.full
        S = text.SMALL
        # what a player cares about; the seed (for replays) is in the export
        head = text.plural(f["actions"], "action")
        if f.get("rounds"):
            head += ", " + text.plural(f["rounds"], "round")
        if len(self.rows) > self.fit:
            head = "%d-%d/%d " % (self.top + 1, min(len(self.rows), self.top + self.fit),
                                  len(self.rows)) + head
        text.draw(c, S, head, 4, BODY_Y)
        text.draw_right(c, S, "score", WIDTH - 4, BODY_Y)
        y = BODY_Y + text.SMALL.HEIGHT + 3
        for name, score, won, parts in self.rows[self.top:self.top + self.fit]:
            if won:
                text.draw(c, text.BODY, "*", 4, y)
            text.draw(c, text.BODY, seats.fit(text.BODY, name, 220), 14, y)
            if score is not None:
                text.draw_right(c, text.BODY, str(score), WIDTH - 4, y)
            words = ", ".join(["%s %s" % (label, v) for label, v in parts])
            text.draw(c, S, text.fit(S, words, WIDTH - 18), 14, y + ROW_H - 1)
            y += PLAYER_H

