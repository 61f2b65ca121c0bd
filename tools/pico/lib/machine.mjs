// The emulated board over time: a Chip, its recorders, the levels the world
// drives on its pins (scheduled at exact emulated ns), the USB serial host,
// and the run loop.  Time is counted from the harness's power-on across chip
// resets (`base` + the chip clock).
//
// Run loop: the core runs in batches of at most ~20 us emulated, the PIO is
// stepped up to the core's time after each batch.  When the core waits
// (WFI/WFE), time jumps to the next thing that can wake it: a clock alarm
// other than those that never end a wait (PWM counters, SysTick without
// its interrupt), an input edge, the end of the run; while a
// PIO state machine is running, in 20 us steps.  A wait with nothing that can
// wake it (the REPL waiting for USB) is an "indefinite" wait: the caller
// says how far time may go then (wall speed while a host is connected, else
// up to the next input or the end of the run).
//
// Watchdog: rp2040js re-arms the alarm 0 ns ahead for ever once the counter
// reaches 0 (the event loop never returns); here the alarm is stopped and the
// chip rebuilt (a reset), keeping the reason and scratch registers so that
// machine.reset_cause() reads WDT_RESET.
import { Chip } from './chip.mjs';
import { CdcHost } from './usb.mjs';
import { PioClock } from './pio.mjs';
import { installFastCore } from './fastcore.mjs';

const SLICE_NS = 20000;
const BATCH = 4000;

export class Machine {
  constructor({ bootrom, flash, config, logger, onSerial, onFlashWrite }) {
    this.bootrom = bootrom;
    this.flash = flash;
    this.config = config;
    this.logger = logger;
    this.onSerial = onSerial;
    this.flashOps = 0;         // erase/program operations since the harness started
    this.haltAtFlashOp = 0;    // >0: stop the run right after that operation
    this.halted = false;
    this.onFlashWrite = (op, start, end) => {
      this.flashOps++;
      this.recorder.push('flash', { t: this.now() / 1000, op, addr: start, len: end - start, n: this.flashOps });
      if (this.haltAtFlashOp && this.flashOps >= this.haltAtFlashOp) {
        this.haltAtFlashOp = 0;
        this.halted = true;
      }
      onFlashWrite(op, start, end);
    };
    this.base = 0;
    this.levels = new Map();   // gpio -> level the world drives
    for (let g = 0; g < 30; g++) this.levels.set(g, 1); // pull-ups: released pads read high
    for (const [g, v] of Object.entries(config.levels || {})) this.levels.set(Number(g), v ? 1 : 0);
    this.inputs = [];          // [{t (ns), gpio, level}] sorted by t
    this.resets = 0;
    this.resetPending = null;
    this.error = null;
    this.recorder = null;
    this.cdcBacklog = [];
    this.usbReady = false;
    this.stats = { instructions: 0, idleJumps: 0, idleNs: 0 };
    // ADC inputs the world drives (12-bit counts per channel 0..4: GPIO26..29,
    // the temperature sensor), kept across resets like the pins' levels
    // A Pico on USB power: VSYS ~4.8 V (VBUS through its Schottky diode),
    // a third of it on GPIO29 (ADC3); config.adc = [c0, c1, c2, c3, c4] overrides.
    this.adc = (config.adc || [0, 0, 0, 1986, 0]).slice();
  }

  /** The level the world puts on ADC channel `ch` (a 12-bit count). */
  setAdc(ch, value) {
    this.adc[ch] = value;
    if (this.chip) this.chip.mcu.adc.channelValues[ch] = value;
  }

  now() { return this.base + this.chip.clock.nanos; }

