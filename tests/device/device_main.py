# The device program on the unix port, for the boot-resume test that kills it
# (tests/host/test_device_resume.py). Not a test module itself.
#
#   micropython device_main.py run DATA PANEL SEED PRESSES
#       boot the real main loop (usher.device.runtime.main) on the fake
#       Badger with DATA as the flash folder, press PRESSES random buttons
#       (seeded), print "BOOTED k" after the boot screen is on the panel and
#       "SHOWN k" after every refresh (k = actions in the saved game), then
#       "DONE". The panel picture is kept in the file PANEL (e-ink keeps it
#       through a power cut); the boot picture also goes to PANEL.boot.
#   micropython device_main.py expect RECORD OUT K1 K2 ...
#       write to OUT.K the picture the panel must show for the first K
#       actions of the saved game in RECORD.
#
# App-specific parts (swap with the real App): APP in devtest.py, and
# saved_actions() / render() below.
import random
import sys

import devtest
import fake_app
import machine
import panel_model

from usher.core import storage
from usher.device import runtime


def saved_actions(data_dir):
    rec, _ = storage.load(storage.join(data_dir, "game.json"), None)
    return rec["actions"] if rec else []


def render(record, k):
    buf, c = devtest.canvas()
    rec = {"game": record["game"], "options": record["options"], "seed": record["seed"],
           "actions": record["actions"][:k]}
    fake_app.draw(c, fake_app.state_of(rec))
    return panel_model.expected_image(c, False)


def press_plan(seed, presses, start):
    random.seed(seed)
    names = ("A", "A", "B", "UP", "UP", "DOWN", "C")
    t = start
    plan = []
    for _ in range(presses):
        b = names[random.randint(0, len(names) - 1)]
        hold = random.randint(60, 250)
        if random.randint(0, 5) == 0:
            hold = random.randint(750, 1200)     # long press / auto-repeat
        plan.append((b, t, t + hold))
        t += hold + random.randint(80, 300)
    return plan, t + 1500


def run(data_dir, panel_path, seed, presses):
    machine.clear()
    machine.record[0] = False
    profile = devtest.boards.BOARDS["badger2040"]
    vc = devtest.install_clock(1000, real_div=10)
    model = panel_model.UC8151Model(profile, panel_path)
    plan, end = press_plan(seed, presses, 1500)
    devtest.press_script(vc, profile, plan)
    machine.inputs[24] = 1              # USB: no idle power-off
    booted = [False]

    def shown(r):
        k = len(saved_actions(data_dir))
        if not booted[0]:
            booted[0] = True
            with open(panel_path + ".boot", "wb") as f:
                f.write(model.shown)
            print("BOOTED %d" % k)
        else:
            print("SHOWN %d" % k)

    def hook(rt):
        rt.on_shown = shown

    runtime.main(app_factory=devtest.APP, data_dir=data_dir,
                 should_stop=lambda: vc.now >= end, on_runtime=hook)
    print("DONE")


def expect(record_path, out, ks):
    rec, _ = storage.load(record_path)
    for k in ks:
        with open("%s.%d" % (out, k), "wb") as f:
            f.write(render(rec, k))


if sys.argv[1] == "run":
    run(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
elif sys.argv[1] == "expect":
    expect(sys.argv[2], sys.argv[3], [int(a) for a in sys.argv[4:]])
