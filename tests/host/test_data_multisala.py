# The deck validator command (MS-2): python -m sim.data_multisala deck FILE.
import json
import os
import subprocess
import sys

from sim import data_multisala

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _run(args, tmp_path, capsys):
    rc = data_multisala.main(args)
    return rc, capsys.readouterr().out


def test_ms2_default_template_validates(tmp_path, capsys):
    rc, text = _run(["default"], tmp_path, capsys)
    assert rc == 0 and len(text.strip().splitlines()) == 55
    f = tmp_path / "deck.txt"
    f.write_text(text)
    rc, out = _run(["deck", str(f)], tmp_path, capsys)
    assert rc == 0 and "54 cards, 6 emotions" in out and "ON=27 OFF=27" in out
    rc, out = _run(["deck", str(f), "--json"], tmp_path, capsys)
    deck = json.loads(out)
    assert len(deck["cards"]) == 54 and deck["emotions"][0] == "gioia"


def test_ms2_defects_named_by_line_and_exit_1(tmp_path):
    lines = ["%d 3 ON %s carta" % (1 + i % 4, ("joy", "fear")[i % 2]) for i in range(40)]
    lines[2] = "1 3 ON joy pietra"
    f = tmp_path / "deck.txt"
    f.write_text("\n".join(lines) + "\n")
    p = subprocess.run([sys.executable, "-m", "sim.data_multisala", "deck", str(f)],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 1
    assert 'line 3: Morra "pietra" is not sasso, carta or forbice' in p.stdout
    assert "1 defect(s)" in p.stdout
