# Time to draw text with the UI's fonts (usher.ui.text.draw into the
# framebuffer), per character, run on MicroPython's unix port by
# bench/speed.py: ASCII names, and the same names with accents (their glyphs
# sit after ASCII in CHARS and the capitals are the taller ones).
import time

from usher.ui import text
from usher.ui.canvas import new_canvas

ROUNDS = 60
ASCII = ("Elodie", "Nicolo", "Girts", "Asa", "Francois", "Jose", "Zoe", "Ysaye", "Lukasz", "Sukru")
ACCENTED = ("Élodie", "Nicolò", "Ģirts", "Åsa", "François", "José", "Zoë", "Ysaÿe", "Łukasz", "Şükrü")


def ns_per_char(names):
    buf, c = new_canvas()
    chars = sum([len(n) for n in names]) * ROUNDS * 2
    t0 = time.ticks_us()
    for _ in range(ROUNDS):
        for n in names:
            text.draw(c, text.BODY, n, 4, 40)
            text.draw(c, text.SMALL, n, 4, 80)
    return time.ticks_diff(time.ticks_us(), t0) * 1000 // chars


for label, names in (("ascii", ASCII), ("accented", ACCENTED)):
    best = min([ns_per_char(names) for _ in range(15)])
    print("text_%s_ns_per_char %d" % (label, best))
