# The play history: every finished game kept on flash, bounded (docs/history.md).
# Imported when a game ends and by the statistics screens, not at boot.
#
# Files in data_dir/history/:
#   plays.jsonl   one summary line per kept play, oldest first, at most CAP
#                 lines: {"n", "game", "date", "players", "scores", "winners",
#                 "solo", "opp", "actions", "seed", "variant"}
#   pNNNNN.json   the kept play NNNNN in full: the summary plus "options"
#                 (owner data left out, named in "owner_data"), "breakdown"
#                 per player, "actions" (all of them: `usher replay` replays
#                 the play) and "version"
#
# Writing (append): the play file is saved with usher.core.storage.save; the
# summaries are streamed line by line to plays.jsonl.tmp, the oldest line
# dropped beyond CAP (and its play file deleted), and storage.replace makes
# the new file current with the previous one as plays.jsonl.bak (PL-8):
# RAM holds one line at a time whatever the history's size. Reading falls
# back to the .tmp (a cut between the renames) and then to the .bak; when no
# copy can be read the file is named, set aside as plays.jsonl.bad and a new
# history starts (PL-11).
#
# Dates: services["date"]() gives (year, month, day, hour, minute, second)
# when the device knows the time (a real-time clock, or the clock `usher`
# sets whenever it connects, which a Badger 2040 loses at power-off), else
# None: the play is kept undated ("date": null).
import json

from usher.core import storage

FOLDER = "history"
INDEX = "plays.jsonl"
CAP = 100           # kept plays; flash cost per play in docs/history.md
OWNER_KEYS = ("panels_text", "deck_text", "deck")   # owner data: not copied into every play


def folder(data_dir):
    return storage.join(data_dir, FOLDER)


def index_path(data_dir):
    return storage.join(folder(data_dir), INDEX)


def play_path(data_dir, n):
    return storage.join(folder(data_dir), "p%05d.json" % n)


# --- what a finished game says ------------------------------------------------------

def _names(options, n):
    from usher.ui import seats
    ns = seats.names_of(options) or []
    return [ns[i] if i < len(ns) else seats.default_name(i) for i in range(n)]


def _takeaseat(st, options):
    r = st["result"]
    if st["mode"] == "solo":
        p, a = r["player"], r["automa"]
        won = r["winner"] == "player"
        return {"players": _names(options, 1), "scores": [p["total"]],
                "winners": [0] if won else [], "solo": "automa",
                "opp": {"name": "Automa", "score": a["total"], "won": not won,
                        "breakdown": [["majorities", "%dx%d" % (a["majority_points"],
                                                                  a["multiplier"])]]},
                "breakdown": [[["objectives", p["objective_total"]],
                               ["majorities", p["majority_points"]],
                               ["usher bonus", p["usher_bonus"]]]]}
    n = st["players"]
    bd = []
    for x in st["scores"]:
        bd.append([["objectives", x["objective_total"]], ["majorities", x["majority_points"]],
                   ["usher bonus", x["usher_bonus"]]])
    return {"players": _names(options, n), "scores": list(r["totals"]),
            "winners": list(r["winners"]), "breakdown": bd}


def _theatre(st, options):
    n = len(st["players"])
    bd = []
    for p in range(n):
        bd.append([["deck", st["deck"][p]], ["hand", st["hand"][p]],
                   ["breakroom", st["breakroom"][p]]])
    return {"players": list(st["players"]), "scores": [None] * n,
            "winners": list(st["winners"]), "breakdown": bd,
            "rounds": st["stats"]["rounds"]}


def _multisala(st, options):
    n = st["players"]
    from usher.games.multisala import engine
    last = st.get("breakdown") or {}
    delta = last.get("delta") or [0] * n
    bd = [[["last round", delta[p]]] for p in range(n)]
    out = {"players": _names(options, n), "scores": list(st["totals"]),
           "winners": engine.winners(st), "breakdown": bd, "variant": bool(st["variant"]),
           "rounds": st["rounds"]}
    if n == 1:
        out["solo"] = "record"
    return out


def _seatwars(st, options):
    from usher.games.seatwars import scoring
    ps = st["players"]
    bd = []
    for p in ps:
        items = len([e for e in p["scored"] if e["what"] != "char"])
        bd.append([["characters", scoring.scored_characters(p)], ["items", items]])
    return {"players": [p["name"] for p in ps], "scores": [scoring.total(p) for p in ps],
            "winners": list(st["winners"]), "breakdown": bd}


RESULTS = {"takeaseat": _takeaseat, "theatre": _theatre, "multisala": _multisala,
           "seatwars": _seatwars}


def is_over(state):
    return type(state) is dict and state.get("phase") == "over"


