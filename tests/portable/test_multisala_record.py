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
