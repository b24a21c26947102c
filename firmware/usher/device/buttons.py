# Buttons: debounce, long press and auto-repeat (PL-7), producing the UI's
# event tuples (kind, button) with kind "press", "release", "long" or
# "repeat" (APP_CONTRACT).
#
# ButtonLogic is pure timing: feed it (pressed?, now_ms) per button and it
# returns events, so the tests drive it with scripted levels. Buttons reads
# the pins of a board profile and feeds the logic.
#
# Rules:
# - a level change counts at the first read that sees it, unless the button
#   changed less than DEBOUNCE_MS ago: then it counts at the first read
#   after that (leading-edge debounce). A contact's bounces come right
#   after a change, inside that time, so a bouncing press is one press and
#   one release; a tap shorter than DEBOUNCE_MS is still a press and a
#   release (PL-7; waiting for DEBOUNCE_MS of a steady level before a
#   press counted put 30-40 ms into every press's answer; now the press is
#   taken at the next 10 ms poll). The price, chosen on purpose: a single
#   noisy read of a pin would count as a tap. Both boards' buttons are
#   pulled to their idle level (hardware/README.md), where such a read is
#   not expected; a real board will tell;
# - A, B, C: "press" when down, "long" once when held LONG_MS, "release";
# - UP, DOWN: "press", then "repeat" after REPEAT_DELAY_MS and every
#   REPEAT_MS while held (PL-7 auto-repeat), "release";
# - "repeat" and "long" need the pin to read pressed at that poll: a button
#   let go while the main loop was busy (a frame going to the panel takes
#   ~150 ms) must not repeat or turn long at the poll that finds it up, nor
#   while a release inside DEBOUNCE_MS of the press waits to count (PL-7: a
#   held UP*5 is press, 5 repeats, release, however late the loop polls);
# - a button already down when the logic starts (the press that woke the
#   board, or one held at boot) gives no events until it has been released.
DEBOUNCE_MS = 30
LONG_MS = 700
REPEAT_DELAY_MS = 500
REPEAT_MS = 150
NAMES = ("A", "B", "C", "UP", "DOWN")
REPEATING = ("UP", "DOWN")


class _State:
    def __init__(self, down, now):
        self.stable = down          # debounced level
        self.raw = down
        self.stable_since = now - DEBOUNCE_MS   # a first change counts at once
        self.down_since = 0
        self.next_repeat = 0
        self.long_sent = False
        self.ignore = down          # held at start: wait for a release


def _late(now, t):
    # now is at or after t, wrap-safe for ticks_ms (30-bit on MicroPython).
    return ((now - t) & 0x3FFFFFFF) < 0x20000000


class ButtonLogic:
    def __init__(self, names=NAMES, initially_down=(), now=0):
        self.names = list(names)
        self.states = {}
        for n in self.names:
            self.states[n] = _State(n in initially_down, now)

    def update(self, name, down, now, out):
        """Feed one button's raw level at time now (ms); append events to
        out (a list)."""
        s = self.states[name]
        s.raw = down
        if down != s.stable and _late(now, s.stable_since + DEBOUNCE_MS):
            s.stable = down
            s.stable_since = now
            if down:
                s.down_since = now
                s.long_sent = False
                s.next_repeat = now + REPEAT_DELAY_MS
                if not s.ignore:
                    out.append(("press", name))
            else:
                if s.ignore:
                    s.ignore = False
                else:
                    out.append(("release", name))
            return
        if s.stable and down and not s.ignore:
            if name in REPEATING:
                if _late(now, s.next_repeat):
                    out.append(("repeat", name))
                    s.next_repeat = now + REPEAT_MS
            elif not s.long_sent and _late(now, s.down_since + LONG_MS):
                s.long_sent = True
                out.append(("long", name))

    def any_down(self):
        for n in self.names:
            if self.states[n].stable:
                return True
        return False


_NO_EVENTS = ()


class Buttons:
    """The board's five buttons (profile["buttons"]: name, GPIO, level when
    pressed, pull; profile["gpio_in"]: the address of a register holding
    every GPIO's level, read with machine.mem32, or absent)."""

    def __init__(self, profile, now):
        import machine
        self.pins = []
        mask = idle = 0
        for name, gpio, active, pull in profile["buttons"]:
            resistor = machine.Pin.PULL_DOWN if pull == "down" else machine.Pin.PULL_UP
            p = machine.Pin(gpio, machine.Pin.IN, resistor)
            self.pins.append((name, p, active))
            mask |= 1 << gpio
            if not active:
                idle |= 1 << gpio
        held = [name for name, p, active in self.pins if p.value() == active]
        self.logic = ButtonLogic([n for n, _, _ in self.pins], held, now)
        # One read of every pin at once, where the board has the register.
        self.gpio_in = profile.get("gpio_in")
        self.mem32 = getattr(machine, "mem32", None) if self.gpio_in else None
        self.mask = mask
        self.idle = idle
        self.quiet = False

    def held(self):
        """Names of the buttons down right now (raw, not debounced)."""
        return [name for name, p, active in self.pins if p.value() == active]

    def poll(self, now):
        # The main loop polls every 10 ms, most of the time with every button
        # up: a button that is up, was up at the last read and is debounced
        # up changes nothing in ButtonLogic.update, so it is skipped. On the
        # chip the full update of five buttons was a large part of each pass
        # of the loop while the panel refreshes (bench/rp2_profile.py
        # --phases, "rest").
        # With the register, even that is one read: every pin at its idle
        # level, and every button read up and debounced up at the last
        # poll (quiet), is exactly the case where the loop below skips all
        # five, so it returns no events without touching a Pin object.
        if self.quiet and (self.mem32[self.gpio_in] & self.mask) == self.idle:
            return _NO_EVENTS
        out = []
        states = self.logic.states
        quiet = self.mem32 is not None
        for name, p, active in self.pins:
            down = p.value() == active
            s = states[name]
            if down or s.raw or s.stable:
                self.logic.update(name, down, now, out)
                if s.raw or s.stable:
                    quiet = False
        self.quiet = quiet
        return out


def wake_button(profile):
    """The button whose press powered the board on, captured in C before
    Python started by a `wakeup` module: Pimoroni's Badger build (PL-1) or
    the project's Badger image (PL-14, firmware/boards/USHER_BADGER2040).
    get_gpio_state() is a bit mask of GPIO levels; only buttons that read
    high when pressed can be told from it. None when the module is missing
    or no front button woke the board."""
    try:
        import wakeup
    except ImportError:
        return None
    try:
        state = wakeup.get_gpio_state()
        wakeup.reset_gpio_state()
    except Exception:
        return None
    for name, gpio, active, _pull in profile["buttons"]:
        if active and state & (1 << gpio):
            return name
    return None
