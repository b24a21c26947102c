# The seats' names of the running game and THE helper every screen uses to
# show a player: label(i). Always loaded (small); the roster and the name
# pickers are in usher.ui.players.
#
# The App calls use(options) whenever a game is loaded, started or ended, so
# label(i) needs no app and also serves the History lines (describe).
# Names come from the game's options (the record keeps them): "names"
# (Take a Seat, Multisala) or a list as "players" (The Theatre, Seat Wars,
# whose engines take names); without them seat i is "P<i+1>".
#
# Truncation rule: a name is shown whole when it fits the slot a screen
# gives it (max_w pixels in font); otherwise it is cut to the longest start
# that fits followed by one ".", e.g. "Maximilian" -> "Maxim." in 40 px.
# Names are at most usher.ui.players.MAX_NAME (10) characters.
from usher.ui import text

_current = None   # the running game's names, or None


def use(options):
    """The App: the running game's options (None when no game runs)."""
    global _current
    _current = names_of(options) if options else None


def seat_count(game_id, options):
    """How many seats a game's options have (people at the table)."""
    n = options.get("players", 1)
    if type(n) is list:
        return len(n)
    if game_id == "takeaseat" and options.get("mode", "solo") == "solo":
        return 1
    return n if type(n) is int else 1


def with_names(game_id, options, names):
    """options with the seats' names where the engine takes them."""
    o = dict(options)
    if game_id in ("theatre", "seatwars"):
        o["players"] = list(names)   # both engines take a list of names
    else:
        o["names"] = list(names)
    return o


def names_of(options):
    """The seats' names kept in a game's options, or None (P1..Pn). A solo
    The Theatre has a second seat, the House (TH-15, TH-17)."""
    for key in ("names", "players"):
        v = options.get(key)
        if type(v) is list:
            return v + ["House"] if options.get("house") else v
    if options.get("house"):
        return ["P1", "House"]
    return None


def named(options):
    """Whether the options already carry the players' names (the House of
    a solo The Theatre is not a player to name)."""
    for key in ("names", "players"):
        if type(options.get(key)) is list:
            return True
    return False


def names_in_use():
    """The running game's names, or None when its seats are P1..Pn."""
    return _current


def default_name(i):
    return "P%d" % (i + 1)


def name(i, default=None):
    """The name of seat i (0-based) of the running game; without names,
    default or "P<i+1>"."""
    ns = _current
    if ns and 0 <= i < len(ns):
        return ns[i]
    return default or default_name(i)


def fit(font, s, max_w):
    """s cut to the longest start that fits max_w followed by '.'."""
    if text.width(font, s) <= max_w:
        return s
    while s and text.width(font, s + ".") > max_w:
        s = s[:-1]
    return s + "."


def label(i, font=None, max_w=None, default=None):
    """THE player label of every screen: seat i's name, cut by the rule
    above when max_w (pixels in font, default body) is given. default
    replaces "P<i+1>" for a game without names (Take a Seat solo: "You")."""
    s = name(i, default)
    if max_w is None:
        return s
    return fit(font or text.BODY, s, max_w)


def in_words(message):
    """An engine's message with each seat it names as "P<n>" (the engines
    know seats by number) given the seat's name: "Hall 1 is P1's" becomes
    "Hall 1 is Anna's". Unchanged in a game without names."""
    ns = _current
    if not ns or "P" not in message:
        return message
    out = []
    i, n = 0, len(message)
    while i < n:
        ch = message[i]
        j = i + 1
        if ch == "P" and (i == 0 or not message[i - 1].isalpha()):
            while j < n and message[j].isdigit():
                j += 1
            if j > i + 1 and (j == n or not (message[j].isalpha() or message[j].isdigit())):
                k = int(message[i + 1:j]) - 1
                if 0 <= k < len(ns):
                    out.append(ns[k])
                    i = j
                    continue
            j = i + 1
        out.append(ch)
        i = j
    return "".join(out)
