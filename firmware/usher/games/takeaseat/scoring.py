# Scoring of Take a Seat: objectives (TS-13..TS-16), majorities (TS-17,
# TS-18), totals and winners (TS-19..TS-21). Pure functions; the engine and
# the UI both call them.
from usher.games.takeaseat import tickets as tk

# TS-13: stable objective ids by category.
CATEGORY_1 = ("audience_authorities", "audience_celebrities", "audience_press", "audience_public",
              "columns", "rows")
CATEGORY_2 = ("vip_fans", "pillar_visibility", "relevant_people", "pillars_area")
CATEGORY_3 = ("aisle_seats", "largest_square", "lowest_occupancy", "empty_areas")
OBJECTIVES = CATEGORY_1 + CATEGORY_2 + CATEGORY_3
SLOTS = ("A", "B", "C", "D")

# TS-15: objectives scored by the "empty slots" ladder.
EMPTY_SLOT_LADDER = ("audience_authorities", "audience_celebrities", "audience_press",
                     "audience_public", "vip_fans", "pillar_visibility", "aisle_seats")
PILLARS_AREA_POINTS = (0, 1, 3, 6, 10, 15)  # completed pillars 0..5+

# TS-18: majority track by circles 0..4 (the value for 2 circles is assumed).
MAJORITY_TRACK = (0, 2, 5, 10, 20)
# TS-21: the Automa's majority points are multiplied by this.
AUTOMA_MULTIPLIER = 4

# TS-22: outcomes a multiplayer player enters per ticket.
OUTCOMES = ("more", "equal", "fewer", "none")


def objective_points(objective, count):
    """TS-15: points for the count read off the sheet. ValueError for an
    unknown objective or a negative count."""
    if type(count) is not int or count < 0:
        raise ValueError("count must be 0 or more")
    if objective in EMPTY_SLOT_LADDER:
        if count == 0:
            return 15
        if count <= 5:
            return 9
        if count <= 10:
            return 4
        return 0
    if objective == "columns":
        return 4 * count
    if objective == "rows":
        return 3 * count
    if objective == "relevant_people":
        return 2 * count
    if objective == "pillars_area":
        return PILLARS_AREA_POINTS[min(count, len(PILLARS_AREA_POINTS) - 1)]
    if objective == "largest_square":
        return 2 * count
    if objective in ("lowest_occupancy", "empty_areas"):
        return count
    raise ValueError("unknown objective %s" % objective)


def objectives_score(objectives, counts):
    """TS-16: (points per slot, total) with slot A doubled."""
    pts = [objective_points(objectives[i], counts[i]) for i in range(len(objectives))]
    total = 0
    for i in range(len(pts)):
        total += pts[i] * (2 if i == 0 else 1)
    return pts, total


def ticket_circles(mine, theirs):
    """TS-17: (my circles, their circles) for one ticket's scratch counts."""
    if mine > theirs:
        return 2, 0
    if theirs > mine:
        return 0, 2
    if mine > 0:
        return 1, 1
    return 0, 0


def outcome_circles(outcome):
    """TS-17/TS-22: circles for an entered multiplayer outcome."""
    if outcome == "more":
        return 2
    if outcome == "equal":
        return 1
    if outcome in ("fewer", "none"):
        return 0
    raise ValueError("unknown outcome %s" % outcome)


def majority_points(circles):
    """TS-18: points for circles per area (list of 4 counts 0..4)."""
    total = 0
    for c in circles:
        total += MAJORITY_TRACK[min(c, len(MAJORITY_TRACK) - 1)]
    return total


def solo_circles(scratches):
    """TS-17/TS-22: circles per area for (player, automa) from tracked
    scratches: scratches[panel][area] is a list of marks (tickets.mark)."""
    player = [0] * len(tk.AREAS)
    automa = [0] * len(tk.AREAS)
    for panel in scratches:
        for a in range(len(tk.AREAS)):
            mine = 0
            theirs = 0
            for m in panel[a]:
                if tk.marked_by(m) == tk.PLAYER:
                    mine += 1
                else:
                    theirs += 1
            p, q = ticket_circles(mine, theirs)
            player[a] += p
            automa[a] += q
    return player, automa


def circles_from_outcomes(outcomes):
    """TS-22: circles per area from 8 outcomes (right panel's tickets in TS-1
    order, then the left panel's)."""
    n = len(tk.AREAS)
    circles = [0] * n
    for i in range(len(outcomes)):
        circles[i % n] += outcome_circles(outcomes[i])
    return circles


def total_score(objective_total, majority, usher_bonus):
    """TS-19."""
    return objective_total + majority + usher_bonus


def multiplayer_winners(totals, bonuses):
    """TS-20: indexes of the winners: highest total, then most usher bonus;
    several when still tied (shared victory)."""
    best = max(totals)
    tied = [i for i in range(len(totals)) if totals[i] == best]
    top_bonus = max([bonuses[i] for i in tied])
    return [i for i in tied if bonuses[i] == top_bonus]


def solo_winner(player_total, automa_total):
    """TS-21: the player wins only with a strictly higher score."""
    return "player" if player_total > automa_total else "automa"
