# The "virtual" board (PL-13): the firmware's own main loop on MicroPython's
# unix port, as run by the host tools' virtual device (usher virtual-device).
# No pins: the panel is a file-backed framebuffer (or nothing) and the buttons
# come from a script. Selected by USHER_BOARD=virtual in the environment or
# "board": "virtual" in /data/device.json (usher.device.boards.select).
#
# Environment (read once at boot; the unix port has os.getenv):
#   USHER_BUTTONS      button script, the simulator's syntax: comma-separated
#                      A B C UP DOWN (a tap), A~ (long press), UP*5 (held with
#                      5 repeats); "sleep" and "restart" tokens are skipped.
#                      One token every STEP_MS once the app has started.
#   USHER_FRAMEBUFFER  a path on the (virtual) flash: after every refresh the
#                      4736-byte MONO_HLSB canvas is written there (1 = ink).
# When the script is used up the board prints "buttons: script done (N)" on
# the console once, then waits like an idle board.
#
# Ctrl-C: on a real board MicroPython's USB serial raises KeyboardInterrupt
# when the host sends 0x03 (that is how mpremote stops main.py). The unix
# port on a raw pseudo-terminal has no such hook, so poll() looks at the
# console itself and raises KeyboardInterrupt on 0x03; the firmware then
# stops and the REPL takes over.
import os
import sys

STEP_MS = 40
SCRIPT_ENV = "USHER_BUTTONS"
FRAMEBUFFER_ENV = "USHER_FRAMEBUFFER"


def getenv(name):
    fn = getattr(os, "getenv", None)
    return fn(name) if fn else None


def parse_script(script):
    """Script text -> list of event lists, one per token."""
    out = []
    for raw in (script or "").replace("\n", ",").split(","):
        tok = raw.strip().upper()
        if not tok or tok in ("SLEEP", "RESTART"):
            continue
        long_press = tok.endswith("~")
        if long_press:
            tok = tok[:-1]
        repeats = 0
        if "*" in tok:
            tok, n = tok.split("*")
            repeats = int(n)
        if tok not in ("A", "B", "C", "UP", "DOWN"):
            raise ValueError("unknown button in script: %r" % raw)
        events = [("press", tok)] + [("repeat", tok)] * repeats
        if long_press:
            events.append(("long", tok))
        events.append(("release", tok))
        out.append(events)
    return out


class Console:
    """Non-blocking look at the console for Ctrl-C."""

    def __init__(self):
        self.poller = None
        try:
            import select
            self.stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
            self.poller = select.poll()
            self.poller.register(sys.stdin, select.POLLIN)
        except Exception:
            self.poller = None

    def check_interrupt(self):
        if self.poller is None:
            return
        while self.poller.poll(0):
            b = self.stream.read(1)
            if not b:
                return
            if b[0] == 3:
                raise KeyboardInterrupt


def console(text):
    """The board's console (the host tools wait for this line); the device
    tests replace it to keep the line instead of printing it."""
    print(text)


class VirtualButtons:
    """Same interface as usher.device.buttons.Buttons: held(), poll(now)."""

    def __init__(self, script=None, console=None, now=0):
        if script is None:
            script = getenv(SCRIPT_ENV)
        self.steps = parse_script(script)
        self.index = 0
        self.next_at = now + STEP_MS
        self.console = console
        self.done_said = False

    def held(self):
        return []     # never safe mode: the script starts after the boot

    def poll(self, now):
        if self.console is not None:
            self.console.check_interrupt()
        if self.index >= len(self.steps):
            if self.steps and not self.done_said:
                self.done_said = True
                console("buttons: script done (%d)" % len(self.steps))
            return []
        if now - self.next_at < 0:
            return []
        self.next_at = now + STEP_MS
        events = self.steps[self.index]
        self.index += 1
        return events


class VirtualDisplay:
    """The display interface of usher.device.epaper.Panel, without a panel:
    refreshes are instant; the picture optionally goes to a file."""

    def __init__(self, canvas_buffer, path=None):
        self.buf = canvas_buffer
        self.path = path if path is not None else getenv(FRAMEBUFFER_ENV)
        self.refreshes = 0
        self.asleep = False

    def init(self):
        self.asleep = False

    def ready(self):
        return True

    def start(self, mode, x=0, y=0, w=296, h=128):
        self.refreshes += 1
        if self.path:
            tmp = self.path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(self.buf)
            try:
                os.remove(self.path)
            except OSError:
                pass
            os.rename(tmp, self.path)

    show = start

    def sleep(self):
        self.asleep = True
