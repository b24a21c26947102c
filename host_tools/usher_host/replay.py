"""`usher replay`: a pulled game log (or a saved game) replayed on the
desktop with the firmware's own engines (usher.core.game.replay on CPython;
PL-10: the same actions from the same seed give the identical state).

Input: a saved game record {"game", "options", "seed", "actions"}, or the
JSON lines of `usher logs` in the device log format (docs/log-format.md), or
a log folder as the device and the simulator write it (log1.jsonl, then
log0.jsonl, then on littlefs log.tail; a data folder with log/ in it, e.g.
the simulator's out/sim-data):
a "game" entry {"game", "seed", "options"} starts a game, each "action"
entry appends its action, an "undo" entry {"actions": n} cuts the game back
to its first n actions. The simulator's logs before the device format
(`["kind", data]` lines in out/sim-data/log.jsonl) are read too. With
--saved, the replayed state is compared with the device's saved game and
every difference is listed.
"""
import json
import os
import sys

from usher_host.errors import HostError
from usher_host.layout import LOG_FILES, LOG_FOLDER

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher import games  # noqa: E402
from usher.core import game as core  # noqa: E402
from usher.core import gamefile, storage  # noqa: E402
from usher.device import log as flashlog  # noqa: E402


def _is_start(d):
    return isinstance(d, dict) and "game" in d and "seed" in d and "options" in d


def games_in_log(entries, notes=None, ends=None):
    """Records rebuilt from log entries (docs/log-format.md), oldest first.

    A "resume" entry (the App's first line after a boot) says how many
    actions the game it came back to has: when the log holds one fewer, the
    line of the last action before the power cut was lost (saved first,
    logged second); the record then has None in its place and lists the
    index in record["missing"]. When the log holds more, an undo line was
    lost and the record is cut back. notes (a list) gets one line per entry
    that could not be used; ends (a list) gets, for each record, the data
    of the "end" entry that closed it (None for a game left open)."""
    records = []
    ends = ends if ends is not None else []
    current = None
    for i, e in enumerate(entries):
        if not isinstance(e, dict):
            continue
        kind = e.get("k")
        d = e.get("d")
        if kind == "saved" and _is_start(d) and isinstance(d.get("actions"), list):
            # the board's running game as `usher logs` read it from its save
            # (on littlefs its actions have no log lines, PL-17)
            if current is None or current["game"] != d["game"] or current["seed"] != d["seed"]:
                current = {"game": d["game"], "options": d["options"], "seed": d["seed"], "actions": []}
                records.append(current)
                ends.append(None)
            _take_actions(current, d["actions"])
            continue
        if kind == "game":
            if _is_start(d):
                current = {"game": d["game"], "options": d["options"], "seed": d["seed"], "actions": []}
                records.append(current)
                ends.append(None)
                if isinstance(d.get("actions"), list):
                    # a game brought back after it was abandoned (PL-21) starts
                    # again with the actions it had
                    _take_actions(current, d["actions"])
            elif notes is not None:
                notes.append("entry %d: a game start without game, seed and options" % (i + 1))
            continue
        if current is None:
            continue
        if kind == "action":
            if isinstance(d, dict):
                current["actions"].append(d)
            elif notes is not None:
                notes.append("entry %d: an action entry whose data is %s, not an action" % (
                    i + 1, "null" if d is None else type(d).__name__))
        elif kind == "undo":
            if isinstance(d, dict) and isinstance(d.get("actions"), int):
                del current["actions"][max(0, d["actions"]):]
            elif notes is not None:
                notes.append("entry %d: an undo entry without its number of actions" % (i + 1))
        elif kind == "resume" and isinstance(d, dict):
            if d.get("game") != current["game"] or d.get("seed") != current["seed"]:
                current = None      # the game ended (or another began) and that line was lost
                ends[-1] = {}       # (closed: not the running game)
                continue
            n, have = d.get("actions"), len(current["actions"])
            if isinstance(n, int) and 0 <= n < have:
                del current["actions"][n:]          # an undo whose line was lost
            elif isinstance(n, int) and n > have:
                current.setdefault("missing", []).extend(range(have, n))
                current["actions"].extend([None] * (n - have))
        elif kind == "end":
            # PL-17: on the device the end entry carries the game's actions,
            # or names its kept play (with_kept_moves puts them in)
            if isinstance(d, dict) and isinstance(d.get("moves"), list) and d.get("game") == current["game"] \
                    and d.get("seed", current["seed"]) == current["seed"]:
                _take_actions(current, d["moves"])
            ends[-1] = d if isinstance(d, dict) else {}   # (current is always the newest record)
            current = None
    return records


def with_kept_moves(entries, data_dir, read_file, found=None):
    """PL-17: an "end" entry that names its kept play ({"play": n}, no
    "moves") gets the play's actions as "moves" from its record
    (usher.ui.playlog.play_path(data_dir, n); read_file(path) gives its
    bytes or None), read as the device reads it (kept_record: the file, its
    temp copy, its previous copy). Left as it is when no copy can be used
    (only the newest plays keep theirs, docs/history.md; or damaged) or the
    record is of another game. found (a dict) gets play number -> (record
    or None, source, problems) for each record read. Returns entries."""
    for e in entries:
        d = e.get("d") if isinstance(e, dict) and e.get("k") == "end" else None
        if not isinstance(d, dict) or "moves" in d or not isinstance(d.get("play"), int):
            continue
        rec, source, problems = kept_record(data_dir, d["play"], read_file, d)
        if found is not None:
            found[d["play"]] = (rec, source, problems)
        if rec is not None:
            d["moves"] = rec["actions"]
    return entries


