# The five buttons through CircuitPython's keypad (its own scanning and
# debouncing in the background), fed into the shared ButtonLogic
# (usher.device.buttons: long press, auto-repeat, PL-7), so the events are
# the same as on MicroPython.
from usher.device import clock
from usher.device.buttons import ButtonLogic

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

    def _drain(self):
        if self.keys is None:
            return
        ev = self._event
        q = self.keys.events
        while q.get_into(ev):
            self.down[ev.key_number] = ev.pressed

    def held(self):
        """Names of the buttons down right now (keypad's debounced level)."""
        self._drain()
        return [n for n, d in zip(self.names, self.down) if d]

    def poll(self, now):
        self._drain()
        out = []
        for i in range(len(self.names)):
            self.logic.update(self.names[i], self.down[i], now, out)
        return out
