"""A soak of real games on the emulated RP2040 (PL-16, sim/rp2/; docs/performance.md,
The soak): whole games of the four games in a chain, in one boot of the
Badger image (frozen firmware), every picture compared with the simulator's.

  python bench/rp2_soak.py                 the default chain (at least 1,000 presses from
                                           an empty history), then a second boot from a
                                           history of 59 lines (no rest since they were
                                           added) and a round of the four games: the first
                                           ends at 59, the rest after it writes it anew with
                                           50, the others end at 50-52
  python bench/rp2_soak.py --presses 300   a shorter chain
  python bench/rp2_soak.py --kept 55       start the chain with 55 plays kept in the history
                                           (made by the games' bots in the simulator)
  python bench/rp2_soak.py --late 0        no second boot
  python bench/rp2_soak.py --restarts      keep the sessions' power cycles
  python bench/rp2_soak.py --check         build the chain and play it in the
                                           simulator only (seconds): every game ends

After each game's Finish the board runs REST_MS without a press (the
players put the game away): the buttons rest, and the history's rewrite
comes there when it is due (App.rest_work, playlog.tidy: on littlefs
once it holds CAP + SLACK // 2 = 55 lines, written anew with the newest
CAP = 50), not in a press; the rests are printed apart.

The chain (chain()) is made of the project's scripted sessions
(tests/portable/ui_session_*.py), each a whole game from the launcher to its
end screen: Take a Seat for 2 (an undo through History), The Theatre for 2,
Pulisci il Multisala solo, Seat Wars for 2 (an undo through History), and
The Theatre solo against the House. After each game, on its end screen:
History (A, DOWN, A), Share (B; any button back), Finish (C); then the
launcher's Statistics, Last plays and the newest play (A back to the
launcher). The roster (Settings > Players) gets a name once, after the first
game, renamed and deleted again (the sessions' seats are not asked for
names). The chain is built on the simulator, which tracks the launcher's
cursor, and checked there: each game reaches its end.

What is printed, per 100 presses (a press: a script token; ms of chip time
at 125 MHz, heap in bytes; the heap figures from the GC's own tables, found
by the image's ELF, sim/rp2/run.mjs):
  compute    the time the core was not sleeping from the press until the
             firmware went quiet (median, p95, max)
  live       the largest live heap found at a collection (blocks marked)
  free min   the smallest free heap found as a collection started
  largest    the smallest largest free block found after a collection
             (the longest run of blocks no marked object holds)
  gc         collections, and their longest pause: gc_collect_start to
             gc_collect_end's return (the sweep included), ms
Then every end press (the press that ends a game: the end screen drawn),
Share press (the play kept in the history, the code drawn) and Finish
press (the game forgotten, the launcher drawn): its compute, with the plays
the history held before the end press (plays.jsonl's lines in the
simulator's copy, which rests where the chip does: up to 55 on
littlefs, usher/ui/playlog.py).
The heap goals (docs/performance.md, The heap): no MemoryError; the
smallest free heap and the largest free block at the worst press; the
collection pauses inside a press. Last, per game, its end, Share and Finish
presses with the fewest and the most plays kept (the goal: flat).

The simulator's files are kept the littlefs way (usher.core.storage.FORCE),
as the chip keeps them, so its count of the history's lines is the chip's.

Exit 1 on a mismatch of any picture (or of a refresh on one side only), a
panel error, an "error" line in the device's log, a MemoryError or a
traceback on the console, or a game of the chain the device did not end.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))

import sim.rp2 as rp2  # noqa: E402
from sim.session import Session, parse_script  # noqa: E402

PRESSES = 1000
# The second boot's history: the first game ends with 59 lines in plays.jsonl
# (one under CAP + SLACK, where a game's end writes it anew itself), the
# rest after it writes it anew with 50
# (CAP + SLACK = 60 lines on littlefs, usher/ui/playlog.py)
LATE = 59
BOARD = "badger2040"

# The end screen, after a game: History and back, Share and back, Finish.
HISTORY = ["A", "DOWN", "A"]
SHARE = ["B", "UP"]
FINISH = ["C"]
# Statistics from the launcher: Last plays, the newest play, back thrice.
STATS = ["C", "C", "C", "A", "A", "A"]
# After each game's Finish, this long without a press (more than the
# runtime's 3 s rest, usher.device.runtime)
REST_MS = 4000


def _tokens(script):
    return [t for t in script.split(",") if t.strip()]


def games(restarts=False):
    """(game, presses from the launcher, cursor on its first item, to the
    game's end screen) per game of the chain ("house": The Theatre solo
    against the House), from the scripted
    sessions (their own ends, History and Finish, cut off: the chain visits
    the end screen itself)."""
    s = rp2.session_script
    out = [
        # the multiplayer game: the solo one's Automa draws can end it
        # elsewhere with another seed (the device's come from its clock)
        ("takeaseat", _tokens(s("takeaseat_multi"))),
        ("theatre", _tokens(s("theatre_game"))[:-3]),                 # A,A,C
        ("multisala", _tokens(s("multisala_solo"))[:-9]),             # A,DOWN,A,restart,DOWN,UP,C,C + A
        ("seatwars", _tokens(s("seatwars_game"))[:-1]),               # C
        ("house", _tokens(s("theatre_house"))[:-3]),                  # A,A,C: The Theatre solo
    ]
    if not restarts:
        out = [(g, [t for t in toks if t.lower() != "restart"]) for g, toks in out]
    return out


def _roster():
    """Settings > Players: a name added, renamed and deleted (the owner's
    session names_roster), from the launcher's Settings item."""
    toks = _tokens(rp2.session_script("names_roster"))
    assert toks[0] == "UP"          # the launcher's cursor from its first item to Settings
    return toks[1:]


