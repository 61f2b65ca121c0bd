// A game log (.jsonl, written by the box: core/log.py) read for a replay on
// the emulated box, and the box's own log of that replay compared with it.
// Why here: the page plays any log on the real firmware (issue 43); the
// simulator's `make replay` plays one on the engines alone.
//
//   read(text) -> {game, players, people, seed, options, lines, presses: [{pad, at}]}
//                 or throws Error (one line: which line, what is wrong)
//   partWays(log, box) -> null (the same game) | {line, log, box}
//
// The presses are the people's, at their game times (ms from the deal):
// Bataille and Bata-waf a `flip` of a person's seat, Tape-treize a `slap`
// (its t_us).  The box's own seats (options.box, after the people's) press
// nothing.  Two games are the same when every line has the same event and
// values; times may differ by what the emulator's timing moved (t, t_us).
const GAMES = ['bataille', 'batawaf', 'tape'];

export function read(text) {
  const raw = text.split('\n').map((s) => s.trim()).filter(Boolean);
  if (!raw.length) throw new Error('not a game log: it is empty');
  const lines = raw.map((s, i) => {
    let d;
    try { d = JSON.parse(s); } catch (e) { throw new Error(`not a game log: line ${i + 1} is not JSON`); }
    if (!d || typeof d !== 'object' || typeof d.ev !== 'string' || typeof d.t !== 'number') {
      throw new Error(`not a game log: line ${i + 1} has no event and time ({"t": ms, "ev": ...})`);
    }
    return d;
  });
  const s = lines[0];
  if (s.ev !== 'start') throw new Error('not a game log: its first line is not the game\'s start');
  if (!GAMES.includes(s.game)) throw new Error(`a log of a game this box does not play (${s.game})`);
  if (!Number.isInteger(s.players) || !Number.isInteger(s.seed) || !s.options || typeof s.options !== 'object') {
    throw new Error('not a game log: its start line has no players, seed or options');
  }
  if (lines.slice(1).some((d) => d.ev === 'start')) throw new Error('a log of several games: keep one');
  const box = Array.isArray(s.options.box) ? s.options.box.length : 0;
  const people = s.players - box;
  const ev = s.game === 'tape' ? 'slap' : 'flip';
  const presses = lines.filter((d) => d.ev === ev && d.p < people)
    .map((d) => ({ pad: d.p, at: ev === 'slap' && typeof d.t_us === 'number' ? d.t_us / 1000 : d.t }));
  return { game: s.game, players: s.players, people, seed: s.seed, options: s.options, lines, presses };
}

const TIMES = ['t', 't_us'];
const strip = (d) => JSON.stringify(Object.keys(d).sort().filter((k) => !TIMES.includes(k)).map((k) => [k, d[k]]));

export function partWays(log, box) {
  const n = Math.max(log.length, box.length);
  for (let i = 0; i < n; i++) {
    const a = log[i] ? strip(log[i]) : null;
    const b = box[i] ? strip(box[i]) : null;
    if (a !== b) return { line: i + 1, log: log[i] || null, box: box[i] || null };
  }
  return null;
}
