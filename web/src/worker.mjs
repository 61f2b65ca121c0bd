// The emulated box in the page's Web Worker: one RP2040 (tools/pico/lib/,
// the same Machine, Recorder and chip code `make pico` runs under Node)
// with a board's frozen UF2, its flash image kept by the page (IndexedDB),
// and what its pins drive turned into what the page shows: the display
// (WS2812 frames; the SSD1306 / SSD1680 traffic through the controller
// models of panels.mjs), the pad LEDs, the buzzer and the speaker's PWM.
//
// Messages from the page: {cmd: 'boot', data (a board's data, built by
// tools/web.py), uf2 (its display kind's firmware), fsBlocks, boardJson
// (null when the firmware's frozen board is this one),
// bootrom, flash (the saved image or null), fast}: a flash with no
// /board.json (new, or saved by an older page) gets a fresh file system
// holding the board file (littlefs.mjs format), which the firmware's
// main.py boots before its frozen one;
// files ({name: text}: a fresh file system with those beside the board
// file, start file for a link or a replay), scratch (the flash is not sent
// back to be kept); {cmd: 'pace', mult} (emulated ms per wall ms: 1, 4;
// 0 paused; Infinity as fast), {cmd: 'step', ms} (paused: run that much
// emulated time, then pause again), {cmd: 'arm', needle, presses: [{gpio,
// at, hold}]} (when the console says needle, the box has dealt: each press
// is driven at that moment + at ms, held hold ms; {type: 'dealt', emuMs}),
// {cmd: 'pin', gpio, level}, {cmd: 'press', id, gpio, ms},
// {cmd: 'readFile' | 'listDir', id, path}, {cmd: 'audio', on}.
// To the page: {type: 'frame', ...} (what changed, ~30 times a second of
// wall time), {type: 'reply', id, ok, value | error}, {type: 'flash', image}
// (every 2 s of wall time when the firmware wrote to it), {type: 'serial',
// text}, {type: 'stopped', error}.
//
// Time: realtime (emulated time never ahead of the wall clock) unless fast;
// an idle core (WFI/WFE) jumps to its next wake-up either way, so a waiting
// box costs no CPU (lib/machine.mjs).
import { FLASH_SIZE, loadUF2 } from '../../tools/pico/lib/chip.mjs';
import { Machine } from '../../tools/pico/lib/machine.mjs';
import { Recorder } from '../../tools/pico/lib/record.mjs';
import { LittleFs, format } from '../../tools/pico/lib/littlefs.mjs';
import { Sh1106, Ssd1306, Ssd1680 } from './panels.mjs';

const FRAME_MS = 33;         // wall ms between two posts to the page
const SAVE_MS = 2000;        // wall ms between two flash saves (when written)
const FAST_CHUNK_NS = 100e6; // emulated ns per run call in fast mode
const BUDGET_MS = 25;        // wall ms per run call: the worker answers between

let m = null;
let flash = null;
let board = null;
let fast = false;
let mult = 1;                // paced: emulated ms per wall ms (0: paused)
let stepUntil = 0;           // paused: run up to this emulated ns
let scratch = false;
let armed = null;            // {needle, presses, seen}
let audio = false;
let panel = null;
let dirty = false;
let stopped = null;
const levels = new Map();
const presses = [];          // {id, until (ns)}
const pwmOut = [];
let rgb = null;              // the matrix: raw LED values, x/y order
let newPicture = false;
let refresh = null;          // e-ink: {partial, us, t}
let first = false;           // the display has shown a picture (not blank)
let firstPix = null;         // OLED: that first picture, until posted
let serialText = '';
let lastPost = 0;
let lastSave = 0;
let rate = { wall: 0, emu: 0, ratio: 0 };
const decoder = new TextDecoder();
const hexBytes = (h) => {
  const b = new Uint8Array(h.length >> 1);
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.substr(2 * i, 2), 16);
  return b;
};
const logger = {
  debug() {}, info() {}, warn() {},
  error(c, msg) { post({ type: 'serial', text: `[${c}] ${msg}\n` }); },
};
const post = (msg, transfer) => self.postMessage(msg, transfer || []);

