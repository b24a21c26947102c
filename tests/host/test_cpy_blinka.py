"""The CircuitPython device layer (usher.device.circuitpython, the shared
boot and main loop) on CPython against Blinka's displayio, on the desktop
Badger 2040 of blinka_badger.py: every game's scripted session
(tests/portable/ui_session_*.py) played with buttons in virtual time, each
power cycle a new boot on the same data folder, and after every token the
picture on the panel (what Blinka's EPaperDisplay sent over the bus from the
backend's displayio.Bitmap) equal to the simulator's frame, with a refresh
exactly where the simulator asked for one."""
import os
import sys

import pytest

from tests.host import blinka_badger as bb

import cpyfakes  # noqa: E402  (on the path through blinka_badger)
import sim.rp2 as rp2  # noqa: E402
from sim.session import parse_script  # noqa: E402

from usher.device import runtime  # noqa: E402
from usher.device.boards import BADGER2040  # noqa: E402
from usher.device.buttons import LONG_MS, REPEAT_DELAY_MS, REPEAT_MS  # noqa: E402
from usher.device.circuitpython.backend import CircuitPythonBackend  # noqa: E402
from usher.ui import share  # noqa: E402

GPIO = {name: gpio for name, gpio, _a, _p in BADGER2040["buttons"]}
TAP_MS = 80
QUIET_MS = 150
STEP_LIMIT_MS = 60000


STAND_INS = ("board", "digitalio", "analogio", "keypad", "microcontroller", "alarm")


@pytest.fixture(autouse=True)
def _restore():
    """The stand-ins go into sys.modules and usher.device.clock: put back
    what was there for the tests after these. The device's main loop also
    unloads a game's code when it ends (services["unload_games"]): the
    usher modules are put back as they were too, or a later test's classes
    (imported before) would no longer be the App's."""
    from usher.device import clock
    saved = (clock.ticks_ms, clock.ticks_diff, clock.sleep_ms, runtime.console)
    mods = {m: sys.modules.get(m) for m in STAND_INS}
    usher_mods = {m: v for m, v in sys.modules.items() if m == "usher" or m.startswith("usher.")}
    yield
    clock.ticks_ms, clock.ticks_diff, clock.sleep_ms, runtime.console = saved
    for m, v in mods.items():
        if v is None:
            sys.modules.pop(m, None)
        else:
            sys.modules[m] = v
    for m in [m for m in sys.modules if (m == "usher" or m.startswith("usher.")) and m not in usher_mods]:
        del sys.modules[m]
    sys.modules.update(usher_mods)
    for m, v in usher_mods.items():          # and each package's attribute for it
        parent, _, child = m.rpartition(".")
        if parent in usher_mods:
            setattr(usher_mods[parent], child, v)


def _hold_ms(tok):
    """How long a token's button stays down: a tap, a long press (A~) or
    UP*n until its n-th auto-repeat (usher.device.buttons' timing)."""
    name = tok.rstrip("~")
    if "*" in name:
        n = int(name.split("*")[1])
        return REPEAT_DELAY_MS + REPEAT_MS * (n - 1) + REPEAT_MS // 2
    if tok.endswith("~"):
        return LONG_MS + 50
    return TAP_MS


class Player:
    """The main loop's should_stop(): plays the tokens on the pins and
    stops at a restart token or the end."""

    def __init__(self, vc, panel, tokens):
        self.vc = vc
        self.panel = panel
        self.tokens = tokens
        self.i = 0
        self.down = None            # (gpio, release time)
        self.since = vc.now
        self.rt = None
        self.steps = []             # per step: refreshes during it, picture after it
        self.mark = 0

    def quiet(self):
        rt = self.rt
        return (rt is not None and rt.pending is None and not self.panel.busy()
                and self.down is None and self.vc.now - self.since >= QUIET_MS)

    def end_step(self):
        self.steps.append({"refreshes": len(self.panel.refreshes) - self.mark,
                           "picture": self.panel.glass})
        self.mark = len(self.panel.refreshes)

    def __call__(self):
        now = self.vc.now
        if self.down is not None:
            if now >= self.down[1]:
                cpyfakes.LEVELS[self.down[0]] = False
                self.down = None
                self.since = now
            return False
        if not self.quiet():
            if now - self.since > STEP_LIMIT_MS:
                raise AssertionError("step %d never became quiet" % self.i)
            return False
        self.end_step()
        if self.i >= len(self.tokens) or self.tokens[self.i].lower() == "restart":
            return True
        tok = self.tokens[self.i]
        self.i += 1
        gpio = GPIO[tok.rstrip("~").split("*")[0].upper()]
        cpyfakes.LEVELS[gpio] = True
        self.down = (gpio, now + _hold_ms(tok))
        return False


