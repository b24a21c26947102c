"""Bad files for every host command that reads one (PL-11): `usher
replay` (the log or saved game, --saved, --png), `usher data check` and
`usher data upload` (each kind), `usher restore` (a backup with one bad file)
and `usher backup` (a file where its folder should be), and the data checkers
`python -m sim.data_takeaseat|data_multisala|data_theatre`.

Each case runs the command's main() in this process with a bad file in
place of a good one (empty, truncated, random bytes, too big, non-UTF-8,
latin-1, UTF-16, NUL and escape bytes, JSON of the wrong shape, flipped
bits, a missing file, a folder, a name with control characters). A case
passes when the command returns an exit status (no exception escapes: that
would be a traceback), a failure names the file, and nothing from the file
reaches the terminal raw (no NUL, no escape code). run() returns the counts.
"""
import contextlib
import io
import json
import os
import random
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

from sim import data_multisala, data_takeaseat, data_theatre  # noqa: E402
from usher import games  # noqa: E402
from usher.core import game  # noqa: E402
from usher.games.multisala import cards  # noqa: E402
from usher.games.takeaseat import deck, panels  # noqa: E402
from usher_host import cli  # noqa: E402

NO_PORT = "/nonexistent/ttyUSHER"


class Counts:
    FIELDS = ("bad_files", "refused", "accepted", "tracebacks", "unnamed", "raw_control")

    def __init__(self):
        for f in self.FIELDS:
            setattr(self, f, 0)
        self.problems = []

    def line(self):
        return " ".join("%s=%d" % (f, getattr(self, f)) for f in self.FIELDS)


def theatre_deck_text():
    return "".join("Card %d-%d, will, %d\n" % (r, i, r) for r in range(1, 5) for i in range(4))


def sample_log_and_game(seed=5, n=8):
    eng, bot = games.engine("seatwars"), games.bot("seatwars")
    rec, st = game.new_record(eng, {"players": 2}, seed)
    rs = [1, 2]
    start = {"game": "seatwars", "seed": seed, "options": {"players": 2}}
    lines = [{"b": 1, "n": 1, "k": "boot", "d": {}}, {"b": 1, "n": 2, "k": "game", "d": start}]
    for i in range(n):
        a = bot.next_action(st, rs)
        rec, st = game.play(eng, rec, st, a)
        lines.append({"b": 1, "n": 3 + i, "k": "action", "d": a})
    log = "".join(json.dumps(e) + "\n" for e in lines).encode()
    return log, json.dumps(rec).encode()


