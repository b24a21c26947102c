# Players: the roster of names on the device and the pickers that give each
# seat a name at a game's setup.
#
#   data_dir/players.txt   the roster: one name a line, uploaded with
#                          `usher data upload players FILE` or grown on the
#                          device (Settings > Players > Add a name)
#
# Names (checked by parse_roster, the same code `usher data check players`
# runs on the desktop): 1..MAX_NAME characters out of NAME_CHARS (letters,
# the accented ones of Latin-1 and Latin Extended-A included, digits, space
# and - ' . _, all drawn by the device's fonts), no two alike (case ignored,
# by same_name_key, the same on every runtime), at most MAX_ROSTER of them. MAX_NAME is Seat Wars' engine
# limit (SW-1 names), so a name fits every game.
#
# Seats: when a roster file exists, App.new_game asks each seat for a name
# (UP/DOWN through "P1".. and the roster, or a guest name picked letter by
# letter) before the game starts; without a roster every seat is P1..Pn as
# before. The names go where each engine takes them: The Theatre and Seat
# Wars take a list of names as "players"; Take a Seat and Multisala keep them
# under "names" (their engines ignore the key). The record keeps the options,
# so resume, replay and the history see the same names.
#
# The seats' names and the one label helper of every screen are in
# usher.ui.seats (always loaded, small); this module is imported when a game
# starts with a roster file present and by Settings > Players (and leaves RAM
# once the game has started, with services["unload_games"]).
from usher.ui import seats, text

ROSTER_FILE = "players.txt"
MAX_NAME = 10
MAX_ROSTER = 20
ASCII_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -'._"
# The letters of Latin-1 (U+00C0..U+00FF but the signs for times and divide)
# and Latin Extended-A (U+0100..U+017F), as tools/make_fonts.py puts them in
# the fonts: Nicolò, José, Zoë, Łukasz, Şükrü.
LATIN_LETTERS = ("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ"
                 "ĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĲĳĴĵĶķĸĹĺĻļĽľĿ"
                 "ŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſ")
NAME_CHARS = ASCII_NAME_CHARS + LATIN_LETTERS


def check_name(name):
    """The defect of one name, or None when it can be used."""
    if not name:
        return "empty name"
    if len(name) > MAX_NAME:
        return "%r is %d characters, at most %d" % (name, len(name), MAX_NAME)
    for ch in name:
        if ch not in NAME_CHARS:
            return ("%r: the device's fonts cannot draw %r (letters, accented ones of Latin-1"
                    " and Latin Extended-A too, digits, space and - ' . _)" % (name, ch))
    if name != name.strip():
        return "%r starts or ends with a space" % name
    return None


def same_name_key(name):
    """name in lower case, accented capitals included, the same on every
    runtime (MicroPython's str.lower() changes only A..Z): "JOSÉ" and "josé"
    are one name."""
    out = []
    for ch in name:
        c = ord(ch)
        if 0x41 <= c <= 0x5A:
            out.append(chr(c + 32))                         # A..Z
        elif c < 0xC0:
            out.append(ch)
        elif c < 0xDF:
            out.append(chr(c + 32) if c != 0xD7 else ch)    # À..Þ, but the times sign
        elif c == 0x130:
            out.append("i")                                 # İ: dotted capital I
        elif c == 0x178:
            out.append("\u00ff")                            # Ÿ
        elif 0x100 <= c < 0x138 or 0x14A <= c < 0x178:
            out.append(chr(c | 1))                          # even capital, odd small
        elif 0x139 <= c < 0x149 or 0x179 <= c < 0x17F:
            out.append(chr(c + 1) if c & 1 else ch)         # odd capital, even small
        else:
            out.append(ch)
    return "".join(out)


def parse_roster(txt):
    """(names, defects) of a roster file's text: one name a line; blank
    lines and lines starting with # are skipped."""
    names = []
    defects = []
    seen = []
    n = 0
    for raw in txt.split("\n"):
        n += 1
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        bad = check_name(line)
        if bad is None and same_name_key(line) in seen:
            bad = "%r is already in the roster" % line
        if bad is not None:
            defects.append("line %d: %s" % (n, bad))
            continue
        seen.append(same_name_key(line))
        names.append(line)
    if len(names) > MAX_ROSTER:
        defects.append("%d names, at most %d" % (len(names), MAX_ROSTER))
    return names, defects


