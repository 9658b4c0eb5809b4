// A game between humans and the engine, as the server's (gui/src/session/play.rs): the
// module is the referee (legal moves, the end by the rules), this counts the clocks (the
// human's too on a clock, flagged on a timer; a move time or depth limits the engine
// only), sets the engine's level, gives up on an engine that overruns its time, holds an
// engine's move back until the game's pace lets it be shown (charged to no clock), and
// says every change to the page.

import { UciEngine } from './uci-engine.js';

/** How far past its time an engine may answer before it loses on time. */
const MARGIN_MS = 1000;
/** How long an engine searching to a fixed depth may take before it is taken as hung. */
const WATCHDOG_MS = 180000;
const MAX_TIME_MS = 24 * 3600 * 1000;
const MAX_DEPTH = 64;
const MAX_SKILL = 20;
const MAX_ELO = 4000;
const MAX_PACE_MS = 10000;
const SIDE = { w: 'White', b: 'Black' };
const other = (side) => (side === 'w' ? 'b' : 'w');

/** The page's time control, checked: `{clock: {base_ms, inc_ms}}`, `{movetime_ms}` or
 * `{depth}`; an error in words else. */
export function checkControl(control) {
  const inRange = (ms, what) => {
    if (Number.isInteger(ms) && ms >= 1 && ms <= MAX_TIME_MS) return ms;
    throw new Error(`${what} must be 1 ms to 24 hours`);
  };
  if (control?.clock) {
    const inc = control.clock.inc_ms;
    if (!Number.isInteger(inc) || inc < 0) throw new Error("new_game: the clock's inc_ms must be a whole number of ms");
    return { clock: { base_ms: inRange(control.clock.base_ms, "the clock's base_ms"), inc_ms: Math.min(inc, MAX_TIME_MS) } };
  }
  if (control?.movetime_ms !== undefined) return { movetime_ms: inRange(control.movetime_ms, 'movetime_ms') };
  if (control?.depth !== undefined) {
    if (Number.isInteger(control.depth) && control.depth >= 1 && control.depth <= MAX_DEPTH) return { depth: control.depth };
    throw new Error(`depth must be 1 to ${MAX_DEPTH}`);
  }
  throw new Error('new_game: control must be {"clock": ...}, {"movetime_ms": ...} or {"depth": ...}');
}

/** The page's level, checked: `{skill}` 0-20, `{elo}`, or null/undefined (the engine's
 * own); an error in words else. */
export function checkLevel(level) {
  if (level === undefined || level === null) return null;
  const whole = (n, min, max) => Number.isInteger(n) && n >= min && n <= max;
  if (level.skill !== undefined) {
    if (whole(level.skill, 0, MAX_SKILL)) return { skill: level.skill };
    throw new Error(`new_game: level skill must be 0 to ${MAX_SKILL}`);
  }
  if (level.elo !== undefined) {
    if (whole(level.elo, 1, MAX_ELO)) return { elo: level.elo };
    throw new Error(`new_game: level elo must be 1 to ${MAX_ELO}`);
  }
  throw new Error('new_game: level must be {"skill": N}, {"elo": N} or null');
}

/** The `setoption` lines that set `level`, as far as the engine's `options` (name ->
 * `{min, max}` of the `option` lines it said) offer it; none else. */
export function levelLines(level, options) {
  const fits = (name, n) => options.has(name) && n >= options.get(name).min && n <= options.get(name).max;
  if (level?.skill !== undefined && fits('Skill Level', level.skill)) return [`setoption name Skill Level value ${level.skill}`];
  if (level?.elo !== undefined && options.has('UCI_LimitStrength') && fits('UCI_Elo', level.elo)) {
    return ['setoption name UCI_LimitStrength value true', `setoption name UCI_Elo value ${level.elo}`];
  }
  return [];
}

/** The page's pace (`pace_ms`: the least time from a move to an engine's answer being
 * played), checked: 0 when absent; an error in words else. */
export function checkPace(ms) {
  if (ms === undefined || ms === null) return 0;
  if (Number.isInteger(ms) && ms >= 0 && ms <= MAX_PACE_MS) return ms;
  throw new Error(`new_game: pace_ms must be 0 to ${MAX_PACE_MS}`);
}

/** An `option name ...` line read: its name and (for a spin) its range; null for others. */
function readOption(line) {
  const m = line.match(/^option name (.+?) type (\S+)(.*)$/);
  if (!m) return null;
  const min = m[3].match(/ min (-?\d+)/);
  const max = m[3].match(/ max (-?\d+)/);
  return { name: m[1], min: min ? Number(min[1]) : -Infinity, max: max ? Number(max[1]) : Infinity };
}

