# The QR encoder (PL-19, usher.qr) against reference libraries and a real
# decoder: python-qrcode's and segno's matrices for the same version, error
# correction and mask; zxing-cpp reading random byte strings back exactly;
# and the same modules on CPython and on the MicroPython unix port.
import hashlib
import os
import random
import subprocess
import sys

import qrcode
import segno
import zxingcpp
from PIL import Image
from qrcode.util import MODE_8BIT_BYTE, QRData

from usher import qr

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ECS = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M}


def _rows(modules):
    return "\n".join("".join("#" if b else "." for b in row) for row in modules)


def _qrcode_text(data, v, ec, mask):
    q = qrcode.QRCode(version=v, error_correction=ECS[ec], mask_pattern=mask, border=0)
    q.add_data(QRData(data, mode=MODE_8BIT_BYTE), optimize=0)
    q.make(fit=False)
    return _rows(q.modules)


def _lengths(v, ec, rnd):
    """Every length for the small versions, else the edges and a few between."""
    lo = qr.capacity(v - 1, ec) + 1 if v > 1 else 0
    hi = qr.capacity(v, ec)
    if v <= 2:
        return list(range(lo, hi + 1))
    return sorted({lo, hi, lo + 1, hi - 1} | {rnd.randint(lo, hi) for _ in range(3)})


def image(code, scale=4, quiet=4):
    n = code.size
    side = (n + 2 * quiet) * scale
    im = Image.new("L", (side, side), 255)
    px = im.load()
    for r in range(n):
        for c in range(n):
            if code.module(r, c):
                for dy in range(scale):
                    for dx in range(scale):
                        px[(c + quiet) * scale + dx, (r + quiet) * scale + dy] = 0
    return im


def decode_bytes(im):
    found = zxingcpp.read_barcodes(im, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, "decoded %d codes" % len(found)
    return bytes(found[0].bytes)


def test_pl19_matrix_equals_python_qrcode_for_every_version_ec_and_mask():
    # One mask per code, in turn, so every mask meets every version's
    # lengths; all eight masks at each version's full capacity are the segno
    # test's below.
    rnd = random.Random(19)
    checked = 0
    for ec in "LM":
        for v in range(1, 27):
            for n in _lengths(v, ec, rnd):
                data = bytes(rnd.randrange(256) for _ in range(n))
                k = checked % 8
                assert qr.encode(data, ec, v, k).text() == _qrcode_text(data, v, ec, k), (ec, v, n, k)
                checked += 1
    assert checked > 300, checked


def test_pl19_matrix_equals_segno_at_each_versions_capacity():
    # segno 1.6.6 adds one zero codeword after the terminator when the data
    # already ends on a byte boundary (encoder.write_padding_bits: 8 - 0 bits),
    # which the standard does not (clause 7.4.10); at a version's full
    # capacity there is no room for it, and the two must agree exactly.
    rnd = random.Random(26)
    for ec in "LM":
        for v in range(1, 27):
            data = bytes(rnd.randrange(256) for _ in range(qr.capacity(v, ec)))
            for mask in range(8):
                ref = segno.make(data, version=v, error=ec, mask=mask, mode="byte", boost_error=False)
                assert qr.encode(data, ec, v, mask).text() == _rows([[b & 1 for b in row]
                                                                    for row in ref.matrix]), (ec, v, mask)


def packed_image(code, scale, quiet=4):
    """image() made from the packed rows by Pillow (the sweep below draws
    thousands of codes: a Python loop per pixel would take minutes)."""
    n = code.size
    stride = (n + 7) // 8
    raw = b"".join((code.row(r) << (stride * 8 - n)).to_bytes(stride, "big") for r in range(n))
    modules = Image.frombytes("1", (n, n), raw, "raw", "1;I")     # a 1 bit (dark) -> black
    im = Image.new("1", (n + 2 * quiet, n + 2 * quiet), 1)
    im.paste(modules, (quiet, quiet))
    return im.resize((im.width * scale, im.height * scale), Image.NEAREST).convert("L")


def test_pl19_packed_image_is_the_module_by_module_image():
    code = qr.encode(b"Usher " * 20, "M")
    assert packed_image(code, 3).tobytes() == image(code, 3).tobytes()


def test_pl19_random_byte_strings_at_every_versions_edges_decode_exactly():
    # For every version at L and at M: the shortest and the longest string
    # it is the smallest version for (where the encoder must move up one
    # version, and where the count indicator widens at version 10) and
    # three lengths between, each read back by zxing-cpp to the byte (from
    # length 1: zxing-cpp reports no code for an empty one).
    rnd = random.Random(2026)
    checked = 0
    for ec in "LM":
        for v in range(1, qr.MAX_VERSION + 1):
            lo = qr.capacity(v - 1, ec) + 1 if v > 1 else 1
            hi = qr.capacity(v, ec)
            for n in sorted({lo, lo + 1, hi - 1, hi} | {rnd.randint(lo, hi) for _ in range(3)}):
                data = bytes(rnd.getrandbits(8) for _ in range(n))
                code = qr.encode(data, ec)
                assert (code.version, code.ec) == (v, ec), n
                assert decode_bytes(packed_image(code, scale=3 if v > 10 else 4)) == data, (ec, v, n)
                checked += 1
    assert checked > 300, checked


CROSS = """
from usher import qr
def data(seed, n):
    x = seed
    out = bytearray(n)
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = (x >> 16) & 0xFF
    return bytes(out)
for seed, ec in ((1, "L"), (2, "M"), (3, "L"), (4, "M"), (5, "L")):
    for v in (1, 6, 7, 13, 26):
        code = qr.encode(data(seed * 31 + v, qr.capacity(v, ec) - seed), ec)
        print(code.version, code.ec, code.mask, code.text().replace("\\n", "/"))
"""


def test_pl19_the_modules_are_the_same_on_cpython_and_micropython():
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    got = subprocess.run([mp, "-c", CROSS], env=env, capture_output=True, text=True, timeout=300)
    assert got.returncode == 0, got.stderr
    want = subprocess.run([sys.executable, "-c", CROSS], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "firmware")))
    assert want.returncode == 0, want.stderr
    assert len(want.stdout.splitlines()) == 25
    assert hashlib.sha256(got.stdout.encode()).hexdigest() == \
        hashlib.sha256(want.stdout.encode()).hexdigest()
