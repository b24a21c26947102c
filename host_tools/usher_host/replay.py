"""`usher replay`: a pulled game log (or a saved game) replayed on the
desktop with the firmware's own engines (usher.core.game.replay on CPython;
PL-10: the same actions from the same seed give the identical state).

Input: a saved game record {"game", "options", "seed", "actions"}, or the
JSON lines of `usher logs` in the device log format (docs/log-format.md):
a "game" entry {"game", "seed", "options"} starts a game, each "action"
entry appends its action, an "undo" entry {"actions": n} cuts the game back
to its first n actions. With --saved, the replayed state is compared with the
device's saved game and every difference is listed.
"""
import json
import os
import sys

from usher_host.errors import HostError

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher import games  # noqa: E402
from usher.core import game as core  # noqa: E402


def _is_start(d):
    return isinstance(d, dict) and "game" in d and "seed" in d and "options" in d


def games_in_log(entries):
    """Records rebuilt from log entries (docs/log-format.md), oldest first."""
    records = []
    current = None
    for e in entries:
        if not isinstance(e, dict):
            continue
        kind = e.get("k")
        d = e.get("d")
        if kind == "game" and _is_start(d):
            current = {"game": d["game"], "options": d["options"], "seed": d["seed"], "actions": []}
            records.append(current)
        elif current is None:
            continue
        elif kind == "action" and isinstance(d, dict):
            current["actions"].append(d)
        elif kind == "undo" and isinstance(d, dict) and isinstance(d.get("actions"), int):
            del current["actions"][max(0, d["actions"]):]
        elif kind == "end":
            current = None
    return records


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


def load_record(path, which=-1):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise HostError("Cannot read %s: %s" % (path, e.strerror)) from None
    try:
        obj = json.loads(text)
        kept = _kept_play(obj, which, path)
        if kept is not None:
            return kept
        if isinstance(obj, dict) and "actions" in obj:
            return obj
        entries = [obj]
    except ValueError:
        entries = []
        for line in text.splitlines():
            try:
                entries.append(json.loads(line))
            except ValueError:
                pass
    if isinstance(entries and entries[0], dict) and _is_start(entries[0]) and "actions" in entries[0]:
        return entries[0]
    records = games_in_log(entries)
    if not records:
        raise HostError("%s holds no game: no record and no game start in the log." % path)
    try:
        return records[which]
    except IndexError:
        raise HostError("%s holds %d game(s); there is no game %d." % (path, len(records), which)) from None


def replay_record(record):
    gid = record.get("game")
    if gid not in games.ids():
        raise HostError("Unknown game %r in the record." % (gid,))
    try:
        eng = games.engine(gid)
    except ImportError:
        raise HostError("The %s engine is not part of this firmware." % gid) from None
    try:
        return core.replay(eng, record)
    except core.GameError as e:
        raise HostError("Replay failed: %s (the log does not match this firmware's rules)." % e) from None


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


def command(path, png_dir=None, saved=None, game=-1, out=print):
    record = load_record(path, game)
    state = replay_record(record)
    out("%s, seed %s, %d actions" % (games.title(record["game"]), record["seed"], len(record["actions"])))
    out("final state: " + core.canonical_json(state))
    if png_dir:
        render_png(record, png_dir, out, ui=ui_beside(saved or path))
    if saved:
        device_record = load_record(saved)
        device_state = replay_record(device_record)
        diffs = differences(json.loads(core.canonical_json(device_state)),
                            json.loads(core.canonical_json(state)), "state")
        if device_record["actions"] != record["actions"]:
            diffs.insert(0, "actions: %d in the log, %d in the saved game" % (
                len(record["actions"]), len(device_record["actions"])))
        if diffs:
            for d in diffs[:40]:
                out("  differs: " + d)
            raise HostError("The replay differs from the device's saved game in %d place(s)." % len(diffs))
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
            ui = json.load(f)
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
    root = os.path.dirname(FIRMWARE)
    if root not in sys.path:
        sys.path.insert(0, root)
    try:
        from sim.frames import save_png
    except ImportError as e:
        raise HostError("Rendering screens needs the simulator (sim/) and Pillow: %s" % e) from None
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "%s-%d.png" % (record["game"], len(record["actions"])))
    save_png(render_screen(record, ui), path)
    out("screen: %s%s" % (path, " (as the device shows it, from the backup's ui.json)" if ui else ""))
    return path
