"""Files on the board over the raw REPL, verified by SHA-256 on both ends.

Writes go to NAME.part, are hashed on the device, and only then renamed over
NAME: a cut cable leaves the old file whole (and maybe a stray .part), never
a mix. Reads come back as base64 with the device's hash of the file, checked
on the host.
"""
import base64
import hashlib

from usher_host.errors import HostError

CHUNK = 2048  # raw bytes per write call (raw-paste flow control does the rest)

HELPERS = r"""
import os, hashlib, binascii
def _u_hash(p):
    h = hashlib.sha256()
    b = bytearray(1024)
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            h.update(memoryview(b)[:n])
    return binascii.hexlify(h.digest()).decode()
def _u_size(p):
    try:
        return os.stat(p)[6]
    except OSError:
        return -1
def _u_isdir(p):
    try:
        return os.stat(p)[0] & 0x4000 != 0
    except OSError:
        return False
def _u_mkdirs(p):
    d = ''
    for part in p.split('/')[:-1]:
        if not part:
            continue
        d = d + '/' + part
        if not _u_isdir(d):
            os.mkdir(d)
def _u_open(p):
    global _u_f
    _u_mkdirs(p)
    _u_f = open(p + '.part', 'wb')
def _u_w(s):
    _u_f.write(binascii.a2b_base64(s))
def _u_commit(p, want):
    _u_f.close()
    got = _u_hash(p + '.part')
    if got != want:
        os.remove(p + '.part')
        print('BAD ' + got)
        return
    try:
        os.rename(p + '.part', p)
    except OSError:
        # FAT cannot rename onto an existing file; littlefs and the host can.
        os.remove(p)
        os.rename(p + '.part', p)
    print('OK')
def _u_read(p):
    b = bytearray(768)
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            print(binascii.b2a_base64(memoryview(b)[:n]).decode().strip())
    print('#' + _u_hash(p))
def _u_rm(p):
    try:
        os.remove(p)
    except OSError:
        pass
def _u_walk(d, out):
    for e in os.ilistdir(d if d else '/'):
        q = d + '/' + e[0]
        if e[1] & 0x4000:
            _u_walk(q, out)
        else:
            out.append(q)
    return out
"""


def install(link):
    """Define the helper functions in the device's REPL namespace (once per
    connection)."""
    if not getattr(link, "_usher_helpers", False):
        link.run(HELPERS)
        link._usher_helpers = True


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def write_file(link, path, data, on_chunk=None):
    """Write bytes to path on the device atomically, verified by hash."""
    install(link)
    link.run("_u_open(%r)" % path)
    for i in range(0, len(data), CHUNK):
        link.run("_u_w(%r)" % base64.b64encode(data[i:i + CHUNK]).decode())
        if on_chunk:
            on_chunk(min(i + CHUNK, len(data)), len(data))
    reply = link.run("_u_commit(%r, %r)" % (path, sha256(data))).strip()
    if reply != "OK":
        raise HostError("%s arrived damaged on the device (%s); the old file is kept. "
                        "Check the cable and run the command again." % (path, reply))


def read_file(link, path):
    """The bytes of path on the device, or None when it does not exist;
    HostError if the copy does not match the device's hash."""
    install(link)
    if link.value("_u_size(%r)" % path) < 0:
        return None
    out = link.run("_u_read(%r)" % path)
    lines = out.split()
    if not lines or not lines[-1].startswith("#"):
        raise HostError("Reading %s from the device was cut short; run the command again." % path)
    data = b"".join(base64.b64decode(x) for x in lines[:-1])
    if sha256(data) != lines[-1][1:]:
        raise HostError("%s changed on its way from the device (hash mismatch); run the command again."
                        % path)
    return data


def remove(link, path):
    install(link)
    link.run("_u_rm(%r)" % path)


def walk(link, folder):
    """Every file path under folder on the device ([] when it is missing)."""
    install(link)
    if not link.value("_u_isdir(%r)" % folder):
        return []
    return sorted(link.value("_u_walk(%r, [])" % folder.rstrip("/")))


def hashes(link, paths):
    """{path: sha256 hex or None when missing} computed on the device."""
    install(link)
    code = "print(repr([(_u_hash(p) if _u_size(p) >= 0 else None) for p in %r]))" % (list(paths),)
    out = link.run(code).strip()
    import ast
    return dict(zip(paths, ast.literal_eval(out)))


def sizes(link, paths):
    install(link)
    return dict(zip(paths, link.value("[_u_size(p) for p in %r]" % (list(paths),))))
