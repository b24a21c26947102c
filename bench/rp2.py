"""The firmware on the emulated RP2040 (PL-16, sim/rp2/): one scripted session
per game, played on the Badger image with the firmware frozen and on stock
MicroPython with the firmware as .mpy files on littlefs, then a power-cut
campaign. Every figure is chip time at 125 MHz, from the emulator's cycle
count.

  python bench/rp2.py                 both tables (make bench-rp2)
  python bench/rp2.py --sessions      the sessions only
  python bench/rp2.py --cuts N        the power-cut campaign only, N cuts (default 200): one
                                      line per cut as it is checked, with the running counts;
                                      Ctrl-C or --minutes M stops it and still reports
  python bench/rp2.py --jobs 2        run that many emulators at once
  python bench/rp2.py --sessions --image frozen   one image only
  python bench/rp2.py --sessions --board pico_epaper29   the Pico + Waveshare image (--board twice: both)
  python bench/rp2.py --sessions --read 5:8000   a player who reads 8 s after every 5th press
  python bench/rp2.py --resume        reset to the first picture with no game (the first boot
                                      on a fresh filesystem) and with each session's game saved
                                      three presses before its end, then 12 resets in a row
                                      (the goals: a late game resumes fast, the boot stays
                                      flat; docs/performance.md, Boot and resume)

Columns:
  boot        reset to the first refresh of the panel (the launcher or the
              resumed screen), ms
  compute     per script token ("press": a tap, a long press or a held
              button with its repeats): the time the core was not sleeping
              from the press until the firmware went quiet, ms (median, p95,
              max). It includes the SPI transfers of the refresh, the
              conversion of the canvas and the main loop's polling while the
              panel is busy (about 3% of the elapsed time).
  updates     panel refreshes started per press (median, p90; and how many
              presses had a clean, OTP, refresh)
  busy        the panel's BUSY time per press, ms (median, p90): the
              waveform durations of sim/rp2/panels.mjs
  picture     press to picture: from the press to the end of the BUSY of
              the last refresh it caused, ms (median, p90, mean, presses
              that refreshed the panel; the mean is the wait a player sums
              over a game, whole-panel updates included)
  stays       the same for the presses that stay on their screen (every
              refresh they caused a partial window)
  live        the largest live heap found at a garbage collection (blocks
              marked reachable), bytes
  free min    the smallest free heap found as a collection starts, bytes
  erases      4 KB sector erases of the emulated flash (W25Q16JV) over the
              presses, every file; and per game action (plays and undos:
              the actions the log's "end" entries and the game saved at the
              end hold, two more per undo)
  awake       the share of chip time the core is not sleeping while the
              device waits: the WAIT_MS after the session's last press, on
              USB power (the screen stays on; the rest's fast update of
              turbo windows, PL-18, falls inside it), % (no goal yet: a
              battery figure)
The refresh policy measured is the one on this branch's firmware.
"""
import argparse
import concurrent.futures
import os
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "firmware"))

import sim.rp2 as rp2  # noqa: E402
from sim.rp2 import campaign  # noqa: E402

SESSIONS = ("takeaseat_solo", "theatre_game", "multisala_solo", "seatwars_game")
# The owner's screens (PL-20..22: components, leaving a game, the roster)
# and a solo The Theatre against the House (TH-15), by --session only.
MORE_SESSIONS = ("owner_components", "leave_theatre", "names_roster", "theatre_house")
WAIT_MS = 10000   # the wait after the last press, for the awake column


def pct(values, p):
    if not values:
        return 0
    v = sorted(values)
    i = min(len(v) - 1, max(0, int(round(p / 100.0 * (len(v) - 1)))))
    return v[i]


def median(values):
    return pct(values, 50)


def press_to_picture(steps):
    """Press to picture per press that refreshed the panel (ms of chip time):
    from the press (the step's start: the previous step's end) to the end of
    the BUSY of the press's last refresh. Returns (every press, the presses
    that stay on their screen: every refresh a partial window)."""
    every, stays = [], []
    for prev, s in zip(steps, steps[1:]):
        if not s.get("token") or s["token"].lower() == "restart" or not s["refreshes"]:
            continue
        last = s["refreshes"][-1]
        ms = last["t_ms"] + last["busy_ms"] - prev["t_ms"]
        every.append(ms)
        if all(f["kind"] == "partial" for f in s["refreshes"]):
            stays.append(ms)
    return every, stays


