# Atomic saves with a backup, and fallbacks after power cuts (PL-8, PL-11).
import os

from usher.core import storage
from mptest import raises, tmpdir


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def test_save_load_roundtrip_and_backup():
    d = tmpdir()
    p = d + "/game.json"
    assert storage.load(p, {"none": 1}) == ({"none": 1}, "none")
    storage.save(p, {"v": 1})
    storage.save(p, {"v": 2})
    assert storage.load(p) == ({"v": 2}, "main")
    assert storage.load(p + ".bak") == ({"v": 1}, "main")


def test_corrupt_main_falls_back_to_backup():
    d = tmpdir()
    p = d + "/game.json"
    storage.save(p, {"v": 1})
    storage.save(p, {"v": 2})
    _write(p, '{"v": 3, "trunc')
    obj, source = storage.load(p)
    assert obj == {"v": 1} and source == "backup"


def test_cut_between_renames_recovers_new_file():
    # State after save() wrote the temp file and moved the old file to .bak,
    # but before the final rename.
    d = tmpdir()
    p = d + "/game.json"
    storage.save(p, {"v": 1})
    os.rename(p, p + ".bak")
    _write(p + ".tmp", '{"v": 2}')
    assert storage.load(p) == ({"v": 2}, "recovered")


def test_a_save_after_a_recovery_keeps_the_recovered_copy_through_a_cut():
    # PL-8, found by the power-cut campaign on the emulated chip (bench/rp2.py
    # --cuts): a cut between save()'s renames left game.json.bak (v1) and the
    # complete game.json.tmp (v2), no game.json; the device resumed v2 (its
    # last acknowledged action). The next save rewrites the temp file: a cut
    # while it is written must not leave the backup as the only copy.
    d = tmpdir()
    p = d + "/game.json"
    storage.save(p, {"v": 1})
    os.rename(p, p + ".bak")
    _write(p + ".tmp", '{"v": 2}')
    assert storage.load(p) == ({"v": 2}, "recovered")
    # What save() does before it opens the temp file, then a cut while the
    # temp file of v3 is written (the torn file it leaves)
    storage.settle(p)
    _write(p + ".tmp", '{"v": 3, "ha')
    assert storage.load(p) == ({"v": 2}, "main")
    # and save() itself: v2 is the backup, not v1
    storage.save(p, {"v": 3})
    assert storage.load(p) == ({"v": 3}, "main")
    assert storage.load(p + ".bak") == ({"v": 2}, "main")


def test_torn_temp_debris_without_a_main_file_is_dropped_by_the_next_save():
    d = tmpdir()
    p = d + "/game.json"
    _write(p + ".tmp", '{"v": 1, "ha')          # a first save cut while writing
    assert storage.load(p, "none") == ("none", "none")
    storage.save(p, {"v": 2})
    assert storage.load(p) == ({"v": 2}, "main")
    assert not storage.exists(p + ".bak") and not storage.exists(p + ".tmp")


def test_cut_while_writing_temp_keeps_main():
    d = tmpdir()
    p = d + "/game.json"
    storage.save(p, {"v": 1})
    _write(p + ".tmp", '{"v": 2, "ha')
    assert storage.load(p) == ({"v": 1}, "main")
    storage.save(p, {"v": 3})  # a later save overwrites the debris
    assert storage.load(p) == ({"v": 3}, "main")


def test_all_corrupt_reports_files_by_name():
    d = tmpdir()
    p = d + "/game.json"
    _write(p, "garbage")
    _write(p + ".bak", "{")
    e = raises(storage.StorageError, storage.load, p)
    assert "game.json" in str(e) and "game.json.bak" in str(e)


def test_makedirs_and_delete():
    d = tmpdir()
    sub = d + "/a/b/c"
    storage.makedirs(sub)
    storage.save(sub + "/x.json", [1])
    storage.save(sub + "/x.json", [2])
    storage.delete(sub + "/x.json")
    assert storage.load(sub + "/x.json") == (None, "none")


def test_save_changed_writes_only_a_new_text():
    d = tmpdir()
    p = d + "/ui.json"
    text = storage.save_changed(p, {"routes": ["launcher"]}, None)      # unknown: always saved
    # what stands for the text is not the text (which would stay in RAM)
    assert type(text) is not str and "launcher" not in repr(text)
    assert storage.load(p) == ({"routes": ["launcher"]}, "main")
    assert not storage.exists(p + ".bak")
    # The same text again: the file is not touched (no backup made, and a
    # file changed behind the caller's back stays as it is).
    _write(p, '{"routes": ["other"]}')
    assert storage.save_changed(p, {"routes": ["launcher"]}, text) == text
    assert storage.load(p) == ({"routes": ["other"]}, "main")
    assert not storage.exists(p + ".bak")
    # A different text is saved as save() does, backup and all.
    text2 = storage.save_changed(p, {"routes": ["launcher", "game"]}, text)
    assert text2 != text
    assert storage.load(p) == ({"routes": ["launcher", "game"]}, "main")
    assert storage.load(p + ".bak") == ({"routes": ["other"]}, "main")


