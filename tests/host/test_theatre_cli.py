# The deck checker on the command line (TH-13).
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _run(tmp_path, text, *args):
    path = tmp_path / "deck.txt"
    path.write_text(text)
    return subprocess.run([sys.executable, "-m", "sim.data_theatre", "deck", str(path)] + list(args),
                          cwd=ROOT, capture_output=True, text=True)


def _deck(per_rank):
    lines = []
    for r in range(1, 5):
        for i in range(per_rank[r - 1]):
            lines.append("Card %d-%d, will, %d" % (r, i, r))
    return "\n".join(lines) + "\n"


def test_th13_cli_legal_deck_exit_0(tmp_path):
    res = _run(tmp_path, _deck([4, 4, 4, 4]), "--players", "2")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "16 cards, rank weight 60 of 60" in res.stdout and "legal" in res.stdout


def test_th13_cli_reports_every_broken_rule(tmp_path):
    text = _deck([5, 5, 5, 5]) + "V, charm, 1\nV, charm, 1\nV, charm, 1\nW, fire, 2\n"
    res = _run(tmp_path, text, "--players", "2")
    assert res.returncode == 1
    for rule in ("suit:", "max_copies:", "rank_limit:"):
        assert rule in res.stdout, res.stdout
    assert "3 broken rule(s)" in res.stdout
    # The same deck minus the bad lines is fine for 3 players.
    res = _run(tmp_path, _deck([5, 5, 5, 5]), "--players", "3")
    assert res.returncode == 0, res.stdout
