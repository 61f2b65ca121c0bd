// The page: the box as its emulated pins drive it.  The display (the 16x16
// matrix as round LEDs behind a diffuser, the OLED, the e-ink with its slow
// refresh), the pads and their LEDs (click, touch, keys 1-8 / Q-I, M for the
// menu button, as `make sim`), the buzzer and speaker through Web Audio, a
// board chooser (every board file; one firmware per display kind, the
// board file written into the flash), the flash kept in IndexedDB, the last
// game's log to download, a link that opens a game (#board=&game=&players=
// &seed=, &log=), a game log replayed on the firmware (replay.mjs), and
// window.box for tests (docs/web.md).  The emulator itself runs in a Worker
// (worker.mjs, bundled into WORKER_SOURCE by build.mjs).
import { Display } from './screen.mjs';
import { Speaker } from './audio.mjs';
import * as store from './store.mjs';
import * as replayLog from './replay.mjs';

/* global WORKER_SOURCE */
const LOG_DIR = '/data/logs';
const params = new URLSearchParams(location.search);
// the link: #board=pico_oled&game=tape&players=3&seed=42 or &log=game_3.jsonl
const link = new URLSearchParams(location.hash.slice(1));
const fast = params.has('fast');
const $ = (id) => document.getElementById(id);

let worker = null;
let data = null;          // the board's data (tools/web.py)
let display = null;
let speaker = null;
let nextId = 1;
const waiting = new Map();
let emuMs = 0;
let firstFrame = null;
let lastFrame = null;
let consoleText = '';      // the box's USB serial output since power-on
let pace = fast ? Infinity : 1;
let onDealt = null;        // a replay waiting for the deal
let stepPresses = [];      // a replay's press times (emulated ms), for Step

function b64(s) {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error(`cannot load ${src} (is the page built whole? make web)`));
    document.head.appendChild(s);
  });
}

function ask(cmd, args = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ cmd, id, ...args });
  });
}

function status(text) { $('status').textContent = text; }

function onMessage(e) {
  const msg = e.data;
  if (msg.type === 'reply') {
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if (msg.ok) w.resolve(msg.value);
    else w.reject(new Error(msg.error));
  } else if (msg.type === 'frame') {
    emuMs = msg.emuMs;
    if (msg.ratio) box.speed = msg.ratio;
    // can the device keep up?  paced, the box should run at pace x real time
    const slow = pace !== Infinity && pace > 0 && msg.ratio && msg.ratio < 0.9 * pace;
    $('status').classList.toggle('slow', !!slow);
    if (msg.rgb || msg.pix) {
      display.update(msg, emuMs);
      lastFrame = display.frame();
      if (msg.first && firstFrame) { firstFrame(); firstFrame = null; }
    }
    display.draw(emuMs);
    drawLeds(msg.leds);
    if (msg.pwm && speaker) speaker.feed(msg.pwm, emuMs);
    if (msg.serial) consoleText += msg.serial;
    const r = msg.ratio ? ` · ${msg.ratio.toFixed(2)}× real time` : '';
    const behind = slow ? ' · this device cannot keep up: the box runs slower than a real one' : '';
    const how = pace === Infinity ? ' (fast)' : pace === 0 ? ' (paused: Step)' : pace !== 1 ? ` (${pace}×)` : '';
    status(`${data.title} · ${(emuMs / 1000).toFixed(1)} s emulated${r}${how}${behind}`);
  } else if (msg.type === 'dealt') {
    if (onDealt) onDealt(msg.emuMs);
  } else if (msg.type === 'flash') {
    store.save(data.name, msg.image).catch((err) => console.warn('flash not saved:', err));
  } else if (msg.type === 'stopped') {
    status(`the emulated box stopped: ${msg.error}`);
    for (const w of waiting.values()) w.reject(new Error(msg.error));
    waiting.clear();
  }
}

// ---- the pads ----
const padEls = [];
let held = new Map();      // source -> pad index or 'menu'

function pinOf(pad) {
  if (pad === 'menu') return data.board.menu_button ? data.board.menu_button.pin : null;
  return data.board.pads[pad] ? data.board.pads[pad].pin : null;
}

function hold(src, pad, down) {
  if (down) {
    if (held.has(src)) return;
    held.set(src, pad);
  } else {
    if (!held.has(src)) return;
    pad = held.get(src);
    held.delete(src);
  }
  const pin = pinOf(pad);
  if (pin === null || pin === undefined) return;
  worker.postMessage({ cmd: 'pin', gpio: pin, level: down ? 0 : 1 });
  const el = pad === 'menu' ? $('menu') : padEls[pad];
  if (el) el.classList.toggle('down', down);
  if (speaker) speaker.resume();
}