class Chain:
    """The chain's presses, played on the simulator as they are added (the
    launcher's cursor is read from it); tags: {token index: kind} for the
    presses the report follows ("over", "share", "finish")."""

    def __init__(self, data_dir, seeds=None):
        self.s = Session(data_dir)
        self.s.start()
        if seeds is not None:
            app = self.s.app
            app.new_seed = lambda: next(seeds)
        self.tokens = []
        self.tags = {}
        self.rests = {}          # {tokens before a rest: the history's lines before and after it}
        self.games = []          # (game id, index of its end press or None)

    def press(self, toks, tag=None):
        for tok in toks:
            for _tok, events in parse_script(tok):
                self.s.step(events)
            self.tokens.append(tok)
        if tag:
            self.tags[len(self.tokens) - 1] = tag

    def top(self):
        return self.s.app.stack[-1]

    def to_launcher(self):
        for _ in range(8):
            if [x.route for x in self.s.app.stack] == ["launcher"]:
                return
            self.press(["A"])
        raise AssertionError("the chain lost its way back to the launcher: %r"
                             % [x.route for x in self.s.app.stack])

    def to_item(self, value):
        """The launcher's cursor onto its item `value` (a game id, "stats", "settings")."""
        self.to_launcher()
        launcher = self.top()
        want = [v for _t, v in launcher.items].index(value)
        n = len(launcher.items)
        up = (launcher.focus - want) % n
        down = (want - launcher.focus) % n
        self.press(["UP"] * up if up <= down else ["DOWN"] * down)
        assert self.top().focus == want, (self.top().focus, want)

    def game(self, gid, body):
        # the sessions start on the launcher with its cursor on the first item
        self.to_launcher()
        assert self.top().items[0][1] == "takeaseat", self.top().items[0]
        self.to_item("takeaseat")
        self.press(body)
        st = self.s.app.state
        over = st is not None and st.get("phase") == "over"
        self.games.append((gid, len(self.tokens) - 1 if over else None))
        if not over:
            raise AssertionError("%s: the session did not reach the end (phase %r)"
                                 % (gid, st and st.get("phase")))
        self.tags[len(self.tokens) - 1] = "over"
        self.press(HISTORY)
        self.press(SHARE[:1], "share")
        self.press(SHARE[1:])
        self.press(FINISH, "finish")
        if self.s.app.record is not None:
            raise AssertionError("%s: Finish left the game running" % gid)
        self.rest()

    def rest(self):
        """The buttons rest (REST_MS): the App's rest work, as the chip's
        runtime does it."""
        app = self.s.app
        before = history_lines(app.data_dir)
        app.rest_work()
        self.rests[len(self.tokens)] = (before, history_lines(app.data_dir))

    def stats(self):
        self.to_item("stats")
        self.press(STATS)
        self.to_launcher()

    def roster(self):
        self.to_item("settings")
        self.press(_roster())
        self.to_launcher()


def chain(presses=PRESSES, restarts=False, data_dir=None, seeds=None, n_games=None, roster=True):
    """The chain's tokens and its Chain (tags, games), at least `presses`
    presses (or n_games games): rounds of the games (games()) until there
    are enough, each game followed by its end screen's visits and
    Statistics, the roster once after the first game."""
    own = None
    if data_dir is None:
        own = tempfile.TemporaryDirectory()
        data_dir = own.name
    c = Chain(data_dir, seeds)
    body = games(restarts)
    k = 0
    while (k < n_games if n_games is not None
           else sum(1 for t in c.tokens if t.lower() != "restart") < presses):
        gid, toks = body[k % len(body)]
        c.game(gid, toks)
        c.stats()
        if k == 0 and roster:
            c.roster()
        k += 1
    if own:
        own.cleanup()
    return c


