# The history's rewrite on the board (PL-17, docs/history.md): not in a
# press, not at the end of a long refresh, but once the buttons and the panel
# have both rested 3 s (App.rest_work, called by the runtime), with the real
# App on the fake Badger.
import machine
from devtest import APP, fresh, press_script
from test_history_rest_trim import _history, _raw

from usher.core import storage
from usher.device import runtime
from usher.ui import playlog


def test_pl17_the_history_is_written_anew_once_buttons_and_panel_rest_3_s():
    storage.FORCE = True
    try:
        due = playlog.CAP + playlog.SLACK // 2
        d, _app = _history(due)
        shown = list(playlog.summaries(d))
        profile, model, vc = fresh("badger2040")
        press_script(vc, profile, [("DOWN", 9000, 9100)])
        machine.inputs[24] = 1          # on USB: no idle power-off
        holder = {}
        runtime.main(app_factory=APP, data_dir=d, should_stop=lambda: vc.now >= 8000,
                     on_runtime=lambda rt: holder.__setitem__("rt", rt))
        rt = holder["rt"]
        assert model.refreshes, "no picture"
        assert _raw(d).count(b"\n") == due          # after a boot nothing is due
        rt.app.history_due = True                   # as a play's keeping leaves it (playlog.keep)
        seen = {"busy": 0, "trimmed": None}

        def watch():
            if not rt.display.ready():
                seen["busy"] = vc.now
            if seen["trimmed"] is None and not rt.app.history_due:
                seen["trimmed"] = vc.now
            return vc.now >= 20000
        rt.run(watch)
        assert _raw(d).count(b"\n") == playlog.CAP
        assert list(playlog.summaries(d)) == shown
        assert len(model.refreshes) >= 2 and seen["busy"] > 9100, (model.refreshes, seen)
        # 3 s after the release and after the press's refresh ended, not before
        assert seen["trimmed"] >= max(9100, seen["busy"]) + 3000, seen
        assert seen["trimmed"] <= max(9100, seen["busy"]) + 3000 + 100, seen
        assert rt.app.top().route == "launcher" and not rt.crashed
    finally:
        storage.FORCE = None
