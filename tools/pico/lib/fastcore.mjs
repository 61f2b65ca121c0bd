// A faster instruction step for rp2040js's Cortex-M0+ core, installed over
// core.executeInstruction at power-on (Machine, config.fastCore !== false).
//
// rp2040js decodes every 16-bit Thumb opcode with a long if/else chain each
// time it runs it (half of a busy emulated second), and reaches SRAM and
// flash through readUint32/.../findPeripheral.  Here: a table made once, from
// each of the 65536 opcodes to a small kind (decoded from the ARMv6-M
// Architecture Reference Manual's Thumb encoding tables, A5.2), a switch on
// the kind, and loads, stores and fetches of SRAM, flash and the bootrom
// made on typed arrays over the chip's own memory.
//
// What it must not change: everything the emulator did.  So
// - every 32-bit instruction (BL, MRS/MSR, DMB/DSB/ISB, UDF.W), BKPT, UDF,
//   SVC, WFI/WFE/SEV/YIELD, REV*, RORS, CPS forms other than CPSIE i /
//   CPSID i, the unpredictable uses of PC, and the operands where rp2040js
//   1.4.1 departs from the manual (RORS; LSLS by more than 32, LSRS/ASRS by
//   0 from a register; ADCS with Rdn 0x7fffffff and C; SBCS with Rm
//   0x7fffffff and no C; STM with its base in the list; BLX LR, whose
//   target it reads after writing LR) go to rp2040js's own
//   executeInstruction (the "slow" path), as does a fetch outside flash,
//   SRAM and the bootrom;
// - a load or store outside aligned SRAM / flash (the bootrom for a word
//   load) goes through the chip's own readUint*/writeUint* and cycle rule
//   (peripherals, USB RAM, SIO, unaligned accesses, logging: unchanged);
// - Machine.run's batch loop (the clock moved on after each instruction, a
//   due alarm fired) runs here around the step, unchanged, so that the step
//   is not a call per instruction;
// - cycles are rp2040js's for the same instruction (timing depends on them),
//   flags are the core's own booleans N Z C V, the interrupt check before
//   each instruction is rp2040js's checkForInterrupts, exception returns go
//   through its BXWritePC.
// host_tests/pico/test_pico_fastcore.py proves it: every opcode the table
// handles against rp2040js on random and edge operands, and the real
// firmware run side by side with and without this step from power-on
// through a game, registers, flags, cycles, time and SRAM compared.

import { RP2040 } from 'rp2040js';

const SRAM = 0x20000000;
const SRAM_SIZE = 264 * 1024;
const FLASH = 0x10000000;
const FLASH_FAST = 0x1000000;   // 0x10000000-0x10ffffff (rp2040js's 16-bit reads see only this mirror)
const ROM_SIZE = 0x4000;

// kinds (0: rp2040js's own step).  The loop's switch names them by number
// (case 1: /* LSL_I */): a switch on number literals is a jump table, on
// names a chain of compares (so it was in the web page's bundle)
const SLOW = 0;
const LSL_I = 1, LSR_I = 2, ASR_I = 3, ADD_R = 4, SUB_R = 5, ADD_I3 = 6, SUB_I3 = 7;
const MOV_I = 8, CMP_I = 9, ADD_I8 = 10, SUB_I8 = 11;
const AND = 12, EOR = 13, LSL_R = 14, LSR_R = 15, ASR_R = 16, ADC = 17, SBC = 18;
const TST = 19, RSB = 20, CMP_R = 21, CMN = 22, ORR = 23, MUL = 24, BIC = 25, MVN = 26;
const ADD_HI = 27, CMP_HI = 28, MOV_HI = 29, BX = 30, BLX = 31;
const LDR_LIT = 32;
const STR_RR = 33, STRH_RR = 34, STRB_RR = 35, LDRSB_RR = 36, LDR_RR = 37, LDRH_RR = 38, LDRB_RR = 39, LDRSH_RR = 40;
const STR_I = 41, LDR_I = 42, STRB_I = 43, LDRB_I = 44, STRH_I = 45, LDRH_I = 46, STR_SP = 47, LDR_SP = 48;
const ADR = 49, ADD_SPI = 50, ADD_SP7 = 51, SUB_SP7 = 52;
const SXTH = 53, SXTB = 54, UXTH = 55, UXTB = 56, PUSH = 57, POP = 58, CPSIE = 59, CPSID = 60, NOP = 61;
const STM = 62, LDM = 63, BCOND = 64, B = 65;

