# Core workload: 10,000 shuffles of a 54-card deck with the shared PRNG, and
# save/load cycles of a 300-action record through atomic storage.
from usher.core import rng, storage

PATH = "/tmp/usher-bench-core.json"


class Workload:
    def __init__(self):
        self.st = rng.new_state(1)
        self.deck = list(range(54))
        self.n = 0
        self.record = {"game": "takeaseat", "options": {}, "seed": 1,
                       "actions": [{"type": "reserve", "area": "press", "cells": [[i % 5, i % 4]]}
                                   for i in range(300)]}
        try:
            import os
            os.mkdir("/tmp")
        except OSError:
            pass

    def step(self):
        """1,000 shuffles per step for 10 steps, then 3 save/load steps."""
        self.n += 1
        if self.n <= 10:
            for _ in range(1000):
                rng.shuffle(self.st, self.deck)
            return True
        if self.n <= 13:
            storage.save(PATH, self.record)
            loaded, source = storage.load(PATH)
            assert loaded == self.record and source == "main"
            return True
        storage.delete(PATH)
        return False
