// What the board does to the world, as timestamped events (emulated us since
// power-on of the harness, across chip resets): GPIO output levels of
// SIO-driven pins (pad LEDs, e-ink CS/DC/RST), PWM slice settings per pin
// (frequency, duty: the buzzer), WS2812 frames decoded from the PIO-driven
// display pin, raw SPI bytes with the DC and CS levels, I2C transactions
// (devices listed in the config ACK, e.g. an SSD1306 at 0x3C), DMA channel
// starts, chip resets, flash erase/program operations.  The e-ink BUSY pin is driven like an SSD1680's:
// high from the Master Activation (0x20) command for a refresh time (full or
// partial, from the last Display Update Control 2 (0x22) value) and after
// a software reset (0x12).
//
// No Node API here (hex strings are made by toHex): the same file runs in
// the emulator process (tools/pico/emu.mjs) and in the web page's worker
// (web/src/worker.mjs).
import { Ws2812Decoder } from './ws2812.mjs';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Bytes (array or typed array) as lower-case hex, in Node and in a browser. */
export function toHex(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i] & 0xff];
  return s;
}

const FUNC_SIO = 5;
const FUNC_PIO0 = 6;
const FUNC_PIO1 = 7;

export const KINDS = ['gpio', 'pwm', 'ws2812', 'spi', 'i2c', 'dma', 'reset', 'busy', 'flash'];

export class Recorder {
  /** machine: the Machine (its now() and schedule()); config: see Machine */
  constructor(machine, config) {
    this.m = machine;
    this.config = config;
    this.kinds = {};
    for (const k of KINDS) this.kinds[k] = { first: 0, list: [] };
    this.off = new Set(config.record_off || []);
    this.ws = new Map();
    for (const pin of config.ws2812_pins || []) {
      this.ws.set(pin, new Ws2812Decoder(pin, (f) => this.frame(f)));
    }
    this.pwmLast = new Map();
    this.spiPins = config.spi || [];   // [{bus, dc, cs}]
    this.eink = config.eink || null;   // {bus, busy, full_us, partial_us, reset_us}
    this.einkMode = 0xf7;
    this.i2cDevices = new Set(config.i2c_devices || []);
    this.i2cOpen = [null, null];
  }

  push(kind, ev) {
    if (this.off.has(kind)) return;
    this.kinds[kind].list.push(ev);
  }

  /** Events of `kind` from sequence number `since` on; `drop` forgets older. */
  take(kind, since, drop) {
    const k = this.kinds[kind];
    if (!k) throw new Error(`no event kind '${kind}' (kinds: ${KINDS.join(', ')})`);
    const from = Math.max(0, since - k.first);
    const out = k.list.slice(from);
    const next = k.first + k.list.length;
    if (drop) {
      k.list = [];
      k.first = next;
    }
    return { events: out, next };
  }

  us(nanos) { return Math.round(nanos) / 1000; }

  // ---- wiring to a (new) chip ----
  attach(chip) {
    const { mcu } = chip;
    for (const pin of mcu.gpio) {
      pin.addListener((value) => {
        const f = pin.functionSelect;
        if (f !== FUNC_SIO) return;
        const level = value === 1 ? 1 : value === 0 ? 0 : null;
        this.push('gpio', { t: this.us(this.m.now()), gpio: pin.index, level });
      });
    }
    // PWM: the settings of the slice written, per output pin
    const pwm = mcu.pwm;
    const write = pwm.writeUint32.bind(pwm);
    pwm.writeUint32 = (offset, value) => {
      write(offset, value);
      if (offset < 0xa0) this.pwmSlice(mcu, Math.floor(offset / 0x14));
      else if (offset === 0xa0) for (let s = 0; s < 8; s++) this.pwmSlice(mcu, s);
      if (offset >= 0xa0 || offset % 0x14 === 0) this.pwmAlarms(mcu); // EN, INTE, a CSR
    };
    mcu.dma.channels.forEach((ch) => {
      const w = ch.writeUint32.bind(ch);
      ch.writeUint32 = (offset, value) => {
        w(offset, value);
        if (offset === 0x0c || offset === 0x10 || offset === 0x20 || offset === 0x30) this.pwmAlarms(mcu); // a CTRL alias
      };
    });
    this.pwmAlarms(mcu);
    // SPI: every byte sent, with DC/CS levels; the e-ink BUSY model
    // Each byte takes its time on the wire (SCK = clk_peri / (CPSDVSR *
    // (1 + SCR))): completed at once, a DMA transfer feeding TX would run
    // alone and overflow the RX FIFO that another channel drains (rp2040js
    // runs a re-armed 0 ns alarm before the others), and MicroPython's
    // SPI.write of a large buffer would wait for ever.
    mcu.spi.forEach((spi, bus) => {
      const done = mcu.clock.createAlarm(() => spi.completeTransmit(0));
      spi.onTransmit = (value) => {
        this.spiByte(mcu, bus, value);
        const scr = (spi.control0 >> 8) & 0xff;
        const bits = (spi.control0 & 0xf) + 1;
        const div = (spi.clockDivisor & 0xfe) || 2;
        done.schedule((bits * div * (1 + scr) * 1e9) / mcu.clkPeri);
      };
    });
    // I2C: transactions; listed devices ACK and read as 0
    mcu.i2c.forEach((i2c, bus) => {
      i2c.onStart = () => i2c.completeStart();
      i2c.onConnect = (addr, mode) => {
        const ack = this.i2cDevices.has(addr);
        this.i2cOpen[bus] = { t: this.us(this.m.now()), bus, addr, read: mode === 1, ack, data: [] };
        i2c.completeConnect(ack);
      };
      i2c.onWriteByte = (v) => {
        const o = this.i2cOpen[bus];
        if (o) o.data.push(v);
        i2c.completeWrite(true);
      };
      i2c.onReadByte = () => {
        const o = this.i2cOpen[bus];
        if (o) o.data.push(0);
        i2c.completeRead(0);
      };
      i2c.onStop = () => {
        const o = this.i2cOpen[bus];
        if (o) {
          o.data = toHex(o.data);
          this.push('i2c', o);
          this.i2cOpen[bus] = null;
        }
        i2c.completeStop();
      };
    });
    // DMA: each channel start (where it writes, how many, paced by which DREQ)
    mcu.dma.channels.forEach((ch, i) => {
      const start = ch.start.bind(ch);
      ch.start = () => {
        const was = ch.ctrl & (1 << 24);
        start();
        if (!was && ch.ctrl & (1 << 24)) {
          this.push('dma', {
            t: this.us(this.m.now()), ch: i, read: ch.readAddr >>> 0, write: ch.writeAddr >>> 0,
            count: ch.transCountReload, size: ch.dataSize, treq: ch.treqValue,
          });
        }
      };
    });
  }