/** The kind of each 16-bit opcode (ARMv6-M ARM, A5.2 "16-bit Thumb instruction encoding"). */
function decode(op) {
  const top5 = op >>> 11;
  switch (op >>> 12) {
    case 0x0: case 0x1: case 0x2: case 0x3: {        // shift (immediate), add, subtract, move, compare
      if (top5 === 0b00000) return LSL_I;
      if (top5 === 0b00001) return LSR_I;
      if (top5 === 0b00010) return ASR_I;
      if (top5 === 0b00011) return [ADD_R, SUB_R, ADD_I3, SUB_I3][(op >>> 9) & 3];
      return [MOV_I, CMP_I, ADD_I8, SUB_I8][top5 & 3];
    }
    case 0x4: {
      if ((op >>> 10) === 0b010000) {                 // data processing
        return [AND, EOR, LSL_R, LSR_R, ASR_R, ADC, SBC, SLOW /* ROR */, TST, RSB, CMP_R, CMN, ORR, MUL, BIC, MVN][(op >>> 6) & 15];
      }
      if ((op >>> 10) === 0b010001) {                 // special data, branch and exchange
        const rm = (op >>> 3) & 15;
        const rdn = ((op >>> 4) & 8) | (op & 7);
        switch ((op >>> 8) & 3) {
          case 0: return ADD_HI;
          case 1: return rm === 15 || rdn === 15 || (rm < 8 && rdn < 8) ? SLOW : CMP_HI;
          case 2: return MOV_HI;
          default:
            if (op & 7) return SLOW;
            if (rm === 15) return SLOW;
            // (rp2040js writes LR before it reads the target: BLX LR is its own)
            if (op & 0x80) return rm === 14 ? SLOW : BLX;
            return BX;
        }
      }
      return LDR_LIT;                                 // 01001
    }
    case 0x5:                                         // load/store (register offset)
      return [STR_RR, STRH_RR, STRB_RR, LDRSB_RR, LDR_RR, LDRH_RR, LDRB_RR, LDRSH_RR][(op >>> 9) & 7];
    case 0x6: return op & 0x800 ? LDR_I : STR_I;
    case 0x7: return op & 0x800 ? LDRB_I : STRB_I;
    case 0x8: return op & 0x800 ? LDRH_I : STRH_I;
    case 0x9: return op & 0x800 ? LDR_SP : STR_SP;
    case 0xa: return op & 0x800 ? ADD_SPI : ADR;
    case 0xb: {                                       // miscellaneous
      const b = (op >>> 8) & 15;
      if (b === 0b0000) return op & 0x80 ? SUB_SP7 : ADD_SP7;
      if (b === 0b0010) return [SXTH, SXTB, UXTH, UXTB][(op >>> 6) & 3];
      if (b === 0b0100 || b === 0b0101) return PUSH;
      if (b === 0b1100 || b === 0b1101) return POP;
      if (op === 0xb662) return CPSIE;
      if (op === 0xb672) return CPSID;
      if (op === 0xbf00) return NOP;
      return SLOW;                                    // CPS others, REV*, BKPT, hints
    }
    case 0xc: return op & 0x800 ? LDM : STM;
    case 0xd: {
      const cond = (op >>> 8) & 15;
      return cond >= 14 ? SLOW : BCOND;               // 1110 UDF, 1111 SVC
    }
    case 0xe: return op & 0x800 ? SLOW : B;           // 11101: 32-bit
    default: return SLOW;                             // 1111x: 32-bit
  }
}