def one_session(args):
    name, stock, refresh, board, reads = args
    script = rp2.session_script(name)
    t0 = time.time()
    r = rp2.play(script, profile=board, stock=stock, heap=True,
                 ui_settings={"refresh": refresh} if refresh else None,
                 extra_steps=[{"run_ms": WAIT_MS}], reads=reads)
    wall = time.time() - t0
    wait = r["steps"].pop()   # not a press: the simulator has no frame for it
    awake = 100.0 * wait["active_ms"] / WAIT_MS
    # a press after a reading pause starts at the pause's end
    picture, stays = press_to_picture(r["steps"])
    read_steps = [s for s in r["steps"] if s.get("read")]
    rest_cleans = sum(1 for s in read_steps for f in s["refreshes"] if f["mode"] == "otp")
    r["steps"] = [s for s in r["steps"] if not s.get("read")]   # the simulator's frames are per token
    seeds = rp2.seeds_from_log(rp2.read_log(os.path.join(r["files"], "data")))
    with rp2.SIM_LOCK:
        frames = rp2.sim_frames(script, seeds, board=board)
    bad = rp2.compare_session(r, frames, board)
    steps = r["steps"]
    presses = [s for s in steps[1:] if s.get("token") and s["token"].lower() != "restart"]
    compute = [s["active_ms"] for s in presses]
    updates = [len(s["refreshes"]) for s in presses]
    busy = [sum(f["busy_ms"] for f in s["refreshes"]) for s in presses]
    clean = sum(1 for s in presses if any(f["mode"] == "otp" for f in s["refreshes"]))
    heap = r.get("heap") or {}
    erases = sum((s.get("flash_ops") or {}).get("erase", 0) for s in presses)
    return {
        "erases": (erases, game_actions(rp2.read_log(os.path.join(r["files"], "data")), r["files"])),
        "name": name, "presses": len(presses),
        "image": ("stock+.mpy" if stock else "frozen") + ("" if board == "badger2040" else " pico"),
        "boot": r["steps"][0].get("first_frame_ms"),
        "compute": (median(compute), pct(compute, 95), max(compute) if compute else 0),
        "updates": (median(updates), pct(updates, 90), clean),
        "busy": (median(busy), pct(busy, 90)),
        "picture": (median(picture), pct(picture, 90), len(picture),
                    sum(picture) / len(picture) if picture else 0),
        "stays": (median(stays), pct(stays, 90), len(stays)),
        "live": heap.get("peak_live"), "free": heap.get("min_free"),
        "mismatches": len(bad), "errors": len(r["errors"]), "wall": wall,
        "chip_s": wait["t_ms"] / 1000.0, "awake": awake, "rest_cleans": rest_cleans if reads else None,
    }


def game_actions(entries, files):
    """The game actions a session saved (plays and undos), from its log and
    the game left saved: each ended game's actions ("moves", or the count
    of a kept play's, whose end names it, PL-17), the running game's, and
    two for each undo (the play undone and the undo)."""
    n = 0
    for e in entries:
        d = e.get("d")
        if e.get("k") == "end" and isinstance(d, dict):
            if "play" in d and "moves" not in d:
                n += d.get("actions") or 0
            else:
                n += len(d.get("moves") or [])
        elif e.get("k") == "undo":
            n += 2
    rec = rp2.saved_record(files)[0]
    return n + (len(rec["actions"]) if rec else 0)


BOARD_NAMES = {"badger2040": "Badger 2040", "pico_epaper29": "Pico + Waveshare 2.9\""}
RESUME_BEFORE_END = 3     # presses before the session's end (the late-game row)
RESUME_BOOTS = 12         # boots in a row after it: the boot must not grow with them


def one_resume(args):
    """Boot the chip on the files the simulator saved RESUME_BEFORE_END
    presses before the end of the session (the same App code: the saved game,
    its screen; every action is replayed at boot, PL-8), then RESUME_BOOTS
    resets in a row. Returns the first boot's and the later boots' reset to
    first picture, and whether the picture equals the simulator's."""
    from sim.session import Session, parse_script

    name, profile = args
    if name is None:            # no game: the first boot on a fresh filesystem, then the resets
        return one_boot(profile)
    tokens = [t for t in rp2.session_script(name).split(",") if t.strip()][:-RESUME_BEFORE_END]
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        with rp2.SIM_LOCK:
            s = Session(data)
            s.start()
            for _tok, events in parse_script(",".join(tokens)):
                s.step(events)
            actions = len(s.app.record["actions"]) if s.app.record else 0
            game_id = s.app.game_id
            fresh = Session(data)               # the picture a boot on these files shows
            fresh.start()
            want = bytes(fresh.buf)
        r = boots_in_a_row(profile, tmp, [data + "=/data"])
        frames = [rp2.picture_canvas(st["picture"], profile) for st in r["steps"] if st.get("picture")]
        same = all(rp2.diff_count(f, want) == 0 for f in frames) if frames else False
    boots = [st.get("first_frame_ms") or 0 for st in r["steps"]]
    return {"name": name, "profile": profile, "actions": actions, "game": game_id,
            "first": boots[0], "later": boots[1:], "same": same, "errors": len(r.get("errors") or [])}


