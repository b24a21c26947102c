# The Theatre engine: Acts of five rounds, players entering the cards they
# play, Gamble decisions and reveals, round resolution, deck counts and
# elimination (TH-1..TH-12), and the House's virtual deck in a solo game
# (TH-15: usher.games.theatre.housedeck; its choices are made outside the
# rules, by usher.games.theatre.house). Pure: JSON state in, JSON state out; actions are
# documented in docs/actions/theatre.md.
#
# Phases:
#   act_start  everyone is about to draw 5 (action start_act)
#   play       players enter their card in play order (action play)
#   gamble     players who played a Gamble card decide in play order (gamble)
#   reveal     gamblers enter the card they drew, in decision order (reveal)
#   over       the game has ended; state["winners"] names the winner(s)
from usher.core import game, rng
from usher.core.game import GameError

from usher.games.theatre import decks, housedeck, rounds
from usher.games.theatre.cards import COMBO_BONUS, SUITS, need_card

GAME_ID = "theatre"
ROUNDS_PER_ACT = 5  # TH-3
MIN_PLAYERS = 2
MAX_PLAYERS = 4
MIN_DECK = 5  # TH-13: a deck has at least 5 cards
MAX_DECK = 200


def default_deck_size(n_players):
    """The printed format: 16 cards for 2 players, 20 for 3-4 (TH-13 limits
    of 4 or 5 per rank, four ranks)."""
    return 16 if n_players == 2 else 20


def _player_names(opt):
    if type(opt) is int:
        if opt < MIN_PLAYERS or opt > MAX_PLAYERS:
            raise GameError("2 to 4 players")
        return ["P%d" % (i + 1) for i in range(opt)]
    if type(opt) is list:
        if len(opt) < MIN_PLAYERS or len(opt) > MAX_PLAYERS:
            raise GameError("2 to 4 players")
        names = []
        for name in opt:
            if type(name) is not str or not name.strip():
                raise GameError("Player names must be text")
            names.append(name.strip())
        return names
    raise GameError("players: a number or names")


def _deck_sizes(opt, n):
    if opt is None:
        return [default_deck_size(n)] * n
    sizes = [opt] * n if type(opt) is int else opt
    if type(sizes) is not list or len(sizes) != n:
        raise GameError("One deck size per player")
    for v in sizes:
        if type(v) is not int or v < MIN_DECK or v > MAX_DECK:
            raise GameError("Deck size %d to %d" % (MIN_DECK, MAX_DECK))
    return list(sizes)


def _solo_names(opt):
    """TH-15: one player (a number 1 or a list of one name) and the House."""
    if opt == 1:
        return ["P1", housedeck.NAME]
    if type(opt) is list and len(opt) == 1 and type(opt[0]) is str and opt[0].strip():
        return [opt[0].strip(), housedeck.NAME]
    raise GameError("Solo: one player and the House")


# The options a game may have (docs/actions/theatre.md): any other key is
# not this game's and refuses it (PL-11). The seats' names, when given, are
# the list in "players" (usher.ui.seats.with_names).
OPTIONS = ("players", "decks", "house", "house_deck", "rival")
SOLO_ONLY = ("house_deck", "rival")
# A House card's fields (housedeck.check_cards)
HOUSE_CARD = ("rank", "value", "suit", "print", "ability")


def _house_cards(cards):
    if cards is None:
        return housedeck.default_cards()
    if type(cards) is list:
        for c in cards:
            if type(c) is dict:
                game.check_keys(c, HOUSE_CARD, "House card field")
    return housedeck.check_cards(cards)


def _solo_deck(mine):
    """The player's declared size in a solo game: one size, or a list of
    one (the setup screen's list per player)."""
    if mine is None:
        return housedeck.DECK_SIZE
    if type(mine) is list:
        if len(mine) != 1:
            raise GameError("decks: one size in a solo game")
        return mine[0]
    return mine


