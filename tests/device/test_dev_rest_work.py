# The history's rewrite on the board (PL-17, docs/history.md): not in the
# boot or a press, but once the buttons rest 3 s (App.rest_work, called by
# the runtime after its rest refresh), with the real App on the fake Badger.
import machine
from devtest import APP, fresh, press_script
from test_history_rest_trim import _history, _raw

from usher.core import storage
from usher.device import runtime
from usher.ui import playlog


def test_pl17_the_history_is_written_anew_at_the_first_rest_not_at_the_boot_or_a_press():
    storage.FORCE = True
    try:
        d, _app = _history(playlog.CAP + playlog.SLACK // 2)
        shown = list(playlog.summaries(d))
        profile, model, vc = fresh("badger2040")
        # a press 1.5 s after the boot, then the buttons rest
        press_script(vc, profile, [("DOWN", 2500, 2600)])
        machine.inputs[24] = 1          # on USB: no idle power-off
        holder = {}
        start = vc.now
        runtime.main(app_factory=APP, data_dir=d, should_stop=lambda: vc.now >= start + 2800,
                     on_runtime=lambda rt: holder.__setitem__("rt", rt))
        rt = holder["rt"]
        assert model.refreshes, "no picture"
        assert _raw(d).count(b"\n") == playlog.CAP + playlog.SLACK // 2     # boot and press: untouched
        rt.run(lambda: vc.now >= 2600 + 3300)                                 # 3 s after the release
        assert _raw(d).count(b"\n") == playlog.CAP
        assert list(playlog.summaries(d)) == shown
        assert not rt.app.history_due
        assert rt.app.top().route == "launcher" and not rt.crashed
    finally:
        storage.FORCE = None
