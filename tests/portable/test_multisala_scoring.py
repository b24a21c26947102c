# Pulisci il Multisala round scoring, worked by hand from the rules
# (MS-6, MS-7, MS-8, MS-11). Spectators are [emotion, switch ON?]; masks are
# [D6 face, Morra sign].
from usher.games.multisala.scoring import score_hall, score_round

ON = True
OFF = False


def test_ms6_bilico_mask_cleans_3():
    b = score_hall(0, [["b", "s"], ["4", "c"]], [])
    assert b["cleaning"] == 7 and b["result"] == 7


def test_ms6_hall_with_only_same_emotion_spectators_has_no_disorder():
    b = score_hall(2, [["4", "s"], ["2", "c"]], [[2, OFF], [2, ON], [2, OFF]])
    assert b["spectators"] == [0, 0, 0] and b["disorder"] == 0 and b["result"] == 6


def test_ms6_other_emotions_on_1_off_2():
    b = score_hall(1, [["5", "f"]], [[1, OFF], [2, ON], [3, OFF]])
    assert b["spectators"] == [0, 1, 2] and b["disorder"] == 3 and b["result"] == 2


def test_ms6_negative_hall_result_is_a_loss():
    b = score_hall(0, [["1", "s"]], [[2, OFF], [3, OFF], [4, ON], [2, OFF]])
    assert b["disorder"] == 7 and b["result"] == -6
    r = score_round([{"emotion": 0, "owner": 1, "masks": [["1", "s"]],
                      "spectators": [[2, OFF], [3, OFF], [4, ON], [2, OFF]]}],
                    [[], []], 2)
    assert r["delta"] == [0, -6]


def _round_halls():
    return [
        # P1 (index 0): cleaning 6, one same-emotion spectator -> +6
        {"emotion": 0, "owner": 0, "masks": [["6", "s"]], "spectators": [[0, ON]]},
        # P2: cleaning 2 + bilico 3 = 5, disorder 2 + 2 + 0 = 4 -> +1
        {"emotion": 1, "owner": 1, "masks": [["2", "c"], ["b", "f"]],
         "spectators": [[2, OFF], [3, OFF], [1, ON]]},
        # nobody: disorder 2 + 0 + 1 = 3 charged to all
        {"emotion": 2, "owner": None, "masks": [], "spectators": [[0, OFF], [2, OFF], [1, ON]]},
        # nobody, same emotion only: 0
        {"emotion": 3, "owner": None, "masks": [], "spectators": [[3, ON]]},
        # P3: cleaning 1, disorder 2 + 2 + 2 + 1 = 7 -> -6
        {"emotion": 4, "owner": 2, "masks": [["1", "s"]],
         "spectators": [[0, OFF], [1, OFF], [2, OFF], [5, ON]]},
    ]


def test_ms7_unmasked_hall_disorder_charged_to_every_player():
    r = score_round(_round_halls(), [[], [], []], 3)
    assert r["halls"][2]["owner"] is None and r["halls"][2]["disorder"] == 3
    assert r["halls"][3]["disorder"] == 0
    assert r["delta"] == [6 - 3, 1 - 3, -6 - 3]


def test_ms8_unplayed_masks_charged():
    # P1 keeps a 3 and a bilico (3 + 3), P2 nothing, P3 a 2 and a 4
    r = score_round(_round_halls(), [["3", "b"], [], ["2", "4"]], 3)
    assert r["unplayed"] == [6, 0, 6]
    assert r["delta"] == [6 - 3 - 6, 1 - 3, -6 - 3 - 6]


def test_ms11_variant_off_ignores_morra():
    b = score_hall(0, [["4", "s"]], [[1, OFF], [2, OFF], [3, OFF], [1, ON]])
    assert b["personalities"] == [] and b["disorder"] == 7 and b["result"] == -3


def test_ms11_carta_same_emotion_spectators_give_3_each_no_stacking():
    specs = [[0, OFF], [0, ON], [1, OFF]]
    b = score_hall(0, [["3", "c"]], specs, True)
    assert b["carta"] == 6 and b["disorder"] == 2 and b["result"] == 3 + 6 - 2
    two = score_hall(0, [["3", "c"], ["2", "c"]], specs, True)
    assert two["carta"] == 6 and two["result"] == 5 + 6 - 2


def test_ms11_sasso_only_one_off_spectator_counts_2():
    b = score_hall(0, [["4", "s"]], [[1, OFF], [2, OFF], [3, OFF], [1, ON]], True)
    assert sorted(b["spectators"]) == [1, 1, 1, 2] and b["disorder"] == 5 and b["result"] == -1


def test_ms11_forbice_caps_each_emotion_group_at_2():
    # group of emotion 1: 2 + 2 + 1 = 5 -> 2; emotion 2 alone: 2
    b = score_hall(0, [["4", "f"]], [[1, OFF], [1, OFF], [1, ON], [2, OFF]], True)
    assert b["forbice"] == 3 and b["disorder"] == 4 and b["result"] == 0


def test_ms11_forbice_leaves_the_halls_own_emotion_alone_and_carta_adds():
    b = score_hall(0, [["2", "f"], ["1", "c"]], [[0, OFF], [0, ON], [1, OFF], [1, OFF]], True)
    assert b["personalities"] == ["c", "f"]
    assert b["carta"] == 6 and b["forbice"] == 2 and b["disorder"] == 2 and b["result"] == 3 + 6 - 2


def test_ms11_sasso_and_forbice_together_sasso_first():
    """Three OFF spectators, two of emotion 1, one of emotion 2. Sasso first:
    one of them stays 2, the others 1; then forbice caps each group at 2.
    Keeping the 2 inside the emotion-1 group: (2 + 1 -> 2) + 1 = 3; keeping
    it on the lone one would give 2 + 2 = 4: the owner gets the 3."""
    b = score_hall(0, [["5", "s"], ["1", "f"]], [[1, OFF], [1, OFF], [2, OFF]], True)
    assert b["personalities"] == ["s", "f"]
    assert b["spectators"] == [2, 1, 1] and b["forbice"] == 1 and b["disorder"] == 3
    assert b["result"] == 6 - 3
    # dealt in another order, same result: the lone emotion-2 spectator
    # (dealt first) drops to 1
    b = score_hall(0, [["5", "s"], ["1", "f"]], [[2, OFF], [1, OFF], [1, OFF]], True)
    assert b["spectators"] == [1, 2, 1] and b["disorder"] == 3


def test_ms11_no_personality_on_an_unmasked_hall():
    r = score_round([{"emotion": 0, "owner": None, "masks": [], "spectators": [[1, OFF], [1, OFF]]}],
                    [[]], 1, True)
    assert r["halls"][0]["disorder"] == 4 and r["delta"] == [-4]
