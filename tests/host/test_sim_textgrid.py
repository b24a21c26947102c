"""The simulator's text mode (sim/textgrid.py): what each screen
draws as text shows whole on the 80-column grid, in reverse video where the
screen is white on black; text that is drawn over or cleared leaves it; icons
become words; the soft keys come from the top screen."""
import contextlib
import os
import sys
import tempfile

from sim.session import Session, parse_script
from sim.shots import SHOTS
from sim.textgrid import COLS, ROWS, TextGrid, softkeys_line


@contextlib.contextmanager
def _played(script):
    """(session, grid) after script from a fresh start; the grid closed and
    the data folder removed afterwards."""
    with tempfile.TemporaryDirectory() as data:
        s = Session(data, battery=80)
        grid = TextGrid(s)
        try:
            s.start()
            for _tok, events in parse_script(script):
                s.step(events)
            yield s, grid
        finally:
            grid.close()


def _row_of(lines, words):
    hits = [i for i, ln in enumerate(lines) if words in ln]
    assert hits, "%r not on the grid:\n%s" % (words, "\n".join(lines))
    return hits[0]


def test_every_text_of_every_screenshot_shows_whole_in_its_row():
    checked = 0
    for name, script in SHOTS:
        with _played(script) as (s, grid):
            lines = grid.lines()
            assert len(lines) == ROWS and all(len(ln) == COLS for ln in lines), name
            runs = grid.visible_runs()
            assert runs, name
            for run in runs:
                assert run[4] in lines[grid._row(run)], (name, run[4], lines[grid._row(run)])
                checked += 1
    assert checked > 500


def test_every_step_of_every_game_session_shows_its_text_whole():
    # The four games' scripted sessions (tests/portable/ui_session_*.py): at
    # every press, each text on the screen is whole on the grid, so each game
    # can be followed in the text mode from setup to its end.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "portable"))
    import ui_sessions
    steps = 0
    for name, script in ui_sessions.SESSIONS:
        if name in ui_sessions.FAKE_GAME_SESSIONS:
            continue
        with _played("") as (s, grid):
            for _tok, events in parse_script(script):
                s.step(events)
                steps += 1
                lines = grid.lines(pictures=False)
                for run in grid.visible_runs():
                    assert run[4] in lines[grid._row(run)], (name, steps, run[4])
    assert steps > 500


def test_the_launcher_in_words_with_the_title_and_focus_reversed():
    with _played("DOWN") as (s, grid):
        lines = grid.lines()
        cells = grid.cells()
        for words in ("Usher", "Take a Seat", "The Theatre", "Pulisci il Multisala", "Seat Wars",
                      "Dice roller"):
            _row_of(lines, words)
        title = _row_of(lines, "Usher")
        assert all(rev for _ch, rev in cells[title])       # the title bar, white on black
        focus = _row_of(lines, "The Theatre")           # DOWN: the focus on the second game
        other = _row_of(lines, "Take a Seat")
        start = lines[focus].index("The Theatre")
        assert all(rev for _ch, rev in cells[focus][start:start + len("The Theatre")])
        assert not any(rev for _ch, rev in cells[other][lines[other].index("Take"):][:11])
        assert "80%" in lines[title]                    # the title bar's status, at the right
        assert lines[title].rstrip().endswith("80%")
        assert softkeys_line(s.app.top().keys()).split() == ["|", "|", "c", "Select"]
        ansi = grid.lines(ansi=True)
        assert "\x1b[7m" in ansi[title] and "\x1b[27m" in ansi[title]


def test_text_drawn_over_or_cleared_leaves_the_grid():
    # Settings, then back: the launcher's words again, none of the settings'.
    with _played("UP,C") as (s, grid):
        assert "Clean refresh" in "\n".join(grid.lines())
        for _tok, events in parse_script("A"):
            s.step(events)
        text = "\n".join(grid.lines())
        assert "Clean refresh" not in text and "Seat Wars" in text
        # A dialog over a screen: its window's words, and the words it covers gone.
        for _tok, events in parse_script("DOWN,DOWN,DOWN,DOWN,C"):
            s.step(events)
        lines = grid.lines()
        assert _row_of(lines, "How many players?") > _row_of(lines, "Usher")
        assert "Pulisci il Multisala" not in "\n".join(lines)


def test_icons_are_words_on_the_grid():
    # The Theatre's Act start draws: the five suit icons of the Suit Card line.
    with _played("DOWN,C,C,C") as (s, grid):
        row = _row_of(grid.lines(), "Chrm")
        for word in ("Will", "Str", "Agil", "Luck"):
            assert word in grid.lines()[row]


def test_the_recording_hooks_go_when_the_last_grid_closes():
    from usher.ui import icons, text
    plain = (text.draw, icons.draw)
    with _played(""):
        assert (text.draw, icons.draw) != plain
    assert (text.draw, icons.draw) == plain
