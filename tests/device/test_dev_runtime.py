# The device main loop on the fake board with the real App: resume (PL-8),
# safe mode, the crash screen, a stuck panel, idle power-off and wake (PL-9),
# the boot log (PL-10).
import json

import machine
from devtest import APP, SEATWARS_ROW, command_bytes, console_text, fresh, press_script
from mptest import tmpdir
from panel_model import expected_image

from usher.core import storage
from usher.device import boards, runtime, trace, uc8151
from usher.device.log import read_all
from usher.ui.canvas import new_canvas
from usher.ui.history import History
from usher.ui.screens import Launcher


def _boot(data_dir, script, until, vbus=1, app=APP):
    profile, model, vc = fresh("badger2040")
    press_script(vc, profile, script)
    machine.inputs[24] = vbus
    holder = {}

    def keep(rt):
        holder["rt"] = rt

    result = runtime.main(app_factory=app, data_dir=data_dir,
                          should_stop=lambda: vc.now >= until, on_runtime=keep)
    return result, holder.get("rt"), model, vc


def _run_until(rt, vc, until):
    rt.run(lambda: vc.now >= until)


def _taps(names, start, gap=300, hold=100):
    """A script of short presses, one every gap ms from start."""
    return [(b, start + i * gap, start + i * gap + hold) for i, b in enumerate(names)]


def _fresh_picture(data_dir):
    """What a fresh real App started on these files draws."""
    buf, canvas = new_canvas()
    APP(canvas, data_dir).start()
    return expected_image(canvas, False)


# Seat Wars from the launcher with its real screens: 2 players, P1 starts.
START_SEATWARS = ["DOWN"] * SEATWARS_ROW + ["C", "C", "C"]
# One action on Seat Wars' turn screen: B opens "End turn", C confirms it.
END_TURN = ["B", "C"]


def test_pl8_boot_resumes_the_saved_game_on_the_same_screen():
    d = tmpdir()
    script = _taps(START_SEATWARS + END_TURN * 2 + ["A"], 1500)
    result, rt, model, vc = _boot(d, script, 5500)
    assert result == "stopped"
    assert rt.app.game_id == "seatwars" and len(rt.app.record["actions"]) == 2
    assert isinstance(rt.app.top(), History)
    shown_before = bytearray(model.shown)
    # Power cut, then boot again with no button: same game, same screen, same picture.
    result, rt2, model2, vc2 = _boot(d, [], 3000)
    assert rt2.app.record == rt.app.record
    assert isinstance(rt2.app.top(), History)
    assert model2.refreshes[0][0] == "clean"
    assert model2.shown == shown_before
    assert model2.shown == expected_image(rt2.canvas, False)
    kinds = [e["k"] for e in read_all(d + "/log")]
    assert kinds.count("boot") == 2 and kinds.count("resume") == 2
    # the device derives the actions from the save, on every filesystem (PL-17)
    assert kinds.count("game") == 1 and kinds.count("action") == 0
    resumes = [(e["d"]["game"], e["d"]["actions"]) for e in read_all(d + "/log") if e["k"] == "resume"]
    assert resumes == [(None, 0), ("seatwars", 2)], resumes


def test_pl18_after_the_boots_clean_picture_the_panel_is_set_up_before_the_first_press():
    # The boot's picture is a clean refresh; the set-up the next
    # turbo window needs (reset, registers, power cycle: epaper.Panel.prepare)
    # is done once it has ended, while no button is pressed, not on the press.
    d = tmpdir()
    result, rt, model, vc = _boot(d, _taps(["DOWN"], 6000), 5900)
    assert model.refreshes == [("clean", None)]
    assert rt.display.speed == uc8151.SPEED_TURBO and rt.refreshed is False
    before = command_bytes(boards.BOARDS["badger2040"])
    _run_until(rt, vc, 7000)
    after = command_bytes(boards.BOARDS["badger2040"])[len(before):]
    assert model.refreshes[-1][0] == "turbo", model.refreshes
    assert 0x00 not in after and 0x20 not in after, after    # no PSR, no LUTs on the press
    assert model.shown == expected_image(rt.canvas, False)


