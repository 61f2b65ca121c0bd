// The display controllers of the OLED and e-ink boxes, fed the bus traffic
// the emulated pins carry (tools/pico/lib/record.mjs events), giving the
// picture the glass shows (Uint8Array width x height, 1 = lit / ink).
//
// A port to JavaScript of as much of tools/pico/ssd1306.py and ssd1680.py
// (the models the pico tests check against the host frame buffer, where
// the datasheet references are; sh1106.py) as the box's drivers use: the Python
// models stay the reference; this one only draws the page.
//   SSD1306: the RAM, horizontal/vertical/page addressing with windows,
//     display on/off, charge pump, entire on, inverse, segment remap, COM
//     scan direction, start line, offset, multiplex.  No scrolling.
//   SSD1680: both RAMs, data entry modes, windows and counters, driver
//     output (gate count, TB), update control 1 and 2, master activation
//     (full: the black/white RAM on the glass; partial: only the pixels
//     where the two RAMs differ), software reset, deep sleep.

const SSD1306_ARGS = {
  0x81: 1, 0x8d: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1,
  0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xa3: 2, 0x23: 1, 0xd6: 1,
};

export class Ssd1306 {
  // cols: RAM columns; edge: segments either side of a 128-px glass
  constructor(width = 128, height = 64, cols = 128, edge = 0) {
    this.width = width;
    this.height = height;
    this.cols = cols;
    this.x0 = edge + ((128 - width) >> 1);
    this.argc = SSD1306_ARGS;
    this.ram = new Uint8Array(cols * 8);
    this.changed = false;     // a new picture since the last take()
    this.reset();
  }

  reset() {
    Object.assign(this, {
      mode: 2, colStart: 0, colEnd: 127, pageStart: 0, pageEnd: 7, col: 0, page: 0, on: false,
      pump: false, inverse: false, entireOn: false, segRemap: false, comDec: false, startLine: 0,
      offset: 0, mux: 63, cmd: null, args: [],
    });
  }

  i2cWrite(buf) {
    let i = 0;
    while (i < buf.length) {
      const ctrl = buf[i++];
      const dc = ctrl & 0x40;
      if (ctrl & 0x80) {
        if (i < buf.length) {
          if (dc) this.data(buf.subarray(i, i + 1));
          else this.command(buf[i]);
          i++;
        }
        continue;
      }
      if (dc) this.data(buf.subarray(i));
      else for (; i < buf.length; i++) this.command(buf[i]);
      break;
    }
  }

  spiWrite(dc, buf) {
    if (dc) this.data(buf);
    else for (const c of buf) this.command(c);
  }

  command(c) {
    if (this.cmd !== null) {
      this.args.push(c);
      if (this.args.length >= this.argc[this.cmd]) {
        const cmd = this.cmd;
        this.cmd = null;
        this.run(cmd, this.args);
        this.args = [];
      }
      return;
    }
    if (c in this.argc) { this.cmd = c; this.args = []; return; }
    this.run(c, []);
  }

  run(c, a) {
    if (c === 0xae) this.on = false;
    else if (c === 0xaf) { this.on = true; this.changed = true; }
    else if (c === 0x20) { if ((a[0] & 3) !== 3) this.mode = a[0] & 3; }
    else if (c === 0x21) { this.colStart = a[0] & 0x7f; this.colEnd = a[1] & 0x7f; this.col = this.colStart; }
    else if (c === 0x22) { this.pageStart = a[0] & 7; this.pageEnd = a[1] & 7; this.page = this.pageStart; }
    else if (c >= 0xb0 && c <= 0xb7) this.page = c & 7;
    else if (c <= 0x0f) this.col = (this.col & 0xf0) | c;
    else if (c <= 0x1f) this.col = ((c & 7) << 4) | (this.col & 0x0f);
    else if (c >= 0x40 && c <= 0x7f) this.startLine = c & 0x3f;
    else if (c === 0x8d) this.pump = !!(a[0] & 4);
    else if (c === 0xa4 || c === 0xa5) this.entireOn = c === 0xa5;
    else if (c === 0xa6 || c === 0xa7) this.inverse = c === 0xa7;
    else if (c === 0xa0 || c === 0xa1) this.segRemap = c === 0xa1;
    else if (c === 0xc0 || c === 0xc8) this.comDec = c === 0xc8;
    else if (c === 0xa8) this.mux = a[0] & 0x3f;
    else if (c === 0xd3) this.offset = a[0] & 0x3f;
  }

  data(buf) {
    this.cmd = null;
    const lastPage = (this.height >> 3) - 1;
    const lastCol = this.x0 + this.width - 1;
    for (const b of buf) {
      this.ram[this.page * this.cols + this.col] = b;
      if (this.page === lastPage && this.col === lastCol) this.changed = true;
      this.advance();
    }
  }

