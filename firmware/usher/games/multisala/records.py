# The solo record (MS-10), pure: the file side is in record.py.
#
# A record dict holds the best solo score per rule set, because the variant
# (MS-11) changes what a score is worth: {"base": 31, "variant": 40}; a key
# is absent until a game of that kind has been finished.


def kind(state):
    return "variant" if state["variant"] else "base"


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
