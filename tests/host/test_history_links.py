"""PL-19 on the desktop: `usher history pull` writes each kept play's BG
Stats import link beside history.csv (history_links.csv), the same link the
device's share screen shows, with the device's own id."""
import csv
import os

import share_sessions
from tests.host.test_history import usher

from usher.ui import playlog, share, share_screen


def _rows(out_dir):
    with open(os.path.join(out_dir, "history_links.csv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_pl19_the_pull_writes_the_links_the_device_shows(tmp_path):
    data = str(tmp_path / "data")
    links = {}
    for k in (0, 3, 6, 8):
        gid, options, n = share_sessions.SETUPS[k]
        app, buf = share_sessions.finished(data, gid, options, n, 40 + k)
        app.handle(("press", "B"))          # the share screen: the play is kept
        links[app.top().line["n"]] = app.top().link
        app.handle(("press", "B"))
        app.handle(("press", "C"))          # Finish
    out_dir = str(tmp_path / "out")
    code, out, err = usher("history", "pull", "--from", data, "-o", out_dir)
    assert code == 0, err
    assert "history_links.csv" in out
    rows = _rows(out_dir)
    assert [int(r["play"]) for r in rows] == sorted(links) == [1, 2, 3, 4]
    for r in rows:
        assert r["link"] == links[int(r["play"])] and r["left_out"] == ""
        assert r["date"] == playlog.find(data, int(r["play"]))["date"]


def test_pl19_a_pull_before_any_share_makes_the_id_the_device_then_uses(tmp_path):
    data = str(tmp_path / "data")
    app, buf = share_sessions.finished(data, "seatwars", {"players": 3}, 3, 9)
    app.handle(("press", "C"))              # kept without sharing: no id yet
    assert share.device_id(data) is None
    code, out, err = usher("history", "pull", "--from", data, "-o", str(tmp_path / "out"))
    assert code == 0, err
    device = share.device_id(data)
    assert device is not None
    row = _rows(str(tmp_path / "out"))[0]
    assert row["link"] == share.link_of(playlog.find(data, 1), device)
    assert '"sourcePlayId":"%s-1"' % device in share.play_json(playlog.find(data, 1), device)
    # ... and the board's own share screen shows that link afterwards
    assert share_screen.ShareScreen(app, playlog.find(data, 1)).link == row["link"]
