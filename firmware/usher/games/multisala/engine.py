# Pulisci il Multisala: the engine (MS-3..MS-12). Pure: no I/O, plain JSON
# state, randomness from usher.core.rng kept in state["rng"].
#
# Two modes (MS-12):
#   virtual   the device holds the deck: it deals halls, spectators and masks
#             and runs the placement turns; solo plays entirely on the device
#   physical  the players use their own cards and type in what is on the
#             table; the device checks the hall-ownership rule and scores
# The action vocabulary (also the device log format) is in
# docs/actions/multisala.md.
from usher.core import game, rng
from usher.core.game import GameError
from usher.games.multisala import cards, scoring

GAME_ID = "multisala"
HALLS = 5
MAX_PLAYERS = 5
MAX_MASKS_PER_TURN = 3


# --- setup --------------------------------------------------------------------

def _option_bool(options, key):
    v = options.get(key, False)
    if type(v) is not bool:
        raise GameError("%s must be true or false" % key)
    return v


# The options a game may have (docs/actions/multisala.md): any other key is
# not this game's and refuses it (PL-11). "names" are the seats' names the
# screens keep in the record (usher.ui.seats); the engine does not use them.
OPTIONS = ("players", "mode", "variant", "to_beat", "deck", "names")
DECK_KEYS = ("cards", "emotions")


def new_game(options, seed):
    """options: players 1-5 (default 1), mode "virtual"|"physical" (default
    "virtual"), variant bool (MS-11, default off), deck {"cards": [codes],
    "emotions": [names]} to replace the default deck (MS-2), to_beat (MS-14),
    names (one per player, kept for the screens)."""
    if type(options) is not dict:
        raise GameError("Options must be a dict")
    game.check_options(options, OPTIONS)
    players = options.get("players", 1)
    if type(players) is not int or players < 1 or players > MAX_PLAYERS:
        raise GameError("players must be 1 to 5")  # MS-3
    game.need_names(options, players)
    mode = options.get("mode", "virtual")
    if mode not in ("virtual", "physical"):
        raise GameError("mode must be virtual or physical")
    variant = _option_bool(options, "variant")
    # MS-14: a solo game is won when its total beats the record it started
    # against (strictly); the screens read the record when the game starts
    # and pass it here, so the outcome is part of the game (replay, resume
    # and the kept play agree). None: no record yet (a first solo game is won).
    to_beat = options.get("to_beat")
    if to_beat is not None and (type(to_beat) is not int or players != 1):
        raise GameError("to_beat must be a whole number, in a solo game")
    deck = options.get("deck")
    if deck is None:
        codes = cards.default_deck()
        emotions = list(cards.DEFAULT_EMOTIONS)
    else:
        if type(deck) is not dict:
            raise GameError("deck must be a dict")
        game.check_keys(deck, DECK_KEYS, "deck field")
        codes = deck.get("cards")
        emotions = deck.get("emotions")
        defects = cards.check_codes(codes, emotions)
        if defects:
            raise GameError(defects[0])
        codes = list(codes)
        emotions = list(emotions)
    st = rng.new_state(seed)
    s = {
        "players": players,
        "mode": mode,
        "variant": variant,
        "to_beat": to_beat,
        "emotions": emotions,
        "round": 1,
        # MS-10: every player is first player twice; solo plays 5 rounds
        "rounds": 5 if players == 1 else 2 * players,
        "first": 0,
        "turn": 0,
        "phase": "deal",
        "passes": 0,
        "totals": [0] * players,
        "halls": [],
        "hands": [[] for _ in range(players)],
        "unplayed": [None] * players,
        "breakdown": None,
        "rng": st,
    }
    if mode == "virtual":
        s["cards"] = codes
        draw = list(range(len(codes)))
        rng.shuffle(st, draw)
        s["draw"] = draw
        s["discard"] = []
        s["reshuffles"] = 0
        _deal_halls(s)
        # MS-3: 3 masks each, 4 in solo
        size = hand_size(s)
        for p in range(players):
            s["hands"][p] = sorted([_draw(s) for _ in range(size)])
    else:
        s["halls"] = [_empty_hall() for _ in range(HALLS)]
    s["first"] = rng.below(st, players)  # MS-3: a random first player
    s["turn"] = s["first"]
    return s


def _empty_hall():
    return {"card": None, "emotion": None, "d4": None, "spectators": [], "masks": [], "owner": None}


