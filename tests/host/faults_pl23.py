"""PL-23 on both filesystems: damage to each rarely-changed file, met by
each screen that reads it first after a boot, and histories past their cap
(docs/faults.md). CPython, the real App, the littlefs way and FAT's
(storage.FORCE, as tests/portable/test_roster_losses.py).

A folder is built once per filesystem with the firmware's own functions
(no games played through the screens): a roster of three names added one
by one, two settings changed, a Multisala record saved twice, the owner's
Take a Seat Automa deck and The Theatre's House deck entered twice each, and
a play history of 50, 82 or 150 kept plays (playlog.append, as App.end_game
keeps them; the cap is playlog.CAP lines, up to CAP + SLACK on littlefs,
records for the newest ACTIONS_CAP). Each case copies it, damages one file
(or a history line, a kept play's record, both), boots a fresh App and
drives it to one first reader:

  seat picker      a new game with the roster (app.new_game), or a new Take
                   a Seat / The Theatre game reading the owner's components
  players          Settings > Players (players.open_roster)
  statistics       the launcher's Statistics (and its Multisala page)
  launcher         the boot itself (ui.json), the games' setup screens
  end screen       a game played by its bot to its end and left (the
                   history keeps it; Multisala's solo record is updated)

Then, against the undamaged folder read the same way:

  lost             items (names, plays, settings, record fields, component
                   files) that the screens no longer use, or use changed;
  held             of those, the ones an intact copy on the flash held (the
                   file's .bak, a kept play's record, the history's .bak):
                   PL-23 wants 0;
  named            the damaged file's name was on screen (a message, or the
                   first screen's own text) right after that first reader;
  logged           an "error" log line names it;
  counted          a loss told with its size: each lost name / play
                   ("#N") / setting named, or their number, where the
                   device can count them (roster, history, settings).

Every case is one row of Counts; failing ones are grouped by class (file,
damage, first screen) with a reproduction. run() returns {fs: Counts}.
"""
import json
import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable")):
    if p not in sys.path:
        sys.path.insert(0, p)

from ui_sessions import bot_to_end  # noqa: E402

from usher import games  # noqa: E402
from usher.core import game, rng, storage  # noqa: E402
from usher.ui import owner_edit, players, playlog, text  # noqa: E402
from usher.ui.app import App  # noqa: E402
from usher.ui.canvas import new_canvas  # noqa: E402
from usher.ui.widgets import MessageBox  # noqa: E402

FILESYSTEMS = (("littlefs", True), ("FAT", False))
HISTORY_SIZES = (50, 82, 150)
ROSTER = "players.txt"
SETTINGS = "ui.json"
RECORD = "multisala_record.json"
HISTORY = "history/plays.jsonl"
DECK = owner_edit.DECK_FILE
HOUSE = owner_edit.HOUSE_FILE


def canonical(obj):
    """JSON with every object's keys sorted, nested ones too (an options
    object a repair rewrote in another key order is the same content)."""
    return json.dumps(obj, sort_keys=True)


class Counts:
    FIELDS = ("cases", "lost", "held", "silent", "unlogged", "told", "counted")

    def __init__(self):
        for f in self.FIELDS:
            setattr(self, f, 0)
        self.classes = {}       # (file, damage, screen) -> [cases, failures, example]

    def line(self):
        return " ".join("%s=%d" % (f, getattr(self, f)) for f in self.FIELDS)

    def add(self, other):
        for f in self.FIELDS:
            setattr(self, f, getattr(self, f) + getattr(other, f))
        for k, v in other.classes.items():
            mine = self.classes.setdefault(k, [0, 0, None])
            mine[0] += v[0]
            mine[1] += v[1]
            mine[2] = mine[2] or v[2]

    def failing(self):
        return [(k, v) for k, v in sorted(self.classes.items()) if v[1]]


# --- the folder ------------------------------------------------------------------------

def _finished(gid, options, seed):
    """(line, record) of a finished game of gid played by its bot."""
    eng, bot = games.engine(gid), games.bot(gid)
    rec, state = game.new_record(eng, options, seed)
    r = rng.new_state(seed ^ 0x5A5A)
    while True:
        a = bot.next_action(state, r)
        if a is None:
            break
        rec, state = game.play(eng, rec, state, a)
    return playlog.entry(gid, rec, state, (2026, 12, 1, 20, seed % 60, 0))


def _app(d, log=None):
    services = {"board": "test", "battery": lambda: 70}
    if log is not None:
        services["log"] = lambda k, v: log.append((k, v))
    app = App(new_canvas()[1], d, services)
    app.start()
    return app


_PLAYS = []


