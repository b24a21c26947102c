# Scripted button sessions of theatre's screens, from a fresh start (no saved
# game): (name, script) pairs in ui_sessions.py's script syntax. They join the
# pixel-identity test (every frame equal on CPython, unix port, WebAssembly)
# and the UI bench.
#
# theatre_game: 2 players (decks 6 and 5), a whole game: a Gamble with a
#   draw and reveal, a Sap removing a Boost, a tie, a Finisher, the Act 2
#   draws eliminating both and the winner, History, Finish (the flow of
#   test_ui_theatre.test_whole_game_to_the_winner_th9_th10_th11_th12).
# theatre_edit: 3 players, a refused deck size, a cancelled card form, undo
#   through History, a restart, two Gamble decisions and a reveal.
GAME = ("DOWN,C,B,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,B,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,"
        "DOWN,DOWN,DOWN,DOWN,DOWN,C,C,C,C,UP,B,B,B,C,C,DOWN,B,B,B,UP,UP,UP,UP,UP,UP,C,C,C,UP,UP,UP,B,B,"
        "B,C,C,C,UP,UP,B,B,B,UP,C,C,B,B,B,UP,UP,B,UP,C,C,C,UP,B,B,B,C,C,UP,B,B,B,C,C,C,DOWN,DOWN,B,B,B,"
        "C,C,UP,UP,B,B,B,UP,UP,UP,UP,UP,C,C,C,UP,UP,UP,UP,B,B,B,C,C,DOWN,DOWN,B,B,B,C,C,C,A,A,C")
EDIT = ("DOWN,C,UP,B,DOWN*5,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,C,C,UP,C,C,C,C,UP,"
        "UP,UP,B,B,UP,UP,B,UP,C,C,DOWN,B,UP,UP,UP,B,UP,UP,B,UP,UP,C,C,UP,DOWN,A,A,DOWN,B~,A,restart,C,"
        "UP,B,B,B,UP,UP,UP,UP,UP,UP,C,C,UP,UP,B,B,UP,UP,UP,UP,UP,UP,B,UP,UP,UP,UP,UP,UP,C,B,C,C,UP*3,"
        "B,B,B,UP,UP,UP,C,C")
# theatre_house: solo against the House (Hard, TH-15..TH-17), a whole game
#   with the card form's default card each time (C opens it, C plays), its
#   end, History and Finish: the House's replies are made inside the presses.
HOUSE = "DOWN,C,DOWN,B,UP,C" + ",C" * 69 + ",A,A,C"
SESSIONS = (("theatre_game", GAME), ("theatre_edit", EDIT), ("theatre_house", HOUSE))