def test_pl10_boot_lines_reach_the_flash_once_the_first_picture_is_under_way():
    # The "boot" and "resume" lines are held in RAM through the
    # boot and written in one append right after the first refresh starts.
    d = tmpdir()
    profile, model, vc = fresh("badger2040")
    machine.inputs[24] = 1
    at_first = []

    def keep(rt):
        def shown(r):
            if not at_first:
                at_first.append([e["k"] for e in read_all(d + "/log")])
        rt.on_shown = shown

    runtime.main(app_factory=APP, data_dir=d, should_stop=lambda: vc.now >= 3000, on_runtime=keep)
    assert at_first == [[]], at_first
    assert model.refreshes[0][0] == "clean"
    assert [e["k"] for e in read_all(d + "/log")] == ["boot", "resume"]


def test_a_first_boot_makes_no_folder_before_its_picture():
    # On a fresh littlefs a folder costs an erase: the data folder and the
    # log's are made after the first picture is under way (the log's first
    # append) and before the first press is answered (App.handle), so the
    # boot's lines and the first game still reach the flash.
    import os
    d = tmpdir() + "/data"
    profile, model, vc = fresh("badger2040")
    press_script(vc, profile, _taps(START_SEATWARS, 1500))
    machine.inputs[24] = 1
    at_first = []

    def exists(path):
        try:
            os.stat(path)
            return True
        except OSError:
            return False

    def keep(rt):
        def shown(r):
            if not at_first:
                at_first.append(exists(d))
        rt.on_shown = shown

    runtime.main(app_factory=APP, data_dir=d, should_stop=lambda: vc.now >= 4500, on_runtime=keep)
    assert at_first == [False], at_first
    kinds = [e["k"] for e in read_all(d + "/log")]
    assert kinds[:2] == ["boot", "resume"] and "game" in kinds, kinds
    saved, source = storage.load(d + "/game.json")
    assert source == "main" and saved["game"] == "seatwars", (saved, source)


def test_the_history_folder_is_made_with_the_first_picture_not_by_the_first_keep():
    # On littlefs a new folder costs an erase: the history's is made while
    # the panel shows the boot's first picture (Runtime.boot_folders), so
    # the press that keeps the first play does not pay it. Not before that
    # picture; once per boot; a second boot finds it.
    d = tmpdir() + "/data"
    profile, model, vc = fresh("badger2040")
    machine.inputs[24] = 1
    at_first = []
    made = []

    class Counting(APP):
        def make_folders(self):
            made.append(vc.now)
            return APP.make_folders(self)

    def keep(rt):
        def shown(r):
            at_first.append(storage.exists(d + "/history"))
        rt.on_shown = shown

    runtime.main(app_factory=Counting, data_dir=d, should_stop=lambda: vc.now >= 3000, on_runtime=keep)
    assert at_first[:1] == [False], at_first
    assert storage.exists(d + "/history") and len(made) == 1, made
    assert "error" not in [e["k"] for e in read_all(d + "/log")]
    profile, model, vc = fresh("badger2040")
    result, rt, model, vc = _boot(d, [], 3000, app=Counting)
    assert result == "stopped" and len(made) == 2 and not rt.crashed
    assert model.refreshes[0][0] == "clean"


def test_the_board_profiles_leave_ram_after_the_boot():
    # usher.unload: the profile chosen stays with the runtime's parts, the
    # module and the other profiles go (about 0.8 KB on the board).
    import sys
    import usher.device
    d = tmpdir()
    result, rt, model, vc = _boot(d, _taps(["DOWN"], 1500), 3000)
    assert result == "stopped" and not rt.crashed
    assert "usher.device.boards" not in sys.modules and "boards" not in usher.device.__dict__
    assert rt.services["board"] == "badger2040" and model.refreshes[-1][0] == "turbo"
    assert model.shown == expected_image(rt.canvas, False)
    from usher.device import boards as again    # a later import finds it on flash
    assert again.BOARDS["badger2040"]["panel"] == "uc8151"


def test_a_filesystem_that_refuses_the_folder_does_not_stop_the_boot():
    # CircuitPython's drive is read-only to the device while a computer
    # writes to it: the boot goes on, and the first keep tries again.
    d = tmpdir()

    class Refused(APP):
        def make_folders(self):
            raise OSError(30)

    result, rt, model, vc = _boot(d, _taps(["DOWN"], 1500), 3000, app=Refused)
    assert result == "stopped" and not rt.crashed and not rt.folders_due
    assert [f[0] for f in model.refreshes] == ["clean", "turbo"], model.refreshes
    assert not storage.exists(d + "/history")
    assert model.shown == expected_image(rt.canvas, False)


