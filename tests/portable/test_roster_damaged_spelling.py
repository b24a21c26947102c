# PL-23: a roster restored from its copy names the names lost, and only
# those: a name of the damaged copy that is a kept name with one character
# changed (the damage itself) is not a name lost.
import mptest

from usher.ui import players


def _roster(names, damage):
    """A roster of names, the last added after the others (its copy holds
    the others), the main file's name `damage[0]` changed to `damage[1]`
    (its seal then fails); what load_roster gives."""
    d = mptest.tmpdir()
    for n in names:
        players.add_to_roster(d, n)
    p = players.roster_path(d)
    with open(p, "rb") as f:
        raw = f.read()
    old, new = damage
    assert raw.count(old.encode()) == 1
    with open(p, "wb") as f:
        f.write(raw.replace(old.encode(), new.encode()))
    return players.load_roster(d)


def _both(fn):
    mptest.both_filesystems(lambda _littlefs: fn())


def test_pl23_a_kept_name_damaged_by_one_letter_is_not_counted_as_lost():
    def check():
        names, problem = _roster(["Anna", "Ben", "Cal", "Dora", "Eve"], ("Dora", "Dnra"))
        assert names == ["Anna", "Ben", "Cal", "Dora"], names
        assert problem.endswith("the previous copy was restored; 1 name lost: Eve."), problem
    _both(check)


def test_pl23_the_newest_name_damaged_is_lost_under_its_damaged_spelling():
    def check():
        names, problem = _roster(["Anna", "Ben", "Cal", "Dora", "Eve"], ("Eve", "Evu"))
        assert names == ["Anna", "Ben", "Cal", "Dora"], names
        assert problem.endswith("; 1 name lost: Evu."), problem
    _both(check)


def test_pl23_two_letters_off_or_another_length_is_a_name_lost():
    def check():
        names, problem = _roster(["Anna", "Ben", "Cal", "Dora", "Eve"], ("Dora", "Duro"))
        assert names == ["Anna", "Ben", "Cal", "Dora"], names
        assert problem.endswith("; 2 names lost: Duro, Eve."), problem
        # a line more: Dorb is Dora damaged, X a name the copy does not hold
        names, problem = _roster(["Anna", "Ben", "Cal", "Dora", "Eve"], ("Dora", "Dorb\nX"))
        assert problem.endswith("; 2 names lost: X, Eve."), problem
        names, problem = _roster(["Anna", "Ben", "Cal", "Dora", "Eve"], ("Dora", "Doras"))
        assert problem.endswith("; 2 names lost: Doras, Eve."), problem
    _both(check)


def test_pl23_one_damaged_line_explains_one_kept_name_only():
    # Two kept names one letter from the damaged one: it explains one of
    # them; the newest name is still lost.
    def check():
        names, problem = _roster(["Ada", "Ado", "Eve"], ("Ada", "Adu"))
        assert names == ["Ada", "Ado"], names
        assert problem.endswith("; 1 name lost: Eve."), problem
    _both(check)


def _damaged(names, fn):
    d = mptest.tmpdir()
    for n in names:
        players.add_to_roster(d, n)
    p = players.roster_path(d)
    with open(p, "rb") as f:
        raw = f.read()
    with open(p, "wb") as f:
        f.write(fn(raw))
    return players.load_roster(d)


def test_pl23_a_copy_that_cannot_be_read_says_a_name_may_be_lost_not_nothing():
    # The copy restored holds the names before the last change; what the
    # damaged file held cannot be read, so the device cannot count: it says
    # so ("may" only where it cannot know).
    def check():
        for fn in (lambda raw: b"", lambda raw: b"\xff\xfe\xfd" * 9):
            names, problem = _damaged(["Ann", "Ben", "Cal"], fn)
            assert names == ["Ann", "Ben"], names
            assert problem.endswith("the previous copy was restored; a name added or changed since "
                                    "may be lost."), problem
        # cut short after Ann and Ben: what followed cannot be read
        names, problem = _damaged(["Ann", "Ben", "Cal"], lambda raw: raw[:raw.index(b"Cal") + 1])
        assert problem.endswith("restored; the names after its cut cannot be read."), problem
        # both copies unreadable: the names in it cannot be read either
        d = mptest.tmpdir()
        for n in ("Ann", "Ben", "Cal"):
            players.add_to_roster(d, n)
        for name in (players.roster_path(d), players.roster_path(d) + ".bak"):
            with open(name, "wb") as f:
                f.write(b"")
        names, problem = players.load_roster(d)
        assert names == [] and "the names in it cannot be read" in problem, problem
    _both(check)
