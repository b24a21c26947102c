# The CircuitPython device layer (usher.device.circuitpython) on
# CircuitPython's unix port, with the shared boot and main loop
# (usher.device.runtime.main) and the real App: the picture in the real
# displayio.Bitmap equals the simulator's frame (pyframebuf) after every
# refresh; the refresh policy (waveform per request, the minimum time between
# refreshes, presses in between merged); keypad buttons with the shared
# ButtonLogic; the latch, VBUS and battery; light sleep through alarm on USB;
# safe mode. Run by `make test-cpy-device` (tests/portable/run.py --dir=tests/cpydevice).
import sys

import cpyfakes
from mptest import tmpdir

from usher.device import clock, runtime
from usher.device.log import read_all
from usher.device.circuitpython import display as cpdisplay
from usher.device.circuitpython.backend import CircuitPythonBackend, firmware_label
from usher.device.uc8151_luts import fast_luts, turbo_luts
from usher.device.waveform import TURBO_IN_A_ROW
from usher.ui import pyframebuf
from usher.ui.app import App

BADGER = {"A": 12, "B": 13, "C": 14, "UP": 15, "DOWN": 11}


def _setup(taps, vbus=True):
    """Fake board with the taps [(button, t_down, t_up)] on its pins."""
    vc = cpyfakes.VClock()
    clock.ticks_ms = vc.ticks_ms
    clock.ticks_diff = vc.ticks_diff
    clock.sleep_ms = vc.sleep_ms
    board = cpyfakes.install()
    for name in BADGER:
        def read(now, name=name):
            for b, t0, t1 in taps:
                if b == name and t0 <= now < t1:
                    return True
            return False
        cpyfakes.LEVELS[BADGER[name]] = read
    cpyfakes.LEVELS[24] = vbus
    printed = []
    runtime.console = lambda *a: printed.append(" ".join(str(x) for x in a))
    return vc, board, printed


def _boot(taps, until, vbus=True, data=None, backend=None):
    vc, board, printed = _setup(taps, vbus)
    be = backend or CircuitPythonBackend(displayio=cpyfakes.FakeDisplayio())
    holder = {"data": data or tmpdir()}
    result = runtime.main(data_dir=holder["data"], should_stop=lambda: vc.now >= until,
                          on_runtime=lambda rt: holder.setdefault("rt", rt), backend=be)
    return result, holder.get("rt"), board, be, vc, printed


