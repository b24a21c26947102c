# The solo record's file (MS-10): kept in flash through usher.core.storage,
# so it survives new games and power cycles. The caller gives the path.
from usher.core import storage
from usher.games.multisala import records


def load_checked(path):
    """(record dict, problem, detail). The record is {} when none was ever
    saved. A copy that does not parse or is not a record (records.check) is
    set aside: the backup is used, or when neither copy can be used a fresh
    record is started (and saved, so the next load is clean). problem then
    names the file and says what was done, detail says what was wrong
    (PL-11); otherwise both are None."""
    name = path.split("/")[-1]
    try:
        rec, source, problems = storage.load_checked(path, records.check, {})
    except storage.StorageError as e:
        save(path, {})
        return {}, name + " was damaged: a new record was started", str(e)
    if source == "backup":
        save(path, rec)     # the good copy becomes the file again
        return rec, name + " was damaged: the previous copy is used", "; ".join(problems)
    return rec, None, None


def load(path):
    """The saved record dict ({} when none was ever saved; never raises for
    a damaged file, see load_checked)."""
    return load_checked(path)[0]


def save(path, record):
    storage.save(path, record)


def finish_game(path, final_state):
    """Update the saved record with a finished game: returns (record,
    beaten); writes the file only when the record was beaten."""
    rec, beaten = records.update(load(path), final_state)
    if beaten:
        save(path, rec)
    return rec, beaten
