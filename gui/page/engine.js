// The engines, through the backend's session (backend.js; docs/gui-api.md, "WebSocket
// /ws"): infinite analysis of the position shown, and games against engines with clocks.
// The solver's messages go through the same session to solver.js.

import { DEFAULT_LEVEL, ENGINE_GAME_LEVEL, levelMenu, levelOf, levelWords } from './levels.js';
import { LinePreview } from './preview.js';
import { lineLabels } from './notation.js';

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `+0.34`, `-1.20`, `#3`, `#-3`: a score from White's point of view. */
export function scoreText(score) {
  if (!score) return '';
  if (score.mate !== undefined && score.mate !== null) return `#${score.mate}`;
  const pawns = score.cp / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

/** White's share of the eval bar, in %: a logistic of the centipawns (mates at the ends). */
export function whiteShare(score) {
  if (!score) return 50;
  if (score.mate !== undefined && score.mate !== null) {
    if (score.mate === 0) return 50;
    return score.mate > 0 ? 100 : 0;
  }
  return 100 / (1 + Math.exp(-0.00368 * score.cp));
}

/** Whole percentages of the chances `[W, D, L]` (per mille, or any non-negative numbers),
 * summing to exactly 100 (largest remainders get the rounding), or null when none. */
export function wdlPercents(wdl) {
  const total = wdl ? wdl.reduce((a, b) => a + b, 0) : 0;
  if (!(total > 0)) return null;
  const exact = wdl.map((n) => (100 * n) / total);
  const whole = exact.map(Math.floor);
  const order = [0, 1, 2].sort((a, b) => (exact[b] - whole[b]) - (exact[a] - whole[a]));
  for (let i = 0; i < 100 - whole.reduce((a, b) => a + b, 0); i += 1) whole[order[i]] += 1;
  return whole;
}

/** `W 62% · D 30% · L 8%`: White's chances to win, draw and lose; '' without chances. */
export function wdlText(wdl) {
  const p = wdlPercents(wdl);
  return p ? `W ${p[0]}% · D ${p[1]}% · L ${p[2]}%` : '';
}

function wdlTitle(wdl) {
  const p = wdlPercents(wdl);
  return p ? `White wins ${p[0]}%, draw ${p[1]}%, Black wins ${p[2]}%` : '';
}

function npsText(nps) {
  if (!nps) return '';
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(1)} Mn/s`;
  if (nps >= 1e3) return `${Math.round(nps / 1e3)} kn/s`;
  return `${nps} n/s`;
}

/** `m:ss` (or `h:mm:ss`) of a clock, counting whole seconds up; under 10 s, `0:ss.t`
 * with tenths counting down (as lichess). */
export function clockText(ms) {
  if (ms < 10000) {
    const tenths = Math.max(0, Math.floor(ms / 100));
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

export class Engines {
  constructor(host, backend) {
    this.host = host;
    // Analysis: `wanted` is the user's switch; `running` is true while the backend searches.
    this.wanted = false;
    this.running = false;
    this.analysed = null; // the position (backend answer) being analysed
    this.lines = [];
    this.restartTimer = null;
    // The running game, or null.
    this.game = null;
    this.levelChosen = false; // the user picked a level (else it follows the players)
    this.session = backend.session({
      message: (msg) => this.receive(msg),
      open: () => { if (this.wanted && !this.running) this.restart(true); }, // after a lost connection
      closed: () => this.lost(),
    });
    this.bind();
    setInterval(() => this.tick(), 100);
  }

  /* ---- the session ---- */

  /** The session's channel was lost: what ran on it has ended. */
  lost() {
    if (this.running) { this.running = false; this.renderAnalysisState(); }
    this.host.solver?.lost();
    if (this.game) {
      this.game = null;
      this.host.setStatus('The connection to the server was lost: the game ended.', true);
      this.renderGame();
    }
  }

  send(msg) { this.session.send(msg); }

  receive(msg) {
    switch (msg.type) {
      case 'analysis': this.onLines(msg); break;
      case 'analysis_stopped': this.onStopped(); break;
      case 'game': this.onGame(msg); break;
      case 'game_over': this.onGameOver(msg); break;
      case 'solution': case 'solve_stopped': this.host.solver?.receive(msg); break;
      case 'error':
        if (msg.request === 'solve') { this.host.solver?.receive(msg); break; }
        this.host.setStatus(msg.message, true);
        if (this.running) this.analysisError = msg.message;
        // A move the game refused: show the game as the server has it.
        if (this.game) this.host.gameLine(this.game.spec.variant, this.game.spec.fen, this.game.moves, null);
        break;
      default: break;
    }
  }

  bind() {
    $('analyse').addEventListener('click', () => (this.wanted ? this.stopAnalysis() : this.startAnalysis()));
    for (const id of ['multipv', 'engine']) {
      $(id).addEventListener('change', () => { if (this.wanted) this.restart(true); });
    }
    $('lines').addEventListener('pointerdown', (e) => {
      const m = e.target.closest('.pv-move');
      if (!m || e.button !== 0) return;
      const line = this.lines.find((l) => String(l.multipv) === m.closest('.line').dataset.multipv);
      if (!line) return;
      if (this.inGame()) { this.host.setStatus('A game is running: PV moves cannot be played.', true); return; }
      this.host.playLine(line.pv.slice(0, Number(m.dataset.index) + 1));
    });
    this.preview = new LinePreview($('lines'), (ucis) => this.host.positionAfter(ucis), () => this.host.board.orientation);
    $('tc-mode').addEventListener('change', () => this.renderControl());
    $('level').innerHTML = levelMenu().map(([label, options]) => `<optgroup label="${esc(label)}">${
      options.map(([value, words]) => `<option value="${value}">${esc(words)}</option>`).join('')}</optgroup>`).join('');
    // Until the user picks a level, it follows the players: a person meets a level they
    // can beat, engines play at their own strength.
    $('level').addEventListener('change', () => { this.levelChosen = true; });
    for (const id of ['white-player', 'black-player']) {
      $(id).addEventListener('change', () => { this.defaultLevel(); this.renderPace(); });
    }
    $('start-game').addEventListener('click', () => this.startGame());
    $('takeback').addEventListener('click', () => this.send({ type: 'takeback' }));
    $('resign').addEventListener('click', () => this.send({ type: 'resign' }));
    $('abort').addEventListener('click', () => this.abortGame());
    this.renderControl();
  }

  /** Fills the engine menus from `/api/variants`' list. */
  setEngines(list) {
    const options = list.map((e) => `<option value="${e.id}">${esc(e.name)}</option>`).join('');
    $('engine').innerHTML = options;
    const human = '<option value="human">Human</option>';
    $('white-player').innerHTML = human + options;
    $('black-player').innerHTML = human + options;
    $('white-player').value = 'human';
    $('black-player').value = String(list[0]?.id ?? 'human');
    this.defaultLevel();
    this.renderPace();
  }

  /** Both players engines: the pace menu applies (else it is off). */
  engineGame() { return $('white-player').value !== 'human' && $('black-player').value !== 'human'; }

  renderPace() { $('pace').disabled = Boolean(this.game) || !this.engineGame(); }

  /** The level menu's default for the players chosen, unless the user picked one. */
  defaultLevel() {
    if (this.levelChosen) return;
    const humans = ['white-player', 'black-player'].filter((id) => $(id).value === 'human').length;
    $('level').value = humans === 2 ? $('level').value : humans ? DEFAULT_LEVEL : ENGINE_GAME_LEVEL;
  }

  /* ---- analysis ---- */

  startAnalysis() {
    this.wanted = true;
    this.restart(true);
  }

  stopAnalysis() {
    this.wanted = false;
    clearTimeout(this.restartTimer);
    if (this.running) this.send({ type: 'stop_analysis' });
    this.running = false;
    this.renderAnalysisState();
  }

  /** The page shows a new position: a running analysis moves to it. */
  positionShown(pos) {
    if (pos === this.analysed) return;
    if (!this.wanted) {
      // Stopped lines belong to the position they were found in: not shown on another.
      this.analysed = null;
      if (this.lines.length) { this.lines = []; this.progress = null; this.renderLines(); }
      return;
    }
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => this.restart(false), 40);
  }

  restart(now) {
    const pos = this.host.state.pos;
    if (!pos) return;
    if (pos !== this.analysed || now) { this.lines = []; this.progress = null; this.renderLines(); }
    this.analysed = pos;
    if (pos.legal.length === 0) {
      if (this.running) this.send({ type: 'stop_analysis' });
      this.running = false;
      this.renderAnalysisState('The game is over in this position: nothing to analyse.');
      return;
    }
    this.send({
      type: 'analyse',
      ...this.host.spec(),
      multipv: Number($('multipv').value),
      engine: Number($('engine').value),
    });
    this.running = true;
    this.renderAnalysisState();
  }

  onLines(msg) {
    const pos = this.host.state.pos;
    if (!this.running || !pos || pos !== this.analysed) return;
    // Lines of the previous position can still arrive after a restart: a line belongs here
    // only when its first move is legal here.
    const legal = new Set(pos.legal.map((m) => m.uci));
    const lines = (msg.lines || []).filter((l) => l.pv?.length && legal.has(l.pv[0]));
    if (lines.length) this.lines = lines;
    this.progress = msg.progress ?? null;
    this.engineName = msg.engine;
    this.renderLines();
  }

  onStopped() {
    if (!this.running) return;
    this.running = false;
    this.wanted = false;
    this.renderAnalysisState(this.analysisError);
    this.analysisError = undefined;
  }

  renderAnalysisState(note) {
    const button = $('analyse');
    button.dataset.running = this.running ? '1' : '0';
    button.textContent = this.wanted ? 'Stop' : 'Analyse';
    button.classList.toggle('on', this.wanted);
    const info = document.querySelector('.engine-info');
    if (note) info.textContent = note;
    else if (!this.running) info.textContent = this.lines.length ? `Stopped${this.progressText()}` : '';
    else if (!this.lines.length && !this.progress) info.textContent = 'Thinking…';
    else info.textContent = this.progressText();
    this.renderArrow();
  }

  /** The best-move arrow: the first line's first move while the analysis runs. */
  renderArrow() {
    const best = this.wanted && this.running && this.analysed ? this.lines[0]?.pv[0] : null;
    this.host.board.setArrow(best ?? null, this.analysed?.fen);
  }

  /** The search's progress in words: engine, depth, nodes, speed, time. */
  progressText() {
    const p = this.progress ?? this.lines[0];
    if (!p) return '';
    const time = p.time_ms ? ` · ${(p.time_ms / 1000).toFixed(1)} s` : '';
    return `${this.running ? this.engineName ?? '' : ''} · depth ${p.depth} · ${Number(p.nodes || 0).toLocaleString('en')} nodes · ${npsText(p.nps)}${time}`;
  }

  renderLines() {
    const pos = this.host.state.pos;
    const lines = this.lines;
    const box = document.querySelector('#lines .pv-lines');
    if (!lines.length || !pos) {
      box.innerHTML = '';
      this.preview.hide();
      this.renderEval(null);
      this.renderAnalysisState();
      return;
    }
    const [, side, , , , full] = pos.fen.split(' ');
    box.innerHTML = lines.map((l) => {
      let n = Number(full) || 1;
      let white = side === 'w';
      const moves = lineLabels(l).map((t, i) => {
        let num = '';
        if (white) num = `<span class="pv-num">${n}.</span>`;
        else if (i === 0) num = `<span class="pv-num">${n}…</span>`;
        if (!white) n += 1;
        white = !white;
        return `${num}<span class="pv-move" data-index="${i}" data-uci="${esc(l.pv[i])}">${esc(t)}</span>`;
      }).join(' ');
      const good = l.score && ((l.score.mate ?? l.score.cp) > 0);
      return `<div class="line" data-multipv="${l.multipv}">
        <span class="score ${good ? 'plus' : ''}">${scoreText(l.score)}</span>
        <span class="wdl" title="${wdlTitle(l.wdl)}">${wdlText(l.wdl)}</span>
        <span class="depth">d${l.depth}${l.seldepth ? `/${l.seldepth}` : ''}</span>
        <span class="nps">${npsText(l.nps)}</span>
        <div class="pv">${moves}</div></div>`;
    }).join('');
    this.renderAnalysisState();
    this.renderEval(lines[0].score, lines[0].wdl);
  }

  /** The eval bar for `score`, and the WDL bar beside it for `wdl` (hidden without). */
  renderEval(score, wdl) {
    $('eval-fill').style.height = `${whiteShare(score).toFixed(1)}%`;
    $('eval-bar').title = score ? `Evaluation: ${scoreText(score)}` : 'Evaluation';
    const p = wdlPercents(wdl);
    const bar = $('wdl-bar');
    bar.classList.toggle('empty', !p);
    bar.title = p ? wdlTitle(wdl) : '';
    ['wdl-w', 'wdl-d', 'wdl-l'].forEach((cls, i) => {
      bar.querySelector(`.${cls}`).style.height = `${p ? p[i] : 0}%`;
    });
  }

  /* ---- games ---- */

  inGame() { return Boolean(this.game); }

  /** True when the user may move on the board: no game, or a human's turn at its end. */
  humanMayMove(pos) {
    const g = this.game;
    if (!g) return true;
    const s = this.host.state;
    if (s.ply !== s.moves.length) return false;
    return (pos.side === 'w' ? g.white : g.black) === 'human';
  }

  /** The side the person may premove for in position `pos`: theirs, while an engine
   * thinks in their game (null otherwise). */
  premoveSide(pos) {
    const g = this.game;
    const s = this.host.state;
    if (!g || !pos || s.ply !== s.moves.length) return null;
    const waiting = pos.side === 'w' ? 'b' : 'w';
    const player = (side) => (side === 'w' ? g.white : g.black);
    return player(pos.side) !== 'human' && player(waiting) === 'human' ? waiting : null;
  }

  sendMove(uci) { this.send({ type: 'move', uci }); }

  control() {
    const mode = $('tc-mode').value;
    const value = Number($('tc-value').value);
    if (mode === 'movetime') return { movetime_ms: Math.max(1, Math.round(value)) };
    if (mode === 'depth') return { depth: Math.max(1, Math.round(value)) };
    return {
      clock: {
        base_ms: Math.round(Number($('tc-base').value) * 60000),
        inc_ms: Math.round(Number($('tc-inc').value) * 1000),
      },
    };
  }

  renderControl() {
    const mode = $('tc-mode').value;
    for (const el of document.querySelectorAll('.tc-clock')) el.hidden = mode !== 'clock';
    document.querySelector('.tc-fixed').hidden = mode === 'clock';
    document.querySelector('.tc-unit').textContent = mode === 'depth' ? 'Depth' : 'ms';
    const value = $('tc-value');
    if (mode === 'depth' && Number(value.value) > 60) value.value = '8';
    if (mode === 'movetime' && Number(value.value) < 50) value.value = '1000';
  }

  playerName(p) {
    if (p === 'human') return 'Human';
    return this.host.state.engines.find((e) => String(e.id) === String(p))?.name ?? `engine ${p}`;
  }

  startGame() {
    const spec = this.host.spec();
    if (!this.host.state.pos) return;
    if (this.host.state.pos.legal.length === 0) {
      this.host.setStatus('The game is over in this position: go back to an earlier one to play from it.', true);
      return;
    }
    const player = (id) => { const v = $(id).value; return v === 'human' ? 'human' : Number(v); };
    const white = player('white-player');
    const black = player('black-player');
    const control = this.control();
    const level = levelOf($('level').value);
    // A game between engines comes at the chosen pace; a person's opponent answers at once.
    const pace = this.engineGame() ? Number($('pace').value) : 0;
    this.send({ type: 'new_game', ...spec, white, black, control, level, pace_ms: pace });
    window.feerie.lastNewGame = { white, black, control, level, pace_ms: pace };
    // The person's side at the bottom, as they sit at the board.
    if ((white === 'human') !== (black === 'human')) this.host.orient(white === 'human' ? 'w' : 'b');
    this.game = {
      spec, white, black, control, moves: spec.moves, turn: this.host.state.pos.side,
      clock: control.clock ? { white_ms: control.clock.base_ms, black_ms: control.clock.base_ms } : null,
      at: performance.now(), thinking: null, started: false,
    };
    this.host.state.names = { white: this.playerName(white), black: this.playerName(black) };
    this.host.renderNames();
    this.host.setStatus(`Game started: ${this.playerName(white)} – ${this.playerName(black)}.`);
    this.renderGame();
  }

  /** The game's moves from its start (the server's list may or may not repeat the moves
   * the game started from). */
  fullMoves(moves, game = this.game) {
    const prefix = game.spec.moves;
    const repeats = moves.length >= prefix.length && prefix.every((m, i) => moves[i] === m);
    return repeats ? moves : [...prefix, ...moves];
  }

  onGame(msg) {
    if (!this.game) return;
    // The clocks stop at the end, and while an engine's answer waits for the pace.
    const held = (msg.turn === 'w' ? this.game.white : this.game.black) !== 'human' && !msg.thinking;
    Object.assign(this.game, {
      moves: this.fullMoves(msg.moves || []), turn: msg.turn, clock: msg.clock, thinking: msg.thinking,
      at: performance.now(), started: true, frozen: Boolean(msg.result) || held,
    });
    this.showPlayers(msg.players);
    const { variant, fen } = this.game.spec;
    this.host.gameLine(variant, fen, this.game.moves, null);
    this.renderGame();
  }

  /** The strips name each engine as it names itself (`id name`), with its level. */
  showPlayers(players) {
    if (!players) return;
    const names = { ...this.host.state.names };
    for (const side of ['white', 'black']) {
      const p = players[side];
      if (!p?.name) continue;
      const level = levelWords(p.level);
      names[side] = level ? `${p.name} · ${level}` : p.name;
    }
    if (names.white === this.host.state.names.white && names.black === this.host.state.names.black) return;
    this.host.state.names = names;
    this.host.renderNames();
  }

  onGameOver(msg) {
    const g = this.game;
    if (!g) return;
    this.game = null;
    const moves = this.fullMoves(msg.moves || g.moves, g);
    this.lastClocks = this.clockValues(g);
    const result = msg.result === '*' ? null : { result: msg.result, reason: msg.reason };
    this.host.gameLine(g.spec.variant, g.spec.fen, moves, result);
    const words = result ? `Game over: ${msg.result} ${msg.reason}` : `${msg.reason}.`;
    if (result) this.host.sound('end');
    this.host.setStatus(words, /crash|illegal/i.test(msg.reason));
    this.renderGame();
  }

  /** Ends the running game without a result; the clocks go blank. `discard`: the page
   * moves on to another game at once, and the aborted one's last messages are ignored. */
  abortGame(discard = false) {
    this.lastClocks = null;
    if (this.game) {
      this.send({ type: 'abort' });
      if (discard) { this.game = null; this.renderGame(); }
    }
    this.tick();
  }

  /** The words of `#game-status` while a game runs, or null. */
  gameText() {
    const g = this.game;
    if (!g) return null;
    const side = g.turn === 'w' ? 'White' : 'Black';
    const who = this.playerName(g.turn === 'w' ? g.white : g.black);
    return `Playing · ${side} (${who}) to move${g.thinking ? ' · thinking…' : ''}`;
  }

  renderGame() {
    const on = Boolean(this.game);
    const human = on && (this.game.white === 'human' || this.game.black === 'human');
    $('start-game').disabled = on;
    $('takeback').disabled = !human;
    $('resign').disabled = !human;
    $('abort').disabled = !on;
    for (const id of ['white-player', 'black-player', 'tc-mode', 'tc-base', 'tc-inc', 'tc-value', 'level']) $(id).disabled = on;
    this.renderPace();
    document.body.classList.toggle('in-game', on);
    this.host.renderGameStatus();
    const s = this.host.state;
    if (!on) this.host.board.cancelPremove();
    if (s.pos) this.host.board.setLegal(s.pos.legal, this.humanMayMove(s.pos), this.premoveSide(s.pos));
    this.tick();
  }

  /** Clock texts: the side to move's clock runs down between the server's messages. */
  clockValues(g) {
    if (!g?.clock) return null;
    let { white_ms: w, black_ms: b } = g.clock;
    if (g.started && !g.frozen) {
      const spent = performance.now() - g.at;
      if (g.turn === 'w') w -= spent; else b -= spent;
    }
    return { w, b };
  }

  /** The clocks; a game without one (move time, depth: no side has a time limit on the
   * page) hides them. */
  tick() {
    const v = this.game ? this.clockValues(this.game) : this.lastClocks;
    const turn = this.game?.turn;
    for (const [side, id] of [['w', 'clock-white'], ['b', 'clock-black']]) {
      const el = $(id);
      el.hidden = Boolean(this.game && !v);
      el.textContent = v ? clockText(v[side]) : '-:--';
      el.classList.toggle('running', Boolean(this.game?.started && !this.game.frozen && turn === side && v));
      el.classList.toggle('low', Boolean(v && v[side] < 10000));
      el.classList.toggle('none', !v);
    }
  }
}
