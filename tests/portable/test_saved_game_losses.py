# A damaged saved game on littlefs costs as few acknowledged actions as its
# copies allow, and the notice says how many and where the game resumes
# (PL-23, PL-17; usher.core.gamefile). The littlefs way is forced on any
# folder (storage.FORCE); the real littlefs with power cuts inside its
# programs and erases is test_core_gamefile's.
import mptest
from test_core_gamefile import _app, _forced, _notices, _play_bot, _raw

from usher.core import gamefile


def _flip_digit(path):
    """One digit of the file changed (the seal then fails), as a worn or
    disturbed flash cell would."""
    raw = bytearray(_raw(path))
    for i in range(len(raw) // 2, len(raw)):
        if 0x30 <= raw[i] <= 0x38:
            raw[i] += 1
            break
    else:
        raise AssertionError("no digit in " + path)
    with open(path, "wb") as f:
        f.write(raw)


def _after_folds(gid, seed, folds, more):
    """A folder whose running game has folded its tail at least folds times
    and then taken more actions (a tail of them on flash)."""
    d = mptest.tmpdir()
    app = _app(d)
    app.start()
    extra = -1
    for _a in _play_bot(app, gid, seed, 400):
        if app.game_file.folds > folds and extra < 0:
            extra = 0
        if extra >= 0:
            if extra == more:
                return d, app
            extra += 1
    raise AssertionError("the game ended before %d folds" % folds)


def _where(app):
    return app.progress()


def test_pl23_a_damaged_newest_base_loses_nothing_its_backup_and_tails_hold():
    def body():
        for gid, seed, folds in (("seatwars", 7, 2), ("theatre", 3, 2), ("multisala", 5, 1),
                                 ("takeaseat", 5, 1)):
            d, app = _after_folds(gid, seed, folds, 3)
            _flip_digit(d + "/game.json")
            other = _app(d)
            other.start()
            assert other.record == app.record, gid
            text = _notices(other)
            assert "game.json" in text and "nothing was lost" in text, text
            assert "may be missing" not in text, text
    _forced(body)


def test_pl23_a_damaged_base_without_the_kept_tail_says_how_many_actions_and_where():
    # A board that saved with the previous firmware has no game.tail.bak:
    # the backup alone is used, and the count comes from the newest tail,
    # which says how many actions the damaged base had.
    def body():
        d, app = _after_folds("theatre", 11, 2, 3)
        import os
        os.remove(d + "/game.tail.bak")
        _flip_digit(d + "/game.json")
        other = _app(d)
        other.start()
        lost = len(app.record["actions"]) - len(other.record["actions"])
        assert lost > 3 and other.record["actions"] == app.record["actions"][:len(other.record["actions"])]
        text = _notices(other)
        assert ("resumes %d actions earlier, at %s" % (lost, _where(other))) in text, text
        assert "may be missing" not in text, text
    _forced(body)


def test_pl23_a_damaged_tail_says_how_many_newest_actions_it_cost():
    def body():
        for more in (1, 4):
            d, app = _after_folds("seatwars", 21, 1, more)
            _flip_digit(d + "/game.tail")
            other = _app(d)
            other.start()
            lost = len(app.record["actions"]) - len(other.record["actions"])
            assert lost == more + 1, (lost, more)   # the fold's own press starts the tail
            text = _notices(other)
            actions = "%d action%s" % (lost, "" if lost == 1 else "s")
            want = "resumes %s earlier, at %s" % (actions, _where(other))
            assert want in text, text
            assert "game.tail" in text and "may be missing" not in text, text
    _forced(body)


def test_pl23_a_tail_too_damaged_to_count_says_so_instead_of_a_number():
    def body():
        d, app = _after_folds("seatwars", 21, 1, 2)
        with open(d + "/game.tail", "wb") as f:
            f.write(b'{"base":"00')          # torn beyond parsing
        other = _app(d)
        other.start()
        text = _notices(other)
        assert "how many cannot be read" in text and "game.tail" in text, text
    _forced(body)


def test_pl23_a_fold_keeps_the_folded_tail_beside_the_backup_and_a_new_game_drops_it():
    def body():
        d, app = _after_folds("seatwars", 9, 1, 2)
        bak = gamefile.unpacked(gamefile.storage.decode_bytes(_raw(d + "/game.json.bak")))
        kept = gamefile.read_tail(d + "/game.tail.bak")
        assert kept["n"] == len(bak["actions"])
        base = gamefile.read_base(d + "/game.json")[0]
        # the new base is exactly the backup and the kept tail
        n = len(bak["actions"]) + len(gamefile.unpacked(kept, gamefile.tables(
            gamefile.storage.decode_bytes(_raw(d + "/game.json.bak"))))["actions"])
        assert len(base["actions"]) == n and base["actions"] == app.record["actions"][:n]
        app.abandon_game()
        assert not gamefile.storage.exists(d + "/game.tail.bak")
    _forced(body)


def test_pl23_the_host_tools_read_a_damaged_base_as_the_device_does():
    # `usher logs` reads the board's files as bytes (gamefile.merge_bytes)
    def body():
        d, app = _after_folds("seatwars", 7, 2, 3)
        _flip_digit(d + "/game.json")
        files = [_raw(d + n) for n in ("/game.json", "/game.tail", "/game.json.bak", "/game.tail.bak")]
        assert gamefile.merge_bytes(*files) == app.record
        assert len(gamefile.merge_bytes(*files[:3])["actions"]) < len(app.record["actions"])
    _forced(body)