let KIND = null;
function kinds() {
  if (!KIND) {
    KIND = new Uint8Array(65536);
    for (let op = 0; op < 65536; op++) KIND[op] = decode(op);
  }
  return KIND;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The fast step of one chip (see installFastCore). */
class FastCore {
  constructor(mcu) {
    this.mcu = mcu;
    this.core = mcu.core;
    this.orig = Object.getPrototypeOf(mcu.core).executeInstruction;
    this.regs = mcu.core.registers;
    const { sram, flash } = mcu;
    this.sram = sram;
    this.sram16 = new Uint16Array(sram.buffer, sram.byteOffset, sram.length >> 1);
    this.sram32 = new Uint32Array(sram.buffer, sram.byteOffset, sram.length >> 2);
    this.flash = flash;
    this.flash16 = new Uint16Array(flash.buffer, flash.byteOffset, FLASH_FAST >> 1);
    this.flash32 = new Uint32Array(flash.buffer, flash.byteOffset, FLASH_FAST >> 2);
    this.bootrom = mcu.bootrom;   // Uint32Array
    this.kinds = kinds();
  }

  // rp2040js's step for one instruction, without its interrupt check (made
  // already, once, as rp2040js makes it)
  slow() {
    const pending = this.core.interruptsUpdated;
    this.core.interruptsUpdated = false;
    const c = this.orig.call(this.core);
    if (pending) this.core.interruptsUpdated = true;
    return c;
  }

  // loads and stores: (address as rp2040js computes it, maybe >= 2^32)
  rd32(a) {
    let o = a - SRAM;
    if (o >= 0 && o < SRAM_SIZE && (o & 3) === 0) return this.sram32[o >> 2];
    o = a - FLASH;
    if (o >= 0 && o < FLASH_FAST && (o & 3) === 0) return this.flash32[o >> 2];
    if (a < ROM_SIZE && (a & 3) === 0) return this.bootrom[a >> 2];
    return this.core.readUint32(a);
  }
  rd16(a) {
    let o = a - SRAM;
    if (o >= 0 && o < SRAM_SIZE && (o & 1) === 0) return this.sram16[o >> 1];
    o = a - FLASH;
    if (o >= 0 && o < FLASH_FAST && (o & 1) === 0) return this.flash16[o >> 1];
    return this.core.readUint16(a);
  }
  rd8(a) {
    let o = a - SRAM;
    if (o >= 0 && o < SRAM_SIZE) return this.sram[o];
    o = a - FLASH;
    if (o >= 0 && o < FLASH_FAST) return this.flash[o];
    return this.core.readUint8(a);
  }
  wr32(a, v) {
    const o = a - SRAM;
    if (o >= 0 && o < SRAM_SIZE && (o & 3) === 0) this.sram32[o >> 2] = v;
    else this.core.writeUint32(a, v);
  }
  wr16(a, v) {
    const o = a - SRAM;
    if (o >= 0 && o < SRAM_SIZE && (o & 1) === 0) this.sram16[o >> 1] = v;
    else this.core.writeUint16(a, v);
  }
  wr8(a, v) {
    const o = a - SRAM;
    if (o >= 0 && o < SRAM_SIZE) this.sram[o] = v;
    else this.core.writeUint8(a, v);
  }
  // the extra cycles of a load (1 + these: rp2040js's cyclesIO) -- 1 for
  // SRAM and flash, the rest from the core's own rule
  ioCycles(a, write) {
    return a < 0x40000000 ? 1 : this.core.cyclesIO(a, write);
  }

  // flags, as rp2040js keeps them (booleans)
  nz(r) {
    this.core.N = (r & 0x80000000) !== 0;
    this.core.Z = (r | 0) === 0;
  }
  // x + y + c, 32-bit unsigned operands, c 0 or 1: the result, flags set
  addc(x, y, c) {
    const u = x + y + c;
    const r = u >>> 0;
    this.core.N = r >= 0x80000000;
    this.core.Z = r === 0;
    this.core.C = u > 0xffffffff;
    this.core.V = ((~(x ^ y) & (x ^ r)) & 0x80000000) !== 0;
    return r;
  }
  // x - y (compare, subtract): AddWithCarry(x, NOT y, 1)
  sub(x, y) {
    const r = (x - y) >>> 0;
    this.core.N = r >= 0x80000000;
    this.core.Z = r === 0;
    this.core.C = x >= y;
    this.core.V = (((x ^ y) & (x ^ r)) & 0x80000000) !== 0;
    return r;
  }

  /**
   * The instruction loop.  single: run one instruction and return its
   * cycles (core.executeInstruction).  Else Machine.run's batch, as it was
   * written there around rp2040js's step: at most `max` instructions while
   * the core is not waiting, the clock (ns) is before `stop` and the
   * machine is not halted; after each the clock moves on by its cycles
   * times cycleNs and a due alarm fires (clock.tick(0)), ending the batch
   * if it asked for a reset or the firmware stopped.  Returns the count.
   */
  go(single, stop, max, cycleNs, m) {
    const { core, regs, sram, sram32, sram16, flash32, flash16, bootrom } = this;
    const KIND = this.kinds;
    // (locals: a bundle makes the module's constants closure slots)
    const sramBase = SRAM;
    const sramSize = SRAM_SIZE;
    const flashBase = FLASH;
    const flashSize = FLASH_FAST;
    const romSize = ROM_SIZE;
    const clock = this.mcu.clock;
    let t = clock.nanosCounter;
    let n = 0;
    let acc = 0;          // cycles of the fast instructions, added to core.cycles at the end
    // ext: code outside this loop ran (rp2040js's step, a peripheral, an
    // exception, an alarm): core.waiting and m.halted may have changed, and
    // the alarms (due: the next one's time) -- nothing else changes them
    let ext = true;
    let a0 = clock.nextAlarm;
    let due = a0 !== null ? a0.nanos : Infinity;
    for (;;) {
      if (!single) {
        if (n >= max || t >= stop) break;
        if (ext) {
          if (core.waiting || m.halted) break;
          ext = false;
        }
      }
      let cycles = 1;
      body: {
        if (core.interruptsUpdated) {
          ext = true;
          if (core.checkForInterrupts()) core.waiting = false;
        }
        const pc = regs[15];
        let op;
        let o = pc - flashBase;
        if (o >= 0 && o < flashSize && (o & 1) === 0) {
          op = flash16[o >> 1];
        } else {
          o = pc - sramBase;
          if (o >= 0 && o < sramSize && (o & 1) === 0) {
            op = sram16[o >> 1];
          } else if (pc < romSize && (pc & 1) === 0) {
            const w = bootrom[pc >> 2];
            op = pc & 2 ? w >>> 16 : w & 0xffff;
          } else {
            cycles = this.slow();
            ext = true;
            break body;
          }
        }
        const kind = KIND[op];
        if (kind === 0) {   // SLOW
          cycles = this.slow();
          ext = true;
          break body;
        }
        regs[15] = pc + 2;
        switch (kind) {
          case 1: /* LSL_I */ {
            const k = (op >>> 6) & 31;
            const x = regs[(op >>> 3) & 7];
            const r = (x << k) >>> 0;
            if (k) core.C = ((x >>> (32 - k)) & 1) === 1;
            regs[op & 7] = r;
            core.N = r >= 0x80000000;
            core.Z = r === 0;
            break;
          }
          case 2: /* LSR_I */ {
            const k = (op >>> 6) & 31;      // 0: 32
            const x = regs[(op >>> 3) & 7];
            const r = k ? x >>> k : 0;
            core.C = ((x >>> (k ? k - 1 : 31)) & 1) === 1;
            regs[op & 7] = r;
            core.N = r >= 0x80000000;
            core.Z = r === 0;
            break;
          }
          case 3: /* ASR_I */ {
            const k = (op >>> 6) & 31;      // 0: 32
            const x = regs[(op >>> 3) & 7];
            const r = (x | 0) >> (k ? k : 31);
            core.C = ((x >>> (k ? k - 1 : 31)) & 1) === 1;
            regs[op & 7] = r;
            this.nz(r);
            break;
          }
          case 4: /* ADD_R */
            regs[op & 7] = this.addc(regs[(op >>> 3) & 7], regs[(op >>> 6) & 7], 0);
            break;
          case 5: /* SUB_R */
            regs[op & 7] = this.sub(regs[(op >>> 3) & 7], regs[(op >>> 6) & 7]);
            break;
          case 6: /* ADD_I3 */
            regs[op & 7] = this.addc(regs[(op >>> 3) & 7], (op >>> 6) & 7, 0);
            break;
          case 7: /* SUB_I3 */
            regs[op & 7] = this.sub(regs[(op >>> 3) & 7], (op >>> 6) & 7);
            break;
          case 8: /* MOV_I */ {
            const v = op & 0xff;
            regs[(op >>> 8) & 7] = v;
            core.N = false;
            core.Z = v === 0;
            break;
          }
          case 9: /* CMP_I */ {
            const x = regs[(op >>> 8) & 7];
            const y = op & 0xff;
            const r = (x - y) >>> 0;
            core.N = r >= 0x80000000;
            core.Z = r === 0;
            core.C = x >= y;
            core.V = ((x & ~r) & 0x80000000) !== 0;     // (y >= 0)
            break;
          }
          case 10: /* ADD_I8 */ {
            const d = (op >>> 8) & 7;
            const x = regs[d];
            const u = x + (op & 0xff);
            const r = u >>> 0;
            regs[d] = r;
            core.N = r >= 0x80000000;
            core.Z = r === 0;
            core.C = u > 0xffffffff;
            core.V = ((~x & r) & 0x80000000) !== 0;     // (y >= 0)
            break;
          }
          case 11: /* SUB_I8 */ {
            const d = (op >>> 8) & 7;
            regs[d] = this.sub(regs[d], op & 0xff);
            break;
          }
          case 12: /* AND */ {
            const d = op & 7;
            const r = regs[d] & regs[(op >>> 3) & 7];
            regs[d] = r;
            this.nz(r);
            break;
          }
          case 13: /* EOR */ {
            const d = op & 7;
            const r = regs[d] ^ regs[(op >>> 3) & 7];
            regs[d] = r;
            this.nz(r);
            break;
          }
          case 23: /* ORR */ {
            const d = op & 7;
            const r = regs[d] | regs[(op >>> 3) & 7];
            regs[d] = r;
            this.nz(r);
            break;
          }
          case 25: /* BIC */ {
            const d = op & 7;
            const r = regs[d] & ~regs[(op >>> 3) & 7];
            regs[d] = r;
            this.nz(r);
            break;
          }
          case 26: /* MVN */ {
            const r = ~regs[(op >>> 3) & 7];
            regs[op & 7] = r;
            this.nz(r);
            break;
          }
          case 19: /* TST */
            this.nz(regs[op & 7] & regs[(op >>> 3) & 7]);
            break;
          case 24: /* MUL */ {
            const d = op & 7;
            const r = Math.imul(regs[(op >>> 3) & 7], regs[d]);
            regs[d] = r;
            this.nz(r);
            break;
          }
          case 14: /* LSL_R */ {
            const d = op & 7;
            const k = regs[(op >>> 3) & 7] & 0xff;
            if (k > 32) {
              regs[15] = pc;
              cycles = this.slow();
              ext = true;
              break body;
            }
            const x = regs[d];
            if (k === 0) {
              this.nz(x);
            } else {
              const r = k === 32 ? 0 : (x << k) >>> 0;
              core.C = ((x >>> (32 - k)) & 1) === 1;
              regs[d] = r;
              this.nz(r);
            }
            break;
          }
          case 15: /* LSR_R */ {
            const d = op & 7;
            const k = regs[(op >>> 3) & 7] & 0xff;
            if (k === 0) {
              regs[15] = pc;
              cycles = this.slow();
              ext = true;
              break body;
            }
            const x = regs[d];
            const r = k >= 32 ? 0 : x >>> k;
            core.C = k <= 32 && ((x >>> (k - 1)) & 1) === 1;
            regs[d] = r;
            this.nz(r);
            break;
          }
          case 16: /* ASR_R */ {
            const d = op & 7;
            const k = regs[(op >>> 3) & 7] & 0xff;
            if (k === 0) {
              regs[15] = pc;
              cycles = this.slow();
              ext = true;
              break body;
            }
            const x = regs[d];
            const r = (x | 0) >> (k >= 32 ? 31 : k);
            core.C = ((x >>> (k >= 32 ? 31 : k - 1)) & 1) === 1;
            regs[d] = r;
            this.nz(r);
            break;
          }
          case 17: /* ADC */ {
            const d = op & 7;
            const x = regs[d];
            if (x === 0x7fffffff && core.C) {
              regs[15] = pc;
              cycles = this.slow();
              ext = true;
              break body;
            }
            regs[d] = this.addc(x, regs[(op >>> 3) & 7], core.C ? 1 : 0);
            break;
          }
          case 18: /* SBC */ {
            const d = op & 7;
            const y = regs[(op >>> 3) & 7];
            if (y === 0x7fffffff && !core.C) {
              regs[15] = pc;
              cycles = this.slow();
              ext = true;
              break body;
            }
            regs[d] = this.addc(regs[d], (~y) >>> 0, core.C ? 1 : 0);
            break;
          }
          case 20: /* RSB */
            regs[op & 7] = this.sub(0, regs[(op >>> 3) & 7]);
            break;
          case 21: /* CMP_R */ {
            const x = regs[op & 7];
            const y = regs[(op >>> 3) & 7];
            const r = (x - y) >>> 0;
            core.N = r >= 0x80000000;
            core.Z = r === 0;
            core.C = x >= y;
            core.V = (((x ^ y) & (x ^ r)) & 0x80000000) !== 0;
            break;
          }
          case 22: /* CMN */
            this.addc(regs[op & 7], regs[(op >>> 3) & 7], 0);
            break;
          case 27: /* ADD_HI */ {
            const k = (op >>> 3) & 15;
            const d = ((op >>> 4) & 8) | (op & 7);
            // PC reads as this instruction's address + 4
            const r = (d === 15 ? pc + 4 : regs[d]) + (k === 15 ? pc + 4 : regs[k]);
            if (d === 15) {
              regs[15] = r & ~1;
              cycles = 2;
            } else {
              regs[d] = d === 13 ? r & ~3 : r;
            }
            break;
          }
          case 28: /* CMP_HI */
            this.sub(regs[((op >>> 4) & 8) | (op & 7)], regs[(op >>> 3) & 15]);
            break;
          case 29: /* MOV_HI */ {
            const k = (op >>> 3) & 15;
            const d = ((op >>> 4) & 8) | (op & 7);
            const v = k === 15 ? pc + 4 : regs[k];
            if (d === 15) {
              regs[15] = v & ~1;
              cycles = 2;
            } else {
              regs[d] = d === 13 ? v & ~3 : v;
            }
            break;
          }
          case 30: /* BX */
            ext = true;
            core.BXWritePC(regs[(op >>> 3) & 15]);
            cycles = 2;
            break;
          case 31: /* BLX */ {
            const target = regs[(op >>> 3) & 15];
            regs[14] = (pc + 2) | 1;
            regs[15] = target & ~1;
            cycles = 2;
            ext = true;
            core.blTaken(core, true);
            break;
          }
          case 32: /* LDR_LIT */ {
            const a = ((pc + 4) & ~3) + ((op & 0xff) << 2);
            o = a - flashBase;
            if (o >= 0 && o < flashSize) {
              regs[(op >>> 8) & 7] = flash32[o >> 2];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[(op >>> 8) & 7] = this.rd32(a);
            }
            break;
          }
          case 33: /* STR_RR */ {
            const a = regs[(op >>> 6) & 7] + regs[(op >>> 3) & 7];
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 3) === 0) {
              sram32[o >> 2] = regs[op & 7];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, true);
              this.wr32(a, regs[op & 7]);
            }
            break;
          }
          case 34: /* STRH_RR */ {
            const a = regs[(op >>> 6) & 7] + regs[(op >>> 3) & 7];
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 1) === 0) {
              sram16[o >> 1] = regs[op & 7];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, true);
              this.wr16(a, regs[op & 7]);
            }
            break;
          }
          case 35: /* STRB_RR */ {
            const a = regs[(op >>> 6) & 7] + regs[(op >>> 3) & 7];
            o = a - sramBase;
            if (o >= 0 && o < sramSize) {
              sram[o] = regs[op & 7];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, true);
              this.wr8(a, regs[op & 7]);
            }
            break;
          }
          case 36: /* LDRSB_RR */ {
            const a = regs[(op >>> 6) & 7] + regs[(op >>> 3) & 7];
            o = a - sramBase;
            if (o >= 0 && o < sramSize) {
              regs[op & 7] = (sram[o] << 24) >> 24;
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[op & 7] = (this.rd8(a) << 24) >> 24;
            }
            break;
          }
          case 37: /* LDR_RR */ {
            const a = regs[(op >>> 6) & 7] + regs[(op >>> 3) & 7];
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 3) === 0) {
              regs[op & 7] = sram32[o >> 2];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[op & 7] = this.rd32(a);
            }
            break;
          }
          case 38: /* LDRH_RR */ {
            const a = regs[(op >>> 6) & 7] + regs[(op >>> 3) & 7];
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 1) === 0) {
              regs[op & 7] = sram16[o >> 1];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[op & 7] = this.rd16(a);
            }
            break;
          }
          case 39: /* LDRB_RR */ {
            const a = regs[(op >>> 6) & 7] + regs[(op >>> 3) & 7];
            o = a - sramBase;
            if (o >= 0 && o < sramSize) {
              regs[op & 7] = sram[o];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[op & 7] = this.rd8(a);
            }
            break;
          }
          case 40: /* LDRSH_RR */ {
            const a = regs[(op >>> 6) & 7] + regs[(op >>> 3) & 7];
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 1) === 0) {
              regs[op & 7] = (sram16[o >> 1] << 16) >> 16;
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[op & 7] = (this.rd16(a) << 16) >> 16;
            }
            break;
          }
          case 41: /* STR_I */ {
            const a = regs[(op >>> 3) & 7] + (((op >>> 6) & 31) << 2);
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 3) === 0) {
              sram32[o >> 2] = regs[op & 7];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, true);
              this.wr32(a, regs[op & 7]);
            }
            break;
          }
          case 42: /* LDR_I */ {
            const a = regs[(op >>> 3) & 7] + (((op >>> 6) & 31) << 2);
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 3) === 0) {
              regs[op & 7] = sram32[o >> 2];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[op & 7] = this.rd32(a);
            }
            break;
          }
          case 43: /* STRB_I */ {
            const a = regs[(op >>> 3) & 7] + ((op >>> 6) & 31);
            o = a - sramBase;
            if (o >= 0 && o < sramSize) {
              sram[o] = regs[op & 7];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, true);
              this.wr8(a, regs[op & 7]);
            }
            break;
          }
          case 44: /* LDRB_I */ {
            const a = regs[(op >>> 3) & 7] + ((op >>> 6) & 31);
            o = a - sramBase;
            if (o >= 0 && o < sramSize) {
              regs[op & 7] = sram[o];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[op & 7] = this.rd8(a);
            }
            break;
          }
          case 45: /* STRH_I */ {
            const a = regs[(op >>> 3) & 7] + (((op >>> 6) & 31) << 1);
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 1) === 0) {
              sram16[o >> 1] = regs[op & 7];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, true);
              this.wr16(a, regs[op & 7]);
            }
            break;
          }
          case 46: /* LDRH_I */ {
            const a = regs[(op >>> 3) & 7] + (((op >>> 6) & 31) << 1);
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 1) === 0) {
              regs[op & 7] = sram16[o >> 1];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[op & 7] = this.rd16(a);
            }
            break;
          }
          case 47: /* STR_SP */ {
            const a = regs[13] + ((op & 0xff) << 2);
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 3) === 0) {
              sram32[o >> 2] = regs[(op >>> 8) & 7];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, true);
              this.wr32(a, regs[(op >>> 8) & 7]);
            }
            break;
          }
          case 48: /* LDR_SP */ {
            const a = regs[13] + ((op & 0xff) << 2);
            o = a - sramBase;
            if (o >= 0 && o < sramSize && (o & 3) === 0) {
              regs[(op >>> 8) & 7] = sram32[o >> 2];
              cycles = 2;
            } else {
              ext = true;
              cycles += this.ioCycles(a, false);
              regs[(op >>> 8) & 7] = this.rd32(a);
            }
            break;
          }
          case 49: /* ADR */
            regs[(op >>> 8) & 7] = ((pc & ~3) >>> 0) + 4 + ((op & 0xff) << 2);
            break;
          case 50: /* ADD_SPI */
            regs[(op >>> 8) & 7] = regs[13] + ((op & 0xff) << 2);
            break;
          case 51: /* ADD_SP7 */
            regs[13] = (regs[13] + ((op & 0x7f) << 2)) & ~3;
            break;
          case 52: /* SUB_SP7 */
            regs[13] = (regs[13] - ((op & 0x7f) << 2)) & ~3;
            break;
          case 53: /* SXTH */
            regs[op & 7] = (regs[(op >>> 3) & 7] << 16) >> 16;
            break;
          case 54: /* SXTB */
            regs[op & 7] = (regs[(op >>> 3) & 7] << 24) >> 24;
            break;
          case 55: /* UXTH */
            regs[op & 7] = regs[(op >>> 3) & 7] & 0xffff;
            break;
          case 56: /* UXTB */
            regs[op & 7] = regs[(op >>> 3) & 7] & 0xff;
            break;
          case 57: /* PUSH */ {
            const lr = (op >>> 8) & 1;
            let k = lr;
            for (let l = op & 0xff; l; l &= l - 1) k++;
            const sp = regs[13];
            let a = sp - 4 * k;
            for (let i = 0; i < 8; i++) {
              if (op & (1 << i)) {
                o = a - sramBase;
                if (o >= 0 && o < sramSize && (o & 3) === 0) {
                  sram32[o >> 2] = regs[i];
                } else {
                  ext = true;
                  this.wr32(a, regs[i]);
                }
                a += 4;
                cycles++;
              }
            }
            if (lr) {
              o = a - sramBase;
              if (o >= 0 && o < sramSize && (o & 3) === 0) {
                sram32[o >> 2] = regs[14];
              } else {
                ext = true;
                this.wr32(a, regs[14]);
              }
            }
            regs[13] = (sp - 4 * k) & ~3;
            break;
          }
          case 58: /* POP */ {
            let a = regs[13];
            for (let i = 0; i < 8; i++) {
              if (op & (1 << i)) {
                o = a - sramBase;
                if (o >= 0 && o < sramSize && (o & 3) === 0) {
                  regs[i] = sram32[o >> 2];
                } else {
                  ext = true;
                  regs[i] = this.rd32(a);
                }
                a += 4;
                cycles++;
              }
            }
            if (op & 0x100) {
              regs[13] = (a + 4) & ~3;
              ext = true;
              core.BXWritePC(this.rd32(a));
              cycles += 2;
            } else {
              regs[13] = a & ~3;
            }
            break;
          }
          case 62: /* STM */ {
            const b = (op >>> 8) & 7;
            if (op & (1 << b)) {
              regs[15] = pc;
              cycles = this.slow();
              ext = true;
              break body;
            }
            let a = regs[b];
            for (let i = 0; i < 8; i++) {
              if (op & (1 << i)) {
                o = a - sramBase;
                if (o >= 0 && o < sramSize && (o & 3) === 0) {
                  sram32[o >> 2] = regs[i];
                } else {
                  ext = true;
                  this.wr32(a, regs[i]);
                }
                a += 4;
                cycles++;
              }
            }
            regs[b] = a;
            break;
          }
          case 63: /* LDM */ {
            const b = (op >>> 8) & 7;
            let a = regs[b];
            for (let i = 0; i < 8; i++) {
              if (op & (1 << i)) {
                o = a - sramBase;
                if (o >= 0 && o < sramSize && (o & 3) === 0) {
                  regs[i] = sram32[o >> 2];
                } else {
                  ext = true;
                  regs[i] = this.rd32(a);
                }
                a += 4;
                cycles++;
              }
            }
            if (!(op & (1 << b))) regs[b] = a;
            break;
          }
          case 64: /* BCOND */ {
            let take;
            switch ((op >>> 8) & 15) {
              case 0: take = core.Z; break;                          // EQ
              case 1: take = !core.Z; break;                         // NE
              case 2: take = core.C; break;                          // CS
              case 3: take = !core.C; break;                         // CC
              case 4: take = core.N; break;                          // MI
              case 5: take = !core.N; break;                         // PL
              case 6: take = core.V; break;                          // VS
              case 7: take = !core.V; break;                         // VC
              case 8: take = core.C && !core.Z; break;               // HI
              case 9: take = !core.C || core.Z; break;               // LS
              case 10: take = core.N === core.V; break;              // GE
              case 11: take = core.N !== core.V; break;              // LT
              case 12: take = !core.Z && core.N === core.V; break;   // GT
              default: take = core.Z || core.N !== core.V; break;    // LE
            }
            if (take) {
              regs[15] = pc + 4 + (((op & 0xff) << 24) >> 23);
              cycles = 2;
            }
            break;
          }
          case 65: /* B */
            regs[15] = pc + 4 + (((op & 0x7ff) << 21) >> 20);
            cycles = 2;
            break;
          case 59: /* CPSIE */
            core.PM = false;
            core.interruptsUpdated = true;
            break;
          case 60: /* CPSID */
            core.PM = true;
            break;
          case 61: /* NOP */
            break;
          default:
            regs[15] = pc;
            cycles = this.slow();
            ext = true;
            break body;
        }
        if (single) core.cycles += cycles;
        else acc += cycles;
      }
      if (single) return cycles;
      n++;
      t += cycles * cycleNs;
      clock.nanosCounter = t;
      if (ext) {
        a0 = clock.nextAlarm;
        due = a0 !== null ? a0.nanos : Infinity;
      }
      if (due <= t) {
        clock.tick(0);
        ext = true;
        if (m.resetPending || m.chip.breakError) {
          n++;
          break;
        }
        a0 = clock.nextAlarm;
        due = a0 !== null ? a0.nanos : Infinity;
      }
    }
    core.cycles += acc;
    return n;
  }
}

