"""The power-cut campaign's reading of a log (sim/rp2/campaign.py), without
the emulator: which actions the screen acknowledged, and when a game the
boot came back without was lost or was ended and kept."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from sim.rp2 import campaign  # noqa: E402

A1 = {"type": "deal"}
A2 = {"type": "pass", "player": 0}
GAME = [{"k": "game", "d": {"game": "multisala", "seed": 5, "options": {}}},
        {"k": "action", "d": A1}, {"k": "action", "d": A2}]
NO_GAME = {"k": "resume", "d": {"game": None, "seed": None, "actions": 0}}


def test_a_boot_that_comes_back_without_the_open_game_lost_it():
    assert campaign.acknowledged(GAME) == [A1, A2]
    assert campaign.acknowledged(GAME + [NO_GAME]) == [A1, A2, campaign.LOST]
    assert not campaign.kept_all(campaign.acknowledged(GAME + [NO_GAME]), None)


def test_a_game_ended_and_kept_in_the_history_is_not_lost():
    # a cut in the "end" line's append: the play is kept, the save forgotten
    assert campaign.acknowledged(GAME + [NO_GAME], kept=[(5, 2)]) is None
    assert campaign.acknowledged(GAME + [NO_GAME], kept=[(5, 3)]) is None    # the one in flight
    # not that game: another seed, or fewer actions than were acknowledged
    assert campaign.acknowledged(GAME + [NO_GAME], kept=[(6, 2)])[-1] is campaign.LOST
    assert campaign.acknowledged(GAME + [NO_GAME], kept=[(5, 1)])[-1] is campaign.LOST
    # a later game is read on its own after it
    later = GAME + [NO_GAME, {"k": "game", "d": {"game": "multisala", "seed": 9, "options": {}}},
                    {"k": "action", "d": A1}]
    assert campaign.acknowledged(later, kept=[(5, 2)]) == [A1]


def test_a_resume_with_fewer_actions_than_acknowledged_is_a_loss():
    resume1 = {"k": "resume", "d": {"game": "multisala", "seed": 5, "actions": 1}}
    assert campaign.acknowledged(GAME + [resume1], kept=[(5, 2)])[-1] is campaign.LOST
    resume3 = {"k": "resume", "d": {"game": "multisala", "seed": 5, "actions": 3}}
    assert campaign.acknowledged(GAME + [resume3]) == [A1, A2, None]
