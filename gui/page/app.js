// The page of `feerie gui`: the game shown (a line of moves from a start position), the
// board, the move list, FEN and PGN tools. Rules, notation and positions come from the
// backend (backend.js: the server, or the WebAssembly module of the static site);
// engines (analysis, games) are in engine.js, the solver tab in solver.js.

import { Board, chooserWindow, fenBoard, miniature, squareIndex } from './board.js';
import { exitWarning, ownExits, simplerFirst, targetHint } from './hints.js';
import { installPieceSymbols, pieceName } from './pieces.js';
import { Engines } from './engine.js';
import { openBackend } from './backend.js';
import { Solver } from './solver.js';
import { moveLabel, notation, setNotation } from './notation.js';

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

window.feerie = { lastHighlightMs: null, lastHighlightPaintMs: null };

/** The backend (backend.js), once opened. */
let backend;

/** Positions already asked for, by request: navigating back and forth costs nothing. */
const positions = new Map();
function position(variant, fen, moves) {
  const key = JSON.stringify([variant, fen, moves]);
  let entry = positions.get(key);
  if (!entry) {
    if (positions.size > 300) positions.clear();
    entry = { promise: backend.position({ variant, fen, moves }) };
    entry.promise.then((v) => { entry.value = v; }, () => positions.delete(key));
    positions.set(key, entry);
  }
  return entry;
}

/** The game on the page: a start position, a line of moves, and the ply shown. */
const state = {
  variants: [],
  engines: [],
  variant: 'chess',
  fen: null, // the start FEN as given (null: the variant's start position)
  startFen: '', // the start position written out
  moves: [],
  history: [],
  final: null, // the server's answer for the whole line
  ply: 0,
  pos: null, // the server's answer for the position shown
  result: null, // {result, reason, imported} of a finished game on this line
  names: { white: 'White', black: 'Black' },
  tags: [], // an imported game's other tags ([key, value], in its order), written back on export
};

const board = new Board($('rim'), $('board'), pick, targetHint);
let engines;

function setStatus(text, error = false) {
  const el = $('status');
  el.textContent = text;
  el.classList.toggle('error', error);
}

let lineToken = 0;
/** Shows the line `moves` from (`variant`, `fen`), at `ply` (default: its end). Throws the
 * server's words when the line is not legal; nothing changes then. */
async function setLine(variant, fen, moves, ply = moves.length, { keepResult = false } = {}) {
  const token = ++lineToken;
  const full = await position(variant, fen, moves).promise;
  if (token !== lineToken) return; // a later line was asked for meanwhile
  const variantChanged = variant !== state.variant;
  Object.assign(state, {
    variant, fen, moves: full.moves, history: full.history, startFen: full.start_fen, final: full,
  });
  if (!keepResult) state.result = null;
  $('variant').value = variant;
  if (variantChanged) document.body.dataset.variant = variant;
  renderMoves();
  await show(ply);
}

const fenAt = (ply) => (ply === 0 ? state.startFen : state.history[ply - 1].fen);
let showToken = 0;

/** Shows the position after `ply` moves of the line: drawn at once from its FEN, then with
 * its legal moves and check once the server has answered (at once when known). */
async function show(ply) {
  ply = Math.max(0, Math.min(state.moves.length, ply));
  const token = ++showToken;
  const animate = ply === state.ply + 1;
  state.ply = ply;
  state.pos = null;
  const fen = fenAt(ply);
  const drawing = {
    fen,
    last: ply > 0 ? state.moves[ply - 1] : null,
    before: ply > 0 ? fenBoard(fenAt(ply - 1)) : null,
    mutation: state.variant.includes('einstein'),
    animate,
  };
  const entry = position(state.variant, state.fen, state.moves.slice(0, ply));
  markCurrentMove();
  if (!entry.value) {
    board.draw({ ...drawing, board: fenBoard(fen), preview: true });
    board.setLegal([], false);
  }
  let pos;
  try { pos = entry.value ?? await entry.promise; } catch (e) { setStatus(e.message, true); return; }
  if (token !== showToken) return;
  state.pos = pos;
  board.draw({ ...drawing, board: pos.board, check: pos.check });
  board.setLegal(pos.legal, engines.humanMayMove(pos));
  if (document.activeElement !== $('fen-input')) $('fen-input').value = pos.fen;
  renderGameStatus();
  engines.positionShown(pos);
  window.feerie.readyMs ??= performance.now(); // from navigation start: a figure of docs/gui.md
  document.body.dataset.ready = '1';
}

