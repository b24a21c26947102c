# The App contract (APP_CONTRACT.md) driven only by button events: start,
# resume on the same screen after a restart (PL-8), every action saved before
# the screen shows it, undo by replay on a labelled long press (PL-7), a
# damaged save falling back to the backup with a message (PL-11), the error
# and sleep screens, and the launcher's "not built yet".
import json

import mptest
from ui_fake_game import TallyApp, TallyScreen

from usher.core import gamefile, storage
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.history import History
from usher.ui.dice import Dice
from usher.ui.screens import ErrorScreen, Launcher
from usher.ui.widgets import Confirm, MessageBox, NumberEntry


def _tap(app, b):
    r1 = app.handle(("press", b))
    r2 = app.handle(("release", b))
    return r1 or r2


def _app(data=None, cls=TallyApp):
    buf, canvas = new_canvas()
    app = cls(canvas, data or mptest.tmpdir(), {"battery": lambda: 55})
    return app, buf


def _valid_request(r):
    assert r is None or (len(r) == 5 and r[0] in ("clean", "fast", "partial")), r
    if r and r[0] == "partial":
        assert r[2] % 8 == 0 and r[4] % 8 == 0 and r[4] > 0


def test_pl15_start_shows_launcher_with_a_clean_refresh():
    app, buf = _app(cls=App)
    r = app.start()
    assert r == ("clean", 0, 0, 296, 128)
    assert isinstance(app.top(), Launcher)
    labels = [i[0] for i in app.top().items]
    assert labels[:4] == ["Take a Seat", "The Theatre", "Pulisci il Multisala", "Seat Wars"]
    assert sum(buf) > 0


class _NoScreensApp(App):
    """Every game as if its usher/ui/games/<id> module did not exist yet."""

    def game_ui(self, game_id):
        return None


def test_launcher_says_not_built_yet_for_a_game_without_screens():
    app, _ = _app(cls=_NoScreensApp)
    app.start()
    _tap(app, "DOWN")  # The Theatre
    _tap(app, "C")
    assert isinstance(app.top(), MessageBox)
    assert "not built yet" in " ".join(app.top().lines)
    # PL-15: the message was a window over the launcher; closing it updates
    # only that window.
    r = _tap(app, "C")
    assert r[0] == "partial" and r[2] >= 16 and r[2] + r[4] == 128, r
    assert isinstance(app.top(), Launcher)


def _saved_game(data):
    """(record, source) of game.json as the App reads it (its actions as
    rows on file, usher.core.gamefile.packed)."""
    saved, source = storage.load(storage.join(data, "game.json"))
    return gamefile.unpacked(saved), source


def test_pl8_game_action_saved_before_screen_and_resumed_after_restart():
    data = mptest.tmpdir()
    app, _ = _app(data)
    app.start()
    _tap(app, "C")  # new tally game
    assert isinstance(app.top(), TallyScreen)
    _tap(app, "C")  # Add
    assert isinstance(app.top(), NumberEntry)
    _tap(app, "UP")
    _tap(app, "UP")
    r = _tap(app, "C")  # play 5 + 2 = 7
    _valid_request(r)
    saved, source = _saved_game(data)
    assert source == "main" and saved["actions"] == [{"type": "add", "n": 7}]
    assert app.state["total"] == 7
    # power cut: a new App on the same folder is back on the game screen
    app2, buf2 = _app(data)
    assert app2.start()[0] == "clean"
    assert isinstance(app2.top(), TallyScreen) and app2.state["total"] == 7
    assert isinstance(app2.stack[0], Launcher)
    assert app2.top().status() == "turn 2/3"


