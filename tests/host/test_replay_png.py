"""`usher replay --png` with a backup at hand draws what the device shows:
the backup's ui.json (screen routes, Take a Seat's "Automa step seen" mark)
is used, so a step the player already closed is not drawn again."""
import os

from sim import shots_takeaseat
from sim.session import Session, parse_script

from usher.core import gamefile, storage  # noqa: E402
from usher.ui.app import App  # noqa: E402  (sim.session put firmware/ on the path)
from usher.ui.canvas import new_canvas  # noqa: E402
from usher_host import replay  # noqa: E402


def _device_picture(data_dir):
    buf, canvas = new_canvas()
    App(canvas, data_dir).start()
    return bytes(buf)


def test_replay_png_with_the_backups_ui_json_draws_the_screen_the_device_shows(tmp_path):
    # Take a Seat solo up to the player's turn 13: the Automa step before it
    # was closed with "My turn" (shots: takeaseat_turn).
    script = dict(shots_takeaseat.SHOTS)["takeaseat_turn"]
    data = str(tmp_path / "backup")
    s = Session(data)
    s.start()
    for _, events in parse_script(script):
        s.step(events)
    with open(os.path.join(data, "ui.json")) as f:
        ui = storage.decode(f.read())          # the board's files are sealed (PL-17)
    with open(os.path.join(data, "game.json")) as f:
        record = gamefile.unpacked(storage.decode(f.read()))     # its actions as rows
    device = _device_picture(data)
    assert replay.ui_beside(os.path.join(data, "game.json")) == ui
    assert replay.render_screen(record, ui) == device
    # Without the UI state the replay lands on the Automa step again: the
    # difference this fixes.
    assert replay.render_screen(record) != device
    lines = []
    out = str(tmp_path / "png")
    assert replay.command(os.path.join(data, "game.json"), png_dir=out,
                          saved=os.path.join(data, "game.json"), out=lines.append) == 0
    assert any("as the device shows it" in line for line in lines), lines
    assert os.listdir(out) == ["takeaseat-%d.png" % len(record["actions"])]


def test_replay_png_of_a_backups_game_json_alone_uses_its_ui_json(tmp_path):
    script = dict(shots_takeaseat.SHOTS)["takeaseat_turn"]
    data = str(tmp_path / "backup")
    s = Session(data)
    s.start()
    for _, events in parse_script(script):
        s.step(events)
    out = str(tmp_path / "png")
    lines = []
    assert replay.command(os.path.join(data, "game.json"), png_dir=out, out=lines.append) == 0
    assert any("as the device shows it" in line for line in lines), lines
    from PIL import Image

    from sim.frames import to_image
    png = Image.open(os.path.join(out, os.listdir(out)[0])).convert("1")
    assert png.tobytes() == to_image(_device_picture(data)).tobytes()
