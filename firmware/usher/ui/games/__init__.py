# Per-game screens. A game's UI is the module usher/ui/games/<game_id>.py
# (game_id as in usher.games.GAMES); the launcher shows "not built yet" for a
# game without one. The module provides:
#
#   play_screen(app) -> Screen        REQUIRED. The screen for the running
#       game's current state (app.engine, app.record, app.state). Called after
#       a new game starts, on resume after a restart (PL-8), after undo and
#       whenever app.show_game() is called. Decide the screen from app.state
#       alone: that is what makes resume land on the same screen.
#   setup_screen(app) -> Screen       optional. Options before a new game; it
#       ends with app.new_game(game_id, options) (seed: app.new_seed() by
#       default). Without it the game starts with options {}.
#   describe(action) -> str           optional. One line per action for the
#       History screen (usher.ui.history); default: compact JSON.
#
# Inside screens: app.play(action) applies and saves an action (False and a
# message on screen if the engine refuses it); then call app.show_game() (or
# app.replace(...)) to show the next state. app.push(History(app)) gives the
# history with undo; app.end_game() after the final screen forgets the game.
# Widgets to compose: usher.ui.widgets (Menu, NumberEntry, ChoiceEntry,
# MessageBox, Confirm); drawing: usher.ui.text, usher.ui.icons.
