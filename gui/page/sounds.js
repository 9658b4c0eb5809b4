// Move sounds, synthesised with WebAudio (no sound files to load), and the mute switch
// (`#mute`, kept in localStorage). Nothing plays before the user has clicked or pressed a
// key on the page: browsers refuse sound before that, and a page should not surprise.

import { sideOf } from './board.js';

/** The localStorage key of the mute switch: `1` muted, anything else sounding. */
export const MUTE_KEY = 'feerie.muted';

/** Each sound: tones of [start s, frequency Hz, end frequency Hz, length s, gain, wave]
 * and an optional burst of noise [start s, length s, gain] (a capture's knock). */
const VOICES = {
  move: { tones: [[0, 620, 380, 0.07, 0.35, 'triangle']] },
  capture: { tones: [[0, 330, 160, 0.11, 0.45, 'triangle']], noise: [0, 0.06, 0.3] },
  push: { tones: [[0, 260, 200, 0.07, 0.4, 'triangle'], [0.08, 200, 140, 0.09, 0.4, 'triangle']] },
  check: { tones: [[0, 880, 880, 0.09, 0.22, 'square'], [0.1, 1175, 1175, 0.12, 0.22, 'square']] },
  end: {
    tones: [[0, 523, 523, 0.3, 0.25, 'sine'], [0.12, 659, 659, 0.3, 0.25, 'sine'], [0.24, 784, 784, 0.45, 0.25, 'sine']],
  },
};

/** Which sound a move makes, from the boards (64 FEN texts) before and after it, its
 * canonical string, and the position after it (its `check` and `outcome`): the end of the
 * game first, then check, a capture (a piece of the side that did not move is gone), a
 * Dynamo push, pull or exit (several pieces displaced, or one off the board), else a move. */
export function soundOf(before, after, uci, pos) {
  if (pos.outcome) return 'end';
  if (pos.check) return 'check';
  const mover = pos.side === 'w' ? 'b' : 'w'; // the side that just moved
  const count = (board, side) => board.filter((t) => t && sideOf(t) === side).length;
  const other = mover === 'w' ? 'b' : 'w';
  if (count(after, other) < count(before, other)) return 'capture';
  if (uci.includes('/') || /[a-h][1-8]E/.test(uci)) return 'push';
  return 'move';
}

export class Sounds {
  /** `button`: the mute switch (`aria-pressed="true"` when muted). */
  constructor(button) {
    this.button = button;
    this.context = null;
    let stored = null;
    try { stored = localStorage.getItem(MUTE_KEY); } catch { /* storage off: sound on */ }
    this.muted = stored === '1';
    this.interacted = false;
    const wake = () => { this.interacted = true; };
    for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, wake, { capture: true, once: true });
    // What the tests read: the sounds played (not muted, after an interaction), in order.
    this.hook = { played: [], muted: this.muted };
    window.feerie.sounds = this.hook;
    button.addEventListener('click', () => this.setMuted(!this.muted));
    this.render();
  }

  setMuted(muted) {
    this.muted = muted;
    this.hook.muted = muted;
    try { localStorage.setItem(MUTE_KEY, muted ? '1' : '0'); } catch { /* not kept */ }
    this.render();
  }

  render() {
    const b = this.button;
    b.setAttribute('aria-pressed', String(this.muted));
    b.title = this.muted ? 'Sounds off: click to turn them on' : 'Sounds on: click to mute';
    b.classList.toggle('off', this.muted);
  }

  /** Plays sound `kind` (a key of VOICES) unless muted or before any interaction. */
  play(kind) {
    const voice = VOICES[kind];
    if (!voice || this.muted || !this.interacted) return;
    // A game's end is heard once: after a mating move, the game's end message says it again.
    const now = performance.now();
    if (kind === 'end' && now - (this.endAt ?? -1e9) < 1500) return;
    if (kind === 'end') this.endAt = now;
    this.hook.played.push(kind);
    if (this.hook.played.length > 200) this.hook.played.splice(0, 100);
    try { this.synthesise(voice); } catch { /* no audio here: silence */ }
  }

  synthesise({ tones, noise }) {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return;
    this.context ??= new Context();
    const ctx = this.context;
    if (ctx.state === 'suspended') ctx.resume();
    const t0 = ctx.currentTime + 0.01;
    const envelope = (start, length, gain) => {
      const g = ctx.createGain();
      g.gain.setValueAtTime(0.0001, t0 + start);
      g.gain.exponentialRampToValueAtTime(gain, t0 + start + 0.005);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      g.connect(ctx.destination);
      return g;
    };
    for (const [start, f0, f1, length, gain, wave] of tones) {
      const osc = ctx.createOscillator();
      osc.type = wave;
      osc.frequency.setValueAtTime(f0, t0 + start);
      osc.frequency.exponentialRampToValueAtTime(f1, t0 + start + length);
      osc.connect(envelope(start, length, gain));
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
    if (noise) {
      const [start, length, gain] = noise;
      const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
      const src = ctx.createBufferSource();
      src.buffer = buffer;
      src.connect(envelope(start, length, gain));
      src.start(t0 + start);
    }
  }
}
