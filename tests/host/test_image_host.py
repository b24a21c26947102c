"""`usher flash` and the firmware image (PL-14): --uf2 onto a board in boot
mode (a folder standing in for the RPI-RP2 drive), the drag-and-drop steps
when there is none, and a board that already runs an image (the virtual
device with an usher_image module on its flash): no firmware files copied,
owner data on request."""
import os
import struct
import subprocess
import sys

from usher_host.vdev.supervisor import VirtualDevice

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
USHER = [sys.executable, "-m", "usher_host"]
# The RP2040 boot ROM's INFO_UF2.TXT (B1 silicon).
INFO = "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n"


def usher(*args, env=None, timeout=60):
    p = subprocess.run(USHER + list(args), cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout, p.stderr


def uf2(nblocks=3, family=0xE48BFF56):
    """A small well-formed UF2 image (256 payload bytes per block)."""
    out = b""
    for i in range(nblocks):
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000 + 256 * i, 256, i, nblocks,
                           family)
        payload = bytes([i]) * 256
        out += head + payload + b"\0" * (476 - 256) + struct.pack("<I", 0x0AB16F30)
    return out


def boot_drive(folder):
    os.makedirs(folder)
    with open(os.path.join(folder, "INFO_UF2.TXT"), "w") as f:
        f.write(INFO)
    with open(os.path.join(folder, "INDEX.HTM"), "w") as f:
        f.write("<html></html>")
    return folder


def test_pl14_uf2_copied_onto_the_boot_drive(tmp_path):
    image = tmp_path / "usher-badger2040.uf2"
    image.write_bytes(uf2())
    drive = boot_drive(str(tmp_path / "RPI-RP2"))
    other = str(tmp_path / "USBSTICK")
    os.makedirs(other)                                   # a drive that is not a board
    code, out, err = usher("flash", "--uf2", str(image),
                           env={"USHER_UF2_DRIVES": os.pathsep.join([other, drive])})
    assert code == 0, err
    with open(os.path.join(drive, "usher-badger2040.uf2"), "rb") as f:
        assert f.read() == image.read_bytes()
    assert os.listdir(other) == []
    assert "3 blocks" in out and "Pimoroni Badger 2040" in out


def test_pl14_no_boot_drive_prints_the_steps_for_each_board(tmp_path):
    env = {"USHER_UF2_DRIVES": str(tmp_path / "nothing")}
    badger = tmp_path / "usher-badger2040.uf2"
    badger.write_bytes(uf2())
    code, out, err = usher("flash", "--uf2", str(badger), env=env)
    assert code == 1, (out, err)
    assert "hold down the BOOT/USR button, press and release RESET, then release BOOT/USR" in out
    assert "Drag %s onto the RPI-RP2 drive" % badger in out
    pico = tmp_path / "usher-pico-waveshare.uf2"
    pico.write_bytes(uf2())
    code, out, err = usher("flash", "--uf2", str(pico), env=env)
    assert code == 1
    assert "Hold down the white BOOTSEL button on the Pico and plug the cable back in" in out
    assert "usher-pico-waveshare.uf2" in out


def test_pl14_bad_images_and_drives_are_refused_and_nothing_is_written(tmp_path):
    drive = boot_drive(str(tmp_path / "RPI-RP2"))
    env = {"USHER_UF2_DRIVES": drive}
    rp2350 = tmp_path / "other.uf2"
    rp2350.write_bytes(uf2(family=0xE48BFF59))
    code, out, err = usher("flash", "--uf2", str(rp2350), env=env)
    assert code == 1 and "not an RP2040 image (UF2 family 0xe48bff59" in err
    torn = tmp_path / "torn.uf2"
    torn.write_bytes(uf2()[:700])
    code, out, err = usher("flash", "--uf2", str(torn), env=env)
    assert code == 1 and "not a UF2 file" in err
    code, out, err = usher("flash", "--uf2", str(tmp_path / "missing.uf2"), env=env)
    assert code == 1 and "No image file" in err
    assert sorted(os.listdir(drive)) == ["INDEX.HTM", "INFO_UF2.TXT"]
    good = tmp_path / "usher-badger2040.uf2"
    good.write_bytes(uf2())
    code, out, err = usher("flash", "--uf2", str(good), "--drive", str(tmp_path))
    assert code == 1 and "is not an RP2040 boot drive" in err


IMAGE_MODULE = "IMAGE = 'usher-badger2040'\nVERSION = '0.1.0'\nMICROPYTHON = '1.28.0'\n"


def test_pl14_files_flash_on_a_board_running_the_image_copies_only_owner_data(tmp_path):
    from usher.games.takeaseat import panels
    flash_dir = str(tmp_path / "flash")
    os.makedirs(flash_dir)
    # The stand-in for the image: its frozen usher_image module, here a file.
    with open(os.path.join(flash_dir, "usher_image.py"), "w") as f:
        f.write(IMAGE_MODULE)
    owner = tmp_path / "owner"
    (owner / "takeaseat").mkdir(parents=True)
    (owner / "takeaseat" / "panels.txt").write_text(panels.SAMPLE_PANELS_TEXT, encoding="utf-8")
    with VirtualDevice(flash_dir) as dev:
        code, out, err = usher("flash", "--port", dev.port, "--cache",
                               os.path.join(ROOT, "build", "test-flash-cache"))
        assert code == 1, (out, err)
        assert "runs the Usher firmware image usher-badger2040" in err
        assert "frozen modules come first on sys.path" in err
        assert "usher flash --owner-data DIR" in err
        assert sorted(os.listdir(flash_dir)) == ["usher_image.py"]     # no firmware copied
        # Owner data only, validated first: a broken file stops everything.
        (owner / "takeaseat" / "automa.txt").write_text("not an automa deck\n", encoding="utf-8")
        code, out, err = usher("flash", "--port", dev.port, "--owner-data", str(owner))
        assert code == 1 and "nothing was copied" in err
        assert sorted(os.listdir(flash_dir)) == ["usher_image.py"]
        os.remove(str(owner / "takeaseat" / "automa.txt"))
        code, out, err = usher("flash", "--port", dev.port, "--owner-data", str(owner))
        assert code == 0, err
        with open(os.path.join(flash_dir, "data", "takeaseat", "panels.txt"), "rb") as f:
            assert f.read() == (owner / "takeaseat" / "panels.txt").read_bytes()
        assert not os.path.exists(os.path.join(flash_dir, "usher"))
