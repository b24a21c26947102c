# On littlefs a file rewritten in place is never left empty by a power cut
# (it is committed whole at its close), so an empty file with a copy behind
# it is damage, and it is named when that copy is used (PL-23; an empty file
# with no copy is a first write cut before its close: nothing acknowledged,
# nothing said). The rarely written files keep their previous copy by
# writing its bytes to NAME.bak first (storage.keep_copy), the roster's and
# the owner's text files too, so none of them is ever renamed away.
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
        # with no copy behind it: a first write cut, nothing to say
        alone = d + "/other.json"
        with open(alone, "w"):
            pass
        assert storage.load_checked(alone, None, "none") == ("none", "none", [])
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
