# Seat Wars screens. The cards stay physical: the players enter
# what happened on the table and the device keeps the turn, the actions, the
# scores and the bus, settles seat challenges and runs the end of the game.
# Screens: setup (players, start player) -> turn screen (turn.py) with its
# action menu, character form with the challenge resolver (form.py), end of
# turn -> final scoring and winner (final.py). Engine: usher.games.seatwars.
from usher.ui import seats
from usher.ui.widgets import ChoiceEntry

GAME_ID = "seatwars"


def setup_screen(app):
    """SW-1: 2-4 players; the seats' names, then the start player (PL-22:
    picked by name, after_names)."""
    choices = [("%d players" % n, n, None) for n in (2, 3, 4)]
    return ChoiceEntry(app, "Seat Wars", "How many players?", choices,
                       lambda a, n: a.new_game(GAME_ID, {"players": n}))


def after_names(app, options, go):
    """Who starts, by the seats' names (or a seeded random one), once the
    seats are named (PL-22); go(app, options) starts the game."""
    if "start" in options:
        go(app, options)
        return
    names = seats.names_of(options)
    n = seats.seat_count(GAME_ID, options)
    choices = [(names[i] if names else seats.default_name(i), i, None) for i in range(n)]
    choices.append(("Random", "random", None))

    def chosen(a, start):
        opts = dict(options)
        opts["start"] = start
        go(a, opts)
    app.push(ChoiceEntry(app, "Seat Wars", "Who starts? (play goes clockwise)", choices, chosen))


def progress(state):
    """How far the game got, for the question before abandoning it (PL-21)."""
    return "round %d" % state["round"]


def play_screen(app):
    phase = app.state["phase"]
    if phase == "over":
        from usher.ui.games.seatwars.final import EndScreen
        return EndScreen(app)
    if phase == "final_scoring":
        from usher.ui.games.seatwars.final import FinalScoringScreen
        return FinalScoringScreen(app)
    from usher.ui.games.seatwars.turn import TurnScreen
    return TurnScreen(app)


def _equip(a):
    return "".join(" +%d" % b for b in a.get("equip") or [])


def describe(action):
    """One History line per entry; bus cards are numbered in placing order."""
    t = action["type"]
    if t == "place":
        return "placed attack %d%s" % (action["attack"], _equip(action))
    if t == "item":
        return "item, shield %d" % action["shield"]
    if t == "challenge" and action.get("seymour"):
        return "Seymour removed card %d, min %d" % (action["target"], action["value"])
    if t == "challenge":
        s = "challenged card %d with %d%s" % (action["target"], action["attack"], _equip(action))
        if action.get("points"):
            s += ", item %d pts" % action["points"]
        return s
    if t == "score":
        s = "scored card %d: %s %d" % (action["target"], action["mode"], action["value"])
        return s + (" +4 destination" if action.get("destination") else "")
    if t == "event":
        if action.get("missed") is not None:
            return "event: %s missed the bus" % seats.label(action["missed"])
        return "event card"
    if t == "caught_bus":
        return "%s caught the bus: Missed the Bus ends" % seats.label(action["player"])
    if t == "last_card":
        return "drew the last card"
    if t == "end_turn":
        s = "end of turn"
        if action.get("hand") is not None:
            s += ", hand %d" % action["hand"]
        return s + (", last card" if action.get("last_card") else "")
    if t == "final_score":
        return "final: card %d min %d" % (action["target"], action["value"])
    return t
