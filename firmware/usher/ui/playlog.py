# The play history: every finished game kept on flash, bounded (docs/history.md).
# Imported when a game ends and by the statistics screens, not at boot.
#
# Files in data_dir/history/:
#   plays.jsonl   one line per kept play, oldest first, the newest CAP kept
#                 (on littlefs up to SLACK more lines, see Writing):
#                 {"n", "game", "date", "players", "scores", "winners",
#                 "breakdown", "actions", "seed", "options", and where they
#                 apply "solo", "opp", "variant", "rounds", "level", "owner_data"};
#                 options without the owner's data files (named in
#                 "owner_data": they are too big to copy into every play)
#   plays.new.jsonl  on littlefs: the lines kept since the buttons last
#                 rested, added to the end of plays.jsonl then (see Writing)
#   pNNNNN.json   play NNNNN's record {"game", "options", "seed", "actions",
#                 "n", "version", and "owner_data" and "date" when they say
#                 something} for `usher replay` (all the
#                 options, owner data included), kept for the newest
#                 ACTIONS_CAP plays only
#
# Sizes (python bench/history_flash.py): a line is 300-600 bytes, a record
# 0.5-3 KB (its actions as rows, its game's words by number: one of the
# RP2040 littlefs's 4 KB blocks at most, none when under 512 bytes).
#
# Writing (append): the record is saved with usher.core.storage.save; the
# lines are streamed one at a time to plays.jsonl.tmp, the oldest dropped
# beyond CAP, and storage.replace makes the new file current with the
# previous one as plays.jsonl.bak (PL-8): RAM holds one line at a time
# whatever the history's size. On littlefs (PL-17) the new line is written
# to plays.new.jsonl instead, a file small enough to live in its folder's
# metadata (no block of its own to erase), and added to the end of
# plays.jsonl while the buttons rest (tidy; a read of every line does it
# first); then the file is written anew as above, with the newest CAP, once
# it holds CAP + SLACK // 2 lines, and by the game's end itself only when it
# reaches CAP + SLACK (no rest came). Readers take the newest CAP lines
# either way. Reading falls back to the .tmp (a cut between the renames)
# and then to the .bak; when no copy can be read the file is
# named, set aside as plays.jsonl.bad and a new history starts (PL-11).
#
# Dates: services["date"]() gives (year, month, day, hour, minute, second)
# when the device knows the time (a real-time clock, or the clock `usher`
# sets whenever it connects, which a Badger 2040 loses at power-off), else
# None: the play is kept undated ("date": null).
from usher.core import gamefile, seal, storage

FOLDER = "history"
INDEX = "plays.jsonl"
NEW = "plays.new.jsonl"
CAP = 50            # kept plays (lines of plays.jsonl); docs/history.md
SLACK = 10          # on littlefs plays.jsonl may hold this many lines more (append);
#                     at most ACTIONS_CAP: the lines added since the last rewrite
#                     (not in plays.jsonl.bak) are plays whose records are kept,
#                     all but the play that wrote it anew; before the first
#                     rewrite there is no .bak (docs/history.md)
ACTIONS_CAP = 10    # the newest plays whose actions are kept (pNNNNN.json)
OWNER_KEYS = ("panels_text", "deck_text", "deck")   # owner data: not copied into every play


def folder(data_dir):
    return storage.join(data_dir, FOLDER)


def index_path(data_dir):
    return storage.join(folder(data_dir), INDEX)


def new_path(data_dir):
    return storage.join(folder(data_dir), NEW)


def play_path(data_dir, n):
    return storage.join(folder(data_dir), "p%05d.json" % n)


# --- what a finished game says ------------------------------------------------------

def _names(options, n):
    from usher.ui import seats
    ns = seats.names_of(options) or []
    return [ns[i] if i < len(ns) else seats.default_name(i) for i in range(n)]


def _takeaseat(st, options):
    r = st["result"]
    if st["mode"] == "solo":
        p, a = r["player"], r["automa"]
        won = r["winner"] == "player"
        return {"players": _names(options, 1), "scores": [p["total"]],
                "winners": [0] if won else [], "solo": "automa",
                "opp": {"name": "Automa", "score": a["total"], "won": not won,
                        "breakdown": [["majorities", "%dx%d" % (a["majority_points"],
                                                                  a["multiplier"])]]},
                "breakdown": [[["objectives", p["objective_total"]],
                               ["majorities", p["majority_points"]],
                               ["usher bonus", p["usher_bonus"]]]]}
    n = st["players"]
    bd = []
    for x in st["scores"]:
        bd.append([["objectives", x["objective_total"]], ["majorities", x["majority_points"]],
                   ["usher bonus", x["usher_bonus"]]])
    return {"players": _names(options, n), "scores": list(r["totals"]),
            "winners": list(r["winners"]), "breakdown": bd}


def _theatre(st, options):
    n = len(st["players"])
    bd = []
    for p in range(n):
        bd.append([["deck", st["deck"][p]], ["hand", st["hand"][p]],
                   ["breakroom", st["breakroom"][p]]])
    out = {"players": list(st["players"]), "scores": [None] * n,
           "winners": list(st["winners"]), "breakdown": bd,
           "rounds": st["stats"]["rounds"]}
    h = st.get("house")
    if h is not None:
        # TH-17: a solo game against the House, kept with its level (the
        # seat's name stays "House": the BG Stats link's player, PL-19)
        out["solo"] = "house"
        out["level"] = h["level"]
    return out


