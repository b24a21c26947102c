# The game framework every engine is built on.
#
# An engine module provides:
#   GAME_ID                   a short string ("takeaseat", ...)
#   new_game(options, seed)   -> state (plain JSON data: dict/list/int/str/bool/None)
#   apply(state, action)      -> new state; raises GameError for an illegal
#                                action and never changes the state it was given
#   HANDLERS (optional)       action type -> handler(state, action), when apply
#                                is apply_with(state, action, HANDLERS): replays
#                                then run them on a state of their own (apply_owned)
# Actions are dicts with a "type" string and plain JSON fields. The state
# carries the game's own PRNG state (usher.core.rng), so replaying the same
# actions from the same seed gives the same state on every runtime.
#
# A saved game is a *record*: {"game", "options", "seed", "actions"} (PL-8,
# event sourcing). Its state is always replay(record); undo is the replay of
# all actions but the last.
import io
import json


class GameError(Exception):
    """An illegal action or bad input. `message` is short and fit for the
    screen; the state the action was applied to is unchanged."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def __str__(self):
        return self.message


def clone(obj):
    """Deep copy of plain JSON data (MicroPython has no copy module)."""
    t = type(obj)
    if t is dict:
        out = {}
        for k in obj:
            out[k] = clone(obj[k])
        return out
    if t is list:
        return [clone(v) for v in obj]
    return obj


def canonical_json(obj):
    """JSON text with keys sorted and no spaces: byte-identical on CPython and
    MicroPython (whose dicts do not keep insertion order and whose json module
    has no sort_keys)."""
    # One growing buffer rather than a list of small strings: on a 32-bit
    # MicroPython the list of parts cost ~10x the size of the result.
    out = io.StringIO()
    _canon(obj, out.write)
    return out.getvalue()


def _canon(obj, write):
    t = type(obj)
    if t is dict:
        write("{")
        first = True
        for k in sorted(obj):
            if type(k) is not str:
                raise TypeError("state keys must be strings")
            if not first:
                write(",")
            first = False
            _canon(k, write)
            write(":")
            _canon(obj[k], write)
        write("}")
    elif t is list or t is tuple:
        write("[")
        for i, v in enumerate(obj):
            if i:
                write(",")
            _canon(v, write)
        write("]")
    elif obj is None or t is bool or t is int:
        write(json.dumps(obj))
    elif t is str:
        d = json.dumps(obj)
        if len(d.encode()) != len(d):
            # Each character past ASCII as \uXXXX (a pair past U+FFFF), as
            # CPython writes it; MicroPython's json writes them as they are,
            # so a player named "Nicolò" would give other bytes there. Inline,
            # not a function of its own: every frozen function costs heap.
            for ch in d:
                c = ord(ch)
                if c < 0x80:
                    write(ch)
                elif c < 0x10000:
                    write("\\u%04x" % c)
                else:
                    c -= 0x10000
                    write("\\u%04x\\u%04x" % (0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)))
        else:
            write(d)
    else:
        # Floats print differently across runtimes; engines keep to integers.
        raise TypeError("not plain JSON game data: %r" % (obj,))


def apply_with(state, action, handlers, shared=(), fields=None):
    """Run the handler for action["type"] on a copy of state and return the
    copy. handlers maps action type -> function(state_copy, action) that
    mutates the copy or raises GameError. The caller's state is never
    touched, so a refused action leaves it exactly as it was.
    fields (an engine's ACTION_FIELDS) maps action type -> the fields that
    type may carry besides "type": any other field refuses the action
    (check_keys).
    shared names the state's parts that no handler changes in place (a
    solo panel's tickets, a deck's card list; a handler may put a new value
    in a part's place): the copy shares them with state instead of copying
    them. On the chip the copy was most of a move's time, Take a Seat's
    tickets and scratches most of it (docs/performance.md);
    tests/portable/test_engine_shared_parts.py plays those engines' games and
    checks that no move changes an earlier state."""
    handler = _handler(action, handlers, fields)
    new = {}
    for k in state:
        v = state[k]
        new[k] = v if k in shared else clone(v)
    handler(new, action)
    return new


def _handler(action, handlers, fields=None):
    if type(action) is not dict:
        raise GameError("Action must be a dict")
    kind = action.get("type")
    handler = handlers.get(kind) if type(kind) is str else None
    if handler is None:
        raise GameError("Unknown action: %s" % (kind,))
    if fields is not None:
        check_keys(action, fields.get(kind, ()), kind + " field", "type")
    return handler


def check_keys(table, known, what, also=None):
    """GameError naming a key of table (a dict) that is neither in known
    nor also: an option or an action field that is not the game's (PL-11).
    A saved game whose options or actions carry one is not a game any
    firmware wrote (a damaged key, another game's options): its replay
    fails, so the loader uses the file's previous copy (PL-23). Of several,
    the first in sorted order is named: the same message on every runtime
    (MicroPython's dicts have their own order)."""
    bad = None
    for k in table:
        if k != also and k not in known:
            k = str(k)
            if bad is None or k < bad:
                bad = k
    if bad is not None:
        raise GameError("Unknown %s: %s" % (what, bad if len(bad) <= 20 else bad[:17] + "..."))


def check_options(options, known):
    """options (a game's new_game options) as a dict whose keys are all in
    known, else GameError naming the first that is not (check_keys)."""
    if type(options) is not dict:
        raise GameError("options must be a dict")  # PL-11, not a crash later
    check_keys(options, known, "option")
    return options


def need_names(options, seats):
    """A game's "names" option (usher.ui.seats.with_names: the seats' names
    for Take a Seat and Multisala, whose engines only keep them in the
    record): absent, or one non-empty text per seat."""
    names = options.get("names")
    if names is None:
        return
    if type(names) is not list or len(names) != seats:
        raise GameError("names: one per player (%d)" % seats)
    for n in names:
        if type(n) is not str or not n:
            raise GameError("names must be text")


def apply_owned(engine, state, action):
    """engine.apply for a state nobody else holds (a replay's): with the
    engine's HANDLERS the action changes state itself, without the copy of
    the whole state that apply makes so that a refused action leaves the
    caller's state as it was (the copies were two thirds of the time a
    late Take a Seat game took to resume on the chip, docs/performance.md).
    The action is copied, so the state never shares a list with the
    record. On a refused
    action state may be half changed: the caller drops it (a replay that
    fails is a saved game that cannot be resumed, PL-11)."""
    handlers = getattr(engine, "HANDLERS", None)
    if handlers is None:
        return engine.apply(state, action)
    _handler(action, handlers, getattr(engine, "ACTION_FIELDS", None))(state, clone(action))
    return state


# --- field checks shared by engines' handlers -------------------------------

def need_int(action, key, lo=None, hi=None):
    """action[key] as an int within lo..hi, or GameError naming the field."""
    v = action.get(key)
    if type(v) is not int:
        raise GameError("%s must be a whole number" % key)
    if lo is not None and v < lo:
        raise GameError("%s must be at least %d" % (key, lo))
    if hi is not None and v > hi:
        raise GameError("%s must be at most %d" % (key, hi))
    return v


def need_choice(action, key, allowed):
    v = action.get(key)
    if v not in allowed:
        raise GameError("%s must be one of: %s" % (key, ", ".join([str(a) for a in allowed])))
    return v


# --- records: the saved form of a game (PL-8) --------------------------------

def new_record(engine, options, seed):
    """Start a game: returns (record, state)."""
    state = engine.new_game(options, seed)
    record = {"game": engine.GAME_ID, "options": clone(options), "seed": seed, "actions": []}
    return record, state


def play(engine, record, state, action):
    """Apply one action: returns (record, state) with the action appended.
    Raises GameError with record and state unchanged."""
    new_state = engine.apply(state, action)
    acts = record["actions"]
    new_rec = {"game": record["game"], "options": record["options"],
               "seed": record["seed"], "actions": acts + [shared(acts, action)]}
    return new_rec, new_state


# How far back shared() looks: a game's repeated actions come within a
# round (Take a Seat's "automa" every other action, Multisala's passes).
SHARE_BACK = 16


def shared(actions, action):
    """The newest of the last SHARE_BACK actions that is the same as action
    (same()), else a copy of action. A record's actions are never changed
    in place, so equal ones can be one object: Take a Seat's 14 "automa"
    actions were 14 dicts on the board's heap."""
    i = recent_same(actions, action, len(actions))
    return actions[i] if i >= 0 else clone(action)


def recent_same(items, item, end):
    """The index of the newest of the SHARE_BACK items before items[end]
    that is the same as item (same()), or -1."""
    i = end - 1
    stop = i - SHARE_BACK if i >= SHARE_BACK else -1
    while i > stop:
        # == first, in C; same() only confirms the types of an equal one
        if items[i] == item and same(items[i], item):
            return i
        i -= 1
    return -1


def same(a, b):
    """a and b are the same JSON data, types included: 1 and True, or 1
    and 1.0, are not the same (their JSON is not)."""
    t = type(a)
    if t is not type(b):
        return False
    if t is dict:
        if len(a) != len(b):
            return False
        for k in a:
            if k not in b or not same(a[k], b[k]):
                return False
        return True
    if t is list:
        if len(a) != len(b):
            return False
        for i in range(len(a)):
            if not same(a[i], b[i]):
                return False
        return True
    return a == b


def check_record(record):
    """Raise ValueError (the reason, short) unless record has the shape of a
    saved game: {"game": str, "options": dict, "seed": int >= 0, "actions":
    [dict with a "type" string, ...]}. Whether the game is known and its
    actions replay is for the caller that has the engines (PL-11)."""
    if type(record) is not dict:
        raise ValueError("not a saved game")
    for key in ("game", "options", "seed", "actions"):
        if key not in record:
            raise ValueError("no %s" % key)
    if type(record["game"]) is not str:
        raise ValueError("game is not a name")
    if type(record["options"]) is not dict:
        raise ValueError("options are not a table")
    if type(record["seed"]) is not int or record["seed"] < 0:
        raise ValueError("seed is not a whole number")
    actions = record["actions"]
    if type(actions) is not list:
        raise ValueError("actions are not a list")
    for i in range(len(actions)):
        a = actions[i]
        if type(a) is not dict or type(a.get("type")) is not str:
            raise ValueError("action %d is not an action" % (i + 1))
    return record


def replay(engine, record, upto=None, start=None):
    """The state after the first `upto` actions (all by default). start:
    the record's new game when the caller made it (to tell its options'
    errors from its actions')."""
    if record.get("game") != engine.GAME_ID:
        raise GameError("Saved game is not %s" % engine.GAME_ID)
    state = start if start is not None else engine.new_game(record["options"], record["seed"])
    actions = record["actions"]
    n = len(actions) if upto is None else upto
    for i in range(n):
        state = apply_owned(engine, state, actions[i])
    return state


def undo(engine, record):
    """Drop the last action: returns (record, state) by replay (PL-8).
    Moves the device made itself after it (an engine's automatic(options,
    action): The Theatre's House, TH-15) go with it, or the device would
    only make them again."""
    actions = record["actions"]
    n = len(actions)
    automatic = getattr(engine, "automatic", None)
    if automatic is not None:
        while n and automatic(record["options"], actions[n - 1]):
            n -= 1
    if not n:
        raise GameError("Nothing to undo")
    new_rec = {"game": record["game"], "options": record["options"],
               "seed": record["seed"], "actions": actions[:n - 1]}
    return new_rec, replay(engine, new_rec)
