// PIO on emulated time.  rp2040js 1.4.1 steps the PIO from its own
// setTimeout loop, on wall-clock time, ignoring CLKDIV, instruction delays
// and the enable bit, so a WS2812 frame would take wall time and its bit
// timings would mean nothing.  Here that loop is switched off and every
// enabled state machine is stepped by the run loop up to the current
// emulated time: one PIO cycle = CLKDIV / clk_sys, an instruction with
// delay d costs 1 + d cycles, a stalled machine just lets time pass.
// Each pin change is stamped with the emulated time at which the instruction
// that made it started (ns), for the WS2812 decoder.  A CPU access to the
// control, flag or RX FIFO registers first steps the PIO up to the CPU's
// time (syncAccess), so FIFO levels, IRQ flags and enables are exact too.
// A machine in a steady loop (the pad timer sampling pins that do not
// change) is moved on a whole number of passes at once (pio_pass.mjs), and
// does not keep an idle CPU's wait in 20 us slices: it cannot wake it.
import { steadyPass, skipPasses } from './pio_pass.mjs';

export class PioClock {
  /** chip: Chip; onPins(pioIndex, values, changedMask, tNanos); steady:
   * false steps every instruction (the reference the skip is checked
   * against, host_tests/pico/test_pico_pio_pass.py) */
  constructor(chip, onPins, { steady = true } = {}) {
    this.chip = chip;
    this.steadyOn = steady;
    this.now = 0; // ns, emulated time of the instruction being stepped
    for (const pio of chip.mcu.pio) {
      pio.run = () => { pio.stopped = false; };   // no wall-clock loop
      const set = pio.pinValuesChanged.bind(pio);
      pio.pinValuesChanged = (value, first, count) => {
        const before = pio.pinValues;
        set(value, first, count);
        const changed = before ^ pio.pinValues;
        if (changed) onPins(pio.index, pio.pinValues, changed, this.now);
      };
      for (const sm of pio.machines) {
        sm.emuBase = -1;
        sm.emuPeriod = 0;
        sm.emuLast = 0;
        sm.steady = false;     // its last step ended in a steady loop, nothing changed since
      }
      this.syncAccess(pio);
    }
  }

  // The run loop steps the PIO after each batch of CPU instructions (up to
  // 20 us), so a CPU reading the RX FIFO, the flags or the IRQ bits saw
  // them as they were at the end of the last batch, and a machine enabled
  // by a CTRL write started at the end of the batch.  Reads and writes of
  // the control and RX registers first bring the PIO up to the CPU's time
  // (and a CTRL write starts the machines at that time); the TX FIFO
  // writes (the WS2812's DMA) are left as they were.
  syncAccess(pio) {
    const synced = (off) => off < 0x010 || (off >= 0x020 && off < 0x040) || off >= 0x128;
    const read = pio.readUint32.bind(pio);
    const write = pio.writeUint32.bind(pio);
    pio.readUint32 = (off) => {
      if (synced(off)) this.sync();
      return read(off);
    };
    pio.writeUint32 = (off, value) => {
      this.unsteady();    // (a FIFO word, a restart, an EXEC: passes to look at again)
      if (!synced(off)) return write(off, value);
      this.sync();
      write(off, value);
      if (off === 0x000) this.sync();   // enabled or restarted: from now
      return undefined;
    };
  }

  sync() {
    if (this.stepping) return;
    this.stepping = true;
    try { this.step(this.chip.clock.nanos); } finally { this.stepping = false; }
  }

  static period(sm, clkSys) {
    const div = (sm.clockDivInt || 65536) + sm.clockDivFrac / 256;
    return (div * 1e9) / clkSys;
  }

  /** Run every enabled state machine up to `nanos` (chip clock). */
  step(nanos) {
    const { mcu } = this.chip;
    for (const pio of mcu.pio) {
      let any = false;
      for (const sm of pio.machines) {
        if (!sm.enabled) { sm.emuBase = -1; continue; }
        const period = PioClock.period(sm, mcu.clkSys);
        // cycle k of this machine runs at emuBase + k * period; rebased when
        // it is enabled, restarted (cycles back to 0) or its divider changes
        if (sm.emuBase < 0 || period !== sm.emuPeriod || sm.cycles < sm.emuLast) {
          sm.emuBase = nanos - sm.cycles * period;
          sm.emuPeriod = period;
        }
        const target = Math.floor((nanos - sm.emuBase) / period);
        sm.steady = false;
        // passes looked at in this step, at most (a busy loop: none steady)
        let looks = this.steadyOn ? 2 : 0;
        while (sm.cycles < target) {
          if (looks && sm.pc === sm.wrapBottom && !sm.waiting) {
            looks--;
            const pass = steadyPass(sm, sm.inPins);
            if (pass) {
              looks = 0;
              sm.steady = true;
              const k = Math.floor((target - sm.cycles) / pass.cycles);
              if (k > 0) skipPasses(sm, pass, k);
              if (sm.cycles >= target) break;
            }
          }
          this.now = sm.emuBase + sm.cycles * period;
          const before = sm.cycles;
          sm.step();
          if (sm.cycles === before) { sm.cycles = target; break; } // stalled: time passes
          any = true;
        }
        sm.emuLast = sm.cycles;
      }
      if (any) pio.checkChangedPins();
    }
  }

  /** The pins the machines read may have changed: no loop is steady any more. */
  unsteady() {
    for (const pio of this.chip.mcu.pio) for (const sm of pio.machines) sm.steady = false;
  }

  /** True if some state machine is running (not stalled on an empty FIFO,
   * not in a steady loop that nothing outside it sees). */
  busy() {
    for (const pio of this.chip.mcu.pio) {
      for (const sm of pio.machines) {
        if (sm.enabled && !sm.steady && (!sm.waiting || !sm.txFIFO.empty)) return true;
      }
    }
    return false;
  }
}