def _multisala(st, options):
    n = st["players"]
    from usher.games.multisala import engine
    last = st.get("breakdown") or {}
    delta = last.get("delta") or [0] * n
    bd = [[["last round", delta[p]]] for p in range(n)]
    out = {"players": _names(options, n), "scores": list(st["totals"]),
           "winners": engine.winners(st), "breakdown": bd, "variant": bool(st["variant"]),
           "rounds": st["rounds"]}
    if n == 1:
        out["solo"] = "record"
    return out


def _seatwars(st, options):
    from usher.games.seatwars import scoring
    ps = st["players"]
    bd = []
    for p in ps:
        items = len([e for e in p["scored"] if e["what"] != "char"])
        bd.append([["characters", scoring.scored_characters(p)], ["items", items]])
    return {"players": [p["name"] for p in ps], "scores": [scoring.total(p) for p in ps],
            "winners": list(st["winners"]), "breakdown": bd}


RESULTS = {"takeaseat": _takeaseat, "theatre": _theatre, "multisala": _multisala,
           "seatwars": _seatwars}


def is_over(state):
    return type(state) is dict and state.get("phase") == "over"


def date_text(t):
    """(y, m, d, h, mi, s) -> "YYYY-MM-DDTHH:MM:SS" (the device's local time)."""
    if not t:
        return None
    return "%04d-%02d-%02dT%02d:%02d:%02d" % tuple(t[:6])


def entry(game_id, record, state, date=None, version=""):
    """The kept play of a finished game: (line, record to keep)."""
    res = RESULTS[game_id](state, record["options"])
    opts = {}
    dropped = []
    for k in sorted(record["options"]):
        if k in OWNER_KEYS:
            dropped.append(k)
        else:
            opts[k] = record["options"][k]
    line = {"game": game_id, "date": date_text(date), "players": res["players"],
            "scores": res["scores"], "winners": res["winners"], "breakdown": res["breakdown"],
            "actions": len(record["actions"]), "seed": record["seed"], "options": opts}
    for k in ("solo", "opp", "variant", "rounds", "level"):
        if k in res:
            line[k] = res[k]
    if dropped:
        line["owner_data"] = dropped
    # The record keeps every option, owner data included: a replay needs
    # the panels or deck the game was played with.
    # Its date too, so a line lost to damage can be rebuilt whole from it.
    # An empty owner_data and an unknown date are left out (readers take
    # [] and None): a Take a Seat solo play's record is then under
    # littlefs's 512-byte inline limit, kept without a 4 KB erase (bench/history_flash.py).
    kept = {"game": game_id, "options": record["options"], "seed": record["seed"],
            "actions": record["actions"], "version": version}
    if dropped:
        kept["owner_data"] = dropped
    if line["date"] is not None:
        kept["date"] = line["date"]
    return line, kept


# --- the files ----------------------------------------------------------------------

SOLO_KINDS = ("automa", "record", "house")   # "house": The Theatre's (TH-17)


def _candidates(path):
    return (path, path + ".tmp", path + ".bak")   # as storage.load: main, recovered, backup


def _need(ok, what):
    if not ok:
        raise ValueError(what)


def check_line(obj):
    """A kept play's line as Statistics and `usher history pull` use it, or
    ValueError saying what is wrong (PL-11: a line that parses, and passes
    its seal, may still be of another shape, e.g. one written by hand).
    Loops, not list comprehensions, and a reason formatted only when it is
    raised: every line of the history passes here at each Statistics
    screen (docs/performance.md, "Reading the history")."""
    _need(type(obj) is dict, "not a play")
    n = obj.get("n")
    _need(type(n) is int and n >= 1, "no play number")
    _need(obj.get("game") in RESULTS, "unknown game")
    names = obj.get("players")
    _need(type(names) is list and 1 <= len(names) <= 6, "players are not a list of names")
    for x in names:
        if type(x) is not str:
            raise ValueError("players are not a list of names")
    scores = obj.get("scores")
    _need(type(scores) is list and len(scores) == len(names), "scores are damaged")
    for v in scores:
        if v is not None and type(v) is not int:
            raise ValueError("scores are damaged")
    ws = obj.get("winners")
    _need(type(ws) is list, "winners are damaged")
    for w in ws:
        if type(w) is not int or not 0 <= w < len(names):
            raise ValueError("winners are damaged")
    for key in ("actions", "seed"):
        v = obj.get(key)
        if type(v) is not int or v < 0:
            raise ValueError("%s is not a whole number" % key)
    _need(obj.get("date") is None or type(obj["date"]) is str, "date is damaged")
    _need(type(obj.get("options", {})) is dict, "options are damaged")
    _need(type(obj.get("rounds", 0)) is int, "rounds are damaged")
    bd = obj.get("breakdown", [])
    _need(type(bd) is list, "breakdown is damaged")
    for r in bd:
        if type(r) is not list:
            raise ValueError("breakdown is damaged")
        for i in r:
            if type(i) is not list or len(i) != 2:
                raise ValueError("breakdown is damaged")
    solo = obj.get("solo")
    if solo is not None:
        _need(solo in SOLO_KINDS and (solo == "house" or type(scores[0]) is int),
              "solo play is damaged")
        _need(solo != "house" or obj.get("level") in ("easy", "normal", "hard"),
              "the House's level is damaged")
    opp = obj.get("opp")
    if opp is not None:
        _need(type(opp) is dict and type(opp.get("name")) is str and type(opp.get("score")) is int,
              "opponent is damaged")
    return obj


