# The share screen (PL-19): a kept play's BG Stats import link as a QR code
# at the left, filling the height, and at the right the game and the play it
# is (so the person scanning knows which), its date, who won, what was left
# out of the link and how to scan it. Any button leaves. Opened by "Share"
# on every game's end screen (share_running_game: the play is kept in the
# history first, as leaving the end screen would) and on each kept play in
# Statistics. Imported only then.
from usher import qr
from usher.ui import share, text
from usher.ui.canvas import HEIGHT, WIDTH
from usher.ui.screen import Screen

TEXT_X = 130          # the text column, right of a code of up to 128 pixels


def _doubled():
    """Each byte's 8 bits, each drawn twice: 256 16-bit values."""
    out = []
    for b in range(256):
        v = 0
        for i in range(8):
            v <<= 2
            if b & (0x80 >> i):
                v |= 3
        out.append(v)
    return out


def draw_code(c, code, x, y, scale):
    """The symbol's dark modules into canvas c, its top left module at
    (x, y), each module scale (1 or 2) pixels square. The rows are blitted
    from the encoder's packed rows, so drawing
    costs no per-module Python on MicroPython (a source tuple, as
    usher.ui.text blits its glyphs)."""
    from usher.ui.canvas import MONO_HLSB
    m = code.matrix
    n = m.size
    if scale == 1:
        c.blit((m.rows, n, n, MONO_HLSB, m.stride * 8), x, y, 0)
        return
    # scale 2: one doubled row at a time, blitted twice
    dbl = _doubled()
    w = m.stride * 2
    row = bytearray(w)
    src = (row, n * 2, 1, MONO_HLSB, w * 8)
    for r in range(n):
        base = r * m.stride
        for k in range(m.stride):
            v = dbl[m.rows[base + k]]
            row[2 * k] = v >> 8
            row[2 * k + 1] = v & 0xFF
        c.blit(src, x, y + 2 * r, 0)
        c.blit(src, x, y + 2 * r + 1, 0)


class ShareScreen(Screen):
    """The code of one kept play (a history line), or why there is none."""

    def __init__(self, app, line, max_version=qr.MAX_VERSION):
        Screen.__init__(self, app)
        self.line = line
        from usher import games
        self.title = games.title(line["game"])
        self.code = None
        self.problem = None
        self.dropped = []
        self.scale = 1
        try:
            device = share.device_id(app.data_dir, app.new_id_number)
        except OSError as e:   # flash full: the link without its play id
            device = None
            app.log("error", "share: device id: %s" % e)
        try:
            self.link, self.dropped, shape = share.share(line, device, max_version)
            version, ec, self.scale = shape
            load = app.services.get("qr_kernels")   # native hot loops, on the device
            self.code = qr.encode(self.link, ec=ec, version=version,
                                  kernels=load() if load else None)
        except (share.ShareError, qr.QRError) as e:
            self.problem = str(e)
        if device is None and self.code is not None and "sourcePlayId" not in self.dropped:
            self.dropped = self.dropped + ["sourcePlayId"]

    def _who(self):
        """Who won, as the line under the play's number."""
        ln = self.line
        ws = ln["winners"]
        if ln.get("solo") == "automa":
            return "%s won vs Automa" % ln["players"][0] if ws else "Automa won"
        if ln.get("solo") == "record":
            return "%s solo, %s points, %s" % (ln["players"][0], ln["scores"][0],
                                               "won" if ws else "lost")   # MS-14
        if not ws:
            return "no winner"
        return "Won: " + ", ".join([ln["players"][i] for i in ws])

    def draw(self, c):
        c.fill(0)
        ln = self.line
        x = TEXT_X
        if self.code is not None:
            side = self.code.size * self.scale
            draw_code(c, self.code, (TEXT_X - side) // 2, (HEIGHT - side) // 2, self.scale)
        else:
            x = 6
        w = WIDTH - x - 4
        y = 4
        text.draw(c, text.BODY, text.fit(text.BODY, self.title, w), x, y)
        y += 16
        date = ln.get("date")
        head = "Play #%d  %s" % (ln["n"], date[:10] if date else "undated")
        text.draw(c, text.SMALL, text.fit(text.SMALL, head, w), x, y)
        y += 12
        n = len(ln["players"]) + (1 if ln.get("opp") else 0)
        text.draw(c, text.SMALL, "%d player%s" % (n, "" if n == 1 else "s"), x, y)
        y += 12
        for line in text.wrap(text.SMALL, self._who(), w)[:2]:
            text.draw(c, text.SMALL, line, x, y)
            y += 11
        y += 4
        if self.code is None:
            msg = "This play cannot be shared as a code: " + (self.problem or "")
        else:
            msg = "Scan with a phone to log it in BG Stats."
            if self.dropped:
                msg = share.left_out(self.dropped) + ". " + msg
        for line in text.wrap(text.SMALL, msg, w)[:4]:
            text.draw(c, text.SMALL, line, x, y)
            y += 11
        text.draw(c, text.SMALL, "Any button: back", x, HEIGHT - 12)

    def button(self, b):
        self.app.pop()

    def long(self, b):
        pass


def share_running_game(app):
    """Share on a game's end screen: keep the finished game in the history
    now (leaving the end screen later does not keep it twice: playlog.keep),
    then show its code; when it could not be kept, say why."""
    from usher.ui import playlog
    problem = playlog.keep(app)[1]
    last = playlog.newest(app.data_dir)
    rec = app.record
    if last is None or rec is None or last.get("game") != app.game_id or \
            last.get("seed") != rec["seed"] or last.get("actions") != len(rec["actions"]):
        app.show_message("Share", problem or "This play is not in the history, so it cannot be shared.")
        return
    app.push(ShareScreen(app, last))
    if problem:
        app.show_message("History", problem)