def test_pl10_a_games_log_line_is_on_flash_before_its_picture():
    # Only a boot's or a wake's lines wait for the picture (FlashLog.hold);
    # the "game" line of the press that starts a game is written
    # at once, after the game's save (PL-8, docs/log-format.md).
    import os
    d = tmpdir()
    profile, model, vc = fresh("badger2040")
    press_script(vc, profile, _taps(START_SEATWARS, 1500))
    machine.inputs[24] = 1
    seen = []

    def keep(rt):
        def shown(r):
            if rt.app is not None and rt.app.game_id == "seatwars" and not seen:
                seen.append(([e["k"] for e in read_all(d + "/log")].count("game"),
                             "game.json" in os.listdir(d)))
        rt.on_shown = shown

    runtime.main(app_factory=APP, data_dir=d, should_stop=lambda: vc.now >= 4500, on_runtime=keep)
    assert seen == [(1, True)], seen


def test_safe_mode_when_a_button_is_held_at_boot():
    d = tmpdir()
    made = []

    def factory(canvas, data_dir, services):
        made.append(1)
        return APP(canvas, data_dir, services)

    result, rt, model, vc = _boot(d, [("A", 0, 6000)], 8000, app=factory)
    assert result == "safe"
    assert made == [] and rt is None
    assert [e for e in machine.log if e[0] == "spi"] == []       # panel untouched
    boots = [e for e in read_all(d + "/log") if e["k"] == "boot"]
    assert boots[-1]["d"]["safe_mode"] is True
    assert console_text().startswith("Usher safe mode: the app was not started.")


def test_short_press_at_boot_is_a_wake_not_safe_mode_nor_a_press():
    d = tmpdir()
    # C held at boot would choose the launcher's first row if it counted.
    result, rt, model, vc = _boot(d, [("C", 0, 400)], 3000)
    assert result == "stopped" and rt.app is not None
    assert len(rt.app.stack) == 1 and isinstance(rt.app.top(), Launcher)
    assert rt.app.record is None


class CrashingApp(APP):
    """The real App with a bug that escapes its own error handling: the
    device layer's last line of defence is what this test checks."""

    def handle(self, event):
        if event == ("press", "UP"):
            raise RuntimeError("crash on press UP")
        return APP.handle(self, event)


def test_crash_shows_error_screen_logs_traceback_and_restarts_on_a_key():
    d = tmpdir()
    script = _taps(START_SEATWARS + END_TURN + ["UP"], 1500) + [("C", 4500, 4600)]
    result, rt, model, vc = _boot(d, script, 4200, app=CrashingApp)
    assert rt.crashed
    errors = [e for e in read_all(d + "/log") if e["k"] == "error"]
    assert "crash on press UP" in errors[0]["d"] and "Traceback" in errors[0]["d"]
    # The console got the same traceback (kept by the test, not printed).
    assert "RuntimeError: crash on press UP" in console_text()
    # The app's own error screen is what the panel shows.
    assert model.shown == expected_image(rt.canvas, False)
    assert model.refreshes[-1][0] == "clean"
    _run_until(rt, vc, 5500)
    # C restarted the app from its saved game (one action).
    assert not rt.crashed
    assert rt.app.game_id == "seatwars" and len(rt.app.record["actions"]) == 1
    assert model.shown == _fresh_picture(d)


def test_stuck_busy_line_becomes_an_error_not_a_hang():
    d = tmpdir()
    result, rt, model, vc = _boot(d, [("DOWN", 3000, 3100), ("A", 60000, 60100)], 2000)
    model.stuck = True
    _run_until(rt, vc, 40000)
    errors = [e["d"] for e in read_all(d + "/log") if e["k"] == "error"]
    assert errors and "BusyTimeout" in errors[0] and "busy" in errors[0], errors
    assert "BusyTimeout" in console_text()
    assert rt.crashed
    model.stuck = False                          # cable reseated
    _run_until(rt, vc, 62000)
    assert not rt.crashed
    assert model.shown == expected_image(rt.canvas, False)


def test_broken_app_import_still_shows_an_error_screen():
    # A deliberate failure: the factory raises the ImportError a firmware
    # without usher/ui would; its traceback goes to the (captured) console.
    d = tmpdir()

    def factory(canvas, data_dir, services):
        raise ImportError("no module named 'usher.ui.app' (deliberate, test)")

    result, rt, model, vc = _boot(d, [], 2000, app=factory)
    assert rt.crashed and rt.app is None
    assert model.refreshes and model.refreshes[-1][0] == "clean"
    assert model.shown == expected_image(rt.canvas, False)
    # Some pixels are black: the fallback screen has text and a key bar.
    assert bytes(model.shown) != bytes(b"\xff" * len(model.shown))
    errors = [e["d"] for e in read_all(d + "/log") if e["k"] == "error"]
    assert "ImportError" in errors[0]
    assert "deliberate, test" in console_text()


