# Power: the latch that keeps a battery-powered Badger on, idle power-off
# (PL-9) and the battery level for the settings screen.
#
# Badger 2040 (PL-4): EN_3V3 (GP10) high keeps the 3.3 V regulator on when on
# battery; low cuts it, and a front button press turns the board on again.
# On USB power the board cannot switch off: power_off() then returns and the
# main loop waits for a button as if the board had woken up. The DIY Pico
# build has no latch (a slide switch cuts the battery), so it behaves like a
# Badger on USB.
from usher.device import clock

DEFAULT_IDLE_MS = 5 * 60 * 1000
MAX_IDLE_S = 24 * 3600
# The main loop's wait between presses on battery (Power.nap): the RP2040's
# light sleep, machine.lightsleep(NAP_MS) of MicroPython's rp2 port
# (ports/rp2/modmachine.c): clk_sys on the 12 MHz crystal, both PLLs and
# the ROSC stopped, every clock gated but the timer's, WFI until the timer
# alarm. Only that alarm wakes it (a GPIO edge does not with that gating), so
# the buttons are read at each wake, and the slice is what a press waits at
# most before it is seen: 20 ms, one more poll than the 10 ms POLL_MS. A
# 60 ms tap (any tap longer than about 21 ms) always falls on a read, the
# debounce and long-press timing start at that read as before
# (usher.device.buttons), and a press waits 10 ms longer on average, not
# more (a staying press's 283 ms median of docs/performance.md keeps under
# its 300 ms). The chip wakes 50 times a second for a pass of about 0.25 ms
# at 125 MHz: bench/energy.py models the draw (docs/performance.md, Energy).
# A lower clock (machine.freq) was not chosen: waiting at full clock is most
# of the draw, and light sleep stops the PLLs that even a 48 MHz clock needs.
NAP_MS = 20


def idle_s_problem(v):
    """Why v cannot be device.json's "idle_s", or None when it can."""
    if type(v) is not int or v < 1 or v > MAX_IDLE_S:
        return "idle_s is not a number of seconds from 1 to %d" % MAX_IDLE_S
    return None


def battery_percent_from_mv(mv, empty_mv, full_mv):
    """Linear 0..100 between the chemistry's empty and full voltages."""
    if mv <= empty_mv:
        return 0
    if mv >= full_mv:
        return 100
    return (mv - empty_mv) * 100 // (full_mv - empty_mv)


def battery_mv(bat_raw, ref_raw, ref_mv, divider):
    """Battery millivolts from two 16-bit ADC readings. The ADC's full scale
    is the supply, which sags as the battery drains, so it is worked out
    from the reference: supply = ref_mv * 65535 / ref_raw (Badger: 1.24 V
    on GP28), battery = bat_raw / 65535 * divider * supply. With no
    reference (ref_raw None) the supply is taken as ref_mv."""
    if ref_raw is None:
        return bat_raw * divider * ref_mv // 65535
    if ref_raw <= 0:
        return 0
    return bat_raw * divider * ref_mv // ref_raw


def check_settings(obj):
    """(settings, problems) for what device.json held: the entries that can
    be used, and one line per entry (or file) that was set aside (PL-11;
    also used by `usher restore` to check a backup before writing it)."""
    if type(obj) is not dict:
        return {}, ["not a settings table"]
    # At its use: the runtime lets the board profiles go after the boot
    # (runtime.main), and no module keeps one it unloads.
    from usher.device import boards
    out = {}
    problems = []
    for key in sorted(obj):
        v = obj[key]
        if key == "board":
            ok = type(v) is str and v in boards.BOARDS
            why = "board is not one of " + ", ".join(sorted(boards.BOARDS))
        elif key == "battery":
            ok = type(v) is str and v in boards.BATTERIES
            why = "battery is not one of " + ", ".join(sorted(boards.BATTERIES))
        elif key == "idle_s":
            why = idle_s_problem(v)
            ok = why is None
        else:
            ok, why = True, None        # unknown entries are kept, unused
        if ok:
            out[key] = v
        else:
            problems.append(why)
    return out, problems


class Power:
    def __init__(self, profile, settings=None):
        import machine
        self.machine = machine
        self.profile = profile
        # settings come from device.json on flash: runtime.check_settings
        # has vetted them; a value that is still unusable is ignored here
        # too, so no file can stop Power() (PL-11).
        settings = settings if type(settings) is dict else {}
        self.latch = None
        if profile.get("power_latch") is not None:
            self.latch = machine.Pin(profile["power_latch"], machine.Pin.OUT)
        self.vbus = None
        if profile.get("vbus") is not None:
            self.vbus = machine.Pin(profile["vbus"], machine.Pin.IN)
        # rp2's light sleep; None on a port without it (the unix port's
        # machine, other ports): nap() then leaves the wait to the loop.
        self.lightsleep = getattr(machine, "lightsleep", None)
        self.configure(settings)

    def configure(self, settings):
        """Idle time and battery chemistry from the (vetted) settings; shared
        with the CircuitPython backend (usher.device.circuitpython.power)."""
        settings = settings if type(settings) is dict else {}
        idle_s = settings.get("idle_s")
        # "idle_s" in device.json overrides the App's own sleep setting.
        self.idle_fixed = "idle_s" in settings and idle_s_problem(idle_s) is None
        self.idle_ms = idle_s * 1000 if self.idle_fixed else DEFAULT_IDLE_MS
        chem = settings.get("battery", "aaa")
        from usher.device import boards     # at its use (check_settings)
        if type(chem) is not str or chem not in boards.BATTERIES:
            chem = "aaa"
        self.empty_mv, self.full_mv = boards.BATTERIES[chem]

    def hold(self):
        """Keep the board on (call first thing at boot)."""
        if self.latch is not None:
            self.latch.value(1)

    def on_usb(self):
        if self.vbus is None:
            return True
        return self.vbus.value() == 1

    def nap(self, ms):
        """Wait ms in light sleep (NAP_MS) when on battery; True when it
        did. On USB power it returns False at once: the USB device must
        keep its clock (lightsleep stops it when no host has configured
        it, and a host that has would see the chip slow down), and the
        loop then waits as before."""
        sleep = self.lightsleep
        if sleep is None or self.on_usb():
            return False
        sleep(ms)
        return True

    def can_switch_off(self):
        return self.latch is not None and not self.on_usb()

    def battery_mv(self):
        b = self.profile.get("battery")
        if not b:
            return None
        m = self.machine
        bat = m.ADC(b["adc"])
        ref = None
        if b.get("ref_adc") is not None:
            en = m.Pin(b["ref_enable"], m.Pin.OUT)
            en.value(1)
            ref = m.ADC(b["ref_adc"]).read_u16()
            raw = bat.read_u16()
            en.value(0)
        else:
            raw = bat.read_u16()
        return battery_mv(raw, ref, b["ref_mv"], b["divider"])

    def battery_percent(self):
        """0..100, or None on USB power (the reading is then the charger's)."""
        if self.on_usb():
            return None
        try:
            mv = self.battery_mv()
        except Exception:
            return None
        if mv is None:
            return None
        return battery_percent_from_mv(mv, self.empty_mv, self.full_mv)

    def power_off(self):
        """Cut the power when on battery. Returns only when the board stays
        on (USB power, or no latch)."""
        if self.latch is not None:
            clock.sleep_ms(50)
            self.latch.value(0)
            clock.sleep_ms(200)     # the regulator drains; on USB we carry on