def new_game(options, seed):
    """options: {"players": 2..4 or a list of 2..4 names,
                 "decks": one declared size for everyone or a list per player}.
    Solo against the House (TH-15): {"house": "easy"|"normal"|"hard",
    "players": 1 or [name], "decks": the player's declared size,
    "house_deck": 16 cards (default: housedeck.DEFAULT)}."""
    game.check_options(options, OPTIONS)
    level = options.get("house")
    if level is not None and level not in housedeck.LEVELS:
        raise GameError("House level: easy, normal or hard")
    if level is None:
        for key in SOLO_ONLY:
            if key in options:
                raise GameError("%s: only with house" % key)
        names = _player_names(options.get("players", 2))
    else:
        names = _solo_names(options.get("players", 1))
        cards = _house_cards(options.get("house_deck"))
        if type(options.get("rival", False)) is not bool:
            raise GameError("rival must be true or false")
    n = len(names)
    st = rng.new_state(seed)
    if level is None:
        declared = _deck_sizes(options.get("decks"), n)
    else:
        declared = _deck_sizes([_solo_deck(options.get("decks")), len(cards)], n)
    s = {
        "phase": "act_start",
        "players": names,
        "declared": declared,
        "alive": [True] * n,
        "act": 1,
        "round": 0,
        "line": [],          # TH-3: this Act's Suit Card line (suit names)
        "desired": None,     # index into line of this round's Desired Suit
        "leader": rng.below(st, n),  # a random first leader
        "order": [],         # this round's play order (player indices)
        "turn": None,        # the player to act now, or None
        "play": [],          # this round's entries, in play order
        "reveal_order": [],  # gamblers who drew, in decision order (TH-9)
        "tokens": [],        # Boost/Sap tokens in the play area: [kind, print]
        "combo": [0] * n,    # pending Combo bonus per player (TH-7)
        "last": None,        # result of the last resolved round
        "act_log": [],       # per player: what happened at the last Act start
        "winners": [],
        "stats": {"rounds": 0, "ties": 0, "gambles": 0},
        "rng": st,
    }
    counts = decks.new_counts(s["declared"])
    for k in ("deck", "hand", "breakroom", "dismissed"):
        s[k] = counts[k]
    if level is not None:
        s["house_cards"] = cards
        s["house"] = housedeck.new(level, len(cards), st, seed)
        if options.get("rival"):
            # Simulations only: seat 0 plays from a virtual copy of the same
            # deck too, so two policies can meet (bench/theatre_house.py).
            r = housedeck.new(None, len(cards), st, seed * 7 + 1)
            r["seat"] = 0
            s["rival"] = r
    return s


# The parts of a game no action changes in place: the last round's result
# is only ever replaced (_resolve), the House's cards never: a move's new
# state shares them with the old one (usher.core.game.apply_with).
SHARED = ("last", "house_cards")


def apply(state, action):
    return game.apply_with(state, action, HANDLERS, SHARED, ACTION_FIELDS)


# --- queries the UI may call (pure) -----------------------------------------

def desired_suit(s):
    """This round's Desired Suit, or None (no Suit Card left or no round)."""
    i = s["desired"]
    if i is None or i >= len(s["line"]):
        return None
    return s["line"][i]


def removable_boosts(s):
    """Prints of Boost tokens a Sap entered now may remove (TH-6)."""
    return rounds.boost_prints(s["tokens"])


def player_counts(s, p):
    return decks.counts(s, p)


def house_turn(s):
    """Whether the House is to act now (TH-15): the device plays its move
    (usher.games.theatre.house chooses it)."""
    h = s.get("house")
    return h is not None and s["turn"] is not None and s["turn"] == h["seat"] \
        and s["phase"] in ("play", "gamble", "reveal")


def automatic(options, action):
    """Whether action is one the device played for the House (an undo takes
    it back together with the player's action before it, PL-8)."""
    return options.get("house") is not None and action.get("player") == housedeck.HOUSE_SEAT


# --- helpers -----------------------------------------------------------------

def _need_phase(s, phase):
    if s["phase"] != phase:
        raise GameError("Not now (%s)" % s["phase"])


def _need_turn(s, action):
    p = action.get("player")
    if type(p) is not int or p < 0 or p >= len(s["players"]):
        raise GameError("player must be a seat number")
    if p != s["turn"]:
        raise GameError("%s's turn" % s["players"][s["turn"]])
    return p


