"""PL-19 in the browser page: while the device's screen shows a play's BG
Stats code, the page's step report carries the same link (web/webdevice.py,
run here on the MicroPython unix port as the page runs it on WebAssembly),
and the page shows it under the panel (web/index.html, web/main.js)."""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = """
import json
import webdevice
webdevice.DATA_DIR = %r
dev = webdevice.Device(fixed_seeds=True)
first = json.loads(dev.boot())
from usher.ui import share, share_screen
line = {"n": 4, "game": "seatwars", "date": None, "players": ["Ann", "Bob"], "scores": [3, 5],
        "winners": [1], "breakdown": [], "actions": 9, "seed": 1, "options": {}}
app = dev.rt.app
s = share_screen.ShareScreen(app, line)
app.push(s)
after = json.loads(dev._report([]))
print(json.dumps({"before": first.get("share"), "after": after["share"], "link": s.link,
                  "device": share.device_id(webdevice.DATA_DIR)}))
"""


def test_pl19_the_page_reports_the_link_of_the_code_on_screen(tmp_path):
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([os.path.join(ROOT, "firmware"),
                                                       os.path.join(ROOT, "web")]))
    p = subprocess.run([mp, "-c", SCRIPT % str(tmp_path / "data")], env=env, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    got = json.loads(p.stdout.strip().splitlines()[-1])
    assert got["before"] is None
    assert got["after"] == got["link"] and got["link"].startswith("https://app.bgstatsapp.com/")
    assert '%22sourcePlayId%22:%22' + got["device"] + '-4%22' in got["link"]
    with open(os.path.join(ROOT, "web", "index.html"), encoding="utf-8") as f:
        page = f.read()
    with open(os.path.join(ROOT, "web", "main.js"), encoding="utf-8") as f:
        js = f.read()
    assert 'id="share-link"' in page and "showShare(report.share)" in js
