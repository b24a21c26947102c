# sim/rp2/fsimage.py's RAM flash with the RP2040's geometry as rp2's
# _boot.py mounts it (352 blocks of 4096 bytes), for littlefs on
# MicroPython's unix port, counting block erases, page programs and the bytes
# programmed: the block device of bench/workloads/flash_ops.py and
# history_erases.py (their MICROPYPATH has sim/rp2).
from fsimage import BLOCK, BLOCKS, RAMBlocks


class CountingBlocks(RAMBlocks):
    def __init__(self):
        super().__init__(bytearray(b"\xff" * (BLOCK * BLOCKS)))
        self.erases = 0
        self.programs = 0
        self.bytes = 0

    def writeblocks(self, n, buf, off=None):
        super().writeblocks(n, buf, off)   # a whole block's erase goes through ioctl
        self.programs += 1
        self.bytes += len(buf)

    def ioctl(self, op, arg):
        if op == 6:
            self.erases += 1
        return super().ioctl(op, arg)