def roster_path(data_dir):
    return data_dir.rstrip("/") + "/" + ROSTER_FILE


def _roster_text(path):
    """A roster copy's text, checked as the device reads owner files (size,
    UTF-8) and by its seal when it has one (PL-17)."""
    from usher.core import seal
    from usher.ui import owner_data
    txt = owner_data.read_plain(path)
    if txt is None:
        raise ValueError("cannot be read")
    if not txt.strip():
        # the device never writes an empty roster (even no name has its
        # seal line): an empty file is one that lost its content
        raise ValueError("empty")
    return seal.open_text(txt)[0]


def load_roster(data_dir):
    """(names, problem or None). A missing file is an empty roster. The file
    is read as every file the firmware writes (PL-8, PL-11): a copy that
    cannot be read or fails its seal gives way to the temp file of a save
    cut between its renames, then to the backup, which becomes the roster
    again; a name that fails its checks is set aside and named, the others
    are kept. problem names what was set aside."""
    from usher.core import storage
    path = roster_path(data_dir)
    try:
        value, source, problems = storage.load_checked(path, parse_roster, None, _roster_text)
    except storage.StorageError as e:
        lost = _lost_names(path, [])
        moved = _set_aside(path)
        return [], "%s could not be read (%s)%s%s. Players are P1, P2..." % (
            ROSTER_FILE, str(e)[len("Corrupt file "):], "; it was kept as %s" % moved if moved else "",
            lost)
    if value is None:
        return [], None
    names, defects = value
    if not names and not defects and source == "main":
        # (a roster the device wrote has a name; one with none lost its
        # content: the copies before it are tried)
        try:
            value, source, problems = storage.load_checked(path, _some_names, None, _roster_text)
            names, defects = value
        except storage.StorageError:
            return [], None
    said = []
    if source == "backup":
        damaged = [p for p in problems if not p.endswith(": missing")]
        said.append("%s %s; the previous copy was restored%s" % (
            ROSTER_FILE, "was damaged (%s)" % "; ".join(damaged) if damaged else "was missing",
            _lost_names(path, names)))
    if source != "main":
        _restore(path, names)
    if defects:
        more = len(defects) - 1
        said.append("%s: %s%s set aside" % (ROSTER_FILE, defects[0],
                                            " (and %d more)" % more if more > 0 else ""))
    if len(names) > MAX_ROSTER:
        names = names[:MAX_ROSTER]
    return names, ". ".join(said) + "." if said else None


def _lost_names(path, kept):
    """What the damaged roster at path held beyond the names kept, for the
    notice (PL-23: what and how much): "; 1 name lost: Cal", or when its
    names cannot be read "; its damaged copy had 4 lines", or when nothing
    of it reads, that a name may be lost. Its lines are read without the
    seal (usher.core.seal), only to name them, never used as names. ""
    when every name it held is kept."""
    try:
        with open(path, "rb") as f:
            raw = f.read(4096)
    except OSError:
        return ""
    lines = raw.split(b"\n")
    whole = lines[:-1]            # (the last piece has no end of line: cut)
    # A copy cut short (its last line has no end) or unreadable: the names
    # after the cut, or in it, cannot be told; said so, not counted (PL-23:
    # "may" only where the device cannot know).
    cut = "; the names after its cut cannot be read" if lines[-1].strip() else ""
    if whole and whole[0].startswith(b"# crc32"):
        whole = whole[1:]
    try:
        txt = [ln.decode("utf-8").strip() for ln in whole]
    except UnicodeError:
        txt = None
    if txt is not None:
        lost = [n for n in txt if n and not n.startswith("#") and check_name(n) is None
                and not _taken(kept, n)]
        # A kept name the damaged copy does not hold as it is, but holds
        # with one character changed, is that name damaged, not a name lost
        # (a changed byte in "Dora" reads "Dnra", and Dora is kept). A name
        # renamed by one letter in the same save is then not counted: a
        # rename and a damaged byte in the one file, rarer than either.
        unseen = [k for k in kept if not _taken(txt, k)]
        lost = [n for n in lost if not _spelled_off(n, unseen)]
        if lost:
            # (the message box shows about five lines: four names at most)
            return "; %d name%s lost: %s%s%s" % (len(lost), "" if len(lost) == 1 else "s",
                                                 ", ".join(lost[:4]), "..." if len(lost) > 4 else "", cut)
        if [n for n in txt if n and not n.startswith("#")]:
            return cut            # (every name it held is kept, but for a cut)
    n = len([ln for ln in whole if ln.strip()]) if txt is None else 0
    if n:
        return "; its damaged copy had %d line%s" % (n, "" if n == 1 else "s")
    # nothing of it reads: what the copy restored lacks cannot be told
    return "; a name added or changed since may be lost" if kept else "; the names in it cannot be read"


