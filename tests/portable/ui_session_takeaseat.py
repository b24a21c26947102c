# Scripted button sessions of takeaseat's screens, from a fresh start (no saved
# game): (name, script) pairs in ui_sessions.py's script syntax. They join the
# pixel-identity test (every frame equal on CPython, unix port, WebAssembly)
# and the UI bench.
SESSIONS = ()