/** The game the engines are given: the line up to the position shown. */
function spec() {
  return { variant: state.variant, fen: state.fen, moves: state.moves.slice(0, state.ply) };
}

/** Plays `uci` from the position shown (dropping the moves after it), or sends it to the
 * running game. The move comes from the server's legal list. */
async function play(move) {
  if (engines.inGame()) { engines.sendMove(move.uci); }
  board.draw({
    board: fenBoard(move.fen), fen: move.fen, last: move.uci, before: board.pieces.slice(), preview: true, animate: true,
  });
  try {
    await setLine(state.variant, state.fen, [...state.moves.slice(0, state.ply), move.uci]);
  } catch (e) { setStatus(e.message, true); await show(state.ply); }
}

/** The board's choice: one candidate is played, unless it takes one of the mover's own
 * pieces off the board as a side effect (then it is shown to be confirmed); several open
 * the chooser, simpler moves first, each drawn on the same part of the board, bigger the
 * smaller that part is, with the squares it changes tinted. */
function pick(found, from, to) {
  const side = board.el.dataset.side;
  const pieces = board.pieces.slice();
  const exits = (m) => ownExits(m, side, pieces, from, to);
  if (found.length === 1 && !exits(found[0]).length) { play(found[0]); return; }
  const candidates = simplerFirst(found, side, pieces, from, to);
  const box = $('chooser');
  const piece = pieceName(pieces[squareIndex(from)]);
  const where = to === 'off' ? 'off the board' : `to ${to}`;
  $('chooser-title').textContent = candidates.length === 1
    ? `This move takes the ${piece} from ${from} ${where}, and ${exitWarning(exits(candidates[0]))}: play it?`
    : `${candidates.length} moves take the ${piece} from ${from} ${where}: which one?`;
  const list = box.querySelector('.candidates');
  const view = chooserWindow(candidates, pieces, board.orientation);
  list.style.setProperty('--mini-unit', `${Math.max(32, Math.min(48, 256 / view.n)) / 10}px`);
  list.innerHTML = candidates.map((m, i) => {
    const warning = exitWarning(exits(m));
    return `<button type="button" class="candidate${warning ? ' warned' : ''}" data-uci="${esc(m.uci)}" data-i="${i}">
    ${miniature(m.fen, m.uci, board.orientation, pieces, view)}<span class="notation">${esc(moveLabel(m))}</span>${warning ? `<span class="own-exit">⚠ ${esc(warning)}</span>` : ''}</button>`;
  }).join('');
  box.hidden = false;
  list.onclick = (e) => {
    const c = e.target.closest('.candidate');
    if (!c) return;
    closeChooser();
    play(candidates[Number(c.dataset.i)]);
  };
  list.querySelector('.candidate')?.focus({ preventScroll: true });
}

function closeChooser() {
  $('chooser').hidden = true;
  $('chooser').querySelector('.candidates').textContent = '';
}

$('chooser-cancel').addEventListener('click', closeChooser);
$('chooser').addEventListener('click', (e) => { if (e.target === $('chooser')) closeChooser(); });

/* ---- move list and navigation ---- */

