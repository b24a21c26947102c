# The owner's components entered on the device (PL-20): Take a Seat's six
# reservation panels and its eight Automa cards, checked as TS-2 and TS-6
# want, kept beside the files `usher data upload` writes (usher.ui.owner_data
# reads both the same way). No screens here: usher.ui.components draws them.
#
#   takeaseat/panels.draft.json  the panels entered so far (sealed JSON, with
#                                its previous copy): up to six, each whole
#   takeaseat/panels.txt         written once all six are entered, in the
#                                upload's text format: from then on the
#                                games use them instead of the samples
#   takeaseat/automa.txt         the deck, in the upload's text format
#   theatre/house.txt            The Theatre's House deck (TH-15), in the
#                                upload's text format (usher.games.theatre.housefile)
#
# The text files keep their previous copy (NAME.bak) and a seal line
# (usher.core.seal), so one damaged copy never loses them (PL-17, PL-23); a
# seal line is a comment to `usher data pull`'s reader, which drops it.
# Take a Seat's modules are imported where they are used: the App unloads a
# game's packages when it ends, and a module holding them would keep them.
from usher.core import storage

PANELS_DRAFT = "takeaseat/panels.draft.json"
PANELS_FILE = "takeaseat/panels.txt"
DECK_FILE = "takeaseat/automa.txt"
HOUSE_FILE = "theatre/house.txt"
PANEL_COUNT = 6          # the printed game's reservation panels (TS-2)
MAX_PANEL_NAME = 12


def _path(data_dir, name):
    return data_dir.rstrip("/") + "/" + name


# --- tickets and panels ----------------------------------------------------------------

def ticket_problem(cells):
    """Why a ticket drawn as [row, col] cells cannot be used (TS-2), or None:
    not empty, 4-connected, at most 8x8 (the editor's grid)."""
    from usher.games.takeaseat import tickets as tk
    if not cells:
        return "empty: mark its cells"
    for r, c in cells:
        if not (0 <= r < tk.SIDE and 0 <= c < tk.SIDE):
            return "larger than %dx%d" % (tk.SIDE, tk.SIDE)
    if not tk.is_connected(tk.cells_of(cells)):
        return "not 4-connected: cells touch only at corners or are apart"
    return None


def normalized(cells):
    """The cells moved to the ticket's first row and column, in reading
    order (the form panels.txt has)."""
    from usher.games.takeaseat import tickets as tk
    if not cells:
        return []
    r0 = min([c[0] for c in cells])
    c0 = min([c[1] for c in cells])
    out = [[c[0] - r0, c[1] - c0] for c in cells]
    out.sort(key=lambda rc: rc[0] * tk.SIDE + rc[1])
    return out


def panel_problem(panel, panels, index):
    """Why a panel cannot be saved at place index of the set, or None: a
    name (unique in the set), four good tickets."""
    from usher.games.takeaseat import tickets as tk
    name = panel.get("name") or ""
    if not name.strip():
        return "the panel needs a name"
    if len(name) > MAX_PANEL_NAME:
        return "the name is %d characters, at most %d" % (len(name), MAX_PANEL_NAME)
    for i in range(len(panels)):
        other = panels[i]
        if i != index and other is not None and other["name"].lower() == name.lower():
            return "panel %d is already named %s" % (i + 1, name)
    for a in range(len(tk.AREAS)):
        bad = ticket_problem(panel["tickets"][a])
        if bad:
            return "%s ticket: %s" % (tk.AREAS[a], bad)
    return None


def _check_set(obj):
    from usher.games.takeaseat import tickets as tk
    if type(obj) is not dict or type(obj.get("panels")) is not list or len(obj["panels"]) != PANEL_COUNT:
        raise ValueError("not a panel set")
    out = []
    for p in obj["panels"]:
        if p is None:
            out.append(None)
            continue
        if type(p) is not dict or type(p.get("name")) is not str or type(p.get("tickets")) is not list \
                or len(p["tickets"]) != len(tk.AREAS):
            raise ValueError("a panel is damaged")
        out.append({"name": p["name"], "tickets": [[list(c) for c in t] for t in p["tickets"]]})
    return out


