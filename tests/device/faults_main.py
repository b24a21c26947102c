# Power cuts at every file-operation boundary with the real firmware on the
# unix port (PL-8; docs/faults.md): the real main loop (usher.device.runtime.main)
# with the real App on the fake Badger, buttons pressed on its pins from a
# scripted session (tests/portable/ui_session_*.py). Not a test module: run
# by tests/host/test_faults_unix.py and bench/faults.py.
#
#   micropython faults_main.py cuts SESSION STRIDE WORK [lfs|fat]
#   micropython faults_main.py corrupt short|full WORK [lfs|fat]
#
# usher.core.storage and usher.device.log get `open` and `os` from here, so
# every operation that changes the flash folder (open for writing, each
# write, rename, remove, mkdir) first copies the folder as it is then (what a
# power cut there leaves) into WORK/<n>/, and for each write also a copy with
# only the first half of that write done (torn). Every STRIDE-th copy is kept,
# and every copy taken while a game is being ended.
# After the session each kept copy is booted by the real main loop, which
# must start the App (no crash, no error screen) and resume the acknowledged
# game (the one after the last press the App handled) or one saved after it;
# the saved game may be one change ahead of the log, never behind. Prints
# "FAULTS key=value ..." and one "PROBLEM ..." line per failure.
import json
import os
import sys

import devtest
import machine
import panel_model
import ui_session_multisala
import ui_session_seatwars
import ui_session_takeaseat
import ui_session_theatre

from usher.core import game, gamefile, storage
from usher.device import log as flashlog
from usher.device import runtime
from usher.ui.app import App
from usher.ui.screens import ErrorScreen

SESSIONS = {}
for _n, _s in (ui_session_takeaseat.SESSIONS + ui_session_theatre.SESSIONS
               + ui_session_multisala.SESSIONS + ui_session_seatwars.SESSIONS):
    SESSIONS[_n] = _s

_real_open = open
_real_os = os


def _isdir(p):
    try:
        return (os.stat(p)[0] & 0x4000) != 0
    except OSError:
        return False


def _walk(root, rel=""):
    out = []
    base = root + ("/" + rel if rel else "")
    for n in sorted(os.listdir(base)):
        r = rel + "/" + n if rel else n
        if _isdir(root + "/" + r):
            out.extend(_walk(root, r))
        else:
            out.append(r)
    return out


def rmtree(p):
    if not _isdir(p):
        try:
            os.remove(p)
        except OSError:
            pass
        return
    for n in os.listdir(p):
        rmtree(p + "/" + n)
    os.rmdir(p)


def _read(p):
    with _real_open(p, "rb") as f:
        return f.read()


def _put(p, data):
    parts = p.split("/")
    for i in range(2, len(parts)):
        d = "/".join(parts[:i])
        if d and not _isdir(d):
            os.mkdir(d)
    with _real_open(p, "wb") as f:
        f.write(data)


def canon(rec):
    return None if rec is None else game.canonical_json(rec)


class Tracker:
    def __init__(self):
        self.acked = None       # canonical record after the last handled press
        self.since = []         # game.json contents saved (or deleted: None) since
        self.ended = 0
        self.actions = 0

    def ack(self, record):
        before = self.acked
        self.acked = canon(record)
        self.since = []
        if before is not None and self.acked is None:
            self.ended += 1
        if record is not None and len(record["actions"]) > self.actions:
            self.actions = len(record["actions"])