def _scan(path):
    """(good, bad) of one copy of the history: good is [(n, obj, line
    number)] in file order, bad [(line number, reason, text)] for each line
    set aside (not UTF-8, not JSON, a seal that does not match, another
    shape, a play number out of order). Raises OSError/ValueError when the
    copy cannot be read at all."""
    good = []
    bad = []
    last = 0
    for ln, obj, txt, reason in storage.read_lines(path):
        if reason is None:
            try:
                check_line(obj)
                if obj["n"] <= last:
                    raise ValueError("play number %d out of order" % obj["n"])
            except ValueError as e:
                reason = str(e)
        if reason is not None:
            bad.append((ln, reason, txt))
            continue
        last = obj["n"]
        good.append((last, obj, ln))
    return good, bad


def _whole(path, each=None):
    """(the last play number, the number of lines, the last line) of path
    when it is a copy of the history that can be used as it is (it has
    lines and every one passes; one line at a time in RAM), else (0, 0,
    None). each: called with every line as it passes (see folded), which
    means something only when the file was whole."""
    last = 0
    count = 0
    newest = None
    try:
        for _ln, obj, _txt, reason in storage.read_lines(path):
            if reason is not None:
                return 0, 0, None
            check_line(obj)
            if obj["n"] <= last:
                return 0, 0, None
            last = obj["n"]
            count += 1
            newest = obj
            if each is not None:
                each(obj)
    except (OSError, ValueError):
        return 0, 0, None
    return last, count, newest


def open_index(data_dir):
    """(path to read or None, notice or None). The history is used as it is
    when its file is whole; otherwise it is repaired (PL-8, PL-11): every
    good line of the file, of its temp copy (a cut between the renames) and
    of its backup is kept, a kept play whose line was lost is rebuilt from
    its record (pNNNNN.json), the damaged lines are set aside in
    plays.jsonl.bad, the history is written again, and the notice names
    the file and what was done. Never raises for a damaged file."""
    return _opened(data_dir)[:2]


def _opened(data_dir, each=None, numbers=None):
    """open_index's (path, notice), then (the last play number, the number
    of lines, the last line) of the file when it was whole, else (0, 0,
    None). One read of the file when it is whole. each: as _whole's;
    numbers: _play_numbers(data_dir) when the caller listed them."""
    _fold(data_dir)
    path = index_path(data_dir)
    last, count, newest = _whole(path, each)
    if numbers is None:
        numbers = _play_numbers(data_dir)
    if last and (not numbers or numbers[-1] <= last):
        return path, None, last, count, newest
    # (a record newer than the history's last line: a cut between the two
    # writes of append, or a history rolled back to an older copy)
    # (plays.new.jsonl left by _fold: plays.jsonl missing or its end
    # damaged; its lines are a copy like the .bak's)
    copies = [c for c in _candidates(path) + (new_path(data_dir),) if storage.exists(c)]
    if not copies and not numbers:
        return None, None, 0, 0, None
    return _repair(data_dir, path, copies) + (0, 0, None)


SHORT = FOLDER + "/" + INDEX      # the history's name in a notice (a full path does not fit a line)


# The bytes read from the start of plays.jsonl for its first line, and from
# its end for its last line (a line is 300-600 bytes, docs/history.md); and
# from its end, at most, for the line of the play whose record a keeping
# drops (ACTIONS_CAP lines before the last).
END_READ = 1536
TAIL_READ = 8192


def _line_at(raw):
    """The line in raw (bytes) as a checked object, or None."""
    try:
        obj = storage.decode_bytes(raw)
        check_line(obj)
        return obj
    except (UnicodeError, ValueError, KeyError, TypeError):
        return None


def _tail(f, size, back):
    """The raw last back + 1 lines of the open file f (newest first; fewer
    when its last window bytes hold fewer): one read, no line parsed."""
    window = END_READ if not back else TAIL_READ
    start = size - window if size > window else 0
    f.seek(start)
    tail = f.read()
    out = []
    end = len(tail)
    while len(out) <= back:
        while end and tail[end - 1] in b" \r\n":
            end -= 1
        if not end:
            break
        i = tail.rfind(b"\n", 0, end)
        if i < 0 and start:
            break                  # the line the window's start fell into: part of one
        out.append(tail[i + 1:end])
        end = i if i > 0 else 0
    return out