def littlefs_way(on=True):
    """The simulator's files kept the littlefs way (usher.core.storage.FORCE),
    as the device keeps them: the history's lines appended up to CAP + SLACK
    (usher/ui/playlog.py), so its count of kept plays is the device's."""
    from usher.core import storage
    storage.FORCE = True if on else None


def kept_history(data_dir, n, seed=1000):
    """n plays kept in data_dir's history by the games' bots (in the
    simulator, the App's own code, the littlefs way): a history as a
    long-used device has."""
    import ui_sessions
    from share_sessions import SETUPS
    from usher.ui.app import App
    from usher.ui.canvas import new_canvas
    _buf, canvas = new_canvas()
    app = App(canvas, data_dir, {"board": "test"})
    app.start()
    for i in range(n):
        gid, options, seats = SETUPS[i % len(SETUPS)]
        ui_sessions.bot_game(app, gid, options, ["P%d" % (j + 1) for j in range(seats)], seed + i)
    # (the newest line added to plays.jsonl, as the rest after a game adds
    # it, and not written anew: up to CAP + SLACK lines, as LATE wants)
    from usher.ui import playlog
    playlog._fold(data_dir)
    for name in ("ui.json", "game.json"):
        p = os.path.join(data_dir, name)
        if os.path.exists(p):
            os.remove(p)


def history_lines(data_dir):
    """The history's lines: plays.jsonl's and those waiting for a rest in
    plays.new.jsonl (usher/ui/playlog.py)."""
    from usher.ui import playlog
    count = 0
    for path in (playlog.index_path(data_dir), playlog.new_path(data_dir)):
        try:
            with open(path) as f:
                count += sum(1 for line in f if line.strip())
        except OSError:
            pass
    return count


def pct(values, p):
    if not values:
        return 0
    v = sorted(values)
    return v[min(len(v) - 1, max(0, int(round(p / 100.0 * (len(v) - 1)))))]


def commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return "?"


def play_chain(c, kept, restarts):
    """Play the chain on the chip from a data folder holding `kept` plays,
    then in the simulator with the device's seeds and id: the chip's
    result, the token steps, the mismatches, the errors, the history's
    lines per followed press and the device's log."""
    start = tempfile.TemporaryDirectory()
    start_dir = os.path.join(start.name, "data")
    os.makedirs(start_dir)
    if kept:
        kept_history(start_dir, kept)
    script = ",".join(c.tokens)
    t0 = time.time()
    r = rp2.play(script, profile=BOARD, heap=True, extra_specs=[start_dir + "=/data"] if kept else (),
                 progress=100, reads=(frozenset(c.rests), REST_MS) if c.rests else None)
    wall = time.time() - t0
    rests = [s for s in r["steps"] if s.get("read")]
    r["steps"] = [s for s in r["steps"] if not s.get("read")]   # the simulator's frames are per token
    files = r["files"]
    entries = rp2.read_log(os.path.join(files, "data"))
    seeds = rp2.seeds_from_log(entries)
    dev_id = rp2.device_id_of(files)
    # the history's lines as each followed press came (after the token before it)
    lines = {-1: history_lines(start_dir)}
    before = {i - 1 for i in c.tags}

    def on_tok(i, tok, app):
        if i + 1 in c.rests:
            app.rest_work()         # where the chip rests (Chain.rest)
        if i in before:
            lines[i] = history_lines(app.data_dir)
    frames = rp2.sim_frames(script, seeds, board=BOARD, start_dir=start_dir if kept else None,
                            device_id=dev_id, on_token=on_tok)
    start.cleanup()
    bad = rp2.compare_session(r, frames, BOARD)
    errors = ["panel: %s" % e for e in r.get("errors") or []]
    errors += ["log: %r" % (e.get("d"),) for e in entries if e.get("k") == "error"]
    console = r.get("console") or ""
    for word in ("MemoryError", "Traceback"):
        if word in console:
            errors.append("console: %s" % word)
    ended = sum(1 for e in entries if e.get("k") == "end")
    if ended != len(c.games):
        errors.append("the device's log ended %d games, the chain %d" % (ended, len(c.games)))
    return {"r": r, "steps": r["steps"][1:], "rests": rests, "bad": bad, "errors": errors, "lines": lines,
            "ended": ended, "dev_id": dev_id, "wall": wall, "kept": kept, "chain": c}


