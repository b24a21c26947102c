# The solo record (MS-10): kept only when beaten, and kept in a file through
# usher.core.storage so it survives new games and power cycles.
from usher.games.multisala import record, records
from mptest import tmpdir


def _final(score, players=1, variant=False, phase="over"):
    return {"players": players, "variant": variant, "phase": phase, "totals": [score] * players}


def test_ms10_record_kept_only_when_beaten():
    rec, beaten = records.update({}, _final(-12))
    assert beaten and rec == {"base": -12}
    rec, beaten = records.update(rec, _final(-15))
    assert not beaten and rec == {"base": -12}
    rec, beaten = records.update(rec, _final(-12))
    assert not beaten and rec == {"base": -12}  # a tie does not beat it
    rec, beaten = records.update(rec, _final(3))
    assert beaten and rec == {"base": 3} and records.best(rec) == 3


def test_ms10_only_finished_solo_games_count_and_variant_apart():
    rec, beaten = records.update({"base": 3}, _final(50, players=2))
    assert not beaten and rec == {"base": 3}
    rec, beaten = records.update(rec, _final(50, phase="scored"))
    assert not beaten and rec == {"base": 3}
    rec, beaten = records.update(rec, _final(1, variant=True))
    assert beaten and rec == {"base": 3, "variant": 1}
    assert records.best(rec, True) == 1 and records.best({}, False) is None


def test_ms10_record_survives_save_and_load():
    folder = tmpdir()
    path = folder + "/multisala_record.json"
    assert record.load(path) == {}
    rec, beaten = record.finish_game(path, _final(7))
    assert beaten
    # a new session (power cycle): nothing in memory, read the flash again
    assert record.load(path) == {"base": 7}
    rec, beaten = record.finish_game(path, _final(2))
    assert not beaten and record.load(path) == {"base": 7}
    rec, beaten = record.finish_game(path, _final(9))
    assert beaten and record.load(path) == {"base": 9}


def test_ms10_pl11_check_takes_scores_and_a_seed_and_nothing_else():
    """A record read back from flash (MS-10, PL-11): scores of -9999..9999
    per rule set, set_by any seed >= 0 (seeds are 31-bit: larger than any
    score); anything else is refused with the reason."""
    from mptest import raises
    for good in ({}, {"base": 9999}, {"base": -9999, "variant": 0}, {"set_by": 0},
                 {"base": 12, "set_by": 2147483647}):
        assert records.check(good) == good
    for bad, reason in (({"base": 10000}, "base is not a score"),
                        ({"variant": -10000}, "variant is not a score"),
                        ({"set_by": -1}, "set_by is not a seed"), ({"base": "12"}, "base is not a score"),
                        ({"best": 3}, "unknown entry"), ([], "not a record table")):
        e = raises(ValueError, records.check, bad)
        assert str(e) == reason, (bad, str(e))