def boots_in_a_row(profile, tmp, data_specs):
    """A boot on a fresh filesystem holding data_specs, then RESUME_BOOTS resets."""
    specs = rp2.firmware_files(False, tmp) + list(data_specs)
    if profile != "badger2040":
        specs.append(rp2.device_settings(tmp, {"board": profile}))
    fs = rp2.make_fs(os.path.join(tmp, "fs.img"), specs)
    binary, _ = rp2.image(profile)
    steps = [{"boot": {}}] + [{"restart": True} for _ in range(RESUME_BOOTS)]
    return rp2.run_job({"firmware": binary, "profile": profile, "fs": fs, "steps": steps})


def one_boot(profile):
    with tempfile.TemporaryDirectory() as tmp:
        r = boots_in_a_row(profile, tmp, [])
    boots = [st.get("first_frame_ms") or 0 for st in r["steps"]]
    return {"name": "(no game)", "profile": profile, "actions": 0, "game": None, "first": boots[0],
            "later": boots[1:], "same": all(st.get("picture") for st in r["steps"]),
            "errors": len(r.get("errors") or [])}


def resumes(jobs, names, profiles=("badger2040",)):
    print("Resume of a late game on the emulated board (rp2040js, 125 MHz, frozen image): reset to "
          "the first picture with the session's game saved %d presses before its end, then %d resets "
          "in a row; ms of chip time" % (RESUME_BEFORE_END, RESUME_BOOTS))
    print("%-15s %-14s %-10s %7s %8s %18s %s" % ("session", "board", "game", "actions", "resume",
                                                   "later min/max", "check"))
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for x in ex.map(one_resume, [(n, p) for p in profiles for n in (None,) + tuple(names)]):
            later = x["later"] or [0]
            check = "ok" if x["same"] and not x["errors"] else "picture differs or panel errors"
            print("%-15s %-14s %-10s %7d %8.0f %8.0f/%8.0f %s" % (
                x["name"], x["profile"], x["game"], x["actions"], x["first"], min(later), max(later), check))


HEADER = ("%-15s %-16s %7s %7s %-22s %-13s %-13s %-22s %-17s %8s %9s %6s %-14s %s"
          % ("session", "image", "presses", "boot", "compute med/p95/max", "updates med/p90/clean",
             "busy med/p90", "picture med/p90/mean/n", "stays med/p90/n", "live", "free min", "awake",
             "erases n/action", "check"))


def row(x):
    c, u, b, p, st = x["compute"], x["updates"], x["busy"], x["picture"], x["stays"]
    check = "ok" if not x["mismatches"] and not x["errors"] else "%d differ, %d panel errors" % (
        x["mismatches"], x["errors"])
    e, acts = x["erases"]
    return ("%-15s %-16s %7d %7.0f %6.0f/%6.0f/%6.0f   %3d/%3d/%3d %10.0f/%5.0f %6.0f/%5.0f/%5.0f/%4d "
            "%6.0f/%5.0f/%4d %8s %9s %5.1f%% %4d/%4.2f (%2d) %s"
            % (x["name"], x["image"], x["presses"], x["boot"] or -1, c[0], c[1], c[2], u[0], u[1], u[2],
               b[0], b[1], p[0], p[1], p[3], p[2], st[0], st[1], st[2], x["live"], x["free"], x["awake"],
               e, e / max(1, acts), acts, check)
            + ("" if x["rest_cleans"] is None else "; %d clean at a rest" % x["rest_cleans"]))