def describe(c):
    return "%d presses, %d games (%s)" % (
        sum(1 for t in c.tokens if t.lower() != "restart"), len(c.games),
        ", ".join("%d %s" % (sum(1 for g, _ in c.games if g == x), x)
                  for x in ("takeaseat", "theatre", "multisala", "seatwars", "house")))


def ends_of(run):
    """Per game: its end press, Share press and Finish press (compute ms)
    with the history's lines before the end press."""
    c, tok_steps, lines = run["chain"], run["steps"], run["lines"]
    out, g, cur = [], 0, None
    for i in sorted(c.tags):
        kind = c.tags[i]
        ms = tok_steps[i]["active_ms"]
        if kind == "over":
            cur = {"game": c.games[g][0], "press": i + 1, "kept": lines.get(i - 1, lines[-1]), "over": ms}
            g += 1
        else:
            cur[kind] = ms
            if kind == "finish":
                out.append(cur)
    return out


def report(run, say):
    c, tok_steps, r = run["chain"], run["steps"], run["r"]
    say("Per 100 presses (ms of chip time; heap in bytes, of %s)" % (r["heap"] or {}).get("total"))
    say("%-11s %-22s %7s %9s %9s %6s %8s" % ("presses", "compute med/p95/max", "live", "free min",
                                            "largest", "gcs", "gc max"))
    for x in report_rows(c, tok_steps):
        say("%-11s %6.1f/%6.1f/%7.1f %8s %9s %9s %6d %8.1f" % x)
    say("")
    say("End, Share and Finish presses: compute ms, with the plays the history held before the end press")
    say("%-4s %-10s %7s %6s %9s %9s %9s" % ("game", "", "press", "kept", "end", "share", "finish"))
    for k, e in enumerate(ends_of(run)):
        say("%-4d %-10s %7d %6d %9.0f %9.0f %9.0f" % (k + 1, e["game"], e["press"], e["kept"], e["over"],
                                                      e.get("share", 0), e["finish"]))
    say("(kept: plays.jsonl's lines, as on littlefs: up to 55, then written anew with 50 at the next rest; "
        "the Share press keeps the play, the Finish press leaves the game)")
    say("")
    say("Rests after each game's Finish (%d ms without a press): compute ms, and the history's lines"
        % REST_MS)
    for (at, (before, after)), st in zip(sorted(c.rests.items()), run["rests"]):
        say("  after press %4d: %6.0f ms, lines %d -> %d%s" % (at, st["active_ms"], before, after,
                                                               "  (written anew)" if after < before else ""))
    say("")
    heap_steps = [(i, s) for i, s in enumerate(tok_steps) if s.get("free_min") is not None]
    larg = [s["largest_free"] for s in tok_steps if s.get("largest_free") is not None]
    pauses = [p for s in tok_steps for p in (s.get("gc_ms") or [])]
    say("Heap goals (docs/performance.md, The heap):")
    say("  no MemoryError: %s" % ("none" if "console: MemoryError" not in run["errors"] else "MemoryError"))
    if heap_steps:
        wi, worst = min(heap_steps, key=lambda x: x[1]["free_min"])
        say("  the worst press (the smallest free heap as a collection started): press %d (%s), %d bytes "
            "free; the largest free block after its collections %s bytes"
            % (wi + 1, worst.get("token"), worst["free_min"], worst.get("largest_free")))
    if larg:
        say("  the smallest largest free block after a collection, any press: %d bytes" % min(larg))
    if pauses:
        say("  collection pauses inside the presses: %d, median %.1f ms, p95 %.1f ms, max %.1f ms"
            % (len(pauses), pct(pauses, 50), pct(pauses, 95), max(pauses)))
    say("  (the largest live heap, not a goal: %s bytes)" % (r["heap"] or {}).get("peak_live"))
    say("")
    bad = run["bad"]
    say("Mismatches: %d of %d pictures%s" % (len(bad), len(tok_steps) + 1,
                                            "" if not bad else " (first: %r)" % (bad[:5],)))
    errors = run["errors"]
    say("Errors: %d%s" % (len(errors), "" if not errors else " (%s)" % "; ".join(errors[:5])))
    say("Games the device ended: %d of %d; device id %s (made at its first Share, handed to the simulator)"
        % (run["ended"], len(c.games), run["dev_id"]))
    say("Emulator: %.0f s of wall time for %.0f s of chip time"
        % (run["wall"], r["steps"][-1]["t_ms"] / 1000.0))