def _spelled_off(name, names):
    """True when name is one of names with one character changed (the
    first such one is taken out of names: it explains one line)."""
    for k in names:
        if len(k) == len(name):
            diff = 0
            for a, b in zip(k, name):
                if a != b:
                    diff += 1
            if diff == 1:
                names.remove(k)
                return True
    return False


def _some_names(txt):
    names, defects = parse_roster(txt)
    if not names and not defects:
        raise ValueError("no name")
    return names, defects


def _set_aside(path):
    from usher.core import storage
    try:
        if storage.exists(path):
            return storage.set_aside(path).split("/")[-1]
    except OSError:
        pass
    return None


def _restore(path, names):
    """The copy load_roster used becomes players.txt again (the damaged
    file, if any, kept as players.txt.bad), so the next name added goes
    on top of it, never on top of nothing."""
    from usher.core import storage
    try:
        _set_aside(path)
        storage.save_text(path, "".join([n + "\n" for n in names]))
    except OSError:
        pass   # read-only flash: the copy is used again at the next load


def _save_roster(data_dir, names):
    from usher.core import storage
    if not names:
        # The last name deleted: no roster (games start with P1, P2...). An
        # empty roster file would read as one that lost its names, and its
        # previous copy would come back (load_roster).
        storage.delete(roster_path(data_dir))
        return
    storage.save_text(roster_path(data_dir), "".join([n + "\n" for n in names]), keep=True)   # PL-23


def _taken(names, name, but=None):
    """True when name is already in names (case ignored), name but aside."""
    key = same_name_key(name)
    for n in names:
        if n != but and same_name_key(n) == key:
            return True
    return False


def add_to_roster(data_dir, name):
    """Add a checked name to the roster file; returns a problem or None."""
    bad = check_name(name)
    if bad:
        return bad
    names, _problem = load_roster(data_dir)
    if _taken(names, name):
        return None  # already there: nothing to do
    if len(names) >= MAX_ROSTER:
        return "The roster is full (%d names)" % MAX_ROSTER
    _save_roster(data_dir, names + [name])
    return None


def edit_roster(data_dir, name, how, new=None):
    """Rename (how "rename", to new), delete ("delete") or move ("up",
    "down") one name of the roster (PL-22); returns a problem or None, and
    on a problem the file is not written. Kept plays keep the names they
    were played with: they are in the plays' own records."""
    names, _problem = load_roster(data_dir)
    if name not in names:
        return "%s is no longer in the roster" % name
    i = names.index(name)
    if how == "rename":
        bad = check_name(new)
        if bad:
            return bad
        if _taken(names, new, but=name):
            return "%s is already in the roster" % new
        names[i] = new
    elif how == "delete":
        names.pop(i)
    elif how in ("up", "down"):
        j = i - 1 if how == "up" else i + 1
        if not 0 <= j < len(names):
            return "%s is already %s" % (name, "first" if how == "up" else "last")
        names[i], names[j] = names[j], names[i]
    else:
        return "unknown change %r" % how
    _save_roster(data_dir, names)
    return None


