"""`usher --help` and every subcommand's --help (PL-12): each command has
a description of its own, and every argument and option says what it is."""
import argparse
import os
import subprocess
import sys

import pytest

from usher_host import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _walk(parser, path=("usher",)):
    """Yield (command words, parser) for the top parser and every subcommand under it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _walk(child, path + (name,))


def _commands():
    return list(_walk(cli.parser()))


def _undescribed(parser):
    """The arguments and options of one parser that --help would list without a word."""
    missing = []
    for action in parser._actions:
        if action.help is None or action.help == argparse.SUPPRESS or not action.help.strip():
            missing.append("/".join(action.option_strings) or action.dest)
    return missing


def test_walk_finds_every_subcommand():
    names = {" ".join(path) for path, _ in _commands()}
    for expected in ("usher devices", "usher flash", "usher logs", "usher replay", "usher data check",
                     "usher data upload", "usher data download", "usher history pull", "usher clock",
                     "usher backup", "usher restore", "usher virtual-device"):
        assert expected in names


def _name(value):
    return " ".join(value) if isinstance(value, tuple) else ""


@pytest.mark.parametrize("path,parser", _commands(), ids=_name)
def test_every_command_and_argument_is_described(path, parser):
    assert parser.description and parser.description.strip(), "%s --help has no description" % " ".join(path)
    assert _undescribed(parser) == [], "%s --help: no description for %s" % (" ".join(path),
                                                                              _undescribed(parser))


def test_the_checker_sees_a_bare_argument():
    # The check above must fail on the gaps it is there for ("folder" alone).
    bare = argparse.ArgumentParser(prog="usher backup")
    bare.add_argument("folder")
    assert _undescribed(bare) == ["folder"]


@pytest.mark.parametrize("words", [("devices",), ("backup",), ("restore",), ("data", "check")])
def test_help_text_shows_the_descriptions(words):
    # The real command's output, as a user reads it.
    run = subprocess.run([sys.executable, "-m", "usher_host"] + list(words) + ["--help"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    # argparse wraps lines, also after a hyphen: compare word by word
    shown = " ".join(run.stdout.split()).replace("- ", "-")
    parser = dict((" ".join(p[1:]), q) for p, q in _commands())[" ".join(words)]
    assert " ".join(parser.description.split()) in shown
    for action in parser._actions:
        if not action.option_strings:         # positionals were once left bare
            assert " ".join(action.help.split()) in shown, action.dest
