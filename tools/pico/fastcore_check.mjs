// lib/fastcore.mjs against rp2040js's own step (host_tests/pico/test_pico_fastcore.py):
//
//   node fastcore_check.mjs '{"mode": "opcodes", "trials": 6, "seed": 1}'
//     every opcode the fast table handles, on two bare RP2040s (one with
//     the fast step): random and edge registers and flags, one instruction
//     each; registers, flags, cycles (returned and counted), PRIMASK and
//     the SRAM it could have written compared after each.
//   node fastcore_check.mjs '{"mode": "firmware", "uf2", "bootrom", "flash",
//                             "config", "presses": [[at_us, gpio, hold_us]],
//                             "until_us", "step_us", "settle_us"}'
//     the real firmware on two Machines side by side, one with
//     config.fastCore false: run to the same emulated times (every step_us
//     from power-on; presses at T0 + at_us, T0 settle_us after the first
//     display frame on a whole ms, as tools/pico/play.py does) and compare
//     time, registers, flags, cycles, instruction counts, SRAM, USB RAM,
//     serial output and recorded events at each; the flash at the end.
//   node fastcore_check.mjs '{"mode": "one", "fast": true, ...firmware}'
//     one Machine only, timed: boot, idle and busy stretches (profiling).
// One JSON line on stdout.
import fs from 'node:fs';
import { RP2040 } from 'rp2040js';
import { FLASH_SIZE, loadUF2 } from './lib/chip.mjs';
import { Machine } from './lib/machine.mjs';
import { Recorder, KINDS } from './lib/record.mjs';
import { installFastCore, fastKind } from './lib/fastcore.mjs';

console.warn = () => {};   // (rp2040js's SIO warns on the console)
const args = JSON.parse(process.argv[2] || '{}');
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const out = (o) => process.stdout.write(JSON.stringify(o) + '\n');

// a small deterministic generator (xorshift32)
function rng(seed) {
  let s = (seed >>> 0) || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s;
  };
}

function coreState(c) {
  return [...c.registers, c.N, c.Z, c.C, c.V, c.PM, c.IPSR, c.waiting, c.SPSEL, c.bankedSP,
    c.currentMode, c.pendingInterrupts >>> 0, c.pendingSVCall, c.interruptsUpdated, c.cycles, c.eventRegistered];
}

function sameWords(a, b, from, to) {
  for (let i = from; i < to; i++) if (a[i] !== b[i]) return i;
  return -1;
}

