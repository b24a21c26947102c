# A RAM flash with the RP2040's geometry as rp2's _boot.py mounts it (352
# blocks of 4096 bytes) for littlefs on MicroPython's unix port, counting
# block erases, page programs and the bytes programmed: the block device of
# bench/workloads/flash_ops.py and history_erases.py.
BLOCK = 4096
BLOCKS = 352


class CountingBlocks:
    def __init__(self):
        self.data = bytearray(b"\xff" * (BLOCK * BLOCKS))
        self.erases = 0
        self.programs = 0
        self.bytes = 0

    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        a = n * BLOCK + off
        self.data[a:a + len(buf)] = buf
        self.programs += 1
        self.bytes += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:
            self.erases += 1
            a = arg * BLOCK
            self.data[a:a + BLOCK] = b"\xff" * BLOCK
        return 0
