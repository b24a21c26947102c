"""The emulated board's WFI (sim/rp2/board.mjs wfiWakePending): on the
Cortex-M0+ a WFI with an enabled interrupt already pending does not sleep,
PRIMASK or not. rp2040js 1.4.1 sleeps there and wakes only on an interrupt
that becomes pending later, which stopped the CircuitPython image for good
(its idle loop is cpsid; wfi; cpsie, woken by one timer alarm). Real
instructions on rp2040js's core, the board's check on the state they leave.
"""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = r"""
import { RP2040 } from 'rp2040js';
import { wfiWakePending } from './sim/rp2/board.mjs';
const out = [];
for (const c of JSON.parse(process.argv[1])) {
  const mcu = new RP2040();
  const core = mcu.core;
  const prog = [c.primask ? 0xb672 : 0xbf00, c.op, 0xe7fe];   // cpsid i | nop; wfi | wfe; b .
  prog.forEach((h, i) => mcu.writeUint16(0x20000000 + 2 * i, h));
  core.PC = 0x20000000;
  core.enabledInterrupts = c.enabled;
  core.executeInstruction();
  if (c.pending !== null) mcu.setInterrupt(c.pending, true);
  core.executeInstruction();            // the WFI (or, without PRIMASK, the exception entry)
  const taken = core.IPSR !== 0;
  out.push({ taken, waiting: core.waiting, wake: core.waiting ? wfiWakePending(core) : null });
}
process.stdout.write(JSON.stringify(out));
"""

WFI, WFE = 0xBF30, 0xBF20


def run(cases):
    r = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, json.dumps(cases)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def case(op=WFI, primask=True, enabled=1, pending=0):
    return {"op": op, "primask": primask, "enabled": enabled, "pending": pending}


def test_wfi_with_an_interrupt_pending_under_primask_does_not_sleep():
    got = run([case(), case(pending=None), case(enabled=0), case(op=WFE), case(enabled=1 << 5, pending=5)])
    # the timer's IRQ 0 arrived between CPSID and WFI: rp2040js sleeps, the board wakes it
    assert got[0] == {"taken": False, "waiting": True, "wake": True}
    # nothing pending: a real sleep
    assert got[1] == {"taken": False, "waiting": True, "wake": False}
    # pending but not enabled in the NVIC: a real sleep
    assert got[2] == {"taken": False, "waiting": True, "wake": False}
    # WFE is left to rp2040js's event register
    assert got[3] == {"taken": False, "waiting": True, "wake": False}
    # any enabled line (USBCTRL, IRQ 5)
    assert got[4] == {"taken": False, "waiting": True, "wake": True}


def test_without_primask_the_interrupt_is_taken_before_the_wfi():
    got = run([case(primask=False)])
    assert got == [{"taken": True, "waiting": False, "wake": None}]
