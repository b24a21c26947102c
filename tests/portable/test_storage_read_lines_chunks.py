# storage.read_lines reads a JSON-lines file LINE_CHUNK bytes at a time and
# cuts the lines out itself: a file's own line iteration reads a byte at a
# time on MicroPython, which on littlefs was most of the Statistics menu's
# time (docs/performance.md, "Reading the history"). The lines, their
# numbers and their reasons are what iterating the file gave, at any chunk
# edge. Runs on CPython, the unix port and WebAssembly.
import mptest

from usher.core import storage


def _put(path, data):
    with open(path, "wb") as f:
        f.write(data)


def _iterated(path):
    """The lines as the file's own iteration gives them (the reference)."""
    with open(path, "rb") as f:
        return [raw for raw in f]


def _chunked(path):
    with open(path, "rb") as f:
        return list(storage._raw_lines(f))


def test_lines_are_cut_as_the_files_own_iteration_cuts_them_at_every_chunk_edge():
    d = mptest.tmpdir()
    path = d + "/x.jsonl"
    k = storage.LINE_CHUNK
    cases = [
        b"",
        b"\n",
        b"a",
        b"a\n",
        b"a\r\nb\r\n",
        b"a\rb\n\rc\r",                             # bare carriage returns stay inside their line
        b"\n\n\nz",
        b"x" * (k - 1) + b"\n" + b"y" * 3,          # a newline the chunk's last byte
        b"x" * k + b"\n" + b"y\n",                  # a newline the next chunk's first byte
        b"x" * (k - 1) + b"\r\n" + b"y\r",            # a b"\r\n" cut by the chunk's edge
        b"x" * (3 * k + 7) + b"\nshort\n" + b"z" * (k + 1),   # a line over three chunks, no last newline
        b"".join(b"line %d\n" % i for i in range(300)),
    ]
    for data in cases:
        _put(path, data)
        assert _chunked(path) == _iterated(path), data[:40]


def test_read_lines_numbers_lines_and_reasons_as_before_across_chunks():
    d = mptest.tmpdir()
    path = d + "/h.jsonl"
    good = storage.encode({"n": 1, "note": "q" * (storage.LINE_CHUNK + 10)})
    _put(path, (good + "\n\n" + "not json\n" + good).encode() + b"\n\xff\xfe\n")
    got = [(n, obj is not None, reason) for n, obj, _t, reason in storage.read_lines(path)]
    assert got == [(1, True, None), (3, False, "not valid JSON"), (4, True, None),
                   (5, False, "not UTF-8 text")]


def test_a_file_is_read_in_chunks_not_a_byte_at_a_time():
    d = mptest.tmpdir()
    path = d + "/big.jsonl"
    line = storage.encode({"n": 2, "pad": "p" * 250})
    _put(path, ((line + "\n") * 40).encode())
    size = storage._size(path)
    calls = []
    import builtins
    real = builtins.open

    class Reads:
        def __init__(self, f):
            self.f = f

        def read(self, *a):
            calls.append(a)
            return self.f.read(*a)

        def __iter__(self):
            raise AssertionError("iterated a byte at a time")

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    builtins.open = lambda p, *a, **k: Reads(real(p, *a, **k)) if p == path else real(p, *a, **k)
    try:
        assert len([x for x in storage.read_lines(path) if x[1] is not None]) == 40
    finally:
        builtins.open = real
    assert len(calls) <= size // storage.LINE_CHUNK + 2, (len(calls), size)
