# Owner data on the device (PL-11): the files `usher data upload` puts under
# the data folder, read when a game starts and turned into engine options.
#
#   takeaseat/panels.txt  -> option panels_text (TS-2)
#   takeaseat/automa.txt  -> option deck_text   (TS-6)
#   multisala/deck.txt    -> option deck {"cards", "emotions"} (MS-2)
#   theatre/deck.txt      -> checked against TH-13 and reported; the engine
#                            takes no deck list (only declared sizes)
#   theatre/house.txt     -> option house_deck (TH-15), for a solo game only
#
# A file is checked by the game's own parser and then by the engine itself
# (new_game with the option): a file that fails either is reported on screen
# by name with what is wrong, and the game starts with the default (PL-11).
# A missing file is not a defect: the default is simply used.
import os

from usher import games
from usher.core import storage
from usher.core.game import GameError

MAX_BYTES = 24 * 1024   # larger than any sane owner file; keeps a bad upload from filling RAM


def _takeaseat_panels(text):
    from usher.games.takeaseat import panels
    return text, list(panels.parse_panels(text)[1])


def _takeaseat_deck(text):
    from usher.games.takeaseat import deck
    return text, list(deck.parse_deck(text)[1])


def _multisala_deck(text):
    from usher.games.multisala import cards
    codes, emotions, defects = cards.parse_deck(text)
    return {"cards": codes, "emotions": emotions}, list(defects)


def _theatre_deck(text):
    from usher.games.theatre import validator
    # The rule names (card_line, min_cards, ...) are internal: the message alone.
    return None, [d[1] for d in validator.validate_deck(text, 2, None)]


def _house_deck(text):
    from usher.games.theatre import housefile
    return housefile.parse(text)


# game id -> [(file under the data folder, option key or None, parser)]
FILES = {  # type: dict
    "takeaseat": [("takeaseat/panels.txt", "panels_text", _takeaseat_panels),
                  ("takeaseat/automa.txt", "deck_text", _takeaseat_deck)],
    "multisala": [("multisala/deck.txt", "deck", _multisala_deck)],
    "theatre": [("theatre/deck.txt", None, _theatre_deck),
                ("theatre/house.txt", "house_deck", _house_deck)],
}
# Files read only for a game whose options have this key: the House's deck
# for a solo The Theatre (a 2-player game's record need not carry it).
ONLY_WITH = {"theatre/house.txt": "house"}


def read_plain(path):
    """The file's text; None when it does not exist; ValueError with a short
    reason when it exists but cannot be used as text."""
    try:
        size = os.stat(path)[6]
    except OSError:
        return None
    if size > MAX_BYTES:
        raise ValueError("too big (%d bytes, at most %d)" % (size, MAX_BYTES))
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError:
        raise ValueError("cannot be read") from None
    try:
        return raw.decode("utf-8")
    except UnicodeError:
        raise ValueError("is not UTF-8 text") from None


def read_text(path, notes=None):
    """The file's text; None when it does not exist. ValueError with a short
    reason when it exists but cannot be used as text. A file written on the
    device (usher.ui.owner_edit) has a seal line, checked and dropped here;
    when it fails (or the file is not UTF-8, or is empty with a copy
    behind it), its previous copy (NAME.bak) is used. PL-23: with notes (a
    list; the caller shows and logs it) the damage is repaired once, where
    it is told: the previous copy becomes the file again, and notes gets
    what was lost; a file with no copy that reads is set aside as
    NAME.bad and the ValueError says so. Without notes nothing is written,
    so the next reader that tells still finds the damage."""
    from usher.core import seal
    has_copy = storage.exists(path + ".bak")
    text = None
    try:
        text = read_plain(path)
        if text is None:
            return None
        if text or not has_copy:
            return seal.open_text(text)[0]
        raise ValueError("is empty")
    except ValueError as e:
        why = str(e)
    if text is None and not has_copy or why.startswith("too big"):
        # not UTF-8 with no copy: an upload's fault (PL-11), not damage to
        # a file the device wrote; left as it is, told at every start
        raise ValueError(why)
    try:
        bak = read_plain(path + ".bak")
        if bak is not None:
            bak = seal.open_text(bak)[0]
    except ValueError:
        bak = None
    name = path.split("/")[-1]
    if notes is None:
        if bak is None:
            raise ValueError(why)
        return bak
    try:
        storage.set_aside(path)
        if bak is not None:
            storage.save_text(path, bak)    # the good copy becomes the file again
    except OSError:
        pass                    # a read-only folder: told now, repaired never
    if bak is None:
        raise ValueError("was damaged (%s) and no previous copy reads: set aside as %s.bad"
                         % (why, name))
    notes.append("%s was damaged (%s): its last change is lost, its previous copy is used"
                 % (name, why))
    return bak


def _summary(defects):
    more = len(defects) - 1
    return defects[0] + (" (and %d more)" % more if more > 0 else "")


def load_options(data_dir, game_id, chosen=None):
    """(options, problems): the engine options from the owner files of
    game_id (for the options chosen on the setup screen, when given), and
    one line per file that was not used ("NAME: what is wrong")."""
    options = {}
    problems = []
    for name, key, parse in FILES.get(game_id, []):
        need = ONLY_WITH.get(name)
        if need is not None and not (chosen or {}).get(need):
            continue
        path = data_dir.rstrip("/") + "/" + name
        try:
            text = read_text(path, problems)
            if text is None:
                continue
            value, defects = parse(text)
        except ValueError as e:
            problems.append("%s: %s" % (name, e))
            continue
        if not defects and key is not None:
            # The engine has the last word: what it refuses is a defect too.
            trial = dict(chosen or {})
            trial.update(options)
            trial[key] = value
            try:
                games.engine(game_id).new_game(trial, 1)
            except GameError as e:
                defects = [e.message]
        if defects:
            problems.append("%s: %s" % (name, _summary(defects)))
        elif key is not None:
            options[key] = value
    return options, problems


def owner_options(app, game_id, chosen=None):
    """For a game's setup screen: (options dict, message or None). The
    message names each owner file that was set aside and why, and says the
    default is used; show it (e.g. app.show_message("Owner data", message))
    and start the game with options merged into the screen's own."""
    options, problems = load_options(app.data_dir, game_id, chosen)
    return options, told(app, problems)


def told(app, problems):
    """The message naming problems ("NAME: what is wrong"), logged as an
    error (PL-23: the screen that reads a damaged file first names it on
    screen and in the log); None when there are none."""
    if not problems:
        return None
    unused = [p for p in problems if not p.endswith("previous copy is used")]
    message = "; ".join(problems) + (". Using the default instead." if unused else ".")
    app.log("error", "Owner data: " + message)
    return message


def check_files(app, game_id):
    """For a setup screen that reads no owner file itself: each of game_id's
    files read once, so damage is repaired and named by the first screen
    that opens the game (PL-23), not at its start. The message (logged) or
    None; what the files hold is checked when the game starts."""
    problems = []
    for name, _key, _parse in FILES.get(game_id, []):
        try:
            read_text(app.data_dir.rstrip("/") + "/" + name, problems)
        except ValueError as e:
            problems.append("%s: %s" % (name, e))
    return told(app, problems)
