// Feerie in a Web Worker, spoken to in UCI lines as Stockfish's web builds are: the
// worker (engine-worker.js) runs the module's `Engine`, whose `go` holds the worker until
// its `bestmove`. So the lines that cannot wait are answered here, at once: `isready`
// (readyok), `stop` (the busy worker is ended, `bestmove` comes from the last PV it gave,
// and a fresh worker is given the options and the position again) and `quit`.

import { ModuleWorker } from './workers.js';

const WORKER = new URL('./engine-worker.js', import.meta.url);

export class UciEngine {
  /** `onLine(line)` gets every line the engine says; `onError(words)` a worker that failed. */
  constructor(onLine, onError = () => {}) {
    this.onLine = onLine;
    this.onError = onError;
    this.options = new Map(); // option name -> its `setoption` line, for a fresh worker
    this.position = null; // the last `position` line, for a fresh worker
    this.searching = false;
    this.best = null; // the first move of the latest PV (`multipv 1`) of the search
    this.spawn();
  }

  spawn() {
    const worker = new ModuleWorker(WORKER, (line) => {
      // Lines of a worker that was ended are never heard (they could be on their way).
      if (worker === this.worker) this.heard(line);
    }, (error) => {
      if (worker !== this.worker) return;
      this.quit();
      this.onError(error);
    });
    this.worker = worker;
    // A fresh worker says nothing until it has answered this (its own `readyok`).
    this.replaying = false;
  }

  /** One UCI line to the engine. */
  command(text) {
    const line = text.trim();
    if (!this.worker) return; // after quit
    const [word, , name] = line.split(/\s+/);
    switch (word) {
      case 'isready': this.onLine('readyok'); return;
      case 'stop': this.stop(); return;
      case 'quit': this.quit(); return;
      case 'setoption': this.options.set(name?.toLowerCase(), line); break;
      case 'position': this.position = line; break;
      case 'go': this.searching = true; this.best = null; break;
      default: break;
    }
    this.worker.post(line);
  }

  heard(line) {
    if (this.replaying) {
      if (line === 'readyok') this.replaying = false;
      return;
    }
    if (line.startsWith('bestmove')) this.searching = false;
    else if (this.searching && line.startsWith('info')) {
      const pv = line.match(/ pv (\S+)/);
      const multipv = line.match(/ multipv (\d+)/);
      if (pv && (!multipv || multipv[1] === '1')) this.best = pv[1];
    }
    this.onLine(line);
  }

  /** `stop`: a search ends now; the worker holding it is replaced. */
  stop() {
    if (!this.searching) return;
    this.searching = false;
    this.worker.terminate();
    this.spawn();
    this.replaying = true;
    for (const line of this.options.values()) this.worker.post(line);
    if (this.position) this.worker.post(this.position);
    this.worker.post('isready');
    this.onLine(`bestmove ${this.best ?? '0000'}`);
  }

  quit() {
    this.worker?.terminate();
    this.worker = null;
    this.searching = false;
  }
}