def build(d, plays):
    """The owner's folder d (call with storage.FORCE set)."""
    os.makedirs(d)
    for name in ("Ann", "Ben", "Cal"):
        assert players.add_to_roster(d, name) is None
    app = _app(d)
    app.set_setting("clean_after", 9)
    app.set_setting("sleep_min", 4)
    from usher.games.multisala import record as record_file
    record_file.save(d + "/" + RECORD, {"base": 31})
    record_file.save(d + "/" + RECORD, {"base": 40, "variant": 12, "set_by": 77})
    cards, _own = owner_edit.load_deck(d)
    assert owner_edit.save_deck(d, cards) is None
    cards[0] = dict(cards[0], area=[c for c in ("authorities", "celebrities") if c != cards[0]["area"]][0])
    assert owner_edit.save_deck(d, cards) is None, owner_edit.deck_problem(cards)
    house, _own = owner_edit.load_house(d)
    assert owner_edit.save_house(d, house) is None
    assert owner_edit.save_house(d, list(reversed(house))) is None
    if not _PLAYS:
        # named seats: the options object nests the names (a rewrite may
        # order its keys otherwise)
        for seed in (5, 6, 7):
            _PLAYS.append(_finished("seatwars", {"start": 0, "players": ["Ann", "Ben"]}, seed))
    for n in range(1, plays + 1):
        line, rec = _PLAYS[n % len(_PLAYS)]
        got = playlog.append(d, dict(line), rec)
        assert got == (n, None), got


# --- damage ----------------------------------------------------------------------------

def _rw(path, fn):
    with open(path, "rb") as f:
        raw = f.read()
    with open(path, "wb") as f:
        f.write(fn(raw))


def _letter(raw):
    """One character of the content changed (the seal no longer matches):
    the last letter of the file that is not in its seal line."""
    body = raw.rstrip()
    for i in range(len(body) - 1, 0, -1):
        c = body[i:i + 1]
        if c.isalpha():
            return raw[:i] + (b"q" if c != b"q" else b"z") + raw[i + 1:]
    return raw[:-1]