def kept_record(data_dir, n, read_file=None, end=None):
    """(record or None, source, problems) of kept play n: its file, then its
    temp copy, then its previous copy (.bak), the first that passes the
    device's checks (as usher.core.storage.load_checked: source "main",
    "recovered", "backup" or "none"; problems "NAME: what is wrong" for each
    copy set aside, and "NAME: missing" when the file itself is gone). With
    end (the log's "end" entry), a copy must be that play: the same game,
    seed and number of actions."""
    from usher.ui import playlog
    read_file = read_file or _file_or_none
    path = playlog.play_path(data_dir, n)
    problems = []
    for cand, source in ((path, "main"), (path + ".tmp", "recovered"), (path + ".bak", "backup")):
        raw = read_file(cand)
        if raw is None:
            continue
        try:
            rec = _kept_checked(gamefile.unpacked(storage.decode_bytes(raw)), end)
        except Exception as e:  # any reason a copy cannot be used, said as it is
            if source != "recovered":           # (a torn temp file is a cut's debris)
                problems.append("%s: %s" % (_base(cand), _why(e)))
            continue
        if source == "backup" and read_file(path) is None:
            problems.insert(0, "%s: missing" % _base(path))
        return rec, source, problems
    if not problems:
        problems.append("%s: missing" % _base(path))
    return None, "none", problems


def _kept_checked(rec, end):
    core.check_record(rec)
    if rec["game"] not in games.ids():
        raise ValueError("unknown game %s" % json.dumps(rec["game"])[:30])
    if end is not None and (rec["game"] != end.get("game") or rec["seed"] != end.get("seed")
                            or len(rec["actions"]) != end.get("actions")):
        raise ValueError("it holds another play (%s, seed %s, %d actions)" % (
            rec["game"], rec["seed"], len(rec["actions"])))
    return rec


def _base(path):
    return path.replace("\\", "/").split("/")[-1]


def _why(e):
    if isinstance(e, OSError):
        return "cannot be read"
    return str(e) or type(e).__name__


