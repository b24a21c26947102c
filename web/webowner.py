# Owner data uploaded in the page (PL-11): the same checks as `usher data
# check` (host_tools/usher_host/data.py: UTF-8 text, then the game's own
# parser from the firmware, the functions host_tools/usher_host/datakinds.py
# calls), after the size limit the device itself applies
# (usher.ui.owner_data.read_text); a valid file is written where `usher data
# upload` puts it, so the next new game reads it as on the device.
# Plain MicroPython/CPython code: tests/host/test_web_backend.py runs it on
# CPython against datakinds.
import binascii
import json
import os

from usher.core import storage
from usher.ui import owner_data

DATA_DIR = "/data"
# kind -> file under the data folder and what it is: the same table as
# host_tools/usher_host/datakinds.py (tests/host/test_web_backend.py checks).
# The kinds of owner data (TS-2, TS-6, MS-1, TH-13, TH-15), as usher data names them.
KINDS = (
    ("panels", "takeaseat/panels.txt", "Take a Seat reservation panels"),
    ("automa", "takeaseat/automa.txt", "Take a Seat Automa deck"),
    ("deckreative", "multisala/deck.txt", "Pulisci il Multisala DecKreative deck"),
    ("theatre-deck", "theatre/deck.txt", "The Theatre deck list"),
    ("theatre-house", "theatre/house.txt", "The Theatre House deck (solo)"),
    ("players", "players.txt", "roster of players (one name a line)"),
)


def _bad_utf8(raw):
    """The offset of the first byte that starts no valid UTF-8 sequence (the
    byte `usher data check` names), or None. MicroPython's UnicodeError has
    no offset, so the page finds it itself."""
    i, n = 0, len(raw)
    while i < n:
        b = raw[i]
        if b < 0x80:
            i += 1
            continue
        if 0xC2 <= b <= 0xDF:
            k = 1
        elif 0xE0 <= b <= 0xEF:
            k = 2
        elif 0xF0 <= b <= 0xF4:
            k = 3
        else:
            return i
        for j in range(1, k + 1):
            if i + j >= n or raw[i + j] & 0xC0 != 0x80:
                return i
        i += k + 1
    return None


def check_owner(kind, b64, name, size):
    """Owner data from the page's file input: its name, its size and (base64)
    at most its first MAX_BYTES + 1 bytes. The same checks as `usher data
    check` (UTF-8 text, the game's own parser) after the device's size limit;
    a valid file is written where `usher data upload` puts it. JSON {"ok",
    "lines", "path"}: lines as `usher data check` prints them."""
    raw = binascii.a2b_base64(b64.encode())
    return json.dumps(owner_check(kind, raw, DATA_DIR, name, size))


def owner_check(kind, raw, data_dir, name="file", size=None):
    entry = None
    for k in KINDS:
        if k[0] == kind:
            entry = k
    if entry is None:
        return {"ok": False, "lines": ["unknown kind %r" % kind], "path": None}
    path = entry[1]
    size = len(raw) if size is None else size
    if size > owner_data.MAX_BYTES:
        # The device would refuse it too (usher.ui.owner_data.read_text).
        return {"ok": False, "path": path,
                "lines": ["%s is too big: %d bytes; the device reads at most %d. Nothing was uploaded."
                          % (name, size, owner_data.MAX_BYTES)]}
    try:
        text = raw.decode("utf-8")
    except UnicodeError:
        at = _bad_utf8(raw)
        at = 0 if at is None else at
        hint = " (it looks like UTF-16)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        return {"ok": False, "path": path, "lines": [
            "%s is not UTF-8 text%s: byte 0x%02x at offset %d. Save it as UTF-8. Nothing was uploaded."
            % (name, hint, raw[at], at)]}
    if text.startswith("\ufeff"):
        text = text[1:]          # a byte-order mark some editors write, as usher data does
    if kind == "players":
        from usher.ui import players
        defects = players.parse_roster(text)[1]
    else:
        defects = parser_for(path)(text)[1]
    if defects:
        lines = ["%s: %s" % (name, d) for d in defects]
        lines.append("%s: %d defect(s); nothing was uploaded." % (name, len(defects)))
        return {"ok": False, "lines": lines, "path": path}
    target = storage.join(data_dir, path)
    storage.makedirs(target.rsplit("/", 1)[0])
    tmp = target + ".tmp"
    with open(tmp, "wb") as f:
        f.write(raw)
    try:
        os.remove(target)
    except OSError:
        pass
    os.rename(tmp, target)
    return {"ok": True, "path": path,
            "lines": ["%s: valid %s" % (name, entry[2]),
                      "uploaded to %s (%d bytes); a new game uses it" % (target, len(raw))]}


def parser_for(path):
    """The firmware's own parser for an owner file (usher.ui.owner_data)."""
    for game_id in sorted(owner_data.FILES):
        for name, _key, parse in owner_data.FILES[game_id]:
            if name == path:
                return parse
    raise KeyError(path)
