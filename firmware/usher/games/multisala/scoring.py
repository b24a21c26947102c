# Pure round scoring of Pulisci il Multisala (MS-6, MS-7, MS-8, MS-11, MS-13).
#
# Inputs are plain values, so the same code scores a virtual-deck round and a
# round whose cards the players typed in:
#   masks       list of [d6_face, morra]        (faces as in cards.py)
#   spectators  list of [emotion_index, on]     (on: True = switch ON)
# The breakdown returned is kept in the game state for the score screen.
from usher.games.multisala import cards

CARTA_BONUS = 3  # MS-11: a same-emotion spectator gives +3 under carta


def _personalities(masks, variant):
    """MS-11: a personality applies when at least one mask shows it; several
    masks of one sign do not stack. Returned in the fixed order s, c, f."""
    if not variant:
        return []
    present = [m[1] for m in masks]
    return [p for p in cards.MORRA if p in present]


def _forbice_cut(hall_emotion, spectators, values):
    """MS-11 forbice: spectators sharing an emotion other than the hall's form
    a group whose disorder is at most 2 in total. Returns the points cut."""
    totals = {}
    for i in range(len(spectators)):
        emo = spectators[i][0]
        if emo != hall_emotion:
            totals[emo] = totals.get(emo, 0) + values[i]
    cut = 0
    for emo in sorted(totals):
        if totals[emo] > 2:
            cut += totals[emo] - 2
    return cut


def _base_values(hall_emotion, spectators):
    """MS-6: a spectator of the hall's emotion makes 0 disorder, any other
    makes 1 when its switch is ON and 2 when OFF."""
    return [0 if s[0] == hall_emotion else (1 if s[1] else 2) for s in spectators]


def score_hall(hall_emotion, masks, spectators, variant=False):
    """Score one hall. Returns a dict:
      cleaning       sum of the masks' D6 (bilico 3)               MS-6
      spectators     each spectator's disorder (after sasso)       MS-6, MS-11
      personalities  signs in force, e.g. ["s", "f"]               MS-11
      carta          bonus from same-emotion spectators (carta)    MS-11
      forbice        disorder removed by forbice's group caps      MS-11
      disorder       total disorder after the caps
      result         cleaning + carta - disorder (for an unmasked hall:
                     -disorder, charged to every player, MS-7)."""
    cleaning = 0
    for m in masks:
        cleaning += cards.d6_value(m[0])
    signs = _personalities(masks, variant)
    values = _base_values(hall_emotion, spectators)
    cut = 0
    if "s" in signs:
        # MS-11 sasso: among the OFF spectators (those that make disorder)
        # only one counts 2, the others 1. MS-13: it is the one that leaves
        # the owner best off once forbice's caps apply (order: sasso's values
        # first, then forbice), the earliest on a tie (strict < below), so
        # the score never depends on the order cards were dealt or entered.
        offs = [i for i in range(len(values)) if values[i] == 2]
        best = None
        for keep in offs:
            trial = values[:]
            for i in offs:
                if i != keep:
                    trial[i] = 1
            total = sum(trial)
            if "f" in signs:
                total -= _forbice_cut(hall_emotion, spectators, trial)
            if best is None or total < best[0]:
                best = (total, trial)
        if best is not None:
            values = best[1]
    if "f" in signs:
        cut = _forbice_cut(hall_emotion, spectators, values)
    bonus = 0
    if "c" in signs:
        for s in spectators:
            if s[0] == hall_emotion:
                bonus += CARTA_BONUS
    disorder = sum(values) - cut
    return {"cleaning": cleaning, "spectators": values, "personalities": signs,
            "carta": bonus, "forbice": cut, "disorder": disorder,
            "result": cleaning + bonus - disorder}


def score_round(halls, unplayed, players, variant=False):
    """Score a round.
    halls     list of dicts {"emotion", "owner" (player or None), "masks",
              "spectators"} as described above
    unplayed  per player, the D6 faces of the masks left in hand
    Returns {"halls": [per-hall breakdown + "owner"], "unplayed": [points
    lost per player], "delta": [round result per player]}."""
    delta = [0] * players
    out_halls = []
    for h in halls:
        owner = h["owner"] if h["masks"] else None
        b = score_hall(h["emotion"], h["masks"] if owner is not None else [], h["spectators"], variant)
        b["owner"] = owner
        if owner is not None:
            delta[owner] += b["result"]  # MS-6: gain, or lose when negative
        else:
            for p in range(players):  # MS-7: unmasked hall charges everybody
                delta[p] -= b["disorder"]
        out_halls.append(b)
    lost = []
    for p in range(players):
        # MS-8: the D6 of every mask still in hand is lost
        pts = 0
        for face in unplayed[p]:
            pts += cards.d6_value(face)
        lost.append(pts)
        delta[p] -= pts
    return {"halls": out_halls, "unplayed": lost, "delta": delta}