function buildPads() {
  const row = $('pads');
  row.innerHTML = '';
  padEls.length = 0;
  data.board.pads.forEach((p, k) => {
    const b = document.createElement('button');
    b.className = 'pad';
    b.innerHTML = `<span class="led"></span><span class="key">${data.keys[k][0]} / ${data.keys[k][1]}</span>`;
    const c = data.colours.players[k];
    b.style.setProperty('--player', `rgb(${c[0]},${c[1]},${c[2]})`);
    wire(b, k);
    row.appendChild(b);
    padEls.push(b);
  });
  $('menu').hidden = !data.board.menu_button;
  held = new Map();
}

function wire(el, pad) {
  el.onpointerdown = (e) => { el.setPointerCapture(e.pointerId); hold(`p${e.pointerId}`, pad, true); e.preventDefault(); };
  const up = (e) => hold(`p${e.pointerId}`, pad, false);
  el.onpointerup = up;
  el.onpointercancel = up;
  el.oncontextmenu = (e) => e.preventDefault();
}

function drawLeds(leds) {
  leds.forEach((on, k) => { if (padEls[k]) padEls[k].classList.toggle('lit', !!on); });
}

function keyPad(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === 'SELECT') return undefined;
  const c = e.key.toUpperCase();
  if (c === 'M') return 'menu';
  const k = data.keys.findIndex((ks) => ks.includes(c));
  return k >= 0 ? k : undefined;
}
window.addEventListener('keydown', (e) => {
  const pad = data && keyPad(e);
  if (pad === undefined || e.repeat) return;
  hold(`k${e.code}`, pad, true);
  e.preventDefault();
});
window.addEventListener('keyup', (e) => { if (data) hold(`k${e.code}`, null, false); });

// ---- a board ----
const boardOf = (name) => window.BOX_INDEX.find((b) => b.name === name);

// The board file as the flash holds it: littlefs keeps it inline (at most
// 512 bytes with MicroPython's settings), so a longer one goes minified.
const boardJson = (d) => (d.board_json.length <= 512 ? d.board_json : JSON.stringify(d.board));

async function start(name, { files = null } = {}) {
  const next = boardOf(name);
  if (!next) throw new Error(`no board ${name} (boards: ${box.boards.join(', ')})`);
  if (!next.firmware) {
    $('board').value = data ? data.name : '';
    say('notice', `${next.title}: the page cannot show this box: ${next.why}`);
    throw new Error(`${name}: the page cannot show it: ${next.why}`);
  }
  if (worker) {
    await ask('save').catch(() => {});
    worker.terminate();
    for (const w of waiting.values()) w.reject(new Error('the box was switched off (another board)'));
    waiting.clear();
  }
  if (!window.BOX_FIRMWARE || !window.BOX_FIRMWARE[next.firmware]) await loadScript(`firmware/${next.firmware}.js`);
  const fw = window.BOX_FIRMWARE[next.firmware];
  data = next;
  localStorage.setItem('box-board', name);
  $('board').value = name;
  $('uf2').href = fw.uf2_file;
  $('uf2').download = fw.uf2_file.split('/').pop();
  $('uf2').title = `the ${data.display.kind} firmware (frozen board: ${fw.frozen}); this box's board file is on its flash`;
  display = new Display($('screen'), data);
  buildPads();
  status(`${data.title}: starting…`);
  const saved = params.has('fresh') || files ? null : await store.load(name).catch(() => null);
  const uf2 = b64(fw.uf2);
  const bootrom = b64(window.BOX_ROM.bootrom);
  worker = new Worker(URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' })));
  worker.onmessage = onMessage;
  worker.onerror = (e) => status(`the emulator failed: ${e.message}`);
  emuMs = 0;
  lastFrame = null;
  consoleText = '';
  const t0 = performance.now();
  const ready = new Promise((resolve) => { firstFrame = () => { box.firstFrameWallMs = performance.now() - t0; resolve(); }; });
  // a link's or a replay's box: a fresh flash with its start file, not kept
  worker.postMessage({ cmd: 'boot', data, uf2, bootrom, flash: saved, fast, fsBlocks: fw.fs_blocks,
    boardJson: fw.frozen === data.name ? null : boardJson(data),
    files, scratch: !!files }, [uf2.buffer, bootrom.buffer]);
  onDealt = null;
  stepPresses = [];
  setPace(fast ? Infinity : 1);
  if (speaker) worker.postMessage({ cmd: 'audio', on: speaker.on });
  return ready;
}

async function lastLog() {
  const names = (await ask('listDir', { path: LOG_DIR })).map((f) => f.name);
  const nums = names.map((n) => /^game_(\d+)\.jsonl$/.exec(n)).filter(Boolean).map((x) => Number(x[1]));
  if (!nums.length) throw new Error('no game log yet: play a game first');
  const name = `game_${Math.max(...nums)}.jsonl`;
  return { name, bytes: await ask('readFile', { path: `${LOG_DIR}/${name}` }) };
}

// ---- a game opened by a link, a log replayed ----
function setPace(mult) {
  pace = mult;
  if (worker) worker.postMessage({ cmd: 'pace', mult });
}

function writeLink(fields) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== '') q.set(k, v);
  history.replaceState(null, '', `#${q}`);
}