/**
 * Install the fast step on `mcu` (an rp2040js RP2040): its
 * core.executeInstruction, and returns {run} (Machine.run's batch loop).
 * Returns null (and leaves the core as it is) on a big-endian host, where
 * typed arrays would not read the chip's memory as its DataViews do.
 */
export function installFastCore(mcu) {
  if (!littleEndian) return null;
  if (!warmed) warmUp();
  const fast = new FastCore(mcu);
  mcu.core.executeInstruction = () => fast.go(true, 0, 1, 0, null);
  return {
    /** Machine.run's batch (see FastCore.go): the number of instructions run. */
    run: (stop, max, cycleNs, machine) => fast.go(false, stop, max, cycleNs, machine),
  };
}

// V8 optimizes the loop once it is hot, for the cases it has seen run; a
// case first met after that throws the optimized code away (a deopt), and
// it is made again (~0.1 s of compiling each time): a dozen times in a
// boot.  So every kind is run once first, on a scratch chip, with small
// and large values: the loop is optimized once, for all of them.  (Values
// chosen to keep off SIO and the PPB: nothing is printed; what reaches a
// peripheral reaches the scratch chip's.)  About 40 ms, once a process.
let warmed = false;
function warmUp() {
  warmed = true;
  const mcu = new RP2040();
  mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
  const fast = installFastCore(mcu);
  if (!fast) return;
  const { core } = mcu;
  const regs = core.registers;
  const sram16 = new Uint16Array(mcu.sram.buffer);
  const K = kinds();
  const byKind = new Map();
  for (let op = 0; op < 65536; op++) {
    const k = K[op];
    if (!byKind.has(k)) byKind.set(k, []);
    byKind.get(k).push(op);
  }
  const none = { halted: false, resetPending: null, chip: { breakError: null } };
  const sets = [
    (i) => 0x20010000 + i * 0x104,           // SRAM pointers
    (i) => (0x9abc0000 + i * 0x01234567) >>> 0,   // large (invalid addresses, past 2^31)
    (i) => i,                                // small (bootrom addresses)
    (i) => 0x10000000 + i * 0x1002,          // flash
  ];
  let n = 0;
  for (const [k, ops] of byKind) {
    const step = Math.max(1, Math.floor(ops.length / 3));   // (3 opcodes a kind: enough)
    for (let j = 0; j < ops.length; j += step) {
      const op = ops[j];
      for (let s = 0; s < sets.length; s++) {
        for (let i = 0; i < 13; i++) regs[i] = sets[s](i);
        regs[13] = 0x20012000;
        regs[14] = 0x10000101;
        const at = n & 1 ? 0x20020000 : 0x10000000;
        regs[15] = at;
        if (at === 0x10000000) mcu.flash16[0] = op;
        else sram16[0x10000] = op;
        core.N = !!(n & 1); core.Z = !!(n & 2); core.C = !!(n & 4); core.V = !!(n & 8);
        core.interruptsUpdated = (n & 16) !== 0;
        core.waiting = false;
        if (k === 0 && s > 0) continue;      // (rp2040js's own step: once is enough)
        if (n % 3) fast.run(Infinity, 1, 8, none);
        else core.executeInstruction();
        n++;
      }
    }
  }
}

/** For the differential test: the kind of an opcode, 0 when rp2040js runs it. */
export function fastKind(op) {
  return kinds()[op];
}
