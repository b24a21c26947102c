"""The image build's own logic (tools/firmware_image.py, PL-14): where the
sources come from and in which order, the checks on each, the size guard and
the generated usher_image module. The build itself runs in `make test`
(`make firmware`, `make test-frozen`), which fails when freezing breaks or an
image outgrows its 640 KB."""
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import firmware_image as fi  # noqa: E402

PINS = fi.pins()


def _fake_tree(folder, version="1.28.0"):
    """The files the source check looks for, with py/mpconfig.h's version."""
    major, minor, micro = version.split(".")
    files = {"py/mpconfig.h": "#define MICROPY_VERSION_MAJOR %s\n#define MICROPY_VERSION_MINOR %s\n"
                              "#define MICROPY_VERSION_MICRO %s\n" % (major, minor, micro),
             "ports/rp2/CMakeLists.txt": "", "ports/unix/Makefile": "", "lib/pico-sdk/README.md": "",
             "lib/micropython-lib/README.md": "", "tools/uf2conv.py": ""}
    for rel, text in files.items():
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return folder


def _tarball(path, tree, top):
    with tarfile.open(path, "w:xz") as t:
        t.add(tree, arcname=top)
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """Sources unpacked into tmp_path/src instead of build/mpy-src."""
    monkeypatch.setattr(fi, "SRC_DIR", str(tmp_path / "src"))
    monkeypatch.delenv("MICROPY_SRC", raising=False)
    monkeypatch.setenv("USHER_VENDOR", str(tmp_path / "vendor"))
    (tmp_path / "vendor").mkdir()
    return tmp_path


def test_pl14_every_pin_is_in_one_file():
    assert PINS["micropython"]["version"] == "1.28.0" and PINS["micropython"]["tag"] == "v1.28.0"
    assert len(PINS["micropython"]["commit"]) == 40
    assert sorted(PINS["submodules"]) == ["lib/mbedtls", "lib/micropython-lib", "lib/pico-sdk", "lib/tinyusb"]
    assert all(len(c) == 40 for c in PINS["submodules"].values())
    assert len(PINS["tarball"]["sha256"]) == 64
    assert PINS["flash_limit"] == 640 * 1024


def test_pl14_micropy_src_wins_and_is_checked(sandbox, monkeypatch):
    tree = _fake_tree(str(sandbox / "mine"))
    monkeypatch.setenv("MICROPY_SRC", tree)
    assert fi.sources() == tree                       # used in place, nothing unpacked
    assert not os.path.exists(fi.SRC_DIR)
    os.remove(os.path.join(tree, "lib", "pico-sdk", "README.md"))
    with pytest.raises(fi.BuildError, match="lib/pico-sdk/README.md"):
        fi.sources()
    old = _fake_tree(str(sandbox / "old"), "1.27.0")
    monkeypatch.setenv("MICROPY_SRC", old)
    with pytest.raises(fi.BuildError, match="MicroPython 1.27.0, the images are pinned to 1.28.0"):
        fi.sources()


def test_pl14_tarball_is_checked_against_its_sha256_before_unpacking(sandbox):
    tree = _fake_tree(str(sandbox / "tree"))
    tarball = str(sandbox / "vendor" / PINS["tarball"]["name"])
    _tarball(tarball, tree, PINS["tarball"]["top"])   # not the pinned file: another hash
    with pytest.raises(fi.BuildError, match="sha256 .*, expected %s" % PINS["tarball"]["sha256"]):
        fi.sources()
    assert not os.path.exists(fi.SRC_DIR)


def test_pl14_tarball_unpacked_once_into_build(sandbox, monkeypatch):
    tree = _fake_tree(str(sandbox / "tree"))
    tarball = str(sandbox / "vendor" / PINS["tarball"]["name"])
    digest = _tarball(tarball, tree, PINS["tarball"]["top"])
    pins = json.loads(json.dumps(PINS))
    pins["tarball"]["sha256"] = digest
    monkeypatch.setattr(fi, "pins", lambda: pins)
    src = fi.sources()
    assert src == os.path.join(fi.SRC_DIR, PINS["tarball"]["top"])
    assert fi.tree_version(src) == "1.28.0"
    marker = os.path.join(src, "build-output-kept")
    open(marker, "w").close()
    assert fi.sources() == src and os.path.exists(marker)   # the second run reuses the tree