def test_pl8_a_press_that_plays_twice_saves_the_game_once_before_its_picture():
    # Take a Seat's play and the Automa's answer come from one press: the
    # game is saved once when the press has been handled, before anything is
    # drawn, and the log's lines follow the save (docs/log-format.md).
    data = mptest.tmpdir()
    app, _ = _app(data)
    app.services["log_actions"] = True
    app.start()
    _tap(app, "C")  # new tally game
    order = []
    real_save = app.game_file.save
    app.game_file.save = lambda rec: (order.append(("save", len(rec["actions"]))), real_save(rec))[1]
    app.services["log"] = lambda kind, d=None: order.append((kind, d))
    real_draw = app._draw
    app._draw = lambda *a: (order.append(("draw",)), real_draw(*a))[1]

    class Twice(TallyScreen):
        def button(self, b):
            if b == "B":
                self.app.play({"type": "add", "n": 2})
                self.app.play({"type": "add", "n": 3})
                self.changed()
            else:
                TallyScreen.button(self, b)
    app.reset([app.stack[0], Twice(app)])
    del order[:]
    _tap(app, "B")
    add = [("action", {"type": "add", "n": 2}), ("action", {"type": "add", "n": 3})]
    assert order[:3] == [("save", 2)] + add and ("draw",) in order[3:], order
    saved, source = _saved_game(data)
    assert source == "main" and [a["n"] for a in saved["actions"]] == [2, 3]
    # outside a press (a bot, a test) each action is saved at once
    del order[:]
    assert app.play({"type": "add", "n": 1})
    assert order == [("save", 3), ("action", {"type": "add", "n": 1})]


def test_start_makes_no_folder_and_the_first_press_does():
    # The data folder costs an erase on a fresh littlefs: start() only reads,
    # and the first button event makes it before anything is written.
    import os
    data = mptest.tmpdir() + "/data"
    app, _ = _app(data)
    assert app.start()[0] == "clean"
    try:
        os.stat(data)
        made = True
    except OSError:
        made = False
    assert not made
    _tap(app, "C")  # new tally game: saved in the folder the press made
    saved, source = _saved_game(data)
    assert source == "main" and saved["actions"] == [], (saved, source)


def test_pl11_illegal_action_refused_with_message_and_game_unchanged():
    app, _ = _app()
    app.start()
    _tap(app, "C")
    _tap(app, "C")
    for _ in range(5):
        _tap(app, "DOWN")  # 5 -> 0, below the engine's minimum of 1
    _tap(app, "C")
    assert isinstance(app.top(), MessageBox)
    assert "at least 1" in " ".join(app.top().lines)
    assert app.record["actions"] == [] and app.state["total"] == 0


def test_pl7_history_undo_is_a_long_press_and_a_short_press_says_hold_b():
    app, _ = _app()
    app.start()
    _tap(app, "C")
    for n_up in (0, 2):
        _tap(app, "C")
        for _ in range(n_up):
            _tap(app, "UP")
        _tap(app, "C")
    assert app.state["total"] == 12
    _tap(app, "A")
    hist = app.top()
    assert isinstance(hist, History) and "Undo (hold)" in hist.keys()
    _tap(app, "B")  # a short press of a long-press key is not an undo ...
    assert len(app.record["actions"]) == 2
    assert hist.status() == "hold B to undo"   # ... it says how to undo
    _tap(app, "DOWN")
    assert hist.status() == "2 actions"
    assert app.handle(("press", "B")) is None
    r = app.handle(("long", "B"))
    assert r is not None and r[0] == "partial"
    assert app.handle(("release", "B")) is None
    assert app.state["total"] == 5 and app.record["actions"] == [{"type": "add", "n": 5}]
    saved, _ = _saved_game(app.data_dir)
    assert saved["actions"] == [{"type": "add", "n": 5}]
    _tap(app, "A")
    assert isinstance(app.top(), TallyScreen) and app.state["total"] == 5


def test_pl11_corrupt_save_falls_back_to_backup_and_says_so():
    data = mptest.tmpdir()
    app, _ = _app(data)
    app.start()
    _tap(app, "C")
    _tap(app, "C")
    _tap(app, "C")  # add 5 (game.json.bak holds the record with no action)
    with open(storage.join(data, "game.json"), "w") as f:
        f.write('{"game": "takeas')  # torn write
    app2, _ = _app(data)
    app2.start()
    assert isinstance(app2.top(), MessageBox)
    assert "previous copy" in " ".join(app2.top().lines)
    assert app2.record["actions"] == [] and app2.state["total"] == 0
    _tap(app2, "C")
    assert isinstance(app2.top(), TallyScreen)


