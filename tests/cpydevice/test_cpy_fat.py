# Saving on CircuitPython's FAT drive (PL-8, PL-11): the shared atomic save
# (usher.core.storage: NAME.tmp, NAME -> NAME.bak, NAME.tmp -> NAME) and the
# flash log's rotation on CircuitPython's own VfsFat (a RAM block device
# formatted by it), on CircuitPython's unix port. What FAT does differently
# from littlefs: os.rename onto an existing file replaces it (VfsFat removes
# the target first: two steps, not atomic), which storage never relies on.
import os

from usher.core import storage
from usher.device.log import FlashLog, read_all

MOUNT = "/cpyfat"


class RAMDisk:
    def __init__(self, blocks):
        self.data = bytearray(blocks * 512)

    def readblocks(self, n, buf):
        buf[:] = self.data[n * 512:n * 512 + len(buf)]

    def writeblocks(self, n, buf):
        self.data[n * 512:n * 512 + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.data) // 512
        if op == 5:
            return 512
        return 0


def _fresh():
    try:
        os.umount(MOUNT)
    except OSError:
        pass
    disk = RAMDisk(512)                  # 256 KB
    os.VfsFat.mkfs(disk)
    os.mount(os.VfsFat(disk), MOUNT)
    return MOUNT


def test_fat_rename_onto_an_existing_file_replaces_it_and_remove_of_nothing_raises():
    d = _fresh()
    with open(d + "/a", "w") as f:
        f.write("new")
    with open(d + "/b", "w") as f:
        f.write("old")
    os.rename(d + "/a", d + "/b")
    with open(d + "/b") as f:
        assert f.read() == "new"
    assert sorted(os.listdir(d)) == ["b"]
    try:
        os.remove(d + "/missing")
        raise AssertionError("no OSError")
    except OSError:
        pass


def test_pl8_save_keeps_a_backup_and_long_names_on_fat():
    d = _fresh()
    storage.makedirs(d + "/data/history")
    p = d + "/data/game.json"
    storage.save(p, {"n": 1})
    storage.save(p, {"n": 2})
    assert sorted(os.listdir(d + "/data")) == ["game.json", "game.json.bak", "history"]
    assert storage.load(p) == ({"n": 2}, "main")
    with open(p + ".bak") as f:
        assert storage.decode(f.read()) == {"n": 1}       # sealed with its CRC-32 (PL-17)


def test_pl8_a_cut_between_the_renames_is_recovered_from_the_temp_file():
    d = _fresh()
    p = d + "/game.json"
    storage.save(p, {"n": 1})
    storage.save(p, {"n": 2})
    # save() of n=3 cut after NAME -> NAME.bak: NAME is missing, NAME.tmp complete
    with open(p + ".tmp", "w") as f:
        f.write('{"n": 3}')
    os.remove(p + ".bak")
    os.rename(p, p + ".bak")
    assert storage.load(p) == ({"n": 3}, "recovered")
    # a torn temp file instead: the backup is used
    with open(p + ".tmp", "w") as f:
        f.write('{"n": ')
    assert storage.load(p) == ({"n": 2}, "backup")
    storage.save(p, {"n": 4})
    assert storage.load(p) == ({"n": 4}, "main")
    storage.delete(p)
    assert os.listdir(d) == []


def test_pl11_corrupt_file_is_named_and_the_backup_used():
    d = _fresh()
    p = d + "/ui.json"
    storage.save(p, [1])
    storage.save(p, [2])
    with open(p, "wb") as f:
        f.write(b"\xff\xfe")
    value, source, problems = storage.load_checked(p)
    assert (value, source) == ([1], "backup")
    assert problems == ["ui.json: not UTF-8 text"]


def test_pl10_log_rotates_on_fat():
    d = _fresh()
    log = FlashLog(d, max_bytes=600)
    for i in range(30):
        assert log.write("info", "line %d" % i)
    names = sorted(os.listdir(d))
    assert names == ["log0.jsonl", "log1.jsonl"]
    entries = read_all(d)
    assert entries[-1]["d"] == "line 29"
    assert sum(os.stat(d + "/" + n)[6] for n in names) <= 600