def _ino(path):
    return os.stat(path)[1]


def _torn(path):
    """What a cut inside the write of path leaves: its first half."""
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[:len(data) // 2])


def _cut_in_save(p, obj):
    """storage.save(p, obj) cut while its temp file is written."""
    real = storage._pad

    def cut(f, n, crc):
        raise RuntimeError("power cut")
    storage._pad = cut
    try:
        storage.save(p, obj)
    except RuntimeError:
        pass
    else:
        raise AssertionError("the save was not cut")
    finally:
        storage._pad = real
    # the file the save was writing: the temp file, or the backup written in
    # place before its rename to the temp file
    _torn(p + ".tmp" if storage.exists(p + ".tmp") else p + ".bak")


def test_pl8_on_fat_a_save_writes_its_temp_file_into_the_previous_backup():
    # PL-17: on FAT the temp file, rename and backup stay; the temp file is
    # the old backup's file written in place (no cluster freed or allocated).
    d = tmpdir()
    p = d + "/game.json"
    storage.save(p, {"v": 1, "pad": "x" * 300})
    storage.save(p, {"v": 2})
    old_backup = _ino(p + ".bak")
    storage.save(p, {"v": 3})
    assert storage.load(p) == ({"v": 3}, "main") and storage.load(p + ".bak") == ({"v": 2}, "main")
    assert not storage.exists(p + ".tmp")
    if old_backup:                              # a filesystem with inode numbers
        assert _ino(p) == old_backup
    # the shorter copy is followed by spaces up to the old file's size
    with open(p, "rb") as f:
        raw = f.read()
    assert raw.startswith(b'{"v":3,') and raw.rstrip(b" ").endswith(b"}") and raw.endswith(b" " * 200)
    assert len(raw) > 300
    # a file longer than the copy by more than PAD_MAX is made anew
    storage.save(p, {"v": 4, "pad": "y" * (2 * storage.PAD_MAX)})
    storage.save(p, {"v": 5})
    storage.save(p, {"v": 6})
    with open(p, "rb") as f:
        assert f.read().rstrip(b"}").endswith(b'"')      # no spaces after the seal
    assert storage.load(p) == ({"v": 6}, "main") and storage.load(p + ".bak") == ({"v": 5}, "main")


def test_a_save_returns_the_crc_of_the_bytes_it_wrote():
    # The running game's base is known by its file's CRC (usher.core.gamefile):
    # save() gives it without reading the file back, spaces after a shorter
    # copy included.
    from usher.core import seal
    d = tmpdir()
    p = d + "/game.json"
    padded = False
    for obj, backup in (({"v": 1, "pad": "x" * 300}, False), ({"v": 2}, False), ({"v": 3}, True),
                        ({"v": 4}, False)):
        crc = storage.save(p, obj, backup=backup)
        with open(p, "rb") as f:
            raw = f.read()
        assert crc == seal.crc32(raw), (obj, raw)
        padded = padded or raw.endswith(b" ")
    assert padded or storage.atomic(d)        # a copy with spaces was among them (FAT, a folder)
    assert storage.save(d + "/list.json", [1, 2]) is None


def test_pl8_a_cut_inside_a_reused_temp_file_keeps_the_current_copy():
    d = tmpdir()
    p = d + "/game.json"
    for v in (1, 2):
        storage.save(p, {"v": v})
    _cut_in_save(p, {"v": 3})
    # the backup was being written in place: the file itself is whole
    assert storage.exists(p + ".bak") and not storage.exists(p + ".tmp")
    assert storage.load(p) == ({"v": 2}, "main")
    storage.save(p, {"v": 4})                   # the torn temp file is written over
    assert storage.load(p) == ({"v": 4}, "main") and storage.load(p + ".bak") == ({"v": 2}, "main")


def test_pl11_a_damaged_file_keeps_its_backup_through_a_cut_in_the_next_save():
    # The backup is reused only while the file itself is known complete: when
    # game.json is damaged the backup is the copy in use, and a cut in the
    # next save must leave it.
    d = tmpdir()
    p = d + "/game.json"
    for v in (1, 2):
        storage.save(p, {"v": v})
    _write(p, '{"v": 2, "da')
    assert storage.load_checked(p)[:2] == ({"v": 1}, "backup")
    _cut_in_save(p, {"v": 3})
    assert storage.load_checked(p)[:2] == ({"v": 1}, "backup")