def test_pl14_a_tree_unpacked_from_the_tarball_is_kept_when_the_tarball_is_not_found(sandbox, monkeypatch):
    # A run without $USHER_VENDOR (a worktree one folder deeper looks in the
    # wrong ../shared/vendor) once wiped build/mpy-src to clone instead.
    tree = _fake_tree(str(sandbox / "tree"))
    tarball = str(sandbox / "vendor" / PINS["tarball"]["name"])
    digest = _tarball(tarball, tree, PINS["tarball"]["top"])
    pins = json.loads(json.dumps(PINS))
    pins["tarball"]["sha256"] = digest
    pins["micropython"]["git"] = str(sandbox / "no-such-repository")
    monkeypatch.setattr(fi, "pins", lambda: pins)
    src = fi.sources()
    marker = os.path.join(src, "build-output-kept")
    open(marker, "w").close()
    monkeypatch.setenv("USHER_VENDOR", str(sandbox / "elsewhere"))
    assert fi.sources() == src and os.path.exists(marker)


def _git(args, cwd):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"]
                   + args, cwd=cwd, check=True, capture_output=True)


def test_pl14_without_tarball_a_git_clone_at_the_pinned_commit(sandbox, monkeypatch):
    upstream = _fake_tree(str(sandbox / "upstream"))
    _git(["init", "-q"], upstream)
    _git(["add", "-A"], upstream)
    _git(["commit", "-qm", "v"], upstream)
    _git(["tag", "v1.28.0"], upstream)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=upstream, capture_output=True,
                          text=True).stdout.strip()
    pins = json.loads(json.dumps(PINS))
    pins["micropython"]["git"] = upstream
    pins["submodules"] = {}
    pins["micropython"]["commit"] = "0" * 40
    monkeypatch.setattr(fi, "pins", lambda: pins)
    with pytest.raises(fi.BuildError, match="v1.28.0 is at %s, expected 0000" % head):
        fi.sources()
    pins["micropython"]["commit"] = head
    src = fi.sources()
    assert fi.tree_version(src) == "1.28.0" and os.path.isdir(os.path.join(src, ".git"))


