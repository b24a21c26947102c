# Helpers for the portable tests: these test modules run unchanged under
# pytest on CPython and under tests/portable/run.py on MicroPython (unix port
# and WebAssembly), so they use plain asserts and nothing from pytest.
import os


def raises(exc_type, fn, *args, **kwargs):
    """Call fn and return the exception it raised; fail if it raised none or
    another type."""
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError("%s was not raised" % exc_type.__name__)


_counter = [0]
_made = []     # folders tmpdir() made, removed by cleanup() when the run ends


def tmpdir():
    """A fresh empty folder (on the unix port and WebAssembly too)."""
    base = "/tmp"
    try:
        os.stat(base)
    except OSError:
        os.mkdir(base)
    _counter[0] += 1
    stamp = 0
    try:
        import time
        stamp = time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1000000)
    except ImportError:
        pass
    path = "%s/usher-test-%d-%d" % (base, stamp, _counter[0])
    os.mkdir(path)
    _made.append(path)
    return path


def _rmtree(path):
    try:
        names = os.listdir(path)
    except OSError:
        try:
            os.remove(path)
        except OSError:
            pass
        return
    for n in names:
        _rmtree(path + "/" + n)
    try:
        os.rmdir(path)
    except OSError:
        pass


def cleanup():
    """Remove every folder tmpdir() made (tests/portable/run.py and the
    pytest session call it at the end), so a run leaves nothing in /tmp."""
    while _made:
        _rmtree(_made.pop())


def refused_unchanged(engine, state, action, expect=None):
    """Assert that engine.apply refuses action with a GameError, leaves the
    state exactly as it was, and (if given) that the message contains
    `expect`. Returns the error message."""
    from usher.core.game import GameError, canonical_json
    before = canonical_json(state)
    err = raises(GameError, engine.apply, state, action)
    assert canonical_json(state) == before, "state changed by a refused action"
    if expect is not None:
        assert expect in err.message, "message %r lacks %r" % (err.message, expect)
    return err.message


def drawn_texts(app):
    """Every string the top screen of app draws, for one redraw (the calls
    of usher.ui.text's draw functions, the outer one of nested calls)."""
    from usher.ui import text
    seen = []
    depth = [0]
    saved = (text.draw, text.draw_centered, text.draw_right)

    def rec(fn):
        def f(c, font, s, *rest):
            if not depth[0]:
                seen.append(s)
            depth[0] += 1
            try:
                return fn(c, font, s, *rest)
            finally:
                depth[0] -= 1
        return f
    text.draw, text.draw_centered, text.draw_right = rec(saved[0]), rec(saved[1]), rec(saved[2])
    try:
        app.top().draw(app.canvas)
    finally:
        text.draw, text.draw_centered, text.draw_right = saved
    return seen


def press(app, b, long=False):
    """One tap of button b on app (press, then release), or with long a
    long press (press, long, release), as the device's buttons send them."""
    app.handle(("press", b))
    if long:
        app.handle(("long", b))
    app.handle(("release", b))


def on_filesystem(fn, littlefs=True):
    """fn() run the littlefs way (littlefs True) or the FAT way (False), on
    any folder (usher.core.storage.FORCE), and its result."""
    from usher.core import storage
    storage.FORCE = littlefs
    try:
        return fn()
    finally:
        storage.FORCE = None


def both_filesystems(fn):
    """fn(littlefs) run the littlefs way (files rewritten in place, PL-17)
    and then the FAT way (temp file, rename, backup), on any folder
    (usher.core.storage.FORCE)."""
    from usher.core import storage
    for force in (True, False):
        storage.FORCE = force
        try:
            fn(force)
        finally:
            storage.FORCE = None


def logging_app(d, log):
    """A started App on folder d whose log lines go to the list log as
    (kind, data)."""
    from usher.ui.app import App
    from usher.ui.canvas import new_canvas
    app = App(new_canvas()[1], d, {"board": "test", "log": lambda k, v: log.append((k, v))})
    app.start()
    return app


def reads_of(fn, path):
    """(fn's result, how many times storage.read_lines read path, the bytes
    any reader read from path) while fn ran: what a press costs in reads of
    one file, on any runtime (builtins.open and storage.read_lines are
    wrapped for the call and put back after it)."""
    import builtins

    from usher.core import storage
    real_open = builtins.open
    real_lines = storage.read_lines
    seen = [0, 0]

    class Counted:
        def __init__(self, f):
            self.f = f

        def read(self, *a):
            got = self.f.read(*a)
            seen[1] += len(got)
            return got

        def __iter__(self):
            for line in self.f:
                seen[1] += len(line)
                yield line

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def __getattr__(self, name):
            return getattr(self.f, name)

    def opening(p, *a, **k):
        f = real_open(p, *a, **k)
        return Counted(f) if p == path else f

    def lines(p, *a, **k):
        if p == path:
            seen[0] += 1
        return real_lines(p, *a, **k)
    builtins.open = opening
    storage.read_lines = lines
    try:
        got = fn()
    finally:
        builtins.open = real_open
        storage.read_lines = real_lines
    return got, seen[0], seen[1]
