"""Generate the UI's 16x16 icons into firmware/usher/ui/icons.py.

Usage: python tools/make_icons.py

Icons are drawn here with Pillow's primitives (lines, polygons, ellipses) and
stored as MONO_HLSB bytes (2 bytes per row, 32 bytes per icon) so the device
only blits them. Multisala's emotion list belongs to its engine; until it is
defined the six emotion icons are generic faces keyed by index 0..5.
"""
import os
import sys

from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "firmware", "usher", "ui", "icon_data.py")
S = 16
TINY = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 9)


def canvas():
    img = Image.new("1", (S, S), 0)
    d = ImageDraw.Draw(img)
    d.fontmode = "1"
    return img, d


# --- Take a Seat areas (TS-1) ---------------------------------------------
def authorities(d):  # a crown
    d.polygon([(1, 12), (1, 4), (5, 8), (8, 2), (11, 8), (15, 4), (15, 12)], fill=1)
    d.rectangle([1, 13, 15, 14], fill=1)


def celebrities(d):  # a star
    pts = [(8, 0), (10, 6), (16, 6), (11, 10), (13, 16), (8, 12), (3, 16), (5, 10), (0, 6), (6, 6)]
    d.polygon(pts, fill=1)


def press(d):  # a camera
    d.rectangle([0, 4, 15, 14], outline=1, fill=1)
    d.rectangle([4, 2, 9, 4], fill=1)
    d.ellipse([4, 6, 11, 13], fill=0)
    d.ellipse([6, 8, 9, 11], fill=1)


def public(d):  # two people
    d.ellipse([1, 2, 6, 7], fill=1)
    d.pieslice([0, 8, 8, 20], 180, 360, fill=1)
    d.ellipse([9, 2, 14, 7], fill=1)
    d.pieslice([8, 8, 16, 20], 180, 360, fill=1)


# --- arrows (TS-7): two strokes in the direction of travel, stacked in the
# direction the scan wraps to, joined by a dotted return (like reading order).
def arrow(code):
    travel, wrap = code[0], code[1]

    def xy(a, b):
        # a runs along the travel direction, b along the wrap direction.
        x = y = 0
        if travel == "R":
            x = a
        elif travel == "L":
            x = 15 - a
        elif travel == "D":
            y = a
        else:
            y = 15 - a
        if wrap == "R":
            x = b
        elif wrap == "L":
            x = 15 - b
        elif wrap == "D":
            y = b
        else:
            y = 15 - b
        return (x, y)

    def draw(d):
        for b0 in (2, 10):
            d.polygon([xy(0, b0), xy(9, b0), xy(9, b0 + 1), xy(0, b0 + 1)], fill=1)
            d.polygon([xy(15, b0), xy(15, b0 + 1), xy(10, b0 + 4), xy(10, b0 - 3)], fill=1)
        for k in range(0, 5):
            d.point(xy(9 - 2 * k, 5 + k), fill=1)
        # The start cell (TS-7): a block at the first stroke's tail.
        d.polygon([xy(0, 0), xy(2, 0), xy(2, 4), xy(0, 4)], fill=1)
    return draw


# --- The Theatre suits (TH-1) ---------------------------------------------
def charm(d):  # a heart
    d.ellipse([0, 1, 8, 9], fill=1)
    d.ellipse([7, 1, 15, 9], fill=1)
    d.polygon([(1, 7), (14, 7), (8, 15)], fill=1)


def luck(d):  # a four-leaf clover
    for box in ([5, 0, 11, 6], [0, 5, 6, 11], [10, 5, 16, 11], [5, 10, 11, 16]):
        d.ellipse(box, fill=1)
    d.rectangle([6, 6, 10, 10], fill=1)


def agility(d):  # a lightning bolt
    d.polygon([(10, 0), (2, 9), (7, 9), (5, 15), (14, 6), (9, 6), (12, 0)], fill=1)


def will(d):  # a flame
    d.polygon([(8, 0), (13, 7), (13, 12), (10, 15), (5, 15), (2, 12), (3, 6), (6, 9)], fill=1)
    d.ellipse([6, 9, 10, 14], fill=0)


def strength(d):  # a dumbbell
    d.rectangle([0, 4, 3, 11], fill=1)
    d.rectangle([12, 4, 15, 11], fill=1)
    d.rectangle([3, 6, 12, 9], fill=1)


