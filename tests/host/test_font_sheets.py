"""The CircuitPython image's frozen font sheets
(firmware/usher/device/circuitpython/font_sheets.py) are what
tools/make_font_sheets.py makes from the UI's fonts: a font changed without
them regenerated fails here. That CircuitPython's own build of
each sheet gives the same bytes: tests/cpydevice/test_cpy_bitmap_canvas.py."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_frozen_font_sheets_are_up_to_date():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "make_font_sheets.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_changed_font_is_caught(tmp_path, monkeypatch):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import make_font_sheets as mfs
    finally:
        sys.path.pop(0)
    text = mfs.render()
    out = tmp_path / "font_sheets.py"
    out.write_text(text.replace("\\x20", "\\x21", 1))
    monkeypatch.setattr(mfs, "OUT", str(out))
    assert mfs.main(["--check"]) == 1
    out.write_text(text)
    assert mfs.main(["--check"]) == 0
