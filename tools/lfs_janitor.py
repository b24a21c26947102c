"""littlefs's janitorial work on demand, added to the project's MicroPython
images (MICROPY_VFS_LFS2_JANITOR, set by the Usher boards; stock builds
leave it off).

littlefs keeps each directory as a log of commits in a pair of 4 KB blocks.
When a commit no longer fits, the commit that found it full first compacts
the log into the pair's other block: a 4 KB erase, about 45 ms of stalled
core on the W25Q16JV, inside the button press whose save made the commit
(on the emulated Badger those presses were the ones over a second,
bench/rp2.py). littlefs 2.11 can do that work ahead of time, lfs2_fs_gc: it
compacts every directory whose log is past compact_thresh (littlefs's
default, 7/8 of the block: 512 bytes left, about one save's commit) and
fills the block allocator's lookahead. MicroPython does not expose it.
With the macro on, VfsLfs2 gets a method gc(): it calls lfs2_fs_gc when
the filesystem has programmed flash since its last call and returns True,
else returns False at once (the check is one flag set by the block
device's program hook), so the firmware can call it after every picture it
starts (usher.device.runtime: while the panel is busy).
Compaction is littlefs's own power-safe commit: a cut in it leaves the
directory's previous block in force (bench/rp2.py --cuts).
"""
import os

FILE = os.path.join("extmod", "vfs_lfsx.c")
MARK = "usher: littlefs janitor"

PROG = ("static int MP_VFS_LFSx(dev_prog)(const struct LFSx_API (config) * c, LFSx_API(block_t) block, "
        "LFSx_API(off_t) off, const void *buffer, LFSx_API(size_t) size) {\n")
PROG_FLAGGED = (
    "#ifndef MICROPY_VFS_LFS2_JANITOR\n"
    "#define MICROPY_VFS_LFS2_JANITOR (0)\n"
    "#endif\n"
    "#if LFS_BUILD_VERSION == 2 && MICROPY_VFS_LFS2_JANITOR  // " + MARK + ": programmed since gc()\n"
    "static bool MP_VFS_LFSx(programmed);\n"
    "#endif\n"
    + PROG +
    "    #if LFS_BUILD_VERSION == 2 && MICROPY_VFS_LFS2_JANITOR\n"
    "    MP_VFS_LFSx(programmed) = true;\n"
    "    #endif\n")

STATVFS = "static MP_DEFINE_CONST_FUN_OBJ_2(MP_VFS_LFSx(statvfs_obj), MP_VFS_LFSx(statvfs));\n"
STATVFS_GC = STATVFS + (
    "\n"
    "#if LFS_BUILD_VERSION == 2 && MICROPY_VFS_LFS2_JANITOR  // " + MARK + ": gc()\n"
    "static mp_obj_t MP_VFS_LFSx(gc)(mp_obj_t self_in) {\n"
    "    MP_OBJ_VFS_LFSx *self = MP_OBJ_TO_PTR(self_in);\n"
    "    if (!MP_VFS_LFSx(programmed)) {\n"
    "        return mp_const_false;\n"
    "    }\n"
    "    int ret = LFSx_API(fs_gc)(&self->lfs);\n"
    "    MP_VFS_LFSx(programmed) = false;\n"
    "    if (ret < 0) {\n"
    "        mp_raise_OSError(-ret);\n"
    "    }\n"
    "    return mp_const_true;\n"
    "}\n"
    "static MP_DEFINE_CONST_FUN_OBJ_1(MP_VFS_LFSx(gc_obj), MP_VFS_LFSx(gc));\n"
    "#endif\n")

TABLE = "    { MP_ROM_QSTR(MP_QSTR_statvfs), MP_ROM_PTR(&MP_VFS_LFSx(statvfs_obj)) },\n"
TABLE_GC = TABLE + (
    "    #if LFS_BUILD_VERSION == 2 && MICROPY_VFS_LFS2_JANITOR\n"
    "    { MP_ROM_QSTR(MP_QSTR_gc), MP_ROM_PTR(&MP_VFS_LFSx(gc_obj)) },\n"
    "    #endif\n")

ANCHORS = ((PROG, PROG_FLAGGED), (STATVFS, STATVFS_GC), (TABLE, TABLE_GC))


def patch(src, say, error):
    """Add gc() to src's extmod/vfs_lfsx.c once; True when the file was
    changed now. A vfs_lfsx.c without 1.28's three anchors is refused (error,
    the build's exception class, with the reason)."""
    path = os.path.join(src, FILE)
    with open(path) as f:
        text = f.read()
    if MARK in text:
        return False
    for old, _ in ANCHORS:
        if text.count(old) != 1:
            raise error("%s: %r is not the one of MicroPython 1.28 (see tools/lfs_janitor.py)"
                        % (path, old.strip()[:60]))
    say("%s: VfsLfs2.gc() (littlefs's janitorial work) where MICROPY_VFS_LFS2_JANITOR" % path)
    for old, new in ANCHORS:
        text = text.replace(old, new)
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)
    return True
