# The play history's repair against damage past its cap (PL-23,
# docs/history.md): plays kept one after another (playlog.append of a
# finished Seat Wars game, the littlefs way and the FAT way: storage.FORCE),
# and at every size each line of plays.jsonl damaged one way at a time (a
# digit of its seed changed, the line broken in two, the line run into the
# next), then read (playlog.open_index repairs it). Counts the cases where
# a play the readers showed is gone though a copy of its line (.bak) or its
# record still held it, the plays lost that nothing held, and the cases
# where a play older than the newest 50 came back.
#
#   PYTHONPATH=firmware:tests/portable python tests/portable/history_damage_sweep.py [PLAYS]
#
# PLAYS: the largest size (default 130; every size from 1 on is damaged).
# Runs on MicroPython too (slowly). tests/portable/test_history_cap_repair.py
# checks a few of these cases on every run.
import os
import sys

import mptest

from usher.core import storage
from usher.ui import playlog
from test_history_cap_repair import _finished_play, _files, _folder

KINDS = ("a changed digit", "a line broken in two", "a line run into the next")


def damaged(raw, i, kind):
    """plays.jsonl's bytes with line i damaged, and the play numbers of the
    lines damaged; None when the kind does not apply there."""
    lines = raw.split(b"\n")
    line = lines[i]
    hit = [lines[i]]
    if kind == KINDS[0]:
        at = line.index(b'"seed": ') + 8
        lines[i] = line[:at] + (b"9" if line[at:at + 1] != b"9" else b"8") + line[at + 1:]
    elif kind == KINDS[1]:
        lines[i] = line[:len(line) // 2] + b"\n" + line[len(line) // 2:]
    else:
        if i + 1 >= len(lines) or not lines[i + 1]:
            return None, None
        hit.append(lines[i + 1])
        lines[i] = line + lines[i + 1]
        del lines[i + 1]
    return b"\n".join(lines), [_number(x) for x in hit]


def _number(line):
    at = line.index(b'"n": ') + 5
    end = at
    while line[end:end + 1] in b"0123456789":
        end += 1
    return int(line[at:end])


def _line_numbers(raw):
    return [_number(x) for x in raw.split(b"\n") if x.strip()] if raw else []


def _shown(d, force):
    storage.FORCE = force
    try:
        return [s["n"] for s in playlog.summaries(d)]
    finally:
        storage.FORCE = None


def _remove(d):
    h = playlog.folder(d)
    for name in os.listdir(h):
        os.remove(h + "/" + name)
    os.rmdir(h)
    os.rmdir(d)
    mptest._made.remove(d)


def sweep(top, force):
    """{kind: [cases, dropped though held, lost with nothing holding them,
    cases with an older play back]}"""
    line, rec = _finished_play()
    d = mptest.tmpdir()
    counts = {}
    for k in KINDS:
        counts[k] = [0, 0, 0, 0]
    for _size in range(1, top + 1):
        storage.FORCE = force
        try:
            playlog.append(d, line, rec)
        finally:
            storage.FORCE = None
        files = _files(d)
        before = _shown(d, force)
        raw = files[playlog.INDEX]
        held = set(_line_numbers(files.get(playlog.INDEX + ".bak")))
        held |= set(_line_numbers(files.get(playlog.INDEX + ".tmp")))
        held |= set([int(name[1:6]) for name in files if name.startswith("p") and name.endswith(".json")])
        for kind in KINDS:
            for i in range(raw.count(b"\n")):
                bad, hit = damaged(raw, i, kind)
                if bad is None:
                    continue
                new = dict(files)
                new[playlog.INDEX] = bad
                e = _folder(new)
                storage.FORCE = force
                try:
                    playlog.open_index(e)
                finally:
                    storage.FORCE = None
                after = _shown(e, force)
                _remove(e)
                c = counts[kind]
                c[0] += 1
                gone = [n for n in before if n not in after]
                if [n for n in gone if n in held or n not in hit]:
                    c[1] += 1
                c[2] += len([n for n in gone if n in hit and n not in held])
                if [n for n in after if n not in before]:
                    c[3] += 1
    return counts


def main():
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 130
    for force, way in ((True, "littlefs"), (False, "FAT")):
        counts = sweep(top, force)
        for kind in KINDS:
            c = counts[kind]
            print("%s, %s, 1-%d plays: %d cases, %d dropped a play a copy or its record held, "
                  "%d plays lost that nothing held, %d brought back an older play" % (
                      way, kind, top, c[0], c[1], c[2], c[3]))
    mptest.cleanup()


main()
