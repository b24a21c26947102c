# DecKreative cards as Pulisci il Multisala reads them (MS-1, MS-2).
#
# A card is a 5-character code, compact enough to keep a whole deck in the
# game state on a 200 KB heap:
#   [0] D4 face   "1".."4" or "b" (bilico, counts 2)
#   [1] D6 face   "1".."6" or "b" (bilico, counts 3)
#   [2] switch    "1" = ON, "0" = OFF
#   [3] emotion   "0".."9": index into the deck's list of emotion names
#   [4] Morra     "s" sasso (rock), "c" carta (paper), "f" forbice (scissors)
# Example: "b312s" is D4 bilico, D6 3, ON, emotion 2, sasso.

D4_FACES = ("1", "2", "3", "4", "b")
D6_FACES = ("1", "2", "3", "4", "5", "6", "b")
MORRA = ("s", "c", "f")
MORRA_NAMES = ("sasso", "carta", "forbice")
SWITCH_NAMES = ("OFF", "ON")  # index = the code character's value
MAX_EMOTIONS = 10

# ASSUMPTION (MS-2): the real deck's symbol table is not published. These six
# emotion names and the deck below are stand-ins until an owner loads a
# transcription of their own deck.
DEFAULT_EMOTIONS = ("gioia", "paura", "tristezza", "rabbia", "amore", "sorpresa")

# A hall, the spectators of every hall and every hand can be out of the draw
# pile at once: 5 halls + 5 x 4 spectators + 5 players x 3 masks.
MIN_DECK = 40


def d4_value(face):
    """MS-1: bilico counts 2 on the D4."""
    return 2 if face == "b" else int(face)


def d6_value(face):
    """MS-1: bilico counts 3 on the D6."""
    return 3 if face == "b" else int(face)


def d4(code):
    return code[0]


def d6(code):
    return code[1]


def switch_on(code):
    return code[2] == "1"


def emotion(code):
    return int(code[3])


def morra(code):
    return code[4]


def make(d4_face, d6_face, on, emotion_index, morra_sign):
    return d4_face + d6_face + ("1" if on else "0") + str(emotion_index) + morra_sign


# ASSUMPTION (MS-2): 54 cards where every value of every symbol is present
# and any two symbols are spread evenly across each other: card i takes its
# switch, Morra, D4 and D6 from i modulo 2, 3, 5 and 7 (pairwise coprime, so
# their pairs cycle through every combination) and its emotion from the
# block of 9 it lies in (9 is a multiple of 3 and the blocks alternate the
# switch parity). tests/portable/test_multisala_cards.py checks the codes
# follow that rule and every pair of symbols is as even as 54 cards allow.
# Written out rather than made at run time: as constants of the code the
# codes are interned strings, so a saved game's deck, read back with json,
# takes no RAM for its 54 strings (about 1.7 KB of heap).
DEFAULT_DECK = (
    "1100s", "2210c", "3300f", "4410s", "b500c", "1610f", "2b00s", "3110c", "4200f",
    "b311s", "1401c", "2511f", "3601s", "4b11c", "b101f", "1211s", "2301c", "3411f",
    "4502s", "b612c", "1b02f", "2112s", "3202c", "4312f", "b402s", "1512c", "2602f",
    "3b13s", "4103c", "b213f", "1303s", "2413c", "3503f", "4613s", "bb03c", "1113f",
    "2204s", "3314c", "4404f", "b514s", "1604c", "2b14f", "3104s", "4214c", "b304f",
    "1415s", "2505c", "3615f", "4b05s", "b115c", "1205f", "2315s", "3405c", "4515f",
)


def default_deck():
    """The default deck's codes (MS-2), a list of the game's own."""
    return list(DEFAULT_DECK)


def describe(code, emotions):
    """Screen text for a card: 'D4 b D6 3 ON gioia sasso'."""
    return "D4 %s D6 %s %s %s %s" % (d4(code), d6(code), SWITCH_NAMES[1 if switch_on(code) else 0],
                                     emotions[emotion(code)], MORRA_NAMES[MORRA.index(morra(code))])


