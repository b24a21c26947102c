# Replays run the engines' handlers on a state of their own (game.apply_owned,
# no copy per action: docs/performance.md): the state after every action is
# the one apply's copies give, and the record is never changed through the
# replayed state.
import share_sessions
from mptest import tmpdir

from usher import games
from usher.core import game


def _scrub(obj):
    """Empty every list and dict inside obj (what a later handler could do
    to a list the state shared with the record)."""
    if type(obj) is dict:
        for k in list(obj):
            _scrub(obj[k])
        obj.clear()
    elif type(obj) is list:
        for v in obj:
            _scrub(v)
        del obj[:]


def test_replay_equals_the_fold_of_apply_after_every_action_of_every_game():
    for i, (gid, options, n) in enumerate(share_sessions.SETUPS):
        app, _buf = share_sessions.finished(tmpdir(), gid, options, n, 500 + i, date=None)
        rec = app.record
        eng = games.engine(gid)
        assert getattr(eng, "HANDLERS", None), gid      # the in-place path is the one tested
        before = game.canonical_json(rec)
        state = eng.new_game(rec["options"], rec["seed"])
        assert len(rec["actions"]) > 5, (gid, len(rec["actions"]))
        for k in range(len(rec["actions"]) + 1):
            if k:
                state = eng.apply(state, rec["actions"][k - 1])
            assert game.canonical_json(game.replay(eng, rec, k)) == game.canonical_json(state), (gid, k)
        assert game.canonical_json(state) == game.canonical_json(app.state), gid
        _scrub(game.replay(eng, rec))
        assert game.canonical_json(rec) == before, gid


class Keeper:
    """An engine whose handler keeps the action's own list in the state and
    a later one changes it."""
    GAME_ID = "keeper"

    @staticmethod
    def new_game(options, seed):
        return {"kept": None}

    @staticmethod
    def apply(state, action):
        return game.apply_with(state, action, HANDLERS)


def _keep(s, a):
    s["kept"] = a["items"]


def _grow(s, a):
    s["kept"].append(a["n"])


HANDLERS = {"keep": _keep, "grow": _grow}
Keeper.HANDLERS = HANDLERS


def test_replay_never_changes_the_records_actions():
    rec = {"game": "keeper", "options": {}, "seed": 1,
           "actions": [{"type": "keep", "items": [1]}, {"type": "grow", "n": 2}]}
    state = game.replay(Keeper, rec)
    assert state == {"kept": [1, 2]}
    assert rec["actions"][0]["items"] == [1]


def test_apply_owned_changes_the_state_it_is_given_apply_does_not():
    s = Keeper.new_game({}, 1)
    t = Keeper.apply(s, {"type": "keep", "items": []})
    assert s == {"kept": None} and t == {"kept": []}
    u = game.apply_owned(Keeper, t, {"type": "grow", "n": 3})
    assert u is t and t == {"kept": [3]}
    try:
        game.apply_owned(Keeper, t, {"type": "nope"})
    except game.GameError as e:
        assert "Unknown action" in e.message
    else:
        raise AssertionError("an unknown action was applied")