def needs_names(app, game_id, options):
    """(roster, problem) when new_game must first ask the seats' names (the
    roster is not empty, or reading it found a problem, and the options
    carry no names yet), else None. The one read of the roster: a repair
    it made is said by ask_names and logged (PL-23), whichever screen
    reads the roster first."""
    if seats.named(options):
        return None
    roster, problem = load_roster(app.data_dir)
    if problem:
        app.log("error", "players.txt: " + problem)
    return (roster, problem) if roster or problem is not None else None


def ask_names(app, game_id, options, seed, read):
    """Push the first seat's name picker (read: needs_names' roster and
    problem); the last one hands the named options to App.names_given."""
    roster, problem = read
    n = seats.seat_count(game_id, options)
    app.push(SeatName(app, game_id, options, seed, roster, [], n))
    if problem:
        app.show_message("Players", problem)


# --- screens -------------------------------------------------------------------------
from usher.ui.screen import BODY_Y, Screen  # noqa: E402
from usher.ui.widgets import ChoiceEntry  # noqa: E402

GUEST = "\x00guest"


class SeatName(ChoiceEntry):
    """One seat's name: "Pn" (default), the roster's names not taken by an
    earlier seat, or "Guest name..." (letter by letter). C OK, A back to the
    previous seat (at the first seat: cancel)."""

    def __init__(self, app, game_id, options, seed, roster, chosen, n):
        i = len(chosen)
        choices = [(seats.default_name(i), seats.default_name(i), None)]
        for r in roster:
            if r not in chosen:
                choices.append((r, r, None))
        choices.append(("Guest name...", GUEST, None))
        from usher import games
        ChoiceEntry.__init__(self, app, games.title(game_id), "Seat %d of %d: who plays?" % (i + 1, n),
                         choices, self._done, 0, self._back)
        self.game_id, self.options, self.seed = game_id, options, seed
        self.roster, self.chosen, self.n = roster, chosen, n

    def _back(self, app):
        app.pop()

    def _done(self, app, value):
        if value == GUEST:
            app.push(LetterPicker(app, "Guest name", lambda a, s: self._take(a, s, True)))
            return
        self._take(app, value, False)

    def _take(self, app, value, guest):
        if guest:
            app.pop()   # the letter picker
            if value in self.chosen:
                app.show_message("Players", "%s already has a seat." % value)
                return
        chosen = self.chosen + [value]
        if len(chosen) < self.n:
            app.push(SeatName(app, self.game_id, self.options, self.seed, self.roster, chosen,
                              self.n))
            return
        opts = seats.with_names(self.game_id, self.options, chosen)
        app.names_given(self.game_id, opts, self.seed)


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz0123456789-'._"
# The accent step (docs/ui.md, Entering a name): each plain letter, then the
# accented letters offered when C is held on it. Every letter of
# LATIN_LETTERS is in exactly one of them.
ACCENTS = ("AÀÁÂÃÄÅÆĀĂĄ", "CÇĆĈĊČ", "DÐĎĐ", "EÈÉÊËĒĔĖĘĚ", "GĜĞĠĢ", "HĤĦ", "IÌÍÎÏĨĪĬĮİĲ",
           "JĴ", "KĶ", "LĹĻĽĿŁ", "NÑŃŅŇŊ", "OÒÓÔÕÖØŌŎŐŒ", "RŔŖŘ", "SŚŜŞŠ", "TÞŢŤŦ",
           "UÙÚÛÜŨŪŬŮŰŲ", "WŴ", "YÝŶŸ", "ZŹŻŽ",
           "aàáâãäåæāăą", "cçćĉċč", "dðďđ", "eèéêëēĕėęě", "gĝğġģ", "hĥħ", "iìíîïĩīĭįıĳ",
           "jĵ", "kķĸ", "lĺļľŀł", "nñńņňŉŋ", "oòóôõöøōŏőœ", "rŕŗř", "sßśŝşšſ", "tþţťŧ",
           "uùúûüũūŭůűų", "wŵ", "yýÿŷ", "zźżž")


def accents_of(letter):
    """The plain letter followed by its accented ones, or None."""
    for row in ACCENTS:
        if row[0] == letter:
            return row
    return None


