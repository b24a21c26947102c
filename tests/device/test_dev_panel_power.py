# Between presses the Badger's panel has its booster off (UC8151 POF after
# each update, the next update's PON first; as Pimoroni's driver does): the
# energy model's panel_idle figure (bench/energy.py) assumes it.
import machine
from devtest import APP, fresh, press_script
from mptest import tmpdir

from usher.device import runtime


def test_the_booster_is_off_between_presses_and_on_for_each_update():
    d = tmpdir()
    profile, model, vc = fresh("badger2040")
    press_script(vc, profile, [("DOWN", 1500, 1600), ("UP", 1800, 1900), ("C", 2100, 2200)])
    machine.inputs[24] = 1          # on USB: no idle power-off
    holder = {}
    runtime.main(app_factory=APP, data_dir=d, should_stop=lambda: vc.now >= 1400,
                 on_runtime=lambda rt: holder.__setitem__("rt", rt))
    rt = holder["rt"]
    assert [k for k, _w in model.refreshes] == ["clean"] and not model.powered
    offs = model.power_offs
    for t, updates in ((1790, 2), (2090, 3), (2700, 4)):
        rt.run(lambda t=t: vc.now >= t)
        assert len(model.refreshes) == updates, model.refreshes
        assert not model.powered, (t, model.refreshes)      # off once the update ended
    # one POF per update (the model refuses an update with the power off)
    assert model.power_offs - offs == 3, model.power_offs
    assert not rt.crashed
