// The emulator process: one emulated Pico (see lib/machine.mjs) driven by
// tools/pico/pico.py over JSON lines (requests on stdin, answers and events
// on stdout; nothing else is ever written to stdout), with its USB serial
// port on a TCP loopback socket so that `mpremote connect
// socket://127.0.0.1:PORT` works unchanged.
//
//   node emu.mjs '<config JSON>'      (pico.py writes the config)
//
// Requests {"id": n, "cmd": ..., ...}; every one gets {"id": n, "ok": true,
// ...} or {"id": n, "ok": false, "error": "..."}.  Commands: run_until
// {t_us}, run_free {realtime}, pause, input {gpio, level, at_us}, serial
// {since}, serial_write {data (base64)}, events {kind, since, drop}, state,
// save, power_cycle, watchdog, config {eink...}, peek {addr, len}, adc {channel,
// value}, close.
// The flash image is written to its file (write + rename) on save, close,
// reset, at the end of each run_until and every 2 s of a free run when it
// changed.
import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';
import { FLASH_SIZE, loadUF2 } from './lib/chip.mjs';
import { Machine } from './lib/machine.mjs';
import { Recorder, KINDS } from './lib/record.mjs';

const out = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
const err = (msg) => process.stderr.write(msg + '\n');
let sioNoise = 0;
console.log = console.info = console.debug = (...a) => err(a.join(' '));
console.warn = (...a) => {
  const s = a.join(' ');
  if (s.includes('invalid SIO address')) sioNoise++; // the inter-core FIFO: not modelled
  else err(s);
};
// rp2040js's warnings, each kind once with its count (the first 200 kinds):
// an unimplemented register the firmware reads is where the emulator and
// the chip part (tools/pico/play.py unmodelled() checks a game's)
const warnings = new Map();
function warned(s) {
  s = s.replace(/(write to 0x[0-9a-f]+): 0x-?[0-9a-f]+$/, '$1');   // the kind, not the value
  if (warnings.has(s)) warnings.set(s, warnings.get(s) + 1);
  else if (warnings.size < 200) warnings.set(s, 1);
}
const logger = {
  debug() {}, info() {},
  warn(c, m) { warned(`${c}: ${m}`); },
  error(c, m) { err(`[${c}] ${m}`); warned(`error ${c}: ${m}`); },
};

const config = JSON.parse(process.argv[2] || '{}');
function readInput(path, what) {
  try {
    return new Uint8Array(fs.readFileSync(path));
  } catch (e) {
    throw new Error(`cannot read the ${what} ${path}: ${e.code || e.message}`);
  }
}

// ---- flash image ----
const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
if (config.flash && !config.fresh && fs.existsSync(config.flash)) {
  const old = readInput(config.flash, 'flash image');
  if (old.length !== FLASH_SIZE) {
    throw new Error(`flash image ${config.flash} is ${old.length} bytes, not ${FLASH_SIZE}: delete it or start fresh`);
  }
  flash.set(old);
}
loadUF2(readInput(config.uf2, 'UF2'), flash);
const bootrom = readInput(config.bootrom, 'bootrom');
if (bootrom.length !== 16384) throw new Error(`bootrom ${config.bootrom} is ${bootrom.length} bytes, not 16384`);
let dirty = true;   // (the UF2 was just written into it)
function save() {
  if (!config.flash) return;
  machine.chip.sync();
  const tmp = config.flash + '.tmp';
  fs.writeFileSync(tmp, flash);
  fs.renameSync(tmp, config.flash);
  dirty = false;
}

// ---- serial output ----
const serial = [];
let serialLen = 0;
let client = null;
function onSerial(buf) {
  const b = Buffer.from(buf);
  serial.push(b);
  serialLen += b.length;
  if (client) client.write(b);
}

const machine = new Machine({
  bootrom, flash, config, logger, onSerial, onFlashWrite: () => { dirty = true; },
});
machine.recorder = new Recorder(machine, config);
// A reset re-enumerates the USB device: on a real Pico the host's serial
// port goes away and an open connection ends (mpremote must connect again,
// as after `mpremote reset`).  The listening socket stays: the port comes
// back once the board is up.
machine.onReset = () => {
  if (client) {
    const c = client;
    client = null;
    c.destroy();
  }
};
machine.powerOn('power-on');