def test_pl9_idle_power_off_on_battery_then_wake_resumes():
    d = tmpdir()
    storage.save(d + "/device.json", {"board": "badger2040", "idle_s": 60})
    script = _taps(START_SEATWARS + END_TURN, 1500) + [("B", 100000, 100100)]
    result, rt, model, vc = _boot(d, script, 30000, vbus=0)
    assert not rt.asleep and machine.levels[10] == 1       # latch held
    _run_until(rt, vc, 70000)
    assert rt.asleep
    model.flush()
    assert model.asleep                                    # panel put to sleep
    assert machine.levels[10] == 0                         # latch released
    # The "sleeping" mark was drawn and shown before the panel slept.
    assert model.shown == expected_image(rt.canvas, False)
    infos = [e["d"] for e in read_all(d + "/log") if e["k"] == "info"]
    assert "idle power-off" in infos
    # Still running (the fake board cannot lose power): a press wakes it and
    # resumes the game without acting on the press (B would open the menu).
    _run_until(rt, vc, 102000)
    assert not rt.asleep and not model.asleep
    assert len(rt.app.record["actions"]) == 1 and rt.app.top().route == "game"
    assert model.refreshes[-1][0] == "clean"
    assert model.shown == _fresh_picture(d)


def test_pl9_idle_time_is_the_apps_sleep_setting_unless_device_json_fixes_it():
    d = tmpdir()
    # 1 min in the App's settings (the device layer's own default is 5 min).
    storage.save(d + "/ui.json", {"routes": ["launcher"], "settings": {"sleep_min": 1}})
    result, rt, model, vc = _boot(d, [], 1000 + 60000 - 500, vbus=0)
    assert not rt.asleep
    _run_until(rt, vc, 1000 + 60000 + 500)
    assert rt.asleep
    # device.json "idle_s" wins over the App's setting.
    storage.save(d + "/device.json", {"idle_s": 600})
    result, rt, model, vc = _boot(d, [], 1000 + 5 * 60000, vbus=0)
    assert not rt.asleep


def test_pl9_a_sleep_setting_changed_on_the_board_counts_from_the_next_press():
    # The loop keeps the idle limit between presses; a press that
    # changes it in Settings must not leave the old limit behind.
    d = tmpdir()
    storage.save(d + "/ui.json", {"routes": ["launcher", "settings"], "settings": {"sleep_min": 2}})
    # Settings: About, Clean refresh, Sleep after (2 min) -> the choice, UP to 1 min, C.
    script = _taps(["DOWN", "DOWN", "C", "UP", "C"], 1500)
    last = script[-1][2]
    result, rt, model, vc = _boot(d, script, last + 60000 - 500, vbus=0)
    assert rt.app.setting("sleep_min") == 1
    assert not rt.asleep
    _run_until(rt, vc, last + 60000 + 500)
    assert rt.asleep


def _after_boot():
    """(data folder, runtime, panel model, clock) once the boot's clean
    refresh is over, on USB power, no button pressed."""
    d = tmpdir()
    result, rt, model, vc = _boot(d, [], 1000, vbus=1)
    _run_until(rt, vc, 20000)
    return d, rt, model, vc


def test_the_loop_passes_less_often_while_the_panel_is_busy():
    d, rt, model, vc = _after_boot()
    assert rt.display.ready()
    assert rt.step(vc.now) is None              # run() waits POLL_MS
    rt.request(("fast", 0, 0, 296, 128))
    rt.step(vc.now)                             # starts the refresh
    assert not rt.display.ready()
    assert rt.step(vc.now) == runtime.BUSY_POLL_MS > runtime.POLL_MS


def test_pl9_no_power_off_on_usb():
    d = tmpdir()
    with open(d + "/device.json", "w") as f:
        f.write(json.dumps({"idle_s": 10}))
    result, rt, model, vc = _boot(d, [], 60000, vbus=1)
    assert not rt.asleep and machine.levels[10] == 1


