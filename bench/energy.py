"""A game night on battery on the emulated RP2040 (PL-16, sim/rp2/): whole
games in a chain (bench/rp2_soak.py's: each game to its end, its end
screen, Statistics), as many as make an hour of chip time at the gap, with
the player reading GAP seconds after every press, on
battery power (the Badger woken by a press, as on batteries) and, for the
wait the firmware had before its light sleep, the same on USB power (the
loop then waits at full clock as it always did). Prints the chip time in
each state (board.mjs "Clocks and sleep") and the panel's BUSY, a modelled
average current from the figures below, the hours of play two AAA cells
give, and the press to picture of the presses that stay on their screen,
each woken from the wait.

  python bench/energy.py                       a game night, a press every 20 s and every 60 s
  python bench/energy.py --gap 20 --session theatre_game --board badger2040   one scripted session

The currents are datasheet figures, not measurements; the model adds
current x time per state, nothing else on the board (the regulator's own
draw and efficiency, the LED, the pull-downs of held buttons) is counted.
A real board's meter decides.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

import rp2_soak  # noqa: E402
import sim.rp2 as rp2  # noqa: E402
from rp2 import median, pct, press_to_picture  # noqa: E402  (bench/rp2.py)

CELLS_MAH = 1000      # two AAA cells in series: about 1,000 mAh (alkaline, at a low drain)
HOUR_S = 3600         # the night: at least an hour of chip time after the boot

# mA per state: figures of the datasheets named beside each, as their
# tables are commonly quoted, not yet checked line by line against the
# documents, and not measurements (the light sleep's agrees with the 1.5 mA
# MicroPython's lightsleep change measured on a Pico from USB).
FIGURES = [
    # (state, mA, source)
    ("run", 25.0, "RP2040 computing at 125 MHz from flash (XIP): RP2040 datasheet 5.4 Power "
                  "Consumption and the Pico datasheet's power table put a busy core at "
                  "125 MHz at 20-25 mA; 25 taken"),
    ("run_xosc", 4.0, "RP2040 computing with clk_sys on the 12 MHz crystal (lightsleep's entry and "
                      "exit): the same tables scaled by clock, about 4 mA"),
    ("wait", 15.0, "RP2040 in WFI/WFE with clk_sys at 125 MHz and the PLLs running (time.sleep_ms): "
                   "12-20 mA by the RP2040's published figures and a Pico's measured draw; 15 taken"),
    ("sleep", 1.3, "RP2040 light sleep (XOSC on, PLLs and ROSC off, only the timer clocked): the "
                   "Pico datasheet's SLEEP row, 1.3 mA (MicroPython's lightsleep change reports "
                   "about 1.5 mA on a Pico)"),
    ("flash_active", 5.0, "W25Q16JV read current while the core computes (ICC3, a few mA): "
                          "W25Q16JV datasheet DC characteristics; an upper bound, the XIP cache "
                          "hits most fetches"),
    ("flash_standby", 0.01, "W25Q16JV standby, /CS high (ICC1, 10 uA typical): W25Q16JV datasheet"),
    ("panel_busy", 8.0, "panel refreshing (BUSY): controller and booster, about 8 mA (UC8151 / "
                        "SSD1680 datasheets' operating current; Waveshare rates its 2.9\" module "
                        "at 26.4 mW a refresh)"),
    ("panel_idle", 0.01, "panel controller between refreshes, booster off: standby of about 10 uA "
                         "(UC8151 / SSD1680 datasheets)"),
    ("off", 0.0, "latch off (Badger: EN_3V3 low): the regulator off; its shutdown current is not "
                 "counted"),
]
MA = {name: ma for name, ma, _src in FIGURES}


def night_script(gap_s):
    """(label, script): whole games in rp2_soak's chain, the fewest that
    hold HOUR_S / gap_s presses (each press is followed by gap_s)."""
    rp2_soak.littlefs_way()
    c = rp2_soak.chain(presses=-(-HOUR_S // gap_s))
    return "night (%d game%s)" % (len(c.games), "" if len(c.games) == 1 else "s"), ",".join(c.tokens)


def night(session, gap_s, vbus, board):
    """One whole session (None: a night of games, night_script) with a
    GAP_S read after every press; returns the states' totals (ms), the
    panel's busy time, the stays figures."""
    label, script = night_script(gap_s) if session is None else (session, rp2.session_script(session))
    t0 = time.time()
    r = rp2.play(script, profile=board, vbus=vbus, boot_hold=() if vbus else ("A",),
                 reads=(1, int(gap_s * 1000)))
    wall = time.time() - t0
    steps = r["steps"]
    states = {}
    for s in steps[1:]:                 # the boot (with its clean refresh) is not the night's
        for k, v in (s.get("states") or {}).items():
            states[k] = states.get(k, 0.0) + v
    busy = sum(f["busy_ms"] for s in steps[1:] for f in s["refreshes"])
    chip = sum(s["chip_ms"] for s in steps[1:])
    off = sum(s["chip_ms"] for s in steps[1:] if s["result"] == "off")
    _every, stays = press_to_picture(steps)
    presses = sum(1 for s in steps if s.get("token"))
    offs = sum(1 for s in steps if s["result"] == "off")
    return {"states": states, "busy": busy, "chip": chip, "off": off, "stays": stays, "presses": presses,
            "wall": wall, "offs": offs, "errors": len(r.get("errors") or []), "label": label}