def hand_size(state):
    """Masks each player holds this round: 3, or 4 in the first solo round
    (MS-3); later solo rounds draw 3 (MS-9)."""
    return 4 if state["players"] == 1 and state["round"] == 1 else 3


# --- the virtual deck ---------------------------------------------------------

def _draw(s):
    """Top card of the draw pile; the discard pile is reshuffled into it only
    when it has run out (MS-9)."""
    if not s["draw"]:
        if not s["discard"]:
            raise GameError("Deck exhausted")
        s["draw"] = s["discard"]
        s["discard"] = []
        rng.shuffle(s["rng"], s["draw"])
        s["reshuffles"] += 1
    return s["draw"].pop()


def _deal_halls(s):
    halls = []
    for _ in range(HALLS):
        c = _draw(s)
        code = s["cards"][c]
        halls.append({"card": c, "emotion": cards.emotion(code), "d4": cards.d4(code),
                      "spectators": [], "masks": [], "owner": None})
    s["halls"] = halls


def _need_phase(s, *phases):
    if s["phase"] not in phases:
        raise GameError("Not now (%s)" % s["phase"])


def _need_mode(s, mode):
    if s["mode"] != mode:
        raise GameError("Only with a %s deck" % mode)


def _deal(s, a):
    """MS-4: each hall gets as many face-down spectators as its D4 (bilico 2)."""
    _need_mode(s, "virtual")
    _need_phase(s, "deal")
    for h in s["halls"]:
        h["spectators"] = [_draw(s) for _ in range(cards.d4_value(h["d4"]))]
    s["phase"] = "placement"
    s["passes"] = 0
    s["turn"] = s["first"]


def may_use_hall(state, player, hall):
    """MS-5: a hall is usable when empty or already holding the player's masks."""
    owner = state["halls"][hall]["owner"]
    return owner is None or owner == player


def legal_halls(state, player):
    return [h for h in range(HALLS) if may_use_hall(state, player, h)]


def _need_turn(s, a):
    p = game.need_int(a, "player", 0, s["players"] - 1)
    if p != s["turn"]:
        raise GameError("Not P%d's turn" % (p + 1))
    return p


def _advance_turn(s):
    s["turn"] = (s["turn"] + 1) % s["players"]


def _place(s, a):
    """MS-5: the player on turn puts 1 to 3 masks from hand onto one hall."""
    _need_mode(s, "virtual")
    _need_phase(s, "placement")
    p = _need_turn(s, a)
    h = game.need_int(a, "hall", 0, HALLS - 1)
    chosen = a.get("cards")
    if type(chosen) is not list or not chosen:
        raise GameError("cards must list 1 to 3 masks")
    if len(chosen) > MAX_MASKS_PER_TURN:
        raise GameError("At most 3 masks a turn")
    hand = s["hands"][p]
    seen = []
    for c in chosen:
        if type(c) is not int or c not in hand or c in seen:
            raise GameError("Mask not in hand")
        seen.append(c)
    if not may_use_hall(s, p, h):
        raise GameError("Hall %d is P%d's" % (h + 1, s["halls"][h]["owner"] + 1))
    hall = s["halls"][h]
    for c in chosen:
        hand.remove(c)
        hall["masks"].append(c)
    hall["owner"] = p
    s["passes"] = 0
    _advance_turn(s)


def _pass(s, a):
    """MS-5: placing no mask; when every player has passed in a row the
    halls are revealed and scored."""
    _need_mode(s, "virtual")
    _need_phase(s, "placement")
    _need_turn(s, a)
    s["passes"] += 1
    _advance_turn(s)
    if s["passes"] >= s["players"]:
        _score_virtual(s)


def _mask_faces(s, ids):
    out = []
    for c in ids:
        code = s["cards"][c]
        out.append([cards.d6(code), cards.morra(code)])
    return out


def _spectator_faces(s, ids):
    out = []
    for c in ids:
        code = s["cards"][c]
        out.append([cards.emotion(code), cards.switch_on(code)])
    return out


def _score_virtual(s):
    halls = []
    for h in s["halls"]:
        halls.append({"emotion": h["emotion"], "owner": h["owner"],
                      "masks": _mask_faces(s, h["masks"]),
                      "spectators": _spectator_faces(s, h["spectators"])})
    unplayed = []
    for p in range(s["players"]):
        unplayed.append([m[0] for m in _mask_faces(s, s["hands"][p])])
    _finish_scoring(s, halls, unplayed)


