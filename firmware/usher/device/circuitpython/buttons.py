# The five buttons through CircuitPython's keypad (its own scanning and
# debouncing in the background), fed into the shared ButtonLogic
# (usher.device.buttons: long press, auto-repeat, PL-7), so the events are
# the same as on MicroPython.
from usher.device import clock
from usher.device.buttons import DEBOUNCE_MS, LONG_MS, REPEATING, ButtonLogic
from usher.device.circuitpython.clock import widen

SCAN_S = 0.01


def pin(gpio):
    """The microcontroller.Pin of a GPIO number of a board profile."""
    import microcontroller
    return getattr(microcontroller.pin, "GPIO%d" % gpio)


class KeypadButtons:
    """Same interface as usher.device.buttons.Buttons: held(), poll(now)."""

    def __init__(self, profile, now, keypad=None):
        if keypad is None:
            keypad = __import__("keypad")
        self.keypad = keypad
        self.profile = profile
        self.names = [b[0] for b in profile["buttons"]]
        self.down = [False] * len(self.names)
        self._event = keypad.Event()
        self.keys = None
        self.backlog = []
        self.now = now
        self.last_t = now
        # True while no button is down or bouncing: then a pass of the main
        # loop that keypad brought no event has nothing to run (poll).
        self.resting = False
        self.open()
        # keypad reports a key already down at its first scan as a press:
        # let it scan once, so a button held at boot (the press that powered
        # the board on, or a hold for safe mode) starts as held and gives no
        # press until it has been released (ButtonLogic's rule).
        clock.sleep_ms(int(SCAN_S * 3000))
        self._drain()
        held = [n for n, d in zip(self.names, self.down) if d]
        self.logic = ButtonLogic(self.names, held, now)

    def open(self):
        b = self.profile["buttons"]
        # All five buttons of a profile share one polarity (Badger: high when
        # pressed, pulled down).
        active = b[0][2] == 1
        self.keys = self.keypad.Keys([pin(g) for _n, g, _a, _p in b], value_when_pressed=active,
                                     pull=True, interval=SCAN_S)

    def close(self):
        """Free the pins (for an alarm.pin.PinAlarm while asleep)."""
        if self.keys is not None:
            self.keys.deinit()
            self.keys = None

    def _drain(self, out=None):
        """Take keypad's events in order. With out, each is also given to
        ButtonLogic at its own time (keypad's timestamp), after letting every
        button's logic catch up to that time: a tap shorter than the main
        loop's pass (a redraw and a refresh can take half a second) is still
        a press and a release, never a held button with an auto-repeat."""
        if self.keys is None:
            return
        ev = self._event
        q = self.keys.events
        while q.get_into(ev):
            self.resting = False
            i = ev.key_number
            if out is not None:
                ts = getattr(ev, "timestamp", None)
                t = self.now if ts is None else widen(ts)
                if clock.ticks_diff(t, self.last_t) < 0:
                    t = self.last_t         # never back in time for ButtonLogic
                self._catch_up(t, out)
                self.logic.update(self.names[i], ev.pressed, t, out)
            self.down[i] = ev.pressed

    def _catch_up(self, t, out):
        """Run every button's logic up to time t, stopping first at each
        moment a level change becomes debounced, so the events come in the
        order they happened; and at each auto-repeat and long-press moment of
        a held button, so a hold that spans a long pass (a refresh) gives
        every repeat it was held for (PL-7), not one per pass."""
        while True:
            first = None
            for name in self.names:
                st = self.logic.states[name]
                if st.raw != st.stable:     # waits out the last change's DEBOUNCE_MS
                    m = st.stable_since + DEBOUNCE_MS
                elif st.stable and not st.ignore and name in REPEATING:
                    m = st.next_repeat
                elif st.stable and not st.ignore and not st.long_sent:
                    m = st.down_since + LONG_MS
                else:
                    continue
                if clock.ticks_diff(t, m) >= 0 and (first is None or clock.ticks_diff(m, first) < 0):
                    first = m
            if first is None:
                break
            self._update_all(first, out)
        self._update_all(t, out)
        self.last_t = t

    def _update_all(self, t, out):
        for j in range(len(self.names)):
            self.logic.update(self.names[j], self.down[j], t, out)

    def held(self):
        """Names of the buttons down right now (keypad's debounced level)."""
        self._drain(self.backlog)
        return [n for n, d in zip(self.names, self.down) if d]

    def poll(self, now):
        self.now = now
        out = self.backlog
        self.backlog = []
        self._drain(out)
        if self.resting and not out:
            # No button down or bouncing and no event: every button's logic
            # would do nothing (the idle loop's pass every 10 ms took 1.2 ms
            # of the chip, bench/rp2_profile.py --circuitpython --idle).
            self.last_t = now
            return out
        self._catch_up(now, out)
        self.resting = self._rests()
        return out

    def _rests(self):
        states = self.logic.states
        for j in range(len(self.names)):
            if self.down[j] or states[self.names[j]].stable:
                return False
        return True