def test_pl11_unreadable_save_starts_at_launcher_with_message():
    data = mptest.tmpdir()
    for name in ("game.json", "game.json.bak"):
        with open(storage.join(data, name), "w") as f:
            f.write("{broken")
    app, _ = _app(data)
    app.start()
    assert isinstance(app.top(), MessageBox) and app.record is None
    _tap(app, "C")
    assert isinstance(app.top(), Launcher)


def test_dice_flow_rolls_persist_and_resume_on_same_screen():
    data = mptest.tmpdir()
    app, _ = _app(data, App)
    app.start()
    for _ in range(2):
        _tap(app, "UP")  # Settings, then Dice roller
    _tap(app, "C")
    assert isinstance(app.top(), Dice)
    _tap(app, "B")  # how many dice
    _tap(app, "UP")
    _tap(app, "C")
    assert app.ui["dice"]["n"] == 3
    _tap(app, "C")  # roll
    last = app.ui["dice"]["last"]
    assert len(last) == 4 and 1 <= last[3] <= 4
    for v in last[:3]:
        assert 1 <= v <= 6
    ui, _ = storage.load(storage.join(data, "ui.json"))
    assert ui["routes"] == ["launcher", "dice"] and ui["dice"]["last"] == last
    app2, _ = _app(data, App)
    app2.start()
    assert isinstance(app2.top(), Dice) and app2.top().d["last"] == last
    _tap(app2, "A")
    assert isinstance(app2.top(), Launcher)


def test_pl8_stack_changes_that_keep_the_routes_do_not_rewrite_ui_json():
    data = mptest.tmpdir()
    app, _ = _app(data, App)
    app.start()
    path = storage.join(data, "ui.json")
    _tap(app, "UP")
    _tap(app, "C")                  # Settings: a new route, saved
    ui, _ = storage.load(path)
    assert ui["routes"] == ["launcher", "settings"]
    storage.delete(path + ".bak")
    app.replace(app.build("settings"))      # a new screen, the same routes: nothing written
    app.replace(app.top())
    assert not storage.exists(path + ".bak")
    assert storage.load(path)[0]["routes"] == ["launcher", "settings"]
    app.pop()                       # the routes change: saved, with its backup
    assert storage.load(path)[0]["routes"] == ["launcher"]
    assert storage.load(path + ".bak")[0]["routes"] == ["launcher", "settings"]


def test_pl15_settings_number_entry_changes_the_clean_refresh_bound():
    app, _ = _app(cls=App)
    app.start()
    _tap(app, "UP")  # Settings
    _tap(app, "C")
    _tap(app, "DOWN")
    _tap(app, "C")
    assert isinstance(app.top(), NumberEntry) and app.top().value == 20
    _tap(app, "DOWN")
    _tap(app, "DOWN")
    _tap(app, "C")
    assert app.policy.clean_after == 18 and app.setting("clean_after") == 18
    assert "after 18 updates" in app.top().items[1][0]


def test_pl18_settings_refresh_turbo_or_fast_is_saved_and_survives_a_restart():
    d = mptest.tmpdir()
    app, _ = _app(d, cls=App)
    app.start()
    assert app.setting("refresh") == "turbo"            # the default (PL-18)
    _tap(app, "UP")  # Settings
    _tap(app, "C")
    labels = [i[0] for i in app.top().items]
    assert "Refresh: turbo" in labels, labels
    for _ in range(labels.index("Refresh: turbo")):
        _tap(app, "DOWN")
    r = _tap(app, "C")
    # The choice opens as a window over Settings (PL-15), turbo first.
    assert r[0] == "partial" and app.top().choices[app.top().index][1] == "turbo"
    _tap(app, "DOWN")
    _tap(app, "C")
    assert app.setting("refresh") == "fast"
    assert "Refresh: fast" in [i[0] for i in app.top().items]
    assert storage.load(d + "/ui.json")[0]["settings"]["refresh"] == "fast"
    again, _ = _app(d, cls=App)
    again.start()
    assert again.setting("refresh") == "fast"


