# The UI's one entry point for the device layer and the simulator (see
# APP_CONTRACT.md): App(canvas, data_dir, services), start(), handle(event),
# sleep_screen(), error_screen(text). It owns the screen stack, the running
# game (record + state, PL-8) and the refresh policy (PL-6, PL-15).
#
# Files in data_dir (usher.core.storage: atomic, with a backup, PL-8/PL-11):
#   game.json  the running game's record {"game", "options", "seed", "actions"}
#   ui.json    {"routes": [...], "next_seed": n, "settings": {...}, "dice": [...]}
#   players.txt  the roster of players (usher.ui.players), if uploaded
#   abandoned.json  the game last abandoned (PL-21), until another starts
#   history/     the play history (usher.ui.playlog, docs/history.md)
#
# Per-game screens plug in as modules usher/ui/games/<game_id>.py; see
# usher/ui/games/__init__.py for the functions they provide.
import sys

from usher import VERSION, games, unload
from usher.core import game, gamefile, storage
from usher.core.game import GameError
from usher.ui import screens, seats, text
from usher.ui.canvas import HEIGHT, WIDTH
from usher.ui.history import History, default_describe
from usher.ui.refresh import BandSums, RefreshPolicy
from usher.ui.widgets import MessageBox

BUTTONS = ("A", "B", "C", "UP", "DOWN")
# clean_after: fast or partial updates before a clean refresh (PL-15);
# refresh: "turbo" or "fast", the waveform the device layer gives a window
# (PL-18; the UI only says which window changed).
DEFAULT_SETTINGS = {"clean_after": 20, "sleep_min": 2, "refresh": "turbo"}
ABANDONED_FILE = "abandoned.json"


def _canvas_bytes(canvas):
    buf = getattr(canvas, "buf", None)  # pyframebuf exposes its buffer
    return buf if buf is not None else memoryview(canvas)


def format_exception(e):
    """The traceback of e as text, on CPython and MicroPython."""
    if hasattr(sys, "print_exception"):
        import io
        s = io.StringIO()
        sys.print_exception(e, s)
        return s.getvalue()
    import traceback  # type: ignore[import-not-found]  # CPython only: MicroPython took the branch above
    return "".join(traceback.format_exception(type(e), e, e.__traceback__))


def unload_game_code(game_id, packages=("usher.games", "usher.ui.games")):
    """Drop a game's engine and screen modules from sys.modules (and from their
    parent packages) once nothing runs that game, so the next game's code does
    not sit next to it in RAM: on a stock MicroPython every imported module's
    bytecode lives in the heap (35-45 KB per game). A later import loads the
    module again from flash. No module keeps one that is unloaded at its
    top level (it would stay in RAM), and each unload is the last thing the
    unloaded code does (the end screens' C handlers end with app.end_game(),
    the seat pickers' with app.start_game())."""
    for pkg in packages:
        prefix = pkg + "." + game_id
        for name in [n for n in sys.modules if n == prefix or n.startswith(prefix + ".")]:
            del sys.modules[name]
        parent = sys.modules.get(pkg)
        if parent is not None and game_id in parent.__dict__:
            delattr(parent, game_id)


