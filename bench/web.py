"""The page in headless Chromium (docs/web.md): time from page load to the
first frame, and time per button press in the page (median, p95).
Usage: python bench/web.py [--loads 8]   (part of make bench; needs make setup)

Load: navigation start to the first frame drawn on the canvas (the
performance.now() mark the page keeps), from a local server on this machine,
once on a first visit (empty cache), then reloaded for a fresh device
(launcher) and for a device resuming a saved game (the App replays the
record). Press: the Multisala solo session of the UI tests
(tests/portable/ui_session_multisala.py, 5 rounds) played by keys; for each
press, the device loop's pass in MicroPython (button logic, App.handle,
redraw, frame handed to the page), the same plus drawing and saving in the
page, and the time from the key going down to the refresh starting on
screen (this includes the device's 30 ms debounce and its 10 ms polling)."""
import argparse
import os
import statistics
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from web import browser, build, serve  # noqa: E402

ROUND = "C,C,B,C,B,C,C"
SESSION = "DOWN,DOWN,C,C," + ",".join([ROUND] * 5)


def p95(values):
    v = sorted(values)
    return v[max(0, -(-len(v) * 95 // 100) - 1)]   # nearest rank


def summary(values, unit="ms"):
    return "median %.1f %s, p95 %.1f %s (n=%d)" % (statistics.median(values), unit, p95(values), unit,
                                                   len(values))


def first_frames(page, url, loads):
    out = []
    for _ in range(loads):
        browser.open_page(page, url)
        out.append(page.evaluate("window.usher.timings"))
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog="python bench/web.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loads", type=int, default=8)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="usher-web-") as out:
        build.build(out)
        server, base = serve.start(out)
        url = base + "?seeds=fixed"
        try:
            with browser.browser_context(viewport={"width": 1280, "height": 900}) as ctx:
                page = ctx.new_page()
                browser.open_page(page, url)
                cold = page.evaluate("window.usher.timings")
                agent = page.evaluate("navigator.userAgent")
                page.evaluate("localStorage.clear()")
                fresh = []
                for _ in range(args.loads):
                    fresh += first_frames(page, url, 1)
                    page.evaluate("localStorage.clear()")
                browser.open_page(page, url)
                n0 = browser.steps(page)
                for token in SESSION.split(","):
                    browser.key(page, token)
                    browser.idle(page)
                steps = page.evaluate("window.usher.steps.slice(%d)" % n0)
                resumed = first_frames(page, url, args.loads)
        finally:
            server.shutdown()
            server.server_close()
    presses = [s for s in steps if any(e[0] == "press" for e in s["events"])]
    chrome = agent.split("Chrome/")[1].split(" ")[0] if "Chrome/" in agent else agent
    print("Page in headless Chromium %s, served from 127.0.0.1 (make bench; python bench/web.py)" % chrome)
    print("Load to first frame, first visit (empty cache, fresh profile): %.1f ms" % cold["firstFrame"])
    print("Load to first frame, fresh device:   %s" % summary([t["firstFrame"] for t in fresh]))
    print("  of which MicroPython ready (wasm + files fetched): %s" % summary([t["wasm"] for t in fresh]))
    print("Load to first frame, resuming a game: %s" % summary([t["firstFrame"] for t in resumed]))
    print("Per press, %d presses by key (Multisala solo, 5 rounds):" % len(presses))
    print("  device loop pass in MicroPython:  %s" % summary([s["ms"] for s in presses]))
    print("  with drawing and saving:          %s" % summary([s["total"] for s in presses]))
    print("  key down to refresh on screen:    %s" % summary([s["latency"] for s in presses
                                                               if s["latency"] is not None]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