def sessions(jobs, which=(False, True), names=SESSIONS, refresh=None, boards=("badger2040",), reads=None):
    work = [(n, s, refresh, b, reads) for b in boards for s in which for n in names]
    print("Sessions on the emulated %s (rp2040js, 125 MHz); ms of chip time, heap in bytes; "
          "Refresh: %s%s" % (" and ".join(BOARD_NAMES[b] for b in boards), refresh or "the default (turbo)",
                             "; the player reads %d ms after every %d presses" % (reads[1], reads[0])
                             if reads else ""))
    print(HEADER, flush=True)
    rows = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for fut in concurrent.futures.as_completed([ex.submit(one_session, w) for w in work]):
            x = fut.result()
            rows.append(x)
            print(row(x), flush=True)
    print("(emulation: %.0f s of wall time for %.0f s of chip time)"
          % (sum(x["wall"] for x in rows), sum(x["chip_s"] for x in rows)))
    return rows


# --- power cuts ---------------------------------------------------------------------------
def cut_line(k, n, job, r, tally):
    """One line per cut as it is checked, with the running counts."""
    p = r.get("partial") or {}
    if r["op"]:
        what = {"erase": "an erase", "program": "a program"}[r["op"]]
        where = "in %s (%d of %d bytes at 0x%06x)" % (what, p["done"], p["count"], p["addr"])
    elif r["cut"] == "time":
        where = "at a random moment"
    else:
        where = "after the press (no flash op)" if r["result"] == "cut-late" else "aimed, between ops"
    saved = "%s acked/%s saved" % (r["acked"], r["saved"])
    verdict = "ok" if r["kept"] and r["boots"] and r["mountable"] and not r["error_logged"] else "FAIL"
    return ("cut %3d/%d [run %d] %-11s %-44s boot %s %s, game from %-9s %-18s %4.0f s | %s  %s"
            % (k, n, job, r["press"], where, "ok" if r["boots"] else "NONE",
               "%4.0f ms" % r["boot_ms"] if r["boot_ms"] else "-", r["source"], saved,
               r["wall_ms"] / 1000.0, tally(), verdict)
            + "".join("\n    logged: %s" % str(e)[:300] for e in r.get("errors") or ()))