export class Game {
  /** Starts a game from `pos` (a module answer, not over); `players` are White's and
   * Black's: 'human' or an engine's name; `level` the engines' (checkLevel); `pace`
   * the least ms from a move to an engine's answer being played (checkPace). */
  constructor(rules, pos, players, control, say, level = null, pace = 0) {
    Object.assign(this, { rules, pos, players, control, say, level, pace });
    this.spec = { variant: pos.variant, fen: pos.start_fen };
    this.startPly = pos.moves.length;
    this.clocks = { w: control.clock?.base_ms ?? 0, b: control.clock?.base_ms ?? 0 };
    this.history = [{ ...this.clocks }]; // the clocks at the start of each ply of the game
    this.thinking = false;
    this.running = true;
    this.engines = {};
    this.names = {};
    this.levels = {}; // the level each engine was set to (absent: its own)
    this.held = null; // an engine's answer (its clock charged), waiting for the pace
    this.options = { w: new Map(), b: new Map() }; // what each engine said it offers
    for (const side of ['w', 'b']) {
      if (players[side === 'w' ? 0 : 1] === 'human') continue;
      this.names[side] = players[side === 'w' ? 0 : 1];
      const engine = new UciEngine((line) => this.heard(side, line), (e) => this.end(this.crashed(side, e)));
      for (const line of ['uci', `setoption name UCI_Variant value ${pos.variant}`, 'ucinewgame']) engine.command(line);
      this.engines[side] = engine;
    }
    // The clocks start once every engine has loaded (said `uciok`); the page's commands
    // wait for that.
    this.loading = Object.keys(this.engines).length;
    this.waiting = [];
    if (!this.loading) this.begin();
  }

  begin() {
    this.turnStarted = performance.now();
    this.sendState(null);
    this.next();
    for (const command of this.waiting.splice(0)) command();
  }

  /** Runs a command of the page now, or once the game has begun. */
  command(run) {
    if (this.loading) this.waiting.push(run);
    else run();
  }

  isHuman(side) { return !this.engines[side]; }

  engineName(side) { return `${SIDE[side]}'s engine (${this.names[side]})`; }

  /** The game goes on from the position: over by the rules, or the engine to move thinks. */
  next() {
    if (!this.running) return;
    const o = this.pos.outcome;
    if (o) {
      const reason = o.result === '1/2-1/2' ? `Draw by ${o.reason}` : `${o.result === '1-0' ? 'White' : 'Black'} wins by ${o.reason}`;
      this.end({ result: o.result, reason });
      return;
    }
    const side = this.pos.side;
    if (this.held) return;
    if (!this.isHuman(side) && !this.thinking) {
      const moves = this.pos.moves.length ? ` moves ${this.pos.moves.join(' ')}` : '';
      this.engines[side].command(`position fen ${this.spec.fen}${moves}`);
      this.engines[side].command(this.goCommand());
      this.thinking = true;
    }
    clearTimeout(this.timer);
    const deadline = this.deadline(side);
    if (deadline !== null) this.timer = setTimeout(() => this.end(this.timedOut()), Math.max(0, deadline - performance.now()));
  }

  goCommand() {
    const c = this.control;
    if (c.clock) return `go wtime ${Math.max(0, this.clocks.w)} btime ${Math.max(0, this.clocks.b)} winc ${c.clock.inc_ms} binc ${c.clock.inc_ms}`;
    if (c.movetime_ms) return `go movetime ${c.movetime_ms}`;
    return `go depth ${c.depth}`;
  }

  /** When the side to move loses on time (null: nothing limits it). */
  deadline(side) {
    const c = this.control;
    if (this.isHuman(side)) return c.clock ? this.turnStarted + Math.max(0, this.clocks[side]) : null;
    if (c.clock) return this.turnStarted + Math.max(0, this.clocks[side]) + MARGIN_MS;
    if (c.movetime_ms) return this.turnStarted + c.movetime_ms + MARGIN_MS;
    return this.turnStarted + WATCHDOG_MS;
  }

  /** The clock of `side` after a move that took until now; false when it flagged. */
  charge(side, margin) {
    const used = Math.round(performance.now() - this.turnStarted);
    const c = this.control;
    if (c.clock) {
      const left = this.clocks[side] - used;
      if (left < -margin) return false;
      this.clocks[side] = Math.max(0, left) + c.clock.inc_ms;
      return true;
    }
    return !(c.movetime_ms && used > c.movetime_ms + margin);
  }

  /** Plays a legal `uci` (from the position's list); false when it is not legal. */
  play(uci) {
    if (!this.pos.legal.some((m) => m.uci === uci)) return false;
    this.pos = this.answer([...this.pos.moves, uci]);
    this.history.push({ ...this.clocks });
    this.turnStarted = performance.now();
    if (!this.pos.outcome) this.sendState(null);
    return true;
  }

  /** The module's answer for the game's moves (legal: they were checked). */
  answer(moves) {
    return this.rules.position({ variant: this.spec.variant, fen: this.spec.fen, moves });
  }

