# A kept play as BG Stats' play-import link (PL-19): BG Stats' documented
# https://app.bgstatsapp.com/createPlay.html?data= followed by the play as
# URL-encoded JSON. Built from the line the play history keeps
# (usher.ui.playlog), read by the share screen (usher.ui.share_screen) and by
# `usher history pull` (the links beside history.csv). No drawing here.
#
# The JSON (the shortest BG Stats reads: no field at its default, no spaces,
# keys in a fixed order so every runtime writes the same bytes):
#   {"sourceName":"Usher","sourcePlayId":"<device id>-<play number>",
#    "game":{"name":<title>,"highestWins":true[,"noPoints":true]},
#    ["playDate":"YYYY-MM-DD HH:MM:SS",]
#    "players":[{"name":..,"score":..[,"winner":true][,"startPlayer":true]},..]}
#   - score is left out where the game keeps none (The Theatre: noPoints);
#   - the Automa of a solo Take a Seat is a player named "Automa";
#   - startPlayer only where the kept play says who started (Seat Wars'
#     "start" option); no game here has a role, so no "role";
#   - playDate only when the board's clock was known when the play was kept.
# Strings are escaped as JSON requires (quote, backslash, control
# characters); other characters stay as they are (UTF-8), then every byte
# outside RFC 3986's query characters, and & = + # (which a query parser
# would split on or read as a space), is percent-encoded.
#
# When the link does not fit the largest code (usher.qr at version 26, L),
# optional fields are dropped in DROP_ORDER, least useful first, and the
# screen names them; a link that still does not fit is refused with the
# reason (no code is ever shown that decodes to something else).
#
# The device id: DEVICE_FILE in the data folder, {"id": "<8 hex digits>"},
# made on first use; with the play number it makes sourcePlayId unique per
# device and play, so scanning the same play twice is recognised.
from usher import qr
from usher.core import storage

BASE = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Usher"
DEVICE_FILE = "device_id.json"
AUTOMA = "Automa"
NO_POINTS = ("theatre",)          # games whose kept play has no scores
# Optional fields, dropped in this order when the link is too long (PL-19).
DROP_ORDER = ("startPlayer", "highestWins", "noPoints", "playDate", "sourcePlayId")
DROP_TEXT = {"startPlayer": "start player", "highestWins": "highest wins",
             "noPoints": "no points", "playDate": "date", "sourcePlayId": "play id"}
# Bytes kept as they are in the query value (RFC 3986 query characters less
# & = + #); everything else is %XX.
SAFE = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?"
HEX = "0123456789ABCDEF"

# How the code is drawn (PL-19): modules of 2 pixels while the code and a
# quiet zone of 2 modules fit the 128-pixel height (up to version 10), else
# of 1 pixel (up to version 26). Error correction M where it fits, else L.
SCREEN_H = 128
QUIET = 2


class ShareError(ValueError):
    pass


# --- the device id ---------------------------------------------------------------------

def _check_id(obj):
    if type(obj) is not dict or type(obj.get("id")) is not str or not obj["id"] or \
            len(obj["id"]) > 16 or not _is_safe_id(obj["id"]):
        raise ValueError("not a device id")
    return obj["id"]


def _is_safe_id(s):
    for ch in s:
        if ch not in "0123456789abcdefghijklmnopqrstuvwxyz":
            return False
    return True


def device_id(data_dir, new=None):
    """The device id kept in data_dir, or, when there is none and new is
    given, new() (8 hex digits are made of its number) kept there now.
    None when there is none and new is None. A damaged file is set aside
    by storage and a new id made (a new id only means BG Stats sees later
    scans of old plays as new plays)."""
    path = storage.join(data_dir, DEVICE_FILE)
    try:
        value = storage.load_checked(path, _check_id)[0]
    except storage.StorageError:
        value = None
    if value is not None or new is None:
        return value
    value = "%08x" % (new() & 0xFFFFFFFF)
    storage.save(path, {"id": value})
    return value


# --- JSON and the link -------------------------------------------------------------------

def json_string(s):
    out = ['"']
    for ch in s:
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _value(v):
    if v is True:
        return "true"
    if v is False:
        return "false"
    if type(v) is int:
        return str(v)
    if type(v) is str:
        return json_string(v)
    if type(v) is list:
        return "[" + ",".join([_value(x) for x in v]) + "]"
    if type(v) is tuple:   # an object: a tuple of (key, value) pairs, in order
        return "{" + ",".join([json_string(k) + ":" + _value(x) for k, x in v]) + "}"
    raise ShareError("cannot write %r in the play's JSON" % (v,))


