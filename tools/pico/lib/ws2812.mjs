// WS2812 receiver: the level changes of a data pin (emulated ns) -> bits ->
// frames of bytes in wire order (the Python side maps them to pixels).
// Timings checked against the WS2812B datasheet (Worldsemi): T0H 0.40 us and
// T1H 0.80 us, each +-150 ns; a bit (TH + TL) 1.25 us +-600 ns; a low of at
// least 50 us (RES) latches the frame.  A high shorter than 625 ns reads as 0
// (the LED samples about there).  Every bit outside these limits is counted
// as a violation, with the first few described.

export const T0H = [250, 550];
export const T1H = [650, 950];
export const BIT = [650, 1850];
export const RESET_NS = 50000;
const SPLIT_NS = 625;
const MAX_NOTES = 5;

export class Ws2812Decoder {
  constructor(pin, onFrame) {
    this.pin = pin;
    this.onFrame = onFrame;
    this.level = 0;
    this.rise = -1;     // time of the current/last rising edge
    this.fall = -1;     // time of the last falling edge
    this.bits = [];
    this.start = 0;
    this.violations = 0;
    this.notes = [];
  }

  note(msg) {
    this.violations++;
    if (this.notes.length < MAX_NOTES) this.notes.push(msg);
  }

  edge(level, t) {
    if (level === this.level) return;
    this.level = level;
    if (level) {
      if (this.fall >= 0 && t - this.fall >= RESET_NS) this.flush();
      if (this.bits.length && this.rise >= 0) {
        const bit = t - this.rise;
        if (bit < BIT[0] || bit > BIT[1]) {
          this.note(`bit ${this.bits.length - 1}: period ${bit.toFixed(0)} ns outside ${BIT[0]}-${BIT[1]}`);
        }
      }
      if (!this.bits.length) this.start = t;
      this.rise = t;
    } else {
      if (this.rise < 0) return;
      const high = t - this.rise;
      const one = high >= SPLIT_NS;
      const lim = one ? T1H : T0H;
      if (high < lim[0] - 0.5 || high > lim[1] + 0.5) {
        this.note(`bit ${this.bits.length}: high ${high.toFixed(0)} ns outside T${one ? 1 : 0}H ${lim[0]}-${lim[1]}`);
      }
      this.bits.push(one ? 1 : 0);
      this.fall = t;
    }
  }

  /** Called as time passes: a low that has lasted RES ends the frame. */
  poll(t) {
    if (this.bits.length && !this.level && this.fall >= 0 && t - this.fall >= RESET_NS) this.flush();
  }

  flush() {
    const { bits } = this;
    if (!bits.length) return;
    const n = bits.length >> 3;
    const bytes = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      let b = 0;
      for (let k = 0; k < 8; k++) b = (b << 1) | bits[i * 8 + k];
      bytes[i] = b;
    }
    if (bits.length & 7) this.note(`${bits.length} bits: not whole bytes`);
    this.onFrame({
      pin: this.pin, start: this.start, end: this.fall, bits: bits.length,
      bytes, violations: this.violations, notes: this.notes,
    });
    this.bits = [];
    this.violations = 0;
    this.notes = [];
  }
}
