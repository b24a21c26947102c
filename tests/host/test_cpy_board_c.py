"""The CircuitPython board's C files, compiled on the host against stand-ins
for what CircuitPython 10.2.1 gives them.

The drive cache (firmware/boards/circuitpython/usher_badger2040/
flash_cache.c, PL-8, PL-17), compiled on the host
against a stand-in flash and the paths that call it in CircuitPython 10.2.1:
supervisor/shared/flash.c's ioctl (a FatFs sync calls supervisor_flash_flush
inside flash.c, which the link does not wrap) and the calls from other files
(the drive's timer, a reset, a picture), which go through the wraps.

What a reader of the drive sees must always be what was written; what the
flash holds must always be the drive after some prefix of the writes, each
sector rewritten whole; a sync alone must not write the flash; a picture, the
drive's timer and a sector change must."""
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOARD = ROOT / "firmware" / "boards" / "circuitpython" / "usher_badger2040"


def _run(tmp_path, stubbed, source):
    """Compile source with empty headers for the names in stubbed, run it,
    return its output's lines."""
    for name in stubbed:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    src = tmp_path / "harness.c"
    src.write_text(source)
    exe = tmp_path / "harness"
    subprocess.run(["gcc", "-O1", "-Wall", "-Werror", "-I", str(tmp_path), "-o", str(exe), str(src)],
                   check=True)
    # a loop that never ends (a wait that spins on a stand-in clock) fails
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True,
                          timeout=30).stdout.splitlines()


# Stand-ins for the headers flash_cache.c includes, and for what CircuitPython
# gives it: the flash (erase to 0xFF, program), the tick's enable count, the
# display type, flash.c's supervisor_flash_flush and the real refresh.
HARNESS = r"""
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
typedef unsigned int mp_uint_t;
typedef struct { int dummy; } epaperdisplay_epaperdisplay_obj_t;
#define FILESYSTEM_BLOCK_SIZE (512)
#define CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR (0x100000)
#define DRIVE_BYTES (8 * 4096)
static uint8_t flash[CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR + DRIVE_BYTES];
#define XIP_BASE ((uintptr_t)flash)
static int erases, programs, ticks_on, pictures;
static uint32_t last_erased = 0xffffffff;
void flash_range_erase(uint32_t at, size_t n) { memset(flash + at, 0xff, n); erases++; last_erased = at; }
void flash_range_program(uint32_t at, const uint8_t *d, size_t n) {
    if (at != last_erased) { printf("program without erase\n"); }
    memcpy(flash + at, d, n); programs++;
}
void supervisor_flash_pre_write(void) {}
void supervisor_flash_post_write(void) {}
void supervisor_enable_tick(void) { ticks_on++; }
void supervisor_disable_tick(void) { ticks_on--; }
static uint32_t now_ms = 1000;
uint32_t supervisor_ticks_ms32(void) { return now_ms; }
"""

STUBBED = ("genhdr/flash_info.h", "hardware/flash.h", "shared-bindings/epaperdisplay/EPaperDisplay.h",
           "supervisor/flash.h", "supervisor/internal_flash.h", "supervisor/shared/tick.h")

