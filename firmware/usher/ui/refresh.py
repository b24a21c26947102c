# The panel refresh policy (PL-6), in one place. The App redraws the top
# screen into the canvas, finds the band of 8-pixel rows that changed since
# the last frame, and asks this policy what to send to the panel:
#   - a new screen            -> one full refresh (clears ghosting);
#   - only a band changed     -> one partial refresh of that band, y and h
#                                multiples of 8 (UC8151 windows);
#   - after MAX_PARTIALS partials in a row -> full, to clear ghosting;
#   - nothing changed         -> None.
# At most one request per button press: the App calls decide() once.
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