def variants(raw, full=False, json_file=False):
    """(label, bytes) bad versions of a good file's bytes."""
    rnd = random.Random(len(raw))
    n = len(raw)
    out = [("empty", b""), ("truncated to half", raw[:n // 2]), ("truncated to a quarter", raw[:n // 4]),
           ("random bytes", bytes(rnd.getrandbits(8) for _ in range(2048))),
           ("random bytes, too big", bytes(rnd.getrandbits(8) for _ in range(30000))),
           ("too big", (raw * (30000 // max(1, n) + 1))[:30000]),
           ("one line of 20 KB", b"x" * 20000 + b"\n"),
           ("a 0xFF byte", raw[:n // 2] + b"\xff" + raw[n // 2:]),
           ("latin-1", raw[:n // 2] + "caf\u00e9".encode("latin-1") + raw[n // 2:]),
           ("UTF-16", raw.decode("utf-8").encode("utf-16")),
           ("NUL bytes", raw[:n // 3] + b"\x00\x00" + raw[n // 3:]),
           ("an escape code", raw[:n // 3] + b"\x1b[2J\x1b[31m" + raw[n // 3:]),
           ("byte-order mark", b"\xef\xbb\xbf" + raw),
           ("CRLF line ends", raw.replace(b"\n", b"\r\n"))]
    for shape in (b"null", b"[]", b"{}", b'"x"', b"3", b'{"actions": {}}',
                  b'{"game": "seatwars", "actions": []}'):
        out.append(("JSON " + shape.decode(), shape))
    if json_file:
        for shape in (b'{"game": "seatwars", "seed": 1, "options": {"players": 2}, "actions": [[1], null]}',
                      b'{"game": "nosuch", "seed": 1, "options": {}, "actions": []}',
                      b'{"b": 1, "n": 1, "k": "game", "d": {"game": "seatwars", "seed": "x", '
                      b'"options": []}}'):
            out.append(("JSON " + shape.decode()[:30], shape))
    flips = [rnd.randrange(n) for _ in range(200 if full else 12)]
    for pos in flips:
        b = bytearray(raw)
        bit = rnd.randrange(8)
        b[pos] ^= 1 << bit
        out.append(("bit %d of byte %d flipped" % (bit, pos), bytes(b)))
    return out


def call(main, argv):
    """(status, stdout, stderr, exception text or None) of main(argv)."""
    out, err = io.StringIO(), io.StringIO()
    exc = None
    status = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as e:              # argparse: usage error, status 2
            status = e.code if isinstance(e.code, int) else 1
        except Exception as e:  # an exception out of main is a traceback for the user
            import traceback
            exc = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    return status, out.getvalue(), err.getvalue(), exc


class Runner:
    def __init__(self, work, counts):
        self.work = work
        self.c = counts
        self.n = 0

    def case(self, label, main, argv, names):
        """Run one bad case. names: strings one of which a failure must show
        (the file's name)."""
        self.c.bad_files += 1
        status, out, err, exc = call(main, argv)
        text = out + err
        if exc is not None:
            self.c.tracebacks += 1
            self.c.problems.append("%s: %s" % (label, exc.strip().splitlines()[-1]))
            return
        if "Traceback" in text:
            self.c.tracebacks += 1
            self.c.problems.append("%s: printed a traceback" % label)
        if "\x00" in text or "\x1b" in text:
            self.c.raw_control += 1
            self.c.problems.append("%s: a control character from the file reached the terminal" % label)
        if status == 0 or ("No device at " + NO_PORT) in text:
            # Accepted (restore and upload then look for the board: there is none).
            self.c.accepted += 1
            return
        self.c.refused += 1
        if not any(n in text for n in names):
            self.c.unnamed += 1
            self.c.problems.append("%s: the message does not name the file: %r" % (label, text[-200:]))

    def file(self, name, data):
        self.n += 1
        d = os.path.join(self.work, "case%d" % self.n)
        os.makedirs(d)
        p = os.path.join(d, name)
        with open(p, "wb") as f:
            f.write(data)
        return p


def _path_cases(r, label, main, argv_for):
    """A missing file, a folder, a name with control characters."""
    missing = os.path.join(r.work, "no-such-file.txt")
    r.case(label + ", missing file", main, argv_for(missing), ["no-such-file.txt"])
    folder = os.path.join(r.work, "a-folder")
    os.makedirs(folder, exist_ok=True)
    r.case(label + ", a folder", main, argv_for(folder), ["a-folder"])
    odd = r.file("odd\x1b[2Jname\x07.txt", b"\x00\x1b[31m")
    r.case(label + ", a name with control characters", main, argv_for(odd), ["odd\\x1b[2Jname\\x07.txt"])


def run(full=False, out=None):
    c = Counts()
    work = tempfile.mkdtemp(prefix="usher-badfiles-")
    r = Runner(work, c)
    try:
        good = {"panels": panels.SAMPLE_PANELS_TEXT.encode(), "automa": deck.DEFAULT_DECK_TEXT.encode(),
                "deckreative": cards.format_deck(cards.default_deck(), list(cards.DEFAULT_EMOTIONS)).encode(),
                "theatre-deck": theatre_deck_text().encode()}
        log, saved = sample_log_and_game()
        # usher data check / upload, each kind
        for kind in sorted(good):
            for label, raw in variants(good[kind], full):
                p = r.file("data.txt", raw)
                r.case("data check %s, %s" % (kind, label), cli.main, ["data", "check", kind, p], [p])
            p = r.file("data.txt", variants(good[kind])[0][1])
            r.case("data upload %s, empty" % kind, cli.main,
                   ["data", "upload", kind, p, "--port", NO_PORT], [p])
            _path_cases(r, "data check %s" % kind, cli.main, lambda p, k=kind: ["data", "check", k, p])
        # the sim's data checkers
        sims = (("sim.data_takeaseat panels", data_takeaseat.main, ["panels"], "panels"),
                ("sim.data_takeaseat deck", data_takeaseat.main, ["deck"], "automa"),
                ("sim.data_multisala deck", data_multisala.main, ["deck"], "deckreative"),
                ("sim.data_theatre deck", data_theatre.main, ["deck"], "theatre-deck"))
        for label0, main, pre, kind in sims:
            for label, raw in variants(good[kind], full):
                p = r.file("data.txt", raw)
                r.case("%s, %s" % (label0, label), main, pre + [p], [p])
            _path_cases(r, label0, main, lambda p, pre=pre: pre + [p])
        good_deck = r.file("deck.txt", good["theatre-deck"])
        for limit in ("-1", "0", "x", ""):
            r.case("sim.data_theatre --limit %r" % limit, data_theatre.main,
                   ["deck", good_deck, "--limit", limit], ["--limit"])
        # usher replay: the log, a saved game, --saved, --png
        for what, base in (("log", log), ("saved game", saved)):
            for label, raw in variants(base, full, json_file=True):
                p = r.file("input.jsonl", raw)
                r.case("replay %s, %s" % (what, label), cli.main, ["replay", p], [p])
        good_log = r.file("log.jsonl", log)
        for label, raw in variants(saved, full, json_file=True):
            p = r.file("game.json", raw)
            r.case("replay --saved, %s" % label, cli.main, ["replay", good_log, "--saved", p], [p])
        _path_cases(r, "replay", cli.main, lambda p: ["replay", p])
        _path_cases(r, "replay --saved", cli.main, lambda p: ["replay", good_log, "--saved", p])
        a_file = r.file("not-a-folder", b"x")
        r.case("replay --png onto a file", cli.main, ["replay", good_log, "--png", a_file], [a_file])
        r.case("replay --png under a file", cli.main,
               ["replay", good_log, "--png", os.path.join(a_file, "png")], [a_file])
        # usher restore: a backup with one bad file; usher backup onto a file
        backup = {"game.json": saved, "ui.json": json.dumps(
                      {"routes": ["launcher", "game"], "next_seed": 4,
                       "settings": {"clean_after": 8, "sleep_min": 2}}).encode(),
                  "multisala_record.json": b'{"base": 40}', "device.json": b'{"idle_s": 600}',
                  "takeaseat/panels.txt": good["panels"], "multisala/deck.txt": good["deckreative"]}
        for rel in sorted(backup):
            cases = variants(backup[rel], full, json_file=rel.endswith(".json"))
            if not full:
                cases = cases[:14] + cases[-4:]
            for label, raw in cases:
                r.n += 1
                folder = os.path.join(work, "backup%d" % r.n)
                for k, v in backup.items():
                    os.makedirs(os.path.dirname(os.path.join(folder, k)), exist_ok=True)
                    with open(os.path.join(folder, k), "wb") as f:
                        f.write(raw if k == rel else v)
                r.case("restore, %s %s" % (rel, label), cli.main, ["restore", folder, "--port", NO_PORT],
                       [rel, folder])
                shutil.rmtree(folder)
        r.case("restore, missing folder", cli.main,
               ["restore", os.path.join(work, "nope"), "--port", NO_PORT], ["nope"])
        r.case("restore, a file", cli.main, ["restore", a_file, "--port", NO_PORT], [a_file])
        r.case("backup onto a file", cli.main, ["backup", a_file, "--port", NO_PORT], [a_file])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if out:
        out(c.line())
    return c
