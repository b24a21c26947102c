# Power on CircuitPython (Badger 2040): the EN_3V3 latch is board.ENABLE_DIO,
# which CircuitPython's board_init() drives high before Python starts (so the
# board stays on when a button press powered it from battery); VBUS on
# board.VBUS_DETECT; the battery through analogio on the profile's ADC pins
# with the 1.24 V reference switched by GP27. The settings (idle time,
# chemistry) and the millivolt arithmetic are the shared ones
# (usher.device.power).
from usher.device import clock
from usher.device.circuitpython.buttons import pin
from usher.device.power import Power, battery_mv


class CircuitPythonPower(Power):
    def __init__(self, profile, settings=None, board=None, digitalio=None, analogio=None):
        if board is None:
            board = __import__("board")
        if digitalio is None:
            digitalio = __import__("digitalio")
        if analogio is None:
            analogio = __import__("analogio")
        self.board = board
        self.digitalio = digitalio
        self.analogio = analogio
        self.profile = profile
        self.latch = None
        if profile.get("power_latch") is not None:
            self.latch = getattr(board, "ENABLE_DIO", None)
            if self.latch is None:
                self.latch = digitalio.DigitalInOut(pin(profile["power_latch"]))
                self.latch.switch_to_output(value=True)
        self.vbus = None
        if profile.get("vbus") is not None:
            self.vbus = digitalio.DigitalInOut(pin(profile["vbus"]))
            self.vbus.switch_to_input()
        self.configure(settings)

    def hold(self):
        if self.latch is not None:
            self.latch.value = True

    def on_usb(self):
        if self.vbus is None:
            return True
        return bool(self.vbus.value)

    def battery_mv(self):
        b = self.profile.get("battery")
        if not b:
            return None
        aio = self.analogio
        bat = aio.AnalogIn(pin(b["adc"]))
        try:
            ref = None
            if b.get("ref_adc") is not None:
                en = self.digitalio.DigitalInOut(pin(b["ref_enable"]))
                en.switch_to_output(value=True)
                r = aio.AnalogIn(pin(b["ref_adc"]))
                ref = r.value
                raw = bat.value
                r.deinit()
                en.value = False
                en.deinit()
            else:
                raw = bat.value
        finally:
            bat.deinit()
        return battery_mv(raw, ref, b["ref_mv"], b["divider"])

    def power_off(self):
        if self.latch is not None:
            clock.sleep_ms(50)
            self.latch.value = False
            clock.sleep_ms(200)     # the regulator drains; on USB we carry on
