// The CIRCUITPY drive's sector cache, written back when the drive moves to
// another sector or before a picture, not at every FAT operation's sync
// (PL-8, PL-17; the erases saved: docs/performance.md, CircuitPython per
// session).
//
// CircuitPython keeps one 4 KB sector of the drive in RAM
// (ports/raspberrypi/supervisor/internal_flash.c) and erases and programs it
// when FatFs syncs, which it does at the end of every file close, rename and
// remove, and before any read (it never reads out of its cache). A save on
// FAT is a temp file written in place, its close, and the renames that keep
// the backup (usher.core.storage): 5 sector erases of about 45 ms, four of
// them the same directory sector, each rewritten with one more change. That
// was most of a saving press's compute on the chip.
//
// Here the cache is written back only when:
// - a write goes to another sector (the flash then gets the drive's sectors
//   in the order the filesystem changed them, each sector once per run of
//   changes to it: at every moment the flash holds the drive as it was after
//   one of the filesystem's operations, as before, only fewer of those
//   moments);
// - a picture is about to start (common_hal_epaperdisplay_epaperdisplay_
//   refresh): PL-8 wants the save durable before the screen shows its
//   result; the running game's copy in nvm (usher.device.circuitpython.
//   game_copy) is written before the drive, straight to flash;
// - CircuitPython's own paths flush: a reset, a reload, the drive's unmount,
//   and the drive's timer (every CIRCUITPY_FILESYSTEM_FLUSH_INTERVAL_MS, a
//   second, while the tick runs), which here waits until the drive has had
//   no write for USHER_QUIET_MS: a save's operations are not split by it,
//   and what a press writes after its picture (its log lines) reaches the
//   flash while the panel refreshes.
// Reads of the cached sector come from the cache. A FatFs sync (a close, a
// rename, os.sync()) leaves the sector in the cache and keeps the timer on.
//
// This file is compiled into the board (board.c includes it) and the link
// sends the calls from other files through it (mpconfigboard.mk, -Wl,--wrap).
// CircuitPython's internal_flash.c keeps its flash size and init; its cache
// functions are no longer called, so the linker drops them and their buffer.

#include <string.h>

#include "genhdr/flash_info.h"
#include "hardware/flash.h"
#include "shared-bindings/epaperdisplay/EPaperDisplay.h"
#include "supervisor/flash.h"
#include "supervisor/internal_flash.h"
#include "supervisor/shared/tick.h"

#define USHER_SECTOR_SIZE (4096)
#define USHER_NO_SECTOR (0xffffffff)
#define USHER_QUIET_MS (250)

static uint8_t usher_sector[USHER_SECTOR_SIZE];
static uint32_t usher_sector_offset = USHER_NO_SECTOR;   // of the cached sector in the drive
static bool usher_writing_back = false;                  // a write-back was asked for
static bool usher_holds_tick = false;                    // the drive's timer kept on for it
static uint32_t usher_last_write_ms = 0;

static const uint8_t *usher_drive(uint32_t offset) {
    return (const uint8_t *)(XIP_BASE + CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR + offset);
}

static void usher_write_back(void) {
    if (usher_sector_offset == USHER_NO_SECTOR) {
        return;
    }
    supervisor_flash_pre_write();
    flash_range_erase(CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR + usher_sector_offset, USHER_SECTOR_SIZE);
    flash_range_program(CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR + usher_sector_offset, usher_sector,
        USHER_SECTOR_SIZE);
    supervisor_flash_post_write();
    usher_sector_offset = USHER_NO_SECTOR;
    if (usher_holds_tick) {
        usher_holds_tick = false;
        supervisor_disable_tick();
    }
}

mp_uint_t __wrap_supervisor_flash_read_blocks(uint8_t *dest, uint32_t block, uint32_t num_blocks);
mp_uint_t __wrap_supervisor_flash_read_blocks(uint8_t *dest, uint32_t block, uint32_t num_blocks) {
    for (uint32_t i = 0; i < num_blocks; i++) {
        uint32_t offset = (block + i) * FILESYSTEM_BLOCK_SIZE;
        uint32_t sector = offset / USHER_SECTOR_SIZE * USHER_SECTOR_SIZE;
        const uint8_t *from = sector == usher_sector_offset ?
            usher_sector + (offset - sector) : usher_drive(offset);
        memcpy(dest + i * FILESYSTEM_BLOCK_SIZE, from, FILESYSTEM_BLOCK_SIZE);
    }
    return 0;
}

mp_uint_t __wrap_supervisor_flash_write_blocks(const uint8_t *src, uint32_t lba, uint32_t num_blocks);
mp_uint_t __wrap_supervisor_flash_write_blocks(const uint8_t *src, uint32_t lba, uint32_t num_blocks) {
    for (uint32_t i = 0; i < num_blocks; i++) {
        uint32_t offset = (lba + i) * FILESYSTEM_BLOCK_SIZE;
        uint32_t sector = offset / USHER_SECTOR_SIZE * USHER_SECTOR_SIZE;
        if (sector != usher_sector_offset) {
            usher_write_back();
            memcpy(usher_sector, usher_drive(sector), USHER_SECTOR_SIZE);
            usher_sector_offset = sector;
        }
        memcpy(usher_sector + (offset - sector), src + i * FILESYSTEM_BLOCK_SIZE, FILESYSTEM_BLOCK_SIZE);
    }
    usher_last_write_ms = supervisor_ticks_ms32();
    return 0;
}

// supervisor_flash_flush (supervisor/shared/flash.c) calls this. Reached
// through the wrap below (the drive's timer, a reset, a picture): write the
// sector back. Reached from flash.c's own ioctl (a FatFs sync): keep it, and
// keep the drive's timer on, which supervisor_flash_flush is about to turn
// off, so that the sector reaches the flash within the timer's second.
void __wrap_port_internal_flash_flush(void);
void __wrap_port_internal_flash_flush(void) {
    if (usher_writing_back) {
        usher_write_back();
    } else if (usher_sector_offset != USHER_NO_SECTOR && !usher_holds_tick) {
        usher_holds_tick = true;
        supervisor_enable_tick();
    }
}

// The drive's timer (supervisor/shared/tick.c's background tick): its flush
// waits, still asked for, while the drive is being written.
void __real_filesystem_background(void);
void __wrap_filesystem_background(void);
void __wrap_filesystem_background(void) {
    if (usher_sector_offset != USHER_NO_SECTOR &&
        (uint32_t)(supervisor_ticks_ms32() - usher_last_write_ms) < USHER_QUIET_MS) {
        return;
    }
    __real_filesystem_background();
}

void __real_supervisor_flash_flush(void);
void __wrap_supervisor_flash_flush(void);
void __wrap_supervisor_flash_flush(void) {
    usher_writing_back = true;
    __real_supervisor_flash_flush();
    usher_writing_back = false;
}

bool __real_common_hal_epaperdisplay_epaperdisplay_refresh(epaperdisplay_epaperdisplay_obj_t *self);
bool __wrap_common_hal_epaperdisplay_epaperdisplay_refresh(epaperdisplay_epaperdisplay_obj_t *self);
bool __wrap_common_hal_epaperdisplay_epaperdisplay_refresh(epaperdisplay_epaperdisplay_obj_t *self) {
    __wrap_supervisor_flash_flush();
    return __real_common_hal_epaperdisplay_epaperdisplay_refresh(self);
}
