"""Window mode (Tk): the screen at 3x with the five buttons under it, as on
the board (A B C under the screen, UP/DOWN at the right).

Mouse: click a button = tap, right-click = long press.
Keys: a b c, Up/Down arrows; Shift+A/B/C = long press; z = sleep mark,
r = power cycle, q or Escape = quit. The panel picture changes only when the
App asks for a refresh, like the e-ink.
"""
import base64
import io

from sim.frames import to_image

SCALE = 3
# The keyboard shortcuts, shown under the buttons.
SHORTCUTS = ("Keys: a b c = A B C,  Up/Down arrows = UP/DOWN,  Shift+A/B/C = long press "
             "(or right-click a button),  z = sleep,  r = power cycle,  q / Esc = quit")
KEYMAP = {"a": "A", "b": "B", "c": "C", "Up": "UP", "Down": "DOWN"}
LONGMAP = {"A": "A", "B": "B", "C": "C"}


class Window:
    def __init__(self, session, root, scale=SCALE):
        import tkinter as tk
        self.tk = tk
        self.session = session
        self.root = root
        self.scale = scale
        root.title("Usher simulator")
        root.configure(bg="#777")
        frame = tk.Frame(root, bg="#777")
        frame.pack(padx=10, pady=10)
        w, h = 296 * scale, 128 * scale
        self.view = tk.Canvas(frame, width=w, height=h, bg="white", highlightthickness=0)
        self.view.grid(row=0, column=0, columnspan=3)
        self.photo = None
        self.image_id = None
        self.buttons = {}
        for i, name in enumerate(("A", "B", "C")):
            btn = tk.Button(frame, text="%s  (%s)" % (name, name.lower()), width=10,
                            command=lambda n=name: self.tap(n))
            btn.bind("<Button-3>", lambda _e, n=name: self.long(n))
            btn.grid(row=1, column=i, pady=6)
            self.buttons[name] = btn
        side = tk.Frame(frame, bg="#777")
        side.grid(row=0, column=3, padx=8)
        for name, arrow in (("UP", "\u2191"), ("DOWN", "\u2193")):
            btn = tk.Button(side, text="%s %s" % (name, arrow), width=7,
                            command=lambda n=name: self.tap(n))
            btn.pack(pady=6)
            self.buttons[name] = btn
        self.status = tk.Label(frame, text="", bg="#777", fg="white", anchor="w")
        self.status.grid(row=2, column=0, columnspan=4, sticky="we")
        self.help = tk.Label(frame, text=SHORTCUTS, bg="#777", fg="white", anchor="w",
                             justify="left", wraplength=296 * scale)
        self.help.grid(row=3, column=0, columnspan=4, sticky="we")
        root.bind("<Key>", self.on_key)
        self.last = session.start()
        self.show()

    def on_key(self, e):
        if e.keysym in ("q", "Escape"):
            self.root.destroy()
        elif e.keysym in KEYMAP:
            self.tap(KEYMAP[e.keysym])
        elif e.keysym in LONGMAP:
            self.long(LONGMAP[e.keysym])
        elif e.keysym == "z":
            self.apply(["sleep"])
        elif e.keysym == "r":
            self.apply(["restart"])

    def tap(self, b):
        self.apply([("press", b), ("release", b)])

    def long(self, b):
        self.apply([("press", b), ("long", b), ("release", b)])

    def apply(self, events):
        reqs = self.session.step(events)
        if reqs:
            self.last = reqs[-1]
            self.show()

    def show(self):
        img = to_image(self.session.buf, self.scale).convert("L")
        data = io.BytesIO()
        img.save(data, format="PNG")
        self.photo = self.tk.PhotoImage(data=base64.b64encode(data.getvalue()), format="png")
        if self.image_id is None:
            self.image_id = self.view.create_image(0, 0, anchor="nw", image=self.photo)
        else:
            self.view.itemconfigure(self.image_id, image=self.photo)
        text = self.session.counts_line()
        if self.last:
            text += "   last: %s y=%d h=%d" % (self.last[0], self.last[2], self.last[4])
        self.status.configure(text=text)

    def screen_pixel(self, x, y):
        """1 when the shown picture is black at panel pixel (x, y)."""
        v = self.photo.get(x * self.scale, y * self.scale)
        v = v[0] if isinstance(v, tuple) else int(str(v).split()[0])
        return 1 if v < 128 else 0


def open_root():
    """A Tk root, or None when there is no display."""
    try:
        import tkinter as tk
        return tk.Tk()
    except Exception:  # no DISPLAY, or Tk missing
        return None


def run(session, root):
    Window(session, root)
    root.mainloop()
    return 0
