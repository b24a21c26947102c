# The frozen modules' function objects in flash (tools/frozen_funs.py, issue
# 24: the heap). On the project's builds (the boards, and the frozen 32-bit
# unix build that runs this file in `make test-frozen`) a function of a
# module the firmware keeps, without default arguments, is a constant of the
# image: importing its module again gives the same object, and it reads the
# globals of the module as last imported. The modules the App unloads (a
# game's, usher.ui.app.unload_game_code, and App._unload's) and functions
# with default arguments are made on the heap at each import, as everywhere
# else. On other runtimes every import makes new function objects.
# A kept module is imported once: imported again, its functions (the same
# objects) would read the new module's globals, also where the old module
# object is still held (its classes, its state): these tests re-import only
# usher.core.seal, which has neither.
import gc
import sys

import usher

FROZEN = isinstance(getattr(usher, "__path__", None), str) and usher.__path__.startswith(".frozen/")


def _again(name):
    """The module `name` imported anew (its parent's attribute too), and the
    one it replaced."""
    old = sys.modules.pop(name)
    parent, short = name.rsplit(".", 1)
    __import__(name)
    new = sys.modules[name]
    assert new is not old
    assert getattr(sys.modules[parent], short) is new
    return old, new


def test_issue24_a_kept_modules_function_is_in_flash_on_the_projects_builds():
    # usher.core.seal: functions only, no state, so a second import is the
    # same module for everyone who still holds the first.
    old, new = _again("usher.core.seal")
    same = new.seal_object is old.seal_object          # no default arguments
    assert same == FROZEN
    assert new.crc32(b"usher") == old.crc32(b"usher")
    # It reads the globals of the module as last imported.
    saved = new.crc32
    new.crc32 = lambda data: 0
    zero = '"crc32":"00000000"}'
    try:
        assert (old.object_tail(b"{}")[1] == zero) == FROZEN
        assert new.object_tail(b"{}")[1] == zero
    finally:
        new.crc32 = saved


def test_issue24_an_unloaded_modules_function_is_made_at_each_import():
    # usher.ui.playlog: the App drops it after keeping a play (App._unload)
    from usher.ui import playlog  # noqa: F401
    old, new = _again("usher.ui.playlog")
    assert new.keep is not old.keep
    sys.modules["usher.ui.playlog"] = old     # one copy of it, as before
    sys.modules["usher.ui"].playlog = old


def test_issue24_a_kept_functions_globals_outlive_its_module_object():
    # The module's globals are held by its context in RAM, which the
    # collector marks: a function kept after its module left sys.modules
    # still finds them after collections.
    old, new = _again("usher.core.seal")
    fn = new.check_object
    text = new.seal_object('{"a":1}').encode()
    del new
    sys.modules["usher.core.seal"] = old
    sys.modules["usher.core"].seal = old
    gc.collect()
    junk = [bytearray(64) for _ in range(50)]
    gc.collect()
    assert fn(text, len(text)) is not None
    del junk
