"""What the two image builds share (tools/firmware_image.py for MicroPython,
tools/circuitpython_image.py for CircuitPython): the build error, printing,
running a command, hashing a tarball and the job count."""
import hashlib
import os
import subprocess
import sys


class BuildError(Exception):
    pass


def say(text):
    print(text)
    sys.stdout.flush()


def run(cmd, cwd=None, env=None):
    say("$ " + " ".join(cmd))
    p = subprocess.run(cmd, cwd=cwd, env=env)
    if p.returncode:
        raise BuildError("command failed (exit %d): %s" % (p.returncode, " ".join(cmd)))


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def jobs():
    return str(os.environ.get("USHER_JOBS") or os.cpu_count() or 2)