function renderMoves() {
  const [, side, , , , full] = state.startFen.split(' ');
  const first = Number(full) || 1;
  const offset = side === 'b' ? 1 : 0;
  let html = '';
  state.history.forEach((h, i) => {
    const k = i + offset;
    if (k % 2 === 0) html += `<span class="num">${first + k / 2}.</span>`;
    else if (i === 0) html += `<span class="num">${first}.</span><span class="move empty">…</span>`;
    html += `<span class="move" data-ply="${i + 1}">${esc(moveLabel(h))}</span>`;
  });
  const end = gameEnd();
  if (end) html += `<div class="result">${esc(end.text)}</div>`;
  if (!html) html = '<p class="hint">No moves yet: click or drag a piece.</p>';
  $('moves').innerHTML = html;
  markCurrentMove();
}

function markCurrentMove() {
  const list = $('moves');
  list.querySelector('.move.current')?.classList.remove('current');
  const el = list.querySelector(`.move[data-ply="${state.ply}"]`);
  if (el) {
    el.classList.add('current');
    const top = el.offsetTop; // #moves is positioned: offsets are within it
    if (top < list.scrollTop || top + el.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  } else if (state.ply === 0) list.scrollTop = 0;
  const atStart = state.ply === 0;
  const atEnd = state.ply === state.moves.length;
  $('nav-first').disabled = $('nav-prev').disabled = atStart;
  $('nav-next').disabled = $('nav-last').disabled = atEnd;
}

$('moves').addEventListener('click', (e) => {
  const m = e.target.closest('.move[data-ply]');
  if (m) show(Number(m.dataset.ply));
});
const nav = {
  first: () => show(0),
  prev: () => show(state.ply - 1),
  next: () => show(state.ply + 1),
  last: () => show(state.moves.length),
};
for (const [name, go] of Object.entries(nav)) $(`nav-${name}`).addEventListener('click', go);
/** Input types one types into: the arrow keys move in them, not on the board. */
const TYPED = new Set(['text', 'search', 'number', 'email', 'url', 'tel', 'password']);
const takesText = (el) => el instanceof HTMLElement
  && (el.isContentEditable || el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && TYPED.has(el.type)));

// Caught before any element's own handling: a menu or button with focus (after a mouse
// choice, say) never turns the arrows into a change of variant.
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !$('chooser').hidden) { closeChooser(); return; }
  const modal = !$('chooser').hidden || $('confirm').open;
  if (modal || takesText(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
  const go = {
    ArrowLeft: nav.prev, ArrowRight: nav.next, ArrowUp: nav.first, ArrowDown: nav.last, Home: nav.first, End: nav.last,
  }[e.key] ?? (e.key === 'f' ? () => $('flip').click() : null);
  if (go) { e.preventDefault(); go(); }
}, true);

/* ---- results ---- */

const REASONS = {
  checkmate: (w) => `${w} wins by checkmate`,
  stalemate: () => 'Draw by stalemate',
  'threefold repetition': () => 'Draw by threefold repetition',
  '50-move rule': () => 'Draw by the 50-move rule',
  'insufficient material': () => 'Draw: bare kings',
};

/** How the line ends: a finished game's result, or the final position's outcome. */
function gameEnd() {
  if (state.result) {
    const { result, reason } = state.result;
    return { result, text: reason ? `${result} ${reason}` : result };
  }
  const o = state.final?.outcome;
  if (!o) return null;
  const winner = o.result === '1-0' ? 'White' : 'Black';
  return { result: o.result, text: `${o.result} ${(REASONS[o.reason] ?? (() => o.reason))(winner)}` };
}

function renderGameStatus() {
  const el = $('game-status');
  const live = engines.gameText();
  const end = live ? null : gameEnd();
  el.textContent = live ?? end?.text ?? '';
  if (end) el.dataset.result = end.result; else delete el.dataset.result;
  el.classList.toggle('over', Boolean(end));
}

/* ---- variant, new game, flip ---- */

async function newGame(variant) {
  engines.abortGame(true);
  state.names = { white: 'White', black: 'Black' };
  state.tags = [];
  renderNames();
  try {
    await setLine(variant, null, []);
    setStatus(`New ${variant} game.`);
  } catch (e) { setStatus(e.message, true); }
}

