# The panel refresh policy (PL-15, on PL-6's update speeds), in one place.
# The App redraws the top screen into the canvas, finds the band of 8-pixel
# rows that changed since the last frame, and asks this policy what to send
# to the panel. Three kinds of request:
#   ("clean", 0, 0, 296, 128)   the slow, flashing full refresh (the panel's
#                               own waveform, ~4.5 s on the Badger): clears
#                               ghosting;
#   ("fast", 0, 0, 296, 128)    the whole panel with the fast waveform, no
#                               flashing (~0.8 s);
#   ("partial", 0, y, 296, h)   only a window, fast waveform; y and h are
#                               multiples of 8 (UC8151 windows).
# Which one (PL-15):
#   - a game starts or ends, boot, wake, restart      -> clean (request_clean);
#   - after clean_after fast or partial updates        -> clean (ghosting);
#   - another screen                                   -> fast, whole panel;
#   - a form or dialog opened or closed over a screen,
#     or the same screen changed                       -> partial of the band;
#   - nothing changed                                  -> None.
# At most one request per button event: the App calls decide() once.
# The clean refresh after clean_after updates is a 4.5 s wait when a press
# meets it. Decision (PL-15, docs/ui-internals.md): once three quarters of those
# updates are made, the device does it at the next rest of the buttons
# (rest_clean, asked by usher.device.runtime with PL-18's 3 s rest), while
# the player reads; a player who never rests meets it at clean_after as
# before, so cleans are never fewer than PL-15 asks.
import binascii

from usher.ui.canvas import HEIGHT, WIDTH

CLEAN_AFTER = 20     # default of the Settings entry (PL-15)
KINDS = ("clean", "fast", "partial")


class RefreshPolicy:
    def __init__(self, clean_after=CLEAN_AFTER):
        self.clean_after = clean_after
        self.clean = 0
        self.fast = 0
        self.partial = 0
        self.since_clean = 0
        self.want_clean = True    # the first picture after boot or wake

    def request_clean(self):
        """The next update is a clean refresh (a game starts or ends, PL-15)."""
        self.want_clean = True

    def decide(self, whole, band):
        """whole: True when another screen replaces the picture, False when
        only band changed (a dialog over the screen, or the screen itself).
        band: (y, h) of the changed rows, multiples of 8, or None for no
        change. Returns the refresh request tuple or None."""
        if band is None and not self.want_clean:
            return None
        if self.want_clean or self.since_clean >= self.clean_after:
            return self.clean_request()
        self.since_clean += 1
        if whole:
            self.fast += 1
            return ("fast", 0, 0, WIDTH, HEIGHT)
        self.partial += 1
        return ("partial", 0, band[0], WIDTH, band[1])

    def rest_clean(self):
        """The clean refresh to do now that the buttons rest, or None: due
        once three quarters of clean_after updates are made since the last
        clean, rounded up (15 of 20, 3 of 4, 1 of 1)."""
        if self.since_clean == 0 or self.since_clean * 4 < self.clean_after * 3:
            return None
        return self.clean_request()

    def clean_request(self):
        self.clean += 1
        self.since_clean = 0
        self.want_clean = False
        return ("clean", 0, 0, WIDTH, HEIGHT)

    def counts(self):
        return {"clean": self.clean, "fast": self.fast, "partial": self.partial}


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