DRIVER = r"""
// flash.c: supervisor_flash_flush, and its ioctl's SYNC (FatFs) calling it
// unwrapped; with filesystem_dirty's tick as flash.c keeps it.
static bool dirty;
void __real_supervisor_flash_flush(void) {
    __wrap_port_internal_flash_flush();
    if (dirty) { supervisor_disable_tick(); }
    dirty = false;
}
static void fat_sync(void) { __real_supervisor_flash_flush(); }
// filesystem.c's background flush, which the drive's timer asks for
void __real_filesystem_background(void) { __wrap_supervisor_flash_flush(); }
static void drive_write(uint32_t block, uint32_t n, uint8_t value) {
    static uint8_t buf[4 * FILESYSTEM_BLOCK_SIZE];
    memset(buf, value, sizeof(buf));
    if (!dirty) { supervisor_enable_tick(); dirty = true; }
    __wrap_supervisor_flash_write_blocks(buf, block, n);
}
bool __real_common_hal_epaperdisplay_epaperdisplay_refresh(epaperdisplay_epaperdisplay_obj_t *self) {
    pictures++;
    return true;
}
static uint8_t shadow[DRIVE_BYTES];      // what the drive should read
static void shadow_write(uint32_t block, uint32_t n, uint8_t value) {
    memset(shadow + block * FILESYSTEM_BLOCK_SIZE, value, n * FILESYSTEM_BLOCK_SIZE);
    drive_write(block, n, value);
}
static int reads_match(void) {
    static uint8_t buf[FILESYSTEM_BLOCK_SIZE];
    for (uint32_t b = 0; b < DRIVE_BYTES / FILESYSTEM_BLOCK_SIZE; b++) {
        __wrap_supervisor_flash_read_blocks(buf, b, 1);
        if (memcmp(buf, shadow + b * FILESYSTEM_BLOCK_SIZE, FILESYSTEM_BLOCK_SIZE)) { return 0; }
    }
    return 1;
}
static int flash_is_shadow(void) {
    return !memcmp(flash + CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR, shadow, DRIVE_BYTES);
}
int main(void) {
    memset(flash, 0xab, sizeof(flash));
    memset(shadow, 0xab, sizeof(shadow));
    epaperdisplay_epaperdisplay_obj_t display;
    // A save as usher.core.storage writes it on FAT: the directory (sector 0),
    // the file's data (sector 2), then three renames in the directory, each
    // followed by FatFs's sync.
    shadow_write(1, 1, 1); fat_sync();            // rename the backup to the temp file
    shadow_write(17, 2, 2);                       // the data, in place
    shadow_write(1, 1, 3); fat_sync();            // its close: the directory entry
    shadow_write(2, 1, 4); fat_sync();            // rename
    shadow_write(3, 1, 5); fat_sync();            // rename
    printf("save erases %d programs %d reads %d ticks %d\n", erases, programs, reads_match(), ticks_on);
    __wrap_common_hal_epaperdisplay_epaperdisplay_refresh(&display);
    printf("picture erases %d flash %d ticks %d pictures %d\n",
           erases, flash_is_shadow(), ticks_on, pictures);
    // A write spanning two sectors and a sync; the drive's timer waits while
    // the drive was written in the last USHER_QUIET_MS.
    shadow_write(7, 2, 6); fat_sync();
    printf("span erases %d reads %d ticks %d\n", erases, reads_match(), ticks_on);
    now_ms += USHER_QUIET_MS - 1;
    __wrap_filesystem_background();
    printf("busy drive erases %d\n", erases);
    now_ms += 1;
    __wrap_filesystem_background();
    printf("timer erases %d flash %d ticks %d\n", erases, flash_is_shadow(), ticks_on);
    // A reset's flush, with nothing waiting.
    __wrap_supervisor_flash_flush();
    printf("again erases %d\n", erases);
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_pl8_pl17_drive_cache_defers_syncs_keeps_order_and_writes_back_before_a_picture(tmp_path):
    out = _run(tmp_path, STUBBED, HARNESS + (BOARD / "flash_cache.c").read_text() + DRIVER)
    assert out == [
        # Sector 0 written back when the data went to sector 2, sector 2 when
        # the directory came back: the flash follows the order of the writes;
        # the four syncs wrote nothing; reads saw every write; the drive's
        # tick stays on while the sector waits.
        "save erases 2 programs 2 reads 1 ticks 1",
        # A picture writes the waiting sector back first (PL-8), and the tick
        # goes off.
        "picture erases 3 flash 1 ticks 0 pictures 1",
        "span erases 4 reads 1 ticks 1",
        "busy drive erases 4",
        "timer erases 5 flash 1 ticks 0",
        "again erases 5",
    ]


# delay_idle.c: time.sleep's delay. The stand-in clock counts subticks
# (1/32 of a tick of 1/1024 s); the core's WFI jumps to the alarm.
DELAY_HARNESS = r"""
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
typedef unsigned int mp_uint_t;
static uint64_t now_sub = 1000 * 32 + 7;      // part way into a tick
static uint64_t alarm_tick;
static int wakes, background, interrupted_after = -1;
uint64_t port_get_raw_ticks(uint8_t *subticks) {
    if (subticks) { *subticks = now_sub & 31; }
    return now_sub >> 5;
}
void port_interrupt_after_ticks(uint32_t ticks) { alarm_tick = (now_sub >> 5) + ticks; }
void port_idle_until_interrupt(void) { wakes++; now_sub = alarm_tick << 5; }
bool mp_hal_is_interrupted(void) { return interrupted_after >= 0 && wakes >= interrupted_after; }
#define RUN_BACKGROUND_TASKS (background++)
"""

DELAY_DRIVER = r"""
static void delay(mp_uint_t ms) {
    uint64_t t0 = now_sub;
    wakes = background = 0;
    __wrap_mp_hal_delay_ms(ms);
    // slept, in subticks, against what was asked
    printf("%u ms: slept %d asked %d wakes %d background %d\n", ms, (int)(now_sub - t0),
           (int)(ms * 32768 / 1000), wakes, background);
}
int main(void) {
    delay(0);
    delay(10);
    delay(20);
    interrupted_after = 0;
    delay(20);
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_delay_sleeps_to_the_tick_after_its_end_without_spinning(tmp_path):
    out = _run(tmp_path, ("py/mphal.h", "shared/runtime/interrupt_char.h", "supervisor/port.h"),
               DELAY_HARNESS + (BOARD / "delay_idle.c").read_text() + DELAY_DRIVER)
    assert out == [
        # a delay of 0 returns at once (EPaperDisplay's start sequence)
        "0 ms: slept 0 asked 0 wakes 0 background 0",
        # at least the delay, less than a tick (32 subticks) more, one WFI and
        # the background tasks before it and after it: no spin
        "10 ms: slept 345 asked 327 wakes 1 background 2",     # to tick 1011: 32,352 - 32,007
        "20 ms: slept 672 asked 655 wakes 1 background 2",     # to tick 1032: 33,024 - 32,352
        # an interrupt (Ctrl-C, a reload) ends it
        "20 ms: slept 0 asked 655 wakes 0 background 0",
    ]
