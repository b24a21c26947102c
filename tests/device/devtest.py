# Shared set-up for the device tests (MicroPython unix port, fake machine).
import machine
import panel_model

from usher.device import boards, clock

# The App the device tests drive: the real one, with the real game screens.
from usher.ui.app import App as APP  # noqa: E402,F401

# Launcher rows with no game running: Take a Seat, The Theatre, Multisala,
# Seat Wars, Dice roller, Settings. With a game running "Resume ..." is first.
SEATWARS_ROW = 3


class VirtualClock:
    """ticks_ms/sleep_ms for the device layer: sleep_ms only moves the
    clock, so timings are exact and tests run instantly. real_ms_per_ms > 0
    also sleeps that fraction for real (the kill tests need a session that
    lasts)."""

    def __init__(self, start=1000, real_div=0):
        self.now = start
        self.real_div = real_div

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += ms
        if self.real_div:
            import time
            time.sleep_ms(max(1, ms // self.real_div))


def install_clock(start=1000, real_div=0):
    vc = VirtualClock(start, real_div)
    clock.ticks_ms = vc.ticks_ms
    clock.ticks_diff = vc.ticks_diff
    clock.sleep_ms = vc.sleep_ms
    return vc


# What the device layer printed on its console during the current test
# (tracebacks of deliberate crashes, safe mode's text): kept here and checked
# by the tests instead of cluttering the output of a passing run.
CONSOLE = []


def _console(*parts):
    CONSOLE.append(" ".join(str(p) for p in parts))


def capture_console():
    from usher.device import runtime, virtual
    runtime.console = _console
    virtual.console = _console
    del CONSOLE[:]


def console_text():
    return "\n".join(CONSOLE)


def fresh(profile_name="badger2040", save_path=None):
    """Reset the fake machine, install a virtual clock and a panel model;
    the console is captured (console_text()). Returns (profile, model, clock)."""
    machine.clear()
    capture_console()
    profile = boards.BOARDS[profile_name]
    vc = install_clock()
    if profile["panel"] == "uc8151":
        model = panel_model.UC8151Model(profile, save_path)
    else:
        model = panel_model.SSD1680Model(profile, save_path)
    return profile, model, vc


def press_script(vc, profile, script):
    """Drive the board's button pins from a script of (button, t_down,
    t_up) in virtual ms."""
    gpio = {}
    active = {}
    for name, pin, level, _pull in profile["buttons"]:
        gpio[pin] = name
        active[name] = level

    def read(pin):
        name = gpio[pin]
        for b, t0, t1 in script:
            if b == name and t0 <= vc.now < t1:
                return active[name]
        return 1 - active[name]

    for pin in gpio:
        machine.inputs[pin] = read


def canvas():
    import framebuf
    buf = bytearray(296 * 128 // 8)
    return buf, framebuf.FrameBuffer(buf, 296, 128, framebuf.MONO_HLSB)


def display(profile):
    buf, c = canvas()
    from usher.device.runtime import make_display
    return make_display(profile, buf), buf, c


def commands(profile):
    """(command, data) pairs sent so far."""
    return machine.transactions(profile["dc"])


def command_bytes(profile):
    return [c for c, d in commands(profile)]