// ---- the runner: one goal at a time ----
let goal = null;          // {limit (ns), resolve, reject} or {free: true}
let realtime = !!config.realtime;
let kick = null;
const wakeRunner = () => { if (kick) { const k = kick; kick = null; k(); } };
const sleep = (ms) => new Promise((r) => { const t = setTimeout(r, ms); kick = () => { clearTimeout(t); r(); }; });
let anchor = { wall: Date.now(), emu: 0 };     // last moment the board was busy
let rt = { wall: Date.now(), emu: 0 };         // realtime pacing
let lastSave = Date.now();
let closing = false;

async function runner() {
  while (!closing) {
    if (!goal) { await sleep(1000); continue; }
    const now = machine.now();
    let limit = goal.free ? Infinity : goal.limit;
    if (now >= limit) { finish(null); continue; }
    const wall = Date.now();
    if (realtime) {
      if (now < rt.emu + (wall - rt.wall) * 1e6 - 50e6) rt = { wall, emu: now }; // fell behind: no catch-up burst
      limit = Math.min(limit, rt.emu + (wall - rt.wall) * 1e6);
    }
    // an indefinite wait (REPL) runs at wall speed while a host is there
    const wallIdle = client || goal.free || realtime;
    const idleLimit = wallIdle ? anchor.emu + (wall - anchor.wall) * 1e6 : limit;
    let r;
    try {
      r = machine.run(limit, idleLimit, 40);
    } catch (e) {
      finish(e);
      continue;
    }
    if (r === 'flash') { finish(null, 'flash'); continue; }
    if (r !== 'idle') anchor = { wall: Date.now(), emu: machine.now() };
    if (goal && goal.free && dirty && Date.now() - lastSave > 2000) { save(); lastSave = Date.now(); }
    if (r === 'idle' || (realtime && machine.now() >= limit && limit < (goal.free ? Infinity : goal.limit))) await sleep(2);
    else await new Promise((res) => setImmediate(res));
  }
}

function finish(error, why = 'limit') {
  const g = goal;
  goal = null;
  if (!g) return;
  if (dirty) save();
  if (g.free) {
    if (error) out({ event: 'stopped', error: error.message, now_us: machine.now() / 1000 });
    else if (why !== 'limit') out({ event: 'stopped', error: null, why, now_us: machine.now() / 1000 });
    return;
  }
  if (error) g.reject(error);
  else g.resolve(why);
}

function alarmList() {
  const out = [];
  const { clock } = machine.chip;
  for (let a = clock.nextAlarm; a && out.length < 12; a = a.next) {
    out.push([(a.nanos - clock.nanos) / 1000, machine.quiet(a)]);
  }
  return out;
}

function state() {
  const { core } = machine.chip.mcu;
  return {
    now_us: machine.now() / 1000, resets: machine.resets, running: !!goal,
    reset_reason: machine.watchdog.reason, waiting: core.waiting, pc: core.PC >>> 0,
    flash_ops: machine.flashOps, serial_bytes: serialLen, usb_ready: machine.usb.ready,
    client: !!client, port, alarms: alarmList(), stats: machine.stats, sio_noise: sioNoise, warnings: [...warnings], error: machine.error,
  };
}

