# Registry of game engines. Engines are imported on demand so the device only
# loads the one being played (RAM is the scarce resource on the RP2040).
#
# Each game is a package usher.games.<id> with:
#   engine.py  GAME_ID, new_game(options, seed), apply(state, action)
#   bot.py     next_action(state, rng_state) -> a legal action or None when the
#              game is over; a simple player used by batch simulation and by
#              the cross-runtime determinism test
GAMES = (
    # (id, title)
    ("takeaseat", "Take a Seat"),
    ("theatre", "The Theatre"),
    ("multisala", "Pulisci il Multisala"),
    ("seatwars", "Seat Wars"),
)


def ids():
    return [g[0] for g in GAMES]


def title(game_id):
    for gid, name in GAMES:
        if gid == game_id:
            return name
    raise KeyError(game_id)


def _load(game_id, part):
    if game_id not in ids():
        raise KeyError("unknown game: %s" % game_id)
    mod = __import__("usher.games.%s.%s" % (game_id, part))
    return getattr(getattr(mod.games, game_id), part)


def engine(game_id):
    return _load(game_id, "engine")


def bot(game_id):
    return _load(game_id, "bot")