class Flash:
    def __init__(self, root, work, stride, tracker):
        self.root = root
        self.work = work
        self.stride = stride
        self.tracker = tracker
        self.paused = False
        self.seen = 0
        self.of_kind = {False: 0, True: 0}
        self.kept = 0
        self.torn = 0
        # littlefs (storage.FORCE, copy-on-write): a file open for writing
        # shows its last committed content until it is closed (a new file:
        # empty), and no write is torn
        self.littlefs = storage.FORCE is True
        self.pending = {}

    def _keep(self, files, torn):
        self.seen += 1
        self.of_kind[torn] += 1
        # Every STRIDE-th image of each kind (whole, torn), and every one
        # while a game is being ended (a defect was once found there).
        if (self.of_kind[torn] - 1) % self.stride and None not in self.tracker.since:
            return
        self.kept += 1
        self.torn += 1 if torn else 0
        d = "%s/%d" % (self.work, self.kept)
        for rel in files:
            _put(d + "/flash/" + rel, files[rel])
        t = self.tracker
        _put(d + "/meta.json", json.dumps({"acked": t.acked, "since": t.since, "torn": torn,
                                           "at": self.seen}).encode())

    def boundary(self, path, data=None, at=None):
        if self.paused or not path.startswith(self.root):
            return
        self.paused = True
        try:
            files = {}
            for rel in _walk(self.root):
                files[rel] = _read(self.root + "/" + rel)
            for p in self.pending:
                files[p[len(self.root) + 1:]] = self.pending[p]
            self._keep(files, False)
            if data and not self.littlefs:
                # only its first half reached the flash, at the position
                # the write starts (at; None: the end)
                rel = path[len(self.root) + 1:]
                half = data[:max(1, len(data) // 2)]
                half = half.encode() if type(half) is str else bytes(half)
                old = files.get(rel, b"")
                at = len(old) if at is None else at
                files[rel] = old[:at] + half + old[at + len(half):]
                self._keep(files, True)
        finally:
            self.paused = False

    def open(self, path, mode="r"):
        if "w" in mode or "a" in mode or "+" in mode:
            self.boundary(path)
            return _File(self, path, mode)
        return _real_open(path, mode)


class _File:
    def __init__(self, flash, path, mode):
        self.flash = flash
        self.path = path
        self.append = "a" in mode
        if flash.littlefs and path.startswith(flash.root):
            prior = b""
            try:
                prior = _read(path)
            except OSError:
                pass
            flash.pending[path] = prior
        self.f = _real_open(path, mode)

    def write(self, data):
        # what was written before is on the flash; this write starts at the
        # file's position (0 for an in-place overwrite, "r+b") or its end
        self.f.flush()
        self.flash.boundary(self.path, data, None if self.append else self.f.tell())
        return self.f.write(data)

    def read(self, *a):
        return self.f.read(*a)

    def seek(self, *a):
        return self.f.seek(*a)

    def close(self):
        self.f.close()
        self.flash.pending.pop(self.path, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Os:
    def __init__(self, flash):
        self.flash = flash

    def rename(self, a, b):
        self.flash.boundary(a)
        _real_os.rename(a, b)

    def remove(self, p):
        self.flash.boundary(p)
        _real_os.remove(p)

    def mkdir(self, p):
        self.flash.boundary(p)
        _real_os.mkdir(p)

    def stat(self, p):
        return _real_os.stat(p)


def press_plan(script, start):
    """Session tokens (ui_sessions syntax) as presses on the pins: X a short
    press, X~ held past the long-press time, X*n held for n auto-repeats.
    'sleep' and 'restart' have no button and are skipped."""
    plan = []
    t = start
    for tok in script.split(","):
        if tok in ("sleep", "restart"):
            continue
        name = tok.rstrip("~")
        hold = 100
        if "*" in name:
            name, n = name.split("*")
            hold = 500 + (int(n) - 1) * 150 + 60
        elif tok.endswith("~"):
            hold = 900
        plan.append((name, t, t + hold))
        t += hold + 250
    return plan, t + 2000


def run_session(name, stride, work):
    script = SESSIONS[name]
    root = work + "/run"
    rmtree(work)
    os.mkdir(work)
    os.mkdir(root)
    # A line per action (device.json "log_actions", as the rp2 campaign's
    # board): the log is checked against the saves, saved first, logged
    # second (the device's default derives the actions from the saves, PL-17).
    storage.save(root + "/device.json", {"log_actions": True})
    tracker = Tracker()
    flash = Flash(root, work, stride, tracker)
    game_path = root + "/game.json"
    real_save, real_delete = gamefile.GameFile.save, gamefile.GameFile.delete

    # Every save of the running game, whichever way it is written (FAT: the
    # one checked file; littlefs: a tail, or a new base, PL-17).
    def save(self, rec):
        if self.path == game_path:
            tracker.since.append(canon(rec))
        return real_save(self, rec)

    def delete(self):
        if self.path == game_path:
            tracker.since.append(None)
        return real_delete(self)

    class TrackedApp(App):
        def start(self):
            r = App.start(self)
            tracker.ack(self.record)
            return r

        def handle(self, ev):
            r = App.handle(self, ev)
            tracker.ack(self.record)        # its screen is asked for: acknowledged
            return r

    machine.clear()
    machine.record[0] = False
    profile = devtest.boards.BOARDS["badger2040"]
    vc = devtest.install_clock(1000)
    panel_model.UC8151Model(profile)
    plan, end = press_plan(script, 1500)
    devtest.press_script(vc, profile, plan)
    machine.inputs[24] = 1              # USB: no idle power-off
    gamefile.GameFile.save, gamefile.GameFile.delete = save, delete
    for m in (storage, flashlog):
        m.open = flash.open
        m.os = _Os(flash)
    try:
        runtime.main(app_factory=TrackedApp, data_dir=root, should_stop=lambda: vc.now >= end)
    finally:
        for m in (storage, flashlog):
            del m.open
            m.os = _real_os
        gamefile.GameFile.save, gamefile.GameFile.delete = real_save, real_delete
    return flash, tracker


def logged_game(folder):
    """The open game rebuilt from the log (docs/log-format.md), and whether
    the log knows any game at all."""
    current = None
    known = False
    for e in flashlog.read_all(folder + "/log"):
        if type(e) is not dict:
            continue
        k, d = e.get("k"), e.get("d")
        if k == "game" and type(d) is dict:
            current = {"game": d.get("game"), "options": d.get("options"), "seed": d.get("seed"),
                       "actions": []}
            known = True
        elif current is None:
            continue
        elif k == "action" and type(d) is dict:
            current["actions"].append(d)
        elif k == "undo" and type(d) is dict and type(d.get("actions")) is int:
            current["actions"] = current["actions"][:max(0, d["actions"])]
        elif k == "end":
            current = None
            known = True
    return current, known


def log_not_ahead(saved, logged, known, acked=None):
    if canon(saved) == canon(logged):
        return True
    if saved is None:
        return logged is not None
    if logged is None or logged["seed"] != saved["seed"] or logged["game"] != saved["game"]:
        return saved["actions"] == [] or not known
    s, g = saved["actions"], logged["actions"]
    # A press saves once, at its end, and logs its lines after (App._flush):
    # the saved game may hold all of the press's actions, a play and the
    # Automa's answer (TS-9) at most, or an undo the log lacks.
    if s[:len(g)] == g and 0 < len(s) - len(g) <= 2 or s == g[:-1]:
        return True
    # A press that also plays the device's answers (The Theatre's House,
    # TH-17, several actions): the log holds every action acknowledged
    # before the press, the save the press's too.
    return acked is not None and s[:len(g)] == g and len(g) >= len(acked["actions"])


def boot(folder):
    """Boot the real main loop on folder with no button pressed."""
    machine.clear()
    machine.record[0] = False
    profile = devtest.boards.BOARDS["badger2040"]
    vc = devtest.install_clock(1000)
    model = panel_model.UC8151Model(profile)
    devtest.press_script(vc, profile, [])
    machine.inputs[24] = 1
    holder = {}

    def keep(rt):
        holder["rt"] = rt

    result = runtime.main(app_factory=App, data_dir=folder, should_stop=lambda: vc.now >= 4000,
                          on_runtime=keep)
    return result, holder.get("rt"), model


def check_all(flash, work, counts, name):
    for i in range(1, flash.kept + 1):
        d = "%s/%d" % (work, i)
        with _real_open(d + "/meta.json") as f:
            meta = json.loads(f.read())
        where = "%s cut %d%s" % (name, meta["at"], " torn" if meta["torn"] else "")
        counts["boots"] += 1
        folder = d + "/flash"
        try:
            result, rt, model = boot(folder)
        except Exception as e:
            counts["failed_boots"] += 1
            print("PROBLEM %s: boot raised %s: %s" % (where, type(e).__name__, e))
            continue
        app = rt.app if rt is not None else None
        if result != "stopped" or app is None or rt.crashed or not model.refreshes \
                or [s for s in app.stack if isinstance(s, ErrorScreen)]:
            counts["failed_boots"] += 1
            print("PROBLEM %s: the boot did not reach a working App" % where)
            continue
        got = canon(app.record)
        allowed = [meta["acked"]] + meta["since"]
        if got not in allowed:
            acked = json.loads(meta["acked"]) if meta["acked"] else None
            rec = app.record
            n = len(acked["actions"]) if acked is not None else 0
            if acked is not None and (rec is None or rec["actions"][:n] != acked["actions"]):
                counts["acknowledged_lost"] += 1
                print("PROBLEM %s: acknowledged %d actions, booted %s" % (
                    where, len(acked["actions"]), "none" if rec is None else len(rec["actions"])))
            else:
                counts["wrong_resume"] += 1
                print("PROBLEM %s: booted a game that was never saved" % where)
        logged, known = logged_game(folder)
        # The boot itself logged "resume"; the game entries are from before.
        saved = json.loads(got) if got else None
        acked = json.loads(meta["acked"]) if meta["acked"] else None
        if acked is not None and saved is not None and \
                (acked["seed"], acked["game"]) != (saved["seed"], saved["game"]):
            acked = None
        if not log_not_ahead(saved, logged, known, acked):
            counts["log_ahead"] += 1
            print("PROBLEM %s: the log is ahead of the saved game" % where)
        rmtree(d)


# --- the corruption matrix ---------------------------------------------------
# Every file the firmware writes (game.json, ui.json, multisala_record.json,
# the play history and a kept play's record, the roster, the two log files)
# and device.json, which it reads first at every boot, in a flash image from
# a real session: the main copy truncated, emptied,
# replaced by random bytes or JSON of the wrong shape, one bit flipped,
# non-UTF-8 bytes put in; some of them in the backup too. Each case is
# booted by the real main loop, which must reach a working App. Then what
# the App uses is compared with the file's original content:
#   same          the damage did not change what is used;
#   named         it did, and the screen (or, for device.json, the log) names
#                 the file; the backup or the defaults are used;
#   undetectable  the damaged file is still a valid file with other content
#                 that no check can tell from a real one (with the CRC-32
#                 seal of PL-17 on every copy: only damage to an unsealed
#                 file, device.json, which a person writes);
#   silent        anything else: must not happen.
HISTORY = "history/plays.jsonl"
RECORD = "history/p00002.json"
FILES = ("game.json", "ui.json", "multisala_record.json", "device.json", HISTORY, RECORD, "players.txt",
         "log/log0.jsonl", "log/log1.jsonl")
WRONG_SHAPES = (b"null", b"[]", b"{}", b'"x"', b"3", b"true", b"[1, 2]", b'{"a": {"b": []}}')
PER_FILE_SHAPES = {
    "game.json": (b'{"game": "takeaseat", "seed": 1, "options": {}, "actions": {}}',
                  b'{"game": "seatwars", "options": {"players": 2}, "actions": []}',
                  b'{"game": "nosuch", "seed": 1, "options": {}, "actions": []}'),
    "ui.json": (b'{"routes": 5}', b'{"routes": [], "settings": {"clean_after": null}}'),
    "multisala_record.json": (b'{"base": "x"}', b'{"base": 1.5}'),
    "device.json": (b'{"idle_s": null}', b'{"board": ["x"]}'),
}


def base_image(folder):
    """A flash image from a real session: Seat Wars under way (game.json
    and its backup), ui.json with the dice roller's state, a Multisala
    record, device.json, two log files."""
    rmtree(folder)
    os.mkdir(folder)
    machine.clear()
    machine.record[0] = False
    profile = devtest.boards.BOARDS["badger2040"]
    vc = devtest.install_clock(1000)
    panel_model.UC8151Model(profile)
    script = ",".join(SESSIONS["seatwars_game"].split(",")[:60])
    plan, end = press_plan(script, 1500)
    devtest.press_script(vc, profile, plan)
    machine.inputs[24] = 1
    runtime.main(app_factory=App, data_dir=folder, should_stop=lambda: vc.now >= end)
    ui, _src = storage.load(folder + "/ui.json")
    ui["dice"] = {"n": 3, "rng": [4660, 22136], "last": [2, 5, 1, 3]}
    storage.save(folder + "/ui.json", ui)
    storage.save(folder + "/multisala_record.json", {"base": 31})
    storage.save(folder + "/multisala_record.json", {"base": 40, "variant": 12, "set_by": 77})
    storage.save(folder + "/device.json", {"idle_s": 300})
    storage.save(folder + "/device.json", {"idle_s": 600, "battery": "lipo"})
    _kept_plays(folder)
    from usher.ui import players
    for name in ("Ann", "Ben", "Cal"):
        players.add_to_roster(folder, name)
    # Two log files: rotate once with filler lines.
    log = flashlog.FlashLog(folder + "/log")
    while True:
        log.write("info", "filler line to fill the log up to its first rotation")
        if _exists(folder + "/log/" + flashlog.PREVIOUS):
            break
    return _files(folder)


def _kept_plays(folder):
    """Two finished games kept in folder's history (plays.jsonl and its
    backup, each play's record), played by the bots on an App of their own
    (the running game in folder stays as it is)."""
    from usher import games
    from usher.core import rng
    from usher.ui import playlog
    from usher.ui.canvas import new_canvas
    other = folder + "-plays"
    rmtree(other)
    os.mkdir(other)
    buf, canvas = new_canvas()
    app = App(canvas, other, {"board": "test", "date": lambda: (2026, 12, 1, 21, 5, 9)})
    app.start()
    # named seats: the options object nests the names, and a line the
    # repair rewrites or rebuilds from its record may order its keys otherwise
    for gid, options, seed in (("seatwars", {"start": 0, "players": ["Ann", "Ben"]}, 31),
                               ("multisala", {"players": 1}, 32)):
        app.start_game(gid, options, seed)
        bot = games.bot(gid)
        brng = rng.new_state(seed)
        a = bot.next_action(app.state, brng)
        while a is not None:
            app.play(a)
            a = bot.next_action(app.state, brng)
        app.end_game()
    storage.makedirs(folder + "/history")     # the boot made it (Runtime.boot_folders)
    for rel in _walk(other + "/history"):
        _put(folder + "/history/" + rel, _read(other + "/history/" + rel))
    rmtree(other)
    assert [s["n"] for s in playlog.summaries(folder)] == [1, 2]


def _exists(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False


def _files(folder):
    out = {}
    for rel in _walk(folder):
        out[rel] = _read(folder + "/" + rel)
    return out


def corruptions(raw, name, full):
    """(label, bytes) cases for one file's content raw, one at a time (the
    heap does not hold hundreds of copies of a 16 KB log)."""
    import random
    random.seed(len(raw) * 31 + len(name))
    n = len(raw)
    yield "zero length", b""
    for k in (1, 2, 3, 4, 5, 6, 7):
        yield "truncated to %d/8" % k, raw[:n * k // 8]
    yield "last byte missing", raw[:-1]
    for i in range(2 if not full else 8):
        yield "random bytes %d" % i, bytes([random.getrandbits(8) for _ in range(n)])
    yield "random bytes, short", bytes([random.getrandbits(8) for _ in range(16)])
    for shape in WRONG_SHAPES + PER_FILE_SHAPES.get(name, ()):
        yield "wrong shape " + shape.decode()[:24], shape
    if full and n <= 4096:
        positions = range(n)                # every byte once
    else:
        positions = [random.getrandbits(16) % n for _ in range(600 if full else 12)]
    for pos in positions:
        b = bytearray(raw)
        bit = random.getrandbits(3)
        b[pos] ^= 1 << bit
        yield "bit %d of byte %d flipped" % (bit, pos), bytes(b)
    for pos in (n // 3, n // 2, n - 2):
        b = bytearray(raw)
        b[pos] = 0xFF
        yield "byte %d is 0xFF" % pos, bytes(b)
    yield "a lone UTF-8 lead byte", raw[:n // 2] + b"\xc3" + raw[n // 2:]
    yield "latin-1 text", raw[:n // 2] + b"caf\xe9" + raw[n // 2:]
    yield "UTF-16", b"\xff\xfe" + bytes([c for ch in raw[:200] for c in (ch, 0)])


def cases_of(base, name, full):
    for label, raw in corruptions(base[name], name, full):
        yield label, raw, False
    if name + ".bak" in base:
        k = 0
        for label, raw in corruptions(base[name + ".bak"], name, False):
            k += 1
            if k > 12:
                break
            yield label + ", backup too", raw, True


def _notices(app):
    from usher.ui.widgets import MessageBox
    return " ".join([" ".join(s.lines) for s in app.stack if isinstance(s, MessageBox)])


def _use(name, folder, rt):
    """What the booted device uses from file name, and whether it named it."""
    app = rt.app
    if name in ("game.json", "game.tail"):
        return canon(app.record), name in _notices(app)
    if name == "ui.json":
        ui = app.ui
        settings = [(k, ui["settings"][k]) for k in sorted(ui["settings"])]
        # canonical (nested keys sorted): a rewrite may order a nested
        # object's keys differently and still hold the same values
        used = game.canonical_json([ui["routes"], ui["next_seed"], settings, ui.get("dice")])
        return used, "ui.json" in _notices(app)
    if name == "multisala_record.json":
        from usher.ui.games.multisala import draw
        rec, problem = draw.load_record_checked(app)
        return game.canonical_json(rec), problem is not None
    if name == "device.json":
        errors = [e["d"] for e in flashlog.read_all(folder + "/log") if e.get("k") == "error"
                  and type(e.get("d")) is str and "device.json" in e["d"]]
        return json.dumps([rt.power.idle_ms, rt.power.empty_mv]), bool(errors)
    if name in (HISTORY, RECORD):
        # The history is read when Statistics opens (and when a game ends):
        # what its screens show. A kept play's record is read by `usher
        # history pull` and `usher replay`, which name one that is damaged.
        from usher import games
        from usher.ui import playlog, stats
        try:
            stats.open_menu(app)
            for gid, _title in games.GAMES:
                stats._chosen(app, gid)
        except Exception as e:
            return "Statistics raised %s" % type(e).__name__, False
        if [s for s in app.stack if isinstance(s, ErrorScreen)]:
            return "Statistics showed the error screen", False
        plays = list(playlog.summaries(folder))
        rec = playlog.load_record(folder, 2)
        # canonical with nested keys sorted: a line the repair rewrites (or
        # rebuilds from its record) may hold its options object, names and
        # all, in another key order and is still the same play
        used = game.canonical_json(plays + [rec])
        if name == RECORD:
            return used, rec is None and storage.exists(folder + "/" + RECORD)
        return used, "plays.jsonl" in _notices(app)
    if name == "players.txt":
        from usher.ui import players
        names, problem = players.load_roster(folder)
        return json.dumps(names), problem is not None
    boots = [e for e in flashlog.read_all(folder + "/log") if e.get("k") == "boot"]
    return "boot logged" if boots else "no boot logged", False


def _valid_other(name, raw):
    """True when raw is a valid file of its kind (damage no check can see)."""
    if name == "players.txt":
        from usher.ui import players
        try:
            return players.parse_roster(raw.decode("utf-8"))[1] == []
        except Exception:
            return False
    if name == HISTORY:
        from usher.ui import playlog
        try:
            lines = [ln for ln in raw.decode("utf-8").split("\n") if ln.strip()]
            return bool(lines) and not [ln for ln in lines if playlog.check_line(storage.decode(ln)) is None]
        except Exception:
            return False
    try:
        obj = storage.decode(raw.decode("utf-8"))
    except Exception:
        return False
    try:
        if name == "game.tail":
            return False
        if name == "game.json":
            from usher import games
            from usher.ui import persist
            persist.check_game(obj, games.engine)
        elif name == "ui.json":
            from usher.ui import persist
            persist.check_ui(obj)
        elif name == "multisala_record.json":
            from usher.games.multisala import records
            records.check(obj)
        elif name == "device.json":
            return runtime.check_settings(obj)[1] == []
        elif name == RECORD:
            from usher.ui import playlog
            playlog._check_record(obj)
        return True
    except Exception:
        return False


def corrupt(full, work):
    rmtree(work)
    os.mkdir(work)
    base = base_image(work + "/base")
    folder = work + "/case"
    totals = {}
    # the littlefs way (storage.FORCE) saves the running game as a base and
    # an inline tail of its newest actions (usher.core.gamefile, PL-17)
    names = list(FILES) + [n for n in ("game.tail",) if n in base]
    for name in names:
        c = {"cases": 0, "same": 0, "named": 0, "undetectable": 0, "silent": 0, "failed_boots": 0}
        rmtree(folder)
        for rel in base:
            _put(folder + "/" + rel, base[rel])
        _result, rt, _m = boot(folder)
        original = _use(name, folder, rt)[0]
        for label, raw, in_bak in cases_of(base, name, full):
            c["cases"] += 1
            rmtree(folder)
            for rel in base:
                _put(folder + "/" + rel, base[rel])
            _put(folder + "/" + name, raw)
            if in_bak:
                _put(folder + "/" + name + ".bak", raw)
            where = "%s, %s" % (name, label)
            try:
                result, rt, model = boot(folder)
            except Exception as e:
                c["failed_boots"] += 1
                print("PROBLEM %s: boot raised %s: %s" % (where, type(e).__name__, e))
                continue
            app = rt.app if rt is not None else None
            if result != "stopped" or app is None or rt.crashed or not model.refreshes \
                    or [s for s in app.stack if isinstance(s, ErrorScreen)]:
                c["failed_boots"] += 1
                print("PROBLEM %s: the boot did not reach a working App" % where)
                continue
            used, named = _use(name, folder, rt)
            if name.startswith("log/"):
                if used == "boot logged":
                    c["same"] += 1
                else:
                    c["silent"] += 1
                    print("PROBLEM %s: the boot was not logged" % where)
            elif used == original:
                c["same"] += 1
            elif named:
                c["named"] += 1
            elif _valid_other(name, raw):
                c["undetectable"] += 1
                print("UNDETECTABLE %s" % where)
            else:
                c["silent"] += 1
                print("PROBLEM %s: what is used changed and nothing says so" % where)
        totals[name] = c
        print("CORRUPT file=%s %s" % (name, " ".join(["%s=%d" % (k, c[k]) for k in (
            "cases", "same", "named", "undetectable", "silent", "failed_boots")])))
    rmtree(work)


def main():
    # A last argument "lfs": every save takes the littlefs way on these
    # folders (storage.FORCE, as the portable tests force it); "fat" or none:
    # the temp file and rename of FAT and desktop folders.
    if sys.argv[-1] in ("lfs", "fat"):
        storage.FORCE = sys.argv.pop() == "lfs"
    cmd = sys.argv[1]
    if cmd == "corrupt":
        corrupt(sys.argv[2] == "full", sys.argv[3])
        return
    if cmd == "cuts":
        names = sys.argv[2].split(",")
        stride = int(sys.argv[3])
        work = sys.argv[4]
        for name in names:
            counts = {"cuts": 0, "torn": 0, "boots": 0, "acknowledged_lost": 0, "wrong_resume": 0,
                      "log_ahead": 0, "failed_boots": 0}
            flash, tracker = run_session(name, stride, work)
            counts["cuts"] = flash.kept
            counts["torn"] = flash.torn
            check_all(flash, work, counts, name)
            counts["ended_games"] = tracker.ended
            counts["actions"] = tracker.actions
            rmtree(work)
            print("FAULTS session=%s %s" % (name, " ".join(["%s=%d" % (k, counts[k]) for k in (
                "cuts", "torn", "boots", "acknowledged_lost", "wrong_resume", "log_ahead",
                "failed_boots", "ended_games", "actions")])))


main()
