# Seat Wars bookkeeping engine. The cards stay physical: players enter what
# happened on the table (a character placed with its attack, a challenge, a
# score with its value) and the device keeps totals, the turn and action
# count, settles challenges and triggers the end. Action vocabulary and state
# layout: docs/actions/seatwars.md.
from usher.core import rng
from usher.core.game import GameError, apply_with, check_options, need_choice, need_int
from usher.games.seatwars import challenge, scoring

GAME_ID = "seatwars"

ACTIONS_PER_TURN = 3  # SW-2
HAND_LIMIT = 7  # SW-2
DESTINATION_BONUS = 4  # SW-4
MAX_VALUE = 99  # any number printed on a card fits
MAX_NAME = 10  # fits the player line on the 296 px screen

PLAYING = ("turn", "last_round")
# The options a game may have (docs/actions/seatwars.md): any other key is
# not this game's and refuses it (PL-11). The seats' names, when given, are
# the list in "players" (usher.ui.seats.with_names).
OPTIONS = ("players", "start")


# --- new game ----------------------------------------------------------------

def new_game(options, seed):
    """options: players = 2..4 or a list of 2..4 names (SW-1);
    start = index of the start player (0-based) or "random" (default 0)."""
    if options is None:
        options = {}
    check_options(options, OPTIONS)
    spec = options.get("players", 2)
    if type(spec) is int:
        if spec < 2 or spec > 4:
            raise GameError("2 to 4 players")
        names = ["P%d" % (i + 1) for i in range(spec)]
    elif type(spec) is list:
        if len(spec) < 2 or len(spec) > 4:
            raise GameError("2 to 4 players")
        names = []
        for name in spec:
            if type(name) is not str or not name or len(name) > MAX_NAME:
                raise GameError("Names: 1-%d letters" % MAX_NAME)
            names.append(name)
    else:
        raise GameError("players: number or names")
    n = len(names)
    start = options.get("start", 0)
    if start == "random":
        start = rng.below(rng.new_state(seed), n)
    elif type(start) is not int or start < 0 or start >= n:
        raise GameError("start must be 0..%d" % (n - 1))
    players = []
    for name in names:
        players.append({"name": name, "total": 0, "scored": [], "missed": False})
    return {
        "phase": "turn",
        "players": players,
        "start": start,
        "current": start,
        "actions": ACTIONS_PER_TURN,
        "turn": 1,
        "round": 1,
        "bus": [],
        "next_id": 1,
        "item_ok": False,
        "drawn": 0,
        "last_by": None,
        "turn_end": None,
        "winners": [],
    }


# --- pure queries the UI may call -------------------------------------------

def find(state, bus_id):
    """The bus entry with this id, or None."""
    for card in state["bus"]:
        if card["id"] == bus_id:
            return card
    return None


def scorable(state, card):
    """True when the current player may score this bus card now (SW-3): a
    character of theirs placed in an earlier turn, i.e. it has stayed on the
    bus a whole round (every turn in between belonged to the other players)."""
    return (state["phase"] in PLAYING and card["kind"] == "char"
            and card["owner"] == state["current"] and card["turn"] < state["turn"])


def scorable_ids(state):
    return [c["id"] for c in state["bus"] if scorable(state, c)]


def targets(state):
    """Ids of the bus cards the current player may challenge: items and the
    other players' characters."""
    out = []
    for c in state["bus"]:
        if c["kind"] == "item" or c["owner"] != state["current"]:
            out.append(c["id"])
    return out


def leftovers(state):
    """Characters still on the bus (during final scoring: those not yet entered)."""
    return [c["id"] for c in state["bus"] if c["kind"] == "char"]


def draws_if_ended(state):
    """Cards the current player would draw by ending the turn now (SW-2):
    one per unspent action, none under "Missed the Bus" or once the main
    deck is empty."""
    if state["last_by"] is not None or state["players"][state["current"]]["missed"]:
        return 0
    return state["actions"]


# --- helpers -------------------------------------------------------------------

def _playing(s):
    if s["phase"] not in PLAYING:
        raise GameError("Game is over" if s["phase"] == "over" else "Score the bus first")


def _spend(s, cost):
    if cost > s["actions"]:
        raise GameError("Only %d action%s left" % (s["actions"], "" if s["actions"] == 1 else "s"))
    s["actions"] -= cost