def _ends(path, back=0, first=True, last=None):
    """(the first line, the last line, the line `back` lines before the
    last or None when it does not read or lies before the bytes read) of
    path, each read checked, or None when the first or last does not read
    or their numbers are out of order: the same few lines parsed whatever
    the history holds (docs/history.md). first=False: the last line alone
    (the first is then None); last: the last line as the caller read it
    just before (not parsed again)."""
    import os
    try:
        size = os.stat(path)[6]
        with open(path, "rb") as f:
            head = None
            if first:
                head = f.read(END_READ)
                i = head.find(b"\n")
                if i < 0:
                    return None
                head = _line_at(head[:i])
                if head is None:
                    return None
            lines = _tail(f, size, back)
    except OSError:
        return None
    if last is None:
        last = _line_at(lines[0]) if lines else None
    if last is None or head is not None and head["n"] > last["n"]:
        return None
    before = _line_at(lines[back]) if back and len(lines) > back else None
    if before is not None and before["n"] >= last["n"]:
        before = None
    return head, last, before


def _new_lines(data_dir):
    """plays.new.jsonl's lines as bytes (blank ones left out), or None when
    there is no such file: a line or two, read at once."""
    try:
        with open(new_path(data_dir), "rb") as f:
            raw = f.read()
    except OSError:
        return None
    return [x for x in raw.split(b"\n") if x.strip()]


def _last_line(data_dir):
    """The newest kept play's line, checked, read from the ends: the last
    line of plays.new.jsonl when it holds one, else of plays.jsonl; None
    when that line does not read (the full read then repairs it)."""
    new = _new_lines(data_dir)
    if new:
        return _line_at(new[-1])
    ends = _ends(index_path(data_dir), first=False)
    return ends[1] if ends else None


def _fold(data_dir):
    """plays.new.jsonl's lines added to the end of plays.jsonl, then
    plays.new.jsonl removed: while the buttons rest (tidy), and before any
    read of every line. True when done. Each line goes as it is, a damaged
    one too, so the check and the repair meet it in plays.jsonl as they met
    a line added there directly (PL-23); a line plays.jsonl already ends
    with (a cut between the two steps) is not added again. Not done when
    plays.jsonl is missing or its last line does not read: the repair then
    reads plays.new.jsonl as one of the history's copies."""
    new = _new_lines(data_dir)
    if new is None:
        return False
    if new:                 # (an empty file, a cut at its creation, is only removed)
        ends = _ends(index_path(data_dir), first=False)
        if ends is None:
            return False
        out = []
        for raw in new:
            obj = _line_at(raw)
            if obj is None or obj["n"] > ends[1]["n"]:
                out.append(raw)
        if out:
            # (bytes as they are: a damaged line goes in unchanged, for the repair)
            with open(index_path(data_dir), "ab") as f:
                f.write(b"\n".join(out) + b"\n")
    storage.delete(new_path(data_dir))
    return True


def _quick(data_dir, cap=CAP, slack=SLACK, newest=None):
    """_opened's answer from the history's ends, or None when the full read
    is needed, on littlefs (PL-17), where a play's line is added at the
    end: the end of a game then parses the same three lines at 60 kept plays as at 2
    (docs/history.md). The full read is needed for a line at either end
    that does not read, a record newer than the last line (a cut between
    append's two writes), or a history due to be written anew (its count
    is then counted, not estimated). The lines between are checked by the
    next screen that reads them all (PL-23's repair). newest: the last line
    as the caller read it just before."""
    path = index_path(data_dir)
    if not storage.atomic(folder(data_dir)) or storage.exists(new_path(data_dir)):
        return None          # (a line not yet added to plays.jsonl: _opened adds it)
    numbers = _play_numbers(data_dir)
    # The play whose record this keeping drops (the newest ACTIONS_CAP keep
    # theirs) must have its line whole first: a damaged one is rebuilt from
    # that record by the full read's repair (PL-23), never left to a record
    # gone.
    drops = len(numbers) + 1 - ACTIONS_CAP
    back = numbers[-1] - numbers[0] if drops == 1 else 0
    ends = _ends(path, back, last=newest)
    if ends is None:
        return None
    first, newest, before = ends
    last = newest["n"]
    count = last - first["n"] + 1       # at least the lines it holds
    if drops > 1 or numbers and numbers[-1] > last or count >= cap + slack:
        return None
    if drops == 1 and numbers[0] >= first["n"] and (before is None or before["n"] != numbers[0]
                                                    or last != numbers[-1]):
        return None
    return path, None, last, count, newest


def newest(data_dir):
    """The newest kept play's line, or None (Share on an end screen: read
    from the files' ends, whatever the history holds)."""
    last = _last_line(data_dir)
    if last is not None:
        return last
    for s in summaries(data_dir):
        last = s
    return last


