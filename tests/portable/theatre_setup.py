# Shared set-up for the Theatre tests: a started Act with a chosen leader and
# a chosen Suit Card line, and short ways to enter cards.
from usher.games.theatre import engine

# A line that wants charm (the default suit of test cards) only in round 5
# and luck only in round 4, so no +3 sneaks in unless a test asks for it.
NO_BONUS_LINE = ["will", "strength", "agility", "luck", "charm"]


def started(players=2, decks=None, leader=0, line=None, seed=1):
    """State at round 1 of Act 1 with `leader` leading."""
    opts = {"players": players}
    if decks is not None:
        opts["decks"] = decks
    s = engine.new_game(opts, seed)
    s["leader"] = leader
    s = engine.apply(s, {"type": "start_act"})
    if line is not None:
        s["line"] = list(line)
    else:
        s["line"] = list(NO_BONUS_LINE)
    return s


def card(p, value, suit="charm", pr="paw", ability="none", remove=None, kind="play"):
    a = {"type": kind, "player": p, "value": value, "suit": suit, "print": pr, "ability": ability}
    if remove is not None:
        a["remove"] = remove
    return a


def play(s, p, value, suit="charm", pr="paw", ability="none", remove=None):
    return engine.apply(s, card(p, value, suit, pr, ability, remove))


def reveal(s, p, value, suit="charm", pr="paw", ability="none", remove=None):
    return engine.apply(s, card(p, value, suit, pr, ability, remove, "reveal"))


def gamble(s, p, draw):
    return engine.apply(s, {"type": "gamble", "player": p, "draw": draw})


def result(s, p):
    """The last round's result entry of player p."""
    for r in s["last"]["cards"]:
        if r["player"] == p:
            return r
    raise AssertionError("no result for player %d" % p)


def filler_round(s, values, suit="charm", pr="fin"):
    """Play one round of plain cards, values in play order."""
    order = list(s["order"])
    for i in range(len(order)):
        s = play(s, order[i], values[i], suit, pr)
    return s


def counts_total(s, p):
    c = engine.player_counts(s, p)
    return c["deck"] + c["hand"] + c["breakroom"] + c["dismissed"] + c["in_play"]