# --- an owner's transcription ------------------------------------------------
#
# Text, one card per line: D4 D6 SWITCH EMOTION MORRA, separated by spaces,
# e.g. "b 3 ON gioia sasso". Blank lines and text after '#' are ignored.
# Faces: D4 1-4 or b, D6 1-6 or b; switch ON/OFF; Morra sasso/carta/forbice
# (or s/c/f); emotion any single word (at most 10 different ones; the order
# of first appearance gives their indices).

def _morra_code(word):
    w = word.lower()
    if w in MORRA:
        return w
    if w in MORRA_NAMES:
        return MORRA[MORRA_NAMES.index(w)]
    return None


def parse_deck(text):
    """Parse a transcription. Returns (cards, emotions, defects): cards as
    codes, emotion names, and a list of defect strings each naming its line
    ('line 4: D6 "7" is not 1-6 or b'). The deck is usable only when defects
    is empty."""
    cards = []
    emotions = []
    defects = []
    lineno = 0
    for raw in text.split("\n"):
        lineno += 1
        line = raw
        hash_at = line.find("#")
        if hash_at >= 0:
            line = line[:hash_at]
        fields = line.split()
        if not fields:
            continue
        if len(fields) != 5:
            defects.append("line %d: %d fields, expected 5 (D4 D6 SWITCH EMOTION MORRA)"
                           % (lineno, len(fields)))
            continue
        bad = []
        f4 = fields[0].lower()
        if f4 not in D4_FACES:
            bad.append('D4 "%s" is not 1-4 or b' % fields[0])
        f6 = fields[1].lower()
        if f6 not in D6_FACES:
            bad.append('D6 "%s" is not 1-6 or b' % fields[1])
        sw = fields[2].upper()
        if sw not in ("ON", "OFF"):
            bad.append('switch "%s" is not ON or OFF' % fields[2])
        emo = fields[3].lower()
        if emo not in emotions:
            if len(emotions) >= MAX_EMOTIONS:
                bad.append('emotion "%s" is an 11th emotion (at most %d)' % (fields[3], MAX_EMOTIONS))
                emo = None
            else:
                emotions.append(emo)
        mo = _morra_code(fields[4])
        if mo is None:
            bad.append('Morra "%s" is not sasso, carta or forbice' % fields[4])
        if bad:
            for b in bad:
                defects.append("line %d: %s" % (lineno, b))
            continue
        cards.append(make(f4, f6, sw == "ON", emotions.index(emo), mo))
    if not cards and not defects:
        defects.append("no cards")
    elif not defects and len(cards) < MIN_DECK:
        defects.append("%d cards: a deck needs at least %d" % (len(cards), MIN_DECK))
    if not defects and len(emotions) < 2:
        defects.append("only one emotion: every spectator would match")
    return cards, emotions, defects


def check_codes(cards, emotions):
    """Defects of a deck given as codes (e.g. from game options): empty list
    when every code is well formed and the deck is big enough."""
    defects = []
    if type(cards) is not list or type(emotions) is not list:
        return ["deck must be lists of cards and emotions"]
    if len(emotions) < 2 or len(emotions) > MAX_EMOTIONS:
        defects.append("2 to %d emotions needed" % MAX_EMOTIONS)
    for i in range(len(cards)):
        c = cards[i]
        if (type(c) is not str or len(c) != 5 or c[0] not in D4_FACES or c[1] not in D6_FACES
                or c[2] not in "01" or not ("0" <= c[3] <= "9") or int(c[3]) >= len(emotions)
                or c[4] not in MORRA):
            defects.append("card %d: bad code %s" % (i + 1, c))
    if len(cards) < MIN_DECK:
        defects.append("%d cards: a deck needs at least %d" % (len(cards), MIN_DECK))
    return defects


def format_deck(codes, emotions):
    """A deck as transcription text (one card a line), the form parse_deck
    reads: a template an owner can correct to match their own deck."""
    lines = ["# D4 D6 SWITCH EMOTION MORRA"]
    for c in codes:
        lines.append("%s %s %s %s %s" % (d4(c), d6(c), SWITCH_NAMES[1 if switch_on(c) else 0],
                                         emotions[emotion(c)], MORRA_NAMES[MORRA.index(morra(c))]))
    return "\n".join(lines) + "\n"
