"""Power cuts at every file-operation boundary on CPython (PL-8, PL-11).

An instrumented storage layer: usher.core.storage and usher.device.log (the
device's flash log, the App's services["log"]) get their `open` and `os` from
here, so every operation that changes the flash folder (open for writing,
each write, rename, remove, mkdir) passes through Flash.boundary() first. A
scripted session of the real App (tests/portable/ui_session_*.py) runs once;
at each boundary the folder as it is at that moment is what a power cut there
leaves behind, and for each write also the folder with only the first half
of that write done (a torn write). Each such image is copied to a scratch
folder and booted: a fresh App on it must start (no exception, no error
screen) and resume with every acknowledged action.

Every writer is covered (PL-17, PL-23): the saved game, the play history (a
finished game kept), the roster (a name added in Settings > Players) and the
settings (ui.json). A change is acknowledged once the press that made it has
been handled (its screen was asked for): each boot must show every
acknowledged game action, kept play, roster name and setting. The booted
game must be the acknowledged one, or one that was saved after it (the
press in progress got as far as its save); anything older loses an
acknowledged action. The log rule of
docs/log-format.md is checked too: the saved game may hold one action that
the log lacks, never the reverse.

Each session runs on either filesystem's way of writing (run_session's
littlefs, storage.FORCE): on littlefs a file is committed at its close, so
an image shows a file still open for writing as it was before (a new one
empty) and no write is torn. JSON read back (settings, history lines) is
compared canonically, nested keys sorted.

run_session() returns a Counts; bench/faults.py runs every session of every
game on both, tests/host/test_faults.py a short part of each.
"""
import json
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "portable"),
          os.path.join(ROOT, "host_tools")):
    if p not in sys.path:
        sys.path.insert(0, p)

import ui_session_multisala  # noqa: E402
import ui_session_seatwars  # noqa: E402
import ui_session_takeaseat  # noqa: E402
import ui_session_theatre  # noqa: E402
from ui_sessions import bot_game, events  # noqa: E402

from usher.core import game, gamefile, storage  # noqa: E402
from usher.device import log as flashlog  # noqa: E402
from usher.ui.app import App  # noqa: E402
from usher.ui.canvas import new_canvas  # noqa: E402
from usher.ui.screens import ErrorScreen  # noqa: E402
from usher_host.replay import games_in_log  # noqa: E402

from usher.ui import players, playlog  # noqa: E402

# The owner's session: names added to the roster and settings
# changed, one change a step, around a game played to its end and kept.
# Each step is a function of the App (the screens' own calls: the roster's
# "Add a name", Settings' values).
ROSTER_NAMES = ("Ann", "Ben", "Cal", "Nicolo", "Dee")


def _add(name):
    return lambda app: players.add_to_roster(app.data_dir, name)


def _setting(key, value):
    return lambda app: app.set_setting(key, value)


def _finish_seatwars(seed):
    def play(app):
        bot_game(app, "seatwars", {"players": 2}, ["Ann", "Ben"], seed)
    return play


OWNER_STEPS = [_add(ROSTER_NAMES[0]), _add(ROSTER_NAMES[1]), _setting("clean_after", 9), _finish_seatwars(77),
               _add(ROSTER_NAMES[2]), _setting("sleep_min", 4), _add(ROSTER_NAMES[3]), _finish_seatwars(78),
               _setting("clean_after", 11), _add(ROSTER_NAMES[4])]

SESSIONS = (ui_session_takeaseat.SESSIONS + ui_session_theatre.SESSIONS
            + ui_session_multisala.SESSIONS + ui_session_seatwars.SESSIONS
            + (("owner_files", OWNER_STEPS),))
_real_open = open


class Counts:
    FIELDS = ("cuts", "torn", "boots", "acknowledged_lost", "wrong_resume", "log_ahead",
              "failed_boots", "ended_games", "actions", "plays_lost", "names_lost", "settings_lost",
              "notices")

    def __init__(self):
        for f in self.FIELDS:
            setattr(self, f, 0)
        self.problems = []

    def add(self, other):
        for f in self.FIELDS:
            setattr(self, f, getattr(self, f) + getattr(other, f))
        self.problems.extend(other.problems)

    def line(self):
        return " ".join("%s=%d" % (f, getattr(self, f)) for f in self.FIELDS)


def snapshot(root):
    files = {}
    for base, _dirs, names in os.walk(root):
        for n in names:
            p = os.path.join(base, n)
            with _real_open(p, "rb") as f:
                files[os.path.relpath(p, root)] = f.read()
    return files


