# The PIO's steady loops skipped in one step (tools/pico/lib/pio_pass.mjs)
# leave a state machine exactly where stepping every instruction leaves it:
# the firmware's pad timer program (hal/rp2/pads_pio.py, 4 pads) run on two
# emulated PIOs side by side, one stepped instruction by instruction, the
# other with its passes skipped, through steps of every length and pad
# edges between them; registers, shift counters, PC, cycle count, RX FIFO
# and IRQ flags compared after every step.  No firmware, no bootrom: a
# second or two.
import json
import os
import subprocess

import pytest

from tools.pico import pico as P

# hal/rp2/pads_pio.py's program for 4 pins as the firmware loads it (at 14:
# the WS2812's is below it), read from the emulated PIO's memory
PAD_PROGRAM = [0xa0e3, 0xa04b, 0xa0c3, 0x4004, 0xa026, 0x00b7, 0xa027, 0x0056, 0xa1e1,
               0xa041, 0x40fa, 0x8000, 0xc010, 0xa027, 0x005d, 0x005e, 0xa0e1, 0x0310]

SCRIPT = r"""
import { RP2040 } from 'rp2040js';
import { PioClock } from %(pio)s;
const [prog, plan] = %(args)s;
function board(steady) {
  const mcu = new RP2040();
  const clock = new PioClock({ mcu, clock: mcu.clock }, () => {}, { steady });
  const pio = mcu.pio[1];
  prog.forEach((op, i) => { pio.instructions[14 + i] = op; });
  const sm = pio.machines[0];
  sm.execCtrl = (sm.execCtrl & ~((0x1f << 12) | (0x1f << 7))) | (22 << 12) | (16 << 7);
  sm.pinCtrl = (sm.pinCtrl & ~((0x1f << 15) | (7 << 29))) | (2 << 15);   // in_base GP2
  sm.shiftCtrl &= ~((1 << 18) | (1 << 16));                              // shift left, no autopush
  sm.clockDivInt = 8;                                                   // 16 MHz at 125 MHz, near enough
  sm.pc = 14;
  sm.enabled = true;
  for (let g = 2; g < 6; g++) { mcu.gpio[g].padValue |= 0x40; mcu.gpio[g].setInputValue(true); }
  return { mcu, clock, pio, sm };
}
const look = ({ pio, sm }) => [sm.x >>> 0, sm.y >>> 0, sm.inputShiftReg >>> 0, sm.outputShiftReg >>> 0,
  sm.inputShiftCount, sm.outputShiftCount, sm.pc, sm.cycles, sm.rxFIFO.itemCount, pio.irq,
  sm.rxFIFO.itemCount ? sm.rxFIFO.peek() >>> 0 : -1];
const a = board(false);
const b = board(true);
let t = 0;
let skipped = 0;
const out = { steps: 0, words: 0, differ: null };
for (const [dt, pins, drain] of plan) {
  for (const x of [a, b]) {
    for (let g = 0; g < 4; g++) x.mcu.gpio[2 + g].setInputValue(!!(pins & (1 << g)));
    x.clock.unsteady();
  }
  t += dt;
  a.clock.step(t);
  const before = b.sm.cycles;
  b.clock.step(t);
  if (b.sm.steady) skipped++;
  out.steps++;
  const la = look(a);
  const lb = look(b);
  if (JSON.stringify(la) !== JSON.stringify(lb)) { out.differ = { t, a: la, b: lb }; break; }
  if (drain) for (const x of [a, b]) while (x.sm.rxFIFO.itemCount) { x.sm.rxFIFO.pull(); if (x === a) out.words++; }
}
out.skipped = skipped;
console.log(JSON.stringify(out));
"""


def plan():
    """(ns to run, pad levels, drain the RX FIFO) steps: short and long,
    the pins changing now and then."""
    import random
    rnd = random.Random(26)
    out, pins = [], 0xF
    for i in range(400):
        dt = rnd.choice([3, 8, 40, 64, 500, 20000, 250000, 4000000])
        if rnd.random() < 0.3:
            pins ^= 1 << rnd.randrange(4)
        out.append((dt, pins, rnd.random() < 0.5))
    return out


def test_pio_steady_passes_skipped_as_if_stepped():
    if not P.node_ready():
        pytest.skip("node / rp2040js not installed (make pico-deps)")
    script = SCRIPT % {"pio": json.dumps("file://" + os.path.join(P.HERE, "lib", "pio.mjs")),
                       "args": json.dumps([PAD_PROGRAM, plan()])}
    r = subprocess.run(["node", "--input-type=module", "-e", script], cwd=P.HERE,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert res["differ"] is None, res
    assert res["steps"] == 400
    # the check means something: edges were pushed, and most long steps skipped
    assert res["words"] > 50, res
    assert res["skipped"] > 100, res
