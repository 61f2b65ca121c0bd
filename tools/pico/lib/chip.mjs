// One powered-on RP2040 (rp2040js) with what the stock MicroPython firmware
// needs and the npm package lacks: the bootrom at 0, a boot straight into
// flash (boot2 at 0x10000000), and flash writes.  rp2040js reads flash through
// XIP but its SSI is a stub, so the firmware's erase/program calls would do
// nothing: the bootrom's own `flash_range_erase` / `flash_range_program`
// (ROM table codes RE / RP) are replaced by breakpoints and done here, with
// NOR semantics (erase = 0xFF, program = AND), on a 2 MiB image that the
// caller keeps in a file.
import { RP2040 } from 'rp2040js';

export const FLASH_SIZE = 2 * 1024 * 1024;
const FLASH_BASE = 0x10000000;
const BKPT_ERASE = 0xe1;
const BKPT_PROGRAM = 0xe2;

// ROM table: a 16-bit pointer at 0x14 to (code, function) pairs of 16-bit
// words, ending with code 0; code = two ASCII letters, first in the low byte.
export function romFunction(bootrom, letters) {
  const half = (a) => bootrom[a] | (bootrom[a + 1] << 8);
  const want = letters.charCodeAt(0) | (letters.charCodeAt(1) << 8);
  for (let t = half(0x14); half(t) !== 0; t += 4) {
    if (half(t) === want) return half(t + 2) & ~1;
  }
  throw new Error(`bootrom: no ROM function '${letters}' (is this the RP2040 B1 bootrom?)`);
}

function patchHalf(words, addr, value) {
  const i = addr >> 2;
  if (addr & 2) words[i] = ((words[i] & 0xffff) | (value << 16)) >>> 0;
  else words[i] = ((words[i] & 0xffff0000) | value) >>> 0;
}

// UF2 blocks -> bytes written into `flash` (offsets from 0x10000000).
export function loadUF2(data, flash) {
  let blocks = 0;
  for (let o = 0; o + 512 <= data.length; o += 512) {
    const v = new DataView(data.buffer, data.byteOffset + o, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157 ||
        v.getUint32(508, true) !== 0x0ab16f30) {
      throw new Error(`UF2: bad magic in block at byte ${o}`);
    }
    const flags = v.getUint32(8, true);
    if (flags & 1) continue; // "not main flash"
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    const off = addr - FLASH_BASE;
    if (off < 0 || off + size > flash.length || size > 476) {
      throw new Error(`UF2: block at byte ${o} targets 0x${addr.toString(16)}, outside the 2 MiB flash`);
    }
    flash.set(data.subarray(o + 32, o + 32 + size), off);
    blocks++;
  }
  if (!blocks) throw new Error('UF2: no flash block');
  return blocks;
}

export class Chip {
  /**
   * bootrom: Uint8Array (16 KiB); flash: Uint8Array(FLASH_SIZE), the image
   * (read at power-on, written back by sync()); logger: rp2040js logger.
   */
  constructor({ bootrom, flash, logger, onFlashWrite }) {
    this.mcu = new RP2040();   // with its own SimulationClock
    this.clock = this.mcu.clock;
    this.mcu.logger = logger;
    this.flashImage = flash;
    this.onFlashWrite = onFlashWrite || (() => {});
    this.flashOps = 0;
    const words = new Uint32Array(4096);
    words.set(new Uint32Array(bootrom.buffer.slice(bootrom.byteOffset, bootrom.byteOffset + 16384)));
    const erase = romFunction(bootrom, 'RE');
    const program = romFunction(bootrom, 'RP');
    patchHalf(words, erase, 0xbe00 | BKPT_ERASE);
    patchHalf(words, program, 0xbe00 | BKPT_PROGRAM);
    this.mcu.loadBootrom(words); // also resets the core (SP from the ROM's vector table)
    this.mcu.flash.set(flash);
    this.mcu.onBreak = (code) => this.onBreak(code);
    this.breakError = null;
    // boot2 at the start of flash; entered with LR = 0 it jumps to the
    // firmware's vector table itself (what the bootrom does after its checks)
    this.mcu.core.PC = FLASH_BASE;
  }

  onBreak(code) {
    const { core } = this.mcu;
    const r = core.registers;
    if (code === BKPT_ERASE) {
      const start = r[0] & ~0xfff;
      const end = Math.min(FLASH_SIZE, (r[0] + r[1] + 0xfff) & ~0xfff);
      if (end > start) this.mcu.flash.fill(0xff, start, end);
      this.flashOps++;
      this.onFlashWrite('erase', start, end);
    } else if (code === BKPT_PROGRAM) {
      const addr = r[0];
      const src = r[1];
      const count = r[2];
      const f = this.mcu.flash;
      for (let i = 0; i < count && addr + i < FLASH_SIZE; i++) {
        f[addr + i] &= this.mcu.readUint8(src + i);
      }
      this.flashOps++;
      this.onFlashWrite('program', addr, Math.min(FLASH_SIZE, addr + count));
    } else {
      // a breakpoint in the firmware itself (a HardFault has no other sign here)
      this.breakError = `breakpoint 0x${code.toString(16)} at 0x${(core.PC - 2).toString(16)}`;
      return;
    }
    core.PC = core.LR & ~1; // return from the ROM function
  }

  // Copy the chip's flash back into the image (before a reset or a save).
  sync() {
    this.flashImage.set(this.mcu.flash.subarray(0, FLASH_SIZE));
  }
}
