"""Usher host tools: the owner's desktop companion to the device (PL-12).

One command line, `usher`, with subcommands (see cli.py); the virtual device
(PL-13) that stands in for the board in the tests lives in vdev/.
"""
