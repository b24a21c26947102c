# A pure-Python stand-in for MicroPython's framebuf, MONO_HLSB only, for
# CPython (the simulator and pytest). It reproduces framebuf's pixels exactly
# (same clipping, same line algorithm, same blit key/palette rules) so a
# screen drawn here is byte-identical to the device's; the portable test
# test_ui_pyframebuf.py checks this against the real framebuf on MicroPython.
# Written in the portable subset so that test can run it on MicroPython too.

MONO_HLSB = 3  # framebuf.MONO_HLSB


class FrameBuffer:
    def __init__(self, buf, width, height, fmt=MONO_HLSB, stride=None):
        if fmt != MONO_HLSB:
            raise ValueError("only MONO_HLSB")
        self.buf = buf
        self.width = width
        self.height = height
        s = width if stride is None else stride
        self.stride = (s + 7) & ~7  # framebuf rounds HLSB strides to whole bytes

    # --- pixels -------------------------------------------------------------
    def _set(self, x, y, c):
        i = (x + y * self.stride) >> 3
        bit = 0x80 >> (x & 7)
        if c:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF

    def _get(self, x, y):
        return (self.buf[(x + y * self.stride) >> 3] >> (7 - (x & 7))) & 1

    def pixel(self, x, y, c=None):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    # --- rectangles: byte-wise where possible (this runs on CPython) --------
    def fill(self, c):
        if self.width & 7:
            # framebuf fills the width only: a row's padding bits stay
            self.fill_rect(0, 0, self.width, self.height, c)
            return
        n = (self.stride >> 3) * self.height
        # one slice assignment (C) instead of a loop per byte
        self.buf[0:n] = (b"\xff" if c else b"\x00") * n

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        buf = self.buf
        row = self.stride >> 3
        first = x >> 3
        last = (xend - 1) >> 3
        lmask = 0xFF >> (x & 7)
        rmask = (0xFF << (7 - ((xend - 1) & 7))) & 0xFF
        for yy in range(y, yend):
            base = yy * row
            if first == last:
                m = lmask & rmask
                if c:
                    buf[base + first] |= m
                else:
                    buf[base + first] &= ~m & 0xFF
                continue
            if c:
                buf[base + first] |= lmask
                buf[base + last] |= rmask
            else:
                buf[base + first] &= ~lmask & 0xFF
                buf[base + last] &= ~rmask & 0xFF
            if last - first > 1:
                buf[base + first + 1:base + last] = (b"\xff" if c else b"\x00") * (last - first - 1)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # The same Bresenham variant as extmod/modframebuf.c, step for step.
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        w = self.width
        h = self.height
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    # --- blit ---------------------------------------------------------------
    def blit(self, src, x, y, key=-1, palette=None):
        src = _as_fb(src)
        pal = _as_fb(palette) if palette is not None else None
        if x >= self.width or y >= self.height or -x >= src.width or -y >= src.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + src.width)
        y0end = min(self.height, y + src.height)
        sbuf = src.buf
        sstride = src.stride
        while y0 < y0end:
            cx1 = x1
            base = y1 * sstride
            for cx0 in range(x0, x0end):
                col = (sbuf[(cx1 + base) >> 3] >> (7 - (cx1 & 7))) & 1
                if pal is not None:
                    col = pal._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def scroll(self, dx, dy):
        # Same order of copying as framebuf, so overlapping moves match.
        w = self.width
        h = self.height
        if dx < 0:
            sx, xend, xs = 0, w + dx, 1
            if xend <= 0:
                return
        else:
            sx, xend, xs = w - 1, dx - 1, -1
            if xend >= sx:
                return
        if dy < 0:
            y, yend, ys = 0, h + dy, 1
            if yend <= 0:
                return
        else:
            y, yend, ys = h - 1, dy - 1, -1
            if yend >= y:
                return
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - dx, y - dy))
                x += xs
            y += ys


def _as_fb(obj):
    """A FrameBuffer, or framebuf's read-only tuple form
    (buffer, width, height, format[, stride])."""
    if isinstance(obj, FrameBuffer):
        return obj
    stride = obj[4] if len(obj) > 4 else obj[1]
    fb = FrameBuffer(obj[0], obj[1], obj[2], obj[3])
    fb.stride = stride  # framebuf takes a tuple's stride as given
    return fb
