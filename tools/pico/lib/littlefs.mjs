// littlefs v2 (the file system MicroPython's rp2 port keeps at the end of
// the flash), read straight from a flash image: list a directory, read a
// file; and a fresh one written (format, below).  Why: the web page
// (web/src/worker.mjs) hands the box's files (its game logs) to the person
// and to the browser test without stopping the box, which a REPL session
// (mpremote) would do.
//
//   const fs = new LittleFs(flash);       // Uint8Array of the whole flash
//   fs.listDir('/data/logs')  -> [{name, type: 'file' | 'dir', size}]
//   fs.readFile('/data/settings.json') -> Uint8Array
//
// What it reads (littlefs's on-disk format, SPEC.md of littlefs v2): the
// superblock (found by its "littlefs" magic; the file system ends where the
// flash ends), metadata pairs (the newer block of the two by revision count,
// its commits checked by their CRC, tags XORed with the tag before), the
// splices (create/delete shift the ids), names, inline files, CTZ skip-list
// files, hard tails (a directory spread over several pairs).  Not read: a
// move in progress after a power cut (the global state), user attributes.
// Errors say what is wrong in one line (Error).
//
//   format(flash, {blockCount, files: {'board.json': bytes}})
// writes a fresh file system at the end of the flash holding those files
// (in its root, each small enough to be inline): what MicroPython's mkfs
// makes (its rp2 port: 4 KB blocks, progsize 256) with the files in the
// same first commit (the reader above reads it back).  Why: the web page gives one firmware the board file
// of the box chosen (main.py boots a board.json found on the file system
// before the frozen one), so `make web` builds a firmware per display kind,
// not per board.

const MAGIC = 'littlefs';
const TYPE_REG = 0x001;
const TYPE_DIR = 0x002;
const TYPE_SUPERBLOCK = 0x0ff;
const TYPE_DIRSTRUCT = 0x200;
const TYPE_INLINESTRUCT = 0x201;
const TYPE_CTZSTRUCT = 0x202;
const TYPE_CREATE = 0x401;
const TYPE_DELETE = 0x4ff;
const TYPE_HARDTAIL = 0x601;
const TYPE_CCRC = 0x500;
const DISK_VERSION = 0x00020001;   // littlefs 2.1, what MicroPython v1.28's littlefs writes

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

// littlefs's CRC-32 (reflected 0x04c11db7, no final XOR), continued from crc
function crc32(crc, buf, start, end) {
  let c = crc;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return c >>> 0;
}

const le32 = (b, o) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
const be32 = (b, o) => ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
const tagSize = (t) => t & 0x3ff;
const tagId = (t) => (t >>> 10) & 0x3ff;
const tagType3 = (t) => (t >>> 20) & 0x7ff;
const isDelete = (t) => tagSize(t) === 0x3ff;
const dsize = (t) => 4 + tagSize(isDelete(t) ? 0 : t);
const ctz = (x) => 31 - Math.clz32(x & -x);
const decoder = new TextDecoder();

export class LittleFs {
  constructor(flash) {
    this.flash = flash;
    this.bs = 4096;
    let sb = -1;
    for (let o = 0; o + this.bs <= flash.length; o += this.bs) {
      if (decoder.decode(flash.subarray(o + 8, o + 16)) === MAGIC) { sb = o; break; }
    }
    if (sb < 0) throw new Error('no littlefs file system on the flash (not formatted yet?)');
    const root = this.commits(flash.subarray(sb, sb + this.bs));
    const sup = root && root.entries.find((e) => e && e.type === TYPE_SUPERBLOCK);
    if (!sup || !sup.inline || sup.inline.length < 12) throw new Error('littlefs: no superblock entry');
    this.bs = le32(sup.inline, 4);
    this.count = le32(sup.inline, 8);
    this.base = flash.length - this.bs * this.count;
    if (this.base < 0 || this.bs < 128) throw new Error(`littlefs: block size ${this.bs} x ${this.count} does not fit the flash`);
  }

  block(b) {
    if (b >= this.count) throw new Error(`littlefs: block ${b} past the file system`);
    return this.flash.subarray(this.base + b * this.bs, this.base + (b + 1) * this.bs);
  }

