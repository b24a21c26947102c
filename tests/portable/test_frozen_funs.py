# The frozen modules' function objects in flash (tools/frozen_funs.py, issue
# 24: the heap). On the project's builds (the boards, and the frozen 32-bit
# unix build that runs this file in `make test-frozen`) a function of one of
# usher's modules, without default arguments, is a constant of the image:
# importing its module again gives the same object, and it reads the globals
# of the module of its name in sys.modules (as last imported, or as put back
# there, from the next collection on). A module that has left sys.modules
# (the App unloads a finished game's code and the modules used once) leaves
# the heap with its globals at the next collection. Functions with default
# arguments are made on the heap at each import, as everywhere else. On
# other runtimes every import makes new function objects.
# A module imported again serves every holder of the old module object with
# the new one's globals: these tests re-import usher.core.seal (no state)
# and put the old module objects back where others hold them.
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


def _put_back(name, module):
    sys.modules[name] = module
    parent, short = name.rsplit(".", 1)
    setattr(sys.modules[parent], short, module)
    gc.collect()    # its functions read its globals again (frozen builds)


def _unload(name):
    del sys.modules[name]
    parent, short = name.rsplit(".", 1)
    delattr(sys.modules[parent], short)


def test_issue24_functions_with_constant_defaults_are_in_flash_with_them():
    # usher.frozen_fixture is frozen into the unix32 test build only.
    try:
        import usher.frozen_fixture  # noqa: F401
    except ImportError:
        assert not FROZEN
        return
    old, new = _again("usher.frozen_fixture")
    try:
        assert new.constants is old.constants        # None, True, ints, a string
        assert new.constants(1) == (1, 5, "seat", None, True, -3)
        assert new.constants(1, 2, "x", 0, False, 9) == (1, 2, "x", 0, False, 9)
        # A default computed at run time is the one made, not the constant
        # the bytecode loads last before it.
        assert new.computed is not old.computed
        assert new.computed(1) == (1, 7) and old.computed(1) == (1, 7)
        assert new.an_object is not old.an_object
        assert new.an_object(1) == (1, ())
    finally:
        _put_back("usher.frozen_fixture", old)


def test_issue24_a_module_the_app_unloads_has_its_functions_in_flash_too():
    # usher.ui.playlog: the App drops it after keeping a play (App._unload)
    from usher.ui import playlog  # noqa: F401
    old, new = _again("usher.ui.playlog")
    assert (new.keep is old.keep) == FROZEN
    _put_back("usher.ui.playlog", old)


def test_issue24_an_unloaded_module_leaves_the_heap_with_its_globals():
    # What the App's unload gives back (usher.ui.owner_data, dropped once a
    # game has started): everything its import made, at the next
    # collection. On the frozen builds its context in RAM lets go of its
    # globals (tools/frozen_funs.py's mp_frozen_static_gc): were they still
    # held, their table and every class and value in it would stay.
    if not hasattr(gc, "mem_alloc"):
        return      # CPython: no figure of the heap
    gc.collect()
    start = gc.mem_alloc()
    junk = bytearray(4096)
    del junk
    gc.collect()
    if gc.mem_alloc() - start >= 4096:
        # The WebAssembly port: a collection inside a call frees nothing
        # (it cannot scan its stack; garbage waits for the top level).
        return
    name = "usher.ui.owner_data"
    held = sys.modules.get(name)
    if held is not None:
        _unload(name)
    __import__(name)        # a first import interns the names it needs
    _unload(name)
    gc.collect()
    before = gc.mem_alloc()
    __import__(name)
    gc.collect()
    loaded = gc.mem_alloc()
    _unload(name)
    gc.collect()
    after = gc.mem_alloc()
    if held is not None:
        _put_back(name, held)
    assert loaded - before >= 256, (before, loaded)
    assert after - before <= 32, (before, loaded, after)


