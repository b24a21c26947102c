# Compute time per button press (App.handle for press..release: screen logic,
# engine call, redraw into the framebuffer, band diff), run on MicroPython's
# unix port by bench/speed.py. Prints median and worst in microseconds.
import mptest
import ui_sessions

times = []
for _ in range(3):
    for name, script in ui_sessions.SESSIONS:
        ui_sessions.run(name, script, mptest.tmpdir(), timings=times)
times.sort()
print("presses %d" % len(times))
print("press_median_us %d" % times[len(times) // 2])
print("press_worst_us %d" % times[-1])
