# Scoring rules: TS-13 objective ids, TS-14 selection modes, TS-15 points
# (every boundary), TS-16 slot A doubled, TS-17 ticket circles, TS-18 the
# track, TS-19 totals, TS-20 multiplayer tie-breaks, TS-21 the Automa's x4.
from usher.games.takeaseat import engine
from usher.games.takeaseat import scoring as sc
from tk_fixtures import M
from mptest import raises

LADDER = ("audience_authorities", "audience_celebrities", "audience_press", "audience_public",
          "vip_fans", "pillar_visibility", "aisle_seats")


def test_ts13_fourteen_objective_ids_in_three_categories():
    assert len(sc.CATEGORY_1) == 6 and len(sc.CATEGORY_2) == 4 and len(sc.CATEGORY_3) == 4
    assert len(set(sc.OBJECTIVES)) == 14
    assert "columns" in sc.CATEGORY_1 and "pillars_area" in sc.CATEGORY_2 and "empty_areas" in sc.CATEGORY_3


def test_ts14_first_mode_four_from_category_1():
    for seed in range(15):
        objs = engine.new_game({"objectives": "first"}, seed)["objectives"]
        assert len(set(objs)) == 4 and not [o for o in objs if o not in sc.CATEGORY_1]


def test_ts14_standard_mode_two_one_one_shuffled_into_slots():
    slots_of_cat2 = set()
    for seed in range(30):
        objs = engine.new_game({"objectives": "standard"}, seed)["objectives"]
        assert len([o for o in objs if o in sc.CATEGORY_1]) == 2
        assert len([o for o in objs if o in sc.CATEGORY_2]) == 1
        assert len([o for o in objs if o in sc.CATEGORY_3]) == 1
        slots_of_cat2.add([i for i in range(4) if objs[i] in sc.CATEGORY_2][0])
    assert len(slots_of_cat2) >= 3  # shuffled into A-D, not always the same slot


def test_ts14_any_mode_and_entered_mode():
    seen = set()
    for seed in range(30):
        objs = engine.new_game({"objectives": "any"}, seed)["objectives"]
        assert len(set(objs)) == 4
        for o in objs:
            assert o in sc.OBJECTIVES
            seen.add(o)
    assert [o for o in seen if o in sc.CATEGORY_3]
    ids = ["empty_areas", "rows", "vip_fans", "columns"]
    assert engine.new_game({"objectives": "entered", "objective_ids": ids}, 1)["objectives"] == ids


def test_ts15_empty_slot_ladder_boundaries():
    expect = {0: 15, 1: 9, 5: 9, 6: 4, 10: 4, 11: 0, 40: 0}
    for obj in LADDER:
        for count in sorted(expect):
            assert sc.objective_points(obj, count) == expect[count], (obj, count)


def test_ts15_counting_objectives():
    assert sc.objective_points("columns", 0) == 0
    assert sc.objective_points("columns", 3) == 12
    assert sc.objective_points("rows", 3) == 9
    assert sc.objective_points("relevant_people", 2) == 4
    assert [sc.objective_points("pillars_area", n) for n in range(8)] == [0, 1, 3, 6, 10, 15, 15, 15]
    assert sc.objective_points("largest_square", 3) == 6
    assert sc.objective_points("lowest_occupancy", 7) == 7
    assert sc.objective_points("empty_areas", 5) == 5


def test_ts15_negative_count_and_unknown_id_refused():
    raises(ValueError, sc.objective_points, "rows", -1)
    raises(ValueError, sc.objective_points, "rows", "3")
    raises(ValueError, sc.objective_points, "balcony", 3)


def test_ts16_slot_a_doubles():
    pts, total = sc.objectives_score(["rows", "columns", "largest_square", "empty_areas"], [2, 1, 3, 4])
    assert pts == [6, 4, 6, 4]
    assert total == 6 * 2 + 4 + 6 + 4


def test_ts17_ticket_circles():
    assert sc.ticket_circles(3, 1) == (2, 0)
    assert sc.ticket_circles(1, 3) == (0, 2)
    assert sc.ticket_circles(2, 2) == (1, 1)
    assert sc.ticket_circles(0, 0) == (0, 0)  # 0-0 gives no circle


def test_ts17_solo_circles_from_scratches():
    P, A = 0, 1
    right = [M(m) for m in ([[0, 0, P], [0, 2, P], [1, 1, A]], [[0, 0, A]], [],
                                      [[0, 0, P], [1, 1, A]])]
    left = [M(m) for m in ([[0, 0, P], [0, 2, A]], [], [], [])]
    player, automa = sc.solo_circles([right, left])
    # authorities: 2-1 (2 for player) and 1-1 (1 each); celebrities 0-1;
    # press 0-0 twice; public 1-1.
    assert player == [3, 0, 0, 1]
    assert automa == [1, 2, 0, 1]


def test_ts18_majority_track():
    assert sc.MAJORITY_TRACK == (0, 2, 5, 10, 20)
    assert sc.majority_points([4, 3, 1, 0]) == 32  # the rulebook's 20 + 10 + 2
    assert sc.majority_points([2, 0, 0, 0]) == 5
    assert sc.majority_points([0, 0, 0, 0]) == 0


def test_ts19_total_and_ts22_outcomes_to_circles():
    outcomes = ["more", "equal", "none", "fewer", "more", "more", "equal", "none"]
    circles = sc.circles_from_outcomes(outcomes)
    assert circles == [4, 3, 1, 0]
    assert sc.total_score(26, sc.majority_points(circles), 5) == 26 + 32 + 5
    raises(ValueError, sc.outcome_circles, "lots")


def test_ts20_multiplayer_tie_breaks():
    assert sc.multiplayer_winners([60, 50, 40], [0, 9, 9]) == [0]
    assert sc.multiplayer_winners([50, 50, 40], [3, 5, 9]) == [1]  # most usher bonus
    assert sc.multiplayer_winners([50, 50, 50], [4, 4, 2]) == [0, 1]  # shared victory


def test_ts21_automa_x4_and_strict_win():
    assert sc.AUTOMA_MULTIPLIER == 4
    assert sc.solo_winner(29, 28) == "player"
    assert sc.solo_winner(28, 28) == "automa"
    assert sc.solo_winner(10, 28) == "automa"