/** Asks `question` in the page's dialog; true when the `yes` button is pressed (Escape and
 * the other button, which has the focus, say no). */
function ask(question, yes) {
  const dialog = $('confirm');
  $('confirm-text').textContent = question;
  $('confirm-yes').textContent = yes;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true });
  });
}

/** True when a new `variant` game may replace what the board holds: a running game, or
 * moves on the board, are given up only when the user says so. */
async function mayStartNew(variant) {
  const plies = state.moves.length;
  const question = engines.inGame() ? `A game is running. End it and start a new ${variant} game?`
    : plies ? `Discard the ${plies} move${plies === 1 ? '' : 's'} on the board and start a new ${variant} game?` : null;
  return !question || ask(question, `New ${variant} game`);
}

// A new variant is a new game; declined, the menu goes back and nothing changes.
$('variant').addEventListener('change', async () => {
  const menu = $('variant');
  const wanted = menu.value;
  const old = state.variant;
  if (!(await mayStartNew(wanted))) { menu.value = old; return; }
  newGame(wanted);
});
$('new-game').addEventListener('click', async () => {
  const variant = $('variant').value;
  if (await mayStartNew(variant)) newGame(variant);
});
$('flip').addEventListener('click', () => {
  board.flip();
  placePlayers();
});

/** The player strips: Black's above the board when White is at the bottom. */
function placePlayers() {
  const white = board.orientation === 'w';
  const top = $('player-top'); const bottom = $('player-bottom');
  top.append($(white ? 'name-black' : 'name-white'), $(white ? 'clock-black' : 'clock-white'));
  bottom.append($(white ? 'name-white' : 'name-black'), $(white ? 'clock-white' : 'clock-black'));
  $('eval-bar').classList.toggle('flipped', !white);
  $('wdl-bar').classList.toggle('flipped', !white);
}

/* ---- typed moves, FEN ---- */

$('move-input').addEventListener('keydown', async (e) => {
  if (e.key !== 'Enter') return;
  const text = e.target.value.trim();
  if (!text) return;
  $('move-error').textContent = '';
  try {
    if (state.pos && !board.enabled) throw new Error('It is not your move.');
    const answer = await backend.position({ ...spec(), play: text });
    const uci = answer.moves[answer.moves.length - 1];
    await play({ uci, fen: answer.fen });
    e.target.value = '';
  } catch (err) { $('move-error').textContent = err.message; }
});

$('notation').value = notation();
$('notation').addEventListener('change', (e) => {
  setNotation(e.target.value);
  renderMoves();
  engines.renderLines();
});

