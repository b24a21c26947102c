# LittleFS2 images of the RP2040's filesystem region, made and read with
# MicroPython's own littlefs (runs on the unix port: `micropython
# sim/rp2/fsimage.py ...`), so the image is exactly what rp2's _boot.py
# mounts: vfs.VfsLfs2(rp2.Flash(), progsize=256), 352 blocks of 4096 bytes at
# flash offset 0xA0000 (RPI_PICO, 1408 KB).
#
#   fsimage.py make IMAGE SRC [SRC ...]   new image; each SRC is DIR=DEST
#                                         (tree copied under DEST) or FILE=DEST
#   fsimage.py cat IMAGE PATH             print one file (exit 2 if missing)
#   fsimage.py ls IMAGE                   every path with its size
#   fsimage.py extract IMAGE DIR          copy every file out under DIR
#   fsimage.py check IMAGE                mount; print "ok" and the file count
import os
import sys

import vfs

BLOCK = 4096
BLOCKS = 352


class RAMBlocks:
    """A block device over a bytearray with littlefs's extended interface
    (offsets inside a block, explicit erase), like rp2.Flash."""

    def __init__(self, data):
        self.data = data

    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        a = n * BLOCK + off
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:
            a = arg * BLOCK
            self.data[a:a + BLOCK] = b"\xff" * BLOCK
            return 0
        return 0


def _isdir(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0
    except OSError:
        return False


def _mkdirs(fs, path):
    parts = [p for p in path.split("/") if p]
    cur = ""
    for p in parts:
        cur += "/" + p
        try:
            fs.mkdir(cur)
        except OSError:
            pass


def _copy(fs, src, dest):
    if _isdir(src):
        _mkdirs(fs, dest)
        for name in sorted(os.listdir(src)):
            if name == "__pycache__":
                continue
            _copy(fs, src + "/" + name, dest.rstrip("/") + "/" + name)
        return
    with open(src, "rb") as f:
        data = f.read()
    parent = dest.rsplit("/", 1)[0]
    if parent:
        _mkdirs(fs, parent)
    with fs.open(dest, "wb") as f:
        f.write(data)


def _mount(path):
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if len(data) != BLOCK * BLOCKS:
        raise ValueError("%s: %d bytes, a filesystem image is %d" % (path, len(data), BLOCK * BLOCKS))
    return vfs.VfsLfs2(RAMBlocks(data), progsize=256)


def _walk(fs, d, out):
    for entry in sorted(fs.ilistdir(d)):
        name, kind = entry[0], entry[1]
        p = d.rstrip("/") + "/" + name
        if kind == 0x4000:
            _walk(fs, p, out)
        else:
            out.append((p, entry[3] if len(entry) > 3 else -1))
    return out


def main(argv):
    cmd = argv[0]
    if cmd == "make":
        data = bytearray(b"\xff" * (BLOCK * BLOCKS))
        dev = RAMBlocks(data)
        vfs.VfsLfs2.mkfs(dev, progsize=256)
        fs = vfs.VfsLfs2(dev, progsize=256)
        for spec in argv[2:]:
            src, _, dest = spec.partition("=")
            _copy(fs, src, dest or "/")
        with open(argv[1], "wb") as f:
            f.write(data)
        return 0
    fs = _mount(argv[1])
    if cmd == "cat":
        try:
            with fs.open(argv[2], "rb") as f:
                sys.stdout.buffer.write(f.read())
        except OSError:
            return 2
        return 0
    if cmd == "ls":
        for p, size in _walk(fs, "/", []):
            print(p, size)
        return 0
    if cmd == "extract":
        for p, _ in _walk(fs, "/", []):
            dest = argv[2] + p
            parts = dest.split("/")
            for i in range(2, len(parts)):
                try:
                    os.mkdir("/".join(parts[:i]))
                except OSError:
                    pass
            with fs.open(p, "rb") as f:
                data = f.read()
            with open(dest, "wb") as f:
                f.write(data)
        return 0
    if cmd == "check":
        print("ok", len(_walk(fs, "/", [])))
        return 0
    print("unknown command", cmd)
    return 1


if __name__ == "__main__":
    # (imported, its RAMBlocks serves bench/workloads/lfs_blocks.py)
    sys.exit(main(sys.argv[1:]))