  move(uci) {
    const side = this.pos.side;
    if (!this.isHuman(side)) { this.error('it is not your turn: the engine is to move'); return; }
    const clocks = { ...this.clocks };
    // A move time or a depth is the engine's limit: a human has no time limit then.
    if (this.control.clock && !this.charge(side, 0)) { this.end(this.timedOut()); return; }
    if (!this.play(uci)) { this.clocks = clocks; this.error(`'${uci}' is not a legal move`); return; }
    this.next();
  }

  heard(side, line) {
    const name = line.match(/^id name (.+)/);
    if (name) { this.names[side] = name[1].trim(); return; }
    const option = readOption(line);
    if (option) { this.options[side].set(option.name, option); return; }
    if (line === 'uciok' && this.loading) {
      const sets = levelLines(this.level, this.options[side]);
      for (const set of sets) this.engines[side].command(set);
      if (sets.length) this.levels[side] = this.level;
      this.loading -= 1;
      if (!this.loading && this.running) this.begin();
      return;
    }
    if (!this.running || side !== this.pos.side || !this.thinking || !line.startsWith('bestmove')) return;
    this.thinking = false;
    const uci = line.split(/\s+/)[1] ?? '(none)';
    if (!this.charge(side, MARGIN_MS)) { this.end(this.lost(side, `${this.engineName(side)} loses on time`)); return; }
    const wait = this.turnStarted + this.pace - performance.now();
    if (wait > 0) {
      this.held = uci;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => { this.held = null; this.engineMove(side, uci); }, wait);
      this.sendState(null);
      return;
    }
    this.engineMove(side, uci);
  }

  /** Plays the engine's move `uci`, its clock already charged. */
  engineMove(side, uci) {
    if (!this.running) return;
    if (!this.play(uci)) { this.end(this.lost(side, `${this.engineName(side)} played an illegal move '${uci}'`)); return; }
    this.next();
  }

  /** Back to the human's previous turn, dropping the search of the engine to move. */
  takeback() {
    const now = this.pos.moves.length;
    const sideAt = (ply) => ((now - ply) % 2 === 0 ? this.pos.side : other(this.pos.side));
    let ply = now - 1;
    while (ply >= this.startPly && !this.isHuman(sideAt(ply))) ply -= 1;
    if (ply < this.startPly) {
      this.error(this.isHuman('w') || this.isHuman('b') ? 'there is no move of yours to take back' : 'takeback needs a human player');
      return;
    }
    this.held = null;
    if (this.thinking) {
      this.thinking = false;
      this.engines[this.pos.side].command('stop');
    }
    this.pos = this.answer(this.pos.moves.slice(0, ply));
    this.history.length = ply - this.startPly + 1;
    this.clocks = { ...this.history[ply - this.startPly] };
    this.turnStarted = performance.now();
    this.sendState(null);
    this.next();
  }

  resign() {
    const humans = ['w', 'b'].filter((s) => this.isHuman(s));
    if (!humans.length) { this.error('there is no human player to resign'); return; }
    const side = humans.length === 2 ? this.pos.side : humans[0];
    this.end({ result: side === 'w' ? '0-1' : '1-0', reason: `${SIDE[other(side)]} wins by resignation` });
  }

  abort() { this.end({ result: '*', reason: 'Game aborted' }); }

  /** The side to move ran out of time (or its engine hung). */
  timedOut() {
    const side = this.pos.side;
    if (this.control.clock) this.clocks[side] = 0;
    if (this.isHuman(side)) return this.lost(side, `${SIDE[side]} loses on time`);
    if (this.control.depth) return this.lost(side, `${this.engineName(side)} did not move within ${WATCHDOG_MS / 1000} s`);
    return this.lost(side, `${this.engineName(side)} loses on time`);
  }

  crashed(side, error) { return this.lost(side, `${this.engineName(side)} crashed: ${error}`); }

  lost(side, reason) { return { result: side === 'w' ? '0-1' : '1-0', reason }; }

  error(message) { this.say({ type: 'error', message }); }

  /** The game's state for the page; `result` once it is over. */
  sendState(result) {
    const side = this.pos.side;
    this.say({
      type: 'game',
      moves: this.pos.moves,
      fen: this.pos.fen,
      turn: side,
      clock: this.control.clock ? { white_ms: Math.max(0, this.clocks.w), black_ms: Math.max(0, this.clocks.b) } : null,
      thinking: !result && !this.isHuman(side) && !this.held ? side : null,
      players: { white: this.player('w'), black: this.player('b') },
      result,
    });
  }

  /** A side's player for the page's strips: null for a human, else the engine's name
   * and level. */
  player(side) {
    return this.isHuman(side) ? null : { name: this.names[side], level: this.levels[side] ?? null };
  }

  /** The game is over: its last state, how it ended, and its engines end. */
  end({ result, reason }) {
    if (!this.running) return;
    this.sendState(result);
    this.say({ type: 'game_over', result, reason, moves: this.pos.moves });
    this.close();
  }

  /** Ends the game without a word (a new game replaces it). */
  close() {
    this.running = false;
    clearTimeout(this.timer);
    for (const engine of Object.values(this.engines)) engine.quit();
  }
}
