"""`usher history pull`: the board's play history (usher.ui.playlog) as CSV
and JSON on the desktop (formats: docs/history.md).

Beside them, history_links.csv: each play's BG Stats import link (PL-19,
the same link the device's share screen shows as a QR code), made with the
board's device id (usher.ui.share.DEVICE_FILE, copied with the history; when
the board has none yet, one is made and written to it so the board's later
codes agree).

The history files are copied from the board (hash-verified) into a
temporary folder, or read from a local data folder (`--from`: the
simulator's out/sim-data, a `usher backup`), and read there with the
firmware's own code, so a damaged history is handled exactly as the device
does: the .tmp or .bak copy, or named and set aside.
"""
import csv
import json
import os
import random
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


def _share():
    datakinds._firmware()
    from usher.ui import share
    return share


LINK_COLUMNS = ("play", "game_title", "date", "left_out", "link")


def link_rows(plays, device):
    """One row per play: its BG Stats import link (PL-19) or, when it fits
    no code, the reason in left_out and no link."""
    share = _share()
    games = _games()
    rows = []
    for p in plays:
        line = {k: p[k] for k in p if k != "record"}
        row = {"play": p["n"], "game_title": games.title(p["game"]), "date": p.get("date") or ""}
        try:
            url, dropped, _shape = share.share(line, device)
            row.update({"link": url, "left_out": ", ".join(dropped)})
        except share.ShareError as e:
            row.update({"link": "", "left_out": str(e)})
        rows.append(row)
    return rows


def write_links(path, plays, device):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=LINK_COLUMNS)
        w.writeheader()
        for r in link_rows(plays, device):
            w.writerow(r)


def new_device_id():
    return random.getrandbits(32)


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


def write_outputs(plays, out_dir, out=print, device=None):
    os.makedirs(out_dir, exist_ok=True)
    json_path = os.path.join(out_dir, "history.json")
    csv_path = os.path.join(out_dir, "history.csv")
    links_path = os.path.join(out_dir, "history_links.csv")
    with open(json_path, "w", encoding="utf-8") as f:
        json.dump(export_json(plays), f, indent=1, sort_keys=True)
        f.write("\n")
    write_csv(csv_path, plays)
    write_links(links_path, plays, device)
    undated = [p["n"] for p in plays if not p.get("date")]
    out("%d play(s) kept: %s, %s" % (len(plays), csv_path, json_path))
    if undated:
        out("undated (the board did not know the date): %s"
            % ", ".join("#%d" % n for n in undated))
    replayable = [p["n"] for p in plays if "record" in p]
    out("actions kept (usher replay %s --game N): %s" % (
        json_path, ", ".join("#%d" % n for n in replayable) if replayable else "none"))
    out("BG Stats import links (open one on a phone to log the play): %s" % links_path)
    return csv_path, json_path


def board_device_id(conn, data_dir, into):
    """The board's device id (PL-19), copied into the local folder into;
    made and written to the board when it has none."""
    share = _share()
    path = data_dir.rstrip("/") + "/" + share.DEVICE_FILE
    data = devfiles.read_file(conn, path)
    if data is not None:
        with open(os.path.join(into, share.DEVICE_FILE), "wb") as f:
            f.write(data)
    device = share.device_id(into)
    if device is None:
        device = share.device_id(into, new_device_id)
        with open(os.path.join(into, share.DEVICE_FILE), "rb") as f:
            devfiles.write_file(conn, path, f.read())
    return device


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
        device = _share().device_id(args.source, new_device_id)
    else:
        tmp = tempfile.mkdtemp(prefix="usher-history-")
        try:
            conn = link.connect(args.port)
            try:
                copy_from_board(conn, args.data_dir, tmp)
                device = board_device_id(conn, args.data_dir, tmp)
            finally:
                conn.close()
            plays, problem = load_folder(tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    if problem:
        out("warning: " + problem)
    write_outputs(plays, args.output, out, device)
    return 0