def cuts(n, jobs, minutes=None, seed=100):
    """n cuts in `jobs` emulator runs of about n / jobs cuts each (seeds
    seed, seed + 1, ...): one line per cut as it is checked, the counts at
    the end. Ctrl-C (or --minutes) stops the runs and reports the cuts
    checked so far."""
    per = [n // jobs + (1 if i < n % jobs else 0) for i in range(jobs)]
    stop = threading.Event()
    lock = threading.Lock()
    res = []
    t0 = time.time()

    def tally():
        return ("%d cuts, %d in flash ops, %d booted, %d lost, %d fallbacks"
                % (len(res), sum(1 for r in res if r["op"]), sum(1 for r in res if r["boots"]),
                   sum(1 for r in res if not r["kept"]),
                   sum(1 for r in res if r["source"] in ("recovered", "backup"))))

    def on_cut(job):
        def report(r):
            with lock:
                res.append(r)
                print(cut_line(len(res), n, job, r, tally), flush=True)
        return report

    walks = []

    def one(job, k):
        r, info = campaign.power_cut_campaign(k, seed=seed + job, on_cut=on_cut(job), stop=stop.is_set)
        walks.append(info)
        return r

    print("Power cuts during solo Multisala games (multisala_solo), %d cuts in %d runs; after each, "
          "a boot from the flash as it was left" % (n, len([k for k in per if k])), flush=True)
    ex = concurrent.futures.ThreadPoolExecutor(jobs)
    futs = [ex.submit(one, job, k) for job, k in enumerate(per) if k]
    stopped = None
    try:
        while not all(f.done() for f in futs):
            if minutes and time.time() - t0 > minutes * 60:
                stopped = "after %g minutes (--minutes)" % minutes
                stop.set()
            time.sleep(1)
    except KeyboardInterrupt:
        stopped = "by Ctrl-C"
        stop.set()
    for job, f in enumerate(futs):
        try:
            f.result()
        except KeyboardInterrupt:
            stop.set()
        except rp2.EmulatorError as e:
            # Ctrl-C reaches the emulators too: a run ended by it is no failure
            if not stopped:
                raise
            print("run %d ended: %s" % (job, str(e).splitlines()[0]))
    ex.shutdown(wait=True)
    wall = time.time() - t0
    if stopped:
        print("stopped %s: %d of %d cuts checked" % (stopped, len(res), n))
    print("Power cuts during solo Multisala games (multisala_solo), %d cuts; after each, a boot "
          "from the flash as it was left (%.1f min of wall time, %d runs at once)"
          % (len(res), wall / 60.0, jobs))
    rows = [
        ("at a random moment of a press", sum(1 for r in res if r["cut"] == "time")),
        ("  fell inside a page program", sum(1 for r in res if r["cut"] == "time" and r["op"] == "program")),
        ("  fell inside a sector erase", sum(1 for r in res if r["cut"] == "time" and r["op"] == "erase")),
        ("aimed at a flash operation", sum(1 for r in res if r["cut"] == "flash")),
        ("  fell inside a page program", sum(1 for r in res if r["cut"] == "flash" and r["op"] == "program")),
        ("  fell inside a sector erase", sum(1 for r in res if r["cut"] == "flash" and r["op"] == "erase")),
        ("  none came (press wrote less)", sum(1 for r in res if r["result"] == "cut-late")),
        ("inside a flash program or erase", sum(1 for r in res if r["op"])),
        ("filesystem mounts after the cut", sum(1 for r in res if r["mountable"])),
        ("booted to a picture", sum(1 for r in res if r["boots"])),
        ("every acknowledged action kept", sum(1 for r in res if r["kept"])),
        ("  of them: the game ended and kept in the history, its end line cut",
         sum(1 for r in res if r.get("ended_kept"))),
        ("acknowledged actions lost (cuts)", sum(1 for r in res if not r["kept"])),
        ("saved game from the main file", sum(1 for r in res if r["source"] == "main")),
        ("  from the new temp file (.tmp)", sum(1 for r in res if r["source"] == "recovered")),
        ("  from the backup (.bak)", sum(1 for r in res if r["source"] == "backup")),
        ("  none (no game running)", sum(1 for r in res if r["source"] == "none")),
        ("  unreadable", sum(1 for r in res if r["source"] in ("corrupt", "unmountable"))),
        ("error logged at the next boot", sum(1 for r in res if r["error_logged"])),
        ("  next boot's log not read (stopped)", sum(1 for r in res if r["error_logged"] is None)),
    ]
    # the walk (sim/rp2/campaign.py): how far the cuts spread over the games
    rows += [
        ("distinct (game, actions) states cut", len({(r["seed"], r["saved"]) for r in res})),
        ("games the cuts fell in", len({r["seed"] for r in res if r["seed"] is not None})),
        ("rounds the walk found no move in", sum(w["stuck"] for w in walks)),
    ]
    for label, count in rows:
        print("  %-38s %5d" % (label, count))
    for r in res:
        if not r["kept"]:
            print("LOST: %r" % (r,))
    return res


def main(argv):
    ap = argparse.ArgumentParser(prog="python bench/rp2.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sessions", action="store_true")
    ap.add_argument("--cuts", type=int, default=None)
    ap.add_argument("--resume", action="store_true", help="late-game resume and boots in a row")
    ap.add_argument("--board", action="append", choices=("badger2040", "pico_epaper29"),
                    help="--sessions and --resume on these boards (default: the Badger)")
    ap.add_argument("--minutes", type=float, default=None,
                    help="stop the power-cut runs after this many minutes and report")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--image", choices=("frozen", "stock"), default=None,
                    help="only the sessions on this image")
    ap.add_argument("--session", action="append", choices=SESSIONS + MORE_SESSIONS,
                    help="only these sessions")
    ap.add_argument("--refresh", choices=("turbo", "fast"), default=None,
                    help="the Settings entry Refresh (PL-18); fast gives every window the fast "
                         "waveform, as before turbo")
    ap.add_argument("--read", default=None, metavar="EVERY:MS",
                    help="--sessions with a player who reads MS ms after every EVERY-th press "
                         "(the buttons rest: PL-18's fast update of turbo windows and the clean "
                         "refresh soon due come then); by default presses follow each other")
    a = ap.parse_args(argv)
    reads = None
    if a.read:
        every, ms = a.read.split(":")
        reads = (int(every), int(ms))
    if a.resume:
        resumes(a.jobs, a.session or SESSIONS, a.board or ("badger2040",))
        return
    both = not a.sessions and a.cuts is None
    if a.sessions or both:
        sessions(a.jobs, (False, True) if a.image is None else (a.image == "stock",), a.session or SESSIONS,
                 a.refresh, a.board or ("badger2040",), reads)
    if a.cuts is not None or both:
        cuts(a.cuts or 200, a.jobs, a.minutes)


if __name__ == "__main__":
    main(sys.argv[1:])
