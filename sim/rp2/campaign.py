"""Power cuts on the emulated board (PL-8, PL-17; docs/faults.md, Power
cuts on the emulated chip).

A campaign plays solo Multisala games on the Badger image and cuts the power
again and again: at random moments of a press, or inside a flash program or
erase. After each cut the board boots from the flash as the cut left it, and
the campaign checks that every action the log acknowledged is still in the
saved game, that the boot showed a picture and that it logged no error.

The walk: a cut can lose the action in flight, after which a fixed script no
longer fits the board's game (its presses stop moving the game, and the cuts
pile up on one state). So the campaign goes in chunks, one emulator run
each: boot from the last dump, presses, the cut, a dump. Before each chunk
the simulator (the same App code on CPython) boots from a copy of the
dump's data folder, shows the screen the board will show, and finds the
presses that move the game on (Walk): the games are played to their end and
new ones started, so the cuts spread over whole games.
"""
import os
import random
import shutil
import tempfile

from sim.rp2 import (SIM_LOCK, _fsimage, device_settings, firmware_files, image, make_fs, read_log,
                     run_job, saved_record, script_steps, session_script)
from sim.session import Session, parse_script

def acknowledged(entries, kept=()):
    """The running game's actions as the log acknowledged them (the App logs
    an action after saving it, PL-8), undos applied; None when no game runs.
    A cut between an action's save and its log line leaves an action the
    log never names: the next boot's "resume" entry gives the saved count,
    and such actions stand as None (a game whose "game" line was torn
    starts at its first resume). A resume with fewer actions than were
    acknowledged is a lost action: the list is then returned with the
    marker LOST at its end, which no saved game matches. kept: (seed,
    actions) of the plays in the play history; a game that a boot came
    back without is not lost when it is there with all its acknowledged
    actions (a cut in the "end" line's append: the App keeps the play,
    forgets the saved game, then logs "end")."""
    return open_game(entries, kept)[0]


def open_game(entries, kept=()):
    """(acknowledged actions, the game's seed) of the game the log has
    open (acknowledged's docstring)."""
    acts = None
    seed = None
    for e in entries:
        k = e.get("k")
        d = e.get("d")
        if k == "game":
            acts = []
            seed = d.get("seed") if type(d) is dict else None
        elif k == "action" and acts is not None:
            acts.append(d)
        elif k == "undo" and acts is not None:
            del acts[d["actions"]:]
        elif k == "end":
            acts = None
        elif k == "resume" and acts is None and type(d) is dict and d.get("game") is not None \
                and type(d.get("actions")) is int:
            # a game whose "game" line a cut tore (saved first, logged
            # second): the boot came back to it with this many actions,
            # which must stay
            acts = [None] * d["actions"]
            seed = d.get("seed")
        elif k == "resume" and acts is not None and type(d) is dict:
            n = d.get("actions", 0)
            if d.get("game") is None and ended_and_kept(seed, acts, kept):
                acts = None
                continue
            if d.get("game") is None or n < len(acts):
                return acts + [LOST], seed
            acts.extend([None] * (n - len(acts)))
    return acts, seed


def ended_and_kept(seed, acts, kept):
    """The open game is in the play history with every acknowledged action
    (and at most the one in flight): it was ended, not lost."""
    return any(s == seed and len(acts) <= n <= len(acts) + 1 for s, n in kept)


def kept_plays(data_dir):
    """(seed, actions) of every play in a data folder's history."""
    from usher.ui import playlog
    try:
        return [(p.get("seed"), p.get("actions")) for p in playlog.summaries(data_dir)]
    except (OSError, ValueError):
        return []


LOST = {"lost": "an acknowledged action is missing after a boot"}


def kept_all(acked, saved):
    """Every acknowledged action is in the saved game in its place, and at
    most the one in flight was added."""
    if acked is None:
        return True
    if saved is None or len(saved) < len(acked) or len(saved) > len(acked) + 1:
        return False
    return all(a is None or a == b for a, b in zip(acked, saved))


def _saved_game(dump, folder):
    """(log entries or None when the filesystem does not mount, (source,
    saved actions, seed), the plays kept in its history as kept_plays
    gives them) of a filesystem dump, its files under folder."""
    from usher.core import storage
    r = _fsimage("extract", dump, folder)
    if r.returncode:
        return None, ("unmountable", None, None), []
    log = read_log(os.path.join(folder, "data"))
    try:
        rec, source = saved_record(folder)
    except storage.StorageError:
        rec, source = None, "corrupt"
    return (log, (source, rec["actions"] if rec else None, rec["seed"] if rec else None),
            kept_plays(os.path.join(folder, "data")))


