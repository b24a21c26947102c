# The play history: every finished game kept on flash, bounded (docs/history.md).
# Imported when a game ends and by the statistics screens, not at boot.
#
# Files in data_dir/history/:
#   plays.jsonl   one line per kept play, oldest first, at most CAP lines:
#                 {"n", "game", "date", "players", "scores", "winners",
#                 "breakdown", "actions", "seed", "options", and where they
#                 apply "solo", "opp", "variant", "rounds", "owner_data"};
#                 options without the owner's data files (named in
#                 "owner_data": they are too big to copy into every play)
#   pNNNNN.json   play NNNNN's record {"game", "options", "seed", "actions",
#                 "n", "owner_data", "version"} for `usher replay` (all the
#                 options, owner data included), kept for the newest
#                 ACTIONS_CAP plays only
#
# Sizes (python bench/history_flash.py): a line is 200-450 bytes, a record
# 1.6-11 KB (1-3 of the RP2040 littlefs's 4 KB blocks).
#
# Writing (append): the record is saved with usher.core.storage.save; the
# lines are streamed one at a time to plays.jsonl.tmp, the oldest dropped
# beyond CAP, and storage.replace makes the new file current with the
# previous one as plays.jsonl.bak (PL-8): RAM holds one line at a time
# whatever the history's size. Reading falls back to the .tmp (a cut between
# the renames) and then to the .bak; when no copy can be read the file is
# named, set aside as plays.jsonl.bad and a new history starts (PL-11).
#
# Dates: services["date"]() gives (year, month, day, hour, minute, second)
# when the device knows the time (a real-time clock, or the clock `usher`
# sets whenever it connects, which a Badger 2040 loses at power-off), else
# None: the play is kept undated ("date": null).
import json

from usher.core import storage

FOLDER = "history"
INDEX = "plays.jsonl"
CAP = 50            # kept plays (lines of plays.jsonl); docs/history.md
ACTIONS_CAP = 10    # the newest plays whose actions are kept (pNNNNN.json)
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
    """The kept play of a finished game: (line, record to keep)."""
    res = RESULTS[game_id](state, record["options"])
    opts = {}
    dropped = []
    for k in sorted(record["options"]):
        if k in OWNER_KEYS:
            dropped.append(k)
        else:
            opts[k] = record["options"][k]
    line = {"game": game_id, "date": date_text(date), "players": res["players"],
            "scores": res["scores"], "winners": res["winners"], "breakdown": res["breakdown"],
            "actions": len(record["actions"]), "seed": record["seed"], "options": opts}
    for k in ("solo", "opp", "variant", "rounds"):
        if k in res:
            line[k] = res[k]
    if dropped:
        line["owner_data"] = dropped
    # The record keeps every option, owner data included: a replay needs
    # the panels or deck the game was played with.
    kept = {"game": game_id, "options": record["options"], "seed": record["seed"],
            "actions": record["actions"], "owner_data": dropped, "version": version}
    return line, kept


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
    """Every kept play's line, oldest first, one at a time (a generator).
    Call open_index first to learn about a corrupt history."""
    path, _ = open_index(data_dir)
    if path is None:
        return
    with open(path) as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def find(data_dir, n):
    """The line of kept play n, or None."""
    for s in summaries(data_dir):
        if s.get("n") == n:
            return s
    return None


def load_record(data_dir, n):
    """The record (with its actions) of kept play n, or None when only its
    line is kept (older than the newest ACTIONS_CAP) or its file is damaged."""
    try:
        obj, _ = storage.load(play_path(data_dir, n))
    except storage.StorageError:
        return None
    return obj


def _play_numbers(data_dir):
    import os
    out = []
    try:
        for name in os.listdir(folder(data_dir)):
            if name.startswith("p") and name.endswith(".json") and name[1:-5].isdigit():
                out.append(int(name[1:-5]))
    except OSError:
        pass
    out.sort()
    return out


def append(data_dir, line, record, cap=CAP, actions_cap=ACTIONS_CAP):
    """Keep a finished play. Returns (play number, problem or None)."""
    storage.makedirs(folder(data_dir))
    path, problem = open_index(data_dir)
    if path is not None and path == index_path(data_dir) + ".tmp":
        # Recovered from the temp file (a cut between the renames): it is
        # about to be rewritten, so it becomes the history first (PL-8).
        storage.promote(path, index_path(data_dir))
        path = index_path(data_dir)
    count = 0
    last = 0
    if path is not None:
        for s in summaries(data_dir):
            count += 1
            last = max(last, s.get("n", 0))
    numbers = _play_numbers(data_dir)
    n = max([last] + numbers) + 1
    line = dict(line)
    line["n"] = n
    record = dict(record)
    record["n"] = n
    storage.save(play_path(data_dir, n), record)
    drop = count + 1 - cap    # oldest lines beyond the cap
    tmp = index_path(data_dir) + ".tmp"
    with open(tmp, "w") as out:
        if path is not None:
            with open(path) as f:
                for ln in f:
                    if not ln.strip():
                        continue
                    if drop > 0:
                        drop -= 1
                        continue
                    out.write(ln.rstrip("\n") + "\n")
        out.write(json.dumps(line) + "\n")
    storage.replace(tmp, index_path(data_dir))
    # Only the newest plays keep their actions.
    numbers.append(n)
    for old in numbers[:max(0, len(numbers) - actions_cap)]:
        storage.delete(play_path(data_dir, old))
    return n, problem


def _already_kept(data_dir, game_id, record):
    """True when the newest kept play is this game: a power cut after the
    play was kept but before the saved game was forgotten brings the
    finished game back, and leaving it again must not keep it twice."""
    last = None
    try:
        for s in summaries(data_dir):
            last = s
    except (OSError, ValueError):
        return False
    return last is not None and last.get("game") == game_id and \
        last.get("seed") == record["seed"] and last.get("actions") == len(record["actions"])


def keep(app):
    """Called by App.end_game: keep the running game when it is over.
    Returns a problem to show, or None. Never raises: a history that cannot
    be written must not stop the game from ending."""
    if app.record is None or not is_over(app.state) or app.game_id not in RESULTS:
        return None
    if _already_kept(app.data_dir, app.game_id, app.record):
        return None
    fn = app.services.get("date")
    try:
        date = fn() if fn else None
    except Exception:
        date = None
    try:
        line, record = entry(app.game_id, app.record, app.state, date,
                             app.services.get("version") or "")
        problem = append(app.data_dir, line, record)[1]
    except Exception as e:  # flash full, ...: say so, lose nothing else
        app.log("error", "history: %s" % e)
        return "This play could not be kept in the history: %s" % e
    return problem
