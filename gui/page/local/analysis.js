// Infinite analysis of one position, as the server's (gui/src/session/analysis.rs): the
// engine set up with MultiPV and win/draw/loss chances, the latest lines sent at most
// every THROTTLE_MS, `analysis_stopped` at once on a stop. The engine is kept for the
// next position while the variant and the number of lines stay the same.

import { UciEngine } from './uci-engine.js';
import { parseInfo, parseProgress } from './lines.js';

const THROTTLE_MS = 100;

export class Analysis {
  constructor(rules, say) {
    this.rules = rules;
    this.say = say;
    this.engine = null;
    this.key = null; // what the engine is set up for
    this.running = false;
  }

  /** Analyses `pos` (a module answer) with `multipv` lines, replacing any analysis. */
  start(pos, multipv, name) {
    this.halt();
    if (pos.outcome) { this.say({ type: 'analysis_stopped' }); return; }
    const key = `${pos.variant} ${multipv}`;
    if (this.key !== key) {
      this.engine?.quit();
      this.engine = new UciEngine((line) => this.heard(line), (e) => this.failed(e));
      for (const line of ['uci', `setoption name UCI_Variant value ${pos.variant}`,
        `setoption name MultiPV value ${multipv}`, 'setoption name UCI_ShowWDL value true']) {
        this.engine.command(line);
      }
      this.key = key;
    }
    Object.assign(this, {
      pos, multipv, name, lines: new Map(), progress: null, texts: new Map(), pending: false, lastSent: 0,
    });
    this.running = true;
    const moves = pos.moves.length ? ` moves ${pos.moves.join(' ')}` : '';
    this.engine.command(`position fen ${pos.start_fen}${moves}`);
    this.engine.command('go infinite');
  }

  /** `stop_analysis`: the last lines, then `analysis_stopped`, at once. */
  stop() {
    if (this.running) this.flush();
    this.halt();
    this.say({ type: 'analysis_stopped' });
  }

  /** Ends the search without a word. */
  halt() {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    this.timer = null;
    this.engine.command('stop');
  }

  heard(line) {
    const name = line.match(/^id name (.+)/);
    if (name) { this.name = name[1].trim(); return; }
    if (!this.running) return;
    if (line.startsWith('bestmove')) { this.flush(); return; }
    const progress = parseProgress(line);
    if (progress) { this.progress = progress; this.pending = true; }
    const info = parseInfo(line, this.pos.side);
    if (info) { this.lines.set(info.multipv, info); this.pending = true; }
    if (!this.pending) return;
    const wait = this.lastSent + THROTTLE_MS - performance.now();
    if (wait <= 0) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => { this.timer = null; this.flush(); }, wait);
  }

  /** Sends the lines if they changed, sorted, their moves in notation. */
  flush() {
    if (!this.pending) return;
    this.pending = false;
    this.lastSent = performance.now();
    const lines = [...this.lines.values()]
      .filter((l) => l.multipv >= 1 && l.multipv <= this.multipv)
      .sort((a, b) => a.multipv - b.multipv)
      .map((l) => ({ ...l, pv_text: this.text(l.pv) }));
    this.say({ type: 'analysis', engine: this.name, lines, progress: this.progress });
  }

  /** The notation of a PV (remembered: the same PV comes back at every update). */
  text(pv) {
    const key = pv.join(' ');
    if (this.texts.size > 500) this.texts.clear();
    if (!this.texts.has(key)) this.texts.set(key, this.rules.lineText(this.pos.variant, this.pos.fen, pv));
    return this.texts.get(key);
  }

  failed(error) {
    const was = this.running;
    this.running = false;
    this.engine = null;
    this.key = null;
    if (!was) return;
    this.flush();
    this.say({ type: 'error', message: `engine ${this.name} crashed: ${error}` });
    this.say({ type: 'analysis_stopped' });
  }
}
