# The App's files on flash, read back (PL-8, PL-11): the one place where what
# was loaded is checked before the App trusts it.
#
#   game.json  the running game's record: shape (usher.core.game.check_record),
#              a known game, and its actions must replay with the engine;
#   ui.json    the screen routes, the next seed, the settings and the dice.
#
# usher.core.storage tries the file, the temp file of a save cut between its
# renames, then the backup; a copy this module refuses is skipped like one that
# does not parse. Each loader returns a notice for the screen (None when all
# was well) that names the file and says what was done.
from usher import games
from usher.core import game, storage
from usher.core.game import GameError
from usher.ui import text

GAME_FILE = "game.json"
UI_FILE = "ui.json"

# What ui.json may hold: the App always writes "routes", "next_seed" and
# "settings" ("dice" once the dice roller was used; "abandoned", the game id
# of an abandoned game the launcher can bring back, PL-21). A key not listed here is
# a damaged file (a flipped bit in a key name); add a key here when the App
# starts saving a new one.
UI_KEYS = ("routes", "next_seed", "settings", "dice", "abandoned")
# The Settings screen's values are whole numbers in these ranges (wider than
# the screen offers); other settings (a game's own, e.g. Take a Seat's
# "Automa step seen") are a number, a flag, a short text or null. A setting
# missing from the file takes its default.
SETTING_RANGES = {"clean_after": (1, 99), "sleep_min": (1, 99)}
# The Settings screen's named choices (PL-18: "Refresh: turbo / fast").
SETTING_CHOICES = {"refresh": ("turbo", "fast")}


def _short(text, n=60):
    text = str(text)
    return text if len(text) <= n else text[:n - 3] + "..."


def check_game(rec, load_engine):
    """(record, engine, state) for a saved record, or ValueError saying why it
    cannot be resumed (PL-11): wrong shape, unknown game, actions that do not
    replay."""
    game.check_record(rec)
    gid = rec["game"]
    if gid not in games.ids():
        raise ValueError("unknown game %s" % _short(gid, 20))
    eng = load_engine(gid)
    try:
        # options that cannot be this game's are said as such (the engines
        # refuse them, docs/actions/*.md), not as actions that do not replay
        start = eng.new_game(rec["options"], rec["seed"])
    except GameError as e:
        raise ValueError("its options are not this game's (%s)" % _short(e.message)) from None
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as e:
        raise ValueError("its options are not this game's (%s)" % type(e).__name__) from None
    try:
        state = game.replay(eng, rec, None, start)
    except GameError as e:
        raise ValueError("its actions do not replay (%s)" % _short(e.message)) from None
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        # Options of the wrong kind reach the engine's new_game.
        raise ValueError("its options or actions are not this game's (%s)" % type(e).__name__) from None
    return rec, eng, state


def load_game(gamefile, load_engine, where=None):
    """(record, engine, state, notice): the saved game (a
    usher.core.gamefile.GameFile: its base and, on littlefs, its tail of
    newest actions, PL-17), or Nones when there is none or no copy can be
    used. A loss is said as it is (PL-23): how many acknowledged actions
    the damage cost (gamefile.lost) and, with where(game id, state), where
    the game resumes in its own words ("Act 2 round 1")."""
    try:
        value, source, problems = gamefile.load(lambda rec: check_game(rec, load_engine))
    except storage.StorageError as e:
        return None, None, None, ("The saved game could not be resumed: %s. "
                                  "It was set aside; start a new game." % _detail(e))
    if value is None:
        return None, None, None, None
    rec, eng, state = value
    lost = getattr(gamefile, "lost", None)
    at = ""
    if where is not None and lost != 0:
        try:
            at = ", at " + where(rec["game"], state)
        except Exception:
            at = ""
    notice = None
    if source == "copy":
        # the FAT drive lost it (a cut inside its directory's erase, PL-8)
        notice = ("The saved game %s. The game resumes from its copy in the board's "
                  "memory." % _what(problems))
    elif source == "backup":
        notice = "The saved game %s" % _what(problems)
        if lost == 0:
            notice += ". Its previous copy and newest actions hold all of it: nothing was lost."
        elif lost is None:
            notice += (". The previous copy was restored%s; the actions after it are lost "
                       "(the damaged file cannot say how many)." % at)
        else:
            notice += ": it resumes %s earlier%s." % (text.plural(lost, "action"), at)
    elif problems:
        # the base was good, its tail of newest actions was not (PL-11)
        notice = "The saved game's newest actions were damaged (%s)" % "; ".join(problems)
        if lost is None:
            notice += ". The game resumes without them%s (how many cannot be read)." % at
        elif lost:
            notice += ": it resumes %s earlier%s." % (text.plural(lost, "action"), at)
        else:
            notice += ". Nothing was lost."
    return rec, eng, state, notice


