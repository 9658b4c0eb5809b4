// The session of the static site: the messages of docs/gui-api.md ("WebSocket /ws")
// answered in the page as the server answers them (gui/src/session/), with the module as
// the referee, the engine in workers (analysis.js, game.js) and the solver in a worker.

import { Analysis } from './analysis.js';
import { Game, checkControl, checkLevel, checkPace } from './game.js';
import { ModuleWorker } from './workers.js';

const SOLVER = new URL('./solver-worker.js', import.meta.url);
const MAX_MULTIPV = 5;

/** The rules questions a session asks the module, answers parsed (`{error}` as is). */
export class Rules {
  constructor(module) {
    this.module = module;
    this.engines = JSON.parse(module.variants()).engines;
  }

  /** The module's answer for a game (`{variant, fen, moves}`), or `{error}`. */
  position(spec) {
    return JSON.parse(this.module.position(JSON.stringify({ variant: spec.variant, fen: spec.fen ?? null, moves: spec.moves ?? [] })));
  }

  /** The notation of `pv` played from `fen`, up to its first move that is not legal. */
  lineText(variant, fen, pv) {
    for (let n = pv.length; n > 0; n -= 1) {
      const pos = this.position({ variant, fen, moves: pv.slice(0, n) });
      if (!pos.error) return pos.history.map((h) => h.text);
    }
    return [];
  }

  /** The engine id `value` names, or an error in words. */
  engine(value) {
    const id = Number.isInteger(value) && value >= 0 && value < this.engines.length ? value : null;
    if (id === null) throw new Error(`no engine ${JSON.stringify(value)}: the engines are 0 to ${this.engines.length - 1}`);
    return this.engines[id];
  }
}

export class LocalSession {
  constructor(module, handlers) {
    this.handlers = handlers;
    this.rules = new Rules(module);
    this.analysis = new Analysis(this.rules, (msg) => this.say(msg));
    this.game = null;
    this.solver = new Solver((msg) => this.say(msg));
  }

  /** A message of the page: answered after the page's own code has run, as a socket would. */
  send(msg) {
    const copy = JSON.parse(JSON.stringify(msg));
    setTimeout(() => {
      try { this.handle(copy); } catch (e) { this.say({ type: 'error', message: e.message }); }
    });
  }

  say(msg) { this.handlers.message(msg); }

  handle(msg) {
    const kind = msg?.type;
    if (typeof kind !== 'string') throw new Error('the message has no "type"');
    switch (kind) {
      case 'analyse': {
        const multipv = msg.multipv ?? 1;
        if (!(Number.isInteger(multipv) && multipv >= 1 && multipv <= MAX_MULTIPV)) {
          throw new Error(`analyse: multipv must be 1 to ${MAX_MULTIPV}`);
        }
        const engine = this.rules.engine(msg.engine ?? 0);
        const pos = this.rules.position(msg);
        if (pos.error) throw new Error(pos.error);
        this.analysis.start(pos, multipv, engine.name);
        break;
      }
      case 'stop_analysis': this.analysis.stop(); break;
      case 'new_game': {
        const players = [msg.white, msg.black].map((p) => (p === 'human' ? 'human' : this.rules.engine(p).name));
        const control = checkControl(msg.control);
        const level = checkLevel(msg.level);
        const pace = checkPace(msg.pace_ms);
        const pos = this.rules.position(msg);
        if (pos.error) throw new Error(pos.error);
        if (pos.outcome) throw new Error('the game is already over in that position');
        this.game?.close();
        this.game = new Game(this.rules, pos, players, control, (m) => this.say(m), level, pace);
        break;
      }
      case 'move':
        if (typeof msg.uci !== 'string') throw new Error('move: missing field `uci`');
        this.toGame((game) => game.move(msg.uci));
        break;
      case 'takeback': this.toGame((game) => game.takeback()); break;
      case 'resign': this.toGame((game) => game.resign()); break;
      case 'abort': this.toGame((game) => game.abort()); break;
      case 'solve': this.solver.solve(msg); break;
      case 'stop_solve': this.solver.stop(); break;
      default: throw new Error(`unknown message type '${kind}'`);
    }
  }

  toGame(command) {
    if (!this.game?.running) throw new Error('no game is running');
    const game = this.game;
    game.command(() => { if (game.running) command(game); });
  }
}

/** The solver in a worker (started at the first problem): requests passed on untouched,
 * answers passed back; a stop ends the worker at once (`solve_stopped`) and a fresh one
 * waits for the next. */
class Solver {
  constructor(say) {
    this.say = say;
    this.worker = null;
    this.busy = false;
  }

  spawn() {
    const worker = new ModuleWorker(SOLVER, (answer) => {
      if (worker !== this.worker) return;
      this.busy = false;
      this.say(JSON.parse(answer));
    }, (error) => {
      if (worker !== this.worker) return;
      this.busy = false;
      this.worker = null;
      this.say({ type: 'error', message: `the solver failed: ${error}` });
    });
    this.worker = worker;
    this.busy = false;
  }

  solve(msg) {
    if (this.busy) this.worker.terminate(); // a new problem replaces the old
    if (this.busy || !this.worker) this.spawn();
    this.busy = true;
    this.worker.post(JSON.stringify(msg));
  }

  stop() {
    if (this.busy) { this.worker.terminate(); this.spawn(); }
    this.say({ type: 'solve_stopped' });
  }
}
