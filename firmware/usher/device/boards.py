# Board profiles as data (PL-4, PL-5). A profile names the pins, the panel
# driver and the button polarity; nothing else in the device layer hard-codes
# a GPIO number.
#
# Selection (select()): the "board" key of the device settings file
# (/data/device.json, see DEVICE_SETTINGS) wins; then the USHER_BOARD
# environment variable (only the unix port has one: the virtual device sets
# it to "virtual"); otherwise the firmware says which board it was built for:
# a `wakeup` or `badger2040` module (Pimoroni's Badger build, the project's
# Badger image) or the machine name (sys.implementation._machine, from the
# image's MICROPY_HW_BOARD_NAME: the profile's "machine" key, PL-14);
# otherwise the reference board (Badger 2040) is assumed. A stock RPI_PICO
# build on a Badger cannot be told apart from a plain Pico by software, so
# the DIY board on stock MicroPython needs the settings file
# (hardware/README.md); its own image needs nothing.
import sys

# The RP2040's SIO GPIO_IN register (datasheet 2.3.1.7, SIO base 0xd0000000
# + 0x004): the level of GPIO 0-29 in one read, which lets the buttons'
# poll see "all five up" with one machine.mem32 read (usher.device.buttons).
RP2040_GPIO_IN = 0xD0000004

# Badger 2040 (PL-4). Sources: pimoroni/badger2040 modules/badger2040/
# badger2040.py and pimoroni/pimoroni-pico drivers/uc8151.
BADGER2040 = {
    "name": "badger2040",
    "title": "Pimoroni Badger 2040",
    # Lower-case parts of sys.implementation._machine that name this board:
    # Pimoroni's build and the project's image ("Usher Badger 2040 with RP2040").
    "machine": ("badger",),
    "panel": "uc8151",
    "spi": {"id": 0, "sck": 18, "mosi": 19, "baudrate": 12000000},
    "cs": 17, "dc": 20, "reset": 21,
    "busy": 26, "busy_level": 0,          # BUSY low = busy
    # name, GPIO, level when pressed, pull ("down"/"up")
    "buttons": [("A", 12, 1, "down"), ("B", 13, 1, "down"), ("C", 14, 1, "down"),
                ("UP", 15, 1, "down"), ("DOWN", 11, 1, "down")],
    "gpio_in": RP2040_GPIO_IN,
    "power_latch": 10,                    # EN_3V3: high keeps the board on (battery)
    "vbus": 24,                           # high when USB power is present
    "led": 25,
    # Battery sense: ADC on GP29 through a 1/3 divider, measured against the
    # 1.24 V reference on GP28 that GP27 switches on.
    "battery": {"adc": 29, "ref_adc": 28, "ref_enable": 27, "ref_mv": 1240, "divider": 3},
}

# Raspberry Pi Pico + Waveshare Pico-ePaper-2.9 (V2, SSD1680 command set;
# PL-5). Pins from Waveshare's Pico_ePaper_Code python/Pico_ePaper-2.9.py.
# The five buttons sit on GP2..GP6: free on the Pico, away from the panel's
# GP8-GP13, next to each other on the header (pins 4-9) with GND on pin 3 and
# pin 8. Each switch connects the GPIO to GND; the internal pull-up keeps it
# high, so pressed = 0.
PICO_EPAPER29 = {
    "name": "pico_epaper29",
    "title": "Raspberry Pi Pico + Waveshare Pico-ePaper-2.9",
    "machine": ("epaper-2.9",),           # the image: "Usher Pico ePaper-2.9 with RP2040"
    "panel": "ssd1680",
    "spi": {"id": 1, "sck": 10, "mosi": 11, "baudrate": 12000000},
    "cs": 9, "dc": 8, "reset": 12,
    "busy": 13, "busy_level": 1,          # BUSY high = busy
    "buttons": [("A", 2, 0, "up"), ("B", 3, 0, "up"), ("C", 4, 0, "up"),
                ("UP", 5, 0, "up"), ("DOWN", 6, 0, "up")],
    "gpio_in": RP2040_GPIO_IN,
    "power_latch": None,                  # no latch: a slide switch cuts the battery
    "vbus": 24,                           # Pico: GP24 reads VBUS present
    "led": 25,
    # Pico: ADC3 (GP29) reads VSYS / 3 against the 3.3 V supply.
    "battery": {"adc": 29, "ref_adc": None, "ref_enable": None, "ref_mv": 3300, "divider": 3},
}

# The virtual device (PL-13, usher.device.virtual): the unix port with no
# pins; display and buttons come from the environment. No latch, no VBUS
# sense (always "on USB": never powers off), no battery.
VIRTUAL = {
    "name": "virtual",
    "title": "Virtual device (MicroPython unix port)",
    "panel": "virtual",
    "buttons": [],
    "power_latch": None,
    "vbus": None,
    "led": None,
    "battery": None,
}

BOARDS = {"badger2040": BADGER2040, "pico_epaper29": PICO_EPAPER29, "virtual": VIRTUAL}  # type: dict
DEFAULT_BOARD = "badger2040"
DEVICE_SETTINGS = "device.json"

# Battery chemistries: (empty mV, full mV). Badger 2040 kits use 2 x AAA; a
# LiPo cell also fits the JST-PH connector. Set "battery" in device.json.
BATTERIES = {"aaa": (2200, 3100), "lipo": (3300, 4100)}


def _has_module(name):
    try:
        __import__(name)
        return True
    except ImportError:
        return False


def detect(has_module=_has_module, machine_name=None):
    """Best guess of the board from the running firmware: a `wakeup` or
    `badger2040` module means a Badger; else the first profile (by name)
    whose "machine" parts occur in the machine name; else the default (the
    reference board)."""
    if machine_name is None:
        machine_name = getattr(sys.implementation, "_machine", "")
    if has_module("wakeup") or has_module("badger2040"):
        return "badger2040"
    low = machine_name.lower()
    for name in sorted(BOARDS):
        for part in BOARDS[name].get("machine", ()):
            if part in low:
                return name
    return DEFAULT_BOARD


def firmware():
    """What the firmware runs on: the frozen `usher_image` module of the
    project's own images (PL-14) as a dict (image, version, micropython),
    or None on stock MicroPython with the firmware copied as files."""
    try:
        import usher_image
    except ImportError:
        return None
    return {"image": usher_image.IMAGE, "version": usher_image.VERSION,
            "micropython": usher_image.MICROPYTHON}


def firmware_label(info):
    """Short text for the About screen: "image, MicroPython 1.28.0" or "files"."""
    if info is None:
        return "files"
    return "image, MicroPython %s" % info["micropython"]


def select(settings=None, has_module=_has_module, machine_name=None):
    """Return the board profile: settings["board"] when it names a known
    board, else $USHER_BOARD when it does, else detect()."""
    name = None
    if settings:
        name = settings.get("board")
    if name not in BOARDS:
        getenv = getattr(__import__("os"), "getenv", None)
        name = getenv("USHER_BOARD") if getenv else None
    if name not in BOARDS:
        name = detect(has_module, machine_name)
    return BOARDS[name]