def _equipment(a):
    eq = a.get("equip", [])
    if type(eq) is not list:
        raise GameError("equip must be a list")
    for bonus in eq:
        if type(bonus) is not int or bonus < 0 or bonus > MAX_VALUE:
            raise GameError("Equipment bonus 0-%d" % MAX_VALUE)
    return eq


def _flag(a, key):
    v = a.get(key, False)
    if type(v) is not bool:
        raise GameError("%s must be true/false" % key)
    return v


def _player(s, a, key):
    return need_int(a, key, 0, len(s["players"]) - 1)


def _seat(s, attack, equip):
    card = {"id": s["next_id"], "kind": "char", "owner": s["current"], "turn": s["turn"],
            "attack": attack, "equip": challenge.strength(0, equip)}
    s["next_id"] += 1
    s["bus"].append(card)
    s["item_ok"] = True
    return card


def _score(s, who, what, mode, value, bonus, via):
    p = s["players"][who]
    p["scored"].append({"what": what, "mode": mode, "points": value + bonus, "bonus": bonus,
                        "turn": s["turn"], "via": via})
    p["total"] += value + bonus


def _remove(s, card):
    s["bus"] = [c for c in s["bus"] if c["id"] != card["id"]]


def _next_turn(s):
    n = len(s["players"])
    s["current"] = (s["current"] + 1) % n
    s["turn"] += 1
    s["actions"] = ACTIONS_PER_TURN
    s["item_ok"] = False
    if s["current"] == s["start"]:
        s["round"] += 1
    # SW-7: the game ends when play comes back to the player who drew the
    # last card; every other player has had exactly one more turn.
    if s["last_by"] is not None and s["current"] == s["last_by"]:
        s["phase"] = "final_scoring"
        _maybe_over(s)


def _maybe_over(s):
    if s["phase"] == "final_scoring" and not leftovers(s):
        s["phase"] = "over"
        s["winners"] = scoring.winners(s["players"])


# --- handlers ----------------------------------------------------------------

def _place(s, a):
    """A character from hand onto an empty seat: one action, plus one per
    equipment card played with it."""
    _playing(s)
    attack = need_int(a, "attack", 0, MAX_VALUE)
    equip = _equipment(a)
    _spend(s, 1 + len(equip))
    _seat(s, attack, equip)


def _item(s, a):
    """An item from the yellow deck next to the character just seated (free;
    only right after a character took a seat this turn)."""
    _playing(s)
    if not s["item_ok"]:
        raise GameError("Seat a character first")
    shield = need_int(a, "shield", 0, MAX_VALUE)
    s["bus"].append({"id": s["next_id"], "kind": "item", "owner": None, "turn": s["turn"],
                     "shield": shield})
    s["next_id"] += 1
    s["item_ok"] = False


def _challenge(s, a):
    """A character from hand challenges a seated character or an item
    (SW-5, SW-6). One action plus one per equipment card."""
    _playing(s)
    target = find(s, need_int(a, "target", 0))
    if target is None:
        raise GameError("No such card on the bus")
    if target["kind"] == "char" and target["owner"] == s["current"]:
        raise GameError("Your own character")
    seymour = _flag(a, "seymour")
    if seymour:
        # SW-6: his attack does not matter; he is scored for his minimum,
        # entered now.
        if a.get("equip"):
            raise GameError("Seymour needs no equipment")
        value = need_int(a, "value", 0, MAX_VALUE)
        _spend(s, 1)
        s["item_ok"] = False
        _remove(s, target)
        _score(s, s["current"], "char", "min", value, 0, "seymour")
        return
    attack = need_int(a, "attack", 0, MAX_VALUE)
    equip = _equipment(a)
    points = 0
    if target["kind"] == "item":
        points = need_int(a, "points", 0, MAX_VALUE)
    _spend(s, 1 + len(equip))
    s["item_ok"] = False
    if target["kind"] == "item":
        if challenge.item_taken(attack, equip, target["shield"]):
            # SW-5: the challenger scores the item and takes its seat.
            _remove(s, target)
            _score(s, s["current"], "item", None, points, 0, "item")
            _seat(s, attack, equip)
        return
    if challenge.challenger_wins(attack, equip, target["attack"], [target["equip"]]):
        # SW-6: the seated character is discarded and scores nothing.
        _remove(s, target)
        _seat(s, attack, equip)
    # A lost challenge discards the challenger: nothing changes on the bus.


