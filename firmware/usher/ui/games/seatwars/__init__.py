# Seat Wars screens (issue 9). The cards stay physical: the players enter
# what happened on the table and the device keeps the turn, the actions, the
# scores and the bus, settles seat challenges and runs the end of the game.
# Screens: setup (players, start player) -> turn screen (turn.py) with its
# action menu, character form with the challenge resolver (form.py), end of
# turn -> final scoring and winner (final.py). Engine: usher.games.seatwars.
from usher.ui import seats
from usher.ui.widgets import ChoiceEntry

GAME_ID = "seatwars"


def setup_screen(app):
    """SW-1: 2-4 players, then the start player (or a seeded random one)."""
    choices = [("%d players" % n, n, None) for n in (2, 3, 4)]
    return ChoiceEntry(app, "Seat Wars", "How many players?", choices, _players_chosen)


def _players_chosen(app, n):
    choices = [("P%d" % (i + 1), i, None) for i in range(n)]
    choices.append(("Random", "random", None))
    app.replace(ChoiceEntry(app, "Seat Wars", "Who starts? (play goes clockwise)", choices,
                            lambda app, start: app.new_game(GAME_ID, {"players": n,
                                                                      "start": start})))


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
