"""README screenshots and golden images of seatwars's screens: (name, script)
pairs played from a fresh start by sim/shots.py."""
SHOTS = ()