  powerOn(reason = 'power-on', keep = null) {
    if (this.chip) {
      this.chip.sync();
      this.base = Math.ceil(this.now());
    }
    const chip = new Chip({
      bootrom: this.bootrom, flash: this.flash, logger: this.logger,
      onFlashWrite: this.onFlashWrite,
    });
    this.chip = chip;
    const { mcu } = chip;
    // the core's step (lib/fastcore.mjs; config.fastCore false: rp2040js's own)
    this.fast = this.config.fastCore !== false ? installFastCore(mcu) : null;
    this.pio = new PioClock(chip, (pio, values, changed, t) => this.recorder.pioPins(chip, pio, values, changed, t));
    this.recorder.attach(chip);
    for (const [g, v] of this.levels) mcu.gpio[g].setInputValue(!!v);
    this.adc.forEach((v, ch) => { mcu.adc.channelValues[ch] = v; });
    const wd = mcu.peripherals[0x40058];
    this.watchdog = wd;
    if (keep) {
      wd.reason = keep.reason;
      wd.scratchData.set(keep.scratch);
    }
    wd.onWatchdogTrigger = () => {
      wd.alarm.enable = false;   // stop rp2040js's 0 ns re-arm loop
      this.resetPending = { reason: wd.reason, scratch: wd.scratchData.slice() };
    };
    // rp2040js 1.4.1's DMA pacing timers: getTimer returns X / Y / clk_sys
    // (the inverse of the datasheet's rate, clk_sys * X / Y transfers a
    // second) and reads TIMER3's X with `>>> 36`: a timer-paced channel ran
    // unpaced.  The period in us, as the chip has it:
    const dma = mcu.dma;
    const getTimer = dma.getTimer.bind(dma);
    dma.getTimer = (treq) => {
      if (treq < 0x3b || treq > 0x3e) return getTimer(treq);   // TIMER0..3
      const v = [dma.timer0, dma.timer1, dma.timer2, dma.timer3][treq - 0x3b] >>> 0;
      const x = v >>> 16;
      const y = v & 0xffff;
      return x && y ? ((y / x) * 1e6) / mcu.clkSys : 0;
    };
    // DREQ_PWM_WRAP0..7: rp2040js raises the request at a slice's wrap and
    // never lowers it, so a channel paced by it ran unpaced from the first
    // wrap on.  On the chip a wrap is one request: one transfer.
    const proto = Object.getPrototypeOf(dma.channels[0]);
    for (const ch of dma.channels) {
      ch.scheduleTransfer = function scheduleTransfer() {
        const t = this.treqValue;
        if (t < 24 || t > 31) return proto.scheduleTransfer.call(this);
        if (dma.dreq[t]) {
          dma.dreq[t] = false;
          this.transferAlarm.schedule(0);
        }
        return undefined;    // else the next wrap (setDREQ) schedules it
      };
    }
    // CHAN_ABORT (0x444): rp2040js aborts on the write but does not model
    // the read, which falls to "unimplemented" and reads 0xffffffff.  The
    // datasheet's abort is "write the bits, then wait until they read 0":
    // a firmware doing that spun for ever (the box hung when a word it was
    // saying was cut by the next one).  Here the abort is complete at the
    // write, so no channel is ever still aborting.
    const readDma = dma.readUint32.bind(dma);
    dma.readUint32 = (offset) => (offset === 0x444 ? 0 : readDma(offset));
    this.usb = new CdcHost(mcu.usbCtrl, (buf) => this.onSerial(buf));
    for (const b of this.cdcBacklog) this.usb.write(b);
    this.cdcBacklog = [];
    const ppb = mcu.ppb;
    // (the watchdog's alarm is not one: a wait must end when it fires)
    const quiet = new Set([mcu.usbCtrl.sofAlarm]);
    const pwmAlarms = new Map();
    mcu.pwm.channels.forEach((ch, i) => {
      for (const a of [ch.alarmA, ch.alarmB, ch.alarmBottom]) pwmAlarms.set(a.clockAlarm, i);
    });
    // alarms that never end a wait
    this.quiet = (alarm) => {
      if (quiet.has(alarm)) return true;
      if (alarm === ppb.systickAlarm.clockAlarm) return !ppb.systickIntEnable;
      const ch = pwmAlarms.get(alarm);
      if (ch !== undefined) return !(mcu.pwm.intEnable & (1 << ch));
      return false;
    };
    this.recorder.push('reset', { t: this.now() / 1000, reason, n: this.resets });
  }

