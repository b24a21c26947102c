# The panel refresh policy (PL-6), in one place. The App redraws the top
# screen into the canvas, finds the band of 8-pixel rows that changed since
# the last frame, and asks this policy what to send to the panel:
#   - a new screen            -> one full refresh (clears ghosting);
#   - only a band changed     -> one partial refresh of that band, y and h
#                                multiples of 8 (UC8151 windows);
#   - after MAX_PARTIALS partials in a row -> full, to clear ghosting;
#   - nothing changed         -> None.
# At most one request per button press: the App calls decide() once.
import binascii

from usher.ui.canvas import HEIGHT, WIDTH

MAX_PARTIALS = 8


class RefreshPolicy:
    def __init__(self, max_partials=MAX_PARTIALS):
        self.max_partials = max_partials
        self.full = 0
        self.partial = 0
        self.since_full = 0

    def decide(self, new_screen, band):
        """band: (y, h) of changed rows, multiples of 8, or None for no change.
        Returns the refresh request tuple or None."""
        if not new_screen and band is None:
            return None
        if new_screen or self.since_full >= self.max_partials:
            return self.full_request()
        self.partial += 1
        self.since_full += 1
        return ("partial", 0, band[0], WIDTH, band[1])

    def full_request(self):
        self.full += 1
        self.since_full = 0
        return ("full", 0, 0, WIDTH, HEIGHT)

    def counts(self):
        return {"full": self.full, "partial": self.partial}


def changed_band(cur, prev, stride=WIDTH // 8, height=HEIGHT):
    """(y, h) of the 8-row bands that differ between two frame buffers, or
    None. Compares a band at a time (C-speed slice compares)."""
    band = stride * 8
    nbands = height // 8
    first = -1
    for i in range(nbands):
        a = i * band
        if cur[a:a + band] != prev[a:a + band]:
            first = i
            break
    if first < 0:
        return None
    last = first
    for i in range(nbands - 1, first, -1):
        a = i * band
        if cur[a:a + band] != prev[a:a + band]:
            last = i
            break
    return (first * 8, (last - first + 1) * 8)


def _crc(data):
    # 30 bits of the CRC-32: a small int on a 32-bit MicroPython, so keeping
    # and comparing the sums allocates nothing.
    return binascii.crc32(data) & 0x3FFFFFFF


class BandSums:
    """What the App remembers of the last frame: a CRC per 8-row band (16
    small ints) instead of a 4,736-byte copy of it. changed(buf) answers as
    changed_band(buf, last frame) does; a changed band that kept its CRC
    (odds about 1 in 10^9 per changed band) would be missed until the next
    full refresh. The panel starts white, i.e. an all-zero frame."""

    def __init__(self, stride=WIDTH // 8, height=HEIGHT):
        self.band = stride * 8
        zero = _crc(bytes(self.band))
        self.sums = [zero] * (height // 8)

    def changed(self, buf):
        """(y, h) of the bands of buf that differ from the last frame, or
        None; buf becomes the last frame."""
        mv = memoryview(buf)
        band = self.band
        sums = self.sums
        first = last = -1
        for i in range(len(sums)):
            s = _crc(mv[i * band:(i + 1) * band])
            if s != sums[i]:
                sums[i] = s
                if first < 0:
                    first = i
                last = i
        if first < 0:
            return None
        return (first * 8, (last - first + 1) * 8)
