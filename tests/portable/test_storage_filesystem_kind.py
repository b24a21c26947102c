# Which way a folder's files are saved (PL-17): in place on littlefs, which
# replaces a closed file whole, and through a temp file, a rename and a backup
# on FAT (PL-8). usher.core.storage.atomic() tells them apart by the
# filesystem mounted at the longest mount point above the folder. A folder
# taken for littlefs while it is on FAT would be written in place there: a
# power cut inside a save would tear the only copy of the game. Here the
# board's mount table is a stand-in `vfs` module (the unix port has its own,
# CPython none), so the rule runs on every runtime.
import sys

from usher.core import storage


class VfsLfs2:
    pass


class VfsFat:
    pass


class _Table:
    """A stand-in for MicroPython's vfs module: mount() lists (fs, point)."""

    def __init__(self, mounts):
        self.mounts = mounts

    def mount(self):
        return self.mounts


def _kinds(mounts, folders):
    """atomic() of each folder with the board's mount table mounts."""
    had = "vfs" in sys.modules
    old = sys.modules.get("vfs")
    sys.modules["vfs"] = _Table(mounts)
    try:
        out = []
        for f in folders:
            storage._known.pop(f, None)
            out.append(storage.atomic(f))
            storage._known.pop(f, None)
        return out
    finally:
        if had:
            sys.modules["vfs"] = old
        else:
            del sys.modules["vfs"]


def test_pl17_a_folder_on_littlefs_is_told_by_its_own_mount_point():
    lfs, fat = VfsLfs2(), VfsFat()
    # rp2: littlefs at the root; a folder at its mount point itself too
    assert _kinds([(lfs, "/")], ["/data", "/", "/a/b/c"]) == [True, True, True]
    # CircuitPython and the like: FAT at the root
    assert _kinds([(fat, "/")], ["/data", "/"]) == [False, False]
    # a littlefs mounted below a FAT root, listed after it or before it: the
    # longer mount point is the folder's filesystem
    for mounts in ([(fat, "/"), (lfs, "/flash")], [(lfs, "/flash"), (fat, "/")]):
        assert _kinds(mounts, ["/flash/data", "/flash", "/flashcard/data", "/data"]) == \
            [True, True, False, False], mounts
    # and a FAT card mounted below a littlefs root is FAT
    for mounts in ([(lfs, "/"), (fat, "/sd")], [(fat, "/sd"), (lfs, "/")]):
        assert _kinds(mounts, ["/sd/data", "/sd", "/data", "/sdx"]) == [False, False, True, True], mounts
    # a folder under no mount point at all is not taken for littlefs
    assert _kinds([(lfs, "/flash")], ["/other/data", "/flas"]) == [False, False]
    assert _kinds([], ["/data"]) == [False]


def test_pl17_the_filesystem_of_a_folder_is_asked_once():
    # atomic() is asked before every save: the mount table is read once per
    # folder, and what it said holds for the folder's later saves
    lfs = VfsLfs2()
    had = "vfs" in sys.modules
    old = sys.modules.get("vfs")
    table = _Table([(lfs, "/")])
    sys.modules["vfs"] = table
    try:
        storage._known.pop("/once", None)
        assert storage.atomic("/once") is True
        table.mounts = []
        assert storage.atomic("/once") is True
    finally:
        storage._known.pop("/once", None)
        if had:
            sys.modules["vfs"] = old
        else:
            del sys.modules["vfs"]