def fields(line, device, drop=()):
    """The play as BG Stats' fields: (key, value) pairs in a fixed order
    (nested objects as tuples of pairs), optional fields in drop left out."""
    game = line["game"]
    from usher import games
    g = [("name", games.title(game))]
    if "highestWins" not in drop:
        g.append(("highestWins", True))
    no_points = game in NO_POINTS
    if no_points and "noPoints" not in drop:
        g.append(("noPoints", True))
    names = line["players"]
    scores = line["scores"]
    winners = line["winners"]
    start = None
    if game == "seatwars":
        start = (line.get("options") or {}).get("start", 0)
    players = []
    for i in range(len(names)):
        p = [("name", names[i])]
        if not no_points and scores[i] is not None:
            p.append(("score", scores[i]))
        if i in winners:
            p.append(("winner", True))
        if start == i and "startPlayer" not in drop:
            p.append(("startPlayer", True))
        players.append(tuple(p))
    opp = line.get("opp")
    if opp:
        p = [("name", AUTOMA), ("score", opp["score"])]
        if opp.get("won"):
            p.append(("winner", True))
        players.append(tuple(p))
    out = [("sourceName", SOURCE_NAME)]
    if "sourcePlayId" not in drop and device:
        out.append(("sourcePlayId", "%s-%d" % (device, line["n"])))
    out.append(("game", tuple(g)))
    date = line.get("date")
    if date and "playDate" not in drop:
        out.append(("playDate", date[:10] + " " + date[11:19]))
    out.append(("players", players))
    return tuple(out)


def play_json(line, device, drop=()):
    return _value(fields(line, device, drop))


_safe = None    # 256 flags, 1 = kept as it is (made on first use)


def quote(s):
    """s percent-encoded for a URL query value (UTF-8, %XX upper case),
    written into one bytearray (no string per character)."""
    global _safe
    if _safe is None:
        _safe = bytearray(256)
        for b in SAFE:
            _safe[b] = 1
    safe = _safe
    hexd = HEX.encode()
    out = bytearray()
    for b in s.encode("utf-8"):
        if safe[b]:
            out.append(b)
        else:
            out.append(37)             # %
            out.append(hexd[b >> 4])
            out.append(hexd[b & 15])
    return out.decode()


def link_of(line, device, drop=()):
    return BASE + quote(play_json(line, device, drop))


def _present(line, device):
    """The optional fields this play has at all, in DROP_ORDER."""
    out = []
    full = play_json(line, device)
    for k in DROP_ORDER:
        if '"%s":' % k in full:
            out.append(k)
    return out


def layout(n, max_version=qr.MAX_VERSION):
    """(version, ec, module pixels) of the code for a link of n bytes, or
    None when it does not fit: 2-pixel modules first (M, then L), then
    1-pixel modules (M, then L), each at the smallest version."""
    for scale in (2, 1):
        top = max_version
        while top > 0 and (qr.size_of(top) + 2 * QUIET) * scale > SCREEN_H:
            top -= 1
        for ec in (qr.M, qr.L):
            v = qr.smallest_version(n, ec, 1, top)
            if v is not None:
                return v, ec, scale
    return None


def share(line, device, max_version=qr.MAX_VERSION):
    """(link, dropped fields, (version, ec, scale)) of a kept play: the whole
    link when it fits, else with optional fields dropped in DROP_ORDER.
    Raises ShareError (saying why) when not even the shortest fits."""
    present = _present(line, device)
    drop = []
    while True:
        url = link_of(line, device, drop)
        n = len(url.encode("utf-8"))
        shape = layout(n, max_version)
        if shape is not None:
            return url, drop, shape
        if len(drop) == len(present):
            raise ShareError("The link is %d bytes; the largest code holds %d." % (
                n, qr.capacity(max_version, qr.L)))
        drop.append(present[len(drop)])


def left_out(drop):
    """What the screen says about the dropped fields ("" when none)."""
    if not drop:
        return ""
    return "Left out: " + ", ".join([DROP_TEXT[k] for k in drop])
