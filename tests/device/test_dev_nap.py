# The main loop's wait between presses (usher.device.power.Power.nap): on
# battery the RP2040's light sleep in NAP_MS slices, on USB power the
# POLL_MS wait as before; a tap that falls inside a nap is still seen once,
# with the debounce and long-press timing of usher.device.buttons.
import machine
from devtest import APP, fresh, press_script
from mptest import tmpdir

from usher.device import clock, runtime
from usher.device.buttons import LONG_MS
from usher.device.power import NAP_MS


class EventsApp(APP):
    """The real App; each event the device layer gives it is kept with the
    clock's time."""
    seen = []

    def handle(self, event):
        EventsApp.seen.append((event, clock.ticks_ms()))
        return APP.handle(self, event)


def _boot(script, until, vbus):
    profile, model, vc = fresh("badger2040")
    press_script(vc, profile, script)
    machine.inputs[24] = vbus
    EventsApp.seen = []
    holder = {}

    def keep(rt):
        holder["rt"] = rt

    runtime.main(app_factory=EventsApp, data_dir=tmpdir(), should_stop=lambda: vc.now >= until,
                 on_runtime=keep)
    return holder["rt"], vc


def test_battery_waits_in_light_sleep_and_usb_does_not():
    rt, vc = _boot([], 20000, vbus=0)
    naps = machine.lightsleeps
    assert naps and all(ms == NAP_MS for _t, ms in naps)
    # Once the boot's picture is up the loop sleeps nearly all the time: the
    # last 10 s hold a nap every NAP_MS (no pass between waits at full clock).
    late = [t for t, _ms in naps if t >= 10000]
    assert len(late) >= 10000 // NAP_MS - 2
    rt, vc = _boot([], 20000, vbus=1)
    assert machine.lightsleeps == []


def test_a_short_tap_inside_a_nap_is_seen_once_with_its_timing():
    # A 60 ms tap starting 7 ms into a nap slice, long after the boot.
    start = 12007
    rt, vc = _boot([("DOWN", start, start + 60)], 14000, vbus=0)
    assert [t for t, _ms in machine.lightsleeps if t < start]      # it came while napping
    events = [(e, t) for e, t in EventsApp.seen if e[1] == "DOWN"]
    assert [e for e, _t in events] == [("press", "DOWN"), ("release", "DOWN")]
    (_p, t_press), (_r, t_release) = events
    # seen at the end of the nap it fell in, and released 60 ms later
    # (to the next read: a poll or a nap's end)
    assert start <= t_press <= start + NAP_MS
    assert 60 - NAP_MS <= t_release - t_press <= 60 + NAP_MS


def test_a_held_button_gets_its_long_press_on_time_after_a_nap():
    start = 12003
    rt, vc = _boot([("A", start, start + LONG_MS + 300)], 14000, vbus=0)
    events = [(e, t) for e, t in EventsApp.seen if e[1] == "A"]
    assert [e[0] for e, _t in events] == ["press", "long", "release"]
    t_press, t_long = events[0][1], events[1][1]
    # no nap while the button is down: the long press comes at the first
    # poll (POLL_MS, or BUSY_POLL_MS while the press's refresh runs) after
    # LONG_MS
    assert LONG_MS <= t_long - t_press <= LONG_MS + runtime.BUSY_POLL_MS
    assert not [t for t, _ms in machine.lightsleeps if t_press <= t < t_long]


def test_the_wait_for_a_refresh_is_a_nap_once_the_buttons_rest():
    # bench/energy.py: the loop's passes while the panel refreshes waited at
    # full clock (7% of a game night's chip time); with the buttons at rest
    # run() naps them (BUSY_POLL_MS, the BUSY read at each wake as before),
    # with a button down it polls.
    rt, vc = _boot([], 12000, vbus=0)
    real = rt.display.ready
    rt.display.ready = lambda: False          # a refresh under way
    try:
        assert rt.step(vc.now) == runtime.BUSY_POLL_MS and rt.idle
        rt.buttons.logic.states["DOWN"].stable = True     # a button held
        assert rt.step(vc.now) == runtime.BUSY_POLL_MS and not rt.idle
    finally:
        rt.display.ready = real
        rt.buttons.logic.states["DOWN"].stable = False
