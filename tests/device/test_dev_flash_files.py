# Nothing read from flash may stop the boot (PL-11): a
# non-UTF-8 byte in a log file, device.json of the wrong shape or with a bad
# value. The boot goes on to the safe-mode check and the App, the bad file is
# named in the log, and the defaults stand in for it.
import os

import machine
from devtest import APP, fresh, press_script
from mptest import tmpdir

from usher.core import storage
from usher.device import boards, runtime
from usher.device.log import CURRENT, PREVIOUS, FlashLog, read_all
from usher.device.power import DEFAULT_IDLE_MS, Power


def _boot(data_dir, script=(), until=3000):
    profile, model, vc = fresh("badger2040")
    press_script(vc, profile, list(script))
    machine.inputs[24] = 1
    holder = {}

    def keep(rt):
        holder["rt"] = rt

    result = runtime.main(app_factory=APP, data_dir=data_dir,
                          should_stop=lambda: vc.now >= until, on_runtime=keep)
    return result, holder.get("rt"), model


def _write(path, raw):
    with open(path, "wb") as f:
        f.write(raw)


def test_pl11_a_non_utf8_byte_in_either_log_file_is_skipped_not_fatal():
    for name in (CURRENT, PREVIOUS):
        d = tmpdir()
        _write(d + "/" + name, b'{"b": 4, "n": 1, "k": "info", "d": "ok"}\n'
                               b'{"b": 5, "n": 1, "k": "info", "d": "\xff\xfe"}\n\xc3\n')
        log = FlashLog(d)
        # PL-23: above any boot number the two damaged lines could hold (5)
        assert log.boot_no == 7, (name, log.boot_no)
        assert log.write("info", "after")
        texts = [e["d"] for e in read_all(d)]
        assert texts[:2] == ["ok", "after"] and len(texts) == 3, texts
        assert "%s line 2: not UTF-8 text" % name in texts[2], texts      # named


def test_pl11_boot_with_a_damaged_log_reaches_the_app():
    d = tmpdir()
    os.mkdir(d + "/log")
    _write(d + "/log/" + CURRENT, b"\xff\x00\xfe garbage\n")
    _write(d + "/log/" + PREVIOUS, b"\x80")
    result, rt, model = _boot(d)
    assert result == "stopped" and rt.app is not None and not rt.crashed
    assert model.refreshes, "nothing was drawn"
    kinds = [e["k"] for e in read_all(d + "/log")]
    assert kinds[:2] == ["boot", "resume"], kinds


BAD_DEVICE_JSON = (
    (b'{"idle_s": null}', "idle_s"), (b'{"idle_s": "60"}', "idle_s"), (b'{"idle_s": -5}', "idle_s"),
    (b'{"board": ["badger2040"]}', "board"), (b'{"board": "toaster"}', "board"),
    (b'{"battery": 3}', "battery"), (b"[]", "not a settings table"), (b"null", "not a settings table"),
    (b'{"idle_s": 6', "not valid JSON"), (b"", "empty"), (b"\xff\xfe{}", "not UTF-8"),
)


def test_pl11_damaged_device_json_is_named_in_the_log_and_defaults_are_used():
    for raw, why in BAD_DEVICE_JSON:
        d = tmpdir()
        _write(d + "/" + boards.DEVICE_SETTINGS, raw)
        result, rt, model = _boot(d)
        assert result == "stopped" and rt.app is not None and not rt.crashed, raw
        assert model.refreshes, raw
        errors = [e["d"] for e in read_all(d + "/log") if e["k"] == "error"]
        assert errors and "device.json" in errors[0] and why in errors[0], (raw, errors)
        assert rt.power.idle_ms == DEFAULT_IDLE_MS and not rt.power.idle_fixed, raw


def test_pl11_good_entries_of_device_json_are_kept_beside_a_bad_one():
    d = tmpdir()
    storage.save(d + "/" + boards.DEVICE_SETTINGS, {"idle_s": 90, "battery": "plutonium"})
    result, rt, model = _boot(d)
    assert rt.power.idle_ms == 90000 and rt.power.idle_fixed
    errors = [e["d"] for e in read_all(d + "/log") if e["k"] == "error"]
    assert len(errors) == 1 and "battery" in errors[0]


def test_safe_mode_still_works_with_damaged_flash_files():
    d = tmpdir()
    _write(d + "/" + boards.DEVICE_SETTINGS, b'{"idle_s": null}')
    os.mkdir(d + "/log")
    _write(d + "/log/" + CURRENT, b"\xff\n")
    result, rt, model = _boot(d, [("A", 0, 6000)], 8000)
    assert result == "safe"
    boots = [e for e in read_all(d + "/log") if e["k"] == "boot"]
    assert boots[-1]["d"]["safe_mode"] is True


def test_power_ignores_an_unusable_setting():
    profile = boards.BOARDS["badger2040"]
    machine.clear()
    for settings in ({"idle_s": None}, {"idle_s": "x"}, {"battery": []}, None, []):
        p = Power(profile, settings)
        assert p.idle_ms == DEFAULT_IDLE_MS and not p.idle_fixed