# --- the walk --------------------------------------------------------------------
WALK_BUTTONS = ("C", "B", "DOWN", "UP")     # A opens the action list (undo): not a move


class Walk:
    """The simulator booted from a copy of the board's data folder: the
    presses that make the next move of the game (an action added, the game
    ended, a new game of `game` started), found depth first over
    WALK_BUTTONS (next_move)."""

    def __init__(self, data_dir, game="multisala", depth=12, limit=200):
        self.data_dir = data_dir
        self.game = game
        self.depth = depth
        self.limit = limit
        self.runs = 0

    def _state(self, tokens):
        """(game key, picture) after a boot and tokens: the key is None
        with no game running, else (seed, actions)."""
        self.runs += 1
        with SIM_LOCK, tempfile.TemporaryDirectory() as tmp:
            data = os.path.join(tmp, "data")
            if self.data_dir and os.path.isdir(self.data_dir):
                shutil.copytree(self.data_dir, data)
            else:
                os.makedirs(data)
            s = Session(data)
            s.start()
            for tok in tokens:
                for _tok, events in parse_script(tok):
                    s.step(events)
            rec = s.app.record
            key = None if rec is None else (rec["game"], rec["seed"], len(rec["actions"]))
            return key, bytes(s.buf)

    def moved(self, before, after):
        if after == before:
            return False
        if after is None:
            return True                                      # the game ended
        if before is not None and after[1] == before[1]:
            return after[2] > before[2]                      # an action (not an undo)
        return after[0] == self.game and after[2] == 0      # a new game of ours

    def next_move(self, prefix):
        """(presses, key after them) of a move after prefix, or (None, key)
        when none is found: depth first, C before B, DOWN and UP (the
        buttons that go on come first, so a dealt hand's halls or a form's
        fields cost a press each, not a search of every order), screens
        already seen not entered again, at most `depth` presses and
        `limit` screens."""
        key0, pic0 = self._state(prefix)
        if key0 is None:
            # on the launcher: its own ways to a new game first (the search
            # would go deep into the games above ours)
            for path in (["C", "C"], ["DOWN", "DOWN", "C", "C"], ["UP", "UP", "C", "C"]):
                key = self._state(prefix + path)[0]
                if self.moved(key0, key):
                    return path, key
        seen = {pic0}
        todo = [[b] for b in reversed(WALK_BUTTONS)]
        tried = 0
        while todo and tried < self.limit:
            path = todo.pop()
            tried += 1
            key, pic = self._state(prefix + path)
            if self.moved(key0, key):
                return path, key
            if pic in seen or len(path) >= self.depth:
                continue
            seen.add(pic)
            todo.extend(path + [b] for b in reversed(WALK_BUTTONS))
        return None, key0

    def moves(self, prefix, n):
        """Up to n moves after prefix, each a list of presses. A move that
        starts a new game ends the list: the board's new game has another
        seed (its clock's) than the simulator's, so later presses would be
        planned on a different deal."""
        out = []
        key0 = self._state(prefix)[0]
        for _ in range(n):
            path, key = self.next_move(prefix + [t for m in out for t in m])
            if path is None:
                break
            out.append(path)
            if key is not None and (key0 is None or key[1] != key0[1]):
                break
            key0 = key
        return out