def _finish_scoring(s, halls, unplayed):
    b = scoring.score_round(halls, unplayed, s["players"], s["variant"])
    for i in range(HALLS):
        # the revealed spectators, for the score screen
        b["halls"][i]["seen"] = halls[i]["spectators"]
    for p in range(s["players"]):
        s["totals"][p] += b["delta"][p]
    s["breakdown"] = b
    # MS-10: the game ends after its last round is scored
    s["phase"] = "over" if s["round"] >= s["rounds"] else "scored"


def _next_round(s, a):
    """MS-9: discard halls and spectators, masks back to their owners and
    passed left (solo: discarded, 3 new drawn), first player passes left."""
    _need_phase(s, "scored")
    n = s["players"]
    s["round"] += 1
    s["first"] = (s["first"] + 1) % n
    s["turn"] = s["first"]
    s["passes"] = 0
    s["breakdown"] = None
    if s["mode"] == "physical":
        s["halls"] = [_empty_hall() for _ in range(HALLS)]
        s["unplayed"] = [None] * n
        s["phase"] = "deal"
        return
    owned = [sorted(s["hands"][p]) for p in range(n)]
    for h in s["halls"]:
        s["discard"].append(h["card"])
        s["discard"].extend(h["spectators"])
        if h["owner"] is not None:
            owned[h["owner"]].extend(h["masks"])
    if n == 1:
        s["discard"].extend(owned[0])
    _deal_halls(s)
    if n == 1:
        s["hands"] = [sorted([_draw(s) for _ in range(hand_size(s))])]
    else:
        # player p's masks go to the player on the left, p + 1
        s["hands"] = [sorted(owned[(p - 1) % n]) for p in range(n)]
    s["phase"] = "deal"


# --- the physical deck (MS-12) ------------------------------------------------

def _need_emotion(s, a):
    return game.need_int(a, "emotion", 0, len(s["emotions"]) - 1)


def _hall_entry(s, a):
    """The players type in a hall card: its emotion and D4 face."""
    _need_mode(s, "physical")
    _need_phase(s, "deal")
    h = game.need_int(a, "hall", 0, HALLS - 1)
    emo = _need_emotion(s, a)
    face = game.need_choice(a, "d4", cards.D4_FACES)
    hall = s["halls"][h]
    hall["emotion"] = emo
    hall["d4"] = face
    if not [x for x in s["halls"] if x["d4"] is None]:
        s["phase"] = "placement"


def played_count(state, player):
    n = 0
    for h in state["halls"]:
        if h["owner"] == player:
            n += len(h["masks"])
    return n


def _mask_entry(s, a):
    """A mask put on a hall at the table: owner, D6 face, Morra sign."""
    _need_mode(s, "physical")
    _need_phase(s, "placement")
    p = game.need_int(a, "player", 0, s["players"] - 1)
    h = game.need_int(a, "hall", 0, HALLS - 1)
    face = game.need_choice(a, "d6", cards.D6_FACES)
    if s["variant"] or "morra" in a:
        sign = game.need_choice(a, "morra", cards.MORRA)
    else:
        sign = None
    if not may_use_hall(s, p, h):
        raise GameError("Hall %d is P%d's" % (h + 1, s["halls"][h]["owner"] + 1))
    if played_count(s, p) >= hand_size(s):
        raise GameError("P%d has no masks left" % (p + 1))
    s["halls"][h]["masks"].append([face, sign])
    s["halls"][h]["owner"] = p


def _reveal(s, a):
    _need_mode(s, "physical")
    _need_phase(s, "placement")
    s["phase"] = "reveal"


def _spectator_entry(s, a):
    """A revealed spectator of a hall: emotion and switch."""
    _need_mode(s, "physical")
    _need_phase(s, "reveal")
    h = game.need_int(a, "hall", 0, HALLS - 1)
    emo = _need_emotion(s, a)
    on = a.get("on")
    if type(on) is not bool:
        raise GameError("on must be true or false")
    hall = s["halls"][h]
    if len(hall["spectators"]) >= cards.d4_value(hall["d4"]):
        raise GameError("Hall %d is full" % (h + 1))
    hall["spectators"].append([emo, on])


