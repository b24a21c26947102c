"""README screenshots and golden images of takeaseat's screens: (name, script)
pairs played from a fresh start by sim/shots.py."""
SHOTS = ()
