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


def games_in_log(entries, notes=None):
    """Records rebuilt from log entries (docs/log-format.md), oldest first.

    A "resume" entry (the App's first line after a boot) says how many
    actions the game it came back to has: when the log holds one fewer, the
    line of the last action before the power cut was lost (saved first,
    logged second); the record then has None in its place and lists the
    index in record["missing"]. When the log holds more, an undo line was
    lost and the record is cut back. notes (a list) gets one line per entry
    that could not be used."""
    records = []
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
            _take_actions(current, d["actions"])
            continue
        if kind == "game":
            if _is_start(d):
                current = {"game": d["game"], "options": d["options"], "seed": d["seed"], "actions": []}
                records.append(current)
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
            current = None
    return records


def with_kept_moves(entries, data_dir, read_file):
    """PL-17: an "end" entry that names its kept play ({"play": n}, no
    "moves") gets the play's actions as "moves" from its record
    (usher.ui.playlog.play_path(data_dir, n); read_file(path) gives its
    bytes or None). Left as it is when the record is gone (only the newest
    plays keep theirs, docs/history.md), damaged, or of another game.
    Returns entries."""
    from usher.ui import playlog
    for e in entries:
        d = e.get("d") if isinstance(e, dict) and e.get("k") == "end" else None
        if not isinstance(d, dict) or "moves" in d or not isinstance(d.get("play"), int):
            continue
        raw = read_file(playlog.play_path(data_dir, d["play"]))
        try:
            rec = gamefile.unpacked(storage.decode_bytes(raw)) if raw is not None else None
        except ValueError:
            rec = None
        if isinstance(rec, dict) and isinstance(rec.get("actions"), list) and \
                rec.get("game") == d.get("game") and rec.get("seed") == d.get("seed") and \
                len(rec["actions"]) == d.get("actions"):
            d["moves"] = rec["actions"]
    return entries


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


def load_record(path, which=-1, notes=None):
    """The record in path: a saved game (JSON) or a game of a log (JSON
    lines, the last one by default). notes (a list) gets a line for each
    line or entry that was skipped."""
    notes = notes if notes is not None else []
    tail = gamefile.tail_path(path)
    if path.endswith(".json") and os.path.isfile(path) and os.path.isfile(tail):
        # a board's game.json saved the littlefs way: its newest actions are
        # in game.tail beside it (usher.core.gamefile, PL-17)
        with open(tail, "rb") as f:
            tail_raw = f.read()
        rec = gamefile.merge_bytes(_read(path), tail_raw)
        if rec is not None and "k" not in rec:
            return _checked(rec, path)
    text, bad = _decode(_read(path), path)
    if bad:
        notes.append("%d line(s) with bytes that are not UTF-8 were skipped" % bad)
    try:
        # a saved game or kept play: its seal checked; a board's base with its
        # actions as rows read as a record (usher.core.gamefile, PL-17)
        obj = gamefile.unpacked(storage.decode(text))
        kept = _kept_play(obj, which, path)
        if kept is not None:
            return _checked(kept, path)
    except ValueError:
        obj = None
        entries = []
        torn = 0
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                entries.append(storage.decode(line))
            except ValueError:
                torn += 1
        if torn:
            notes.append("%d line(s) that are not JSON (torn by a power cut?) were skipped" % torn)
    else:
        if isinstance(obj, dict) and "k" not in obj:
            return _checked(obj, path)          # a saved game
        entries = [obj]
    entries = [_old_simulator_entry(e, i) for i, e in enumerate(entries)]
    folder = log_folder(path) if os.path.isdir(path) else None
    if folder is not None:
        with_kept_moves(entries, os.path.dirname(os.path.abspath(folder)), _file_or_none)
    records = games_in_log(entries, notes)
    if not records:
        raise HostError("%s holds no game: neither a saved game nor a log with a game start." % path)
    try:
        return records[which]
    except IndexError:
        raise HostError("%s holds %d game(s); there is no game %d." % (path, len(records), which)) from None


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


def command(path, png_dir=None, saved=None, game=-1, out=print, show_state=False):
    # Arguments first: nothing is replayed when one of them cannot be used.
    _read(path)
    if saved:
        _read(saved)
    if png_dir:
        _check_png_dir(png_dir)
    notes = []
    record = load_record(path, game, notes)
    unusable = len([n for n in notes if n.startswith("entry ")])
    device_record = load_record(saved) if saved else None
    for n in notes:
        out("note: " + n)
    title = games.title(record["game"]) if record.get("game") in games.ids() else record.get("game")
    if device_record is not None and record.get("missing"):
        _fill_from_saved(record, device_record, out)
    upto = None
    if record.get("missing"):
        upto = record["missing"][0]
        out("note: the log lacks action %d (its line was lost at a power cut, docs/log-format.md); "
            "replaying the %d action(s) before it. Give --saved with the board's game.json "
            "(from `usher backup`) to fill it in." % (upto + 1, upto))
        record = {"game": record["game"], "options": record["options"], "seed": record["seed"],
                  "actions": record["actions"][:upto]}
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
