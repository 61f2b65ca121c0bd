// The box's display on a canvas: the 16x16 WS2812 matrix as round LEDs
// behind a diffuser (values through the LED gamma of tools/pico/window.py,
// since the firmware's brightness setting is in them), the OLED's lit
// pixels, the e-ink's ink on paper with its slow refresh (a full refresh
// flashes black and white before the picture; a partial one darkens in),
// over the BUSY time the emulator drove (the board's e-ink timings).
//
//   d = new Display(canvas, data); d.update(msg, emuMs); d.draw(emuMs)
//   d.frame() -> {width, height, rgb} the picture drawn (settled)
//
// A board mounted turned or flipped (display.rotate, display.mirror) drives
// its glass turned: the picture is turned back here (drivers/orient.py
// place: glass pixel of picture pixel), so the page shows the box as its
// player sees it, upright, whatever the mounting.

export class Display {
  constructor(canvas, data) {
    this.c = canvas;
    this.data = data;
    const d = data.display;
    this.kind = d.kind;
    this.w = d.width;
    this.h = d.height;
    this.cell = d.kind === 'ws2812' ? 26 : d.kind === 'ssd1680' ? 2 : 4;
    canvas.width = this.w * this.cell;
    canvas.height = this.h * this.cell;
    canvas.className = d.kind;
    this.ctx = canvas.getContext('2d');
    this.img = this.ctx.createImageData(this.w, this.h);
    this.small = new OffscreenCanvas(this.w, this.h);
    this.rgb = new Uint8Array(this.w * this.h * 3);     // settled picture
    if (d.kind === 'ssd1680') this.paint(this.rgb, 'paper');
    this.shown = this.rgb.slice();   // e-ink: the glass before the pending refresh
    this.pending = null;             // e-ink: {rgb, t0, t1, full}
    this.dirty = true;
    const bd = data.board.display || {};
    this.mount = bd.rotate || bd.mirror ? glassIndex(this.w, this.h, bd.rotate || 0, !!bd.mirror) : null;
    this.draw(0);
  }

  // the glass's picture (w x h x 3) turned upright
  upright(glass) {
    if (!this.mount) return glass;
    const out = new Uint8Array(glass.length);
    const m = this.mount;
    for (let i = 0; i < m.length; i++) {
      const g = 3 * m[i];
      out[3 * i] = glass[g]; out[3 * i + 1] = glass[g + 1]; out[3 * i + 2] = glass[g + 2];
    }
    return out;
  }

  paint(rgb, which) {
    const c = this.data.colours[which];
    for (let i = 0; i < rgb.length; i += 3) { rgb[i] = c[0]; rgb[i + 1] = c[1]; rgb[i + 2] = c[2]; }
  }

  update(msg, emuMs) {
    const cols = this.data.colours;
    if (msg.rgb) {
      const g = this.data.glow;
      const out = new Uint8Array(msg.rgb.length);
      for (let i = 0; i < out.length; i++) out[i] = g[msg.rgb[i]];
      this.rgb = this.upright(out);
    } else if (msg.pix) {
      const [on, off] = this.kind === 'ssd1680' ? [cols.ink, cols.paper] : [cols.oled_on, cols.oled_off];
      const pix = msg.pix;
      let out = new Uint8Array(pix.length * 3);
      for (let i = 0; i < pix.length; i++) out.set(pix[i] ? on : off, 3 * i);
      out = this.upright(out);
      if (this.kind === 'ssd1680' && msg.refresh) {
        if (this.pending) this.shown = this.pending.rgb;
        const t0 = msg.refresh.t / 1000;
        this.pending = { rgb: out, t0, t1: t0 + msg.refresh.us / 1000, full: !msg.refresh.partial };
      }
      this.rgb = out;
    }
    this.dirty = true;
    this.draw(emuMs);
  }

  // what the glass shows at emuMs (e-ink mid-refresh), as view.EinkPanel
  current(emuMs) {
    const p = this.pending;
    if (!p) return this.rgb;
    if (emuMs >= p.t1) { this.shown = p.rgb; this.pending = null; return p.rgb; }
    const f = Math.max(0, (emuMs - p.t0) / (p.t1 - p.t0));
    const out = new Uint8Array(p.rgb.length);
    if (p.full && f < 0.6) {
      this.paint(out, Math.floor(f / 0.15) % 2 === 0 ? 'ink' : 'paper');
      return out;
    }
    const g = p.full ? (f - 0.6) / 0.4 : f;
    for (let i = 0; i < out.length; i++) out[i] = this.shown[i] * (1 - g) + p.rgb[i] * g;
    return out;
  }

  draw(emuMs) {
    if (!this.dirty && !this.pending) return;
    this.dirty = false;
    const rgb = this.current(emuMs);
    const { ctx, w, h, cell } = this;
    if (this.kind === 'ws2812') {
      ctx.fillStyle = '#0b0b0d';
      ctx.fillRect(0, 0, w * cell, h * cell);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const o = 3 * (y * w + x);
          const cx = (x + 0.5) * cell;
          const cy = (y + 0.5) * cell;
          const r = rgb[o]; const g = rgb[o + 1]; const b = rgb[o + 2];
          if (r + g + b) {
            // the diffuser: each LED a soft disc of its colour
            const grad = ctx.createRadialGradient(cx, cy, 0, cx, cy, cell * 0.62);
            grad.addColorStop(0, `rgb(${r},${g},${b})`);
            grad.addColorStop(0.55, `rgba(${r},${g},${b},0.85)`);
            grad.addColorStop(1, `rgba(${r},${g},${b},0)`);
            ctx.fillStyle = grad;
            ctx.fillRect(cx - cell, cy - cell, 2 * cell, 2 * cell);
          } else {
            ctx.fillStyle = '#1c1c20';
            ctx.beginPath();
            ctx.arc(cx, cy, cell * 0.36, 0, 2 * Math.PI);
            ctx.fill();
          }
        }
      }
      return;
    }
    const d = this.img.data;
    for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
      d[j] = rgb[i]; d[j + 1] = rgb[i + 1]; d[j + 2] = rgb[i + 2]; d[j + 3] = 255;
    }
    this.small.getContext('2d').putImageData(this.img, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.small, 0, 0, w * cell, h * cell);
  }

  frame() {
    return { width: this.w, height: this.h, rgb: this.rgb.slice(), kind: this.kind };
  }
}

// For each picture pixel (row by row), its glass pixel's index: the turn of
// drivers/orient.py place (rotate clockwise, then mirror left-right).  The
// glass is w x h (a quarter turn only on a square matrix).
function glassIndex(w, h, rotate, mirror) {
  const out = new Uint32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let gx = x; let gy = y;
      if (rotate === 90) { gx = h - 1 - y; gy = x; } else if (rotate === 180) { gx = w - 1 - x; gy = h - 1 - y; } else if (rotate === 270) { gx = y; gy = w - 1 - x; }
      if (mirror) gx = (rotate % 180 ? h : w) - 1 - gx;
      out[y * w + x] = gy * w + gx;
    }
  }
  return out;
}
