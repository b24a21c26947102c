"""The rules document lists every product decision, and each decision is
cited where it is implemented and where it is tested.

The ids and their counts are those of the spec (TS-1..22, TH-1..17,
MS-1..14, SW-1..9, PL-1..23). For each id this checks: it appears in its
file under docs/rules/, in a code comment under firmware/, host_tools/,
sim/ or tools/, and in a test (its id in a test's docstring or comment, or
in the test's name as e.g. test_ts9_...). An id not built yet (NOT_BUILT)
must say so in its rules file, and has no code or test to cite."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IDS = {"TS": (22, "takeaseat"), "TH": (17, "theatre"), "MS": (14, "multisala"),
       "SW": (9, "seatwars"), "PL": (23, "platform")}
# Every decision is built; an id added before its code goes here, and its
# rules file says "not built yet".
NOT_BUILT = ()


def _read_py(folders):
    texts = []
    for folder in folders:
        for root, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "golden")]
            for name in files:
                if name.endswith(".py"):
                    with open(os.path.join(root, name), encoding="utf-8") as f:
                        texts.append(f.read())
    return "\n".join(texts)


CODE = _read_py(["firmware", "host_tools", "sim", "tools"])
TESTS = _read_py(["tests"])


def _missing(prefix):
    count, doc_name = IDS[prefix]
    with open(os.path.join(ROOT, "docs", "rules", doc_name + ".md"), encoding="utf-8") as f:
        doc = f.read()
    missing = []
    for i in range(1, count + 1):
        exact = re.compile(r"\b%s-%d\b" % (prefix, i))
        if "%s-%d" % (prefix, i) in NOT_BUILT:
            if not re.search(r"%s-\d+\.\.%s-\d+ \|[^|]*\| \*\*not built yet\*\*" % (prefix, prefix), doc) \
                    and not re.search(r"\b%s-%d\b[^\n]*not built yet" % (prefix, i), doc):
                missing.append("%s-%d: its rules file does not say it is not built yet" % (prefix, i))
            continue
        in_test = re.compile(r"\b%s-%d\b|\b(test_)?%s%d(_|\b)" % (prefix, i, prefix.lower(), i),
                             re.IGNORECASE)
        where = [name for name, ok in (("rules document", exact.search(doc)),
                                       ("code", exact.search(CODE)),
                                       ("tests", in_test.search(TESTS))) if not ok]
        if where:
            missing.append("%s-%d: not in %s" % (prefix, i, ", ".join(where)))
    return missing


def test_every_take_a_seat_decision_is_documented_implemented_and_tested():
    assert _missing("TS") == []


def test_every_theatre_decision_is_documented_implemented_and_tested():
    assert _missing("TH") == []


def test_every_multisala_decision_is_documented_implemented_and_tested():
    assert _missing("MS") == []


def test_every_seat_wars_decision_is_documented_implemented_and_tested():
    assert _missing("SW") == []


def test_every_platform_decision_is_documented_implemented_and_tested():
    assert _missing("PL") == []


def test_the_check_itself_notices_a_missing_id():
    prefix = "Q" + "Z"  # built, so that the id itself appears nowhere
    IDS[prefix] = (1, "platform")
    try:
        assert _missing(prefix) == [prefix + "-1: not in rules document, code, tests"]
    finally:
        del IDS[prefix]
