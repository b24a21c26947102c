# Core workload: 10,000 shuffles of a 54-card deck with the shared PRNG, and
# a save/load cycle of a record with 300 actions through atomic storage.
import heap_probe
from usher.core import rng, storage

heap_probe.sample()
st = rng.new_state(1)
deck = list(range(54))
for i in range(10000):
    rng.shuffle(st, deck)
    if i % 1000 == 0:
        heap_probe.sample()

record = {"game": "takeaseat", "options": {}, "seed": 1,
          "actions": [{"type": "scratch", "cell": [i % 5, i % 4]} for i in range(300)]}
heap_probe.sample()
try:
    import os
    os.mkdir("/tmp")
except OSError:
    pass
path = "/tmp/usher-bench-core.json"
storage.save(path, record)
storage.save(path, record)
heap_probe.sample()
loaded, source = storage.load(path)
assert loaded == record and source == "main"
heap_probe.sample()
storage.delete(path)
heap_probe.report("core")
