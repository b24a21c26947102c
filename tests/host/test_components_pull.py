"""PL-20: what an owner entered on the device comes back with `usher data
pull` in the format `usher data upload` reads; a damaged copy is named and
its previous copy pulled, with a non-zero exit (PL-23)."""
import os
import subprocess
import sys

from usher.games.takeaseat import deck as dk
from usher.games.takeaseat import panels as pn
from usher.ui import owner_edit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def usher(*args):
    p = subprocess.run([sys.executable, "-m", "usher_host"] + list(args), cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def _entered(data):
    panels = [None] * 6
    for i, (_name, tickets) in enumerate(pn.SAMPLE_PANELS):
        from usher.games.takeaseat import tickets as tk
        cells = [[list(tk.row_col(c)) for c in t] for t in tickets]
        problem, _complete = owner_edit.save_panel(data, panels, i, {"name": "Mine %d" % (i + 1),
                                                                     "tickets": cells})
        assert problem is None
    cards = dk.parse_deck(dk.DEFAULT_DECK_TEXT)[0]
    assert owner_edit.save_deck(data, cards) is None       # first the assumed deck as it is
    cards[0]["arrow"] = "DL"
    assert owner_edit.save_deck(data, cards) is None       # then changed: the first is its previous copy
    return cards


def test_pl20_entered_panels_and_deck_pull_back_in_the_upload_format(tmp_path):
    data = str(tmp_path / "data")
    os.makedirs(data)
    cards = _entered(data)
    out = str(tmp_path / "panels.txt")
    code, said, err = usher("data", "pull", "panels", out, "--folder", data)
    assert code == 0, err
    with open(out, encoding="utf-8") as f:
        text = f.read()
    assert not text.startswith("# crc32")
    got, defects = pn.parse_panels(text)
    assert defects == [] and [p["name"] for p in got] == ["Mine %d" % i for i in range(1, 7)]
    code, said, err = usher("data", "check", "panels", out)
    assert code == 0 and "valid" in said, (said, err)
    deck = str(tmp_path / "automa.txt")
    code, said, err = usher("data", "pull", "automa", deck, "--folder", data)
    assert code == 0, err
    with open(deck, encoding="utf-8") as f:
        assert dk.parse_deck(f.read()) == (cards, [])


def test_pl23_a_damaged_deck_pulls_its_previous_copy_named_with_a_failing_exit(tmp_path):
    data = str(tmp_path / "data")
    os.makedirs(data)
    _entered(data)
    path = os.path.join(data, "takeaseat", "automa.txt")
    with open(path, encoding="utf-8") as f:
        txt = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(txt.replace("DL", "DR", 1))
    out = str(tmp_path / "automa.txt")
    code, said, err = usher("data", "pull", "automa", out, "--folder", data)
    assert code == 1, err
    assert "automa.txt is damaged (checksum does not match)" in said and "previous copy" in said
    with open(out, encoding="utf-8") as f:
        assert dk.parse_deck(f.read()) == dk.parse_deck(dk.DEFAULT_DECK_TEXT)


def test_pl20_a_backup_of_entered_components_passes_restores_checks(tmp_path):
    from usher_host import backup
    data = str(tmp_path / "data")
    os.makedirs(data)
    _entered(data)
    for rel in ("takeaseat/panels.txt", "takeaseat/automa.txt", "takeaseat/panels.draft.json"):
        with open(os.path.join(data, *rel.split("/")), "rb") as f:
            raw = f.read()
        assert backup._problem(rel, raw) is None, rel
    # a damaged one is refused by name, as any file restore checks
    with open(os.path.join(data, "takeaseat", "automa.txt"), "rb") as f:
        raw = f.read()
    assert backup._problem("takeaseat/automa.txt", raw.replace(b"DL", b"DR", 1)) == "checksum does not match"
