// The emulated Badger 2040 running CircuitPython (sim/rp2/board.mjs plus
// what CircuitPython needs; sim/rp2/circuitpython.py drives it).
//
// - BOOTSEL. CircuitPython senses the BOOTSEL button through the QSPI
//   chip-select pad (the button pulls it low). rp2040js resets that pad with
//   its input disabled, so the pin reads low and the firmware believes
//   BOOTSEL is held and waits forever: at every power-on the pad's input is
//   enabled and driven high (released).
// - The CIRCUITPY drive. A FAT image (made from a folder by
//   sim/rp2/circuitpython.py with mkfs.fat and mcopy) at flash offset
//   0x100000, 1 MB: CircuitPython's internal-flash drive on a 2 MB chip
//   (flash size minus the 1 MB before it). Its writes go through pico-sdk's
//   flash_range_erase/flash_range_program, which call the bootrom routines
//   that Board hooks, so they change the flash array and last across resets
//   (Board.saveFlash at every restart).
// - The console. The e-ink terminal is a console of its own: until USB is
//   up (about 2.2 s of chip time) the output goes only to the panel. The USB
//   CDC serial is attached (the host model of rp2040js); the text that
//   arrives is kept in `console`, and the steps below wait for text, type
//   into the REPL and run code through the raw REPL (Ctrl-A, code, Ctrl-D),
//   which CircuitPython keeps from MicroPython.
//
// Steps for sim/rp2/run.mjs (job.circuitpython = true), handled by step():
//   {"console_until": TEXT, "limit_ms": N, "send": S, "every_ms": M}
//        run until TEXT arrives on the serial console after this step
//        began (sending S every M ms of chip time while it has not, e.g. a
//        carriage return to leave "Press any key to enter the REPL")
//   {"send": S}        queue S for the serial console (sent as fast as the
//                      CDC FIFO takes it), and run until it is gone
//   {"raw_exec": CODE, "limit_ms": N}  run CODE in the raw REPL: the entry
//                      gets "stdout" and "stderr"; from the normal REPL
//   {"dump_drive": PATH}  write the drive region of the flash to PATH
//   {"power_on": {"hold": [...], "run_ms": N, "console_until": TEXT,
//                 "send": S, "every_ms": M, "limit_ms": N}}
//        power on (or reset, keeping the flash) and run N ms, or until TEXT
//        arrives as in console_until; the entry gets "boot_ms", the chip
//        time since the reset
// Every step's entry also gets "console": the serial text of that step.
import fs from 'node:fs';
import { Board } from './board.mjs';

const MS = 1e6;
export const DRIVE_OFFSET = 0x100000;
export const DRIVE_BYTES = 0x100000;
const QSPI_SS = 1;          // mcu.qspi: SCLK, SS, SD0..SD3
const PAD_IE = 0x40;        // PADS_QSPI GPIO_QSPI_SS: input enable

export class CircuitPythonBoard extends Board {
  constructor(opts) {
    super({ ...opts, usb: opts.usb !== false });
    if (opts.drive) {
      if (opts.drive.length > DRIVE_BYTES) throw new Error(`drive image of ${opts.drive.length} bytes, at most ${DRIVE_BYTES}`);
      if (!opts.flash) this.flash.set(opts.drive, DRIVE_OFFSET);
    }
    this.serialIn = [];
    this.usbConnectedNs = null;
  }

  boot(opts = {}) {
    super.boot(opts);
    const ss = this.mcu.qspi[QSPI_SS];
    ss.padValue |= PAD_IE;
    ss.setInputValue(true);
    this.usbConnectedNs = null;
    this.serialIn = [];
    if (this.cdc) {
      this.cdc.onDeviceConnected = () => {
        this.usbConnectedNs = this.nanos;
      };
    }
  }

  // Feed queued console input into the CDC FIFO (called from the run loop's
  // stop check, every 0.1 ms of chip time).
  pump() {
    const cdc = this.cdc;
    if (!cdc || this.usbConnectedNs === null) return;
    while (this.serialIn.length && !cdc.txFIFO.full) cdc.sendSerialByte(this.serialIn.shift());
  }

