# The device program on the unix port, for the boot-resume test that kills it
# (tests/host/test_device_resume.py). Not a test module itself.
#
#   micropython device_main.py run DATA PANEL SEED PRESSES
#       boot the real main loop (usher.device.runtime.main) with the real App
#       (devtest.APP) on the fake Badger with DATA as the flash folder, press
#       PRESSES random buttons (seeded), print "BOOTED <state>" after the boot
#       screen is on the panel and "SHOWN <state>" after every refresh, then
#       "DONE". <state> = game id, number of saved actions and the screen
#       routes of the App's stack. The panel picture is kept in the file PANEL
#       (e-ink keeps it through a power cut); the boot picture also goes to
#       PANEL.boot.
#   micropython device_main.py expect DATA OUT
#       start a fresh real App on the files in DATA, write the picture it
#       draws to OUT and print "EXPECT <state>".
import random
import sys

import devtest
import machine
import panel_model

from usher.device import runtime


def state_line(app):
    if app is None:
        return "none 0 -"
    gid = app.game_id or "none"
    n = len(app.record["actions"]) if app.record else 0
    routes = ",".join([s.route or "-" for s in app.stack])
    return "%s %d %s" % (gid, n, routes)


def press_plan(seed, presses, start):
    random.seed(seed)
    # C (select / confirm / the main action) most often so games get played;
    # A backs out or opens History, B is each screen's second key (undo in
    # the History when held).
    names = ("C", "C", "C", "C", "A", "B", "UP", "DOWN", "DOWN")
    t = start
    plan = []
    for _ in range(presses):
        b = names[random.randint(0, len(names) - 1)]
        hold = random.randint(60, 250)
        if random.randint(0, 7) == 0:
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
    holder = {}

    def shown(r):
        line = state_line(holder["rt"].app)
        if not booted[0]:
            booted[0] = True
            with open(panel_path + ".boot", "wb") as f:
                f.write(model.shown)
            print("BOOTED " + line)
        else:
            print("SHOWN " + line)

    def hook(rt):
        holder["rt"] = rt
        rt.on_shown = shown

    runtime.main(app_factory=devtest.APP, data_dir=data_dir,
                 should_stop=lambda: vc.now >= end, on_runtime=hook)
    print("DONE")


def expect(data_dir, out):
    buf, canvas = devtest.canvas()
    # what the About screen shows comes from the device's services: the same
    # as runtime.main gives them on this board (a kill on About compares it)
    from usher import VERSION
    label = devtest.boards.firmware_label(None)
    app = devtest.APP(canvas, data_dir, {"board": "badger2040", "version": VERSION, "firmware": label,
                                         "battery": lambda: None})
    app.start()
    with open(out, "wb") as f:
        f.write(panel_model.expected_image(canvas, False))
    print("EXPECT " + state_line(app))


if sys.argv[1] == "run":
    run(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
elif sys.argv[1] == "expect":
    expect(sys.argv[2], sys.argv[3])