const waitEmu = (ms) => ask('wait', { ms });
async function tap(k) {
  await box.press(k + 1, 60);
  await waitEmu(340);
}

// The box reads its pads once it has said its boot line (`boot ms: ...`):
// it opens them just after its first frame (firmware/booted.py).
async function padsUp() {
  for (let i = 0; i < 200 && !consoleText.includes('boot ms:'); i++) await waitEmu(50);
}

// From a fresh box's home menu to `game` with pads 1..people joined.
async function walkTo(game, people) {
  const g = data.games[game];
  if (!g) throw new Error(`no game ${game} (games: ${Object.keys(data.games).join(', ')})`);
  if (!(people >= 1 && people <= g.max)) throw new Error(`${game} on ${data.name}: 1 to ${g.max} players, not ${people}`);
  await padsUp();
  for (const k of g.taps) await tap(k);
  for (let k = 0; k < people; k++) await tap(k);
}

// A fresh box (its seed fixed when given) with `game` started for `players`.
async function openGame(name, game, players, seed) {
  const files = Number.isInteger(seed) ? { 'start': JSON.stringify({ seed }) } : {};
  await start(name, { files });
  await walkTo(game, players);
}

function say(id, text) { $(id).textContent = text; }

// The log played on a fresh box: its seed and options in start file, the
// menus walked, the people's presses driven at their times from the deal.
async function replay(text, opts) {
  try {
    return await replayOn(text, opts);
  } catch (err) {
    say('notice', err.message);
    throw err;
  }
}

async function replayOn(text, { speed } = {}) {
  const r = replayLog.read(text);
  say('notice', `replaying ${r.game}, ${r.players} players, seed ${r.seed}…`);
  await start(data.name, { files: { 'start': JSON.stringify({ seed: r.seed, options: { [r.game]: r.options } }) } });
  setPace(Infinity);                  // the menus at full speed
  const presses = r.presses.map((p) => ({ gpio: pinOf(p.pad), at: p.at, hold: 60 }));
  if (presses.some((p) => p.gpio === null || p.gpio === undefined)) {
    throw new Error(`the log has presses of pads ${data.name} does not have`);
  }
  const dealt = new Promise((resolve) => { onDealt = resolve; });
  worker.postMessage({ cmd: 'arm', needle: `game ${r.game} ${r.seed}`, presses });
  await walkTo(r.game, r.people);
  const t0 = await Promise.race([dealt, waitEmu(20000).then(() => null)]);
  if (t0 === null) throw new Error(`the box did not deal ${r.game} (seed ${r.seed}) within 20 s`);
  stepPresses = r.presses.map((p) => t0 + p.at);
  const want = speed === undefined ? (fast ? Infinity : Number($('pace').value) || 0) : speed;
  setPace(want);
  const lastT = r.lines[r.lines.length - 1].t;
  let got = [];
  let ended = false;
  for (;;) {
    await new Promise((res) => setTimeout(res, 300));
    const l = await lastLog().catch(() => null);
    if (l) {
      got = new TextDecoder().decode(l.bytes).split('\n').filter(Boolean).map((s) => JSON.parse(s));
      ended = got.some((d) => d.ev === 'end');
    }
    if (ended || emuMs > t0 + lastT + 60000) break;
  }
  const part = replayLog.partWays(r.lines, got);
  const out = { game: r.game, seed: r.seed, lines: r.lines.length, boxLines: got.length, ended, same: !part, part };
  say('notice', part
    ? `the replay and the log part ways at line ${part.line}: the log has ${JSON.stringify(part.log)}, the box ${JSON.stringify(part.box)}`
    : `replayed: the box played the log's game, ${r.lines.length} lines, the same`);
  return out;
}

async function replayFrom(text, name) {
  try {
    writeLink({ board: data.name, log: name });
    return await replay(text);
  } catch (err) {
    say('notice', `${name}: ${err.message}`);
    return null;
  }
}

