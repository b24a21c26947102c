"""Reading an owner's text file on the desktop the way the device does
(usher.ui.owner_data, PL-11): at most MAX_BYTES, UTF-8, and every failure a
message that names the file. Also `printable`, for echoing text that came
from a file (a NUL or an escape code must not reach the terminal raw)."""
import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

from usher.ui.owner_data import MAX_BYTES  # noqa: E402  the device's own limit


class TextFileError(Exception):
    """The file cannot be used as text; the message names it."""


def printable(text, newlines=False):
    """text with control characters (other than tab, and newline when
    newlines is true) shown as \\xNN."""
    out = []
    for ch in text:
        o = ord(ch)
        if (o < 32 and ch != "\t" and not (newlines and ch == "\n")) or 127 <= o < 160:
            out.append("\\x%02x" % o)
        else:
            out.append(ch)
    return "".join(out)


def read_text(path, limit=MAX_BYTES):
    """(raw bytes, text) of path; TextFileError naming it when it is missing,
    unreadable, a folder, bigger than the device accepts, or not UTF-8."""
    name = printable(path)
    try:
        if os.path.isdir(path):
            raise TextFileError("%s is a folder, not a file." % name)
        size = os.path.getsize(path)
        if limit is not None and size > limit:
            raise TextFileError("%s is too big: %d bytes; the device reads at most %d." % (name, size, limit))
        with open(path, "rb") as f:
            raw = f.read(limit + 1 if limit is not None else -1)
    except OSError as e:
        raise TextFileError("Cannot read %s: %s." % (name, e.strerror or e)) from None
    if limit is not None and len(raw) > limit:
        raise TextFileError("%s is too big; the device reads at most %d bytes." % (name, limit))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        hint = " (it looks like UTF-16)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise TextFileError("%s is not UTF-8 text%s: byte 0x%02x at offset %d. Save it as UTF-8." % (
            name, hint, raw[e.start], e.start)) from None
    if text.startswith("\ufeff"):
        text = text[1:]          # a byte-order mark some editors write
    return raw, text
