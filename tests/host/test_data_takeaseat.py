# The Take a Seat data command line (TS-2 panels, TS-6 deck) as an owner runs it.
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _run(*args):
    p = subprocess.run([sys.executable, "-m", "sim.data_takeaseat"] + list(args), cwd=ROOT,
                       capture_output=True, text=True)
    return p.returncode, p.stdout


def test_ts2_sample_panels_round_trip_through_the_cli(tmp_path):
    code, text = _run("sample-panels")
    assert code == 0 and "SAMPLE" in text
    f = tmp_path / "panels.txt"
    f.write_text(text)
    code, out = _run("panels", str(f))
    assert code == 0 and "6 panel(s), no defects" in out


def test_ts2_bad_panels_file_lists_every_defect(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("panel Mine\nauthorities\n#.\n.#\npress\n##\nvips\n")
    code, out = _run("panels", str(f))
    assert code == 1
    assert "line 2: panel 'Mine', ticket authorities: not 4-connected" in out
    assert "line 1: panel 'Mine', ticket celebrities: missing" in out
    assert "line 1: panel 'Mine', ticket public: missing" in out
    assert "line 7: panel 'Mine': unknown line 'vips'" in out
    assert "4 defect(s)" in out


def test_ts6_deck_file_checked(tmp_path):
    code, text = _run("sample-deck")
    f = tmp_path / "deck.txt"
    f.write_text(text)
    assert _run("deck", str(f))[0] == 0
    f.write_text(text.replace("press RU", "press XY"))
    code, out = _run("deck", str(f))
    assert code == 1 and "unknown arrow 'XY'" in out and "1 defect(s)" in out
    assert _run("deck", str(tmp_path / "missing.txt"))[0] == 2
