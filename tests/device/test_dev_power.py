# Power latch, battery level and board selection (PL-4, PL-5, PL-9).
import machine
from devtest import fresh

from usher.device import boards
from usher.device.power import Power, battery_mv, battery_percent_from_mv


def test_pl4_battery_voltage_from_adc_against_1v24_reference():
    # Supply 3.30 V: the 1.24 V reference reads 1.24/3.30 of full scale;
    # a 3.00 V battery through the 1/3 divider reads 1.00/3.30.
    ref_raw = 1240 * 65535 // 3300
    bat_raw = 1000 * 65535 // 3300
    mv = battery_mv(bat_raw, ref_raw, 1240, 3)
    assert 2995 <= mv <= 3005, mv
    # With a sagging supply (2.8 V) the same battery still reads 3.0 V.
    mv = battery_mv(1000 * 65535 // 2800, 1240 * 65535 // 2800, 1240, 3)
    assert 2995 <= mv <= 3005, mv


def test_pl4_battery_percent_is_linear_and_clamped():
    assert battery_percent_from_mv(2100, 2200, 3100) == 0
    assert battery_percent_from_mv(2650, 2200, 3100) == 50
    assert battery_percent_from_mv(3300, 2200, 3100) == 100


def test_pl9_power_latch_held_at_boot_and_dropped_at_power_off():
    profile, model, vc = fresh("badger2040")
    p = Power(profile, {"battery": "lipo"})
    p.hold()
    assert machine.levels[10] == 1
    machine.inputs[24] = 0                        # on battery
    assert p.can_switch_off()
    machine.adc[28] = 1240 * 65535 // 3300
    machine.adc[29] = 3700 * 65535 // 3300 // 3
    pct = p.battery_percent()
    assert pct == (3700 - 3300) * 100 // (4100 - 3300) or pct == (3699 - 3300) * 100 // 800, pct
    assert machine.levels[27] == 0                # reference switched off again
    p.power_off()
    assert machine.levels[10] == 0


def test_pl4_on_usb_no_power_off_and_no_battery_reading():
    profile, model, vc = fresh("badger2040")
    p = Power(profile)
    machine.inputs[24] = 1
    assert not p.can_switch_off()
    assert p.battery_percent() is None


def test_pl5_diy_board_has_no_latch():
    profile, model, vc = fresh("pico_epaper29")
    p = Power(profile)
    machine.inputs[24] = 0
    p.hold()
    assert not p.can_switch_off()
    assert 10 not in machine.levels               # GP10 is the panel's clock there


def test_pl4_pl5_board_selection():
    assert boards.select({"board": "pico_epaper29"})["panel"] == "ssd1680"
    assert boards.select({"board": "nonsense"}, lambda n: False, "Raspberry Pi Pico")["name"] == "badger2040"
    assert boards.select({}, lambda n: n == "wakeup", "")["name"] == "badger2040"
    assert boards.detect(lambda n: False, "Pimoroni Badger2040 with RP2040") == "badger2040"
    for b in boards.BOARDS.values():
        if b["panel"] == "virtual":
            continue                  # no pins (test_dev_virtual.py)
        panel_pins = (b["spi"]["sck"], b["spi"]["mosi"], b["cs"], b["dc"], b["reset"], b["busy"])
        for name, gpio, _level, _pull in b["buttons"]:
            assert gpio not in panel_pins, (b["name"], name)
        assert sorted([n for n, g, lv, p in b["buttons"]]) == ["A", "B", "C", "DOWN", "UP"]