class App:
    def __init__(self, canvas, data_dir, services=None):
        self.canvas = canvas
        self.data_dir = data_dir
        self.services = services or {}
        self.buf = _canvas_bytes(canvas)
        # The device's native text drawing, on this canvas (None elsewhere).
        text.use_native(self.services.get("text_kernel"), canvas, self.buf, WIDTH, HEIGHT)
        # A CRC per band of the last frame rather than a copy of it: 4.7 KB
        # of RAM less (docs/ui-internals.md, Memory).
        # The canvas's rows are canvas.stride pixels apart where it says so
        # (CircuitPython's Bitmap pads them to 32 bits), else WIDTH.
        self._sent = BandSums(getattr(canvas, "stride", WIDTH) >> 3)
        self.policy = RefreshPolicy()
        self.stack = []
        self._shown = None
        self._shown_below = None  # the screen under the dialog last shown
        self._under = None  # the window whose screens below are in the canvas
        self._pending = None  # a button whose short action waits for release
        self._asleep = False
        # The history may be due a rewrite at the next rest (rest_work): after
        # each play kept (playlog.keep). Not after a boot: the first press
        # after a wake would wait for it; a game's end at CAP + SLACK lines
        # writes it anew itself.
        self.history_due = False
        self.game_id = None
        self.engine = None
        self.record = None
        self.state = None
        self.ui = {"routes": [], "next_seed": 1, "settings": dict(DEFAULT_SETTINGS)}  # type: dict
        seats.use(None)
        self.game_path = storage.join(data_dir, "game.json")
        # The running game's save: on littlefs a base and a small tail of
        # the newest actions (usher.core.gamefile, PL-17); on CircuitPython
        # each save also goes to a copy outside the FAT drive (game_copy).
        self.game_file = gamefile.GameFile(self.game_path, self.services.get("game_copy"))
        self.ui_path = storage.join(data_dir, "ui.json")
        # The text of ui.json as this App last wrote it (None: not written
        # yet, or reloaded since): most stack changes leave the routes as
        # they were (one game screen replaced by the next), and those are
        # not written again (storage.save_changed).
        self._ui_sum = None
        # A press saves the game once (PL-8: before its picture): the
        # actions it plays (Take a Seat's play and the Automa's answer)
        # leave their record here and their log lines in _held_lines until
        # handle() ends (_flush). None: nothing held.
        self._in_press = False
        self._held = None
        self._held_lines = []

    # --- services ---------------------------------------------------------------
    def log(self, kind, data):
        fn = self.services.get("log")
        if fn:
            try:
                fn(kind, data)
            except Exception:  # a broken log must never stop the game
                pass

    def battery(self):
        fn = self.services.get("battery")
        return fn() if fn else None

    def setting(self, key):
        return self.ui["settings"].get(key, DEFAULT_SETTINGS.get(key))

    def set_setting(self, key, value):
        self.ui["settings"][key] = value
        if key == "clean_after":
            self.policy.clean_after = value
        self.save_ui()

    # --- start / resume (PL-8, PL-11) ---------------------------------------------
    def start(self):
        try:
            self._load()
            self._shown = None
            self.policy.request_clean()  # boot or wake: a clean picture (PL-15)
            return self._render()
        except Exception as e:  # a screen that cannot be rebuilt must not stop the boot
            self.stack = [screens.Launcher(self)]
            return self.error_screen(format_exception(e))

    def _load(self):
        # Every file read back is checked before it is trusted; a damaged one
        # falls back to its backup or to the defaults, and the screen names it
        # (usher.ui.persist, PL-11).
        from usher.ui import persist
        # data_dir is not made here: the first write makes it
        # (storage.create), off the boot's path (docs/performance.md, Boot and resume).
        self._ui_sum = None        # the files may differ from what this App wrote
        notices = []
        ui, notice, whole = persist.load_ui(self.ui_path, [k for k in sorted(DEFAULT_SETTINGS)],
                                            DEFAULT_SETTINGS)
        if notice:
            self.log("error", "ui.json: " + notice)
            notices.append(("Settings", notice))
        if ui is not None:
            self.ui["routes"] = ui["routes"]
            self.ui["next_seed"] = ui.get("next_seed", 1)
            self.ui["settings"].update(ui.get("settings") or {})
            if ui.get("dice"):
                self.ui["dice"] = ui["dice"]
            if ui.get("abandoned"):
                self.ui["abandoned"] = ui["abandoned"]
        self.policy.clean_after = self.setting("clean_after")
        self._settings_saved = self._settings_now()
        rec, eng, state, notice = persist.load_game(self.game_file, self.load_engine, self.progress)
        if notice:
            self.log("error", "game.json: " + notice)
            notices.append(("Saved game", notice))
        if rec is not None:
            self._load_game(rec, eng, state)
        else:
            self._clear_game()
        # docs/log-format.md: "resume" says which game the App came back to.
        self.log("resume", {"version": VERSION, "game": self.game_id,
                            "seed": self.record["seed"] if self.record else None,
                            "actions": len(self.record["actions"]) if self.record else 0})
        self.stack = []
        for route in self.ui["routes"]:
            s = self.build(route)
            if s is not None:
                self.stack.append(s)
        if not self.stack:
            self.stack = [screens.Launcher(self)]
        if whole and ui is not None:
            # What ui.json holds, as save_ui compares it: the first press
            # after a boot that leaves the routes as they were writes nothing
            # (on littlefs a rewrite can cost an erase, 45 ms of that press;
            # on FAT two on the project's CircuitPython image, five on a
            # stock one). Any difference (a default setting the file lacks)
            # just writes it.
            self._ui_sum = storage.json_sum(self.ui)
        for title, msg in notices:
            self.stack.append(MessageBox(self, title, msg))
        # The checks run once per start: on the device their module leaves RAM.
        self._unload("usher.ui.persist")

    def _load_game(self, rec, eng=None, state=None):
        """Make rec the running game (eng and its replayed state when the
        caller has them already, as usher.ui.persist does)."""
        if eng is None:
            eng = self.load_engine(rec["game"])
            state = game.replay(eng, rec)
        self.state = state
        self.engine = eng
        self.record = rec
        self.game_id = rec["game"]
        seats.use(rec["options"])

    def _clear_game(self):
        self.game_id = None
        self.engine = None
        self.record = None
        self.state = None
        seats.use(None)

    def build(self, route):
        """The screen for a saved route name, or None."""
        if route == "game":
            return self.game_screen()
        if route == "history":
            return History(self) if self.record else None
        return screens.build(self, route)

    def save_ui(self):
        self.ui["routes"] = [s.route for s in self.stack if s.route]
        now = self._settings_now()
        if now != getattr(self, "_settings_saved", None):
            self._settings_saved = now
            # PL-23: a change of the Settings screen's values keeps the file
            # before it as ui.json.bak on littlefs too; the routes' saves,
            # most presses, leave that copy alone
            storage.keep_copy(self.ui_path)
        self._ui_sum = storage.save_changed(self.ui_path, self.ui, self._ui_sum)

    def _settings_now(self):
        # the Settings screen's values (a game's marks kept with them, e.g.
        # Take a Seat's "Automa step seen", change in play: not these)
        return [self.ui["settings"].get(k) for k in sorted(DEFAULT_SETTINGS)]

    # --- screen stack ---------------------------------------------------------------
    def push(self, s):
        if s.dialog and self.stack:
            s.place()  # a window over the screen below (PL-15)
        self.stack.append(s)
        self._stack_changed()

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.stack[-1].changed()
            self._stack_changed()

    def replace(self, s):
        """Put s in place of the top screen. A dialog or form in place of a
        window (an action list's next question) is a window too (PL-15)."""
        if s.dialog and self.stack[-1].over and len(self.stack) > 1:
            s.place()
        self.stack[-1] = s
        self._stack_changed()

    def reset(self, screens_list):
        self.stack = list(screens_list)
        self._stack_changed()

    def _stack_changed(self):
        self.save_ui()

    def top(self):
        return self.stack[-1]

    def show_message(self, title, message):
        self.push(MessageBox(self, title, message))

    # --- the running game -------------------------------------------------------------
    def load_engine(self, game_id):
        return games.engine(game_id)

    def game_ui(self, game_id):
        """The module usher.ui.games.<game_id>, or None when not built yet."""
        try:
            mod = __import__("usher.ui.games." + game_id)
            return getattr(mod.ui.games, game_id)
        except (ImportError, AttributeError):
            return None

    def game_screen(self):
        """The running game's screen for its current state (per-game module)."""
        if self.record is None:
            return None
        mod = self.game_ui(self.game_id)
        if mod is None:
            return None
        s = mod.play_screen(self)
        s.route = "game"
        return s

    def describe_action(self, action):
        mod = self.game_ui(self.game_id) if self.game_id else None
        fn = getattr(mod, "describe", None) if mod else None
        return fn(action) if fn else default_describe(action)

    def new_seed(self):
        n = self.ui.get("next_seed", 1)
        self.ui["next_seed"] = n + 1
        ticks = self.services.get("ticks_ms")
        return ((ticks() if ticks else 0) * 7919 + n) & 0x7FFFFFFF

    def new_id_number(self):
        """A number for the device id (PL-19: unique per device): from the
        runtime's random source (services["random32"]: the simulator's and
        the browser page's, which would otherwise all start from the same
        seeds), else from the game seeds' generator, which on the device
        mixes in the milliseconds since boot of the first Share."""
        fn = self.services.get("random32")
        return fn() if fn else self.new_seed()

    def new_game(self, game_id, options, seed=None):
        """Start game_id, save it, and show its play screen above the launcher.
        The owner's data files (usher.ui.owner_data: panels, decks uploaded
        with `usher data`) give the engine options under the screen's own; a
        file that cannot be used is named in a message and the default is
        used (TS-2, MS-2, PL-11). They are read once, here: the record keeps
        them, so a resume or replay never depends on the files again.
        With a roster of players (usher.ui.players) each seat is first asked
        for a name; the game then starts from the last seat's screen."""
        # usher.ui.players (the roster, the pickers) is imported only when
        # there is a roster file, and leaves RAM once the game has started.
        # (a cut inside a roster save can leave only its temp file or backup)
        if storage.has_copy(storage.join(self.data_dir, "players.txt")):
            from usher.ui import players
            read = players.needs_names(self, game_id, options)
            if read is not None:
                players.ask_names(self, game_id, options, seed, read)
                return
        self.names_given(game_id, options, seed)

    def names_given(self, game_id, options, seed=None):
        """The seats have their names: a game's questions that name a seat
        come now (PL-22: its screens' after_names(app, options, go), which
        ends with go(app, options)), then the game starts."""
        mod = self.game_ui(game_id)
        ask = getattr(mod, "after_names", None) if mod else None
        if ask is None:
            self.start_game(game_id, options, seed)
            return
        ask(self, options, lambda app, opts: app.start_game(game_id, opts, seed))

    def start_game(self, game_id, options, seed=None):
        """new_game without asking the seats' names."""
        from usher.ui import owner_data
        eng = self.load_engine(game_id)
        if seed is None:
            seed = self.new_seed()
        owner, problem = owner_data.owner_options(self, game_id, options)
        if owner:
            owner.update(options)
            options = owner
        rec, state = game.new_record(eng, options, seed)
        self._flush()
        self.game_file.save(rec)  # saved before the screen shows it (PL-8)
        self.policy.request_clean()  # a game starts: a clean refresh (PL-15)
        self.engine, self.record, self.state, self.game_id = eng, rec, state, game_id
        seats.use(options)
        self._forget_abandoned()    # PL-21: offered until another game starts
        self._unload("usher.ui.players")
        self._unload("usher.ui.owner_data")     # read once per game: its RAM back
        # docs/log-format.md: a "game" entry starts a game in the log.
        self.log("game", {"game": game_id, "seed": seed, "options": options})
        self.show_game()
        if problem:
            self.show_message("Owner data", problem)

    def show_game(self):
        """Rebuild the stack as launcher + the game's current screen."""
        s = self.game_screen()
        self.reset([screens.Launcher(self)] + ([s] if s else []))

    def play(self, action):
        """Apply action to the running game. Saves the record before any screen
        shows the result (PL-8): at once, or inside a button's press once at
        its end, for every action it played. Returns True; on an illegal
        action shows the engine's message (PL-11) and returns False, game
        unchanged."""
        try:
            rec, state = game.play(self.engine, self.record, self.state, action)
        except GameError as e:
            self.show_message("Not allowed", seats.in_words(e.message))
            return False
        self._save(rec, ("action", action) if self.logs_actions() else None)
        self.record, self.state = rec, state
        self.device_moves()
        return True

    def device_moves(self):
        """The moves the device makes itself once it is their turn (The
        Theatre's House, TH-15): its game's device_move(state) chooses
        each, played and saved like a player's action within the same
        press; an undo takes them back with the action before them."""
        mod = self.game_ui(self.game_id)
        choose = getattr(mod, "device_move", None) if mod else None
        if choose is None:
            return
        action = choose(self.state)
        while action is not None:
            rec, state = game.play(self.engine, self.record, self.state, action)
            self._save(rec, ("action", action) if self.logs_actions() else None)
            self.record, self.state = rec, state
            action = choose(state)

    def _save(self, rec, line):
        """The running game's record saved, then its log line written (saved
        first, logged second); during a press held until it ends."""
        if self._in_press:
            self._held = rec
            if line is not None:
                self._held_lines.append(line)
            return
        self.game_file.save(rec)
        if line is not None:
            self.log(line[0], line[1])

    def _flush(self):
        """The record a press held saved, then its log lines (PL-8: before
        the press's picture is drawn)."""
        rec, lines = self._held, self._held_lines
        if rec is None:
            return
        self._held, self._held_lines = None, []
        self.game_file.save(rec)
        for kind, data in lines:
            self.log(kind, data)

    def logs_actions(self):
        """Whether each action gets its own log line (docs/log-format.md).
        On the device the saved game is the log of the running game's
        actions and the "end" entry carries them (PL-17): on littlefs a log
        line appended costs a 4 KB erase, the save's tail none; on FAT
        (CircuitPython) two erases, 130 ms of a press. The device says so
        in services["log_actions"] (False unless device.json's
        "log_actions": true, the power-cut campaign's record of what was
        acknowledged). Without it (the simulator, the browser page) the
        lines are written where the save is one file."""
        logs = self.services.get("log_actions")
        if logs is not None:
            return logs is True
        return not self.game_file.journal()

    def undo(self):
        # The state is not held through the replay that makes the undone
        # one: two states at once were the peak of a late Take a Seat
        # game's heap (docs/performance.md, What holds the heap). On a refusal (nothing to undo; a replay
        # that fails, which a record that replays whole never does) the
        # state is made again from the record, which is unchanged.
        # The game's screens under the top one (the History, from which an
        # undo comes) go too: they hold parts of the old state (Take a
        # Seat's turn screen its panels and valid cells), and leaving the
        # History rebuilds the game's screen anyway (show_game).
        self.state = None
        del self.stack[1:-1]
        try:
            rec, state = game.undo(self.engine, self.record)
        except GameError as e:
            self.state = game.replay(self.engine, self.record)
            self.show_message("Undo", e.message)
            return False
        # docs/log-format.md: the game now has this many actions.
        self._save(rec, ("undo", {"actions": len(rec["actions"])}))
        self.record, self.state = rec, state
        return True

    def end_game(self):
        """Forget the running game (after its end screen) and go to the
        launcher. A finished game is first kept in the play history
        (usher.ui.playlog); a problem with the history is shown, the game
        still ends."""
        problem = kept = None
        self._flush()
        if self.record is not None and self.state is not None and self.state.get("phase") == "over":
            # Keeping the play builds its record's JSON: the screens under
            # the end screen and the game's other screen modules go first,
            # so that it is not built beside them (the peak of The Theatre's
            # heap, docs/performance.md). The end screen's own module stays while its
            # handler runs.
            del self.stack[:-1]
            if self.services.get("unload_games"):
                unload_game_code(self.game_id, ("usher.ui.games",))
            from usher.ui import playlog
            kept, problem = playlog.keep(self)
            self._unload("usher.ui.playlog")
        self.game_file.delete()
        end = {"game": self.game_id, "actions": len(self.record["actions"]) if self.record else 0}
        if self.record is not None and not self.logs_actions():
            # PL-17: the log's actions of this game, derived from its save:
            # a kept play's are in its record (history/pNNNNN.json), which
            # `usher logs` and `usher replay` read for this entry, so the
            # line stays small (on littlefs the log's inline tail takes it
            # without an erase, usher.device.log); a game that was not kept
            # carries them.
            end["seed"] = self.record["seed"]
            if kept is not None:
                end["play"] = kept
            else:
                end["moves"] = self.record["actions"]
        self.log("end", end)
        gid = self.game_id
        self._clear_game()
        self.policy.request_clean()  # a game ends: a clean refresh (PL-15)
        # The launcher's cursor stays on the game just played.
        launcher = screens.Launcher(self)
        launcher.focus_on(gid)
        self.reset([launcher])
        if problem:
            self.show_message("History", problem)
        # Only when the device asks for it (services["unload_games"]): a test
        # or the simulator may hold the game's classes and compare against
        # them after a game ends, which a fresh import would break.
        if gid is not None and self.services.get("unload_games"):
            unload_game_code(gid)

    # --- leaving a game (PL-21) ----------------------------------------------------
    def progress(self, gid=None, state=None):
        """How far the running game (or gid's game at state) got, in its own
        words ("Act 2 round 3"), from its screens' progress(state); else its
        number of actions."""
        if gid is None:
            gid, state = self.game_id, self.state
        mod = self.game_ui(gid) if gid else None
        fn = getattr(mod, "progress", None) if mod else None
        if fn is not None and state is not None:
            return fn(state)
        return text.plural(len(self.record["actions"]) if self.record else 0, "action")

    def main_menu(self):
        """The launcher alone, the running game kept (PL-21: "Resume" on it)."""
        self.reset([screens.Launcher(self)])

    def abandon_game(self):
        """PL-21: forget the running game without keeping it in the history;
        its record is kept aside (abandoned.json) so the launcher can bring
        it back exactly as it was until another game starts. A record that
        cannot be kept aside (a full or read-only flash) is said; the game
        is abandoned all the same, as asked."""
        self._flush()
        problem = None
        if self.record is not None:
            try:
                storage.save_json(storage.join(self.data_dir, ABANDONED_FILE),
                                  gamefile.packed_json(self.record)[0])
                self.ui["abandoned"] = self.game_id
            except OSError as e:
                self.ui.pop("abandoned", None)
                problem = "It could not be kept to bring back (%s)." % e
        if self.state is not None and self.state.get("phase") == "over":
            self.state = None           # (never kept in the history: abandoned)
        self.end_game()
        if problem:
            self.show_message("Abandon game", problem)

    def bring_back(self):
        """PL-21: the abandoned game becomes the running game again, at the
        same point (its record replayed), and its screen is shown. A file
        that cannot be used is named and nothing else changes."""
        from usher.ui import persist
        path = storage.join(self.data_dir, ABANDONED_FILE)
        rec, eng, state, problem = persist.load_abandoned(path, self.load_engine)
        self._unload("usher.ui.persist")
        if problem:
            self._forget_abandoned()
            self.reset([screens.Launcher(self)])
            self.show_message("Bring back", problem)
            return
        self._flush()
        self.game_file.save(rec)        # the running game again before its screen (PL-8)
        self._load_game(rec, eng, state)
        self._forget_abandoned()
        # docs/log-format.md: a game brought back starts again with its actions.
        self.log("game", {"game": rec["game"], "seed": rec["seed"], "options": rec["options"],
                          "actions": rec["actions"]})
        self.policy.request_clean()
        self.show_game()

    def _forget_abandoned(self):
        if self.ui.pop("abandoned", None) is not None:
            storage.delete(storage.join(self.data_dir, ABANDONED_FILE))

    def make_folders(self):
        """Make the history's folder when it is missing. The device calls
        this while the panel shows the boot's first picture (Runtime): on a
        fresh littlefs a folder costs a 4 KB erase, which the press that
        keeps the first play would otherwise pay (bench/rp2.py). It is made
        once in a device's life; later boots find it (two stats). Raises
        OSError when the filesystem refuses: the first keep tries again and
        names the problem (PL-11)."""
        from usher.ui import playlog
        folder = playlog.folder(self.data_dir)
        self._unload("usher.ui.playlog")
        storage.makedirs(folder)

    def _unload(self, name):
        """Drop a module used once (the seat pickers, the history writer)
        from RAM on the device (services["unload_games"], like a finished
        game's code); a later import loads it again from flash."""
        if self.services.get("unload_games"):
            unload(name)

    # --- events ---------------------------------------------------------------------
    def handle(self, event):
        """One button event -> at most one refresh request (PL-6, PL-7)."""
        kind, b = event[0], event[1]
        if b not in BUTTONS:
            return None
        if self._asleep:
            self._asleep = False
            self.stack[-1].changed()  # take the sleep mark off
        top = self.stack[-1]
        try:
            self._in_press = True
            try:
                if kind == "press":
                    if b in top.long_keys():
                        self._pending = b  # short action on release, long on "long"
                    else:
                        top.button(b)
                elif kind == "repeat":
                    if b in ("UP", "DOWN"):
                        top.repeat(b)
                elif kind == "long":
                    if self._pending == b:
                        self._pending = None
                        top.long(b)
                elif kind == "release":
                    if self._pending == b:
                        self._pending = None
                        top.button(b)
            finally:
                # what the press played is saved before anything is drawn
                self._in_press = False
                self._flush()
            return self._render()
        except Exception as e:  # never crash the device on a UI bug (PL-11)
            return self.error_screen(format_exception(e))

    # --- drawing ----------------------------------------------------------------------
    def _render(self):
        top = self.stack[-1]
        new_screen = top is not self._shown
        if not new_screen and not top.dirty:
            return None
        # PL-15: another screen is a fast update of the whole panel; a dialog
        # opened over a screen, or closed back to it, only its window. A form
        # that played an action closes onto its screen rebuilt for the new
        # state (show_game): the same screen, so only the rows that changed.
        shown = self._shown
        back = shown is not None and shown.over and type(self._shown_below) is type(top)
        whole = new_screen and not top.over and not back
        self._draw(top)
        band = self._sent.changed(self.buf)
        return self.policy.decide(whole, band)

    def _draw(self, top):
        if top.over:
            # The screens under a dialog first, so the window lies over them.
            i = len(self.stack) - 2
            while i > 0 and self.stack[i].over:
                i -= 1
            below = self.stack[i:-1]
            # A window drawn again over the same, unchanged screens: they are
            # still in the canvas above its rows, which its draw covers
            # whole, so only the window is drawn (bench/rp2.py: a press in a form
            # costs the form, not the game screen under it too).
            if self._under is not top or [s for s in below if s.dirty]:
                for s in below:
                    s.draw(self.canvas)
                    s.dirty = False
                self._under = top
        else:
            self._under = None
        top.draw(self.canvas)
        top.dirty = False
        self._shown = top
        self._shown_below = self.stack[-2] if top.over and len(self.stack) > 1 else None

    def rest_refresh(self):
        """The refresh the device starts while the buttons rest (PL-18's 3 s,
        usher.device.runtime): the clean one soon due (PL-15,
        RefreshPolicy.rest_clean) of the picture already shown, or None."""
        return self.policy.rest_clean()

    def rest_work(self):
        """The flash work done while the buttons rest (usher.device.runtime,
        after rest_refresh), off every press's path: the history written
        anew when its oldest lines are due to go (playlog.tidy). Never
        raises: a write that fails is logged and left to the next game's
        end, which writes it the same way."""
        if not self.history_due:
            return
        from usher.ui import playlog
        try:
            playlog.tidy(self.data_dir)
        except Exception as e:  # flash full, ...: the game's end says it
            self.log("error", "history: %s" % e)
        self.history_due = False

    def redraw_full(self):
        """Draw the top screen and ask for a clean refresh (clears ghosting)."""
        self._under = None
        self._draw(self.stack[-1])
        self._sent.changed(self.buf)
        return self.policy.clean_request()

    def sleep_screen(self):
        """Mark the picture as asleep before power-off (PL-9): a banner over the
        title bar; the e-ink keeps it while the board is off."""
        screens.draw_sleep_mark(self.canvas)
        self._under = None  # the mark lies over the title bar of the screen below
        self._asleep = True
        band = self._sent.changed(self.buf)
        return self.policy.decide(False, band)

    def error_screen(self, text):
        self.log("error", text)
        self.stack.append(screens.ErrorScreen(self, text))
        self._asleep = False
        return self.redraw_full()

    def restart(self):
        """What the error screen's Restart does: reload everything from flash."""
        self._pending = None
        self._clear_game()
        # Come back at the launcher: if the crash was in a game screen, resuming
        # straight into it would crash again; "Resume" is one press away.
        self.ui["routes"] = ["launcher"]
        storage.save(self.ui_path, self.ui)
        self._ui_sum = None
        self._load()
        self._shown = None
        self.policy.request_clean()  # like a boot: a clean refresh (PL-15)