  advance() {
    if (this.mode === 0) {
      if (this.col === this.colEnd) {
        this.col = this.colStart;
        this.page = this.page === this.pageEnd ? this.pageStart : (this.page + 1) & 7;
      } else this.col = (this.col + 1) & 0x7f;
    } else if (this.mode === 1) {
      if (this.page === this.pageEnd) {
        this.page = this.pageStart;
        this.col = this.col === this.colEnd ? this.colStart : (this.col + 1) & 0x7f;
      } else this.page = (this.page + 1) & 7;
    } else this.col = (this.col + 1) & 0x7f;
  }

  dark() { return !this.on || !this.pump; }

  picture() {
    const { width: w, height: h } = this;
    const pix = new Uint8Array(w * h);
    if (this.dark()) return pix;
    if (this.entireOn) return pix.fill(1);
    const n = this.mux + 1;
    for (let gy = 0; gy < h; gy++) {
      const com = h - 1 - gy;
      const d = this.comDec ? n - 1 - com : com;
      if (d < 0 || d >= n) continue;
      const r = (d + this.startLine + this.offset) & 63;
      const row = (r >> 3) * this.cols;
      const bit = 1 << (r & 7);
      for (let x = 0; x < w; x++) {
        const colAddr = this.segRemap ? x + this.x0 : this.cols - 1 - (x + this.x0);
        let v = this.ram[row + colAddr] & bit ? 1 : 0;
        if (this.inverse) v ^= 1;
        pix[gy * w + x] = v;
      }
    }
    return pix;
  }
}

// The SH1106 (tools/pico/sh1106.py): the SSD1306 with 132 columns of RAM
// (the glass shows 2-129), page addressing only (the column counts up and
// stays on its page, at 131 past the end), ADh + 8Ah/8Bh its DC-DC
// converter (on after a reset); the SSD1306's addressing, charge pump and
// scrolling commands are not its own (left alone here; the Python model
// reports them).
const SH1106_ARGS = { 0x81: 1, 0xad: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1 };
const NOT_SH1106 = [0x20, 0x21, 0x22, 0x8d, 0x26, 0x27, 0x29, 0x2a, 0x2e, 0x2f, 0xa3];

export class Sh1106 extends Ssd1306 {
  constructor(width = 128, height = 64) {
    super(width, height, 132, 2);
    this.argc = SH1106_ARGS;
  }

  reset() {
    super.reset();
    this.mode = 2;
    this.dcdc = true;
  }

  dark() { return !this.on || !this.dcdc; }

  run(c, a) {
    if (NOT_SH1106.includes(c)) return;
    if (c === 0xad) this.dcdc = !!(a[0] & 1);
    else if (c >= 0x10 && c <= 0x1f) this.col = ((c & 0x0f) << 4) | (this.col & 0x0f);
    else super.run(c, a);
  }

  advance() {
    if (this.col < 131) this.col += 1;
  }
}

const XBYTES = 22;
const GATES = 296;
const SSD1680_ARGS = {
  0x01: 3, 0x03: 1, 0x04: 3, 0x08: 3, 0x09: 4, 0x0a: 0, 0x0c: 4, 0x10: 1, 0x11: 1, 0x12: 0,
  0x14: 1, 0x15: 1, 0x18: 1, 0x1a: 2, 0x1b: 0, 0x1c: 3, 0x20: 0, 0x21: 2, 0x22: 1,
  0x24: null, 0x26: null, 0x27: 0, 0x28: 0, 0x29: 0, 0x2a: 0, 0x2b: 0, 0x2c: 1, 0x2d: 0,
  0x2e: 0, 0x2f: 0, 0x30: 0, 0x31: 0, 0x32: 153, 0x34: 0, 0x35: 0, 0x36: 0, 0x37: 10,
  0x38: 0, 0x39: 1, 0x3c: 1, 0x3f: 1, 0x41: 1, 0x44: 2, 0x45: 4, 0x46: 1, 0x47: 1,
  0x4e: 1, 0x4f: 2, 0x7f: 0,
};

export class Ssd1680 {
  constructor(gates = 296, sources = 128) {
    this.width = gates;
    this.height = sources;
    this.bw = new Uint8Array(XBYTES * GATES).fill(0xff);
    this.red = new Uint8Array(XBYTES * GATES);
    this.glass = new Uint8Array(XBYTES * GATES);   // ink bits, laid out as the RAM
    this.refreshes = [];    // [{partial}] since the last take
    this.asleep = 0;
    this.reset();
  }

  reset() {
    if (this.asleep === 2) { this.bw.fill(0); this.red.fill(0); }
    this.asleep = 0;
    this.defaults();
  }

