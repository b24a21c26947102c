"""`usher history pull`: the board's play history (usher.ui.playlog) as CSV
and JSON on the desktop (formats: docs/history.md).

The history files are copied from the board (hash-verified) into a
temporary folder, or read from a local data folder (`--from`: the
simulator's out/sim-data, a `usher backup`), and read there with the
firmware's own code, so a damaged history is handled exactly as the device
does: the .tmp or .bak copy, or named and set aside.
"""
import csv
import json
import os
import shutil
import tempfile

from usher_host import datakinds, devfiles, link
from usher_host.errors import HostError

FORMAT = "usher-history"
FORMAT_VERSION = 1
CSV_COLUMNS = ("play", "game", "game_title", "date", "seat", "player", "bot", "score", "winner",
               "breakdown", "actions", "seed", "options")


def _playlog():
    datakinds._firmware()
    from usher.ui import playlog
    return playlog


def _games():
    datakinds._firmware()
    from usher import games
    return games


def load_folder(data_dir):
    """(plays, problem): every kept play's line, oldest first, read from a
    local data folder, with "record" (game, options, seed, actions) added
    for the plays whose actions are kept."""
    playlog = _playlog()
    problem = playlog.open_index(data_dir)[1]
    plays = []
    damaged = []
    for s in playlog.summaries(data_dir):
        play = dict(s)
        rec = playlog.load_record(data_dir, s["n"])
        if rec is not None:
            play["record"] = {"game": rec["game"], "options": rec["options"], "seed": rec["seed"],
                              "actions": rec["actions"]}
        elif os.path.exists(playlog.play_path(data_dir, s["n"])):
            damaged.append(os.path.basename(playlog.play_path(data_dir, s["n"])))
        plays.append(play)
    if damaged:
        # (PL-11: a record that fails its seal or shape is named, not used)
        note = "the actions of %s could not be read (damaged): left out" % ", ".join(damaged)
        problem = note if problem is None else problem + " " + note
    return plays, problem


def export_json(plays):
    """The JSON document of docs/history.md."""
    return {"format": FORMAT, "version": FORMAT_VERSION, "plays": plays,
            "undated": [p["n"] for p in plays if not p.get("date")]}


def csv_rows(plays):
    """One row per player per play (and one for the Automa, bot = 1)."""
    games = _games()
    rows = []
    for p in plays:
        base = {"play": p["n"], "game": p["game"], "game_title": games.title(p["game"]),
                "date": p.get("date") or "", "actions": p["actions"], "seed": p["seed"],
                "options": json.dumps(p.get("options", {}), sort_keys=True)}
        bd = p.get("breakdown") or []
        for i in range(len(p["players"])):
            r = dict(base)
            score = p["scores"][i]
            parts = bd[i] if i < len(bd) else []
            r.update({"seat": i + 1, "player": p["players"][i], "bot": 0,
                      "score": "" if score is None else score,
                      "winner": 1 if i in p["winners"] else 0,
                      "breakdown": "; ".join("%s %s" % (k, v) for k, v in parts)})
            rows.append(r)
        opp = p.get("opp")
        if opp:
            r = dict(base)
            r.update({"seat": "", "player": opp["name"], "bot": 1, "score": opp["score"],
                      "winner": 1 if opp["won"] else 0,
                      "breakdown": "; ".join("%s %s" % (k, v) for k, v in opp["breakdown"])})
            rows.append(r)
    return rows


def write_csv(path, plays):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=CSV_COLUMNS)
        w.writeheader()
        for r in csv_rows(plays):
            w.writerow(r)


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def write_outputs(plays, out_dir, out=print):
    os.makedirs(out_dir, exist_ok=True)
    json_path = os.path.join(out_dir, "history.json")
    csv_path = os.path.join(out_dir, "history.csv")
    with open(json_path, "w", encoding="utf-8") as f:
        json.dump(export_json(plays), f, indent=1, sort_keys=True)
        f.write("\n")
    write_csv(csv_path, plays)
    undated = [p["n"] for p in plays if not p.get("date")]
    out("%d play(s) kept: %s, %s" % (len(plays), csv_path, json_path))
    if undated:
        out("undated (the board did not know the date): %s"
            % ", ".join("#%d" % n for n in undated))
    replayable = [p["n"] for p in plays if "record" in p]
    out("actions kept (usher replay %s --game N): %s" % (
        json_path, ", ".join("#%d" % n for n in replayable) if replayable else "none"))
    return csv_path, json_path


def copy_from_board(conn, data_dir, into):
    """The board's history folder into the local folder into/history."""
    playlog = _playlog()
    base = data_dir.rstrip("/") + "/" + playlog.FOLDER
    n = 0
    for path in devfiles.walk(conn, base):
        rel = path[len(base) + 1:]
        if "/" in rel:
            continue
        data = devfiles.read_file(conn, path)
        if data is None:
            continue
        dst = os.path.join(into, playlog.FOLDER, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        n += 1
    return n


def pull_command(args, out=print):
    if args.source:
        if not os.path.isdir(args.source):
            raise HostError("No data folder %s." % args.source)
        plays, problem = load_folder(args.source)
    else:
        tmp = tempfile.mkdtemp(prefix="usher-history-")
        try:
            conn = link.connect(args.port)
            try:
                copy_from_board(conn, args.data_dir, tmp)
            finally:
                conn.close()
            plays, problem = load_folder(tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    if problem:
        out("warning: " + problem)
    write_outputs(plays, args.output, out)
    return 0