  // The entries of one metadata pair: [{name, type, inline | ctz | pair}], tail.
  fetch(pair) {
    const blocks = pair.map((b) => this.block(b));
    const revs = blocks.map((b) => le32(b, 0));
    const order = ((revs[1] - revs[0]) | 0) > 0 ? [1, 0] : [0, 1];
    for (const i of order) {
      const got = this.commits(blocks[i]);
      if (got) return got;
    }
    throw new Error(`littlefs: metadata pair ${pair} has no valid commit`);
  }

  commits(buf) {
    let entries = [];
    let tail = null;
    let work = null;      // the commit being read (applied when its CRC matches)
    let found = false;
    let crc = crc32(0xffffffff, buf, 0, 4);
    let ptag = 0xffffffff;
    let off = 0;
    const begin = () => { work = { entries: entries.map((e) => (e ? { ...e } : e)), tail }; };
    begin();
    for (;;) {
      off += dsize(ptag);
      if (off + 4 > buf.length) break;
      const raw = be32(buf, off);
      crc = crc32(crc, buf, off, off + 4);
      const tag = (raw ^ ptag) >>> 0;
      if (tag & 0x80000000) break;               // not programmed yet
      if (off + dsize(tag) > buf.length) break;
      ptag = tag;
      const type = tagType3(tag);
      if ((type & 0x780) === 0x500) {            // a commit's CRC
        if (le32(buf, off + 4) !== crc) break;
        ptag = (ptag ^ (((type & 0xff) & 1) << 31)) >>> 0;
        entries = work.entries;
        tail = work.tail;
        found = true;
        crc = 0xffffffff;
        begin();
        continue;
      }
      const d0 = off + 4;
      const d1 = off + dsize(tag);
      crc = crc32(crc, buf, d0, d1);
      const id = tagId(tag);
      const data = buf.subarray(d0, d1);
      const at = (k) => {
        while (work.entries.length <= k) work.entries.push(null);
        if (!work.entries[k]) work.entries[k] = {};
        return work.entries[k];
      };
      if (type === TYPE_CREATE) work.entries.splice(id, 0, {});
      else if (type === TYPE_DELETE) work.entries.splice(id, 1);
      else if ((type & 0x700) === 0x000 && !isDelete(tag)) {
        const e = at(id);
        e.type = type;
        e.name = decoder.decode(data);
      } else if ((type & 0x700) === 0x200 && !isDelete(tag)) {
        const e = at(id);
        delete e.inline; delete e.ctz; delete e.pair;
        if (type === TYPE_INLINESTRUCT) e.inline = data.slice();
        else if (type === TYPE_CTZSTRUCT) e.ctz = { head: le32(data, 0), size: le32(data, 4) };
        else if (type === TYPE_DIRSTRUCT) e.pair = [le32(data, 0), le32(data, 4)];
      } else if ((type & 0x700) === 0x600) {
        work.tail = { hard: type === TYPE_HARDTAIL, pair: [le32(data, 0), le32(data, 4)] };
      }
    }
    return found ? { entries, tail } : null;
  }

  // Every entry of the directory whose first pair is `pair` (hard tails followed).
  entries(pair) {
    const out = [];
    for (let p = pair, n = 0; p; n++) {
      if (n > this.count) throw new Error('littlefs: a directory whose tails loop');
      const d = this.fetch(p);
      for (const e of d.entries) if (e && e.name !== undefined && e.type !== TYPE_SUPERBLOCK) out.push(e);
      p = d.tail && d.tail.hard ? d.tail.pair : null;
    }
    return out;
  }

  lookup(path) {
    const parts = path.split('/').filter((s) => s && s !== '.');
    let e = { type: TYPE_DIR, pair: [0, 1], name: '/' };
    for (const name of parts) {
      if (e.type !== TYPE_DIR) throw new Error(`${path}: ${e.name} is not a directory`);
      const next = this.entries(e.pair).find((x) => x.name === name);
      if (!next) throw new Error(`${path}: no such file or directory`);
      e = next;
    }
    return e;
  }

  listDir(path) {
    const d = this.lookup(path);
    if (d.type !== TYPE_DIR) throw new Error(`${path}: not a directory`);
    return this.entries(d.pair).map((e) => ({
      name: e.name,
      type: e.type === TYPE_DIR ? 'dir' : 'file',
      size: e.type === TYPE_REG ? (e.inline ? e.inline.length : e.ctz ? e.ctz.size : 0) : 0,
    }));
  }