def test_pl14_size_guard_at_655360_bytes(tmp_path, monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    for size, ok in ((655360, True), (655361, False), (507588, True)):
        path = tmp_path / "firmware.bin"
        path.write_bytes(b"\0" * size)
        assert fi.size_report("x.bin", str(path), PINS["flash_limit"]) is ok
    lines = out.getvalue().splitlines()
    assert "headroom       0 bytes" in lines[0]
    assert "headroom      -1 bytes" in lines[1] and "OVER THE LIMIT" in lines[1]
    assert "headroom  147772 bytes" in lines[2]


# The block of MicroPython 1.28's tools/mpy-tool.py that sets the alignment
# of frozen native code, as it is in the pinned sources.
MPY_TOOL_1_28 = """\
        # Allow single-byte alignment by default for x86/x64.
        # ARM needs word alignment, ARM Thumb needs halfword, due to instruction size.
        # Xtensa needs word alignment due to the 32-bit constant table embedded in the code.
        if config.native_arch in (
            MP_NATIVE_ARCH_ARMV6,
            MP_NATIVE_ARCH_XTENSA,
            MP_NATIVE_ARCH_XTENSAWIN,
        ):
            # ARMV6 or Xtensa -- four byte align.
            self.fun_data_attributes += " __attribute__ ((aligned (4)))"
        elif (
            MP_NATIVE_ARCH_ARMV6M <= config.native_arch <= MP_NATIVE_ARCH_ARMV7EMDP
        ) or MP_NATIVE_ARCH_RV32IMC <= config.native_arch <= MP_NATIVE_ARCH_RV64IMC:
            # ARMVxxM or RV{32,64}IMC -- two byte align.
            self.fun_data_attributes += " __attribute__ ((aligned (2)))"
"""


def _aligned_to(text, arch):
    """The alignment mpy-tool's block gives native code for arch."""
    # py/persistentcode.h's numbering
    order = ("NONE", "X86", "X64", "ARMV6", "ARMV6M", "ARMV7M", "ARMV7EM", "ARMV7EMSP", "ARMV7EMDP",
             "XTENSA", "XTENSAWIN", "RV32IMC", "RV64IMC")
    names = {"MP_NATIVE_ARCH_" + n: i for i, n in enumerate(order)}

    class Obj:
        fun_data_attributes = ""

    env = dict(names, config=type("C", (), {"native_arch": names[arch]}), self=Obj())
    body = "\n".join(line[8:] for line in text.splitlines())
    exec(body, env)
    return env["self"].fun_data_attributes


def test_pl14_frozen_armv6m_native_code_gets_four_byte_alignment(tmp_path, monkeypatch):
    """The RP2040's armv6m native code loads its 32-bit constants from words
    that must be 4-byte aligned: the build changes mpy-tool.py's 2 to 4 for
    armv6m only, once, and refuses a file it does not know."""
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    path = tmp_path / "tools" / "mpy-tool.py"
    path.parent.mkdir()
    path.write_text("before\n" + MPY_TOOL_1_28 + "after\n")
    assert "aligned (2)" in _aligned_to(MPY_TOOL_1_28, "MP_NATIVE_ARCH_ARMV6M")
    assert fi.fix_mpy_tool(str(tmp_path)) is True
    fixed = path.read_text()
    assert fixed.startswith("before\n") and fixed.endswith("after\n")
    block = fixed[len("before\n"):-len("after\n")]
    assert "aligned (4)" in _aligned_to(block, "MP_NATIVE_ARCH_ARMV6M")
    assert "aligned (4)" in _aligned_to(block, "MP_NATIVE_ARCH_XTENSA")       # unchanged
    assert "aligned (2)" in _aligned_to(block, "MP_NATIVE_ARCH_ARMV7EMDP")    # unchanged
    assert fi.fix_mpy_tool(str(tmp_path)) is False                        # once
    assert path.read_text() == fixed
    path.write_text(MPY_TOOL_1_28.replace("MP_NATIVE_ARCH_ARMV6,", "MP_NATIVE_ARCH_ARM,"))
    with pytest.raises(fi.BuildError, match="not the one of MicroPython 1.28"):
        fi.fix_mpy_tool(str(tmp_path))


def test_pl14_misaligned_frozen_native_code_is_found_in_nm_output():
    nm = ("10031612 t fun_data_usher_device_pack_usher_slash_device_slash_pack_dot_py\n"
          "10031698 t fun_data_other_native\n"
          "100759dc r fun_data_usher_device_pack__lt_module_gt_\n"        # bytecode: rodata
          "10031613 T mp_obj_new_int\n"
          "         U undefined_symbol\n")
    assert fi.misaligned_native_code(nm) == [
        "fun_data_usher_device_pack_usher_slash_device_slash_pack_dot_py at 0x10031612"]
    assert fi.misaligned_native_code("10031698 t fun_data_x\n") == []


def test_pl14_image_module_carries_the_project_version(sandbox):
    tree = _fake_tree(str(sandbox / "tree"))
    env = {}
    exec(fi.image_module("usher-badger2040", tree), env)
    from usher import VERSION
    assert (env["IMAGE"], env["VERSION"], env["MICROPYTHON"]) == ("usher-badger2040", VERSION, "1.28.0")


def test_pl14_board_definitions_are_not_copied_by_usher_flash(tmp_path):
    """firmware/boards/ is for the image build; `usher flash` copies the rest."""
    sys.path.insert(0, os.path.join(ROOT, "host_tools"))
    from usher_host import build
    fw = tmp_path / "firmware"
    (fw / "usher").mkdir(parents=True)
    (fw / "usher" / "__init__.py").write_text("VERSION = '1'\n")
    (fw / "main.py").write_text("import usher\n")
    (fw / "boards" / "USHER_X").mkdir(parents=True)
    (fw / "boards" / "manifest.py").write_text("module('x.py')\n")
    (fw / "boards" / "USHER_X" / "mpconfigboard.h").write_text("#define X 1\n")
    image = build.build_image(str(fw), str(tmp_path / "cache"), "x64")
    assert sorted(image) == ["/main.py", "/usher/__init__.mpy"]


def _board_file(board, name):
    with open(os.path.join(ROOT, "firmware", "boards", board, name)) as f:
        return f.read()


def _board_config(board):
    """The board's mpconfigboard.h with the shared headers it includes
    (../usher_patches.h, ../usher_features.h) in their place, as the C
    preprocessor reads it."""
    text = _board_file(board, "mpconfigboard.h")
    return re.sub(r'#include "\.\./([a-z_]+\.h)"\n',
                  lambda m: _board_file("", m.group(1)) + "\n", text)


def test_pl14_board_definitions_agree_with_the_device_layer():
    """The C side of each image names the board the profiles expect, and the
    Badger's latch and wake buttons are the profile's pins (PL-4)."""
    import re

    from usher.device import boards
    for board, profile in (("USHER_BADGER2040", "badger2040"), ("USHER_PICO_WS29", "pico_epaper29")):
        name = re.search(r'#define MICROPY_HW_BOARD_NAME\s+"([^"]+)"', _board_file(board, "mpconfigboard.h"))
        machine = name.group(1) + " with RP2040"         # MICROPY_BANNER_MACHINE on the rp2 port
        assert boards.detect(lambda n: False, machine) == profile, machine
        assert "(1408 * 1024)" in _board_file(board, "mpconfigboard.h")
    c = _board_file("USHER_BADGER2040", "usher_board.c")
    latch = int(re.search(r"#define USHER_LATCH_PIN \((\d+)\)", c).group(1))
    assert latch == boards.BADGER2040["power_latch"]
    mask = sum(1 << int(b) for b in re.findall(r"1u << (\d+)", re.search(r"#define USHER_BUTTON_MASK (.*)",
                                                                           c).group(1)))
    assert mask == sum(1 << gpio for _n, gpio, active, _p in boards.BADGER2040["buttons"] if active)
    assert "MICROPY_BOARD_STARTUP()" in _board_file("USHER_BADGER2040", "mpconfigboard.h")
    assert "MP_REGISTER_MODULE(MP_QSTR_wakeup" in c


def _board_setting_patch(tmp_path, fix, rel, old, default, unknown, board_define):
    """A fix_* that turns a constant of a pinned source into a board setting:
    it is added once (default defined unless the board sets it), a source
    with neither form (unknown) is refused, and both Usher boards define
    board_define (a regular expression)."""
    path = tmp_path / rel
    path.parent.mkdir()
    path.write_text("// head\n" + old + "// tail\n")
    assert fix(str(tmp_path)) is True
    fixed = path.read_text()
    assert default in fixed and old not in fixed
    assert fix(str(tmp_path)) is False
    assert path.read_text() == fixed
    path.write_text(unknown)
    with pytest.raises(fi.BuildError, match="not the one of MicroPython 1.28"):
        fix(str(tmp_path))
    for board in ("USHER_BADGER2040", "USHER_PICO_WS29"):
        assert re.search(board_define, _board_config(board)), board


def test_pl14_frame_words_on_the_c_stack_come_from_the_board_and_the_stack_is_16_kb(tmp_path, monkeypatch):
    # py/objfun.c: the limit becomes a board setting (11 words unless set),
    # added once; an unknown objfun.c is refused. The Usher boards set 32
    # and include the 16 KB stack that pays for it.
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    _board_setting_patch(tmp_path, fi.fix_vm_state, "py/objfun.c", fi.VM_STATE,
                         "#define MICROPY_VM_MAX_STATE_WORDS_ON_STACK (11)", fi.VM_STATE.replace("11", "12"),
                         r"#define MICROPY_VM_MAX_STATE_WORDS_ON_STACK\s+\(32\)")
    for board in ("USHER_BADGER2040", "USHER_PICO_WS29"):
        assert "stack16k.cmake" in _board_file(board, "mpconfigboard.cmake")


def _macro_patch(tmp_path, module, base, broken, added, macro, board_define):
    """A patch module's patch(src, say, error) behind a macro: applied to
    base, every part of added is in the file and the macro defaults to 0;
    a second run changes nothing; broken (base with an anchor changed) is
    refused; both Usher boards define board_define (a regular expression)."""
    path = tmp_path / module.FILE
    path.parent.mkdir()
    path.write_text(base)
    said = []
    assert module.patch(str(tmp_path), said.append, fi.BuildError) is True
    fixed = path.read_text()
    assert all(part in fixed for part in added) and said
    assert "#define %s (0)" % macro in fixed
    assert module.patch(str(tmp_path), said.append, fi.BuildError) is False      # once
    assert path.read_text() == fixed
    path.write_text(broken)
    with pytest.raises(fi.BuildError, match="not the one of MicroPython 1.28"):
        module.patch(str(tmp_path), said.append, fi.BuildError)
    for board in ("USHER_BADGER2040", "USHER_PICO_WS29"):
        assert re.search(board_define, _board_config(board)), board


def test_pl14_framebuf_fast_paths_are_added_once_and_an_unknown_modframebuf_is_refused(tmp_path):
    # tools/framebuf_fast.py: the byte-wise MONO_HLSB fill_rect and blit go
    # in behind MICROPY_FRAMEBUF_MONO_FAST (off unless a board sets it);
    # what they draw is checked against pyframebuf on the frozen unix32
    # build (tests/portable/test_ui_pyframebuf.py) and on the emulated boards.
    import framebuf_fast
    base = (framebuf_fast.INCLUDE + "\n" + framebuf_fast.FILL + "    while (w--) {}\n}\n"
            + "static mp_obj_t framebuf_blit(size_t n_args, const mp_obj_t *args_in) {\n"
            + framebuf_fast.BLIT + "    for (;;) {}\n}\n")
    _macro_patch(tmp_path, framebuf_fast, base, base.replace("unsigned int advance", "unsigned advance"),
                 (framebuf_fast.FILL_FAST, framebuf_fast.BLIT_FAST), "MICROPY_FRAMEBUF_MONO_FAST",
                 r"#define MICROPY_FRAMEBUF_MONO_FAST\s+\(1\)")


def test_littlefs_janitor_is_added_once_and_an_unknown_vfs_lfsx_is_refused(tmp_path):
    # tools/lfs_janitor.py: VfsLfs2.gc() goes in behind MICROPY_VFS_LFS2_JANITOR
    # (off unless set: the Usher boards and the frozen unix32 build set it);
    # what it does is checked on the frozen unix32 build
    # (tests/portable/test_lfs_janitor.py) and the firmware calls it while a
    # picture shows (tests/device/test_dev_runtime.py).
    import lfs_janitor
    base = ("// head\n" + lfs_janitor.PROG + "    return 0;\n}\n" + lfs_janitor.STATVFS
            + "static const mp_rom_map_elem_t table[] = {\n" + lfs_janitor.TABLE + "};\n")
    _macro_patch(tmp_path, lfs_janitor, base, base.replace("statvfs_obj), MP_VFS", "statvfs_obj),  MP_VFS"),
                 [new for _, new in lfs_janitor.ANCHORS], "MICROPY_VFS_LFS2_JANITOR",
                 r"#define MICROPY_VFS_LFS2_JANITOR\s+\(1\)")
    with open(os.path.join(ROOT, "tools", "firmware_image.py")) as f:
        assert "-DMICROPY_VFS_LFS2_JANITOR=1" in f.read()


def _firmware_sources():
    """(path from firmware/, text) of every module of the usher package."""
    base = os.path.join(ROOT, "firmware")
    out = []
    for folder, _, files in os.walk(os.path.join(base, "usher")):
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    out.append((os.path.relpath(path, base).replace(os.sep, "/"), f.read()))
    return out


def test_no_module_imports_at_its_top_a_module_the_app_unloads():
    # A module the App unloads leaves RAM only when nothing holds it: no
    # firmware module imports at its top level a module the App unloads
    # (App._unload's names; a game's packages, outside that game's own), or
    # the unload would free nothing. A function may import one for its own use.
    import ast
    with open(os.path.join(ROOT, "firmware", "usher", "ui", "app.py")) as f:
        unloaded = set(re.findall(r'self\._unload\("([\w.]+)"\)', f.read()))
    assert "usher.ui.playlog" in unloaded and "usher.ui.players" in unloaded
    # and every module named to usher.unload (the device's boot lets go of
    # the board profiles, Take a Seat's scoring of the turns' screens)
    sources = _firmware_sources()
    for _rel, text in sources:
        unloaded |= set(re.findall(r'(?<![\w.])unload\("([\w.]+)"\)', text))
    assert {"usher.device.boards", "usher.ui.games.takeaseat.solo"} <= unloaded, unloaded
    held = []
    for rel, text in sources:
        parts = rel.split("/")
        own_game = parts[2] if parts[1] == "games" and len(parts) > 3 else \
            parts[3] if parts[1:3] == ["ui", "games"] and len(parts) > 4 else None
        for node in ast.parse(text).body:
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [node.module + "." + a.name for a in node.names]
            for n in names:
                game = re.match(r"usher\.(?:ui\.)?games\.(\w+)", n)
                if n in unloaded or (game and game.group(1) != own_game):
                    held.append("%s: %s" % (rel, n))
    assert held == []


def test_no_zero_argument_super_outside_the_exception_classes():
    # A method that calls super() is a closure over its class (a __class__
    # cell): a closure and a cell on the heap on top of its function
    # object, for each such method of every loaded class (17 of them at
    # Take a Seat's peak). The firmware calls its base explicitly
    # (Screen.__init__(self, app)); MicroPython's built-in exceptions have no
    # __init__ to call, so an exception class keeps super().
    import ast
    found = []
    for rel, text in _firmware_sources():
        for cls in [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.ClassDef)]:
            bases = [ast.unparse(b) for b in cls.bases]
            if any(b.endswith("Error") or b.endswith("Exception") for b in bases):
                continue
            for node in ast.walk(cls):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "super":
                    found.append("%s:%d %s" % (rel, node.lineno, cls.name))
    assert found == [], found


