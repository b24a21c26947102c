# PL-18 on the board: the waveform each update gets (turbo for a window,
# fast for another screen, clean after N of PL-15), the ghost bound (a fast
# update of the turbo windows once the buttons rest for 3 s, and at the
# latest after 8 turbo updates of a window in a row) and the "Refresh"
# setting, with the real App on the fake Badger and its UC8151 model.
import machine
from devtest import APP, fresh, press_script
from mptest import tmpdir
from panel_model import expected_image

from usher.core import storage
from usher.device import runtime


def _boot(data_dir, script, until):
    profile, model, vc = fresh("badger2040")
    press_script(vc, profile, script)
    machine.inputs[24] = 1          # on USB: no idle power-off
    holder = {}
    runtime.main(app_factory=APP, data_dir=data_dir, should_stop=lambda: vc.now >= until,
                 on_runtime=lambda rt: holder.__setitem__("rt", rt))
    return holder["rt"], model, vc


def _taps(names, start=1500, gap=300):
    return [(b, start + i * gap, start + i * gap + 100) for i, b in enumerate(names)]


def _end(n, start=1500, gap=300):
    """Just after the n-th tap's update, before the buttons rest 3 s."""
    return start + n * gap + 200


def _kinds(model):
    return [k for k, w in model.refreshes]


def test_pl18_a_window_is_turbo_another_screen_fast_and_clean_after_n():
    d = tmpdir()
    # The launcher's cursor moves (a window), UP from the first row goes to
    # Settings, C opens it (another screen).
    rt, model, vc = _boot(d, _taps(["DOWN", "UP", "UP", "C"]), _end(4))
    assert rt.app.top().route == "settings"
    assert _kinds(model) == ["clean", "turbo", "turbo", "turbo", "fast"], model.refreshes
    assert model.shown == expected_image(rt.canvas, False)
    # PL-15's clean refresh after N updates stays: N = 3 in Settings.
    d = tmpdir()
    storage.save(d + "/ui.json", {"routes": ["launcher"], "settings": {"clean_after": 3}})
    rt, model, vc = _boot(d, _taps(["DOWN", "UP", "DOWN", "UP", "DOWN"]), _end(5))
    assert _kinds(model) == ["clean", "turbo", "turbo", "turbo", "clean", "turbo"], model.refreshes
    assert model.shown == expected_image(rt.canvas, False)


def test_pl18_ghost_bound_a_window_turbo_8_times_in_a_row_then_fast():
    d = tmpdir()
    rt, model, vc = _boot(d, _taps(["DOWN", "UP"] * 5), _end(10))
    kinds = _kinds(model)
    assert kinds == ["clean"] + ["turbo"] * 8 + ["partial", "turbo"], kinds
    # The fast update is of the window itself: the cursor's two rows.
    assert model.refreshes[9][1] == model.refreshes[8][1] == model.refreshes[1][1]
    assert model.shown == expected_image(rt.canvas, False)


def test_pl18_ghost_bound_a_fast_update_of_the_turbo_window_once_the_buttons_rest_3_s():
    d = tmpdir()
    script = _taps(["DOWN", "DOWN"])            # rows 0-1, then rows 1-2
    rt, model, vc = _boot(d, script, 1800 + 2800)
    assert model.refreshes[1][1] != model.refreshes[2][1]
    assert _kinds(model) == ["clean", "turbo", "turbo"], model.refreshes
    rt.run(lambda: vc.now >= 1800 + 3300)       # 3 s after the last release
    assert _kinds(model) == ["clean", "turbo", "turbo", "partial"], model.refreshes
    x, y, w, h = model.refreshes[3][1]
    assert (x, w) == (0, 296)
    for _, (_tx, ty, _tw, th) in model.refreshes[1:3]:
        assert y <= ty and ty + th <= y + h      # covers both turbo windows
    assert model.shown == expected_image(rt.canvas, False)
    rt.run(lambda: vc.now >= 20000)             # once: the glass is clean now
    assert len(model.refreshes) == 4
    # No rest update when nothing had turbo: a new screen (fast) cleared it.
    d = tmpdir()
    rt, model, vc = _boot(d, _taps(["DOWN", "UP", "UP", "C"]), 10000)
    assert _kinds(model) == ["clean", "turbo", "turbo", "turbo", "fast"], model.refreshes


def test_pl18_refresh_fast_setting_gives_windows_the_fast_waveform():
    d = tmpdir()
    storage.save(d + "/ui.json", {"routes": ["launcher"], "settings": {"refresh": "fast"}})
    rt, model, vc = _boot(d, _taps(["DOWN", "UP", "DOWN"]), 10000)
    # Every window with the fast waveform, and nothing to clean at rest.
    assert _kinds(model) == ["clean", "partial", "partial", "partial"], model.refreshes
    assert model.shown == expected_image(rt.canvas, False)


def test_pl15_a_clean_refresh_soon_due_comes_while_the_buttons_rest():
    # Decision (PL-15, docs/ui-internals.md): once three quarters of the updates
    # before a clean refresh are made, the device does it at the next 3 s
    # rest of the buttons instead of inside the press that reaches N.
    d = tmpdir()
    storage.save(d + "/ui.json", {"routes": ["launcher"], "settings": {"clean_after": 4}})
    script = _taps(["DOWN", "UP", "DOWN"]) + [("UP", 12000, 12100)]
    rt, model, vc = _boot(d, script, _end(3))
    assert _kinds(model) == ["clean", "turbo", "turbo", "turbo"], model.refreshes
    rt.run(lambda: vc.now >= 2200 + 3300)       # 3 s after the last release
    assert _kinds(model) == ["clean", "turbo", "turbo", "turbo", "clean"], model.refreshes
    assert model.refreshes[4][1] == model.refreshes[0][1], model.refreshes
    assert model.shown == expected_image(rt.canvas, False)
    rt.run(lambda: vc.now >= 11000)             # once per rest: nothing more
    assert len(model.refreshes) == 5
    # The count starts again from it: the next press is a window, not a clean.
    rt.run(lambda: vc.now >= 12400)
    assert _kinds(model)[5:] == ["turbo"], model.refreshes
    assert model.shown == expected_image(rt.canvas, False)
    # Under three quarters (2 of 4) the rest brings turbo's fast update only,
    # and the clean comes in the press that reaches N, as before.
    d = tmpdir()
    storage.save(d + "/ui.json", {"routes": ["launcher"], "settings": {"clean_after": 4}})
    script = _taps(["DOWN", "UP"]) + _taps(["DOWN", "UP", "DOWN"], start=8000)
    rt, model, vc = _boot(d, script, 9000)
    assert _kinds(model) == ["clean", "turbo", "turbo", "partial", "turbo", "turbo", "clean"], \
        model.refreshes