  send(text) {
    for (const ch of Buffer.from(text, 'latin1')) this.serialIn.push(ch);
  }

  // Run until test(console text since `from`) or limitMs of chip time.
  runUntil(from, test, limitMs, every = null) {
    let nextSend = this.nanos;
    const r = this.run(this.nanos + limitMs * MS, () => {
      if (every && this.nanos >= nextSend && this.usbConnectedNs !== null && !this.serialIn.length) {
        this.send(every.text);
        nextSend = this.nanos + every.ms * MS;
      }
      this.pump();
      return test(this.console.slice(from));
    });
    return r;
  }

  // The steps above; returns the result word, or undefined for a step that
  // is not one of them.
  step(s, out) {
    const from = this.console.length;
    let result;
    if (s.power_on !== undefined) {
      const p = s.power_on;
      if (this.mcu) this.saveFlash();
      this.console = '';            // this boot's serial text only
      this.boot({ hold: p.hold || [] });
      if (p.console_until !== undefined) {
        const every = p.send ? { text: p.send, ms: p.every_ms || 200 } : null;
        result = this.runUntil(0, (t) => t.includes(p.console_until), p.limit_ms || 20000, every);
        result = result === 'stop' ? 'found' : result;
      } else {
        result = this.run(this.nanos + (p.run_ms || 0) * MS);
      }
      out.boot_ms = this.nanos / MS;
      out.console = this.console;
      out.usb_connected_ms = this.usbConnectedNs === null ? null : this.usbConnectedNs / MS;
      return result;
    }
    if (s.console_until !== undefined) {
      const every = s.send ? { text: s.send, ms: s.every_ms || 200 } : null;
      result = this.runUntil(from, (t) => t.includes(s.console_until), s.limit_ms || 10000, every);
      result = result === 'stop' ? 'found' : result;
    } else if (s.send !== undefined) {
      this.send(s.send);
      result = this.runUntil(from, () => this.serialIn.length === 0, s.limit_ms || 5000);
      result = result === 'stop' ? 'sent' : result;
    } else if (s.raw_exec !== undefined) {
      result = this.rawExec(s.raw_exec, s.limit_ms || 20000, out);
    } else if (s.dump_drive !== undefined) {
      if (this.powered && this.mcu) this.flash.set(this.flashView.subarray(0, this.flash.length));
      fs.writeFileSync(s.dump_drive, this.flash.slice(DRIVE_OFFSET, DRIVE_OFFSET + DRIVE_BYTES));
      result = 'dumped';
    } else {
      return undefined;
    }
    out.console = this.console.slice(from);
    out.usb_connected_ms = this.usbConnectedNs === null ? null : this.usbConnectedNs / MS;
    return result;
  }

  // The raw REPL: Ctrl-A gives "raw REPL; CTRL-B to exit\r\n>", the code and
  // Ctrl-D give "OK", the output, \x04, the error output, \x04 and ">";
  // Ctrl-B goes back to the normal REPL.
  rawExec(code, limitMs, out) {
    let from = this.console.length;
    this.send('\r\x01');
    let r = this.runUntil(from, (t) => t.includes('raw REPL; CTRL-B to exit\r\n>'), 5000);
    if (r !== 'stop') return 'no raw REPL';
    from = this.console.length;
    this.send(code.replace(/\r?\n/g, '\r\n') + '\x04');
    r = this.runUntil(from, (t) => /OK[^]*\x04[^]*\x04>$/.test(t), limitMs);
    const text = this.console.slice(from);
    const m = /OK([^]*?)\x04([^]*?)\x04>$/.exec(text);
    if (m) {
      out.stdout = m[1].replace(/\r\n/g, '\n');
      out.stderr = m[2].replace(/\r\n/g, '\n');
    }
    const back = this.console.length;
    this.send('\x02');
    this.runUntil(back, (t) => t.includes('>>> '), 5000);
    if (r !== 'stop') return r === 'time' ? 'timeout' : r;
    return out.stderr ? 'error' : 'ok';
  }
}