  pioPins(chip, pioIndex, values, changed, tLocal) {
    if (!this.ws.size) return;
    const t = this.m.base + tLocal;
    const { gpio } = chip.mcu;
    for (const [pin, dec] of this.ws) {
      if (!(changed & (1 << pin))) continue;
      const f = gpio[pin].functionSelect;
      if (f !== (pioIndex ? FUNC_PIO1 : FUNC_PIO0)) continue;
      dec.edge((values >> pin) & 1, t);
    }
  }

  poll() {
    const t = this.m.now();
    for (const dec of this.ws.values()) dec.poll(t);
  }

  frame(f) {
    this.push('ws2812', {
      t: this.us(f.start), end: this.us(f.end), pin: f.pin, bits: f.bits,
      data: toHex(f.bytes), violations: f.violations, notes: f.notes,
    });
  }

  pwmSlice(mcu, s) {
    const ch = mcu.pwm.channels[s];
    if (!ch) return;
    const en = !!(ch.csr & 1);
    const phase = ch.csr & 2 ? 2 : 1;
    const divInt = (ch.div >> 4) & 0xff;
    const div = (divInt || 256) + (ch.div & 0xf) / 16;
    const wrap = ch.top + 1;
    const freq = mcu.clkSys / div / wrap / phase;
    const pins = [[s * 2, ch.cc & 0xffff, ch.csr & 4], [s * 2 + 1, ch.cc >>> 16, ch.csr & 8]];
    for (const [p, cc, inv] of pins) {
      const duty = Math.min(1, cc / wrap);
      const state = { en, freq: Math.round(freq * 1000) / 1000, duty: Math.round((inv ? 1 - duty : duty) * 1e6) / 1e6 };
      for (const gpio of s < 7 ? [p, p + 16] : [p]) {
        const key = JSON.stringify(state);
        if (this.pwmLast.get(gpio) === key) continue;
        this.pwmLast.set(gpio, key);
        this.push('pwm', { t: this.us(this.m.now()), gpio, slice: s, ...state });
      }
    }
  }

  // A PWM slice's counter alarms (compare A, B, wrap: three per period, some
  // 1.5 million a second for a 488 kHz audio PWM) only move its pin levels,
  // which nothing here reads (the settings are recorded instead), unless
  // its wrap interrupt is enabled or a DMA channel is paced by its wrap
  // DREQ: otherwise they are switched off (config pwm_waveform keeps them).
  pwmAlarms(mcu) {
    const { pwm, dma } = mcu;
    for (let s = 0; s < 8; s++) {
      let need = !!this.config.pwm_waveform || !!(pwm.intEnable & (1 << s));
      for (const ch of dma.channels) {
        if (ch.ctrl & 1 && ch.treqValue === 24 + s) need = true;
      }
      const c = pwm.channels[s];
      if (c.alarmBottom.enable !== need) {
        c.alarmA.enable = need;
        c.alarmB.enable = need;
        c.alarmBottom.enable = need;
      }
    }
  }

  spiByte(mcu, bus, value) {
    const wiring = this.spiPins.find((w) => w.bus === bus) || {};
    const lv = (p) => (p === undefined || p === null ? null : (mcu.gpio[p].outputValue ? 1 : 0));
    const dc = lv(wiring.dc);
    const cs = lv(wiring.cs);
    const t = this.us(this.m.now());
    const list = this.kinds.spi.list;
    const last = list[list.length - 1];
    if (last && last.bus === bus && last.dc === dc && last.cs === cs && t - last.tEnd < 100 && !this.off.has('spi')) {
      last.bytes.push(value);
      last.tEnd = t;
    } else {
      this.push('spi', { t, tEnd: t, bus, dc, cs, bytes: [value] });
    }
    const e = this.eink;
    if (e && e.bus === bus && dc === 0) {
      if (value === 0x20) this.busyFor((this.einkMode & 0x08) ? e.partial_us : e.full_us, 'refresh');
      else if (value === 0x12) this.busyFor(e.reset_us, 'reset');
      this.einkCmd = value;
    } else if (e && e.bus === bus && dc === 1 && this.einkCmd === 0x22) {
      this.einkMode = value;
    }
  }

  busyFor(us, why) {
    const e = this.eink;
    const now = this.m.now();
    this.m.drive(e.busy, 1, now);
    this.m.drive(e.busy, 0, now + us * 1000);
    this.push('busy', { t: this.us(now), us, why, mode: this.einkMode });
  }

  /** Events as JSON-ready objects (spi bytes as hex). */
  static out(kind, ev) {
    if (kind === 'spi') {
      const { tEnd, bytes, ...rest } = ev;
      return { ...rest, end: tEnd, data: toHex(bytes) };
    }
    return ev;
  }
}