function boot(req) {
  board = req.data;
  fast = !!req.fast;
  scratch = !!req.scratch;
  flash = new Uint8Array(FLASH_SIZE).fill(0xff);
  if (req.flash && req.flash.byteLength === FLASH_SIZE && !req.files) flash.set(new Uint8Array(req.flash));
  loadUF2(req.uf2, flash);
  // a saved flash is kept when its file system is there with the board
  // file (boardJson null: the firmware's frozen board is this board's, and
  // no board.json is written: its boot reads none, 30-45 ms of emulated
  // time less)
  let has = false;
  if (req.flash && !req.files) {
    try {
      const fs = new LittleFs(flash);
      has = req.boardJson === null || fs.readFile('/board.json').length > 0;
    } catch (e) { has = false; }
  }
  if (!has) {
    const enc = new TextEncoder();
    const files = {};
    if (req.boardJson !== null) files['board.json'] = enc.encode(req.boardJson);
    for (const [k, v] of Object.entries(req.files || {})) files[k] = enc.encode(v);
    format(flash, { blockCount: req.fsBlocks, files });
  }
  const config = board.config;
  m = new Machine({
    bootrom: req.bootrom, flash, config, logger,
    onSerial: (buf) => {
      const text = decoder.decode(buf, { stream: true });
      serialText += text;
      if (armed) dealt(text);
    },
    onFlashWrite: () => { dirty = true; },
  });
  m.recorder = new Recorder(m, config);
  m.powerOn('power-on');
  const d = board.display;
  if (d.kind === 'ssd1306') panel = new Ssd1306(d.width, d.height);
  else if (d.kind === 'sh1106') panel = new Sh1106(d.width, d.height);
  else if (d.kind === 'ssd1680') panel = new Ssd1680(d.width, d.height);
  dirty = true;
  rate = { wall: performance.now(), emu: 0, ratio: 0 };
  schedule();
}

// ---- what the pins did ----
function take(kind) {
  return m.recorder.take(kind, 0, true).events;
}

function chainIndex(x, y, w, layout) {
  // drivers/ws2812.py chain_index: serpentine rows alternate direction
  return layout === 'serpentine' && (y & 1) ? y * w + (w - 1 - x) : y * w + x;
}

