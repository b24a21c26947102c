"""Usher simulator entry point: `python -m sim` (what `make sim` runs)."""
import sys

from sim.main import main

sys.exit(main(sys.argv[1:]))
