# Whole bot games pinned (bench/mutate.py's gaps): the bots' decisions and the engines'
# outcomes for fixed seeds, with three and four players where the game allows
# them. Batch simulation (sim.batch) and the cross-runtime determinism check
# rely on a seed always playing the same game; a change to a bot, an engine
# rule or the PRNG shows here as a different action stream, outcome or
# summary. The pins were taken from the engines as they are; a deliberate
# rule change updates them together with its own tests.
from usher import games
from usher.core import game, rng


def _fnv(h, text):
    for ch in text.encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    return h


def outcome(gid, s):
    if gid == "takeaseat":
        r = s["result"]
        if s["mode"] == "solo":
            return [r["player"]["total"], r["automa"]["total"], r["winner"]]
        return [r["totals"], r["winners"]]
    if gid == "theatre":
        return [s["act"], s["winners"], s["stats"]["rounds"]]
    if gid == "multisala":
        return [s["totals"], s["round"]]
    return [[p["total"] for p in s["players"]], s["winners"], s["round"]]


def play(gid, options, seed):
    """(actions, hash of the action stream, outcome, hash of the bot's
    summary) of one bot game."""
    eng = games.engine(gid)
    bot = games.bot(gid)
    s = eng.new_game(options, seed)
    st = rng.new_state(seed + 1000)
    h = 2166136261
    n = 0
    while n < 4000:
        a = bot.next_action(s, st)
        if a is None:
            break
        s = eng.apply(s, a)
        h = _fnv(h, game.canonical_json(a))
        n += 1
    assert bot.next_action(s, st) is None
    return n, h, outcome(gid, s), _fnv(2166136261, game.canonical_json(bot.summary(s)))


CASES = [
    # (game, options, seed, actions, action hash, outcome, summary hash)
    ('takeaseat', {}, 5, 29, 292907938, [46, 140, 'automa'], 1900509201),
    ('takeaseat', {}, 11, 29, 4203554160, [57, 116, 'automa'], 144134083),
    ('takeaseat', {'mode': 'multi', 'players': 3}, 5, 17, 1875276669, [[93, 70, 60], [0]], 2926520269),
    ('takeaseat', {'mode': 'multi', 'players': 4}, 11, 18, 3673573631, [[52, 75, 49, 51], [1]], 746336865),
    ('theatre', {'players': 3}, 5, 84, 3358100240, [6, [0], 25], 1522810582),
    ('theatre', {'players': 3}, 11, 89, 2603381767, [6, [2], 25], 3376043530),
    ('theatre', {'players': 4}, 5, 98, 2131557252, [5, [1], 20], 3605482600),
    ('theatre', {'players': 2}, 11, 47, 1354936184, [5, [1], 20], 1374648737),
    ('multisala', {'players': 1}, 5, 30, 2525598041, [[-19], 5], 1155746385),
    ('multisala', {'players': 1, 'variant': True}, 9, 30, 170882155, [[4], 5], 2835801306),
    ('multisala', {'players': 1, 'variant': True}, 13, 30, 775622914, [[-16], 5], 1157570766),
    ('multisala', {'players': 1, 'mode': 'physical'}, 11, 112, 1900840783, [[-44], 5], 3138905046),
    ('multisala', {'players': 3, 'variant': True}, 5, 83, 2054618119, [[-4, -3, 10], 6], 1539034157),
    ('multisala', {'players': 4}, 11, 143, 1726358679, [[27, 23, 26, 31], 8], 3674691975),
    ('multisala', {'players': 3, 'mode': 'physical', 'variant': True}, 7, 177, 2435974973,
     [[34, 23, -42], 6], 3974206270),
    ('seatwars', {'players': 3}, 2, 79, 4277566943, [[33, 26, 15], [0], 11], 592442823),  # a Destination
    ('seatwars', {'players': 3}, 5, 71, 1336292283, [[31, 11, 17], [0], 10], 2489457075),
    ('seatwars', {'players': 3}, 11, 78, 4067838770, [[34, 15, 28], [0], 11], 2884779483),
    ('seatwars', {'players': 4}, 5, 90, 494996009, [[18, 16, 27, 13], [2], 8], 3908410021),
    ('seatwars', {'players': 2}, 11, 112, 1324486300, [[61, 67], [1], 21], 2810564258),
]


def _check(gid):
    for case in CASES:
        if case[0] == gid:
            got = play(case[0], case[1], case[2])
            assert got == tuple(case[3:]), (case[:3], got)


def test_takeaseat_bot_games_pinned():
    _check("takeaseat")


def test_theatre_bot_games_pinned():
    _check("theatre")


def test_multisala_bot_games_pinned():
    _check("multisala")


def test_seatwars_bot_games_pinned():
    _check("seatwars")
