# Runs on the emulated chip as /boot.py (tests/rp2/test_rp2_qr.py): the QR
# encoder's native kernels (usher.device.qr_kernels, armv6m code frozen into
# the image) against the encoder's bytecode on the chip, then symbols the
# host checks against CPython's.
#
# Results go to /data/qr_check.txt, one line per case:
#   "same <version> <ec> <1 when the kernels' placement and penalties of all
#    8 masks equal the bytecode's, else 0>"
#   "code <version> <ec> <mask> <crc32 of the symbol's rows>"
# The data is the test's Rand (the same bytes on the host).
import binascii
import os
import sys

from usher import qr

SAME = ((1, "M"), (2, "L"), (7, "M"), (10, "L"))
CODES = SAME + ((21, "L"), (26, "L"), (26, "M"))


class Rand:
    def __init__(self, seed):
        self.x = seed

    def data(self, n):
        out = bytearray(n)
        for i in range(n):
            self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
            out[i] = (self.x >> 16) & 0xFF
        return bytes(out)


def matrix(data, v, ec, kernels):
    m = qr.Matrix(qr.size_of(v), columns=kernels is None)
    qr._function_patterns(m, v)
    words = qr.codewords(data, v, ec, kernels)
    if kernels:
        kernels.place(m.rows, m.frows, m.size, m.stride, words, len(words) * 8)
    else:
        qr._place(m, words)
    return m


def same(K, v, ec):
    data = Rand(v).data(qr.capacity(v, ec))
    ref = matrix(data, v, ec, None)
    nat = matrix(data, v, ec, K)
    ok = ref.rows == nat.rows
    scratch = bytearray(ref.size * ref.stride)
    for k in range(8):
        ok = ok and qr.penalty(ref, k) == K.penalty(
            nat.rows, nat.frows, qr.pattern_rows(k, ref.size, ref.stride), ref.size, ref.stride,
            scratch)
    return ok


def run():
    from usher.device import qr_kernels as K
    try:
        os.mkdir("/data")
    except OSError:
        pass
    try:
        with open("/qr_same.txt") as f:     # the test asks for the comparison on one image
            compare = f.read().strip() == "1"
    except OSError:
        compare = False
    with open("/data/qr_check.txt", "w") as out:
        for v, ec in (SAME if compare else ()):
            out.write("same %d %s %d\n" % (v, ec, 1 if same(K, v, ec) else 0))
        for v, ec in CODES:
            code = qr.encode(Rand(v).data(qr.capacity(v, ec)), ec, v, kernels=K)
            out.write("code %d %s %d %d\n" % (v, ec, code.mask, binascii.crc32(code.matrix.rows)))


if sys.implementation.name == "micropython":   # on the chip; the host test imports the cases
    run()