def _frames(keys, data=None):
    """The simulator's frames: the App on pyframebuf after start and after
    each tap, its new games given the seeds the device logged in data."""
    buf = bytearray(296 * 128 // 8)
    app = App(pyframebuf.FrameBuffer(buf, 296, 128, pyframebuf.MONO_HLSB), tmpdir(), {})
    seeds = []
    if data is not None:
        seeds = [e["d"]["seed"] for e in read_all(data + "/log") if e.get("k") == "game"]
    app.new_seed = lambda: seeds.pop(0)
    app.start()
    out = [bytes(buf)]
    for k in keys:
        app.handle(("press", k))
        app.handle(("release", k))
        out.append(bytes(buf))
    return out


def _taps(keys, start, gap, hold=80):
    return [(k, start + i * gap, start + i * gap + hold) for i, k in enumerate(keys)]


KEYS = "DOWN,DOWN,C,C,C,B,C,UP".split(",")


def test_boot_shows_the_launcher_on_board_display_as_the_simulator_draws_it():
    result, rt, board, be, vc, printed = _boot([], 3000)
    d = board.DISPLAY
    assert result == "stopped" and not rt.crashed, printed
    assert d.root_group is be.display_obj.group
    assert len(d.pictures) == 1
    t, seq, pic = d.pictures[0]
    assert pic == _frames([])[0]
    assert sum(pic) > 1000                    # the launcher, not a blank panel
    # the boot's clean refresh uses the panel's OTP waveform (PL-15), no LUT sent
    assert seq == cpdisplay.start_sequence(None)
    assert rt.services["firmware"].startswith("CircuitPython ")


def test_each_press_refreshes_the_whole_panel_with_the_simulator_frame():
    # Presses 1.5 s apart: each gets its own refresh once the fast gap and
    # BUSY are over; every picture is the simulator's frame for that press.
    gap = 1500
    data = tmpdir()
    result, rt, board, be, vc, printed = _boot(_taps(KEYS, 6000, gap), 6000 + gap * len(KEYS) + 3000,
                                               data=data)
    want = _frames(KEYS, data)
    fast = cpdisplay.start_sequence(fast_luts())
    turbo = cpdisplay.start_sequence(turbo_luts())
    shown = board.DISPLAY.pictures
    # 3 s after the last press the windows turbo touched get their fast
    # update (PL-18): here the whole panel again, the same picture.
    last_press = 6000 + gap * (len(KEYS) - 1)
    rest = shown[-1]
    assert rest[0] >= last_press + 3000 and rest[1] == fast and rest[2] == shown[-2][2]
    pics = [p for _t, _s, p in shown[:-1]]
    distinct = [want[0]]
    for f in want[1:]:
        if f != distinct[-1]:
            distinct.append(f)
    assert pics == distinct, (len(pics), len(distinct))
    assert board.DISPLAY.too_soon == 0
    seqs = [s for _t, s, _p in shown]
    assert fast in seqs[1:]                       # moves use Pimoroni's fast LUTs (PL-15)
    assert turbo in seqs[1:]                      # windows Pimoroni's turbo LUTs (PL-18)
    # no minimum time between refreshes beyond the panel's BUSY
    assert board.DISPLAY.ms_per_frame == 0


def test_presses_inside_the_minimum_time_are_merged_into_one_newer_picture():
    # Four presses 150 ms apart while a refresh is under way: the panel shows
    # the last of them once it may refresh again, not a queue of four.
    keys = ["DOWN", "DOWN", "DOWN", "UP"]
    data = tmpdir()
    result, rt, board, be, vc, printed = _boot(_taps(keys, 6000, 150), 12000, data=data)
    pics = board.DISPLAY.pictures
    want = _frames(keys, data)
    assert pics[-1][2] == want[-1]
    if len(pics) == 4:
        # the windows' fast update 3 s after the last press (PL-18)
        assert pics[-1][0] >= 6450 + 3000 and pics[-1][2] == pics[-2][2]
        pics = pics[:-1]
    assert len(pics) <= 3, len(pics)              # boot, the first press, the merged rest
    times = [t for t, _s, _p in pics]
    for a, b in zip(times, times[1:]):
        assert b - a >= int(cpdisplay.GAP_S * 1000)


def test_pl18_turbo_over_the_whole_panel_at_most_8_in_a_row_then_fast():
    # EPaperDisplay always refreshes the whole panel: a window's turbo
    # waveform drives every row, so the panel itself takes at most
    # TURBO_IN_A_ROW turbo refreshes before a fast one (PL-18).
    panel = cpdisplay.DisplayioPanel(bytearray(296 * 128 // 8), display=cpyfakes.EPaperDisplay(),
                                     displayio=cpyfakes.FakeDisplayio())
    assert panel.TURBO is True
    got = [panel.waveform("turbo") for _ in range(TURBO_IN_A_ROW * 2 + 2)]
    assert TURBO_IN_A_ROW == 8
    assert got == (["turbo"] * 8 + ["fast"]) * 2
    assert [panel.waveform(m) for m in ("turbo", "partial", "turbo", "clean", "turbo")] == \
        ["turbo", "fast", "turbo", "clean", "turbo"]
    assert panel.waveform("fast") == "fast"


def test_pl18_each_waveform_is_its_own_start_sequence_of_luts():
    vc, board, printed = _setup([])
    d = cpyfakes.EPaperDisplay()
    panel = cpdisplay.DisplayioPanel(bytearray(296 * 128 // 8), display=d,
                                     displayio=cpyfakes.FakeDisplayio())
    panel.init()
    seen = []
    for mode in ("clean", "turbo", "fast", "partial", "turbo"):
        panel.show(mode)
        seen.append(d.pictures[-1][1])
    assert seen == [cpdisplay.start_sequence(None), cpdisplay.start_sequence(turbo_luts()),
                    cpdisplay.start_sequence(fast_luts()), cpdisplay.start_sequence(fast_luts()),
                    cpdisplay.start_sequence(turbo_luts())]
    assert panel.counts == {"clean": 1, "fast": 1, "partial": 1, "turbo": 2}
    assert d.too_soon == 0 and d.ms_per_frame == 0


def test_safe_mode_when_a_button_is_held_at_boot():
    result, rt, board, be, vc, printed = _boot([("A", 0, 10 ** 6)], 8000)
    assert result == "safe"
    assert "CIRCUITPY" in "\n".join(printed)
    assert board.DISPLAY.pictures == []


def test_battery_latch_and_idle_power_off_on_battery():
    from usher.device.circuitpython.power import CircuitPythonPower
    vc, board, printed = _setup([], vbus=False)
    cpyfakes.ANALOG[29] = 26000           # VBAT / 3
    cpyfakes.ANALOG[28] = 32767           # 1.24 V reference
    from usher.device.boards import BADGER2040
    p = CircuitPythonPower(BADGER2040, {"battery": "aaa", "idle_s": 30})
    assert p.latch is board.ENABLE_DIO and p.latch.value is True
    mv = p.battery_mv()
    assert mv == 26000 * 3 * 1240 // 32767       # 2951 mV
    assert p.battery_percent() == (mv - 2200) * 100 // (3100 - 2200)
    assert not cpyfakes.IN_USE & {27, 28, 29}    # the ADC pins are released again
    assert p.can_switch_off() and p.idle_ms == 30000
    p.power_off()
    assert board.ENABLE_DIO.value is False


def test_idle_on_battery_drops_the_latch_after_the_sleep_mark():
    data = tmpdir()
    with open(data + "/device.json", "w") as f:
        f.write('{"idle_s": 20}')
    sys.modules["alarm"] = None          # no press comes: stop at the latch
    result, rt, board, be, vc, printed = _boot([], 40000, vbus=False, data=data)
    assert board.ENABLE_DIO.value is False
    assert rt.asleep
    assert len(board.DISPLAY.pictures) == 2          # the launcher, then its sleep mark
    assert any(e["k"] == "info" and e["d"] == "idle power-off" for e in read_all(data + "/log"))


def test_still_powered_after_the_latch_it_waits_in_light_sleep_and_a_press_wakes_it():
    # On battery the latch cuts the power (no current at all, better than any
    # sleep mode). Should the board stay powered, it waits for a button in
    # alarm.light_sleep_until_alarms instead of polling, then wakes as on
    # MicroPython with the latch held again. (On USB it never sleeps: PL-9.)
    data = tmpdir()
    with open(data + "/device.json", "w") as f:
        f.write('{"idle_s": 20}')
    result, rt, board, be, vc, printed = _boot([("DOWN", 60000, 60100)], 70000, vbus=False,
                                               data=data)
    alarm = sys.modules["alarm"]
    assert be.sleeps == 1 and alarm.slept, read_all(data + "/log")
    t0, t1 = alarm.slept[0]
    assert t0 > 20000 and 60000 <= t1 < 60100
    assert not rt.asleep and not rt.crashed
    assert board.ENABLE_DIO.value is True       # held again after the wake
    assert be.buttons_obj.keys is not None      # keypad has its pins back
    # the wake redraws the launcher (as at boot: on battery it shows the
    # level) with a clean refresh
    pics = board.DISPLAY.pictures
    assert len(pics) == 3 and pics[-1][2] == pics[0][2] != pics[1][2]
    assert board.DISPLAY.pictures[-1][1] == cpdisplay.start_sequence(None)


def test_firmware_label_and_refresh_sequences():
    assert firmware_label(True, "10.2.1") == "CircuitPython 10.2.1, image"
    assert firmware_label(False, "10.2.1") == "CircuitPython 10.2.1, files"
    seq = cpdisplay.start_sequence(fast_luts())
    # command, length (0x80: a delay follows), data: parse it back
    i = 0
    cmds = []
    while i < len(seq):
        c, n = seq[i], seq[i + 1]
        data = seq[i + 2:i + 2 + (n & 0x7F)]
        cmds.append((c, bytes(data)))
        i += 2 + (n & 0x7F) + (1 if n & 0x80 else 0)
    assert [c for c, _d in cmds][:9] == [0x01, 0x04, 0x06, 0x00, 0x03, 0x41, 0x60, 0x50, 0x30]
    assert seq[7:9] == b"\x04\x00"              # PON without the fixed delay: BUSY is waited for
    assert cmds[3][1] == b"\xbf"                 # LUTs from the registers
    luts = fast_luts()
    assert [c for c, _d in cmds[9:]] == [0x20, 0x21, 0x22, 0x23, 0x24]
    for c, d in cmds[9:]:
        assert d == luts[c]
    clean = cpdisplay.start_sequence(None)
    assert clean[:len(clean)] == seq[:len(clean)].replace(b"\x00\x01\xbf", b"\x00\x01\x9f")
    assert len(clean) == len(seq) - sum(2 + len(d) for _c, d in cmds[9:])


class _ScriptedKeypad:
    """keypad with a scripted event queue (key, pressed, timestamp)."""

    def __init__(self):
        self.queue = []
        outer = self

        class Event:
            key_number = 0
            pressed = False
            timestamp = 0

        class Queue:
            def get_into(self, ev):
                if not outer.queue:
                    return False
                ev.key_number, ev.pressed, ev.timestamp = outer.queue.pop(0)
                return True

        class Keys:
            def __init__(self, pins, value_when_pressed=True, pull=True, interval=0.02):
                self.events = Queue()

            def deinit(self):
                pass

        self.Event = Event
        self.Keys = Keys


def test_pl7_a_tap_during_a_long_pass_is_a_press_and_release_by_keypad_timestamps():
    # The main loop can be away for half a second (a redraw and a refresh):
    # keypad's timestamps say the tap lasted 80 ms, so no auto-repeat or
    # long press comes from it; a real hold still repeats.
    from usher.device.boards import BADGER2040
    from usher.device.circuitpython.buttons import KeypadButtons
    vc, board, printed = _setup([])
    kp = _ScriptedKeypad()
    b = KeypadButtons(BADGER2040, vc.now, keypad=kp)
    t0 = vc.now + 100
    down = b.names.index("DOWN")
    a = b.names.index("A")
    kp.queue += [(down, True, t0), (down, False, t0 + 80), (a, True, t0 + 100), (a, False, t0 + 180)]
    assert b.poll(t0 + 600) == [("press", "DOWN"), ("release", "DOWN"), ("press", "A"), ("release", "A")]
    kp.queue += [(down, True, t0 + 700)]
    assert b.poll(t0 + 720) == [("press", "DOWN")]     # at its first read (leading-edge debounce)
    assert b.poll(t0 + 1150) == []
    assert b.poll(t0 + 1200) == [("repeat", "DOWN")]   # REPEAT_DELAY_MS after the press
    # held through an 800 ms pass: each 150 ms repeat it was held for (at
    # 1350, 1500, 1650, 1800, 1950), not one per pass; then the release
    assert b.poll(t0 + 2000) == [("repeat", "DOWN")] * 5
    kp.queue += [(down, False, t0 + 2050)]
    assert b.poll(t0 + 2500) == [("release", "DOWN")]


def test_trace_logs_the_free_heap_at_boot_for_the_benches():
    data = tmpdir()
    with open(data + "/device.json", "w") as f:
        f.write('{"trace": true}')
    result, rt, board, be, vc, printed = _boot([], 3000, data=data)
    infos = [e["d"] for e in read_all(data + "/log") if e["k"] == "info" and type(e["d"]) is dict]
    assert len(infos) == 1 and infos[0]["at"] == "boot" and infos[0]["heap_free"] > 10000, infos