function drain() {
  const d = board.display;
  const gpio = take('gpio');
  for (const e of gpio) levels.set(e.gpio, e.level);
  if (d.kind === 'ws2812') {
    const frames = take('ws2812');
    // the last frame; before the first picture, the first one with a lit LED
    let f = frames[frames.length - 1];
    if (!first) f = frames.find((x) => /[^0]/.test(x.data)) || f;
    if (f) {
      const raw = hexBytes(f.data);
      const out = new Uint8Array(d.width * d.height * 3);
      const at = { R: d.order.indexOf('R'), G: d.order.indexOf('G'), B: d.order.indexOf('B') };
      for (let y = 0; y < d.height; y++) {
        for (let x = 0; x < d.width; x++) {
          const i = 3 * chainIndex(x, y, d.width, d.layout);
          if (i + 3 > raw.length) continue;
          const o = 3 * (y * d.width + x);
          out[o] = raw[i + at.R]; out[o + 1] = raw[i + at.G]; out[o + 2] = raw[i + at.B];
        }
      }
      rgb = out;
      newPicture = true;
      if (!first && /[^0]/.test(f.data)) first = true;
    }
  } else if (d.kind === 'ssd1306' || d.kind === 'sh1106') {
    for (const e of take('i2c')) {
      if (!e.read && e.ack) panel.i2cWrite(hexBytes(e.data));
      // the first picture with a lit pixel is kept for the page as it was
      if (!first && panel.changed) {
        const pic = panel.picture();
        if (pic.includes(1)) { first = true; firstPix = pic; }
      }
    }
    if (panel.changed) { panel.changed = false; newPicture = true; }
  } else if (d.kind === 'ssd1680') {
    const bd = board.board.display;
    const spi = take('spi');
    const pins = gpio.filter((e) => e.gpio === bd.rst);
    const busy = take('busy');
    // RES# pulses and bytes in time order (a pin change first at a tie)
    let i = 0;
    for (const s of spi) {
      while (i < pins.length && pins[i].t <= s.t) {
        const p = pins[i++];
        if (p.level === 0 && panel.rstLevel !== 0) panel.reset();
        if (p.level !== null) panel.rstLevel = p.level;
      }
      if (s.cs === 0 && panel.rstLevel !== 0) panel.spiWrite(s.dc, s.bytes);
    }
    for (; i < pins.length; i++) {
      const p = pins[i];
      if (p.level === 0 && panel.rstLevel !== 0) panel.reset();
      if (p.level !== null) panel.rstLevel = p.level;
    }
    if (panel.refreshes.length) {
      const r = panel.refreshes[panel.refreshes.length - 1];
      panel.refreshes = [];
      const b = busy.filter((e) => e.why === 'refresh').pop();
      const us = b ? b.us : (r.partial ? config().eink.partial_us : config().eink.full_us);
      refresh = { partial: r.partial, us, t: b ? b.t : m.now() / 1000 };
      newPicture = true;
      first = true;
    }
  }
  const pwm = take('pwm');
  if (audio && !fast && mult === 1) {
    const bz = board.board.buzzer && board.board.buzzer.pin;
    const sp = board.board.speaker && board.board.speaker.pin;
    for (const e of pwm) {
      if (e.gpio === bz || e.gpio === sp) pwmOut.push([e.gpio === sp ? 1 : 0, e.t, e.en ? 1 : 0, e.freq, e.duty]);
    }
  }
  for (const k of ['dma', 'reset', 'flash']) take(k);
}

const config = () => board.config;

function postFrame(now) {
  const d = board.display;
  const msg = { type: 'frame', emuMs: m.now() / 1e6, ratio: rate.ratio, resets: m.resets };
  const leds = board.board.pads.map((p) => (p.led !== undefined && p.led !== null ? levels.get(p.led) || 0 : 0));
  msg.leds = leds;
  const transfer = [];
  if (newPicture) {
    newPicture = false;
    msg.first = first;
    if (d.kind === 'ws2812') {
      msg.rgb = rgb.slice();
    } else {
      msg.pix = firstPix || panel.picture();
      firstPix = null;
      if (refresh) { msg.refresh = refresh; refresh = null; }
    }
  }
  if (pwmOut.length) { msg.pwm = pwmOut.splice(0); }
  if (serialText) { msg.serial = serialText; serialText = ''; }
  post(msg, transfer);
  lastPost = now;
}

// a replay's presses, from the moment the box said it dealt
function dealt(text) {
  armed.seen += text;
  if (!armed.seen.includes(armed.needle)) {
    armed.seen = armed.seen.slice(-armed.needle.length);
    return;
  }
  const t0 = m.now();
  for (const p of armed.presses) {
    m.drive(p.gpio, 0, t0 + p.at * 1e6);
    m.drive(p.gpio, 1, t0 + (p.at + p.hold) * 1e6);
  }
  post({ type: 'dealt', emuMs: t0 / 1e6 });
  armed = null;
}

function saveFlash(now) {
  if (scratch) { dirty = false; lastSave = now; return; }
  m.chip.sync();
  const copy = flash.slice();
  post({ type: 'flash', image: copy.buffer }, [copy.buffer]);
  dirty = false;
  lastSave = now;
}