def _remove_field(action):
    r = action.get("remove")
    if r is not None and type(r) is not str:
        raise GameError("remove must be a print")
    return r


def _house_card(s, i, action):
    """The House's card number i, whose fields the action also carries (the
    log and the History read them): refused when they differ."""
    card = housedeck.card(s, i)
    if need_card(action) != card:
        raise GameError("Not the House's card")
    return card


def _entry(s, p):
    for e in s["play"]:
        if e["player"] == p:
            return e
    raise GameError("No card for that player")


def _start_round(s):
    """TH-5: leader first, then clockwise among players still in."""
    n = len(s["players"])
    order = []
    for k in range(n):
        p = (s["leader"] + k) % n
        if s["alive"][p]:
            order.append(p)
    s["order"] = order
    s["play"] = []
    # TH-3/TH-4: round i uses the i-th Suit Card of the line.
    s["desired"] = s["round"] - 1
    s["turn"] = order[0]
    s["phase"] = "play"


# --- handlers ----------------------------------------------------------------

def _start_act(s, action):
    """TH-11 draws (with reshuffle and elimination), TH-12 end check, then
    TH-3: the five Suit Cards shuffled into this Act's line."""
    _need_phase(s, "act_start")
    before = list(s["alive"])
    events = decks.act_draws(s)
    s["act_log"] = events
    gone = [p for p in range(len(before)) if before[p] and not s["alive"][p]]
    winners = decks.game_winners(s, gone)
    if winners is not None:
        # Eliminated players keep their hands at 0: draws were all or nothing.
        s["winners"] = winners
        s["phase"] = "over"
        s["turn"] = None
        s["order"] = []
        s["desired"] = None
        return
    n = len(s["players"])
    if not s["alive"][s["leader"]]:
        # TH-14: the lead passes clockwise to the next player still in.
        p = s["leader"]
        while not s["alive"][p]:
            p = (p + 1) % n
        s["leader"] = p
    line = list(SUITS)
    rng.shuffle(s["rng"], line)
    s["line"] = line
    s["round"] = 1
    _start_round(s)


def _play(s, action):
    """A player enters the card they play (TH-2); its Boost/Sap token effect
    happens now (TH-6)."""
    _need_phase(s, "play")
    p = _need_turn(s, action)
    h = decks.house_of(s, p)
    if h is None:
        card = need_card(action)
    else:
        # TH-15: the House plays a card of its hand, by its number
        i = action.get("card")
        housedeck.take_from_hand(h, i)
        h["moves"] += 1
        card = _house_card(s, i, action)
    remove = _remove_field(action)
    rounds.enter_tokens(s["tokens"], card, remove)
    entry = {"player": p, "card": card}
    if h is not None:
        entry["id"] = i
    if remove is not None:
        entry["removed"] = remove
    s["play"].append(entry)
    s["hand"][p] -= 1
    if len(s["play"]) < len(s["order"]):
        s["turn"] = s["order"][len(s["play"])]
        return
    # TH-9: after all cards are played, Gamble players decide in play order.
    gamblers = [e["player"] for e in s["play"] if e["card"]["ability"] == "gamble"]
    if gamblers:
        s["phase"] = "gamble"
        s["turn"] = gamblers[0]
    else:
        _resolve(s)


def _next_gambler(s, after):
    seen = False
    for e in s["play"]:
        if seen and e["card"]["ability"] == "gamble":
            return e["player"]
        if e["player"] == after:
            seen = True
    return None


def _gamble(s, action):
    """TH-9: draw (True) or stand (False). A draw takes the top card face
    down now (reshuffling the Breakroom in if the deck is empty); with
    neither deck nor Breakroom the gamble is ignored."""
    _need_phase(s, "gamble")
    p = _need_turn(s, action)
    draw = action.get("draw")
    if type(draw) is not bool:
        raise GameError("draw must be true or false")
    e = _entry(s, p)
    h = decks.house_of(s, p)
    if h is not None:
        h["moves"] += 1
    if draw:
        e["gamble"] = decks.gamble_draw(s, p)
        if e["gamble"] == "draw":
            s["reveal_order"].append(p)
            s["stats"]["gambles"] += 1
            if h is not None:
                e["drawn_id"] = decks.house_gamble_card(s, p)
    else:
        e["gamble"] = "stand"
    nxt = _next_gambler(s, p)
    if nxt is not None:
        s["turn"] = nxt
        return
    if s["reveal_order"]:
        s["phase"] = "reveal"
        s["turn"] = s["reveal_order"][0]
    else:
        _resolve(s)


