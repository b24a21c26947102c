"""The page's owner-data check (web/webowner.py, run on MicroPython in the
page) on CPython against `usher data check` (host_tools/usher_host): the same
kinds and files, the same defects for each kind, a valid file written where
`usher data upload` puts it (PL-11); and the build's contents."""
import importlib.util
import json
import os

import pytest

from sim.session import FIRMWARE
from usher_host import data as host_data
from usher_host import datakinds
from usher_host.errors import HostError
from web import build

from usher.games.takeaseat import deck as ts_deck  # noqa: E402  (sim.session put firmware/ on the path)
from usher.games.takeaseat import panels as ts_panels  # noqa: E402

# Loaded from its file: web/ itself is not put on the path (its other
# modules are desktop tools).
_spec = importlib.util.spec_from_file_location(
    "webowner", os.path.join(os.path.dirname(FIRMWARE), "web", "webowner.py"))
webowner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(webowner)

BAD = {
    "panels": "panel Mine\nauthorities\n#?#\n",
    "automa": "card 1\nnonsense\n",
    "deckreative": "this is not a deck\n",
    "theatre-deck": "Boost 1\nCharm\n",
    "theatre-house": "Charm 1 paw, charm, 1, 1, wing\nLuck, luck, 5, 2, hoof\n",
    "players": "Anna\nAnna\nA name far too long\n",
}


def test_kinds_are_the_host_tools_kinds():
    assert {k: (path, what) for k, path, what in webowner.KINDS} == \
        {k: (v[0], v[2]) for k, v in datakinds.KINDS.items()}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_defects_are_the_data_check_lines(kind, tmp_path):
    text = BAD[kind]
    path = tmp_path / "f.txt"
    path.write_text(text)
    printed = []
    with pytest.raises(HostError) as e:
        host_data.check(kind, str(path), out=printed.append, uploading=True)   # the page uploads
    r = webowner.owner_check(kind, text.encode(), str(tmp_path / "data"), str(path))
    assert not r["ok"]
    assert r["lines"] == printed + [str(e.value)]
    assert not (tmp_path / "data").exists()   # nothing written


@pytest.mark.parametrize("kind,text", [("panels", ts_panels.SAMPLE_PANELS_TEXT),
                                       ("automa", ts_deck.DEFAULT_DECK_TEXT)])
def test_valid_file_goes_where_usher_data_upload_puts_it(kind, text, tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text(text)
    printed = []
    host_data.check(kind, str(path), out=printed.append)
    data_dir = str(tmp_path / "data")
    r = webowner.owner_check(kind, text.encode(), data_dir, str(path))
    assert r["ok"] and r["lines"][0] == printed[0]
    target = datakinds.device_path(kind, data_dir)
    with open(target, encoding="utf-8") as f:
        assert f.read() == text
    assert not os.path.exists(target + ".tmp")


def test_not_utf8_and_too_big_are_refused(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("panel Caf\xe9\n".encode("latin-1"))
    with pytest.raises(HostError) as e:
        host_data.check("panels", str(path), out=lambda _line: None, uploading=True)
    r = webowner.owner_check("panels", path.read_bytes(), str(tmp_path / "data"), str(path))
    assert r["lines"] == [str(e.value)]
    # The device refuses files over 24 KiB (usher.ui.owner_data.read_text);
    # the page says so before parsing, whatever the content.
    big = webowner.owner_check("panels", b"x", str(tmp_path / "data"), "big.txt", size=25 * 1024)
    assert not big["ok"] and "too big: 25600 bytes; the device reads at most 24576" in big["lines"][0]
    assert webowner.owner_check("nope", b"", str(tmp_path), "x")["lines"] == ["unknown kind 'nope'"]


def test_build_has_the_page_the_wasm_port_and_every_firmware_module(tmp_path):
    out = str(tmp_path / "web")
    files = build.build(out)
    assert sorted(files) == sorted(build.PAGE_FILES + build.MP_FILES + ("usher-files.json",))
    with open(os.path.join(out, "usher-files.json"), encoding="utf-8") as f:
        bundle = json.load(f)
    with open(os.path.join(os.path.dirname(FIRMWARE), "package.json"), encoding="utf-8") as f:
        pinned = json.load(f)["dependencies"]["@micropython/micropython-webassembly-pyscript"]
    assert bundle["micropython_package"] == pinned
    expected = set()
    for folder, dirs, names in os.walk(os.path.join(FIRMWARE, "usher")):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        expected |= {"lib/" + os.path.relpath(os.path.join(folder, n), FIRMWARE) for n in names
                     if n.endswith(".py")}
    assert set(bundle["files"]) == expected | {"lib/webdevice.py", "lib/webowner.py"}
    with open(os.path.join(FIRMWARE, "usher", "ui", "app.py"), encoding="utf-8") as f:
        assert bundle["files"]["lib/usher/ui/app.py"] == f.read()
    with open(os.path.join(out, "micropython.wasm"), "rb") as f:
        assert f.read(4) == b"\0asm"