DAMAGES = {
    "a letter changed": _letter,
    "truncated to half": lambda raw: raw[:len(raw) // 2],
    "zero length": lambda raw: b"",
    "random bytes": lambda raw: bytes((i * 151 + 7) & 0xFF for i in range(len(raw))),
}


def _damage_line(d, n):
    """Play n's line: one digit of its seed changed (its seal fails)."""
    def fn(raw):
        lines = raw.split(b"\n")
        for i, ln in enumerate(lines):
            if (b'"n": %d,' % n) in ln or (b'"n":%d,' % n) in ln:
                at = ln.index(b'"seed":') + 7
                while ln[at:at + 1] == b" ":
                    at += 1
                digit = b"9" if ln[at:at + 1] != b"9" else b"8"
                lines[i] = ln[:at] + digit + ln[at + 1:]
                return b"\n".join(lines)
        raise AssertionError("no line of play %d" % n)
    _rw(d + "/" + HISTORY, fn)


# --- what the screens use ----------------------------------------------------------------

def _copy_as_main(d, name, copy):
    """What the reader of name would use were copy the file (a scratch
    folder); None when copy is not there."""
    if not os.path.exists(d + "/" + copy):
        return None
    s = d + "-copy"
    shutil.rmtree(s, ignore_errors=True)
    shutil.copytree(d, s)
    for suffix in ("", ".bak", ".tmp"):
        if os.path.exists(s + "/" + name + suffix):
            os.remove(s + "/" + name + suffix)
    shutil.copy(d + "/" + copy, s + "/" + name)
    try:
        return used(s, name)
    finally:
        shutil.rmtree(s, ignore_errors=True)


def used(d, name, app=None):
    """{item: canonical value} that the screens use from file name in d."""
    if name == ROSTER:
        return {n: "" for n in players.load_roster(d)[0]}
    if name == SETTINGS:
        app = app or _app(d)
        return {k: canonical(v) for k, v in app.ui["settings"].items()}
    if name == RECORD:
        from usher.games.multisala import record as record_file
        rec = record_file.load(d + "/" + RECORD)
        return {k: canonical(v) for k, v in rec.items()}
    if name in (DECK, HOUSE):
        from usher.ui import owner_data
        try:
            t = owner_data.read_text(d + "/" + name)
        except ValueError:
            t = None
        return {name: canonical(t)} if t is not None else {}
    if name == HISTORY:
        return {"#%d" % s["n"]: canonical(s) for s in playlog.summaries(d)}
    raise ValueError(name)


def _held(d, name, original, damaged):
    """{item: value} of original's items that an intact copy on d holds
    (copies not damaged by the case)."""
    out = {}
    copies = [name + ".bak"] if name != HISTORY else []
    if name == HISTORY:
        copies = [HISTORY + ".bak"]
        for item in original:
            n = int(item[1:])
            p = "history/p%05d.json" % n
            if p not in damaged and os.path.exists(d + "/" + p):
                out[item] = original[item]      # its record: the line can be rebuilt
    for c in copies:
        if c in damaged:
            continue
        got = _copy_as_main(d, name, c) or {}
        for k, v in got.items():
            if original.get(k) == v:
                out[k] = v
    return out


# --- the first readers ----------------------------------------------------------------------

def _seat_picker(app, name):
    if name in (DECK, HOUSE):
        gid, options = (("takeaseat", {"players": 1}) if name == DECK
                        else ("theatre", {"players": 1, "house": "normal"}))
        app.start_game(gid, options)
    else:
        app.new_game("seatwars", {"players": 2})


def _players(app, name):
    players.open_roster(app)


def _statistics(app, name):
    from usher.ui import stats
    stats.open_menu(app)
    if name == RECORD:
        stats._chosen(app, "multisala")


def _launcher(app, name):
    from usher.ui import screens
    if name == RECORD:
        screens._launch(app, "multisala")          # its setup shows the record
    elif name in (DECK, HOUSE):
        screens._launch(app, "takeaseat" if name == DECK else "theatre")
    # ui.json: the boot read it; the launcher is the screen it shows


def _end_screen(app, name):
    if name == RECORD:
        app.start_game("multisala", {"players": 1, "mode": "virtual", "variant": False}, 11)
    else:
        app.start_game("seatwars", {"start": 0, "players": ["Ann", "Ben"]}, 12)
    bot_to_end(app, 99)
    app.show_game()
    said = _on_screen(app)          # the end screen shown (Multisala's updates its record)
    app.end_game()                  # Finish: the history keeps the play
    if name == HISTORY:
        # On littlefs the end reads only the history's first line and the
        # lines of its newest plays that keep a record (docs/history.md:
        # its cost must not grow with the history, bench/rp2_soak.py); a
        # damaged line between them is first read, repaired and said by
        # the next screen that reads every line: Statistics.
        from usher.ui import stats
        said += " " + _on_screen(app)
        stats.open_menu(app)
    return said


SCREENS = {"seat picker": _seat_picker, "players": _players, "statistics": _statistics,
           "launcher": _launcher, "end screen": _end_screen}
READERS = {ROSTER: ("seat picker", "players"), SETTINGS: ("launcher",),
           RECORD: ("launcher", "statistics", "end screen"), DECK: ("seat picker", "launcher"),
           HOUSE: ("seat picker",), HISTORY: ("statistics", "end screen")}
COUNTABLE = {ROSTER: "name", HISTORY: "play", SETTINGS: "setting"}


def _on_screen(app):
    """The text on screen: every message box on the stack, and the top
    screen drawn."""
    said = [" ".join(s.lines) for s in app.stack if isinstance(s, MessageBox)]
    drawn = []
    real = text.draw

    def draw(canvas, font, s, x, y, color=1):
        drawn.append(str(s))
        return real(canvas, font, s, x, y, color)
    text.draw = draw
    try:
        app._draw(app.stack[-1])
    except Exception:  # noqa: BLE001 a screen that cannot draw: only the messages
        pass
    finally:
        text.draw = real
    return " ".join(said + drawn)


# How a notice names a setting (the Settings screen's words)
SETTING_WORDS = {"clean_after": "clean refresh", "sleep_min": "sleep", "refresh": "refresh"}


def _told_count(name, notice, lost):
    kind = COUNTABLE.get(name)
    if kind is None:
        return True
    words = [SETTING_WORDS.get(k, k) if name == SETTINGS else k for k in lost]
    if all(re.search(r"(^|\W)%s($|\W)" % re.escape(w), notice) for w in words):
        return True
    return re.search(r"\b%d (%s|%ss)\b" % (len(lost), kind, kind), notice) is not None


def _drive(d, name, screen, log):
    """Boot a fresh App on d, drive it to screen: (text on screen, what it
    then uses from name)."""
    app = _app(d, log)
    said = SCREENS[screen](app, name) or ""
    said = said + " " + _on_screen(app)
    return said, used(d, name, app if name == SETTINGS else None)


_REFERENCE = {}


def case(c, fs, base, work, name, damage, screen, apply, damaged):
    """One case: copy base, apply(folder) the damage, boot, drive screen.
    What is lost is measured against the same screen driven on the
    undamaged folder (the end screen adds a play, the cap drops the
    oldest: not a loss)."""
    d = os.path.join(work, "case")
    key = (base, name, screen)
    if key not in _REFERENCE:
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(base, d)
        _REFERENCE[key] = _drive(d, name, screen, [])[1]
    expected = _REFERENCE[key]
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(base, d)
    original = used(d, name)
    apply(d)
    held = _held(d, name, original, damaged)
    log = []
    try:
        notice, after = _drive(d, name, screen, log)
    except Exception as e:  # noqa: BLE001 a crash is a failure of its own
        notice, after = "raised %s: %s" % (type(e).__name__, e), {}
    short = name.split("/")[-1]
    named = short in notice
    logged = any(k == "error" and short in str(v) for k, v in log)
    lost = sorted(k for k in expected if after.get(k) != expected[k])
    lost_held = [k for k in lost if k in held]
    counted = _told_count(name, notice, lost) if lost and named else False
    c.cases += 1
    c.lost += 1 if lost else 0
    c.held += 1 if lost_held else 0
    c.silent += 0 if named else 1
    c.unlogged += 0 if logged else 1
    c.told += 1 if lost and named else 0
    c.counted += 1 if counted else 0
    why = [w for w, bad in (("a copy held the loss", lost_held), ("not named", not named),
                            ("not logged", not logged), ("no count", lost and named and not counted)) if bad]
    k = (name, damage, screen)
    row = c.classes.setdefault(k, [0, 0, None])
    row[0] += 1
    if why:
        row[1] += 1
        if row[2] is None:
            at = notice.find(short)
            row[2] = "%s; lost %s%s; on screen: %r" % (
                ", ".join(why), lost[:6] or "nothing",
                " (held by a copy: %s)" % lost_held[:6] if lost_held else "",
                notice[max(0, at - 40):at + 150] if at >= 0 else notice[:150])


def run(quick=False, out=None):
    """{fs: Counts} over every file, damage and first reader, and the
    histories of HISTORY_SIZES plays (quick: the sizes make test runs)."""
    results = {}
    work = tempfile.mkdtemp(prefix="usher-pl23-")
    try:
        for fs, force in FILESYSTEMS:
            c = Counts()
            storage.FORCE = force
            try:
                sizes = (82,) if quick else HISTORY_SIZES
                for plays in sizes:
                    base = os.path.join(work, "base%d" % plays)
                    shutil.rmtree(base, ignore_errors=True)
                    _REFERENCE.clear()
                    build(base, plays)
                    if plays == sizes[0]:
                        _file_cases(c, fs, base, work, quick)
                    _history_cases(c, fs, base, work, plays, quick)
            finally:
                storage.FORCE = None
            results[fs] = c
            if out:
                out("%-9s %s" % (fs, c.line()))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return results


def _file_cases(c, fs, base, work, quick):
    for name in (ROSTER, SETTINGS, RECORD, DECK, HOUSE):
        for damage, fn in sorted(DAMAGES.items()):
            for both in (False, True):
                if quick and both and damage != "a letter changed":
                    continue

                def apply(d, name=name, fn=fn, both=both):
                    _rw(d + "/" + name, fn)
                    if both and os.path.exists(d + "/" + name + ".bak"):
                        _rw(d + "/" + name + ".bak", fn)
                damaged = [name] + ([name + ".bak"] if both else [])
                label = damage + (", backup too" if both else "")
                for screen in READERS[name]:
                    case(c, fs, base, work, name, label, screen, apply, damaged)


def _history_cases(c, fs, base, work, plays, quick):
    shown = [s["n"] for s in playlog.summaries(base)]
    newest = plays - playlog.ACTIONS_CAP + 1
    picks = shown if not quick else [shown[0], shown[len(shown) // 2], newest - 1, newest, plays]
    for n in picks:
        has_record = n >= newest
        what = ("a line with its record" if has_record else "a line without a record")
        for screen in READERS[HISTORY]:
            case(c, fs, base, work, HISTORY, "%s (%d plays)" % (what, plays), screen,
                 lambda d, n=n: _damage_line(d, n), [HISTORY])
            if has_record and (not quick or n == plays):
                def both(d, n=n):
                    _damage_line(d, n)
                    _rw(d + "/history/p%05d.json" % n, _letter)
                case(c, fs, base, work, HISTORY, "a line and its record (%d plays)" % plays, screen,
                     both, [HISTORY, "history/p%05d.json" % n])


if __name__ == "__main__":
    res = run(quick="--quick" in sys.argv, out=print)
    for fs, c in res.items():
        for k, v in c.failing():
            print("FAIL %s | %s | %s | %s | %d/%d | %s" % (fs, k[0], k[1], k[2], v[1], v[0], v[2]))