def test_pl18_a_damaged_refresh_setting_is_named_and_the_default_used():
    d = mptest.tmpdir()
    storage.save(d + "/ui.json", {"routes": ["launcher"], "settings": {"refresh": "turob"}})
    app, _ = _app(d, cls=App)
    app.start()
    assert app.setting("refresh") == "turbo"
    assert isinstance(app.top(), MessageBox)
    assert "refresh is not one of turbo / fast" in " ".join(app.top().lines), app.top().lines


def test_every_request_fits_the_contract_and_repeat_release_are_quiet():
    app, _ = _app(cls=App)
    _valid_request(app.start())
    for b in ("DOWN", "DOWN", "UP", "C", "A", "B"):
        _valid_request(app.handle(("press", b)))
        assert app.handle(("release", b)) is None
    assert app.handle(("repeat", "C")) is None
    assert app.handle(("press", "X")) is None


def test_new_game_over_running_game_asks_first():
    app, _ = _app()
    app.start()
    _tap(app, "C")
    _tap(app, "C")
    _tap(app, "C")  # one action
    app.show_game()
    app.reset([Launcher(app)])
    assert app.top().items[0][1] == "resume"
    _tap(app, "DOWN")  # Take a Seat (new)
    _tap(app, "C")
    assert isinstance(app.top(), Confirm) and app.top().careful      # No selected (PL-21)
    _tap(app, "C")
    assert len(app.record["actions"]) == 1 and not isinstance(app.top(), Confirm)
    _tap(app, "C")
    _tap(app, "DOWN")   # Yes
    _tap(app, "C")
    assert app.record["actions"] == [] and isinstance(app.top(), TallyScreen)


def test_error_screen_on_crash_and_restart_reloads():
    app, _ = _app()
    app.start()

    def boom(b):
        raise ValueError("bad screen")
    app.top().button = boom
    r = _tap(app, "DOWN")
    assert r[0] == "clean" and isinstance(app.top(), ErrorScreen)
    assert "ValueError: bad screen" in app.top().lines[0]
    r = _tap(app, "C")  # Restart
    assert r[0] == "clean" and isinstance(app.top(), Launcher)


def test_pl11_crash_while_resuming_shows_error_then_launcher_with_resume():
    data = mptest.tmpdir()
    app, _ = _app(data)
    app.start()
    _tap(app, "C")
    _tap(app, "C")
    _tap(app, "C")  # one action; the game screen is the saved position

    class BrokenApp(TallyApp):
        def game_screen(self):
            raise KeyError("no such phase")
    broken, _ = _app(data, BrokenApp)
    r = broken.start()
    assert r[0] == "clean" and isinstance(broken.top(), ErrorScreen)
    assert "no such phase" in broken.top().lines[0]
    app2, _ = _app(data)
    app2.start()  # the device restarts after the error screen
    assert isinstance(app2.top(), TallyScreen)
    r = _tap(broken, "C")  # Restart: back at the launcher, game kept
    assert r[0] == "clean" and isinstance(broken.top(), Launcher)
    assert broken.top().items[0][1] == "resume" and broken.state["total"] == 5


def test_pl9_sleep_mark_is_a_partial_of_the_title_band_and_wakes_clean():
    app, buf = _app(cls=App)
    app.start()
    before = bytes(buf)
    r = app.sleep_screen()
    assert r == ("partial", 0, 0, 296, 16)
    assert bytes(buf) != before
    r = _tap(app, "DOWN")
    assert r[0] == "partial" and r[2] == 0  # the title band is restored too


def test_services_log_gets_boot_and_actions():
    logged = []
    buf, canvas = new_canvas()
    app = TallyApp(canvas, mptest.tmpdir(), {"log": lambda k, d: logged.append((k, d))})
    app.start()
    _tap(app, "C")
    _tap(app, "C")
    _tap(app, "C")
    kinds = [k for k, _ in logged]
    assert kinds[0] == "resume" and ("action", {"type": "add", "n": 5}) in logged
    json.dumps(logged)


