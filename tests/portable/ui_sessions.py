# Scripted UI sessions, shared by the pixel-identity test (every frame's hash
# on CPython, the unix port and WebAssembly must match) and the benchmarks.
# Run directly it prints one line per frame: "session step hash".
import ui_session_multisala
import ui_session_owner
import ui_session_seatwars
import ui_session_takeaseat
import ui_session_theatre
from ui_fake_game import TallyApp

from usher.ui.app import App
from usher.ui.canvas import new_canvas

SESSIONS = (
    ("menus", "DOWN,DOWN,C,C,DOWN,DOWN,DOWN,C,DOWN,DOWN,C,C,DOWN,C,DOWN,DOWN,C,A,A,UP,C,C,A"),
    ("dice", "UP,UP,C,C,C,B,UP,UP*6,DOWN,C,C,C,sleep,A,A"),
    ("tally", "C,C,UP,UP,C,C,DOWN*8,C,C,UP,C,A,B~,A,C,C,C,C,restart,A,A,C,C"),
) + (ui_session_takeaseat.SESSIONS + ui_session_theatre.SESSIONS
     + ui_session_multisala.SESSIONS + ui_session_seatwars.SESSIONS)
# The owner's screens (components, leaving a game, the roster): not game
# sessions (the tests of every game's names and refreshes leave them out),
# but every frame of them is compared across runtimes too (main()).
OWNER_SESSIONS = ui_session_owner.SESSIONS


# The framework's own sessions play the stand-in tally game (it borrows Take a
# Seat's id); every per-game session runs the real App with the real screens.
FAKE_GAME_SESSIONS = ("menus", "dice", "tally")


def new_app(name, canvas, data_dir):
    cls = TallyApp if name in FAKE_GAME_SESSIONS else App
    return cls(canvas, data_dir, {"battery": lambda: 76, "board": "test"})


def events(script):
    out = []
    for tok in script.split(","):
        if tok in ("sleep", "restart"):
            out.append([tok])
            continue
        name = tok.rstrip("~")
        rep = 0
        if "*" in name:
            name, n = name.split("*")
            rep = int(n)
        ev = [("press", name)] + [("repeat", name)] * rep
        if tok.endswith("~"):
            ev.append(("long", name))
        ev.append(("release", name))
        out.append(ev)
    return out


def bot_plays(app, gid, options, names, seed):
    """Start gid on app with names at its seats and let the game's bot play
    it to the end (its end screen not left)."""
    from usher.ui import seats
    app.start_game(gid, seats.with_names(gid, options, names), seed)
    bot_to_end(app, seed ^ 0x5A5A)


def bot_to_end(app, bot_seed, check=None):
    """The running game's bot plays it from where it is to its end (its
    end screen not left); check(before, action, after), when given, sees
    every action."""
    from usher import games
    from usher.core import rng
    bot = games.bot(app.game_id)
    brng = rng.new_state(bot_seed)
    while True:
        a = bot.next_action(app.state, brng)
        if a is None:
            return
        before = app.state
        assert app.play(a), a
        if check is not None:
            check(before, a, app.state)


def bot_game(app, gid, options, names, seed):
    """bot_plays, then end the game (the history keeps it); returns
    (record, final state)."""
    bot_plays(app, gid, options, names, seed)
    final = app.state
    rec = app.record
    app.end_game()
    return rec, final


def fnv32(buf):
    h = 0x811C9DC5
    for b in buf:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def _now_us():
    import time
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return time.perf_counter_ns() // 1000


def run(name, script, data_dir, on_frame=None, on_event=None, timings=None, on_request=None):
    """Play a session; on_frame(step, buf, request) after the start and each
    token; timings (a list) gets the microseconds each button press (all its
    events: press, repeats, long, release) took; on_request(r) gets every
    refresh request (bench/refresh.py counts them). Returns the app."""
    buf, canvas = new_canvas()
    app = new_app(name, canvas, data_dir)
    req = app.start()
    if on_request and req:
        on_request(req)
    if on_frame:
        on_frame(0, buf, req)
    step = 0
    for evs in events(script):
        step += 1
        req = None
        t0 = _now_us()
        for ev in evs:
            if on_event:
                on_event(ev)
            if ev == "sleep":
                r = app.sleep_screen()
            elif ev == "restart":
                app = new_app(name, canvas, data_dir)
                r = app.start()
            else:
                r = app.handle(ev)
            if on_request and r:
                on_request(r)
            req = r or req
        if timings is not None and evs[0] not in ("sleep", "restart"):
            timings.append(_now_us() - t0)
        if on_frame:
            on_frame(step, buf, req)
    return app


def main():
    import mptest
    for name, script in SESSIONS + OWNER_SESSIONS:
        def show(step, buf, req, name=name):
            print("%s %d %08x %s" % (name, step, fnv32(buf), req[0] if req else "-"))
        run(name, script, mptest.tmpdir(), show)


if __name__ == "__main__":
    main()