# --- the campaign ----------------------------------------------------------------
def power_cut_campaign(n, seed=16, session="multisala_solo", start=8, on_cut=None, stop=None,
                       between=(0, 2), time_share=0.25, limit_ms=3000, presses=6):
    """Play solo games and cut the power n times, one emulator run per cut
    (the module's docstring): the first run plays the session's first
    `start` tokens; then each round makes between[0]-between[1] moves of
    the walk, then the next move with a cut at a random moment of its last
    press (time_share of the rounds), or the presses of the next moves (up
    to `presses`) in turn with a cut in the middle of the K-th flash program
    or erase they make (K of 1-4, at a random fraction of it; when all are
    done and quiet without it: "cut-late"), and dumps the filesystem; the
    next run boots from that dump. Returns (one record per cut, {"moves":
    moves planned, "stuck": rounds the walk found no move in, "sim_runs"}):
    where the cut fell, whether the next boot showed a picture, the saved
    game's source, whether every acknowledged action was kept (and at most
    the one in flight added), whether the next boot logged an error (None
    when the campaign stopped before a later run could tell), and the saved
    game's seed and action count. Each record goes to on_cut(record) as soon
    as the boot after its cut is in; stop() (checked between runs) ends the
    campaign early with the cuts checked so far."""
    script = [t for t in session_script(session).split(",") if t.strip()]
    rng = random.Random(seed)
    binary, _ = image("badger2040")
    tmp = tempfile.TemporaryDirectory()
    # The campaign's board logs every action (device.json "log_actions", as
    # littlefs otherwise derives them from the saves, PL-17): its log is the
    # record of what the screen acknowledged.
    fs_img = make_fs(os.path.join(tmp.name, "fs.img"), firmware_files(False, tmp.name)
                     + [device_settings(tmp.name, {"log_actions": True})])
    out = []
    info = {"moves": 0, "stuck": 0, "sim_runs": 0}
    data_dir = None                 # the board's data folder at the last dump
    prefix = script[:start]         # presses the simulator replays after its boot
    pending = None                  # (cut step entry, found after the cut, wall ms)

    def run(steps, fs):
        job = {"firmware": binary, "profile": "badger2040", "fs": fs, "steps": steps,
               "continue_after_cut": True}
        return run_job(job)["steps"]

    def record(cut_step, step, found, boot, nxt_log, wall_ms):
        log, (source, acts, game_seed), kept = found
        acked, open_seed = open_game(log, kept) if log is not None else (None, None)
        ended_kept = acked is not None and acts is None and ended_and_kept(open_seed, acked, kept)
        if ended_kept:
            acked = None    # this cut fell in the "end" line of a game kept in the history
        kept = log is not None and kept_all(acked, acts)
        error = None
        said = []
        if nxt_log is not None:
            boots = [j for j, e in enumerate(nxt_log) if e.get("k") == "boot"]
            said = [e.get("d") for e in nxt_log[boots[-1]:] if e.get("k") == "error"] if boots else []
            error = bool(boots) and bool(said)
        rec = {"cut": "time" if "cut_ms" in cut_step else "flash", "result": step["result"],
               "op": (step.get("partial") or {}).get("kind"), "partial": step.get("partial"),
               "boots": bool(boot["refreshes"]), "boot_ms": boot.get("first_frame_ms"),
               "source": source, "kept": kept, "acked": None if acked is None else len(acked),
               "saved": None if acts is None else len(acts), "seed": game_seed,
               "error_logged": error, "mountable": log is not None,
               "press": "+".join(step.get("pressed") or [cut_step["press"]]), "wall_ms": wall_ms,
               "ended_kept": ended_kept}
        if not kept:
            rec["detail"] = {"acked": acked, "saved": acts}
        if said:
            rec["errors"] = said          # what the next boot logged, for the report
        out.append(rec)
        if on_cut:
            on_cut(rec)

    try:
        for i in range(n + 1):
            if stop and stop():
                break
            walk = Walk(data_dir)
            steps = [{"boot": {}}] + script_steps(",".join(prefix))
            cut = None
            if i < n:
                moves = walk.moves(prefix, between[1] + 1)
                info["moves"] += len(moves)
                if not moves:
                    info["stuck"] += 1
                    moves = [["C"]]
                k = min(rng.randrange(between[0], between[1] + 1), len(moves) - 1)
                before = [t for m in moves[:k] for t in m]
                if rng.random() < time_share:
                    before += moves[k][:-1]
                    cut = {"press": moves[k][-1], "cut_ms": rng.randrange(40, 1500)}
                else:
                    # the next presses in turn until the K-th flash operation
                    # comes (one that saves nothing passes it on)
                    cut = {"press": [t for m in moves[k:] for t in m][:presses],
                           "cut_on_program": 1 + rng.randrange(0, 4), "fraction": rng.random(),
                           "limit_ms": limit_ms}
                steps += script_steps(",".join(before))
                steps += [cut, {"dump": os.path.join(tmp.name, "cut%03d.img" % i)}]
            else:
                steps.append({"dump": os.path.join(tmp.name, "final.img")})
            info["sim_runs"] += walk.runs
            results = run(steps, fs_img)
            found = _saved_game(steps[-1]["dump"], os.path.join(tmp.name, "x%03d" % i))
            if pending:
                record(pending[0], pending[1], pending[2], results[0], found[0] or [], pending[3])
                pending = None
            if cut is not None:
                wall = sum(r.get("wall_ms", 0) for r in results)
                pending = (cut, results[-2], found, wall)
                fs_img = steps[-1]["dump"]
                data_dir = os.path.join(tmp.name, "x%03d" % i, "data")
                prefix = []
        # stopped early: the last cut is checked without its boot's log
        # (nor its boot: it is recorded only with a later run)
    finally:
        tmp.cleanup()
    return out, info