def test_pl15_a_dialog_over_a_screen_is_a_window_updated_alone():
    app, buf = _app(cls=App)
    app.start()
    _tap(app, "DOWN")
    under = bytes(buf)
    app.show_message("Note", "One short line.")
    r = app._render()
    box = app.top()
    assert box.over and box.window_y % 8 == 0 and box.window_y >= 16
    # Only the window's rows changed: the launcher above it is untouched.
    assert r == ("partial", 0, box.window_y, 296, 128 - box.window_y), r
    stride = 296 // 8
    assert bytes(buf)[:box.window_y * stride] == under[:box.window_y * stride]
    assert bytes(buf) != under
    # Closing it puts the launcher back with a partial of the same window.
    r = _tap(app, "C")
    assert r == ("partial", 0, box.window_y, 296, 128 - box.window_y), r
    assert bytes(buf) == under
    # A longer message takes a taller window (still a multiple of 8).
    app.show_message("Note", "word " * 60)
    app._render()
    tall = app.top()
    assert tall.window_y < box.window_y and tall.window_y % 8 == 0


def test_pl15_a_game_start_and_end_are_clean_and_the_launcher_keeps_the_game():
    app, _ = _app()
    app.start()
    r = _tap(app, "C")  # new tally game
    assert r[0] == "clean"
    _tap(app, "C")       # Add: another screen
    r = _tap(app, "C")   # played: back on the game screen, a fast update
    assert r[0] in ("fast", "partial")
    app.end_game()
    r = app._render()
    assert r[0] == "clean"
    assert isinstance(app.top(), Launcher)


def test_after_a_game_the_launcher_cursor_stays_on_that_game():
    app, _ = _app(cls=App)
    app.start()
    app.new_game("seatwars", {"start": 0})
    app._render()
    app.end_game()
    launcher = app.top()
    assert isinstance(launcher, Launcher)
    assert launcher.items[launcher.focus][1] == "seatwars" and launcher.focus == 3


def test_pl15_a_form_pushed_over_a_screen_is_a_window_below_its_title_bar():
    app, buf = _app(cls=App)
    app.start()
    _tap(app, "UP")     # Settings
    _tap(app, "C")
    stride = 296 // 8
    under = bytes(buf)
    _tap(app, "DOWN")
    r = _tap(app, "C")  # the number entry over the settings menu
    form = app.top()
    assert isinstance(form, NumberEntry) and form.over and form.window_y == 16
    # The window clears the 4 rows between the menu's title bar and itself
    # (no cut strip of the menu is left): its band starts at row 8.
    assert r == ("partial", 0, 8, 296, 120), r
    assert bytes(buf)[:12 * stride] == under[:12 * stride]   # the menu's title bar stays
    assert bytes(buf)[12 * stride:16 * stride] == bytes(4 * stride)  # no strip of the menu
    r = _tap(app, "UP")   # the value changes: only its rows
    assert r[0] == "partial" and r[2] >= 16, r
    r = _tap(app, "A")    # Cancel: back to the menu, the same window
    assert r[0] == "partial" and r[2] == 8, r


def test_pl8_after_a_boot_the_same_routes_are_not_written_again_and_new_ones_are():
    data = mptest.tmpdir()
    app, _ = _app(data)
    app.start()
    _tap(app, "C")  # new tally game: routes launcher, game
    again, _ = _app(data)
    again.start()
    writes = []
    real = storage.save

    def counted(path, obj, backup=False, before=None):
        writes.append(path)
        return real(path, obj, backup, before)
    storage.save = counted
    try:
        again.reset(list(again.stack))          # a stack change that keeps the routes
        assert again.ui_path not in writes, writes
        again.pop()                              # back to the launcher: written
        assert writes.count(again.ui_path) == 1, writes
    finally:
        storage.save = real
    third, _ = _app(data)
    third.start()
    assert [s.route for s in third.stack] == ["launcher"]