// ---- commands ----
const handlers = {
  run_until(req) {
    if (goal) throw new Error('already running (pause first)');
    const limit = req.t_us * 1000;
    machine.haltAtFlashOp = req.flash_ops ? machine.flashOps + req.flash_ops : 0;
    return new Promise((resolve, reject) => {
      goal = { limit, resolve: (why) => resolve({ now_us: machine.now() / 1000, stopped: why }), reject };
      anchor = { wall: Date.now(), emu: machine.now() };
      wakeRunner();
    });
  },
  run_free(req) {
    if (goal && !goal.free) throw new Error('a run_until is in progress');
    realtime = !!req.realtime;
    machine.haltAtFlashOp = 0;
    rt = { wall: Date.now(), emu: machine.now() };
    anchor = { wall: Date.now(), emu: machine.now() };
    goal = { free: true };
    wakeRunner();
    return { now_us: machine.now() / 1000 };
  },
  pause() {
    if (goal && goal.free) finish(null);
    else if (goal) throw new Error('a run_until is in progress');
    return { now_us: machine.now() / 1000 };
  },
  input(req) {
    const t = req.at_us === null || req.at_us === undefined ? machine.now() : req.at_us * 1000;
    if (t < machine.now()) {
      throw new Error(`input at ${req.at_us} us is in the past (now ${machine.now() / 1000} us)`);
    }
    if (!(req.gpio >= 0 && req.gpio < 30)) throw new Error(`no GPIO ${req.gpio} (0..29)`);
    machine.drive(req.gpio, req.level, t);
    return { at_us: t / 1000 };
  },
  serial(req) {
    const since = req.since || 0;
    const all = Buffer.concat(serial);
    serial.length = 0;
    serial.push(all);
    return { data: all.subarray(Math.min(since, all.length)).toString('base64'), next: all.length };
  },
  serial_write(req) {
    machine.serialWrite(new Uint8Array(Buffer.from(req.data, 'base64')));
    wakeRunner();
    return {};
  },
  events(req) {
    const kinds = req.kind ? [req.kind] : KINDS;
    const res = {};
    for (const k of kinds) {
      const { events, next } = machine.recorder.take(k, req.since || 0, !!req.drop);
      res[k] = { events: events.map((e) => Recorder.out(k, e)), next };
    }
    return res;
  },
  state() { return state(); },
  save() { save(); return {}; },
  power_cycle() {
    if (goal && !goal.free) throw new Error('a run_until is in progress');
    machine.resetPending = null;
    machine.resets++;
    machine.onReset('power-on');
    machine.powerOn('power-on');
    return state();
  },
  watchdog() {
    // the watchdog's counter run out, as when the firmware stops feeding
    // it: REASON's TIMER bit set (what machine.reset_cause() reads as
    // WDT_RESET) and the chip reset, the flash kept (lib/machine.mjs)
    if (goal && !goal.free) throw new Error('a run_until is in progress');
    machine.watchdog.reason = 1;
    machine.watchdog.onWatchdogTrigger();
    machine.reset('watchdog');
    return state();
  },
  config(req) {
    if (req.eink) Object.assign(machine.recorder.eink || {}, req.eink);
    return {};
  },
  adc(req) {
    if (!(req.channel >= 0 && req.channel <= 4)) throw new Error(`no ADC channel ${req.channel} (0..4)`);
    if (!(req.value >= 0 && req.value <= 4095)) throw new Error(`ADC value ${req.value}: 0..4095 (12 bits)`);
    machine.setAdc(req.channel, Math.round(req.value));
    return {};
  },
  peek(req) {
    const b = [];
    for (let i = 0; i < req.len; i++) b.push(machine.chip.mcu.readUint8(req.addr + i));
    return { data: Buffer.from(b).toString('hex') };
  },
  close() {
    closing = true;
    if (goal && !goal.free) goal.reject(new Error('closed'));
    goal = null;
    save();
    return {};
  },
};

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', async (line) => {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    out({ id: null, ok: false, error: `bad request (not JSON): ${line.slice(0, 80)}` });
    return;
  }
  const h = handlers[req.cmd];
  try {
    if (!h) throw new Error(`unknown command '${req.cmd}'`);
    const res = await h(req);
    out({ id: req.id, ok: true, ...res });
    if (req.cmd === 'close') shutdown(0);
  } catch (e) {
    out({ id: req.id, ok: false, error: e.message });
  }
});
rl.on('close', () => { // the driver went away: save and stop
  closing = true;
  try { save(); } catch (e) { err(`save failed: ${e.message}`); }
  shutdown(0);
});

// ---- the USB serial socket ----
let port = null;
const server = net.createServer((sock) => {
  if (client) client.destroy();
  client = sock;
  sock.setNoDelay(true);
  sock.on('data', (d) => { machine.serialWrite(new Uint8Array(d)); wakeRunner(); });
  const gone = () => { if (client === sock) client = null; };
  sock.on('close', gone);
  sock.on('error', gone);
});

function shutdown(code) {
  closing = true;
  server.close();
  if (client) client.destroy();
  setImmediate(() => process.exit(code));
}

if (config.port === null || config.port === undefined || config.port < 0) {
  out({ event: 'ready', port: null, now_us: 0 });
  runner();
} else {
  server.on('error', (e) => { out({ event: 'fatal', error: `serial socket: ${e.message}` }); process.exit(1); });
  server.listen(config.port, '127.0.0.1', () => {
    port = server.address().port;
    out({ event: 'ready', port, now_us: 0 });
    runner();
  });
}