def _repair(data_dir, path, copies):
    plays = {}
    bad = []
    said = []
    recovered = False
    lines = None        # plays.jsonl's own lines: [(line number, play number or 0, seals)]
    for cand in copies:
        try:
            good, wrong = _scan(cand)
        except (OSError, ValueError) as e:
            good, wrong = [], [(0, str(e) or "cannot be read", None)]
        for n, obj, _ln in good:
            if n not in plays:
                plays[n] = obj
        if cand == path + ".tmp" and good and not wrong:
            recovered = True
        if cand == path:
            bad = wrong
            if not good and not wrong:
                said.append("%s was empty" % INDEX)
            if good:
                lines = sorted([(ln, n, 1) for n, _obj, ln in good]
                               + [(b[0], 0, _seals(b[2])) for b in wrong])
    # (a complete temp file and no history: a cut between the renames of
    # the last save, the expected case that needs no notice, PL-8)
    missing = path not in copies and not recovered
    # PL-23: every play whose line was lost and whose record still reads is
    # rebuilt, however long the history (on littlefs it holds up to SLACK
    # lines more than CAP, and its .bak older plays still).
    rebuilt = []
    for n in _play_numbers(data_dir):
        if n not in plays:
            line = _line_of_record(data_dir, n)
            if line is not None:
                plays[n] = line
                rebuilt.append(n)
    if missing and list(plays) != [1]:
        # (no history and play #1's record alone: the first play's keeping
        # cut before the file's first line, a cut's own state, PL-8; rebuilt,
        # nothing lost, nothing to say)
        said.append("%s was missing" % INDEX)
    found = _play_list(plays, data_dir)
    keep = _newest(plays, lines, found)
    rebuilt = [n for n in rebuilt if n in keep]
    lost, unknown = _lost(lines, keep, found)
    if bad:
        first = bad[0]
        said.append("%d damaged line%s (%s%s) kept aside in %s.bad" % (
            len(bad), "" if len(bad) == 1 else "s", "line %d: " % first[0] if first[0] else "",
            first[1], INDEX))
    if rebuilt and said:      # (alone, a rebuilt play lost nothing: no notice)
        said.append("play%s %s rebuilt" % ("" if len(rebuilt) == 1 else "s",
                                           ", ".join(["#%d" % n for n in rebuilt])))
    if lost:                  # (PL-23: a loss the device can count is told as it is)
        said.append("play%s %s lost (no copy of %s line, no record)" % (
            "" if len(lost) == 1 else "s", ", ".join(["#%d" % n for n in lost]),
            "its" if len(lost) == 1 else "their"))
    if unknown:               # (lines whose play numbers cannot be told: counted)
        said.append("%d %splay%s lost (no copy, no record)" % (
            unknown, "other " if lost else "", "" if unknown == 1 else "s"))
    if not copies and not keep:
        return None, None         # no history, and no record to rebuild one from
    try:
        if not keep:
            # Nothing to keep: the whole file (and its copies) set aside as
            # they are, byte for byte; a new history starts.
            for cand in copies:
                storage.set_aside(cand)
        elif bad:
            storage.append_text(path + ".bad", _bad_text(bad))
        if keep:
            storage.write_lines(path, [plays[n] for n in keep])
            storage.delete(new_path(data_dir))     # (its good lines are in, read as a copy)
    except OSError as e:      # a read-only or full flash: read what is good, say so
        said.append("it could not be written again (%s)" % e)
        return (path if storage.exists(path) else None), _notice(path, said, keep)
    return (path if keep else None), _notice(path, said, keep)


def _seals(text):
    """How many lines a damaged line's text holds, by the seals in it (each
    line ends with one, usher.core.seal): 2 for two lines run together, 0
    for the first half of a line broken in two; 1 when it is not text."""
    return 1 if text is None else text.count('"%s"' % seal.KEY)


def _runs(lines):
    """(play number of the good line before, of the good line after or -1
    after the last, how many plays the damaged lines between stood for)
    for each stretch between good lines (a generator). lines: [(line
    number, play number; 0 damaged, seals)] in file order. The damaged lines
    stand for as many plays as their seals say (at least one: a seal's own
    text may be what was damaged), never more than the numbers between the
    good lines allow."""
    prev = 0
    seals = 0
    damaged = False
    for _ln, n, w in lines + [(0, -1, 0)]:
        if n == 0:
            seals += w
            damaged = True
            continue
        count = max(seals, 1) if damaged else 0
        if n > 0:
            count = min(count, n - prev - 1)
        yield prev, n, count
        if n > 0:
            prev = n
        seals = 0
        damaged = False


def _slots(lines, numbers):
    """The plays the history's lines stood for before the damage, each a
    play number, or for a damaged line whose play is not known the lowest
    number it can have. numbers: every play found (any copy, or rebuilt
    from its record), ascending. Damaged lines between two good ones stand
    for the plays found between them; before the first good line for the
    newest found before it; after the last good line come every play found
    after it (the records of plays whose lines were never added, a cut)."""
    slots = []
    for prev, n, count in _runs(lines):
        if n < 0:
            found = [x for x in numbers if x > prev]
            if found:
                count = min(count, found[-1] - prev)
        elif prev == 0:
            found = [x for x in numbers if x < n]
            found = found[len(found) - count:] if count else []
        else:
            found = [x for x in numbers if prev < x < n]
        slots.extend(found)
        slots.extend([prev + 1] * max(0, count - len(found)))
        if n > 0:
            slots.append(n)
    return slots