class LetterPicker(Screen):
    """A name picked letter by letter (PL-22: what Done saves is what the
    screen shows). The cursor is a slot: blank when it opens and after each
    C, or a letter. UP/DOWN put a letter in the slot and change it (hold to
    run; from a blank slot DOWN gives "A" at the first slot, "a" after), C
    takes the letter and opens the next blank slot, B clears the slot's
    letter or, on a blank slot, deletes the last letter, A is Done (the
    letter in the slot included, trailing spaces trimmed) or Cancel while
    nothing shows. Holding C on a letter with accents opens its accent
    step: UP/DOWN go through the accented letters, C takes one and moves
    on, B goes back to the plain letter. on_done(app, name). initial: a
    name to edit (Rename), its letters taken, a blank slot after them."""

    def __init__(self, app, title, on_done, initial=""):
        Screen.__init__(self, app)
        self.title = title
        self.on_done = on_done
        self.name = initial
        self.letter = 0   # index in LETTERS of the letter in the slot, when not blank
        self.blank = True
        self.accents = None   # in the accent step: the plain letter and its accented ones
        self.accent = 0       # index in self.accents of the letter at the cursor

    def current(self):
        """The letter in the slot ("" when it is blank)."""
        if self.accents:
            return self.accents[self.accent]
        return "" if self.blank else LETTERS[self.letter]

    def shown(self):
        """The name as the screen shows it: the letters taken and the slot's."""
        return self.name + self.current()

    def keys(self):
        full = len(self.name) >= MAX_NAME - 1
        return ("Done" if self.shown() else "Cancel",
                "Back" if self.accents else ("Delete" if self.shown() else None),
                None if self.blank and not self.accents else ("Add" if full else "Next"))

    def long_keys(self):
        if self.accents or self.blank:
            return ()
        return ("C",) if accents_of(LETTERS[self.letter]) else ()

    def status(self):
        return "%d/%d" % (min(len(self.name) + 1, MAX_NAME), MAX_NAME)

    def draw_body(self, c):
        if self.accents:
            hint = "Accents: UP/DOWN letter, C next, B back"
        elif self.blank:
            hint = "UP/DOWN: a letter" + (", B delete, A done" if self.name else "")
        else:
            hint = "UP/DOWN letter, C next, B delete, A done"
        text.draw(c, text.SMALL, hint, 4, BODY_Y + 1)
        cur = self.current()
        shown = self.name + (cur or "W")
        x = (296 - text.width(text.BODY, shown + "W")) // 2
        y = BODY_Y + 36
        x = text.draw(c, text.BODY, self.name, x, y)
        w = max(text.width(text.BODY, cur), 8)
        if cur:
            # The box leaves room for an accented capital's top row (text.py).
            c.fill_rect(x - 1, y - 3, w + 2, text.BODY.HEIGHT + 5, 1)
            text.draw(c, text.BODY, cur, x, y, 0)
        else:
            # A blank slot: an outline, so nothing in it reads as a letter.
            c.rect(x - 1, y - 3, w + 2, text.BODY.HEIGHT + 5, 1)
        c.line(x + w // 2 - 4, y - 7, x + w // 2, y - 11, 1)
        c.line(x + w // 2, y - 11, x + w // 2 + 4, y - 7, 1)
        c.line(x + w // 2 - 4, y + 18, x + w // 2, y + 22, 1)
        c.line(x + w // 2, y + 22, x + w // 2 + 4, y + 18, 1)
        self._draw_accents(c, BODY_Y + 66)

    def _draw_accents(self, c, y):
        """The accent step's letters (the one at the cursor inverted), or
        the hint that holding C offers them."""
        if self.accents:
            row = self.accents
        else:
            row = None if self.blank else accents_of(LETTERS[self.letter])
            if not row:
                return
            row = row[1:]
        label = "" if self.accents else "hold C: "
        gap = 4
        total = text.width(text.BODY, label) + sum(text.width(text.BODY, a) + gap for a in row)
        x = max(2, (296 - total) // 2)
        x = text.draw(c, text.BODY, label, x, y)
        for i in range(len(row)):
            a = row[i]
            w = text.width(text.BODY, a)
            if self.accents and i == self.accent:
                c.fill_rect(x - 2, y - 2, w + gap, text.BODY.HEIGHT + 3, 1)
                text.draw(c, text.BODY, a, x, y, 0)
            else:
                text.draw(c, text.BODY, a, x, y)
            x += w + gap

    def _start_letter(self):
        # The first letter starts at "A", the next ones at "a".
        return LETTERS.index("a") if self.name else 0

    def long(self, b):
        if b == "C" and not self.accents and not self.blank:
            self.accents = accents_of(LETTERS[self.letter])
            self.accent = 1 if self.accents else 0
            self.changed()

    def button(self, b):
        if b in ("UP", "DOWN"):
            step = -1 if b == "UP" else 1
            if self.accents:
                self.accent = (self.accent + step) % len(self.accents)
            elif self.blank:
                # The blank slot sits just before the letter a slot starts at.
                self.blank = False
                self.letter = (self._start_letter() + (0 if step > 0 else -1)) % len(LETTERS)
            else:
                self.letter = (self.letter + step) % len(LETTERS)
        elif b == "C":
            if self.blank and not self.accents:
                return
            self.name += self.current()
            self.blank, self.accents = True, None
            if len(self.name) >= MAX_NAME:
                self._finish()
                return
        elif b == "B" and self.accents:
            self.accents = None       # back to the plain letter
        elif b == "B" and not self.blank:
            self.blank = True         # the slot's letter cleared
        elif b == "B" and self.name:
            self.name = self.name[:-1]
        elif b == "A":
            if self.shown():
                self._finish()
                return
            self.app.pop()
            return
        self.changed()

    def _finish(self):
        # PL-22: the letter in the slot included, trailing spaces trimmed.
        s = self.shown().rstrip()
        bad = check_name(s)
        if bad:
            self.app.show_message("Name", bad)
            return
        self.on_done(self.app, s)


# --- Settings > Players -------------------------------------------------------------

ADD = "\x00add"


def roster_menu(app, focus=0):
    """The roster's names and "Add a name" (letter by letter); C on a name
    opens what can be done with it (PL-22)."""
    from usher.ui.widgets import Menu
    names, problem = load_roster(app.data_dir)
    items = [("Add a name", ADD)] + [(n, n) for n in names]
    m = Menu(app, "Players (%d/%d)" % (len(names), MAX_ROSTER), items, _roster_chosen, focus=focus)
    return m, problem


def open_roster(app):
    m, problem = roster_menu(app)
    app.push(m)
    if problem:
        app.log("error", "players.txt: " + problem)
        app.show_message("Players", problem)


def _roster_chosen(app, value):
    if value == ADD:
        app.push(LetterPicker(app, "New player", _added))
        return
    from usher.ui.widgets import Menu
    items = [("Rename", "rename"), ("Move up", "up"), ("Move down", "down"), ("Delete", "delete")]
    app.push(Menu(app, value, items, lambda a, how: _name_action(a, value, how)))


def _name_action(app, name, how):
    if how == "rename":
        app.replace(LetterPicker(app, "Rename " + name,
                                 lambda a, new: _edited(a, name, "rename", new), name))
    elif how == "delete":
        from usher.ui.widgets import Confirm
        app.replace(Confirm(app, "Delete", "Delete %s from the roster? Kept plays keep the name."
                            % name, lambda a: _edited(a, name, "delete")))
    else:
        _edited(app, name, how)


def _edited(app, name, how, new=None):
    """The change made (or refused with its reason, nothing written) and the
    roster shown again, the cursor on the name changed."""
    problem = edit_roster(app.data_dir, name, how, new)
    app.pop()            # the letter picker, the confirmation or the name's menu
    names = load_roster(app.data_dir)[0]
    shown = new if how == "rename" and problem is None else name
    focus = names.index(shown) + 1 if shown in names else 0
    app.replace(roster_menu(app, focus)[0])
    if problem:
        app.show_message("Players", problem)


def _added(app, name):
    problem = add_to_roster(app.data_dir, name)
    app.pop()            # the letter picker
    names = load_roster(app.data_dir)[0]
    app.replace(roster_menu(app, names.index(name) + 1 if name in names else 0)[0])
    if problem:
        app.show_message("Players", problem)