def _unplayed_entry(s, a):
    """The D6 faces of the masks a player kept in hand (MS-8)."""
    _need_mode(s, "physical")
    _need_phase(s, "reveal")
    p = game.need_int(a, "player", 0, s["players"] - 1)
    faces = a.get("d6")
    if type(faces) is not list:
        raise GameError("d6 must be a list")
    for f in faces:
        if f not in cards.D6_FACES:
            raise GameError("d6 faces are 1-6 or b")
    left = hand_size(s) - played_count(s, p)
    if len(faces) != left:
        raise GameError("P%d kept %d masks" % (p + 1, left))
    s["unplayed"][p] = list(faces)


def _score_entry(s, a):
    _need_mode(s, "physical")
    _need_phase(s, "reveal")
    for i in range(HALLS):
        h = s["halls"][i]
        missing = cards.d4_value(h["d4"]) - len(h["spectators"])
        if missing:
            raise GameError("Hall %d: %d spectators missing" % (i + 1, missing))
    for p in range(s["players"]):
        if s["unplayed"][p] is None:
            raise GameError("P%d hand not entered" % (p + 1))
    halls = []
    for h in s["halls"]:
        halls.append({"emotion": h["emotion"], "owner": h["owner"],
                      "masks": h["masks"], "spectators": h["spectators"]})
    _finish_scoring(s, halls, s["unplayed"])


HANDLERS = {
    "deal": _deal,
    "place": _place,
    "pass": _pass,
    "next_round": _next_round,
    "hall": _hall_entry,
    "mask": _mask_entry,
    "reveal": _reveal,
    "spectator": _spectator_entry,
    "unplayed": _unplayed_entry,
    "score": _score_entry,
}
# Each action's fields besides "type" (docs/actions/multisala.md): an action
# with another field is refused, on play and on replay (usher.core.game
# apply_with, apply_owned; PL-11).
ACTION_FIELDS = {
    "place": ("player", "hall", "cards"),
    "pass": ("player",),
    "hall": ("hall", "emotion", "d4"),
    "mask": ("player", "hall", "d6", "morra"),
    "spectator": ("hall", "emotion", "on"),
    "unplayed": ("player", "d6"),
}


# The parts of a game no action changes in place (here: none changes them
# at all): a move's new state shares them with the old one
# (usher.core.game.apply_with).
SHARED = ("cards", "emotions")


def apply(state, action):
    return game.apply_with(state, action, HANDLERS, SHARED, ACTION_FIELDS)


# --- views the UI may call (pure) --------------------------------------------

def hall_view(state, hall):
    """What a hall screen shows: emotion (index and name), D4 face, number of
    spectators (D4 value, bilico 2; 0 before the hall is entered), masks as
    [d6, morra] faces, owner (player index or None)."""
    h = state["halls"][hall]
    if state["mode"] == "virtual":
        masks = _mask_faces(state, h["masks"])
    else:
        masks = [m[:] for m in h["masks"]]
    emo = h["emotion"]
    return {"emotion": emo, "emotion_name": state["emotions"][emo] if emo is not None else None,
            "d4": h["d4"], "spectators": cards.d4_value(h["d4"]) if h["d4"] is not None else 0,
            "masks": masks, "owner": h["owner"]}


def hand_view(state, player):
    """The masks in a player's hand as [card id, d6 face, morra sign]
    (virtual deck only; empty with a physical deck)."""
    if state["mode"] != "virtual":
        return []
    out = []
    for c in state["hands"][player]:
        code = state["cards"][c]
        out.append([c, cards.d6(code), cards.morra(code)])
    return out


def winners(state):
    """Players with the highest total (the winners once the game is over);
    solo, the player when the total beats the record the game started
    against, or there was none (MS-14), else nobody."""
    if state["players"] == 1:
        to_beat = state.get("to_beat")
        return [0] if to_beat is None or state["totals"][0] > to_beat else []
    best = max(state["totals"])
    return [p for p in range(state["players"]) if state["totals"][p] == best]


def card_count(state):
    """Every card of a virtual game, wherever it is (draw, discard, halls,
    spectators, masks on halls, hands): used to check conservation."""
    ids = state["draw"] + state["discard"]
    for h in state["halls"]:
        ids = ids + [h["card"]] + h["spectators"] + h["masks"]
    for hand in state["hands"]:
        ids = ids + hand
    return ids