def _score_action(s, a):
    """Move one of the current player's characters to the scoring zone
    (SW-3, SW-4): one action, two with "Reached Your Destination"."""
    _playing(s)
    card = find(s, need_int(a, "target", 0))
    if card is None or card["kind"] != "char":
        raise GameError("No such character")
    if card["owner"] != s["current"]:
        raise GameError("Not your character")
    if not scorable(s, card):
        raise GameError("Wait a full round")
    mode = need_choice(a, "mode", ("max", "min"))
    value = need_int(a, "value", 0, MAX_VALUE)
    destination = _flag(a, "destination")
    if destination and mode != "min":
        raise GameError("Destination: minimum only")
    _spend(s, 2 if destination else 1)
    s["item_ok"] = False
    _remove(s, card)
    _score(s, s["current"], "char", mode, value, DESTINATION_BONUS if destination else 0, "bus")


def _event(s, a):
    """An event card played (one action). "missed" names the player hit by
    "Missed the Bus" (SW-2)."""
    _playing(s)
    target = None
    if a.get("missed") is not None:
        target = _player(s, a, "missed")
    _spend(s, 1)
    s["item_ok"] = False
    if target is not None:
        s["players"][target]["missed"] = True


def _caught_bus(s, a):
    """A player marks that their "Missed the Bus" effect has ended (free)."""
    _playing(s)
    who = _player(s, a, "player")
    if not s["players"][who]["missed"]:
        raise GameError("Not missing the bus")
    s["players"][who]["missed"] = False


def _last_card(s, a):
    """The current player drew the last card of the main deck (SW-7) by a card
    effect during the turn; the turn goes on."""
    _playing(s)
    if s["last_by"] is not None:
        raise GameError("Deck already empty")
    s["last_by"] = s["current"]
    s["phase"] = "last_round"


def _end_turn(s, a):
    """End the turn (SW-2): one card drawn per unspent action (none under
    "Missed the Bus" or with the deck empty). "hand" = cards in hand before
    those draws, for the hand-limit reminder; "last_card" = one of the draws
    was the last card of the main deck (SW-7)."""
    _playing(s)
    hand = None
    if a.get("hand") is not None:
        hand = need_int(a, "hand", 0, MAX_VALUE)
    last = _flag(a, "last_card")
    draw = draws_if_ended(s)
    if last:
        if s["last_by"] is not None:
            raise GameError("Deck already empty")
        if draw == 0:
            raise GameError("No cards drawn")
    who = s["current"]
    discard = 0
    if hand is not None and hand + draw > HAND_LIMIT:
        discard = hand + draw - HAND_LIMIT
    s["turn_end"] = {"player": who, "draw": draw, "discard": discard}
    s["drawn"] += draw
    if last:
        s["last_by"] = who
        s["phase"] = "last_round"
    _next_turn(s)


def _final_score(s, a):
    """SW-7: a character left on the bus scores its minimum for its owner
    (the value is entered per character)."""
    if s["phase"] != "final_scoring":
        raise GameError("Not final scoring")
    card = find(s, need_int(a, "target", 0))
    if card is None or card["kind"] != "char":
        raise GameError("No such character")
    value = need_int(a, "value", 0, MAX_VALUE)
    _remove(s, card)
    _score(s, card["owner"], "char", "min", value, 0, "end")
    _maybe_over(s)


HANDLERS = {
    "place": _place,
    "item": _item,
    "challenge": _challenge,
    "score": _score_action,
    "event": _event,
    "caught_bus": _caught_bus,
    "last_card": _last_card,
    "end_turn": _end_turn,
    "final_score": _final_score,
}


# Each action's fields besides "type" (docs/actions/seatwars.md): an action
# with another field is refused, on play and on replay (usher.core.game
# apply_with, apply_owned; PL-11).
ACTION_FIELDS = {
    "place": ("attack", "equip"),
    "item": ("shield",),
    "challenge": ("target", "attack", "equip", "points", "seymour", "value"),
    "score": ("target", "mode", "value", "destination"),
    "event": ("missed",),
    "caught_bus": ("player",),
    "end_turn": ("hand", "last_card"),
    "final_score": ("target", "value"),
}


def apply(state, action):
    return apply_with(state, action, HANDLERS, (), ACTION_FIELDS)
