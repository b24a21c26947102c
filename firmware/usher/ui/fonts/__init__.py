# Generated bitmap fonts (tools/make_fonts.py): small, body, big.
