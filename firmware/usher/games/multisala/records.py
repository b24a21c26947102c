# The solo record (MS-10), pure: the file side is in record.py.
#
# A record dict holds the best solo score per rule set, because the variant
# (MS-11) changes what a score is worth: {"base": 31, "variant": 40}; a key
# is absent until a game of that kind has been finished.


def kind(state):
    return "variant" if state["variant"] else "base"


KEYS = ("base", "variant")
MAX_SCORE = 9999


def check(record):
    """record as read back from its file, or ValueError saying why it cannot
    be the record (PL-11): a table of kind -> score, plus "set_by" (the seed
    of the game that set it)."""
    if type(record) is not dict:
        raise ValueError("not a record table")
    for k in sorted(record):
        v = record[k]
        if k not in KEYS and k != "set_by":
            raise ValueError("unknown entry")
        if type(v) is not int or (k == "set_by" and v < 0) or (k != "set_by" and abs(v) > MAX_SCORE):
            raise ValueError("%s is not a score" % k if k != "set_by" else "set_by is not a seed")
    return record


def best(record, variant=False):
    """The record to beat, or None when there is none yet."""
    return (record or {}).get("variant" if variant else "base")


def update(record, final_state):
    """Returns (new record dict, beaten). Only a finished solo game counts,
    and it replaces the record only when strictly higher (or the first)."""
    new = {}
    for k in sorted(record or {}):
        new[k] = record[k]
    if final_state["players"] != 1 or final_state["phase"] != "over":
        return new, False
    score = final_state["totals"][0]
    k = kind(final_state)
    old = new.get(k)
    if old is None or score > old:
        new[k] = score
        return new, True
    return new, False