  defaults() {
    Object.assign(this, {
      entry: 3, xStart: 0, xEnd: XBYTES - 1, yStart: 0, yEnd: GATES - 1, x: 0, y: 0, scan: 0,
      optRed: 0, optBw: 0, seq: 0xff, lut: false, clockOn: false, analogOn: false,
      cmd: null, args: [], ram: null,
    });
  }

  spiWrite(dc, buf) {
    if (!dc) for (const c of buf) this.command(c);
    else this.data(buf);
  }

  command(c) {
    this.cmd = null;
    this.ram = null;
    if (this.asleep) return;
    this.cmd = c;
    if (!(c in SSD1680_ARGS)) { this.args = null; return; }
    this.args = [];
    if (c === 0x24) this.ram = this.bw;
    else if (c === 0x26) this.ram = this.red;
    if (SSD1680_ARGS[c] === 0) { this.apply(c, []); this.cmd = null; }
  }

  data(buf) {
    if (this.asleep || this.cmd === null || this.args === null) return;
    if (this.ram) { for (const b of buf) this.writeRam(b); return; }
    const need = SSD1680_ARGS[this.cmd];
    for (const b of buf) {
      if (this.cmd === null) return;
      this.args.push(b);
      if (this.args.length === need) { this.apply(this.cmd, this.args); this.cmd = null; }
    }
  }

  apply(c, a) {
    if (c === 0x01) this.scan = a[2] & 7;
    else if (c === 0x10) { const m = a[0] & 3; if (m === 1) this.asleep = 1; else if (m === 3) this.asleep = 2; }
    else if (c === 0x11) this.entry = a[0] & 7;
    else if (c === 0x12) this.defaults();
    else if (c === 0x20) this.activate();
    else if (c === 0x21) { this.optRed = (a[0] >> 4) & 0xf; this.optBw = a[0] & 0xf; }
    else if (c === 0x22) this.seq = a[0];
    else if (c === 0x32) this.lut = true;
    else if (c === 0x44) { this.xStart = a[0] & 0x3f; this.xEnd = a[1] & 0x3f; }
    else if (c === 0x45) { this.yStart = a[0] | ((a[1] & 1) << 8); this.yEnd = a[2] | ((a[3] & 1) << 8); }
    else if (c === 0x4e) this.x = a[0] & 0x3f;
    else if (c === 0x4f) this.y = a[0] | ((a[1] & 1) << 8);
  }

  writeRam(b) {
    if (this.x < XBYTES && this.y < GATES) this.ram[this.y * XBYTES + this.x] = b;
    const e = this.entry;
    const step = (v, up, mod) => (up ? (v + 1) % mod : (v - 1 + mod) % mod);
    if (e & 4) {
      if (this.y === this.yEnd) {
        this.y = this.yStart;
        this.x = this.x === this.xEnd ? this.xStart : step(this.x, e & 1, 64);
      } else this.y = step(this.y, e & 2, 512);
    } else if (this.x === this.xEnd) {
      this.x = this.xStart;
      this.y = this.y === this.yEnd ? this.yStart : step(this.y, e & 2, 512);
    } else this.x = step(this.x, e & 1, 64);
  }

  activate() {
    const s = this.seq;
    if (s & 0x80) this.clockOn = true;
    if (s & 0x40) this.analogOn = true;
    if (s & 0x10) this.lut = true;
    if (s & 0x04 && this.clockOn && this.analogOn && this.lut) this.show(!!(s & 0x08));
    if (s & 0x02) this.analogOn = false;
    if (s & 0x01) this.clockOn = false;
  }

  ink(ram, opt, i) {
    if (opt === 4) return 0xff;
    const v = opt === 8 ? ~ram[i] : ram[i];
    return ~v & 0xff;
  }

  show(partial) {
    const g = this.glass;
    for (let i = 0; i < g.length; i++) {
      const n = this.ink(this.bw, this.optBw, i);
      if (partial) {
        const moved = n ^ this.ink(this.red, this.optRed, i);
        g[i] = (g[i] & ~moved) | (n & moved);
      } else g[i] = n;
    }
    this.refreshes.push({ partial });
  }

  picture() {
    // x = gate (reversed with TB), y = the last source down to S0
    const w = this.width;
    const h = this.height;
    const pix = new Uint8Array(w * h);
    for (let gate = 0; gate < w; gate++) {
      const x = this.scan & 4 ? w - 1 - gate : gate;
      for (let s = 0; s < h; s++) {
        const bit = (this.glass[gate * XBYTES + (s >> 3)] >> (7 - (s & 7))) & 1;
        pix[(h - 1 - s) * w + x] = bit;
      }
    }
    return pix;
  }
}
