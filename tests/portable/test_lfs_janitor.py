# littlefs's janitorial work on demand, VfsLfs2.gc() (tools/lfs_janitor.py):
# on the project's builds (the boards, and the frozen 32-bit unix
# build that runs this file in `make test-frozen`) the compaction of a full
# directory, a 4 KB erase, is done by gc() between two saves instead of by
# the save that finds the directory full. On a runtime without littlefs, or
# stock MicroPython (no gc()), there is nothing to test.
import usher
from test_core_gamefile import _Flash

FROZEN = isinstance(getattr(usher, "__path__", None), str) and usher.__path__.startswith(".frozen/")


class _CountingFlash(_Flash):
    """The RAM flash of the littlefs power-cut tests (rp2's block size; 8
    blocks: the frozen 32-bit port's heap is small), counting its erases."""

    def __init__(self):
        super().__init__(8)
        self.erases = 0

    def ioctl(self, op, arg):
        if op == 6:
            self.erases += 1
        return super().ioctl(op, arg)


def _littlefs():
    try:
        import vfs
    except ImportError:
        return None
    if not hasattr(vfs, "VfsLfs2"):
        return None
    if not hasattr(vfs.VfsLfs2, "gc"):
        assert not FROZEN, "the project's build has no VfsLfs2.gc (tools/lfs_janitor.py)"
        return None
    return vfs


def _saves(vfs, janitor, n=60):
    """n saves of a small file (inline in its directory, as ui.json is),
    with gc() after each when janitor: (erases inside the saves, inside
    gc(), gc()'s answers)."""
    dev = _CountingFlash()
    vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = vfs.VfsLfs2(dev, progsize=256)
    vfs.mount(fs, "/janitor")
    in_saves = in_gc = 0
    answers = []
    try:
        if janitor:
            fs.gc()                                 # the mount's own state
            answers.append(fs.gc())                 # nothing programmed since: False
        for i in range(n):
            e = dev.erases
            with open("/janitor/ui.json", "w") as f:
                f.write("%03d" % i + "x" * 200)
            in_saves += dev.erases - e
            if janitor:
                e = dev.erases
                answers.append(fs.gc())
                in_gc += dev.erases - e
        with open("/janitor/ui.json") as f:
            assert f.read() == "%03d" % (n - 1) + "x" * 200
    finally:
        vfs.umount("/janitor")
    return in_saves, in_gc, answers


def test_gc_compacts_a_directory_before_a_save_finds_it_full():
    vfs = _littlefs()
    if vfs is None:
        return
    without = _saves(vfs, False)
    with_gc = _saves(vfs, True)
    # Without gc() the saves themselves compact the directory, now and then.
    assert without[0] >= 3, without
    # With it the compactions are gc()'s, about as many, and no save erases.
    assert with_gc[0] == 0 and without[0] - 1 <= with_gc[1] <= without[0] + 1, (without, with_gc)
    # gc() answers False when nothing was written since its last call, True
    # after each save.
    assert with_gc[2] == [False] + [True] * 60, with_gc[2]