def _newest(plays, lines, found=None):
    """The play numbers the repaired history keeps, oldest first: the newest
    CAP, counted as the readers counted them before the damage (the newest
    CAP lines of the file, PL-23), so a play older than those (the file's
    older lines on littlefs, its .bak's) never comes back in place of one
    that was lost. Without the file's lines to count (missing, unreadable,
    no good line): the newest CAP plays found. found: every play number
    known (_play_list: a damaged record's too, so its play keeps its place
    at each repair, PL-23), else those of plays."""
    numbers = sorted(plays)
    if lines is None:
        return numbers[-CAP:]
    slots = sorted(_slots(lines, found or numbers))
    keep = []
    i = len(slots)
    for n in reversed(numbers):
        while i > 0 and slots[i - 1] >= n:
            i -= 1
        # (a play that had no slot, the .bak's older one, takes one more
        # place: it comes back only where the readers had room for it)
        if len(slots) - i + (0 if n in slots else 1) > CAP:
            break
        keep.append(n)
    keep.reverse()
    return keep[-CAP:]


def _play_list(plays, data_dir):
    """Every play found (a copy's line, a record that reads or not),
    ascending: the numbers _slots places the damaged lines among."""
    return sorted(set(list(plays) + _play_numbers(data_dir)))


def _lost(lines, keep, numbers):
    """(the plays known to be lost, how many more were lost whose numbers
    cannot be told) among those the readers showed before the damage (the
    newest CAP slots, _slots): damaged lines that came back from no copy
    and no record. A damaged line's play is known between two good lines
    whose numbers follow on, before the first good line when the history
    starts at play #1, and after the last good line from its record's file
    (present even when it does not read). numbers: as _slots takes them."""
    if lines is None or not keep:
        return [], 0
    slots = sorted(_slots(lines, numbers))
    oldest = slots[-CAP] if len(slots) > CAP else 0
    lost = []
    unknown = 0
    for prev, n, count in _runs(lines):
        if not count:
            continue
        if n > 0 and n - prev - 1 == count:
            known = list(range(prev + 1, n))
        elif n < 0:
            known = [x for x in numbers if x > prev][:count]
        else:
            known = []
            found = len([x for x in numbers if x < n and (x > prev or not prev)])
            if prev + 1 >= oldest:
                unknown += max(0, count - found)
        lost.extend([x for x in known if x >= oldest and x not in keep])
        if n < 0 and prev + 1 >= oldest:
            unknown += count - len(known)
    return lost, unknown


def _notice(path, said, keep):
    # Short: the message box shows about five lines (docs/history.md).
    if not said:
        return None
    if not keep:
        return "%s could not be read (%s); a new history was started." % (SHORT, "; ".join(said))
    return "%s repaired: %s. %d play%s kept." % (
        SHORT, "; ".join(said), len(keep), "" if len(keep) == 1 else "s")


def _bad_text(bad):
    """The damaged lines as they were (an owner may want them), each after
    a comment saying why; a line that was not text is noted by number."""
    out = []
    for ln, reason, txt in bad:
        out.append("# line %d: %s\n" % (ln, reason))
        if txt:
            out.append(txt + "\n")
    return "".join(out)


def _line_of_record(data_dir, n):
    """The line of kept play n rebuilt from its record (its actions
    replayed), or None when the record cannot be used."""
    rec = load_record(data_dir, n)
    try:
        from usher import games
        from usher.core import game
        gid = rec["game"]
        state = game.replay(games.engine(gid), rec)
        if not is_over(state):
            return None
        line, _kept = entry(gid, rec, state, None, rec.get("version") or "")
        line["date"] = rec.get("date")
        line["n"] = n
        return check_line(line)
    except Exception:  # a damaged record: nothing to rebuild from
        return None


def summaries(data_dir, cap=CAP):
    """Every kept play's line, oldest first, one at a time (a generator):
    the newest cap of them (on littlefs the file may hold up to SLACK more,
    see append). The history is checked (and repaired) first, a second
    pass over the file: a screen uses folded, which says the repair and
    reads a whole file once. A line that does not pass its checks is
    skipped here all the same, so no reader ever meets one."""
    path, _notice, _last, count, _newest = _opened(data_dir)
    return _newest_lines(path, count, cap)


def folded(data_dir, fresh, cap=CAP):
    """(open_index's notice, a consumer that was given the newest cap lines
    of the history, oldest first, one at a time: its add(line)). fresh()
    makes the consumer (the Statistics screens': usher.ui.stats). The
    check's own pass feeds it: one read of the file, where checking and
    then reading took two (docs/performance.md, "Reading the history").
    On littlefs the file holds up to SLACK lines more than cap between two
    rests (append), so the pass feeds only the lines numbered above the
    newest record's number less cap (the newest ACTIONS_CAP plays keep a
    record, pNNNNN.json, listed as the check lists them): the newest cap
    when the numbers run without a gap. When the pass did not feed exactly
    the newest cap (a gap, a record missing, a repair) a new consumer is
    fed from a second pass over what the check left."""
    used = fresh()
    numbers = _play_numbers(data_dir)
    above = numbers[-1] - cap if numbers else 0
    fed = [0]

    def each(obj):
        if obj["n"] > above:
            fed[0] += 1
            used.add(obj)

    path, notice, _last, count, _newest = _opened(data_dir, each, numbers)
    if path is not None and count and fed[0] == min(count, cap):
        # (a whole file's numbers rise line by line: the lines fed are its
        # last fed[0], which is what the second pass would give)
        return notice, used
    used = fresh()
    for obj in _newest_lines(path, count, cap):
        used.add(obj)
    return notice, used