def date_text(t):
    """(y, m, d, h, mi, s) -> "YYYY-MM-DDTHH:MM:SS" (the device's local time)."""
    if not t:
        return None
    return "%04d-%02d-%02dT%02d:%02d:%02d" % tuple(t[:6])


def entry(game_id, record, state, date=None, version=""):
    """The kept play of a finished game: (summary, full entry)."""
    res = RESULTS[game_id](state, record["options"])
    summary = {"game": game_id, "date": date_text(date), "players": res["players"],
               "scores": res["scores"], "winners": res["winners"],
               "actions": len(record["actions"]), "seed": record["seed"]}
    for k in ("solo", "opp", "variant", "rounds"):
        if k in res:
            summary[k] = res[k]
    opts = {}
    dropped = []
    for k in sorted(record["options"]):
        if k in OWNER_KEYS:
            dropped.append(k)
        else:
            opts[k] = record["options"][k]
    full = dict(summary)
    full["options"] = opts
    full["owner_data"] = dropped
    full["breakdown"] = res["breakdown"]
    full["actions_list"] = record["actions"]
    full["version"] = version
    return summary, full


# --- the files ----------------------------------------------------------------------

def _candidates(path):
    return (path, path + ".tmp", path + ".bak")   # as storage.load: main, recovered, backup


def _valid(path):
    """True when every line of path is a JSON object (read one at a time)."""
    try:
        with open(path) as f:
            for line in f:
                if line.strip() and type(json.loads(line)) is not dict:
                    return False
        return True
    except (ValueError, OSError):
        return False


def open_index(data_dir):
    """(path to read or None, problem or None). When the history exists but
    no copy of it can be read, it is set aside and the problem names it."""
    path = index_path(data_dir)
    seen = False
    for cand in _candidates(path):
        if not storage.exists(cand):
            continue
        seen = True
        if _valid(cand):
            return cand, None
    if not seen:
        return None, None
    moved = None
    try:
        if storage.exists(path):
            moved = storage.set_aside(path)
    except OSError:
        pass
    for extra in (path + ".tmp", path + ".bak"):
        if storage.exists(extra):
            try:
                storage.set_aside(extra)
            except OSError:
                pass
    return None, "The play history %s could not be read%s; a new one was started." % (
        path, " and was kept as %s" % moved if moved else "")


def summaries(data_dir):
    """Every kept play's summary, oldest first, one at a time (a generator).
    Call open_index first to learn about a corrupt history."""
    path, _ = open_index(data_dir)
    if path is None:
        return
    with open(path) as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def load_play(data_dir, n):
    """The full kept play n, or None when its file is gone or unreadable."""
    try:
        obj, _ = storage.load(play_path(data_dir, n))
    except storage.StorageError:
        return None
    return obj


def _next_number(data_dir, last):
    import os
    best = last
    try:
        for name in os.listdir(folder(data_dir)):
            if name.startswith("p") and name.endswith(".json") and name[1:-5].isdigit():
                best = max(best, int(name[1:-5]))
    except OSError:
        pass
    return best + 1


def append(data_dir, summary, full, cap=CAP):
    """Keep a finished play. Returns (play number, problem or None)."""
    storage.makedirs(folder(data_dir))
    path, problem = open_index(data_dir)
    count = 0
    last = 0
    if path is not None:
        for s in summaries(data_dir):
            count += 1
            last = max(last, s.get("n", 0))
    n = _next_number(data_dir, last)
    summary = dict(summary)
    summary["n"] = n
    full = dict(full)
    full["n"] = n
    storage.save(play_path(data_dir, n), full)
    drop = count + 1 - cap    # oldest lines beyond the cap
    tmp = index_path(data_dir) + ".tmp"
    dropped = []
    with open(tmp, "w") as out:
        if path is not None:
            with open(path) as f:
                for line in f:
                    if not line.strip():
                        continue
                    if drop > 0:
                        drop -= 1
                        dropped.append(json.loads(line).get("n"))
                        continue
                    out.write(line.rstrip("\n") + "\n")
        out.write(json.dumps(summary) + "\n")
    storage.replace(tmp, index_path(data_dir))
    for old in dropped:
        if old is not None:
            storage.delete(play_path(data_dir, old))
    return n, problem


def keep(app):
    """Called by App.end_game: keep the running game when it is over.
    Returns a problem to show, or None. Never raises: a history that cannot
    be written must not stop the game from ending."""
    if app.record is None or not is_over(app.state) or app.game_id not in RESULTS:
        return None
    fn = app.services.get("date")
    try:
        date = fn() if fn else None
    except Exception:
        date = None
    try:
        summary, full = entry(app.game_id, app.record, app.state, date,
                              app.services.get("version") or "")
        problem = append(app.data_dir, summary, full)[1]
    except Exception as e:  # flash full, ...: say so, lose nothing else
        app.log("error", "history: %s" % e)
        return "This play could not be kept in the history: %s" % e
    return problem