def test_port_guards_let_a_board_switch_off_what_the_rp2_port_always_turns_on(tmp_path, monkeypatch):
    # ports/rp2/mpconfigport.h turns FAT, cryptolib, MD5, SHA-1, I2S, the I2C
    # target and 1-Wire on with no #ifndef; fix_port_guards adds one to each,
    # once, so a board that sets nothing builds as before, and refuses a
    # header where one of them is not the single line of 1.28. Both Usher
    # boards switch every one of them off (firmware/boards/usher_features.h).
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    path = tmp_path / "ports" / "rp2" / "mpconfigport.h"
    path.parent.mkdir(parents=True)
    lines = "".join("#define %-39s (1)\n" % name for name in fi.PORT_GUARDED)
    path.write_text("// head\n" + lines + "#define MICROPY_PY_MACHINE_I2S_INCLUDEFILE \"x.c\"\n")
    assert fi.fix_port_guards(str(tmp_path)) is True
    fixed = path.read_text()
    for name in fi.PORT_GUARDED:
        assert "#ifndef %s\n#define %-39s (1)\n#endif\n" % (name, name) in fixed
    assert fi.fix_port_guards(str(tmp_path)) is False
    assert path.read_text() == fixed
    path.write_text(lines.replace("MICROPY_VFS_FAT                         (1)", "MICROPY_VFS_FAT (1)"))
    with pytest.raises(fi.BuildError, match="MICROPY_VFS_FAT is not the one of MicroPython 1.28"):
        fi.fix_port_guards(str(tmp_path))
    for board in ("USHER_BADGER2040", "USHER_PICO_WS29"):
        for name in fi.PORT_GUARDED:
            assert re.search(r"#define %s\s+\(0\)" % name, _board_config(board)), (board, name)
