# On littlefs no power cut leaves a file empty: a file rewritten in place is
# committed whole at its close, and a file's first write goes through
# NAME.tmp and a rename (storage.write_new), since littlefs commits a new
# file empty at its creation. So an empty file is damage: named when a copy
# behind it is used, and with no copy the load says so (PL-23). The rarely
# written files keep their previous copy by writing its bytes to NAME.bak
# first (storage.keep_copy), the roster's and the owner's text files too,
# so none of them is ever renamed away.
import mptest

from usher.core import storage


def _forced(fn):
    storage.FORCE = True
    try:
        fn()
    finally:
        storage.FORCE = None


def test_pl23_an_empty_file_with_a_copy_behind_it_is_named_when_the_copy_is_used():
    def body():
        d = mptest.tmpdir()
        path = d + "/ui.json"
        storage.save(path, {"settings": {"a": 1}})
        storage.keep_copy(path)
        storage.save(path, {"settings": {"a": 2}})
        with open(path, "w"):
            pass                                   # emptied
        value, source, problems = storage.load_checked(path)
        assert value == {"settings": {"a": 1}} and source == "backup", (value, source)
        assert problems == ["ui.json: empty"], problems
        # with no copy behind it: named all the same
        alone = d + "/other.json"
        with open(alone, "w"):
            pass
        try:
            storage.load_checked(alone, None, "none")
            raise AssertionError("an empty file taken for no file")
        except storage.StorageError as e:
            assert e.problems == ["other.json: empty"], e.problems
    _forced(body)


def test_pl23_a_kept_text_file_keeps_its_previous_copy_without_a_rename():
    def body():
        d = mptest.tmpdir()
        path = d + "/players.txt"
        storage.save_text(path, "Ann\n", keep=True)
        assert not storage.exists(path + ".bak")          # no file before it
        storage.save_text(path, "Ann\nBen\n", keep=True)
        with open(path + ".bak") as f:
            assert f.read().endswith("\nAnn\n")
        with open(path) as f:
            assert f.read().endswith("\nAnn\nBen\n")
        # a damaged file is not copied over a good previous copy
        with open(path, "w") as f:
            f.write("# crc32 00000000\nAnn\nBen\n")
        storage.save_text(path, "Cal\n", keep=True)
        with open(path + ".bak") as f:
            assert f.read().endswith("\nAnn\n")
    _forced(body)