def load_abandoned(path, load_engine):
    """(record, engine, state, problem): the abandoned game (PL-21) from its
    file, checked as the saved game is; Nones and the reason it cannot be
    brought back (the file named) when it cannot."""
    from usher.core import gamefile
    try:
        value, _source, _problems = storage.load_checked(
            path, lambda obj: check_game(gamefile.unpacked(obj), load_engine))
    except storage.StorageError as e:
        return None, None, None, "The abandoned game cannot be brought back: %s." % _detail(e)
    if value is None:
        return None, None, None, "The abandoned game's file %s is missing." % path.split("/")[-1]
    rec, eng, state = value
    return rec, eng, state, None


def _what(problems, verb="was"):
    """"was damaged (game.json: not valid JSON)" or "file was missing"."""
    damaged = [p for p in problems if not p.endswith(": missing")]
    if not damaged:
        return "file was missing"
    return "%s damaged (%s)" % (verb, "; ".join(damaged))


def _detail(e):
    text = str(e)
    prefix = "Corrupt file "
    return text[len(prefix):] if text.startswith(prefix) else text


def _need_int(obj, key, lo, hi):
    v = obj.get(key)
    if type(v) is not int or v < lo or v > hi:
        raise ValueError("%s is not a number from %d to %d" % (key, lo, hi))
    return v


def _check_dice(d):
    if type(d) is not dict:
        raise ValueError("dice is not a table")
    _need_int(d, "n", 1, 5)
    st = d.get("rng")
    if type(st) is not list or len(st) != 2 or [v for v in st if type(v) is not int or v < 0 or v > 0xFFFF] \
            or st == [0, 0]:
        raise ValueError("dice generator is damaged")
    last = d.get("last")
    if type(last) is not list or [v for v in last if type(v) is not int or v < 1 or v > 6]:
        raise ValueError("dice rolls are damaged")


def check_ui(ui, known_settings=()):
    """ui.json's content as the App keeps it, or ValueError saying why not.
    known_settings: the App's setting names."""
    if type(ui) is not dict:
        raise ValueError("not a settings table")
    for key in sorted(ui):
        if key not in UI_KEYS:
            raise ValueError("unknown entry %s" % _short(key, 20))
    if "routes" not in ui:
        raise ValueError("no routes")
    routes = ui["routes"]
    if type(routes) is not list or [r for r in routes if type(r) is not str]:
        raise ValueError("routes are not a list of names")
    from usher.ui.screens import ROUTES
    for r in routes:
        if r not in ROUTES:
            raise ValueError("unknown screen %s" % _short(r, 20))
    if "next_seed" in ui:
        _need_int(ui, "next_seed", 1, 0x7FFFFFFF)
    settings = ui.get("settings", {})
    if type(settings) is not dict:
        raise ValueError("settings are not a table")
    for key in sorted(settings):
        if key in SETTING_RANGES:
            lo, hi = SETTING_RANGES[key]
            _need_int(settings, key, lo, hi)
        elif key in SETTING_CHOICES:
            if settings[key] not in SETTING_CHOICES[key]:
                raise ValueError("%s is not one of %s" % (key, " / ".join(SETTING_CHOICES[key])))
        elif key in known_settings:
            _need_int(settings, key, 0, 9999)
        elif settings[key] is not None and type(settings[key]) not in (int, bool, str):
            raise ValueError("setting %s is damaged" % _short(key, 20))
    if "dice" in ui:
        _check_dice(ui["dice"])
    if "abandoned" in ui and ui["abandoned"] not in games.ids():
        raise ValueError("abandoned is not a game")
    return ui


def settings_words(settings, defaults=None):
    """The Settings screen's values in its words ("clean refresh after 20
    updates, sleep after 2 min idle, refresh turbo"); a value missing from
    settings is its default."""
    defaults = defaults or {}

    def v(key):
        return settings.get(key, defaults.get(key))
    return "clean refresh after %s updates, sleep after %s min idle, refresh %s" % (
        v("clean_after"), v("sleep_min"), v("refresh"))


def load_ui(path, known_settings=(), defaults=None):
    """(ui dict or None, notice, True when it is the file itself, complete).
    None: use the App's defaults (a dict of the settings' defaults: named in
    the notice). The notice says what a damaged file cost (PL-23): on
    littlefs ui.json.bak is the file as it was before the last change of
    the settings (the App saves it so then, and rewrites ui.json in place
    on other saves), so the settings went back to before that change;
    elsewhere it is the save before the last one."""
    try:
        ui, source, problems = storage.load_checked(path, lambda ui: check_ui(ui, known_settings))
    except storage.StorageError as e:
        return None, ("The settings could not be used (%s); the defaults are used: %s." % (
            _detail(e), settings_words({}, defaults))), False
    if source == "backup":
        now = settings_words(ui.get("settings") or {}, defaults)
        what = _what(problems, "were")
        if what == "file was missing":
            # PL-23: the file named; on littlefs an empty one reads as
            # missing (a first write cut before its close)
            name = path.split("/")[-1]
            what = "file %s was %s" % (name, "empty" if storage.exists(path) else "missing")
        if storage.atomic(storage.folder_of(path)):
            return ui, ("The settings %s; they went back to before your last change of them: "
                        "%s." % (what, now)), False
        return ui, ("The settings %s; the previous copy was restored: %s." % (what, now)), False
    return ui, None, source == "main"
