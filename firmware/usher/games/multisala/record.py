# The solo record's file (MS-10): kept in flash through usher.core.storage,
# so it survives new games and power cycles. The caller gives the path.
from usher.core import storage
from usher.games.multisala import records


def load(path):
    """The saved record dict ({} when none was ever saved)."""
    obj, _source = storage.load(path, {})
    return obj if type(obj) is dict else {}


def save(path, record):
    storage.save(path, record)


def finish_game(path, final_state):
    """Update the saved record with a finished game: returns (record,
    beaten); writes the file only when the record was beaten."""
    rec, beaten = records.update(load(path), final_state)
    if beaten:
        save(path, rec)
    return rec, beaten