// ---------------------------------------------------------------- opcodes
function opcodes() {
  const trials = args.trials || 6;
  const next = rng(args.seed || 1);
  const CODE = 0x20020000;          // the instruction under test
  const WIN0 = 0x2000f000;          // pointers point into [0x20010000, 0x20013000)
  const WIN1 = 0x20016000;
  const mk = (fast) => {
    const mcu = new RP2040();
    mcu.logger = quiet;
    if (fast) installFastCore(mcu);
    const fill = rng(7);
    const w = new Uint32Array(mcu.sram.buffer);
    for (let i = 0; i < w.length; i++) w[i] = fill();
    const f = new Uint32Array(mcu.flash.buffer, 0, 0x10000);
    for (let i = 0; i < f.length; i++) f[i] = fill();
    return { mcu, core: mcu.core, sram32: w };
  };
  const A = mk(false);
  const B = mk(true);
  const edge = [0, 1, 2, 31, 32, 33, 64, 255, 256, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe,
    0xfffffffc, 0x10000000, 0x10000002, 0x20041ffc, 0x20041ffe, 0x20041fff, 0x20042000, 0xd0000004, 0x40054028];
  const value = () => {
    const r = next() % 8;
    if (r === 0) return next();
    if (r === 1) return edge[next() % edge.length];
    if (r === 2) return next() % 40;
    if (r === 3) return (-(next() % 40)) >>> 0;
    if (r <= 5) return 0x20010000 + (next() % 0x3000);                   // pointer, any alignment
    if (r === 6) return (0x20010000 + (next() % 0x3000)) & ~3;          // aligned pointer
    return 0x10000000 + (next() % 0x40000);                              // flash
  };
  let n = 0;
  let handled = 0;
  for (let op = 0; op < 65536; op++) {
    if (!fastKind(op)) continue;
    handled++;
    for (let t = 0; t < trials; t++) {
      const regs = [];
      for (let i = 0; i < 13; i++) regs.push(value());
      const sp = (0x20011000 + (next() % 0x2000)) & ~3;
      const lr = value();
      const flags = next();
      for (const X of [A, B]) {
        const c = X.core;
        for (let i = 0; i < 13; i++) c.registers[i] = regs[i];
        c.registers[13] = sp;
        c.registers[14] = lr;
        c.registers[15] = CODE;
        c.N = !!(flags & 1); c.Z = !!(flags & 2); c.C = !!(flags & 4); c.V = !!(flags & 8);
        c.PM = !!(flags & 16);
        c.interruptsUpdated = false;
        c.waiting = false;
        X.mcu.sram[CODE - 0x20000000] = op & 0xff;
        X.mcu.sram[CODE - 0x20000000 + 1] = op >>> 8;
      }
      const ca = A.core.executeInstruction();
      const cb = B.core.executeInstruction();
      n++;
      const sa = coreState(A.core);
      const sb = coreState(B.core);
      let bad = ca !== cb || JSON.stringify(sa) !== JSON.stringify(sb);
      let at = -1;
      if (!bad) {
        at = sameWords(A.sram32, B.sram32, (WIN0 - 0x20000000) >> 2, (WIN1 - 0x20000000) >> 2);
        if (at < 0 && (n % 4096 === 0)) at = sameWords(A.sram32, B.sram32, 0, A.sram32.length);
        bad = at >= 0;
      }
      if (bad) {
        return { mode: 'opcodes', handled, trials: n, differ: {
          op: op.toString(16), kind: fastKind(op), regs: regs.map((r) => r.toString(16)), sp: sp.toString(16),
          lr: lr.toString(16), flags, cycles: [ca, cb], a: sa, b: sb,
          sram: at >= 0 ? (0x20000000 + at * 4).toString(16) : null,
        } };
      }
    }
  }
  const at = sameWords(A.sram32, B.sram32, 0, A.sram32.length);
  return { mode: 'opcodes', handled, trials: n, differ: at >= 0 ? { sram: (0x20000000 + at * 4).toString(16) } : null };
}

// ---------------------------------------------------------------- firmware
function machine(fast) {
  const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
  if (args.flash) flash.set(new Uint8Array(fs.readFileSync(args.flash)));
  loadUF2(new Uint8Array(fs.readFileSync(args.uf2)), flash);
  const bootrom = new Uint8Array(fs.readFileSync(args.bootrom));
  const config = { ...(args.config || {}), fastCore: fast };
  const serial = [];
  const m = new Machine({
    bootrom, flash, config, logger: quiet, onSerial: (b) => { for (const x of b) serial.push(x); },
    onFlashWrite: () => {},
  });
  m.recorder = new Recorder(m, config);
  m.powerOn('power-on');
  m.serial = serial;
  return m;
}

function firstFrame(m, limitNs) {
  for (let t = 50e6; t <= limitNs; t += 50e6) {
    m.run(t, t, Infinity);
    const ev = m.recorder.kinds.ws2812.list;
    if (ev.length) return ev[0].t;
  }
  throw new Error('no display frame');
}

function pressAll(ms, t0us) {
  for (const [at, gpio, hold] of args.presses || []) {
    for (const m of ms) {
      m.drive(gpio, 0, (t0us + at) * 1000);
      m.drive(gpio, 1, (t0us + at + hold) * 1000);
    }
  }
}

function look(m) {
  const c = m.chip.mcu.core;
  const rec = {};
  for (const k of KINDS) {
    const l = m.recorder.kinds[k].list;
    rec[k] = [l.length, l.length ? JSON.stringify(l[l.length - 1]) : null];
  }
  return { now: m.now(), core: coreState(c), stats: m.stats, resets: m.resets, flashOps: m.flashOps,
    serial: m.serial.length, rec };
}