class _Counts:
    def __init__(self):
        self.games = {}

    def add(self, obj):
        self.games[obj["game"]] = self.games.get(obj["game"], 0) + 1


def counted(data_dir, cap=CAP):
    """(open_index's notice, {game id: plays}) over the newest cap lines:
    the Statistics menu's counts, one read of a whole history (folded)."""
    notice, counts = folded(data_dir, _Counts, cap)
    return notice, counts.games


class _Found:
    def __init__(self, n):
        self.n = n
        self.line = None

    def add(self, obj):
        if obj["n"] == self.n:
            self.line = obj


def looked_up(data_dir, n):
    """(open_index's notice, the line of kept play n or None): one read of
    a whole history (folded); the screen that opens a play says the
    notice (PL-23)."""
    notice, found = folded(data_dir, lambda: _Found(n))
    return notice, found.line


def find(data_dir, n):
    """The line of kept play n, or None."""
    return looked_up(data_dir, n)[1]


def _newest_lines(path, count, cap):
    if path is None:
        return
    skip = count - cap
    for obj in _good_lines(path):
        if skip > 0:
            skip -= 1
            continue
        yield obj


def _good_lines(path):
    """The lines of path that pass their checks, in order (a generator)."""
    last = 0
    for _ln, obj, _txt, reason in storage.read_lines(path):
        if reason is not None:
            continue
        try:
            check_line(obj)
        except ValueError:
            continue
        if obj["n"] > last:
            last = obj["n"]
            yield obj


def load_record(data_dir, n):
    """The record (with its actions) of kept play n, or None when only its
    line is kept (older than the newest ACTIONS_CAP) or its file is damaged."""
    try:
        obj, _source, _problems = storage.load_checked(
            play_path(data_dir, n), lambda rec: _check_record(gamefile.unpacked(rec)))
    except storage.StorageError:
        return None
    return obj


def _check_record(rec):
    from usher import games
    from usher.core import game
    game.check_record(rec)
    if rec["game"] not in games.ids():
        raise ValueError("unknown game")
    return rec


def _play_numbers(data_dir):
    import os
    out = []
    try:
        for name in os.listdir(folder(data_dir)):
            if name.startswith("p") and name.endswith(".json") and name[1:-5].isdigit():
                out.append(int(name[1:-5]))
    except OSError:
        pass
    out.sort()
    return out


def append(data_dir, line, record, cap=CAP, actions_cap=ACTIONS_CAP, slack=SLACK, opened=None):
    """Keep a finished play. Returns (play number, problem or None).
    opened: what _opened(data_dir) returned just before, when the caller
    read it (keep: the history is read once per game's end)."""
    storage.makedirs(folder(data_dir))
    path, problem, last, count, _newest = opened or _opened(data_dir)
    if path is not None and not count:
        # (repaired just now: the file written again holds its good lines)
        for s in _good_lines(path):
            count += 1
            last = s["n"]
    numbers = _play_numbers(data_dir)
    n = max([last] + numbers) + 1
    if n == 1:
        n = _numbered_before(data_dir) + 1
    line = dict(line)
    line["n"] = n
    record = dict(record)
    record["n"] = n
    # Its actions as rows (usher.core.gamefile.packed): a 5-player Multisala
    # play's file was 9.4 KB as a list of actions, and its JSON text and
    # bytes are each one block of the heap at the game's end (a fragmented
    # heap refused them: "This play could not be kept"); as rows about a
    # third of that. An older firmware's list still loads (load_record).
    storage.save_json(play_path(data_dir, n), gamefile.packed_json(record)[0], once=True)
    if path is not None and count < cap + slack and storage.atomic(folder(data_dir)):
        # On littlefs (PL-17) the line goes to plays.new.jsonl, added to the
        # end of plays.jsonl at the next rest (tidy): a file of a line or
        # two lives in its folder's metadata, so keeping it costs a metadata
        # commit, where adding it to plays.jsonl copies that file's last
        # block into a new one, erased first (Share on an end screen 342 ->
        # 452 ms from 3 to 52 kept plays, `python bench/rp2_soak.py`), and
        # writing the history anew rewrote every block of it (15 KB and 4
        # erases at 49 plays, `python bench/flash_ops.py --used --plays`).
        # The close commits the file atomically. The oldest lines are
        # dropped SLACK plays at a time, by writing it anew; readers
        # (summaries) take the newest cap lines meanwhile.
        storage.append_line(new_path(data_dir), line)
    else:
        storage.write_lines(index_path(data_dir), _lines_with(data_dir, path, line, count + 1 - cap))
    # Only the newest plays keep their actions.
    numbers.append(n)
    for old in numbers[:max(0, len(numbers) - actions_cap)]:
        storage.delete(play_path(data_dir, old))
    return n, problem


