# The play history on a real littlefs (MicroPython's VfsLfs2 on a RAM flash
# with rp2's block size), PL-17: a kept play's line is added at the end of
# history/plays.jsonl instead of the file being written anew, which rewrote
# every block of it at every game's end on a board in use.
import gc

from test_core_gamefile import BLOCK, _Flash
from test_ui_players_history import _summary

from usher.core import storage
from usher.ui import playlog

BLOCKS = 48
CAP = 40


class _CountingFlash(_Flash):
    def __init__(self, blocks, data=None, buf=None, image=None):
        super().__init__(blocks, data, buf, image)
        self.erases = 0

    def ioctl(self, op, arg):
        if op == 6:
            self.erases += 1
        return super().ioctl(op, arg)


def _lfs():
    try:
        import vfs
    except ImportError:
        return None
    return vfs if hasattr(vfs, "VfsLfs2") else None


def _keep(data, i):
    s = _summary("seatwars", ["Anna", "Ben"], [i, 0], [0], seed=i, actions=20)
    rec = {"game": "seatwars", "options": {"players": 2}, "seed": i, "actions": [{"type": "t"}] * 20}
    return playlog.append(data, s, rec, cap=CAP, actions_cap=2)


def _mounted(dev, point, force, fn):
    import vfs
    vfs.mount(vfs.VfsLfs2(dev, progsize=256), point)
    storage.FORCE = force
    try:
        return fn(point + "/data")
    finally:
        storage.FORCE = None
        vfs.umount(point)


def _history_of(plays):
    """A littlefs holding plays kept plays; its bytes."""
    import vfs
    dev = _CountingFlash(BLOCKS)
    vfs.VfsLfs2.mkfs(dev, progsize=256)

    def fill(data):
        for i in range(plays):
            _keep(data, i)
    _mounted(dev, "/lfs_hist", None, fill)
    return bytes(dev.data)


def test_pl17_on_littlefs_a_kept_plays_line_is_added_at_the_end_without_rewriting_the_history():
    if _lfs() is None:
        return
    image = _history_of(CAP - 1)
    erases = {}
    for force in (False, None):     # False: written anew (FAT's way); None: littlefs's own
        dev = _CountingFlash(BLOCKS, image)

        def last(data, dev=dev):
            size = _size(playlog.index_path(data))
            before = dev.erases
            n, problem = _keep(data, CAP - 1)
            assert (n, problem) == (CAP, None)
            return size, dev.erases - before, [r["n"] for r in playlog.summaries(data, cap=CAP)]
        size, erases[force], kept = _mounted(dev, "/lfs_hist", force, last)
        assert kept == list(range(1, CAP + 1))
        gc.collect()
    # the index was over a block; written anew it costs an erase for each
    # (and the record's); added at the end, a copy of its last block at most
    assert size > BLOCK, size
    assert erases[False] >= 3, erases
    assert erases[None] <= 1, erases


def _size(path):
    import os
    return os.stat(path)[6]


def test_pl17_a_power_cut_inside_the_append_keeps_the_history_whole():
    if _lfs() is None:
        return
    import vfs
    image = _history_of(6)
    dev = _CountingFlash(BLOCKS, image)
    _mounted(dev, "/lfs_hist", None, lambda data: _keep(data, 6))
    ops = dev.ops
    run_buf = bytearray(BLOCK * BLOCKS)
    image_buf = bytearray(BLOCK * BLOCKS)
    cuts = 0
    for k in range(1, ops + 1):
        dev = _CountingFlash(BLOCKS, image, run_buf, image_buf)
        dev.cut_at = k
        _mounted(dev, "/lfs_hist", None, lambda data: _keep(data, 6))
        after = _CountingFlash(BLOCKS, dev.image, run_buf)
        vfs.mount(vfs.VfsLfs2(after, progsize=256), "/lfs_cut")
        try:
            data = "/lfs_cut/data"
            notice = playlog.open_index(data)[1]
            got = [(r["n"], r["seed"]) for r in playlog.summaries(data, cap=CAP)]
        finally:
            vfs.umount("/lfs_cut")
        # the six plays before, and the seventh when its record or line got
        # written (a record without its line: the line is rebuilt from it)
        assert got in ([(i + 1, i) for i in range(6)], [(i + 1, i) for i in range(7)]), (k, got)
        assert notice is None, (k, notice)
        cuts += 1
        gc.collect()
    assert cuts >= 4, cuts