def load_set(data_dir):
    """(the six places, each a panel or None; problem or None): the panels
    entered so far, else the owner's uploaded panels.txt when it holds six
    good panels, else six empty places. A damaged draft gives way to its
    previous copy, and is named."""
    from usher.games.takeaseat import panels as pn
    path = _path(data_dir, PANELS_DRAFT)
    problem = None
    try:
        panels, source, problems = storage.load_checked(path, _check_set)
        if panels is not None:
            if source == "backup":
                problem = "The panels entered on the device were damaged (%s); the previous copy is used." % (
                    "; ".join(problems))
            return panels, problem
    except storage.StorageError as e:
        problem = "The panels entered on the device could not be read (%s)." % str(e)[len("Corrupt file "):]
    text = _owner_text(data_dir, PANELS_FILE)
    if text is not None:
        got, defects = pn.parse_panels(text)
        if not defects and len(got) == PANEL_COUNT:
            return [{"name": p["name"], "tickets": p["tickets"]} for p in got], problem
    return [None] * PANEL_COUNT, problem


def save_panel(data_dir, panels, index, panel):
    """Put panel at place index, checked (panel_problem); the set is saved,
    and once all six places hold a panel, panels.txt too. Returns (problem,
    complete): on a problem nothing is written and panels is unchanged."""
    from usher.games.takeaseat import panels as pn
    tickets = [normalized(t) for t in panel["tickets"]]
    clean = {"name": panel["name"].strip(), "tickets": tickets}
    bad = panel_problem(clean, panels, index)
    if bad:
        return bad, False
    new = list(panels)
    new[index] = clean
    storage.makedirs(_path(data_dir, "takeaseat"))
    storage.save(_path(data_dir, PANELS_DRAFT), {"panels": new}, backup=True)
    panels[index] = clean
    complete = not [p for p in panels if p is None]
    if complete:
        # the previous copy kept on every filesystem (PL-23)
        text = "; Reservation panels entered on the device.\n" + pn.format_panels(panels)
        storage.save_text(_path(data_dir, PANELS_FILE), text, keep=True)
    return None, complete


def entered_count(panels):
    return len([p for p in panels if p is not None])


# --- the Automa deck --------------------------------------------------------------------

def load_deck(data_dir):
    """(eight cards, True when they are the owner's): the owner's automa.txt
    when it is a good deck, else the assumed default (TS-6)."""
    from usher.games.takeaseat import deck as dk
    text = _owner_text(data_dir, DECK_FILE)
    if text is not None:
        cards, defects = dk.parse_deck(text)
        if not defects:
            return cards, True
    return dk.parse_deck(dk.DEFAULT_DECK_TEXT)[0], False


def deck_problem(cards):
    """Why a deck cannot be saved (TS-6: eight known cards, one without x2
    for TS-8's setup), or None."""
    from usher.games.takeaseat import deck as dk
    defects = dk.validate_deck(cards)
    return defects[0] if defects else None


def save_deck(data_dir, cards):
    """The deck written as automa.txt (its previous copy kept); a problem
    and nothing written when deck_problem has one."""
    bad = deck_problem(cards)
    if bad:
        return bad
    lines = ["; Automa deck entered on the device."]
    for c in cards:
        lines.append("%s %s%s" % (c["area"], c["arrow"], " x2" if c["x2"] else ""))
    storage.makedirs(_path(data_dir, "takeaseat"))
    storage.save_text(_path(data_dir, DECK_FILE), "\n".join(lines) + "\n", keep=True)   # PL-23
    return None


# --- The Theatre's House deck (TH-15) -------------------------------------------------------

def load_house(data_dir):
    """(16 cards, True when they are the owner's): the owner's house.txt
    when it is a good deck, else the assumed default."""
    from usher.games.theatre import housedeck, housefile
    text = _owner_text(data_dir, HOUSE_FILE)
    if text is not None:
        cards, defects = housefile.parse(text)
        if not defects:
            return cards, True
    return housedeck.default_cards(), False


def house_problem(cards):
    """Why a House deck cannot be saved (TH-13's 2-player limits, 16
    cards), or None."""
    from usher.games.theatre import housefile
    defects = housefile.parse(housefile.text_of(cards))[1]
    return defects[0] if defects else None


def save_house(data_dir, cards):
    """The deck written as house.txt (its previous copy kept); a problem
    and nothing written when house_problem has one."""
    from usher.games.theatre import housefile
    bad = house_problem(cards)
    if bad:
        return bad
    storage.makedirs(_path(data_dir, "theatre"))
    storage.save_text(_path(data_dir, HOUSE_FILE), housefile.text_of(cards, "entered on the device"),
                      keep=True)   # PL-23
    return None


# --- the files ----------------------------------------------------------------------------

def _owner_text(data_dir, name):
    """An owner file's text as the games read it (usher.ui.owner_data), or
    None when there is none or it cannot be used (the editors then start
    from nothing, or the assumed deck)."""
    from usher.ui import owner_data
    try:
        return owner_data.read_text(_path(data_dir, name))
    except ValueError:
        return None