def _reveal(s, action):
    """TH-9: a gambler enters the card they drew. It is played after all
    other cards, in decision order, with its abilities except Gamble."""
    _need_phase(s, "reveal")
    p = _need_turn(s, action)
    e = _entry(s, p)
    h = decks.house_of(s, p)
    if h is None:
        card = need_card(action)
    else:
        card = _house_card(s, e["drawn_id"], action)   # TH-15: the card its gamble drew
        h["moves"] += 1
    remove = _remove_field(action)
    rounds.enter_tokens(s["tokens"], card, remove)
    e["drawn"] = card
    if remove is not None:
        e["drawn_removed"] = remove
    queue = s["reveal_order"]
    i = queue.index(p)
    if i + 1 < len(queue):
        s["turn"] = queue[i + 1]
        return
    _resolve(s)


def _final_card(e):
    return e["drawn"] if "drawn" in e else e["card"]


def _resolve(s):
    """End of round: final values with breakdowns (TH-4..TH-8), the winner
    or a tie (TH-10), cards to Breakroom/Dismissed (TH-9/TH-10), pending
    Combos, the leader, then the next round or the end of the Act."""
    desired = desired_suit(s)
    earlier = s["round"] - 1  # everyone still in plays one card per round (TH-8)
    results = []
    values = []
    for e in s["play"]:
        p = e["player"]
        card = _final_card(e)
        parts, total = rounds.card_value(card, desired, s["tokens"], s["combo"][p], earlier)
        r = {"player": p, "card": card, "parts": parts, "value": total}
        if "drawn" in e:
            r["gamble_card"] = e["card"]
        elif "gamble" in e:
            r["gamble"] = e["gamble"]
        results.append(r)
        values.append(total)
    for r in results:
        # TH-7: this round's card used the pending Combo; a Combo card sets the next one.
        ability = r["card"]["ability"]
        s["combo"][r["player"]] = COMBO_BONUS.get(ability, 0)
    w = rounds.round_winner(values)
    winner = None if w is None else results[w]["player"]
    for e in s["play"]:
        p = e["player"]
        n = 2 if "drawn" in e else 1
        if p == winner:
            s["breakroom"][p] += n
        else:
            s["dismissed"][p] += n
        h = decks.house_of(s, p)
        if h is not None:
            housedeck.to_pile(h, [e["id"], e["drawn_id"]] if "drawn_id" in e else [e["id"]],
                              p == winner)
    s["stats"]["rounds"] += 1
    if winner is None:
        s["stats"]["ties"] += 1
    else:
        s["leader"] = winner
    s["last"] = {"act": s["act"], "round": s["round"], "desired": desired,
                 "cards": results, "winner": winner, "top": max(values)}
    s["play"] = []
    s["reveal_order"] = []
    if s["round"] < ROUNDS_PER_ACT:
        s["round"] += 1
        _start_round(s)
        return
    # End of the Act: tokens and pending Combos are cleared (TH-6, TH-7).
    s["tokens"] = []
    s["combo"] = [0] * len(s["players"])
    s["act"] += 1
    s["round"] = 0
    s["desired"] = None
    s["order"] = []
    s["turn"] = None
    s["phase"] = "act_start"


HANDLERS = {
    "start_act": _start_act,
    "play": _play,
    "gamble": _gamble,
    "reveal": _reveal,
}
# Each action's fields besides "type" (docs/actions/theatre.md): an action
# with another field is refused, on play and on replay (usher.core.game
# apply_with, apply_owned; PL-11). A card's fields, and for the House's play
# (TH-15) the number of its card, "card", beside them.
CARD_FIELDS = ("player", "value", "suit", "print", "ability", "remove")
ACTION_FIELDS = {
    "play": CARD_FIELDS + ("card",),
    "gamble": ("player", "draw"),
    "reveal": CARD_FIELDS,
}