$('set-fen').addEventListener('click', async () => {
  const fen = $('fen-input').value.trim();
  $('fen-error').textContent = '';
  if (engines.inGame()) { $('fen-error').textContent = 'A game is running: abort it first.'; return; }
  try {
    const pos = await backend.position({ variant: state.variant, fen, moves: [] });
    state.names = { white: 'White', black: 'Black' };
    state.tags = [];
    renderNames();
    await setLine(state.variant, pos.fen, []);
    setStatus('Position set.');
  } catch (e) { $('fen-error').textContent = e.message; }
});
$('fen-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('set-fen').click(); });

$('copy-fen').addEventListener('click', async () => {
  const fen = fenAt(state.ply);
  try {
    await navigator.clipboard.writeText(fen);
  } catch {
    const input = $('fen-input');
    input.value = fen;
    input.select();
    document.execCommand('copy');
  }
  setStatus(`FEN copied: ${fen}`);
});

/* ---- PGN ---- */

/** The PGN of the game shown. An imported result goes back with the PGN's own
 * `Termination` (if it had one), the page's words only for a game it saw end. */
async function gamePgn() {
  const end = gameEnd();
  const imported = Boolean(state.result?.imported);
  const { pgn } = await backend.pgnExport({
    variant: state.variant,
    fen: state.fen,
    moves: state.moves,
    white: state.names.white,
    black: state.names.black,
    result: end?.result ?? '*',
    termination: end && !imported ? end.text.slice(end.result.length + 1) : null,
    tags: state.tags.filter(([key]) => key !== 'Termination' || imported),
  });
  return pgn;
}

// Downloads the file; the box keeps what the user pasted (Show PGN fills it).
$('pgn-export').addEventListener('click', async () => {
  $('pgn-error').textContent = '';
  try {
    const pgn = await gamePgn();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    link.download = `feerie-${state.variant}-${new Date().toISOString().slice(0, 10)}.pgn`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    setStatus('PGN downloaded.');
  } catch (e) { $('pgn-error').textContent = e.message; }
});

$('pgn-show').addEventListener('click', async () => {
  $('pgn-error').textContent = '';
  try { $('pgn-text').value = await gamePgn(); } catch (e) { $('pgn-error').textContent = e.message; }
});

$('pgn-import').addEventListener('click', async () => {
  $('pgn-error').textContent = '';
  if (engines.inGame()) { $('pgn-error').textContent = 'A game is running: abort it first.'; return; }
  try {
    const { games } = await backend.pgnImport({ pgn: $('pgn-text').value });
    if (!games.length) throw new Error('no game in this text');
    const g = games[0];
    await setLine(g.variant, g.fen ?? null, g.moves);
    if (g.result && g.result !== '*') {
      // The PGN's result, in the words of the final position when it says the same.
      const o = state.final.outcome;
      const reason = o?.result === g.result ? gameEnd().text.slice(g.result.length + 1) : '';
      state.result = { result: g.result, reason, imported: true };
      renderMoves();
      renderGameStatus();
    }
    state.tags = g.tags ?? [];
    state.names = { white: g.white || 'White', black: g.black || 'Black' };
    renderNames();
    setStatus(`Imported ${g.white} – ${g.black} (${g.variant}, ${g.moves.length} plies)${games.length > 1 ? `: the first of ${games.length} games` : ''}.`);
  } catch (e) { $('pgn-error').textContent = e.message; }
});

function renderNames() {
  $('name-white').textContent = state.names.white;
  $('name-black').textContent = state.names.black;
}

/* ---- start ---- */

/** What engine.js may read and do on the page. */
const host = {
  state,
  board,
  spec,
  setStatus,
  show,
  renderGameStatus,
  renderNames,
  /** Plays the PV moves `ucis` from the position shown. */
  async playLine(ucis) {
    try { await setLine(state.variant, state.fen, [...state.moves.slice(0, state.ply), ...ucis]); } catch (e) { setStatus(e.message, true); }
  },
  /** Shows a solution's line: `moves` from `fen`, at its end (not while a game runs). */
  async showLine(variant, fen, moves) {
    if (engines.inGame()) { setStatus('A game is running: abort it to show a solution.', true); return; }
    state.names = { white: 'White', black: 'Black' };
    state.tags = [];
    renderNames();
    try { await setLine(variant, fen, moves); } catch (e) { setStatus(e.message, true); }
  },
  /** Shows a game's moves as the line (after each move of a running game, and at its end). */
  async gameLine(variant, fen, moves, result) {
    state.result = result;
    state.tags = [];
    try { await setLine(variant, fen, moves, moves.length, { keepResult: true }); } catch (e) { setStatus(e.message, true); }
  },
};

async function start() {
  installPieceSymbols();
  placePlayers();
  try {
    backend = await openBackend();
    engines = new Engines(host, backend);
    host.solver = new Solver(host, (message) => engines.send(message));
    const { variants, engines: list } = await backend.variants();
    state.variants = variants;
    state.engines = list;
    $('variant').innerHTML = variants.map((v) => `<option value="${esc(v.name)}">${esc(v.name)}</option>`).join('');
    engines.setEngines(list);
    renderNames();
    await setLine(variants[0].name, null, []);
  } catch (e) { setStatus(`The page could not start: ${e.message}`, true); }
}

start();