# --- generic emotion faces, keyed by index ----------------------------------
def face(mouth, eyes):
    def draw(d):
        d.ellipse([0, 0, 15, 15], outline=1, width=1)
        if eyes == "dots":
            d.rectangle([4, 5, 5, 6], fill=1)
            d.rectangle([10, 5, 11, 6], fill=1)
        elif eyes == "brows":  # angry
            d.line([(3, 3), (6, 5)], fill=1)
            d.line([(12, 3), (9, 5)], fill=1)
            d.rectangle([4, 6, 5, 7], fill=1)
            d.rectangle([10, 6, 11, 7], fill=1)
        elif eyes == "wide":
            d.ellipse([3, 3, 6, 7], outline=1)
            d.ellipse([9, 3, 12, 7], outline=1)
        elif eyes == "closed":
            d.line([(3, 6), (6, 6)], fill=1)
            d.line([(9, 6), (12, 6)], fill=1)
        if mouth == "smile":
            d.arc([4, 5, 11, 12], 20, 160, fill=1)
        elif mouth == "frown":
            d.arc([4, 10, 11, 15], 200, 340, fill=1)
        elif mouth == "o":
            d.ellipse([6, 9, 9, 13], outline=1)
        elif mouth == "flat":
            d.line([(5, 11), (10, 11)], fill=1)
        elif mouth == "grin":
            d.chord([4, 6, 11, 13], 0, 180, fill=1)
        elif mouth == "wave":
            d.line([(4, 11), (6, 10), (8, 12), (10, 10), (11, 11)], fill=1)
    return draw


EMOTIONS = (("smile", "dots"), ("frown", "dots"), ("flat", "brows"),
            ("o", "wide"), ("grin", "closed"), ("wave", "wide"))


# --- Multisala symbols (MS-1) -------------------------------------------------
def switch(on):
    def draw(d):
        d.rounded_rectangle([0, 3, 15, 12], radius=4, outline=1, fill=1 if on else 0)
        if on:
            d.ellipse([9, 5, 13, 10], fill=0)
        else:
            d.ellipse([2, 5, 6, 10], fill=1)
    return draw


def d6(n):
    spots = {1: [(8, 8)], 2: [(4, 4), (11, 11)], 3: [(4, 4), (8, 8), (11, 11)],
             4: [(4, 4), (11, 4), (4, 11), (11, 11)],
             5: [(4, 4), (11, 4), (8, 8), (4, 11), (11, 11)],
             6: [(4, 3), (11, 3), (4, 8), (11, 8), (4, 12), (11, 12)]}

    def draw(d):
        d.rounded_rectangle([0, 0, 15, 15], radius=3, outline=1)
        for x, y in spots[n]:
            d.rectangle([x - 1, y - 1, x, y], fill=1)
    return draw


def d4(n):
    def draw(d):
        d.polygon([(8, 0), (15, 15), (0, 15)], outline=1)
        d.line([(8, 0), (15, 15)], fill=1)
        d.text((8, 15), str(n), font=TINY, fill=1, anchor="mb")
    return draw


def bilico(d):  # a cube balanced on one edge
    d.polygon([(8, 0), (15, 7), (8, 14), (1, 7)], outline=1)
    d.line([(8, 14), (8, 15)], fill=1)
    d.line([(3, 15), (13, 15)], fill=1)
    d.rectangle([7, 6, 8, 7], fill=1)


ICONS = [
    ("area_authorities", authorities), ("area_celebrities", celebrities),
    ("area_press", press), ("area_public", public),
]
for _code in ("RD", "RU", "LD", "LU", "DR", "DL", "UR", "UL"):
    ICONS.append(("arrow_" + _code, arrow(_code)))
ICONS += [("suit_charm", charm), ("suit_luck", luck), ("suit_agility", agility),
          ("suit_will", will), ("suit_strength", strength)]
for _i, (_m, _e) in enumerate(EMOTIONS):
    ICONS.append(("emotion_%d" % _i, face(_m, _e)))
ICONS += [("switch_on", switch(True)), ("switch_off", switch(False))]
for _n in range(1, 5):
    ICONS.append(("d4_%d" % _n, d4(_n)))
for _n in range(1, 7):
    ICONS.append(("d6_%d" % _n, d6(_n)))
ICONS.append(("bilico", bilico))


def bitmap(fn):
    img, d = canvas()
    fn(d)
    px = img.load()
    out = bytearray(2 * S)
    for y in range(S):
        for x in range(S):
            if px[x, y]:
                out[y * 2 + (x >> 3)] |= 0x80 >> (x & 7)
    return bytes(out)


HEADER = '''# 16x16 icon bitmaps, MONO_HLSB (2 bytes per row, 32 bytes per icon, 1 = ink).
# Generated by tools/make_icons.py; do not edit by hand (usher/ui/icons.py
# draws them). NAMES lists them in DATA's order: the Take a Seat areas (TS-1),
# the eight scan arrows (TS-7; two arrows in the direction of travel, stacked
# in the direction the scan wraps to), The Theatre's suits (TH-1), six generic
# emotion faces keyed by index (Multisala's engine names its emotions; map
# them to 0..5), switch ON/OFF, D4 1-4, D6 1-6 and bilico (MS-1).
SIZE = 16
'''


def main():
    names = [n for n, _ in ICONS]
    data = b"".join(bitmap(fn) for _, fn in ICONS)
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from make_fonts import wrap_bytes
    text = HEADER + "NAMES = (\n"
    for n in names:
        text += "    %r,\n" % n
    text += ")\nDATA = %s\n" % wrap_bytes(data)
    with open(OUT, "w") as f:
        f.write(text)
    print("%s: %d icons, %d bytes" % (os.path.relpath(OUT, ROOT), len(names), len(data)))


if __name__ == "__main__":
    main()