def play(script, data_dir):
    """Boot, play the script (a restart is a new boot on data_dir with the
    panel's picture kept); returns the steps (boot first) and the panel."""
    tokens = [tok for tok, _ev in parse_script(script)]
    vc = cpyfakes.VClock()
    panel = bb.UC8151(vc)
    steps = []
    start = 0
    runtime.console = lambda *a: None
    while True:
        bb.install(panel, vc)
        # from a restart token to the next: that boot's part of the script
        rest = tokens[start:]
        cut = next((k for k, t in enumerate(rest) if t.lower() == "restart"), len(rest))
        player = Player(vc, panel, rest[:cut])
        player.mark = len(panel.refreshes)
        be = CircuitPythonBackend()

        def keep(rt, player=player):
            player.rt = rt
        result = runtime.main(data_dir=data_dir, should_stop=player, on_runtime=keep, backend=be)
        assert result == "stopped" and not player.rt.crashed, result
        steps += player.steps
        start += cut + 1
        if start > len(tokens):
            return steps, panel


def _sessions():
    out = []
    for fn in sorted(os.listdir(os.path.join(bb.ROOT, "tests", "portable"))):
        if fn.startswith("ui_session_") and fn.endswith(".py"):
            mod = __import__(fn[:-3])
            out += [name for name, _s in mod.SESSIONS]
    return out


@pytest.mark.parametrize("name", _sessions())
def test_session_on_blinka_displayio_equals_the_simulator(name, tmp_path):
    script = rp2.session_script(name)
    data = str(tmp_path)
    steps, panel = play(script, data)
    seeds = rp2.seeds_from_log(rp2.read_log(data))
    # A share (PL-19) makes the device's id from a seed the log does not
    # name: the simulator starts with the id the device made.
    made = {}
    if os.path.exists(os.path.join(data, share.DEVICE_FILE)):
        with open(os.path.join(data, share.DEVICE_FILE)) as f:
            made[share.DEVICE_FILE] = f.read()
    frames = rp2.sim_frames(script, seeds, board="badger2040", start_files=made)
    assert len(steps) == len(frames)
    bad = [(i, tok, rp2.diff_count(st["picture"], frame), st["refreshes"], nreq)
           for i, (st, (tok, frame, nreq)) in enumerate(zip(steps, frames))
           if st["picture"] != frame or (st["refreshes"] > 0) != (nreq > 0)]
    assert not bad, "steps that differ (step, token, pixels, refreshes, requests): %r" % bad[:8]
    assert panel.errors == [], panel.errors[:5]
    # the boot: the panel's OTP waveform; presses: the LUT registers (PL-15)
    assert panel.refreshes[0][1] == "otp"
    assert any(kind == "lut" for _t, kind, _p in panel.refreshes)
    # the LUTs' own times: 93 frames of Pimoroni's fast waveform for a new
    # screen, 26 of its turbo one for a window (PL-18), at 100 Hz
    assert 930 in panel.busy_ms and 260 in panel.busy_ms
    # no minimum time between refreshes beyond the panel's BUSY (the board's
    # seconds_per_frame is 2 s): the press after a turbo window gets its
    # refresh well within a second of that window's
    starts = [t for t, _k, _p in panel.refreshes]
    assert min(b - a for a, b, w in zip(starts, starts[1:], panel.busy_ms) if w == 260) < 1000


def test_blinka_differs_where_the_stand_in_says():
    # Blinka 2.7.1's EPaperDisplay as it is (the list in docs/circuitpython-internals.md):
    # time_to_refresh in milliseconds, and no buffer protocol on Bitmap.
    vc = cpyfakes.VClock()
    panel = bb.UC8151(vc)
    board = bb.install(panel, vc)
    import displayio
    import epaperdisplay
    bm = displayio.Bitmap(296, 128, 2)
    with pytest.raises(TypeError):
        memoryview(bm)
    d = board.DISPLAY
    pal = displayio.Palette(2)
    g = displayio.Group()
    g.append(displayio.TileGrid(bm, pixel_shader=pal))
    d.root_group = g
    d.refresh()
    assert 1.9 < d.time_to_refresh <= 2.1                        # seconds, as CircuitPython
    assert epaperdisplay.EPaperDisplay.time_to_refresh.fget(d) > 1000   # Blinka: milliseconds
    assert d.busy and panel.busy()
    vc.sleep_ms(bb.OTP_MS + 10)
    assert not d.busy


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-x"]))