def _file_or_none(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _take_actions(record, actions):
    """The record's actions are the saved ones (every one an action dict)."""
    if all(isinstance(a, dict) for a in actions):
        record["actions"] = list(actions)
        record.pop("missing", None)


def _kept_play(obj, which, path):
    """A play of the `usher history pull` JSON (docs/history.md) as a
    record: which is the play number (-1: the last play). (A kept play's own
    file, history/pNNNNN.json, is a record already.)"""
    if isinstance(obj, dict) and obj.get("format") == "usher-history":
        plays = [p for p in obj.get("plays", []) if "record" in p]
        if not plays:
            raise HostError("%s holds no play with its actions." % path)
        if which == -1:
            return plays[-1]["record"]
        for p in plays:
            if p["n"] == which:
                return p["record"]
        raise HostError("%s has no play #%d with its actions (plays: %s)." % (
            path, which, ", ".join("#%d" % p["n"] for p in plays)))
    return None


def _decode(raw, path):
    try:
        return raw.decode("utf-8"), 0
    except UnicodeDecodeError:
        pass
    if b"\n" not in raw.strip():
        raise HostError("%s is not UTF-8 text: not a log pulled with `usher logs` nor a saved game." % path)
    # A log: lines with a bad byte are skipped (and counted), as the device does.
    good, bad = [], 0
    for line in raw.split(b"\n"):
        try:
            good.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            bad += 1
    return "\n".join(good), bad


def log_folder(path):
    """The folder of a device-format log: path itself, or path/log (a data
    folder: the simulator's --data, a copy of the board's /data); None."""
    for folder in (path, os.path.join(path, LOG_FOLDER)):
        if any(os.path.isfile(os.path.join(folder, name)) for name in LOG_FILES):
            return folder
    return None


def _read(path):
    try:
        if os.path.isdir(path):
            folder = log_folder(path)
            if folder is None:
                raise HostError("%s is a folder without a log (no %s in it or in its %s/ folder); give a "
                                "log file, a log folder or a saved game." % (path, " or ".join(LOG_FILES),
                                                                             LOG_FOLDER))
            parts = []
            for name in LOG_FILES:          # oldest first, as usher.device.log.read_all
                name = os.path.join(folder, name)
                if os.path.isfile(name):
                    with open(name, "rb") as f:
                        parts.append(f.read())
                else:
                    parts.append(b"")
            # the tail's lines that log0.jsonl already ends with are left out
            before = flashlog.parse(parts[1]) or flashlog.parse(parts[0])
            parts[2] = flashlog.tail_after(parts[2], before[-1] if before else None)[0]
            return b"\n".join(parts)
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise HostError("Cannot read %s: %s." % (path, e.strerror or e)) from None
    return raw


def _old_simulator_entry(e, i):
    """A line of the simulator's log before it wrote the device format
    (`["kind", data]`, out/sim-data/log.jsonl): the same entry as the device's."""
    if isinstance(e, list) and len(e) == 2 and isinstance(e[0], str):
        return {"b": 1, "n": i + 1, "k": e[0], "d": e[1]}
    return e


def _checked(record, path):
    try:
        core.check_record(record)
    except ValueError as e:
        raise HostError("%s is not a saved game: %s." % (path, e)) from None
    return record


def _log_entries(path, notes, problems=None):
    """The entries of a log: a log folder's files (log1.jsonl, log0.jsonl,
    then log.tail without the lines log0.jsonl already has) or one file of
    JSON lines. A line that does not read (torn by a power cut, not UTF-8,
    a seal that does not match: flash damage, PL-23) is skipped and named,
    file and line number, in problems (or notes when not given)."""
    said = problems if problems is not None else notes
    folder = log_folder(path) if os.path.isdir(path) else None
    if folder is not None:
        parts = []
        for name in LOG_FILES:          # oldest first, as usher.device.log.read_all
            try:
                with open(os.path.join(folder, name), "rb") as f:
                    raw = f.read()
            except OSError:
                raw = b""
            skipped = []
            parts.append(flashlog.parse(raw, skipped, name))
            said.extend(x + ", skipped" for x in skipped)
        return flashlog.merged(*parts)
    with open(path, "rb") as f:
        raw = f.read()
    entries = []
    n = 0
    for line in raw.split(b"\n"):
        n += 1
        if not line.strip():
            continue
        try:
            entries.append(storage.decode_bytes(line))
        except ValueError as e:
            said.append("%s line %d: %s, skipped" % (_base(path), n, e))
    return entries


def load_record(path, which=-1, notes=None, problems=None, running=True):
    """The record in path: a saved game (JSON) or a game of a log (JSON
    lines, the last one by default; a data folder: folder_games, whose
    running game comes from its game.json unless running is False). notes
    (a list) gets a line for each line or entry that was skipped, problems
    (a list) one for each damaged or missing file read (PL-23). HostError
    when the game asked for cannot be replayed."""
    return load_game(path, which, notes, problems, running)["record"]


def load_game(path, which=-1, notes=None, problems=None, running=True):
    """load_record's game as an item (_item): with "short" (a note saying
    what is missing) when the record may not be all the game had (a file it
    came from was damaged)."""
    notes = notes if notes is not None else []
    problems = problems if problems is not None else []
    if os.path.isdir(path):
        return _chosen(folder_games(path, notes, problems, running), which, path)
    if path.endswith(".json") and (_base(path) == GAME_FILE or os.path.isfile(gamefile.tail_path(path))):
        # a board's running game: its base, on littlefs its tail of newest
        # actions (usher.core.gamefile, PL-17), and their copies, read as
        # the device resumes it
        if not [s for s in ("", ".tmp", ".bak") if os.path.isfile(path + s)]:
            _read(path)                     # (named: "Cannot read ...")
        rec, source, said, lost = saved_game(os.path.dirname(os.path.abspath(path)), _base(path))
        if rec is None:
            raise HostError("%s cannot be replayed: %s." % (path, _paths(path, said)))
        lines, note = _saved_said(path, rec, source, said, lost)
        problems.extend(lines)
        item = _item(_checked(rec, path), None)
        item["short"] = note
        return item
    if _has_copy(path):
        # a kept play's record gone, its temp or previous copy there (PL-23)
        rec, source, said = _copy_of(path)
        if rec is None:
            raise HostError("%s cannot be replayed: %s." % (path, _paths(path, said)))
        problems.extend(_said_with_copy(path, source, said, "replayed"))
        return _item(_checked(rec, path), None)
    text, bad = _decode(_read(path), path)
    try:
        # a saved game or kept play: its seal checked; a board's base with its
        # actions as rows read as a record (usher.core.gamefile, PL-17)
        obj = gamefile.unpacked(storage.decode(text))
        kept = _kept_play(obj, which, path)
        if kept is not None:
            return _item(_checked(kept, path), None)
    except ValueError as e:
        obj = None
        if "\n" not in text.strip() and text.strip().startswith("{"):
            # one JSON object that does not read: a kept play's record, say,
            # whose temp or previous copy may (PL-23)
            rec, source, said = _copy_of(path)
            if rec is None:
                raise HostError("%s is not a saved game: %s." % (path, _why(e))) from None
            problems.extend(_said_with_copy(path, source, said, "replayed"))
            return _item(_checked(rec, path), None)
        entries = _log_entries(path, notes, problems)
    else:
        if bad:
            notes.append("%d line(s) with bytes that are not UTF-8 were skipped" % bad)
        if isinstance(obj, dict) and "k" not in obj:
            return _item(_checked(obj, path), None)     # a saved game
        entries = [obj]
    entries = [_old_simulator_entry(e, i) for i, e in enumerate(entries)]
    ends = []
    records = games_in_log(entries, notes, ends)
    return _chosen([_item(rec, end) for rec, end in zip(records, ends)], which, path)


def _chosen(items, which, path):
    if not items:
        raise HostError("%s holds no game: neither a saved game nor a log with a game start." % path)
    try:
        item = items[which]
    except IndexError:
        raise HostError("%s holds %d game(s); there is no game %d." % (path, len(items), which)) from None
    if item["record"] is None:
        raise HostError("%s: game %d, %s, is not replayed: %s." % (
            path, items.index(item), _about(item), item["lost"] or item["gone"]))
    return item


# --- a data folder: its log, its kept plays, its running game (PL-23) --------------

GAME_FILE = "game.json"             # usher.ui.persist.GAME_FILE


def _item(rec, end, what=None):
    """One game of a log or data folder: its record (None when it cannot be
    replayed), what it is, and why it is not replayed: lost (a file it needs
    is damaged or missing) or gone (its actions are not kept by design)."""
    item = {"record": rec, "what": what, "lost": None, "gone": None, "short": None,
            "game": rec.get("game"), "seed": rec.get("seed"), "actions": len(rec.get("actions") or [])}
    if isinstance(end, dict) and isinstance(end.get("play"), int):
        n = end["play"]
        item["what"] = what or "play #%d" % n
        item["actions"] = end.get("actions") if isinstance(end.get("actions"), int) else item["actions"]
        if "moves" not in end:
            # PL-17: its actions are in its record, not in the log; never
            # shown as a game of fewer actions than it had
            item["record"] = None
            item["lost"] = "its actions are in its kept record (history/p%05d.json), not in the log" % n
    return item


def _about(item, what=True):
    """"play #3 (history/p00003.json), Seat Wars, seed 5, 29 actions" (what
    False: from the game's title on)."""
    parts = [item["what"]] if item.get("what") and what else []
    gid = item.get("game")
    if gid is not None:
        parts.append(games.title(gid) if gid in games.ids() else json.dumps(gid)[:30])
        parts.append("seed %s" % item.get("seed"))
    if isinstance(item.get("actions"), int):
        parts.append("%d actions" % item["actions"])
    return ", ".join(parts)


def data_folder(path):
    """The data folder path is or is in (its log folder), or None: a log
    folder on its own, or not a folder."""
    from usher.ui import playlog
    path = os.path.abspath(path)
    if not os.path.isdir(path):
        return None
    if os.path.basename(path) == LOG_FOLDER and log_folder(path) == path:
        return os.path.dirname(path)
    if os.path.isdir(os.path.join(path, LOG_FOLDER)) or os.path.isdir(os.path.join(path, playlog.FOLDER)):
        return path
    for suffix in ("", ".tmp", ".bak"):
        if os.path.isfile(os.path.join(path, GAME_FILE + suffix)):
            return path
    return None


def saved_game(data_dir, name=GAME_FILE):
    """(record or None, source, problems, lost): the running game in
    data_dir as the device resumes it (usher.core.gamefile.GameFile.load:
    the base, its temp copy, its backup, each with the tails that continue
    it; checked by replaying it, usher.ui.persist.check_game), without
    writing anything. lost: the acknowledged actions the damage cost (0, or
    None when the damaged files cannot say, PL-23). source "none" with no
    problems: no saved game."""
    from usher.ui import persist
    path = os.path.join(data_dir, name)
    if not [s for s in ("", ".tmp", ".bak") if os.path.isfile(path + s)]:
        return None, "none", [], 0     # (a tail alone continues no base: an ended game's)
    saved = gamefile.GameFile(path)
    saved._atomic = True        # a board's files as littlefs holds them, tails included

    def check(rec):
        return persist.check_game(rec, games.engine)[0]

    try:
        rec, source, problems = saved.load(check, tidy=False)
    except storage.StorageError as e:
        return None, "none", list(e.problems), None
    return rec, source, problems, saved.lost


def _paths(path, said):
    """problems ("NAME: what") with NAME as a path beside path."""
    folder = os.path.dirname(path)
    return "; ".join(os.path.join(folder, p) for p in said)


def _lost_words(lost):
    if lost is None:
        return "an unknown number of actions (the damaged file cannot say how many)"
    return "%d action%s" % (lost, "" if lost == 1 else "s")


def _saved_said(path, rec, source, said, lost):
    """(what to say about the running game read from path, one line for
    each damaged file: nothing when its files were whole; a short note for
    its line of output when the game replayed is not all it had, or None).
    lost: the acknowledged actions the damage cost, as the device counts
    them (usher.core.gamefile.GameFile.lost, PL-23)."""
    tail = _base(gamefile.tail_path(path)) + ":"
    base_said = [p for p in said if not p.startswith(tail)]
    tail_said = [p for p in said if p.startswith(tail)]
    lines, notes = [], []
    if source == "backup":
        if lost == 0:
            lines.append("%s; the running game is replayed from its previous copy %s.bak and the "
                         "newest actions after it (%d actions), as the device resumes it: nothing is "
                         "lost" % (_paths(path, base_said), _base(path), len(rec["actions"])))
        else:
            lines.append("%s; the running game is replayed from its previous copy %s.bak (%d actions), as "
                         "the device resumes it: %s played after that copy %s lost" % (
                             _paths(path, base_said), _base(path), len(rec["actions"]), _lost_words(lost),
                             "is" if lost == 1 else "are"))
            notes.append("from %s.bak: %s lost" % (_base(path), _lost_words(lost)))
    elif base_said:
        lines.extend(_said_with_copy(path, source, base_said, "used"))
    if tail_said and source != "backup":
        lines.append("%s; the running game's actions after those in %s are lost (%s): it is replayed "
                     "with %d, as the device resumes it" % (_paths(path, tail_said), _base(path),
                                                            _lost_words(lost), len(rec["actions"])))
        notes.append("without the actions %s held" % tail[:-1])
    elif tail_said:
        lines.append(_paths(path, tail_said))
    return lines, ("; ".join(notes) or None)


def _has_copy(path):
    return path.endswith(".json") and not os.path.exists(path) and \
        (os.path.isfile(path + ".tmp") or os.path.isfile(path + ".bak"))


def _copy_of(path):
    """A JSON file's temp copy or previous copy (.bak) as a record, when
    one reads: (record or None, source, problems)."""
    said = []
    if not os.path.exists(path):
        said.append("%s: missing" % _base(path))
    else:
        try:
            storage.decode_bytes(_read(path))
        except ValueError as e:
            said.append("%s: %s" % (_base(path), _why(e)))
    for cand, source in ((path + ".tmp", "recovered"), (path + ".bak", "backup")):
        if not os.path.isfile(cand):
            continue
        try:
            rec = _kept_checked(gamefile.unpacked(storage.decode_bytes(_read(cand))), None)
        except Exception as e:  # said as it is
            if source == "backup":
                said.append("%s: %s" % (_base(cand), _why(e)))
            continue
        return rec, source, said
    return None, "none", said


def _said_with_copy(path, source, said, done, why=""):
    """What to say when a copy of path was used for it (nothing when the
    file itself was: a torn temp file beside it is a cut's debris)."""
    if source == "backup":
        return ["%s; its previous copy %s.bak was %s instead%s" % (
            _paths(path, said), _base(path), done, why)]
    if source == "recovered" and said:
        return ["%s; its temp copy %s.tmp (a save cut between its renames) was %s instead%s" % (
            _paths(path, said), _base(path), done, why)]
    return []


def folder_games(path, notes=None, problems=None, running=True):
    """Every game of a data folder (or of a log folder), oldest first, as
    items (_item): the kept plays whose records are in its history but whose
    games the log no longer holds, then the log's games, the finished ones
    with their actions from their kept records, and the running game with
    its actions from game.json (running=False: as the log has it). problems
    (a list) gets one line for each damaged or missing file read, naming
    it and what was done (PL-23)."""
    from usher.ui import playlog
    notes = notes if notes is not None else []
    problems = problems if problems is not None else []
    data_dir = data_folder(path)
    entries = []
    if log_folder(path) is not None:
        _read(path)                         # (named: "Cannot read ...")
        entries = [_old_simulator_entry(e, i) for i, e in enumerate(_log_entries(path, notes, problems))]
    elif data_dir is None:
        _read(path)                         # "a folder without a log"
    found = {}
    if data_dir is not None:
        with_kept_moves(entries, data_dir, _file_or_none, found)
    ends = []
    records = games_in_log(entries, notes, ends)
    items = [_item(rec, end) for rec, end in zip(records, ends)]
    if data_dir is None:
        return items
    history = os.path.join(data_dir, playlog.FOLDER)
    on_file = _kept_numbers(history)
    lines = _history_lines(playlog.index_path(data_dir))
    # (on littlefs the newest lines may wait in plays.new.jsonl for a rest)
    for n, line in _history_lines(playlog.new_path(data_dir)).items():
        lines.setdefault(n, line)
    known = set(on_file) | set(found) | set(lines)
    # the log's kept plays: from their records, or said why not
    for item, end in zip(items, ends):
        n = end.get("play") if isinstance(end, dict) else None
        if not isinstance(n, int) or n not in found:
            continue
        rec, source, said = found[n]
        item["what"] = "play #%d (%s/%s)" % (n, playlog.FOLDER, _base(playlog.play_path(data_dir, n)))
        item["lost"] = None
        if rec is not None:
            # (its actions are in the log's record now: with_kept_moves; a
            # copy used is the same play, its game, seed and count checked)
            problems.extend(_said_with_copy(playlog.play_path(data_dir, n), source, said, "used",
                                            ": the same play, %d actions as the log says"
                                            % len(rec["actions"])))
        elif n not in on_file and len([k for k in known if k > n]) >= playlog.ACTIONS_CAP:
            item["gone"] = ("its actions are no longer kept (only the newest %d plays keep theirs, "
                            "docs/history.md)" % playlog.ACTIONS_CAP)
        else:
            item["lost"] = _paths(playlog.play_path(data_dir, n), said)
            problems.append("%s; play #%d (%s) is not replayed" % (item["lost"], n, _about(item, False)))
    # kept plays whose games the log no longer holds, before the log's (a
    # log with a line per action, the simulator's, has them in full: its
    # game of the same seed and count is the play)
    by_game = {}
    for item, end in zip(items, ends):
        if isinstance(end, dict) and "play" not in end and item["record"] is not None:
            by_game[(item["game"], item["seed"], len(item["record"]["actions"]))] = item
    older = {}
    for n in on_file:
        if n in found:
            continue
        rec, source, said = kept_record(data_dir, n)
        what = "play #%d (%s/%s)" % (n, playlog.FOLDER, _base(playlog.play_path(data_dir, n)))
        # (its game, seed and count: from the record, or its history line)
        line = rec or lines.get(n) or {}
        count = len(rec["actions"]) if rec else line.get("actions")
        same = by_game.pop((line.get("game"), line.get("seed"), count), None)
        if same is not None:
            same["what"] = what
            if rec is None:
                problems.append("%s; play #%d is replayed from the log, which has its %d actions" % (
                    _paths(playlog.play_path(data_dir, n), said), n, count))
        elif rec is not None:
            older[n] = _item(rec, None, what)
            problems.extend(_said_with_copy(playlog.play_path(data_dir, n), source, said, "used"))
        else:
            older[n] = {"record": None, "what": what, "lost": _paths(playlog.play_path(data_dir, n), said),
                        "gone": None, "short": None, "game": line.get("game"), "seed": line.get("seed"),
                        "actions": count if isinstance(count, int) else None}
            problems.append("%s; play #%d%s is not replayed" % (
                older[n]["lost"], n, " (%s)" % _about(older[n], False) if line else ""))
    if running:
        _with_running_game(items, ends, data_dir, problems, older)
    return [older[n] for n in sorted(older)] + items


def _with_running_game(items, ends, data_dir, problems, older):
    """The running game from game.json (PL-17: on the device its actions are
    there, not in the log): it gives the log's open game (the same game and
    seed) its actions, or is added after the log's games. Without game.json
    the log's open game is the newest kept play when that is the same game
    (a cut after the play was kept, before its "end" line), else its file
    is named missing."""
    path = os.path.join(data_dir, GAME_FILE)
    rec, source, said, lost = saved_game(data_dir)
    last = items[-1] if items and ends[-1] is None and items[-1]["record"] is not None else None
    what = "the running game (%s)" % GAME_FILE
    if rec is not None:
        lines, note = _saved_said(path, rec, source, said, lost)
        problems.extend(lines)
        if last is not None and last["game"] == rec["game"] and last["seed"] == rec["seed"]:
            item = last
            item.update({"record": rec, "what": what, "actions": len(rec["actions"])})
        else:
            item = _item(rec, None, what)
            items.append(item)
        item["short"] = note
        return
    if last is None:
        if said:
            items.append({"record": None, "what": what, "lost": _paths(path, said), "gone": None,
                          "short": None, "game": None, "seed": None, "actions": None})
            problems.append("%s; the running game is not replayed" % _paths(path, said))
        return
    if not said:
        newest = max(older) if older else None
        kept = older.get(newest) if newest is not None else None
        if kept is not None and kept["record"] is not None and \
                (kept["game"], kept["seed"]) == (last["game"], last["seed"]):
            items[-1] = older.pop(newest)
            return
        said = ["%s: missing" % GAME_FILE]
    lost = _paths(path, said)
    if last["record"]["actions"] and not last["record"].get("missing"):
        # (a log with a line per action: the simulator's)
        last.update({"what": "the running game (from the log)",
                     "short": "%s cannot be used: the log's actions" % GAME_FILE})
        problems.append("%s; the running game is replayed from the log's %d actions" % (
            lost, len(last["record"]["actions"])))
        return
    # (on the device the log has no line per action: they are in game.json,
    # counted only by a "resume" line since the game began)
    last.update({"record": None, "what": what, "lost": lost,
                 "actions": last["actions"] if last["record"].get("missing") else None})
    problems.append("%s; the running game (%s) is not replayed" % (lost, _about(last, False)))


def _kept_numbers(history):
    """The play numbers of the records in a history folder (any copy)."""
    out = set()
    try:
        names = os.listdir(history)
    except OSError:
        return []
    for name in names:
        for suffix in (".json", ".json.tmp", ".json.bak"):
            if name.startswith("p") and name.endswith(suffix) and name[1:-len(suffix)].isdigit():
                out.add(int(name[1:-len(suffix)]))
    return sorted(out)


def _history_lines(path):
    """{play number: its line} of a history's lines that read (nothing
    written: the device's repair is not run here)."""
    out = {}
    try:
        for _ln, obj, _txt, reason in storage.read_lines(path):
            if reason is None and isinstance(obj, dict) and isinstance(obj.get("n"), int):
                out[obj["n"]] = obj
    except OSError:
        pass
    return out


def replay_record(record, upto=None, source=None):
    """The state after the record's actions (the first upto); HostError
    naming source (the file) and the action when it cannot be replayed."""
    where = (source + ": ") if source else ""
    gid = record.get("game")
    if gid not in games.ids():
        raise HostError("%sunknown game %s; this firmware has %s." % (
            where, json.dumps(gid)[:40], ", ".join(games.ids())))
    try:
        eng = games.engine(gid)
    except ImportError:
        raise HostError("The %s engine is not part of this firmware." % gid) from None
    try:
        eng.new_game(record["options"], record["seed"])
    except (core.GameError, KeyError, TypeError, IndexError, AttributeError, ValueError) as e:
        raise HostError("%sthe game's options cannot start %s (%s)." % (where, games.title(gid), e)) from None
    n = len(record["actions"]) if upto is None else upto
    try:
        return core.replay(eng, record, n)
    except core.GameError as e:
        raise HostError("%sreplay failed at action %d: %s (the log does not match this firmware's rules)."
                        % (where, _first_failing(eng, record, n) + 1, e)) from None
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as e:
        raise HostError("%sreplay failed at action %d: it is not an action of this game (%s)." % (
            where, _first_failing(eng, record, n) + 1, type(e).__name__)) from None


def _first_failing(eng, record, n):
    state = eng.new_game(record["options"], record["seed"])
    for i in range(n):
        try:
            state = eng.apply(state, record["actions"][i])
        except Exception:  # the caller reports it with the engine's own message
            return i
    return n - 1


def differences(a, b, path="state"):
    """Human-readable list of where two JSON values differ."""
    if type(a) is not type(b):
        return ["%s: %s vs %s" % (path, json.dumps(a)[:60], json.dumps(b)[:60])]
    if isinstance(a, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in a:
                out.append("%s.%s: only on the device" % (path, k))
            elif k not in b:
                out.append("%s.%s: only in the replay" % (path, k))
            else:
                out.extend(differences(a[k], b[k], "%s.%s" % (path, k)))
        return out
    if isinstance(a, list):
        if len(a) != len(b):
            return ["%s: %d items vs %d" % (path, len(a), len(b))]
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out.extend(differences(x, y, "%s[%d]" % (path, i)))
        return out
    return [] if a == b else ["%s: %s vs %s" % (path, json.dumps(a)[:60], json.dumps(b)[:60])]


def summary(gid, state):
    """A few readable lines about a game's state: phase, round, scores."""
    out = []
    phase = state.get("phase")
    where = []
    for key in ("round", "act", "turn"):
        if isinstance(state.get(key), int):
            where.append("%s %d" % (key, state[key]))
    out.append("phase: %s%s" % (phase, (", " + ", ".join(where)) if where else ""))
    if gid == "takeaseat" and isinstance(state.get("result"), dict):
        r = state["result"]
        if "player" in r and "automa" in r:
            out.append("scores: you %s, Automa %s; winner: %s" % (
                r["player"].get("total"), r["automa"].get("total"), r.get("winner")))
        else:
            out.append("result: " + core.canonical_json(r)[:200])
    elif gid == "seatwars" and isinstance(state.get("players"), list):
        out.append("scores: " + ", ".join("%s %s" % (p.get("name"), p.get("total")) for p in state["players"]
                                           if isinstance(p, dict)))
    elif gid == "multisala" and isinstance(state.get("totals"), list):
        out.append("scores: " + ", ".join("P%d %s" % (i + 1, t) for i, t in enumerate(state["totals"])))
    elif gid == "theatre" and isinstance(state.get("players"), list):
        alive = state.get("alive")
        decks = state.get("deck")
        parts = []
        for i, name in enumerate(state["players"]):
            part = str(name)
            if isinstance(decks, list) and i < len(decks) and isinstance(decks[i], list):
                part += " deck %d" % len(decks[i])
            if isinstance(alive, list) and i < len(alive) and not alive[i]:
                part += " (out)"
            parts.append(part)
        out.append("players: " + ", ".join(parts))
    winners = state.get("winners")
    if isinstance(winners, list) and winners and gid in ("theatre", "seatwars"):
        names = []
        for w in winners:
            p = state["players"][w] if isinstance(w, int) and w < len(state.get("players", [])) else w
            names.append(p.get("name") if isinstance(p, dict) else str(p))
        out.append("winner: " + ", ".join(names))
    return out


def _check_png_dir(png_dir):
    if os.path.exists(png_dir) and not os.path.isdir(png_dir):
        raise HostError("--png %s is a file; give a folder for the screen." % png_dir)
    parent = os.path.dirname(os.path.abspath(png_dir))
    while parent and not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if parent and not os.path.isdir(parent):
        raise HostError("--png %s: %s is a file, not a folder." % (png_dir, parent))


def _fill_from_saved(record, device_record, out):
    """Put the saved game's actions into the holes the log left."""
    missing = record.get("missing") or []
    same_game = all(device_record.get(k) == record.get(k) for k in ("game", "seed", "options"))
    filled = []
    for i in missing:
        if same_game and i < len(device_record["actions"]):
            record["actions"][i] = device_record["actions"][i]
            filled.append(i)
    for i in filled:
        out("note: action %d's log line was lost at a power cut (docs/log-format.md); "
            "it is taken from the saved game" % (i + 1))
    record["missing"] = [i for i in missing if i not in filled]


def _stderr(text):
    print(text, file=sys.stderr)


def _holes(record, out):
    """The record to replay when the log lost action lines (record
    "missing"): the actions before the first hole, said so."""
    if not record.get("missing"):
        return record
    upto = record["missing"][0]
    out("note: the log lacks action %d (its line was lost at a power cut, docs/log-format.md); "
        "replaying the %d action(s) before it. Give --saved with the board's game.json "
        "(from `usher backup`) to fill it in." % (upto + 1, upto))
    return {"game": record["game"], "options": record["options"], "seed": record["seed"],
            "actions": record["actions"][:upto]}


def every_game(path, out=print, err=None, show_state=False):
    """`usher replay DATA`: every game of a data folder (folder_games), each
    a line saying which it is ("game N", the number --game takes) and its
    summary. Each damaged or missing file read is named on err; HostError
    (exit status 1) at the end when a game could not be replayed whole."""
    err = err or _stderr
    notes, problems = [], []
    try:
        items = folder_games(path, notes, problems)
    finally:
        for p in problems:
            err(p)
    for n in notes:
        out("note: " + n)
    if not items:
        raise HostError("%s holds no game: no log with a game start, no kept play, no saved game." % path)
    failed = len([n for n in notes if n.startswith("entry ")])
    for i, item in enumerate(items):
        head = "game %d: %s" % (i, _about(item))
        if item["record"] is None:
            out("%s: not replayed, %s" % (head, item["lost"] or item["gone"]))
            failed += 1 if item["lost"] else 0
            continue
        record = _holes(item["record"], out)
        try:
            state = replay_record(record, source=path)
        except HostError as e:
            out("%s: not replayed, %s" % (head, e))
            failed += 1
            continue
        out(head + (" (%s)" % item["short"] if item["short"] else ""))
        for line in summary(record["game"], state):
            out("  " + line)
        if show_state:
            out("  final state: " + core.canonical_json(state))
        failed += 1 if item["short"] else 0
    if failed:
        raise HostError("%s: %d of %d game(s) could not be replayed whole (said above)." % (
            path, failed, len(items)))
    return 0


def command(path, png_dir=None, saved=None, game=None, out=print, show_state=False, err=None):
    """`usher replay`: game None is the last game, or on a data folder
    (without --saved and --png) every game (every_game). Damaged or missing
    files read are named on err (PL-23)."""
    err = err or _stderr
    # Arguments first: nothing is replayed when one of them cannot be used.
    if not (os.path.isdir(path) and data_folder(path) is not None) and not _has_copy(path):
        _read(path)
    if saved:
        _read(saved)
    if png_dir:
        _check_png_dir(png_dir)
    if os.path.isdir(path) and game is None and not saved and not png_dir:
        return every_game(path, out, err, show_state)
    notes, problems = [], []
    try:
        item = load_game(path, -1 if game is None else game, notes, problems, running=not saved)
        device_record = load_record(saved, -1, None, problems) if saved else None
    finally:
        for p in problems:
            err(p)
    record = item["record"]
    unusable = len([n for n in notes if n.startswith("entry ")])
    for n in notes:
        out("note: " + n)
    title = games.title(record["game"]) if record.get("game") in games.ids() else record.get("game")
    if device_record is not None and record.get("missing"):
        _fill_from_saved(record, device_record, out)
    record = _holes(record, out)
    state = replay_record(record, source=path)
    out("%s, seed %s, %d actions" % (title, record["seed"], len(record["actions"])))
    for line in summary(record["game"], state):
        out("  " + line)
    if show_state:
        out("final state: " + core.canonical_json(state))
    if png_dir:
        render_png(record, png_dir, out, ui=ui_beside(saved or path))
    if device_record is None:
        if unusable:
            entries = "entry" if unusable == 1 else "entries"
            raise HostError("%s: %d log %s could not be used: the replay may be incomplete; compare it "
                            "with the saved game (--saved)." % (path, unusable, entries))
        if item["short"]:
            raise HostError("%s: the game replayed is not all it had (said above)." % path)
        return 0
    logged, dev = record["actions"], device_record["actions"]
    same_game = all(device_record.get(k) == record.get(k) for k in ("game", "seed", "options"))
    if same_game and len(dev) == len(logged) + 1 and dev[:-1] == logged:
        # docs/log-format.md: saved first, logged second. A power cut between
        # the two leaves the saved game one action ahead of the log.
        replay_record(device_record, source=saved)
        out("the saved game has one action more than the log: action %d, %s. Its log line was lost "
            "at a power cut (saved first, logged second); up to it the two are identical."
            % (len(dev), core.canonical_json(dev[-1])[:80]))
        return 0
    device_state = replay_record(device_record, source=saved)
    diffs = differences(json.loads(core.canonical_json(device_state)),
                        json.loads(core.canonical_json(state)), "state")
    header = []
    for key in ("game", "seed", "options"):
        if device_record.get(key) != record.get(key):
            header.append("%s: %s in the log, %s in the saved game" % (
                key, json.dumps(record.get(key))[:40], json.dumps(device_record.get(key))[:40]))
    if dev != logged:
        first = next((i for i in range(min(len(dev), len(logged))) if dev[i] != logged[i]), None)
        where = "" if first is None else "; they differ from action %d on" % (first + 1)
        header.append("actions: %d in the log, %d in the saved game%s" % (len(logged), len(dev), where))
    diffs = header + diffs
    if diffs:
        for d in diffs[:40]:
            out("  differs: " + d)
        if len(diffs) > 40:
            out("  ... and %d more" % (len(diffs) - 40))
        raise HostError("The replay of %s differs from the saved game %s in %d place(s)." % (
            path, saved, len(diffs)))
    out("identical to the device's saved game")
    return 0


def ui_beside(saved):
    """The UI state saved next to a backup's game.json (its ui.json: screen
    routes and settings, e.g. Take a Seat's "Automa step seen" mark), or
    None when there is none or it cannot be read. Looked up beside --saved,
    else beside the replayed file itself."""
    if not saved:
        return None
    path = os.path.join(os.path.dirname(os.path.abspath(saved)), "ui.json")
    try:
        with open(path, encoding="utf-8") as f:
            ui = storage.decode(f.read())
    except (OSError, ValueError):
        return None
    return ui if isinstance(ui, dict) else None


def render_screen(record, ui=None):
    """The screen the firmware's App shows for this game after a boot (PL-8):
    the canvas bytes (MONO_HLSB). With ui (the device's ui.json) it is the
    screen the device itself shows; without, the game's screen."""
    import tempfile

    from usher.core import storage
    from usher.ui.app import App
    from usher.ui.canvas import new_canvas
    if ui is None:
        ui = {"routes": ["launcher", "game"]}
    with tempfile.TemporaryDirectory() as data_dir:
        storage.save(os.path.join(data_dir, "game.json"), record)
        storage.save(os.path.join(data_dir, "ui.json"), ui)
        buf, canvas = new_canvas()
        App(canvas, data_dir).start()
        return bytes(buf)


def render_png(record, folder, out=print, ui=None):
    """The game's screen, drawn by the firmware UI on CPython, as PNG; with
    ui (the backup's ui.json) the screen the device shows."""
    try:
        from usher_host.picture import save_png
        import PIL  # noqa: F401
    except ImportError as e:
        raise HostError("Rendering screens needs Pillow: %s" % e) from None
    path = os.path.join(folder, "%s-%d.png" % (record["game"], len(record["actions"])))
    try:
        os.makedirs(folder, exist_ok=True)
        save_png(render_screen(record, ui), path)
    except OSError as e:
        raise HostError("Cannot write %s: %s." % (path, e.strerror or e)) from None
    out("screen: %s%s" % (path, " (as the device shows it, from the backup's ui.json)" if ui else ""))
    return path
