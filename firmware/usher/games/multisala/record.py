# The solo record's file (MS-10): kept in flash through usher.core.storage,
# so it survives new games and power cycles. The caller gives the path.
# PL-23: a record beaten is saved with the file before it kept as
# NAME.bak on every filesystem, littlefs included, so one damaged copy
# gives back the record before the last one beaten, never an empty one; the
# mark of which game set it (set_by, saved after) is written in place.
from usher.core import storage
from usher.games.multisala import records


def _words(rec):
    """"31, variant none": a record's scores as a notice says them."""
    base, var = records.best(rec, False), records.best(rec, True)
    return "%s, variant %s" % ("none" if base is None else base, "none" if var is None else var)


def load_checked(path):
    """(record dict, problem, detail). The record is {} when none was ever
    saved. A copy that does not parse or is not a record (records.check) is
    set aside: the backup is used, or when neither copy can be used a fresh
    record is started (and saved, so the next load is clean). problem then
    names the file and says what was done and what the record now is,
    detail says what was wrong (PL-11, PL-23); otherwise both are None."""
    name = path.split("/")[-1]
    try:
        rec, source, problems = storage.load_checked(path, records.check, {})
    except storage.StorageError as e:
        save(path, {})
        return {}, name + " was damaged: a new record was started", str(e)
    if source == "backup":
        if storage.exists(path):
            # set aside first: on FAT a save keeps the file before it as
            # NAME.bak, which would put the damaged copy over the good one
            storage.set_aside(path)
        save(path, rec)     # the good copy becomes the file again
        if storage.atomic(storage.folder_of(path)):
            # littlefs: NAME.bak is written only when a record is beaten
            what = "the record before the last one beaten is used: %s" % _words(rec)
        else:
            what = "the previous copy is used (record %s)" % _words(rec)
        return rec, "%s was damaged: %s" % (name, what), "; ".join(problems)
    return rec, None, None


def load(path):
    """The saved record dict ({} when none was ever saved; never raises for
    a damaged file, see load_checked)."""
    return load_checked(path)[0]


def save(path, record, keep=False):
    """keep: the file before it stays as path + '.bak' on littlefs too (a
    record beaten, PL-23: storage.keep_copy); elsewhere every save keeps
    it."""
    if keep:
        storage.keep_copy(path)
    storage.save(path, record)


def finish_game(path, final_state, rec=None):
    """Update the saved record with a finished game: returns (record,
    beaten); writes the file only when the record was beaten, keeping the
    record before it (PL-23). rec: the record as load_checked just gave it
    (a caller that names its problem), else it is loaded here."""
    rec, beaten = records.update(load(path) if rec is None else rec, final_state)
    if beaten:
        save(path, rec, keep=True)
    return rec, beaten
