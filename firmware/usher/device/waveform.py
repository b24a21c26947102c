# Which waveform each refresh request of the UI gets (PL-18, on PL-15).
#
# The UI says what changed: ("clean", ...) and ("fast", ...) for the whole
# panel, ("partial", 0, y, 296, h) for a window (y, h multiples of 8). The
# device layer picks the waveform of a window:
#   - "turbo" (the panel's quickest: the UC8151's turbo LUTs, 0.26 s on the
#     Badger) while the Settings entry "Refresh" is "turbo" (the default);
#   - "partial" (the window with the fast waveform, 0.93 s) when the setting
#     is "fast", and for a window any of whose 8-row bands already had
#     TURBO_IN_A_ROW turbo updates since its last fast or clean one;
#   - once no button has been pressed for REST_MS (the player is reading),
#     the bands that had turbo updates get one fast update of their own
#     (rest_request), so turbo's ghosting never stays on the glass.
# A fast or clean update of the whole panel clears every band's count. The
# clean refresh after N updates (PL-15) stays the UI's (usher.ui.refresh).
REST_MS = 3000
TURBO_IN_A_ROW = 8
BANDS = 16          # 8-row bands of the 128-row panel
WIDTH = 296
_NO_RUNS = bytes(BANDS)


class Waveforms:
    def __init__(self):
        # Per band: turbo updates since its last fast or clean update.
        self.runs = bytearray(BANDS)
        # Whether some band's count is not 0: kept beside the counts so that
        # ghosted(), asked on every pass of the idle main loop, neither
        # iterates nor allocates (an iterator per pass was most of what the
        # idle chip computed, bench/rp2_profile.py --idle).
        self.any_run = False
        self.turbo = True        # the Settings entry (Runtime.refresh_setting)

    def choose(self, r):
        """The panel mode for the UI's request r: r itself for "clean" and
        "fast", r as "turbo" or "partial" for a window."""
        runs = self.runs
        if r[0] != "partial":
            for i in range(BANDS):
                runs[i] = 0
            self.any_run = False
            return r
        b0 = r[2] // 8
        b1 = (r[2] + r[4] + 7) // 8
        turbo = self.turbo
        if turbo:
            for i in range(b0, b1):
                if runs[i] >= TURBO_IN_A_ROW:
                    turbo = False
                    break
        for i in range(b0, b1):
            runs[i] = runs[i] + 1 if turbo else 0
        if turbo:
            self.any_run = True
            return ("turbo", r[1], r[2], r[3], r[4])
        self.any_run = runs != _NO_RUNS
        return r

    def ghosted(self):
        return self.any_run

    def rest_request(self):
        """The fast update of every band turbo touched since its last fast
        one ("partial": the window with the fast waveform), or None. The
        bands count as clean again."""
        runs = self.runs
        first = last = -1
        for i in range(BANDS):
            if runs[i]:
                runs[i] = 0
                if first < 0:
                    first = i
                last = i
        self.any_run = False
        if first < 0:
            return None
        return ("partial", 0, first * 8, WIDTH, (last - first + 1) * 8)
