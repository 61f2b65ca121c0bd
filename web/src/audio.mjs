// The box's sound through Web Audio, from what the firmware puts on its PWM
// pins (the worker sends [speaker?, t_us, en, freq, duty] as they change):
// the buzzer's tones as a square wave at the slice's frequency, loudest at
// 50 % duty as a piezo; the speaker's samples (the DMA writing the compare
// register at the voice's sample rate) as a waveform, duty 0.5 = silence.
// Emulated time is mapped onto the audio clock when the first event comes
// and again whenever the two drift apart (a slow emulator: late sound is
// dropped, never queued up).
const LEAD_S = 0.15;

export class Speaker {
  constructor() {
    this.on = false;
    this.ctx = null;
    this.offset = null;     // audio time - emulated s
    this.stats = { tones: 0, samples: 0, buffers: 0 };   // what was played (box.sound())
  }

  toggle() {
    this.on = !this.on;
    if (this.on && !this.ctx) {
      this.ctx = new AudioContext();
      this.osc = this.ctx.createOscillator();
      this.osc.type = 'square';
      this.gain = this.ctx.createGain();
      this.gain.gain.value = 0;
      this.osc.connect(this.gain).connect(this.ctx.destination);
      this.osc.start();
    }
    if (this.ctx) (this.on ? this.ctx.resume() : this.ctx.suspend());
  }

  resume() { if (this.on && this.ctx) this.ctx.resume(); }

  at(tUs, emuMs) {
    const now = this.ctx.currentTime;
    const want = now + LEAD_S - emuMs / 1000;
    if (this.offset === null || Math.abs(this.offset - want) > 0.3) this.offset = want;
    return Math.max(now, tUs / 1e6 + this.offset);
  }

  feed(events, emuMs) {
    if (!this.on || !this.ctx) return;
    const samples = [];
    for (const [speaker, t, en, freq, duty] of events) {
      if (speaker) { samples.push([t, en ? duty : 0.5]); this.stats.samples++; continue; }
      this.stats.tones++;
      const when = this.at(t, emuMs);
      const loud = en && freq > 20 && freq < 20000 ? Math.min(1, 2 * Math.min(duty, 1 - duty)) * 0.15 : 0;
      if (loud) this.osc.frequency.setValueAtTime(freq, when);
      this.gain.gain.setValueAtTime(loud, when);
    }
    if (samples.length > 1) this.play(samples, emuMs);
  }

  play(samples, emuMs) {
    const rate = this.ctx.sampleRate;
    const t0 = samples[0][0];
    const t1 = samples[samples.length - 1][0];
    const n = Math.ceil(((t1 - t0) / 1e6) * rate) + 1;
    if (n < 2 || n > rate * 2) return;
    const buf = this.ctx.createBuffer(1, n, rate);
    const out = buf.getChannelData(0);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const t = t0 + (i / rate) * 1e6;
      while (k + 1 < samples.length && samples[k + 1][0] <= t) k++;
      out[i] = (samples[k][1] - 0.5) * 0.8;
    }
    const src = this.ctx.createBufferSource();
    src.buffer = buf;
    src.connect(this.ctx.destination);
    src.start(this.at(t0, emuMs));
    this.stats.buffers++;
  }
}