// ---- the test API (docs/web.md) ----
const box = {
  ready: null,
  firstFrameWallMs: null,
  press(pad, ms = 80) {
    const p = pad === 'menu' ? 'menu' : Number(pad) - 1;
    const pin = pinOf(p);
    if (pin === null || pin === undefined) return Promise.reject(new Error(`no pad ${pad} on ${data.name}`));
    return ask('press', { gpio: pin, ms });
  },
  frame() {
    return lastFrame;
  },
  readFile(path) { return ask('readFile', { path }); },
  listDir(path) { return ask('listDir', { path }); },
  emulatedMs() { return emuMs; },
  console() { return consoleText; },
  sound() { return speaker ? { on: speaker.on, ...speaker.stats } : { on: false }; },
  board(name) {
    if (name === undefined) return data && data.name;
    box.ready = start(name);
    return box.ready;
  },
  // every board file (boards/*.json) the page offers, the default first
  // (a board it cannot show among them: box.load says why)
  boards: [],
  load(name) { return box.board(name); },
  // play a game log on a fresh box; resolves when it has played:
  // {game, seed, lines, boxLines, ended, same, part: null | {line, log, box}}
  replay(text, opts) { return replay(text, opts); },
  game(game, players, seed) { return openGame(data.name, game, players, seed); },
  // emulated ms per wall ms over the last second (the worker's measure)
  speed: 0,
  lastLog,
};
window.box = box;

// ---- the page ----
function setup() {
  const sel = $('board');
  box.boards = window.BOX_INDEX.map((b) => b.name);
  for (const b of window.BOX_INDEX) {
    const o = document.createElement('option');
    o.value = b.name;
    o.textContent = b.firmware ? b.title : `${b.title} (cannot be shown: ${b.why})`;
    o.disabled = !b.firmware;
    sel.appendChild(o);
  }
  sel.onchange = () => { writeLink({ board: sel.value }); box.ready = start(sel.value); };
  for (const g of ['batawaf', 'bataille', 'tape']) {
    const o = document.createElement('option');
    o.value = g;
    o.textContent = { batawaf: 'Bata-waf', bataille: 'Bataille', tape: 'Tape-treize' }[g];
    $('game').appendChild(o);
  }
  $('play').onclick = () => {
    const game = $('game').value;
    const players = Number($('players').value);
    const seed = $('seed').value === '' ? null : Number($('seed').value);
    writeLink({ board: data.name, game, players, seed });
    box.ready = openGame(data.name, game, players, seed).catch((err) => status(err.message));
  };
  $('logfile').onchange = async () => {
    const f = $('logfile').files[0];
    if (f) replayFrom(await f.text(), f.name);
  };
  document.body.addEventListener('dragover', (e) => e.preventDefault());
  document.body.addEventListener('drop', async (e) => {
    e.preventDefault();
    const f = e.dataTransfer.files[0];
    if (f) replayFrom(await f.text(), f.name);
  });
  $('pace').onchange = () => { if (stepPresses.length || pace !== Infinity) setPace(Number($('pace').value)); };
  $('step').onclick = () => {
    // paused: on to just after the next press of the replay (or 1 s)
    const next = stepPresses.find((t) => t > emuMs + 1);
    setPace(0);
    $('pace').value = '0';
    worker.postMessage({ cmd: 'step', ms: next ? next - emuMs + 500 : 1000 });
  };
  wire($('menu'), 'menu');
  $('log').onclick = async () => {
    try {
      const { name, bytes } = await lastLog();
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([bytes], { type: 'application/jsonl' }));
      a.download = name;
      a.click();
    } catch (err) { status(err.message); }
  };
  $('sound').onclick = () => {
    if (!speaker) speaker = new Speaker();
    speaker.toggle();
    $('sound').textContent = speaker.on ? 'Sound: on' : 'Sound: off';
    worker.postMessage({ cmd: 'audio', on: speaker.on });
  };
  $('erase').onclick = async () => {
    if (!window.confirm('Forget this box\'s settings and game logs (its flash) and start it again?')) return;
    worker.terminate();
    worker = null;
    await store.erase(data.name);
    params.set('fresh', '1');
    box.ready = start(data.name).then(() => params.delete('fresh'));
  };
  const shown = window.BOX_INDEX.filter((b) => b.firmware).map((b) => b.name);
  const want = link.get('board') || params.get('board') || localStorage.getItem('box-board');
  if (link.get('board') && !shown.includes(want)) {
    const b = boardOf(want);
    say('notice', b ? `${want}: the page cannot show it: ${b.why}` : `no board ${want} on this page`);
  }
  const first = shown.includes(want) ? want : shown[0];
  const game = link.get('game');
  const seed = link.has('seed') ? Number(link.get('seed')) : null;
  if (game) {
    box.ready = openGame(first, game, Number(link.get('players') || 1), seed).catch((err) => status(`the link: ${err.message}`));
  } else {
    box.ready = start(first);
  }
  if (link.get('log')) {
    const name = link.get('log');
    box.ready.then(() => fetch(name)).then((r) => {
      if (!r.ok) throw new Error(`${r.status}`);
      return r.text();
    }).then((text) => replayFrom(text, name), () => say('notice', `${name}: cannot read the log beside the page `
      + '(a page opened from the disk may not read files: choose or drop the log instead)'));
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
else setup();