def _against(lo, hi, key):
    a, b = lo.get(key, 0), hi.get(key, 0)
    return "%4.0f@%-2d -> %4.0f@%d %+4.0f%%" % (a, lo["kept"], b, hi["kept"], 100.0 * (b / max(1e-9, a) - 1))


def soak(presses, kept=0, restarts=False, late=0, say=print):
    t_wall = time.time()
    littlefs_way()
    runs = []
    phases = [(kept, None)] + ([(late, len(games(restarts)) - 1)] if late else [])
    for n, (k, n_games) in enumerate(phases):
        with tempfile.TemporaryDirectory() as tmp:
            build = os.path.join(tmp, "data")
            os.makedirs(build)
            if k:
                kept_history(build, k)
            c = chain(presses, restarts, build, n_games=n_games, roster=n_games is None)
        if n == 0:
            say("Soak on the emulated Badger 2040 (rp2040js, 125 MHz, frozen image %s, commit %s)"
                % (os.path.basename(rp2.image(BOARD)[0]), commit()))
        say("")
        say("%s: %s, one boot, %d plays kept at the start"
            % ("The chain" if n == 0 else "Then, a long-used history", describe(c), k))
        run = play_chain(c, k, restarts)
        runs.append(run)
        report(run, say)
    if late:
        say("")
        say("End presses against the plays kept: the same game with the fewest and the most "
            "(ms; the goal: flat, within 10%)")
        say("%-10s %-18s %-18s %-18s" % ("game", "end", "share", "finish"))
        every = [e for run in runs for e in ends_of(run)]
        for gid in ("takeaseat", "theatre", "multisala", "seatwars", "house"):
            mine = [e for e in every if e["game"] == gid]
            if len(mine) < 2:
                continue
            lo = min(mine, key=lambda e: e["kept"])
            hi = max(mine, key=lambda e: e["kept"])
            say("%-10s %s  %s  %s" % (gid, _against(lo, hi, "over"), _against(lo, hi, "share"),
                                      _against(lo, hi, "finish")))
    failed = any(run["bad"] or run["errors"] for run in runs)
    say("")
    say("%s; wall time %.0f s" % ("FAILED" if failed else "ok: no error, no MemoryError, every picture equal",
                                  time.time() - t_wall))
    return 1 if failed else 0


def report_rows(c, tok_steps, every=100):
    rows = []
    presses = [(i, s) for i, s in enumerate(tok_steps) if s.get("token") and s["token"].lower() != "restart"]
    for k in range(0, len(presses), every):
        part = [s for _i, s in presses[k:k + every]]
        comp = [s["active_ms"] for s in part]
        live = max([s.get("live") or 0 for s in part])
        frees = [s["free_min"] for s in part if s.get("free_min") is not None]
        larg = [s["largest_free"] for s in part if s.get("largest_free") is not None]
        gcs = sum(s.get("collections") or 0 for s in part)
        pauses = [p for s in part for p in (s.get("gc_ms") or [])]
        rows.append(("%d-%d" % (k + 1, k + len(part)), pct(comp, 50), pct(comp, 95), max(comp), live or "-",
                     min(frees) if frees else "-", min(larg) if larg else "-", gcs,
                     max(pauses) if pauses else 0.0))
    return rows


def check(presses, restarts=False, tries=3):
    """The chain built, then played in the simulator with other seeds
    (the device's come from its clock): every game still ends."""
    import random
    c = chain(presses, restarts)
    say = print
    say("chain: %d tokens, %d games" % (len(c.tokens), len(c.games)))
    rng = random.Random(7)
    for t in range(tries):
        seeds = [rng.randrange(1, 1 << 31) for _ in range(len(c.games) + 4)]
        ends = []

        def on_token(i, tok, app, ends=ends):
            if c.tags.get(i) == "over":
                ends.append(app.state is not None and app.state.get("phase") == "over")
        rp2.sim_frames(",".join(c.tokens), seeds, board=BOARD, on_token=on_token)
        say("seeds %d: %d of %d games at their end" % (t, sum(ends), len(c.games)))
        if not all(ends):
            return 1
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--presses", type=int, default=PRESSES)
    ap.add_argument("--kept", type=int, default=0)
    ap.add_argument("--late", type=int, default=LATE,
                    help="then a second boot from this many kept plays, a round of the four games (0: none)")
    ap.add_argument("--restarts", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--jobs", type=int, default=1, help="one emulator: the soak is one boot (kept for make)")
    a = ap.parse_args(argv)
    if a.check:
        return check(a.presses, a.restarts)
    return soak(a.presses, a.kept, a.restarts, a.late, say=lambda t: print(t, flush=True))


if __name__ == "__main__":
    sys.exit(main())