def tidy(data_dir, cap=CAP, slack=SLACK):
    """While the buttons rest (App.rest_work, usher.device.runtime): on
    littlefs, the lines kept since the last rest added to plays.jsonl
    (_fold), and plays.jsonl written anew with its newest cap lines once it
    holds cap + slack // 2 or more, so the press that keeps a play only
    adds its line (the rewrite, about 1.5 s on the chip at 55 lines, was
    in every tenth game's end; bench/rp2_soak.py). Only a whole file is
    written anew: a damaged one is left to the next screen that reads it
    all, whose repair says what was lost (PL-23). True when written."""
    if not storage.atomic(folder(data_dir)):
        return False
    added = _fold(data_dir)
    path = index_path(data_dir)
    ends = _ends(path)
    if ends is None or ends[1]["n"] - ends[0]["n"] + 1 < cap + slack // 2:
        return added
    last, count, _newest = _whole(path)
    if count <= cap or _play_numbers(data_dir)[-1:] > [last]:
        return added
    storage.write_lines(path, _newest_texts(path, count - cap))
    return True


def _newest_texts(path, skip):
    """The text of each line of path but the first skip (a generator): a
    whole file's lines written again as they are."""
    for _ln, _obj, txt, _reason in storage.read_lines(path):
        if skip > 0:
            skip -= 1
            continue
        yield txt


def _numbered_before(data_dir):
    """The highest play number in the history's copies set aside (.bad; 0
    when none): after a history that could not be kept at all, numbering
    goes on past it, so a new play never takes the number of a play shared
    before (BG Stats knows a play by the device id and its number,
    docs/history.md). Read 2 KB at a time: only a new history reads it."""
    high = 0
    for name in (INDEX + ".bad", INDEX + ".bak.bad", INDEX + ".tmp.bad"):
        try:
            with open(storage.join(folder(data_dir), name), "rb") as f:
                text = b""
                while True:
                    chunk = f.read(2048)
                    if not chunk:
                        break
                    text = text[-24:] + chunk      # (a number cut between two reads)
                    i = text.find(b'"n":')
                    while i >= 0:
                        j = i + 4
                        while j < len(text) and text[j] == 32:
                            j += 1
                        k = j
                        while k < len(text) and 48 <= text[k] <= 57:
                            k += 1
                        if j < k < len(text):
                            high = max(high, int(text[j:k]))
                        i = text.find(b'"n":', i + 1)
        except OSError:
            pass
    return high


def _lines_with(data_dir, path, line, drop):
    """The kept lines without the oldest `drop`, then line (a generator)."""
    if path is not None:
        for s in _good_lines(path):
            if drop > 0:
                drop -= 1
                continue
            yield s
    yield line


def _already_kept(data_dir, game_id, record, newest=None):
    """The number of the newest kept play when it is this game, else None:
    a power cut after the play was kept but before the saved game was
    forgotten brings the finished game back, and leaving it again must not
    keep it twice. newest: the history's last line when the caller has it
    (else the history is read for it)."""
    last = newest
    if last is None:
        try:
            for s in summaries(data_dir):
                last = s
        except (OSError, ValueError):
            return None
    if last is not None and last.get("game") == game_id and \
            last.get("seed") == record["seed"] and last.get("actions") == len(record["actions"]):
        return last.get("n")
    return None


def keep(app):
    """Called by App.end_game (and the end screen's sharing): keep the
    running game when it is over. Returns (its play number, or None when it
    is not kept; a problem to show, or None). Never raises: a history that
    cannot be written must not stop the game from ending."""
    if app.record is None or not is_over(app.state) or app.game_id not in RESULTS:
        return None, None
    # On littlefs the history's first and last lines answer _already_kept
    # and the play's number (_quick); elsewhere, or when those do not
    # suffice, it is read once, and that read is handed to append: a game's
    # end read and checked the whole file three times, a cost growing with
    # every kept play (bench/rp2_soak.py).
    opened = newest = None
    try:
        if storage.atomic(folder(app.data_dir)):
            # Finish after Share (or a press after a cut that kept it): the
            # last line alone (plays.new.jsonl's, where Share left it) says
            # the play is kept, even when the history
            # is due to be written anew (bench/rp2_soak.py: Finish read it
            # all at 60 lines)
            newest = _last_line(app.data_dir)
            n = _already_kept(app.data_dir, app.game_id, app.record, newest) if newest else None
            if n is not None:
                return n, None
            opened = _quick(app.data_dir, newest=newest)
        if opened is None:
            opened = _opened(app.data_dir)
    except (OSError, ValueError):
        opened = None
    newest = opened[4] if opened is not None else None
    notice = opened[1] if opened is not None else None
    if notice:
        # PL-23: the repair is logged by whichever screen read the history
        # first (the end screen's Finish or Share: App.end_game, share_screen)
        app.log("error", "history: " + notice)
    n = _already_kept(app.data_dir, app.game_id, app.record, newest)
    if n is not None:
        return n, notice
    fn = app.services.get("date")
    try:
        date = fn() if fn else None
    except Exception:
        date = None
    try:
        line, record = entry(app.game_id, app.record, app.state, date,
                             app.services.get("version") or "")
        kept = append(app.data_dir, line, record, opened=opened)
        app.history_due = True        # its rewrite, if due, at the next rest (tidy)
        return kept
    except Exception as e:  # flash full, ...: say so, lose nothing else
        app.log("error", "history: %s" % e)
        return None, "This play could not be kept in the history: %s" % e
