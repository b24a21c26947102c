"""The README and docs/: every relative link reaches a file and,
with a #fragment, a heading of that file; the README stays a short page for
the people who use the device and shows its two commands."""
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
README = os.path.join(ROOT, "README.md")
README_LIMIT = 12 * 1024          # the README at most about 12 KB; depth goes to docs/
LINK = re.compile(r"\]\(([^)\s]+)\)")


def markdown_files():
    docs = os.path.join(ROOT, "docs")
    found = [README]
    for root, dirs, files in os.walk(docs):
        dirs.sort()
        found += [os.path.join(root, f) for f in sorted(files) if f.endswith(".md")]
    return found


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes."""
    text = heading.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"```.*?```", "", f.read(), flags=re.S)    # a '#' in a code block is no heading
    return {slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, flags=re.M)}


def broken_links(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    bad = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("<"):
            continue                                                  # a web address
        file_part, _, fragment = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        if not os.path.exists(dest):
            bad.append(target + " (no such file)")
        elif fragment and dest.endswith(".md") and fragment not in anchors(dest):
            bad.append(target + " (no such heading)")
    return bad


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: os.path.relpath(p, ROOT))
def test_every_link_reaches_its_file_and_heading(path):
    assert broken_links(path) == []


def test_the_checker_sees_a_broken_link(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Real heading\n")
    page.write_text("[a](other.md#real-heading) [b](missing.md) [c](other.md#gone) [d](https://example.org)\n")
    assert broken_links(str(page)) == ["missing.md (no such file)", "other.md#gone (no such heading)"]


def test_readme_is_short_and_shows_the_two_commands():
    with open(README, encoding="utf-8") as f:
        text = f.read()
    assert len(text.encode("utf-8")) <= README_LIMIT
    assert "make sim" in text and "make test" in text