def test_issue24_a_function_reads_the_globals_of_its_module_in_sys_modules():
    # The module imported before is put back in sys.modules: from the next
    # collection on, its functions (on the frozen builds the same objects
    # as the newer module's) read its globals, and still find them after
    # more collections.
    old, new = _again("usher.core.seal")
    fn = new.check_object
    text = new.seal_object('{"a":1}').encode()
    _put_back("usher.core.seal", old)
    zero = '"crc32":"00000000"}'
    saved = old.crc32
    old.crc32 = lambda data: 0
    try:
        assert old.object_tail(b"{}")[1] == zero
        assert (new.object_tail(b"{}")[1] == zero) == FROZEN
    finally:
        old.crc32 = saved
    del new
    junk = [bytearray(64) for _ in range(50)]
    gc.collect()
    assert fn(text, len(text)) is not None
    del junk


def test_issue24_a_saved_games_keys_read_back_are_the_images_strings():
    # mpy-tool.py interns the frozen modules' string constants (those under
    # 25 characters, PERSISTENT_STR_INTERN_THRESHOLD) in the image's qstr
    # pool: json.loads finds a string there and returns it without a copy
    # on the heap, so a saved game's keys and names read back take no RAM
    # on the frozen builds (Multisala's deck is written out as constants for
    # this, usher.games.multisala.cards.DEFAULT_DECK).
    if not hasattr(gc, "mem_alloc"):
        return      # CPython: no figure of the heap
    import json

    def cost(word):
        text = json.dumps([word] * 20)
        gc.collect()
        before = gc.mem_alloc()
        got = json.loads(text)
        gc.collect()
        used = gc.mem_alloc() - before
        assert got == [word] * 20
        return used
    key = cost("automa_scratches")      # a key of Take a Seat's state
    card = cost("b311s")                # a card of Multisala's default deck
    other = cost("zutoma_scratches")    # as long, in no module
    assert key == card or not FROZEN
    # so is a package's __path__ (tools/frozen_funs.py puts each in the
    # pool: an import makes it with mp_obj_new_str, which takes the
    # interned string when there is one)
    import usher.ui
    assert cost(usher.ui.__path__) == key or not FROZEN
    assert (other - key >= 20 * 16) == FROZEN, (key, other)


def test_issue24_a_running_function_keeps_its_modules_globals_through_an_unload():
    try:
        import usher.frozen_fixture as fixture
    except ImportError:
        assert not FROZEN
        return
    assert fixture.unload_then_call() is True
    assert sys.modules["usher.frozen_fixture"] is fixture


def test_issue24_a_held_module_keeps_its_globals_until_a_newer_import_is_gone():
    # usher.core.seal held by this test past its unload still works; after
    # a newer import of it has come and gone, the functions it shares with
    # it (the image's, on the frozen builds) find no globals: why no module
    # keeps one the App unloads at its top level
    # (test_firmware_image.py::test_issue24_no_module_holds_one_the_app_unloads).
    name = "usher.core.seal"
    held = sys.modules[name]
    text = held.seal_object('{"a":1}').encode()
    _unload(name)
    try:
        gc.collect()
        assert held.check_object(text, len(text)) is not None
        __import__(name)
        newer = sys.modules[name]
        assert newer is not held
        _unload(name)
        del newer
        gc.collect()
        try:
            held.check_object(text, len(text))
            found = True
        except NameError:
            found = False
        assert found != FROZEN
    finally:
        _put_back(name, held)
    assert held.check_object(text, len(text)) is not None


def test_issue24_a_module_imported_again_with_a_collection_at_every_allocation():
    # An import puts its module's name in sys.modules before the module
    # object: a collection in between (here at every allocation) finds the
    # name without a module, and must take it for "not loaded"
    # (mp_frozen_static_gc; it read the missing module's type and crashed).
    if not hasattr(gc, "threshold"):
        return      # CPython
    name = "usher.ui.owner_data"
    held = sys.modules.get(name)
    if held is not None:
        _unload(name)
    before = gc.threshold()
    gc.threshold(16)
    try:
        for _ in range(3):
            __import__(name)
            assert sys.modules[name].__name__ == name
            _unload(name)
    finally:
        gc.threshold(before)
        if held is not None:
            _put_back(name, held)
