// What the Usher images leave out of MicroPython, shared by both boards'
// mpconfigboard.h. Each switch is one of MicroPython's own config macros
// (py/mpconfig.h or ports/rp2/mpconfigport.h guards it with #ifndef), so
// nothing here edits MicroPython's sources. The firmware imports none of
// these modules (firmware/boards/README.md, "What the image leaves out",
// has the flash each one frees and how to check a newer MicroPython).
#define MICROPY_PY_THREAD                       (0)  // _thread: one core runs
#define MICROPY_PY_MATH_SPECIAL_FUNCTIONS       (0)  // erf, gamma, lgamma
#define MICROPY_PY_CMATH                        (0)
#define MICROPY_PY_BUILTINS_COMPLEX             (0)
// deflate stays: binascii.crc32, which checks every save, is its code.
#define MICROPY_PY_UCTYPES                      (0)
#define MICROPY_PY_RE                           (0)
#define MICROPY_PY_ASYNCIO                      (0)  // the port's frozen asyncio goes too (usher_port_manifest.py)
#define MICROPY_PY_HEAPQ                        (0)
#define MICROPY_PY_PLATFORM                     (0)
#define MICROPY_HW_ENABLE_USB_RUNTIME_DEVICE    (0)  // machine.USBDevice; the REPL's USB serial stays

// The rp2 port's own always-on features, which tools/firmware_image.py
// (PORT_GUARDED) lets a board switch off.
#define MICROPY_PY_HASHLIB_MD5                  (0)
#define MICROPY_PY_HASHLIB_SHA1                 (0)
#define MICROPY_PY_CRYPTOLIB                    (0)
#define MICROPY_PY_MACHINE_I2C_TARGET           (0)
#define MICROPY_PY_MACHINE_I2S                  (0)
#define MICROPY_PY_ONEWIRE                      (0)
#define MICROPY_VFS_FAT                         (0)  // littlefs only; FAT serves USB mass storage, off here