  readFile(path) {
    const e = this.lookup(path);
    if (e.type !== TYPE_REG) throw new Error(`${path}: not a file`);
    if (e.inline) return e.inline.slice();
    if (!e.ctz) return new Uint8Array(0);
    return this.readCtz(e.ctz.head, e.ctz.size);
  }

  // A CTZ skip-list: block i holds (i ? ctz(i) + 1 : 0) pointers (the first
  // to block i - 1), then data; the list is walked back from its head.
  readCtz(head, size) {
    const bs = this.bs;
    const cap = (i) => bs - 4 * (i ? ctz(i) + 1 : 0);
    let last = 0;
    for (let got = cap(0); got < size; ) got += cap(++last);
    const blocks = new Array(last + 1);
    let b = head;
    for (let i = last; i >= 0; i--) {
      blocks[i] = b;
      if (i) b = le32(this.block(b), 0);
    }
    const out = new Uint8Array(size);
    let o = 0;
    for (let i = 0; i <= last && o < size; i++) {
      const buf = this.block(blocks[i]);
      const start = 4 * (i ? ctz(i) + 1 : 0);
      const n = Math.min(size - o, bs - start);
      out.set(buf.subarray(start, start + n), o);
      o += n;
    }
    return out;
  }
}

// The largest inline file: littlefs's inline_max, min(cache_size, attr_max,
// block_size / 8), with MicroPython's cache_size (4 x progsize) and attr_max.
const inlineMax = (bs, prog) => Math.min(4 * prog, 1022, bs / 8);

export function format(flash, { blockSize = 4096, blockCount, progSize = 256, files = {} }) {
  const base = flash.length - blockSize * blockCount;
  if (!(blockCount > 1) || base < 0) throw new Error(`littlefs: ${blockCount} blocks do not fit the flash`);
  const buf = new Uint8Array(blockSize).fill(0xff);
  const put32 = (o, v, big) => {
    for (let i = 0; i < 4; i++) buf[o + i] = (v >>> (big ? 24 - 8 * i : 8 * i)) & 0xff;
  };
  const enc = new TextEncoder();
  let off = 4;
  let ptag = 0xffffffff;
  put32(0, 1);                     // revision count 1: the newer of the pair (the other block is erased)
  const tag = (type, id, data) => {
    const t = ((type << 20) | (id << 10) | data.length) >>> 0;
    if (off + 4 + data.length + 8 > blockSize) throw new Error('littlefs: the files do not fit one metadata block');
    put32(off, (t ^ ptag) >>> 0, true);
    buf.set(data, off + 4);
    off += 4 + data.length;
    ptag = t;
  };
  const sb = new Uint8Array(24);
  new DataView(sb.buffer).setUint32(0, DISK_VERSION, true);
  [blockSize, blockCount, 255, 0x7fffffff, 1022].forEach((v, i) => new DataView(sb.buffer).setUint32(4 + 4 * i, v, true));
  // as a compacted commit (the form MicroPython's mkfs leaves): no create
  // tags, each entry's id its place, its name tag first
  tag(TYPE_SUPERBLOCK, 0, enc.encode(MAGIC));
  tag(TYPE_INLINESTRUCT, 0, sb);
  // a directory's entries in littlefs's name order (bytes, then length)
  const names = Object.keys(files).sort((a, b) => {
    const x = enc.encode(a); const y = enc.encode(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  });
  names.forEach((name, k) => {
    const data = files[name];
    if (name.includes('/') || !name) throw new Error(`littlefs: ${name}: only files in the root`);
    if (data.length > inlineMax(blockSize, progSize)) {
      throw new Error(`littlefs: ${name} is ${data.length} bytes, more than an inline file holds (${inlineMax(blockSize, progSize)})`);
    }
    tag(TYPE_REG, k + 1, enc.encode(name));
    tag(TYPE_INLINESTRUCT, k + 1, data);
  });
  // the commit's CRC tag: its size runs to the next program boundary; the
  // CRC covers the revision count, every tag and its data, and this tag
  const end = Math.ceil((off + 8) / progSize) * progSize;
  const t = ((TYPE_CCRC << 20) | (0x3ff << 10) | (end - off - 4)) >>> 0;
  put32(off, (t ^ ptag) >>> 0, true);
  put32(off + 4, crc32(0xffffffff, buf, 0, off + 4));
  flash.fill(0xff, base);
  flash.set(buf, base);
}
