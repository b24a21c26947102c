"""Comments, docstrings and test names say their reason and cite what a
reader can open (a spec id, a doc, a bench), never a tracker's issue
number, which a maintainer without that tracker cannot open."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDERS = ("firmware", "host_tools", "sim", "tests", "bench", "tools", "web")
SUFFIXES = (".py", ".c", ".h", ".mjs", ".js", ".html", ".sh")
SKIP = ("node_modules", "__pycache__", "golden", ".venv", "build")
# "issue 24", "(issue 25)", "issues 24 and 25", "test_issue24_..."
TRACKER = re.compile(r"\b[Ii]ssues? \d+|\bissue\d+|\(issue\b")


def _files():
    for folder in FOLDERS:
        for root, dirs, names in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d not in SKIP]
            for name in names:
                if name.endswith(SUFFIXES):
                    yield os.path.join(root, name)
    yield os.path.join(ROOT, "Makefile")


def test_no_code_comment_or_test_name_cites_a_tracker_issue_number():
    here = os.path.abspath(__file__)
    hits = []
    for path in _files():
        if path == here:
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for i, line in enumerate(f, 1):
                if TRACKER.search(line):
                    hits.append("%s:%d: %s" % (os.path.relpath(path, ROOT), i, line.strip()[:100]))
    assert hits == []
