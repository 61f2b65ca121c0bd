// A PIO state machine's steady loop, skipped in one step.  The pad timer
// (firmware hal/rp2/pads_pio.py) samples the pads every 0.5 us for ever: 16
// million PIO instructions a second emulated, each `in pins` a walk of the
// 30 GPIOs, and a machine that never stalls, so an idle CPU could not skip
// its waits either.  Stepped one by one it cost a third of the emulator's
// time in a game.  While the pins stay as they are, though, one pass of its
// loop is the next one but for a counter: here such a pass is found and k
// passes are done at once, exactly (the same registers, cycle for cycle, as
// k passes stepped one by one).
//
// steadyPass(sm, pins) follows one pass from the wrap target back to it on a
// shadow of the registers, each tagged with what it is at the pass's end:
// a value made within the pass (from pins, null, SET, IN), or a register of
// the pass's start plus a constant (a copy, JMP X-- / Y--).  The pass is
// steady when
//   - it has only JMP, MOV, IN and SET among X, Y, ISR, OSR, pins and null
//     (no FIFO, IRQ, WAIT, pin output, side-set, EXEC, STATUS: nothing the
//     CPU, the DMA or a pin could see, nothing that waits);
//   - each register ends as a value made within the pass that equals its
//     value at the start (so the next pass starts the same), or as itself
//     plus a constant;
//   - every branch taken on a register that moves from pass to pass goes
//     to the next instruction anyway (JMP X-- n; n: ...), and every other
//     branch reads only values that are the same in every pass.
// Then pass k+1 does what pass 1 did, and k passes add k times each
// constant.  The pins are read once: the caller skips only while they
// cannot change (within one step of the run loop, nothing drives them).
const REGS = ['x', 'y', 'inputShiftReg', 'outputShiftReg'];
const SRC = { 1: 0, 2: 1, 6: 2, 7: 3 };     // MOV/IN source -> REGS index
const MOV_DST = { 1: 0, 2: 1, 6: 2, 7: 3 };
const AUTOPUSH = 1 << 16;
const MAX_PASS = 32;                          // instructions in one pass, at most

export function steadyPass(sm, pins) {
  if (sm.waiting || sm.execValid || sm.pc !== sm.wrapBottom) return null;
  if (sm.shiftCtrl & AUTOPUSH) return null;
  if (sm.sidesetCount) return null;           // (side-set bits: pin writes)
  const prog = sm.pio.instructions;
  const start = REGS.map((r) => sm[r] >>> 0);
  const val = start.slice();
  const base = [0, 1, 2, 3];                  // -1: made within the pass
  const off = [0, 0, 0, 0];
  let isc = sm.inputShiftCount;
  let iscMade = false;                        // (the counters: made, or left alone)
  let oscMade = false;
  const reads = new Set();                    // pass-start registers a branch read
  let pc = sm.pc;
  let cycles = 0;
  const src = (s) => {
    if (s === 0) return [pins >>> 0, -1, 0];
    if (s === 3) return [0, -1, 0];
    const i = SRC[s];
    if (i === undefined) return null;         // STATUS, reserved
    return [val[i], base[i], off[i]];
  };
  for (let n = 0; n < MAX_PASS; n++) {
    const op = prog[pc];
    const arg = op & 0xff;
    let next = pc === sm.wrapTop ? sm.wrapBottom : (pc + 1) & 0x1f;
    switch (op >>> 13) {
      case 0b000: {                           // JMP
        const cond = arg >> 5;
        const target = arg & 0x1f;
        let taken;
        let dep = [];
        if (cond === 0) taken = true;
        else if (cond === 1 || cond === 2) { taken = cond === 1 ? val[0] === 0 : val[0] !== 0; dep = [0]; }
        else if (cond === 3 || cond === 4) { taken = cond === 3 ? val[1] === 0 : val[1] !== 0; dep = [1]; }
        else if (cond === 5) { taken = val[0] !== val[1]; dep = [0, 1]; }
        else return null;                     // PIN, !OSRE
        if (cond === 2 || cond === 4) {
          const i = cond === 2 ? 0 : 1;
          val[i] = (val[i] - 1) >>> 0;
          off[i] -= 1;
        }
        if (target !== next) for (const i of dep) if (base[i] >= 0) reads.add(base[i]);
        if (taken) next = target;
        break;
      }
      case 0b010: {                           // IN
        const s = src(arg >> 5);
        if (!s || base[2] >= 0 || s[1] >= 0 || !iscMade) return null;
        const bits = arg & 0x1f;
        if (bits === 0) { val[2] = s[0]; isc = 32; }
        else {
          const v = s[0] & ((1 << bits) - 1);
          val[2] = (sm.shiftCtrl & (1 << 18)) ? ((val[2] >>> bits) | (v << (32 - bits))) >>> 0
            : ((val[2] << bits) | v) >>> 0;
          isc = Math.min(32, isc + bits);
        }
        break;
      }
      case 0b101: {                           // MOV
        const dst = MOV_DST[(arg >> 5) & 7];
        const how = (arg >> 3) & 3;
        const s = src(arg & 7);
        if (dst === undefined || !s || how > 1) return null;
        if (how === 1 && s[1] >= 0) return null;   // ~ of a moving value: not a constant step
        val[dst] = how === 1 ? (~s[0]) >>> 0 : s[0];
        base[dst] = s[1];
        off[dst] = s[2];
        if (dst === 2) { isc = 0; iscMade = true; }
        if (dst === 3) oscMade = true;
        break;
      }
      case 0b111: {                           // SET
        const dst = arg >> 5;
        if (dst !== 1 && dst !== 2) return null;
        val[dst - 1] = arg & 0x1f;
        base[dst - 1] = -1;
        off[dst - 1] = 0;
        break;
      }
      default:
        return null;                          // WAIT, OUT, PUSH/PULL, IRQ
    }
    cycles += 1 + ((op >> 8) & 0x1f);
    pc = next;
    if (pc === sm.wrapBottom) return ended(sm, start, val, base, off, reads, cycles, iscMade, isc, oscMade);
  }
  return null;
}

// The pass's end: each register either made within the pass (and then the
// same as at its start), or its own start plus a constant, or another
// register's start plus a constant when its own start is never read in the
// pass (the pad loop's X: a copy of OSR - 1, overwritten before it is read).
function ended(sm, start, val, base, off, reads, cycles, iscMade, isc, oscMade) {
  for (let i = 0; i < 4; i++) {
    const j = base[i];
    if (j < 0) {
      if (val[i] !== start[i]) return null;       // not yet the same pass
    } else if (j !== i) {
      if (base[j] !== j || reads.has(i) || base.includes(i)) return null;
    }
    if (j >= 0 && off[j] !== 0 && reads.has(j)) return null;   // a branch on a moving value
  }
  if (iscMade && isc !== sm.inputShiftCount) return null;
  if (oscMade && sm.outputShiftCount !== 0) return null;
  return { cycles, base: base.slice(), off: off.slice() };
}

const M = 4294967296;
const wrap32 = (v) => ((v % M) + M) % M;

/** Do k (>= 1) passes of a steady pass at once. */
export function skipPasses(sm, pass, k) {
  const start = REGS.map((r) => sm[r] >>> 0);
  for (let i = 0; i < 4; i++) {
    const j = pass.base[i];
    if (j < 0) continue;                             // the same every pass
    if (j === i) sm[REGS[i]] = wrap32(start[i] + pass.off[i] * k);
    else sm[REGS[i]] = wrap32(start[j] + pass.off[j] * (k - 1) + pass.off[i]);
  }
  sm.cycles += k * pass.cycles;
}