def test_pl15_merge_keeps_the_strongest_mode_and_joins_partial_windows():
    merge = runtime.merge
    assert merge(None, ("fast", 0, 0, 296, 128)) == runtime.FAST
    assert merge(("partial", 0, 8, 296, 16), ("partial", 0, 40, 296, 8)) == ("partial", 0, 8, 296, 40)
    assert merge(("partial", 0, 8, 296, 16), ("fast", 0, 0, 296, 128)) == runtime.FAST
    assert merge(runtime.FAST, ("clean", 0, 0, 296, 128)) == runtime.CLEAN
    assert merge(runtime.CLEAN, ("partial", 0, 0, 296, 8)) == runtime.CLEAN


def test_pl15_a_game_on_the_board_is_mostly_fast_and_partial_updates():
    d = tmpdir()
    script = _taps(START_SEATWARS + END_TURN * 3 + ["A", "A"], 1500)
    result, rt, model, vc = _boot(d, script, 6000)
    kinds = [k for k, w in model.refreshes]
    # Boot and the new game are clean; the screens in between are fast
    # updates of the whole panel or windows, with the turbo waveform (PL-15,
    # PL-18).
    assert kinds[0] == "clean" and kinds.count("clean") == 2, kinds
    assert "fast" in kinds and "turbo" in kinds, kinds
    assert model.shown == expected_image(rt.canvas, False)


def test_trace_counts_each_phase_and_changes_no_picture():
    # device.json "trace": true (diagnostics for bench/rp2_profile.py
    # --phases): the phase counters sit behind their marker and grow; the
    # pictures and the saved game are those of an untraced boot.
    plain = tmpdir()
    traced = tmpdir()
    storage.save(traced + "/device.json", {"trace": True})
    script = _taps(START_SEATWARS + END_TURN, 1500)
    _, rt0, model0, _ = _boot(plain, script, 5000)
    # The boot's first picture is drawn outside any press (App.start), so
    # "draw" holds time that "handle" does not: on a loaded machine that
    # first draw can outlast every press's handling. Only what the presses
    # add is compared (draw and save sit inside handle there).
    _, rt, model, vc = _boot(traced, script, 1400)
    at_boot = list(rt.trace.t)
    _run_until(rt, vc, 5000)
    try:
        assert rt0.trace is None and rt.trace is not None
        t = rt.trace.t
        assert tuple(t[:2]) == trace.Trace.MARK
        assert all(t[i] > 0 for i in range(2, 7)), list(t)
        handle, draw, save, log_us, refresh = [t[i] - at_boot[i] for i in range(2, 7)]
        assert handle > 0 and draw > 0 and save > 0 and log_us > 0 and refresh > 0
        assert draw < handle and save < handle
    finally:
        rt.trace.uninstall()
    assert model.refreshes == model0.refreshes and model.shown == model0.shown
    assert rt.app.record == rt0.app.record


def test_trace_passes_keyword_arguments_through():
    # The game's base is saved with storage.save(path, rec, backup=True): a
    # traced boot must start games as an untraced one does (on the chip, a
    # wrapper without keywords made every new game a crash screen).
    t = trace.Trace()
    timed = t.wrap(2, lambda path, rec, backup=False: (path, rec, backup))
    assert timed("game.json", {"a": 1}, backup=True) == ("game.json", {"a": 1}, True)
    assert timed("game.json", 2) == ("game.json", 2, False)


def test_flash_upkeep_runs_while_each_picture_shows():
    # littlefs's janitorial work (MicroPythonBackend.flash_janitor) runs
    # once per refresh, right after the refresh has started: the press's
    # saves are on flash before it (PL-8) and its compaction, if any, falls
    # in the panel's BUSY rather than in a later press.
    d, rt, model, vc = _after_boot()
    at = []

    def janitor():
        at.append((len(model.refreshes), rt.display.ready()))
        return True

    rt.janitor = janitor
    rt.request(("partial", 0, 32, 296, 16))
    rt.step(vc.now)
    assert at == [(2, False)], at           # after the second refresh's start, the panel busy
    rt.step(vc.now)
    assert len(at) == 1                     # nothing new shown: no upkeep


def test_a_failing_flash_upkeep_is_logged_once_and_dropped():
    d, rt, model, vc = _after_boot()
    calls = []

    def janitor():
        calls.append(1)
        raise OSError(5)

    rt.janitor = janitor
    for y in (32, 48):
        _run_until(rt, vc, vc.now + 5000)
        rt.request(("partial", 0, y, 296, 16))
        rt.step(vc.now)
    assert calls == [1] and rt.janitor is None and not rt.crashed
    errors = [e["d"] for e in read_all(d + "/log") if e["k"] == "error"]
    assert len(errors) == 1 and "flash upkeep" in errors[0], errors