// ---- the run loop ----
const channel = new MessageChannel();
let pending = false;
channel.port1.onmessage = () => { pending = false; step(); };
function schedule(delay = 0) {
  if (pending) return;
  pending = true;
  if (delay) setTimeout(() => { pending = false; step(); }, delay);
  else channel.port2.postMessage(0);
}

function step() {
  if (stopped) return;
  const wall = performance.now();
  const now = m.now();
  let limit;
  if (fast || mult === Infinity) limit = now + FAST_CHUNK_NS;
  else if (mult === 0) {
    // paused (step by step): only up to a step's end
    if (now >= stepUntil) {
      rate.rtWall = 0;
      if (wall - lastPost >= 250) postFrame(wall);    // the page's status says paused
      schedule(50);
      return;
    }
    limit = Math.min(stepUntil, now + FAST_CHUNK_NS);
  } else {
    // realtime: never ahead of the wall clock; no catch-up burst after a stall
    if (!rate.rtWall || now < rate.rtEmu + (wall - rate.rtWall) * 1e6 * mult - 50e6) {
      rate.rtWall = wall;
      rate.rtEmu = now;
    }
    limit = rate.rtEmu + (wall - rate.rtWall) * 1e6 * mult;
  }
  let r = 'limit';
  try {
    if (limit > now) r = m.run(limit, limit, BUDGET_MS);
  } catch (e) {
    stopped = e.message;
    drain();
    postFrame(wall);
    post({ type: 'stopped', error: e.message });
    return;
  }
  drain();
  const after = m.now();
  for (let i = presses.length - 1; i >= 0; i--) {
    if (after >= presses[i].until) {
      post({ type: 'reply', id: presses[i].id, ok: true, value: after / 1e6 });
      presses.splice(i, 1);
    }
  }
  const w2 = performance.now();
  if (w2 - rate.wall >= 1000) {
    rate.ratio = (after / 1e6 - rate.emu) / (w2 - rate.wall);
    rate.wall = w2;
    rate.emu = after / 1e6;
  }
  if (w2 - lastPost >= FRAME_MS) postFrame(w2);
  if (dirty && w2 - lastSave >= SAVE_MS) saveFlash(w2);
  // caught up with the wall clock: let it move on
  schedule(!fast && mult !== Infinity && r === 'limit' && m.now() >= limit ? 4 : 0);
}

// ---- requests ----
function files(fn) {
  m.chip.sync();
  return fn(new LittleFs(flash));
}

const handlers = {
  boot,
  pin(req) { m.drive(req.gpio, req.level, m.now()); },
  audio(req) { audio = !!req.on; },
  pace(req) { mult = req.mult === null ? Infinity : req.mult; rate.rtWall = 0; stepUntil = 0; },
  step(req) { stepUntil = m.now() + req.ms * 1e6; },
  arm(req) { armed = { needle: req.needle, presses: req.presses, seen: '' }; },
  press(req) {
    const t = m.now();
    m.drive(req.gpio, 0, t);
    m.drive(req.gpio, 1, t + req.ms * 1e6);
    presses.push({ id: req.id, until: t + req.ms * 1e6 });
  },
  wait(req) { presses.push({ id: req.id, until: m.now() + req.ms * 1e6 }); },
  readFile(req) { return files((fs) => fs.readFile(req.path)); },
  listDir(req) { return files((fs) => fs.listDir(req.path)); },
  save() { saveFlash(performance.now()); },
};

self.onmessage = (e) => {
  const req = e.data;
  const h = handlers[req.cmd];
  try {
    if (!h) throw new Error(`unknown command ${req.cmd}`);
    const value = h(req);
    if (req.id !== undefined && req.cmd !== 'press' && req.cmd !== 'wait') post({ type: 'reply', id: req.id, ok: true, value });
  } catch (err) {
    if (req.id !== undefined) post({ type: 'reply', id: req.id, ok: false, error: err.message });
    else post({ type: 'stopped', error: err.message });
  }
};
