# CRC-32 seals on what the firmware writes to flash (PL-17): damage that
# still parses (a flipped digit in a seed, a score, a name) is caught.
#
# A sealed JSON object is its JSON text with one more member appended:
#   {"game": "seatwars", ...,"crc32":"1a2b3c4d"}
# where the CRC-32 (IEEE 802.3, as binascii.crc32) is of the text without
# that member ({"game": "seatwars", ...}). The file stays valid JSON, so a
# reader that knows nothing of seals (an older firmware, a person with a
# text editor, the host tools) still reads it. json.dumps on CPython and
# MicroPython writes ", " and ": " between members, so an unsealed file
# never ends like a seal (no spaces): a tail of the seal's shape whose key
# or digits were damaged is refused, not taken for an old unsealed file.
# A sealed text file (the roster) starts with a comment line
# "# crc32 1a2b3c4d" over everything after it (the roster's parser skips #
# lines, so an older reader still reads the names).
#
# Files without a seal (saved by a firmware from before PL-17, or uploaded
# from the desktop) are read as they are: a board's running game must never
# be lost to an update; the next save seals it.
try:
    from binascii import crc32 as _crc32
except ImportError:  # a port built without it: the same CRC in Python
    _crc32 = None

KEY = "crc32"
_TAIL = len(',"crc32":"12345678"}')        # 20
_HEX = "0123456789abcdef"
_table = None


def _soft_crc32(data, crc=0):
    global _table
    if _table is None:
        _table = []
        for i in range(256):
            c = i
            for _ in range(8):
                c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
            _table.append(c)
    c = crc ^ 0xFFFFFFFF
    for b in data:
        c = _table[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def crc32(data, crc=0):
    """CRC-32 of bytes (IEEE, the value binascii.crc32 gives); crc: the
    CRC of the bytes before them, to go on from."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    return _soft_crc32(data, crc)


def _hex(data):
    return "%08x" % crc32(data.encode("utf-8"))


def seal_object(text):
    """JSON text of an object -> the same object with its seal member."""
    if text[-1:] != "}":
        raise ValueError("only a JSON object is sealed")
    if text == "{}":
        return '{"crc32":"%s"}' % _hex(text)
    return text[:-1] + ',"crc32":"%s"}' % _hex(text)


def object_tail(data):
    """(keep, tail) for a JSON object's bytes data: the sealed file is
    data[:keep] followed by tail (the seal member and the closing brace),
    so a writer needs no second copy of a large record (the device's heap)."""
    if data == b"{}":
        return 1, '"crc32":"%08x"}' % crc32(data)
    return len(data) - 1, ',"crc32":"%08x"}' % crc32(data)


def check_object(raw, end):
    """True when the JSON object's bytes raw[:end] end with a seal that
    matches (checked on a memoryview: no copy); False when they have no
    seal; ValueError when a seal is there but damaged or does not match."""
    if end < _TAIL:
        return False
    tail = bytes(raw[end - _TAIL:end])
    if tail[1:2] != b'"' or tail[7:10] != b'":"' or tail[18:] != b'"}' \
            or not (tail[0:1] == b"," or (tail[0:1] == b"{" and end == _TAIL)):
        return False
    key, digits = tail[2:7], tail[10:18]
    if key != b"crc32" or [c for c in digits if c not in b"0123456789abcdef"]:
        raise ValueError("checksum is damaged")
    if tail[0:1] == b"{":
        value = crc32(b"{}")
    elif _crc32 is not None:
        value = _crc32(b"}", _crc32(memoryview(raw)[:end - _TAIL])) & 0xFFFFFFFF
    else:
        value = _soft_crc32(bytes(raw[:end - _TAIL]) + b"}")
    if "%08x" % value != digits.decode():
        raise ValueError("checksum does not match")
    return True


def seal_text(text):
    """A text file's content with its seal as the first line: a file cut
    short anywhere (its end lost) then fails its seal, which a seal at the
    end could not tell from an older file that never had one."""
    if text and not text.endswith("\n"):
        text += "\n"
    return "# crc32 %s\n" % _hex(text) + text


def open_text(text):
    """(text without the seal line, sealed?); ValueError on a bad seal."""
    cut = text.find("\n")
    first = text if cut < 0 else text[:cut]
    if not first.startswith("# crc32 ") and not ("# crc32 ".startswith(first) and first.startswith("# c")) \
            and (len(first) != 16 or first[:2] != "# " or first[7] != " "):
        return text, False           # no seal: a file from before PL-17, or a person's
    payload = text[cut + 1:] if cut >= 0 else ""
    if len(first) != 16 or first[2:7] != KEY or [c for c in first[8:16] if c not in _HEX]:
        raise ValueError("checksum is damaged")
    if _hex(payload) != first[8:16]:
        raise ValueError("checksum does not match")
    return payload, True