function firmware() {
  const A = machine(false);
  const B = machine(true);
  const step = (args.step_us || 1000) * 1000;
  const t0w = Date.now();
  let checks = 0;
  let now = 0;
  const differ = (why, extra) => ({ mode: 'firmware', checks, at_us: now / 1000, differ: { why, ...extra } });
  const check = () => {
    checks++;
    const a = look(A);
    const b = look(B);
    if (JSON.stringify(a) !== JSON.stringify(b)) return differ('state', { a, b });
    const ma = A.chip.mcu;
    const mb = B.chip.mcu;
    const s = sameWords(new Uint32Array(ma.sram.buffer), new Uint32Array(mb.sram.buffer), 0, ma.sram.length >> 2);
    if (s >= 0) return differ('sram', { addr: (0x20000000 + s * 4).toString(16) });
    const u = sameWords(ma.usbDPRAM, mb.usbDPRAM, 0, ma.usbDPRAM.length);
    if (u >= 0) return differ('usb ram', { at: u });
    if (A.serial.join() !== B.serial.join()) return differ('serial', {});
    return null;
  };
  const runTo = (t) => {
    while (now < t) {
      now = Math.min(t, now + step);
      A.run(now, now, Infinity);
      B.run(now, now, Infinity);
      const d = check();
      if (d) return d;
    }
    return null;
  };
  // boot to the first frame, both machines (checked every step)
  let first = null;
  for (let t = 50e6; first === null; t += 50e6) {
    if (t > 30e9) return differ('no display frame', {});
    const d = runTo(t);
    if (d) return d;
    const ev = A.recorder.kinds.ws2812.list;
    if (ev.length) first = ev[0].t;
  }
  const t0 = Math.floor(first / 1000) * 1000 + (args.settle_us || 300000);
  pressAll([A, B], t0);
  const d = runTo((t0 + (args.until_us || 0)) * 1000);
  if (d) return d;
  A.chip.sync();
  B.chip.sync();
  const f = sameWords(A.flash, B.flash, 0, FLASH_SIZE);
  const ser = Buffer.from(A.serial).toString('latin1');
  return { mode: 'firmware', checks, at_us: now / 1000, first_frame_us: first, t0_us: t0,
    instructions: A.stats.instructions, resets: A.resets, flash_ops: A.flashOps,
    frames: A.recorder.kinds.ws2812.list.length, serial_tail: ser.slice(-300),
    wall_s: (Date.now() - t0w) / 1000,
    differ: f >= 0 ? { why: 'flash', at: f } : null };
}

function one() {
  const m = machine(args.fast !== false);
  const w = () => performance.now();
  const c = () => process.cpuUsage().user / 1e3 + process.cpuUsage().system / 1e3;
  const res = { mode: 'one', fast: args.fast !== false };
  let w0 = w();
  let c0 = c();
  const first = firstFrame(m, 30e9);
  res.boot = { emu_us: m.now() / 1000, wall_ms: w() - w0, cpu_ms: c() - c0 };
  const stretch = (name, us) => {
    const e0 = m.now();
    const i0 = m.stats.instructions;
    w0 = w();
    c0 = c();
    m.run(e0 + us * 1000, e0 + us * 1000, Infinity);
    const emu = (m.now() - e0) / 1000;
    res[name] = { emu_us: emu, per_wall: emu / ((w() - w0) * 1000), per_cpu: emu / ((c() - c0) * 1000),
      minstr: (m.stats.instructions - i0) / 1e6, mips_wall: (m.stats.instructions - i0) / ((w() - w0) * 1000) };
  };
  stretch('idle', args.idle_us || 5000000);
  const t0 = Math.floor(m.now() / 1e6) * 1000 + (args.settle_us || 300000);
  pressAll([m], t0);
  const last = (args.presses || []).reduce((x, p) => Math.max(x, p[0]), 0);
  m.run((t0 + last + 3000000) * 1000, (t0 + last + 3000000) * 1000, Infinity);
  stretch('busy', args.busy_us || 10000000);
  res.first_frame_us = first;
  res.serial_tail = Buffer.from(m.serial).toString('latin1').slice(-200);
  return res;
}

const mode = args.mode || 'opcodes';
out(mode === 'opcodes' ? opcodes() : mode === 'firmware' ? firmware() : one());
