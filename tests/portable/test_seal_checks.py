# The CRC-32 seals (PL-17, usher.core.seal) on a port built without
# binascii, and a seal whose key was damaged. seal.py takes binascii.crc32
# when the port has it and sets seal._crc32 to None when it has not; these
# tests set it to None themselves, so the Python CRC is the one used on
# every runtime. Each test holds a rule bench/mutate.py found no test for.
# Runs on CPython, the unix port and WebAssembly.
import mptest

from usher.core import seal, storage

CHECK = 0xCBF43926        # CRC-32 of b"123456789", the standard check value


def _without_binascii(fn):
    keep = seal._crc32
    seal._crc32 = None
    try:
        return fn()
    finally:
        seal._crc32 = keep


def test_without_binascii_crc32_is_the_ieee_crc():
    def run():
        assert seal.crc32(b"123456789") == CHECK
        assert seal.crc32(b"") == 0
        assert seal.crc32(b"a") == 0xE8B7BE43
        for cut in (0, 1, 4, 9):
            head, rest = b"123456789"[:cut], b"123456789"[cut:]
            assert seal.crc32(rest, seal.crc32(head)) == CHECK
        assert seal.crc32(memoryview(b"x123456789")[1:]) == CHECK    # as storage.save reads
    _without_binascii(run)


def test_without_binascii_the_seals_are_the_same_as_with_it():
    text = '{"game": "seatwars", "seed": 7}'
    sealed = seal.seal_object(text)
    empty = seal.seal_object("{}")
    lines = seal.seal_text("Anna\nBen\n")
    tail = seal.object_tail(text.encode())
    assert _without_binascii(lambda: seal.seal_object(text)) == sealed
    assert _without_binascii(lambda: seal.seal_object("{}")) == empty
    assert _without_binascii(lambda: seal.seal_text("Anna\nBen\n")) == lines
    assert _without_binascii(lambda: seal.object_tail(text.encode())) == tail
    assert _without_binascii(lambda: seal.object_tail(b"{}")) == seal.object_tail(b"{}")

    def check():
        for s in (sealed, empty):
            raw = (s + "  ").encode()
            assert seal.check_object(raw, len(s)) is True
            assert seal.check_object(bytearray(raw), len(s)) is True
        assert seal.open_text(lines) == ("Anna\nBen\n", True)
        bad = sealed.replace("7", "8").encode()
        e = mptest.raises(ValueError, seal.check_object, bad, len(bad))
        assert str(e) == "checksum does not match"
        digit = "0" if empty[-3] != "0" else "1"
        raw = (empty[:-3] + digit + '"}').encode()              # {} with a digit of its seal changed
        e = mptest.raises(ValueError, seal.check_object, raw, len(raw))
        assert str(e) == "checksum does not match"
        mptest.raises(ValueError, seal.open_text, lines.replace("Ben", "Bem"))
    _without_binascii(check)


def test_without_binascii_a_file_is_saved_and_read_back_sealed():
    d = mptest.tmpdir()
    p = d + "/game.json"

    def run():
        storage.save(p, {"game": "seatwars", "seed": 1234})
        storage.save(p, {"game": "seatwars", "seed": 1235})
        return storage.load_checked(p)
    value, source, problems = _without_binascii(run)
    assert value == {"game": "seatwars", "seed": 1235} and source == "main" and problems == []
    with open(p, "rb") as f:
        raw = f.read()
    assert seal.check_object(raw, len(raw)) is True      # binascii (where there is one) agrees


def test_a_damaged_seal_key_is_refused_even_when_its_digits_match():
    text = '{"a": 1}'
    sealed = seal.seal_object(text)
    for key in ("crc33", "crc3 ", "Crc32", "xrc32"):
        raw = sealed.replace("crc32", key).encode()
        e = mptest.raises(ValueError, seal.check_object, raw, len(raw))
        assert str(e) == "checksum is damaged", key
    raw = seal.seal_object("{}").replace("crc32", "crc33").encode()
    assert str(mptest.raises(ValueError, seal.check_object, raw, len(raw))) == "checksum is damaged"
    lines = seal.seal_text("Anna\n")
    for key in ("crc33", "Crc32", "xrc32"):
        e = mptest.raises(ValueError, seal.open_text, lines.replace("crc32", key))
        assert str(e) == "checksum is damaged", key
    for damaged in (lines.replace("# crc32 ", "# crc32x"), lines.replace("# crc32 ", "#Xcrc32 ")):
        # one character more changed: no longer a seal line's shape, a comment
        assert seal.open_text(damaged) == (damaged, False)


def test_only_an_object_is_sealed_and_a_text_gets_its_last_newline():
    for text in ("[1, 2]", "3", "", '"x"'):
        mptest.raises(ValueError, seal.seal_object, text)
    sealed = seal.seal_text("Anna\nBen")                  # no newline at its end
    assert sealed.endswith("\nAnna\nBen\n") and len(sealed.split("\n")[0]) == 16
    assert seal.open_text(sealed) == ("Anna\nBen\n", True)
    assert seal.seal_text("") == "# crc32 %08x\n" % seal.crc32(b"")


def test_an_object_without_a_seal_of_its_shape_is_unsealed_not_damaged():
    # json.dumps writes ", " and ": ": an unsealed object's last 20 bytes
    # never have a seal's shape, whichever of its parts they share
    for text in ('{"name": "Anna Maria Bianchi"}',        # ends with "} as a seal does
                 '{"a": 1, "bcde": 123456789012}',
                 '{"k": "x", "crc32": "1a2b3c4d"}',
                 '{"v": [1, 2, 3, 4, 5, 6, 7, 8, 9]}'):
        raw = text.encode()
        assert seal.check_object(raw, len(raw)) is False, text
    # {"crc32":...} is the seal of {} only when it is the whole file
    for pad in (b" ", b"x", b"\n"):
        raw = pad + seal.seal_object("{}").encode()
        assert seal.check_object(raw, len(raw)) is False, raw
    raw = seal.seal_object("{}").encode()
    assert seal.check_object(raw, len(raw)) is True
    assert seal.check_object(raw, len(raw) - 1) is False           # shorter than a seal


def test_a_text_without_a_seal_line_is_read_as_it_is():
    for text in ("", "\n", "\nAnna\n", "Anna\n# crc32 00000000\n", "# our group\nAnna\n",
                 "#\nAnna\n", "# \nAnna\n", "# x\nAnna"):
        assert seal.open_text(text) == (text, False), text
    # the start of a seal line ("# c" on): one cut short, never a comment
    for text in ("# c\nAnna\n", "# crc\nAnna\n", "# crc32 1a2\nAnna\n"):
        assert str(mptest.raises(ValueError, seal.open_text, text)) == "checksum is damaged"


def test_a_seal_line_cut_short_or_with_a_damaged_digit_is_damaged():
    lines = seal.seal_text("Anna\n")
    first = lines.split("\n")[0]
    for k in range(3, 16):
        e = mptest.raises(ValueError, seal.open_text, first[:k] + "\nAnna\n")
        assert str(e) == "checksum is damaged", k
    for i in range(8, 16):
        bad = lines[:i] + "z" + lines[i + 1:]                      # not a hex digit
        e = mptest.raises(ValueError, seal.open_text, bad)
        assert str(e) == "checksum is damaged", i
        digit = "0" if lines[i] != "0" else "1"
        e = mptest.raises(ValueError, seal.open_text, lines[:i] + digit + lines[i + 1:])
        assert str(e) == "checksum does not match", i
    e = mptest.raises(ValueError, seal.open_text, first)           # the line alone, its end lost
    assert str(e) == "checksum does not match"