def materialize(files, folder):
    if os.path.exists(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    for rel, data in files.items():
        p = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with _real_open(p, "wb") as f:
            f.write(data)


class _File:
    def __init__(self, flash, path, mode):
        self.flash = flash
        self.path = path
        self.append = "a" in mode
        if flash.littlefs:
            # littlefs commits a file at its close: until then a cut leaves
            # what it held before (a new file: empty, its creation committed)
            prior = b""
            if os.path.exists(path) and ("a" in mode or "+" in mode or "w" in mode):
                with _real_open(path, "rb") as f:
                    prior = f.read()
            flash.pending[os.path.abspath(path)] = prior
        self.f = _real_open(path, mode)

    def close(self):
        self.f.close()
        self.flash.pending.pop(os.path.abspath(self.path), None)

    def write(self, data):
        # what was written before is on the flash; this write starts at the
        # file's position (0 for an in-place overwrite, "r+b") or its end
        self.f.flush()
        self.flash.boundary(self.path, data, None if self.append else self.f.tell())
        return self.f.write(data)

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Os:
    def __init__(self, flash):
        self.flash = flash

    def rename(self, a, b):
        self.flash.boundary(a)
        os.rename(a, b)

    def remove(self, p):
        self.flash.boundary(p)
        os.remove(p)

    def mkdir(self, p):
        self.flash.boundary(p)
        os.mkdir(p)

    def __getattr__(self, name):
        return getattr(os, name)


class Flash:
    """Routes the storage layer's and the log's file operations through
    boundary(); on_cut(files, torn) is called with the folder's image at each
    one (paused while a boot is checked)."""

    def __init__(self, root, on_cut, littlefs=False):
        self.root = root
        self.on_cut = on_cut
        self.paused = False
        self.modules = (storage, flashlog)
        # littlefs (copy-on-write): a file open for writing shows its last
        # committed content until it is closed, and no write is torn
        self.littlefs = littlefs
        self.pending = {}

    def open(self, path, mode="r"):
        if "w" in mode or "a" in mode or "+" in mode:
            self.boundary(path)
            return _File(self, path, mode)
        return _real_open(path, mode)

    def boundary(self, path, data=None, at=None):
        if self.paused or not os.path.abspath(path).startswith(self.root):
            return
        self.paused = True
        try:
            files = snapshot(self.root)
            for p, prior in self.pending.items():
                files[os.path.relpath(p, self.root)] = prior
            self.on_cut(files, False)
            if data and not self.littlefs:
                # A torn write: only its first half reached the flash, at
                # the position the write starts (at; None: the end).
                rel = os.path.relpath(os.path.abspath(path), self.root)
                half = data[:max(1, len(data) // 2)]
                half = half.encode("utf-8") if isinstance(half, str) else bytes(half)
                torn = dict(files)
                old = files.get(rel, b"")
                at = len(old) if at is None else at
                torn[rel] = old[:at] + half + old[at + len(half):]
                self.on_cut(torn, True)
        finally:
            self.paused = False

    def install(self):
        for m in self.modules:
            m.open = self.open
            m.os = _Os(self)

    def uninstall(self):
        for m in self.modules:
            if "open" in m.__dict__:
                del m.open
            m.os = os


def _canon(rec):
    return None if rec is None else game.canonical_json(rec)


def canonical(obj):
    """JSON with every object's keys sorted, nested ones too: two readings
    of the same content compare equal whatever order a rewrite (a repair,
    a line rebuilt from its record) put an options object's keys in."""
    return json.dumps(obj, sort_keys=True)


def _logged_game(files):
    """The open game the log rebuilds (None when the last one ended)."""
    entries = flashlog.merged(*[flashlog.parse(files.get(os.path.join("log", name), b""))
                                for name in flashlog.FILES])
    kinds = [e.get("k") for e in entries if isinstance(e, dict) and e.get("k") in ("game", "end")]
    recs = games_in_log(entries)
    if not kinds or kinds[-1] != "game" or not recs:
        return None, bool(kinds)
    return recs[-1], True


def _log_not_ahead(saved, logged, log_knows, acked=None):
    """docs/log-format.md: the saved game may hold one press's change the
    log lacks (its actions, an undo, a new game, the end), never the
    reverse."""
    if _canon(saved) == _canon(logged):
        return True
    if saved is None:
        return logged is not None           # ended, "end" not logged yet
    if logged is None or logged["seed"] != saved["seed"] or logged["game"] != saved["game"]:
        return saved["actions"] == [] or not log_knows   # new game, "game" not logged
    s, g = saved["actions"], logged["actions"]
    g = [s[i] if a is None and i < len(s) else a for i, a in enumerate(g)]   # a hole the log knows of
    # A press saves once, at its end, and logs its lines after (App._flush):
    # the saved game may hold all of the press's actions, a play and the
    # Automa's answer (TS-9) at most, or an undo the log lacks.
    if s[:len(g)] == g and 0 < len(s) - len(g) <= 2 or s == g[:-1]:
        return True
    # A press that also plays the device's answers (The Theatre's House,
    # TH-17, several actions): the log holds every action acknowledged
    # before the press, the save the press's too.
    return acked is not None and s[:len(g)] == g and len(g) >= len(acked["actions"])


def _owner_state(folder, app=None):
    """What else is acknowledged besides the game: the kept plays' numbers,
    the roster's names and the settings (of app when given, else as a
    fresh App would read them)."""
    lines = list(playlog.summaries(folder))
    plays = [s["n"] for s in lines]
    names = players.load_roster(folder)[0]
    settings = None
    if app is not None:
        settings = canonical(app.ui["settings"])
    return {"plays": plays, "names": names, "settings": settings,
            "lines": {s["n"]: canonical(s) for s in lines}}


def _services(log_folder, ticks):
    # A line per action (device.json "log_actions", as the rp2 campaign's
    # board): on littlefs the device otherwise derives the actions from the
    # saves (PL-17) and the log rule below has nothing to check.
    return {"battery": lambda: 70, "board": "test", "log": flashlog.FlashLog(log_folder),
            "ticks_ms": lambda: ticks[0], "log_actions": True}


def run_session(name, script, stride=1, counts=None, limit=None, littlefs=None):
    """Play one scripted session on an instrumented flash folder and boot
    every stride-th cut image (all with stride=1) and every image taken
    while a game is being ended. littlefs: True for the littlefs way of
    writing (storage.FORCE: in place, a base and a tail for the running
    game, the history appended), False for FAT's (temp file and rename),
    None as the folder decides (a desktop folder: FAT's). Returns Counts."""
    if littlefs is not None:
        was = storage.FORCE
        storage.FORCE = littlefs
        try:
            return run_session(name, script, stride, counts, limit)
        finally:
            storage.FORCE = was
    c = counts or Counts()
    work = tempfile.mkdtemp(prefix="usher-faults-")
    root = os.path.join(work, "flash")
    scratch = os.path.join(work, "boot")
    os.makedirs(root)
    ticks = [1000]
    track = {"acked": None, "since": [], "n": 0, "owner": None, "changing": None}
    seen = [0]
    of_kind = {False: 0, True: 0}

    def on_cut(files, torn):
        seen[0] += 1
        of_kind[torn] += 1
        # Every stride-th image of each kind (whole, torn), and every one
        # while a game is being ended (a defect was once found there).
        if (of_kind[torn] - 1) % stride and None not in track["since"]:
            return
        if limit is not None and c.cuts >= limit:
            return
        c.cuts += 1
        c.torn += 1 if torn else 0
        check_boot(files, track, scratch, c, "%s cut %d%s" % (name, seen[0], " torn" if torn else ""))

    flash = Flash(root, on_cut, storage.FORCE is True)
    game_path = os.path.join(root, "game.json")
    real_save, real_delete = gamefile.GameFile.save, gamefile.GameFile.delete

    # Every save of the running game, whichever way it is written (FAT: the
    # one checked file; littlefs: a tail, or a new base, PL-17).
    def save(self, rec):
        if self.path == game_path:
            track["since"].append(_canon(rec))
        return real_save(self, rec)

    def delete(self):
        if self.path == game_path:
            track["since"].append(None)
        return real_delete(self)

    gamefile.GameFile.save, gamefile.GameFile.delete = save, delete
    flash.install()
    try:
        buf, canvas = new_canvas()
        app = App(canvas, root, _services(os.path.join(root, "log"), ticks))
        app.start()
        track["owner"] = _owner_state(root, app)
        steps = events(script) if type(script) is str else [[step] for step in script]
        for evs in steps:
            ticks[0] += 700
            for ev in evs:
                if callable(ev):
                    ev(app)
                elif ev == "sleep":
                    app.sleep_screen()
                elif ev == "restart":
                    app = App(canvas, root, _services(os.path.join(root, "log"), ticks))
                    app.start()
                else:
                    app.handle(ev)
            flash.paused = True
            try:
                kept = len(track["owner"]["plays"])
                track["owner"] = _owner_state(root, app)
                if type(script) is not str:       # the owner's steps: a game ends inside one
                    c.ended_games += max(0, len(track["owner"]["plays"]) - kept)
            finally:
                flash.paused = False
            # The press is handled: its screen is shown, its action acknowledged.
            before = track["acked"]
            track["acked"] = _canon(app.record)
            track["since"] = []
            if before is not None and track["acked"] is None:
                c.ended_games += 1
            if app.record is not None:
                c.actions = max(c.actions, len(app.record["actions"]))
    finally:
        flash.uninstall()
        gamefile.GameFile.save, gamefile.GameFile.delete = real_save, real_delete
        shutil.rmtree(work, ignore_errors=True)
    return c


def check_boot(files, track, scratch, c, where):
    materialize(files, scratch)
    c.boots += 1
    try:
        buf, canvas = new_canvas()
        app = App(canvas, scratch, {"battery": lambda: 70, "board": "test",
                                    "log": flashlog.FlashLog(os.path.join(scratch, "log"))})
        app.start()
    except Exception as e:  # the boot itself failed
        c.failed_boots += 1
        c.problems.append("%s: boot raised %r" % (where, e))
        return
    if any(isinstance(s, ErrorScreen) for s in app.stack):
        c.failed_boots += 1
        c.problems.append("%s: boot shows the error screen" % where)
        return
    _check_owner(app, scratch, track["owner"], c, where)
    got = _canon(app.record)
    allowed = [track["acked"]] + track["since"]
    if got not in allowed:
        acked = json.loads(track["acked"]) if track["acked"] else None
        if acked is not None and (app.record is None or len(app.record["actions"]) < len(acked["actions"])
                                  or app.record["actions"][:len(acked["actions"])] != acked["actions"]):
            c.acknowledged_lost += 1
            c.problems.append("%s: acknowledged %d actions, booted %s" % (
                where, len(acked["actions"]), "no game" if app.record is None else
                "%d actions" % len(app.record["actions"])))
        else:
            c.wrong_resume += 1
            c.problems.append("%s: booted a game that was never saved" % where)
    saved = json.loads(got) if got else None
    logged, log_knows = _logged_game(files)
    acked = json.loads(track["acked"]) if track["acked"] else None
    if acked is not None and saved is not None and \
            (acked["seed"], acked["game"]) != (saved["seed"], saved["game"]):
        acked = None
    if not _log_not_ahead(saved, logged, log_knows, acked):
        c.log_ahead += 1
        c.problems.append("%s: the log is ahead of the saved game" % where)


def _check_owner(app, folder, acked, c, where):
    """Every acknowledged kept play, roster name and setting is there after
    the boot (one more, from the change the cut interrupted, may be too),
    and a cut is never reported as damage."""
    from usher.ui.widgets import MessageBox
    said = [" ".join(s.lines) for s in app.stack if isinstance(s, MessageBox)]
    if said:
        c.notices += 1
        c.problems.append("%s: a notice after a cut: %s" % (where, said[0][:120]))
    got = _owner_state(folder)
    lost = [n for n in acked["plays"] if n not in got["plays"]]
    if lost:
        c.plays_lost += 1
        c.problems.append("%s: kept plays %s lost" % (where, lost))
    changed = [n for n in acked["plays"] if n in got["plays"] and got["lines"][n] != acked["lines"][n]]
    if changed:
        c.plays_lost += 1
        c.problems.append("%s: kept plays %s read back changed" % (where, changed))
    if got["names"][:len(acked["names"])] != acked["names"]:
        c.names_lost += 1
        c.problems.append("%s: roster %s, acknowledged %s" % (where, got["names"], acked["names"]))
    settings = canonical(app.ui["settings"])
    if acked["settings"] is not None and settings != acked["settings"]:
        # the change in progress may have been saved: one setting differs
        # (changed, or added by the press the cut interrupted)
        was = json.loads(acked["settings"])
        now = json.loads(settings)
        differ = [k for k in sorted(set(was) | set(now)) if was.get(k, "?") != now.get(k, "?")]
        if len(differ) > 1 or [k for k in was if k not in now]:
            c.settings_lost += 1
            c.problems.append("%s: settings %s, acknowledged %s" % (where, settings, acked["settings"]))


def run_all(stride=1, limit=None, names=None, out=None):
    total = Counts()
    for name, script in SESSIONS:
        if names and name not in names:
            continue
        c = run_session(name, script, stride, limit=limit)
        if out:
            out("%-22s %s" % (name, c.line()))
        total.add(c)
    return total
