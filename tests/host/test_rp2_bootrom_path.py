# The emulated board finds the RP2040 bootrom where the image build finds
# its vendor sources: $USHER_BOOTROM, else $USHER_VENDOR (one variable for
# a clone whose ../shared/vendor is elsewhere), else ../shared/vendor.
import sim.rp2 as rp2


def test_the_bootrom_comes_from_usher_bootrom_then_usher_vendor(monkeypatch, tmp_path):
    monkeypatch.delenv("USHER_BOOTROM", raising=False)
    monkeypatch.setenv("USHER_VENDOR", str(tmp_path))
    assert rp2.bootrom_path() == str(tmp_path / "rp2040-bootrom-b1.bin")
    monkeypatch.setenv("USHER_BOOTROM", "/x/rom.bin")
    assert rp2.bootrom_path() == "/x/rom.bin"
    monkeypatch.delenv("USHER_BOOTROM")
    monkeypatch.delenv("USHER_VENDOR")
    assert rp2.bootrom_path().endswith("shared/vendor/rp2040-bootrom-b1.bin")