def average_ma(x):
    """The modelled average current, mA, and its parts."""
    st = x["states"]
    chip = x["chip"]
    parts = {}
    for k in ("run", "run_xosc", "wait", "sleep"):
        parts[k] = MA[k] * st.get(k, 0.0) / chip
    computing = st.get("run", 0.0) + st.get("run_xosc", 0.0)
    parts["flash"] = (MA["flash_active"] * computing + MA["flash_standby"] * (chip - computing)) / chip
    parts["panel"] = (MA["panel_busy"] * x["busy"] + MA["panel_idle"] * (chip - x["busy"])) / chip
    return sum(parts.values()), parts


def report(rows):
    print("%-17s %-7s %4s %7s %7s %7s %7s %7s %7s %6s %8s %7s %-16s %s" % (
        "session", "power", "gap", "chip s", "run %", "xosc %", "wait %", "sleep %", "panel %", "off %",
        "avg mA", "hours", "stays med/p90/n", "check"))
    for label, gap, x in rows:
        chip = x["chip"]
        st = x["states"]
        ma, _parts = average_ma(x)
        s = x["stays"]
        share = [100 * v / chip for v in (st.get("run", 0), st.get("run_xosc", 0), st.get("wait", 0),
                                          st.get("sleep", 0), x["busy"], x["off"])]
        check = "ok" if not x["errors"] and not x["offs"] else "%d panel errors, %d power-offs" % (
            x["errors"], x["offs"])
        fmt = "%-17s %-7s %3ds %7.0f" + " %6.2f%%" * 5 + " %5.1f%% %8.2f %7.0f %4.0f/%4.0f/%4d %s"
        print(fmt % ((label[0], label[1], gap, chip / 1000) + tuple(share)
                     + (ma, CELLS_MAH / ma, median(s), pct(s, 90), len(s), check)))
    print()
    print("Currents (datasheet figures as commonly quoted, not yet checked line by line against the "
          "documents; not measurements):")
    for name, ma, src in FIGURES:
        print("  %-13s %6.2f mA  %s" % (name, ma, src))
    print("Hours: %d mAh (two AAA cells) / the average. Goals: at most 3 mA and at least 300 h with a "
          "press every 20 s on battery; a staying press shown within 300 ms (median) on the Badger."
          % CELLS_MAH)


def main(argv):
    ap = argparse.ArgumentParser(prog="python bench/energy.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--session", help="one scripted session (sim/rp2 session_script) instead of the night")
    ap.add_argument("--gap", type=int, action="append", help="seconds between presses (default 20 and 60)")
    ap.add_argument("--board", default="badger2040", choices=("badger2040", "pico_epaper29"))
    ap.add_argument("--no-usb", action="store_true", help="battery only (no USB row for comparison)")
    a = ap.parse_args(argv)
    gaps = a.gap or [20, 60]
    print("A game night on the emulated %s (rp2040js): %s, the player reading GAP s after every press; "
          "chip time by state after the boot (board.mjs), the panel's BUSY share, the modelled average "
          "current" % (a.board, a.session or "whole games in a chain, an hour of chip time at least"),
          flush=True)
    rows = []
    for gap in gaps:
        for vbus in ((False,) if a.no_usb else (False, True)):
            x = night(a.session, gap, vbus, a.board)
            rows.append(((x["label"], "USB" if vbus else "battery"), gap, x))
            print("  (%s, %s, %d s: %d presses, %.0f s of wall time)" % (
                x["label"], "USB" if vbus else "battery", gap, x["presses"], x["wall"]), flush=True)
    report(rows)


if __name__ == "__main__":
    main(sys.argv[1:])