  reset(reason) {
    this.resets++;
    if (this.onReset) this.onReset(reason);
    this.powerOn(reason, this.resetPending);
    this.resetPending = null;
  }

  /** Drive `gpio` to `level` at global time t (ns). */
  drive(gpio, level, t) {
    const ev = { t, gpio, level: level ? 1 : 0 };
    let i = this.inputs.length;
    while (i > 0 && this.inputs[i - 1].t > t) i--;
    this.inputs.splice(i, 0, ev);
  }

  applyInputs(now) {
    const { gpio } = this.chip.mcu;
    while (this.inputs.length && this.inputs[0].t <= now) {
      const ev = this.inputs.shift();
      this.pio.unsteady();     // (a PIO reading this pin must be stepped again)
      this.levels.set(ev.gpio, ev.level);
      gpio[ev.gpio].setInputValue(!!ev.level);
    }
  }

  serialWrite(bytes) {
    if (this.usb) this.usb.write(bytes);
    else this.cdcBacklog.push(bytes);
  }

  /** Global ns of the next alarm that can end a wait, or Infinity. */
  nextWake() {
    const { clock } = this.chip;
    for (let a = clock.nextAlarm; a; a = a.next) {
      if (!this.quiet(a)) return this.base + a.nanos;
    }
    return Infinity;
  }

  /**
   * Run until global time `limit` (ns), or until `idleLimit` in an
   * indefinite wait, or for `budgetMs` of wall time.  Returns 'limit',
   * 'idle' (in an indefinite wait at idleLimit), 'budget', or 'flash' (just
   * after the flash operation number haltAtFlashOp: a power cut there).
   */
  run(limit, idleLimit, budgetMs) {
    const t0 = Date.now();
    let checks = 0;
    for (;;) {
      if (this.resetPending) this.reset('watchdog');
      if (this.chip.breakError) {
        this.error = this.chip.breakError;
        throw new Error(`the firmware stopped: ${this.error}`);
      }
      const chip = this.chip;
      const { mcu, clock } = chip;
      const core = mcu.core;
      const now = this.now();
      if (this.halted) { this.halted = false; return 'flash'; }
      if (now >= limit) return 'limit';
      this.applyInputs(now);
      const nextInput = this.inputs.length ? this.inputs[0].t : Infinity;
      if (core.waiting && core.interruptsUpdated && core.checkForInterrupts()) core.waiting = false;
      if (core.waiting) {
        const wake = this.nextWake();
        const world = Math.min(limit, nextInput);
        let to = wake;
        if (wake >= world) {
          // only the world can end this wait (an input, USB data): time may
          // go up to idleLimit
          if (now >= idleLimit) return 'idle';
          to = Math.min(world, idleLimit);
        }
        if (this.pio.busy()) to = Math.min(to, now + SLICE_NS);
        // (+1 ps: floating point must not leave the alarm a hair ahead)
        const dt = Math.max(0, to - this.base - clock.nanos + 0.001);
        this.stats.idleJumps++;
        this.stats.idleNs += dt;
        clock.tick(dt);
      } else {
        const stop = Math.min(limit, nextInput, now + SLICE_NS) - this.base;
        const cycleNs = 1e9 / mcu.clkSys;
        // clock.tick() per instruction, inlined: the time moves on, and the
        // alarms fire only when one is due
        let n = 0;
        if (this.fast) {
          n = this.fast.run(stop, BATCH, cycleNs, this);   // (the same loop, lib/fastcore.mjs)
        } else {
          let t = clock.nanosCounter;
          for (; n < BATCH && !core.waiting && t < stop && !this.halted; n++) {
            t += core.executeInstruction() * cycleNs;
            clock.nanosCounter = t;
            const a = clock.nextAlarm;
            if (a !== null && a.nanos <= t) {
              clock.tick(0);
              if (this.resetPending || chip.breakError) { n++; break; }
            }
          }
        }
        this.stats.instructions += n;
      }
      this.pio.step(clock.nanos);
      this.recorder.poll();
      if (++checks >= 8) {
        checks = 0;
        if (Date.now() - t0 >= budgetMs) return 'budget';
      }
    }
  }
}
