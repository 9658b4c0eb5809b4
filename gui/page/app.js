// The page of `feerie gui`: the study shown (a tree of moves from a start position,
// tree.js), the board, the move list, FEN and PGN tools. Rules, notation and positions come from the
// backend (backend.js: the server, or the WebAssembly module of the static site);
// engines (analysis, games) are in engine.js, the solver tab in solver.js.

import { Board, chooserWindow, fenBoard, miniature, squareIndex } from './board.js';
import { exitWarning, ownExits, simplerFirst, targetHint } from './hints.js';
import { installPieceSymbols, pieceName } from './pieces.js';
import { Engines } from './engine.js';
import { openBackend } from './backend.js';
import { Solver } from './solver.js';
import { Sounds, soundOf } from './sounds.js';
import { Tree } from './tree.js';
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

/** The study on the page: a start position, its tree of moves, and the move shown. */
const state = {
  variants: [],
  engines: [],
  variant: 'chess',
  fen: null, // the start FEN as given (null: the variant's start position)
  startFen: '', // the start position written out
  tree: new Tree(''),
  node: null, // the node shown (the tree's root: the start position)
  gameNode: null, // the last move of the running game
  // What engine.js reads (host.state): the line shown as moves, and the ply shown in it;
  // while a game runs, the game's moves, and -1 when the move shown is not on them.
  moves: [],
  ply: 0,
  final: null, // the server's answer for the main line
  pos: null, // the server's answer for the position shown
  result: null, // {result, reason, imported, node} of a finished game ending at node
  names: { white: 'White', black: 'Black' },
  tags: [], // an imported game's other tags ([key, value], in its order), written back on export
};
state.node = state.tree.root;

const board = new Board($('rim'), $('board'), pick, targetHint);
board.onPremoveDropped = ({ from, to }) => setStatus(`Premove ${from}-${to} dropped: not legal after the reply.`, true);
const sounds = new Sounds($('mute'));
let engines;

function setStatus(text, error = false) {
  const el = $('status');
  el.textContent = text;
  el.classList.toggle('error', error);
}

/** Sets engine.js's view of the line (state.moves, state.ply). */
function syncLine() {
  const { node } = state;
  if (engines?.inGame() && state.gameNode) {
    const game = Tree.path(state.gameNode);
    state.moves = game.map((n) => n.uci);
    state.ply = node === state.tree.root ? 0 : game.indexOf(node) + 1 || -1;
  } else {
    state.moves = Tree.ucis(Tree.end(node));
    state.ply = Tree.path(node).length;
  }
}

/** Gives the moves from the root to `last` their texts and FENs; throws the backend's
 * words when the line is not legal. */
async function fill(last, variant = state.variant, fen = state.fen) {
  const full = await position(variant, fen, Tree.ucis(last)).promise;
  Tree.path(last).forEach((n, i) => { n.text = full.history[i].text; n.fen = full.history[i].fen; });
  return full;
}

let treeToken = 0;
/** A new study: `line` (docs/gui-api.md, "A tree of moves") from (`variant`, `fen`),
 * shown at the end of its main line. Throws the backend's words when a move is not
 * legal; nothing changes then. */
async function setTree(variant, fen, line = []) {
  const token = ++treeToken;
  const start = await position(variant, fen, []).promise;
  const tree = new Tree(start.start_fen);
  const ends = tree.addLine(tree.root, line);
  await Promise.all(ends.map((end) => fill(end, variant, fen)));
  if (token !== treeToken) return;
  const variantChanged = variant !== document.body.dataset.variant;
  Object.assign(state, {
    variant, fen, tree, node: tree.root, startFen: start.start_fen, gameNode: null, result: null,
  });
  $('variant').value = variant;
  if (variantChanged) document.body.dataset.variant = variant;
  await changed(tree.mainEnd());
}

/** Adds the moves `ucis` after `from` (following the moves already there); returns the
 * last. Throws the backend's words when they are not legal; the tree is kept as it was. */
async function addMoves(from, ucis) {
  const { last, added } = state.tree.add(from, ucis);
  try { await fill(last); } catch (e) {
    if (added) state.tree.remove(added);
    throw e;
  }
  return last;
}

/** After a change of the tree: the main line's end (its outcome), the list, `node` shown. */
async function changed(node = state.node) {
  const main = state.tree.mainEnd();
  state.final = await position(state.variant, state.fen, Tree.ucis(main)).promise;
  renderMoves();
  await show(node);
}

let showToken = 0;

/** Shows the position after `node`: drawn at once from its FEN, then with its legal
 * moves and check once the backend has answered (at once when known). */
async function show(node) {
  const token = ++showToken;
  const animate = node.parent === state.node;
  state.node = node;
  syncLine();
  state.pos = null;
  const { fen } = node;
  const drawing = {
    fen,
    last: node.uci,
    before: node.parent ? fenBoard(node.parent.fen) : null,
    mutation: state.variant.includes('einstein'),
    animate,
  };
  const entry = position(state.variant, state.fen, Tree.ucis(node));
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
  if (animate) sounds.play(soundOf(drawing.before, pos.board, drawing.last, pos));
  board.setLegal(pos.legal, engines.humanMayMove(pos), engines.premoveSide(pos));
  if (document.activeElement !== $('fen-input')) $('fen-input').value = pos.fen;
  renderGameStatus();
  engines.positionShown(pos);
  window.feerie.readyMs ??= performance.now(); // from navigation start: a figure of docs/gui.md
  document.body.dataset.ready = '1';
}

/** The game the engines are given: the moves up to the position shown. */
function spec() {
  return { variant: state.variant, fen: state.fen, moves: Tree.ucis(state.node) };
}

/** Plays `move` (from the backend's legal list) from the position shown: a move already
 * there is followed, a new one starts a side line (or extends the line at its end). In a
 * running game it is also sent to the game. */
async function play(move) {
  if (engines.inGame()) { engines.sendMove(move.uci); }
  board.draw({
    board: fenBoard(move.fen), fen: move.fen, last: move.uci, before: board.pieces.slice(), preview: true, animate: true,
  });
  try {
    await changed(await addMoves(state.node, [move.uci]));
  } catch (e) { setStatus(e.message, true); await show(state.node); }
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

/** The text of a move in the list: in the chosen notation, with its NAGs. */
function nodeLabel(node) {
  return moveLabel(node) + node.nags.map((n) => NAGS[n] ?? ` $${n}`).join('');
}
const NAGS = {
  1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 10: ' =', 13: ' ∞', 14: ' ⩲', 15: ' ⩱', 16: ' ±', 17: ' ∓', 18: ' +−', 19: ' −+',
};

/** The move number of `node` (`12.` or `12…`), from the start position's. */
function moveNumber(node, ply) {
  const [, side, , , , full] = state.startFen.split(' ');
  const half = ply - 1 + (side === 'b' ? 1 : 0);
  return { n: (Number(full) || 1) + Math.floor(half / 2), white: half % 2 === 0 };
}

const commentHtml = (text) => (text ? `<span class="comment">${esc(text)}</span>` : '');

function moveHtml(node, ply, main) {
  const attrs = `data-node="${node.id}" data-uci="${esc(node.uci)}"${main ? ` data-ply="${ply}"` : ''}`;
  return `<span class="move${main ? '' : ' variation-move'}" ${attrs}>${esc(nodeLabel(node))}</span>`;
}

/** A side line inline, as in a PGN: `first` (at `ply`) then its first children, each
 * followed by its alternatives in parentheses. */
function inlineLine(first, ply) {
  let html = '';
  let numbered = false; // Black's move needs no number right after White's
  let prev = null;
  for (let n = first, p = ply; n; prev = n, n = n.children[0], p += 1) {
    const { n: number, white } = moveNumber(n, p);
    html += commentHtml(n.before);
    if (white) html += `<span class="num">${number}.</span>`;
    else if (!numbered || n.before) html += `<span class="num">${number}…</span>`;
    html += moveHtml(n, p, false) + commentHtml(n.comment);
    numbered = !n.comment;
    const others = prev ? prev.children.slice(1) : [];
    if (others.length) {
      html += others.map((v) => `<span class="variation">(${inlineLine(v, p)})</span>`).join('');
      numbered = false;
    }
  }
  return html;
}

/** The move list: the main line in rows of two, each move's comment and variations in
 * a block after it, as lichess shows a study. */
function renderMoves() {
  let html = '';
  const { root } = state.tree;
  let broken = false; // a block interrupted the rows: Black's move gets its number again
  let ply = 1;
  for (let node = root.children[0]; node; node = node.children[0], ply += 1) {
    const { n, white } = moveNumber(node, ply);
    if (node.before) html += `<div class="interrupt">${commentHtml(node.before)}</div>`;
    if (white) html += `<span class="num">${n}.</span>`;
    else if (ply === 1 || broken || node.before) html += `<span class="num">${n}.</span><span class="move empty">…</span>`;
    html += moveHtml(node, ply, true);
    broken = false;
    const others = node.parent.children.slice(1);
    if (node.comment || others.length) {
      if (white) html += '<span class="move empty"></span>';
      html += `<div class="interrupt">${commentHtml(node.comment)}${others.map((v) => `<div class="variation">${inlineLine(v, ply)}</div>`).join('')}</div>`;
      broken = true;
    }
  }
  const end = gameEnd();
  if (end) html += `<div class="result">${esc(end.text)}</div>`;
  if (!html) html = '<p class="hint">No moves yet: click or drag a piece.</p>';
  $('moves').innerHTML = html;
  markCurrentMove();
}

function markCurrentMove() {
  const list = $('moves');
  const { node } = state;
  list.querySelector('.move.current')?.classList.remove('current');
  const el = list.querySelector(`.move[data-node="${node.id}"]`);
  if (el) {
    el.classList.add('current');
    const top = el.offsetTop; // #moves is positioned: offsets are within it
    if (top < list.scrollTop || top + el.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  } else if (!node.parent) list.scrollTop = 0;
  const atStart = !node.parent;
  const atEnd = !node.children.length;
  $('nav-first').disabled = $('nav-prev').disabled = atStart;
  $('nav-next').disabled = $('nav-last').disabled = atEnd;
  renderTools();
}

$('moves').addEventListener('click', (e) => {
  const m = e.target.closest('.move[data-node]');
  const node = m && state.tree.nodes.get(Number(m.dataset.node));
  if (node) show(node);
});
const nav = {
  first: () => show(state.tree.root),
  prev: () => state.node.parent && show(state.node.parent),
  next: () => state.node.children.length && show(state.node.children[0]),
  last: () => show(Tree.end(state.node)),
};
for (const [name, go] of Object.entries(nav)) $(`nav-${name}`).addEventListener('click', go);

/* ---- editing the tree: promote, delete, comment ---- */

/** The buttons and comment box acting on the move shown. */
function renderTools() {
  const { node } = state;
  const game = engines?.inGame();
  const main = Tree.onMainLine(node);
  $('promote').disabled = game || main;
  $('make-main').disabled = game || main;
  $('delete-move').disabled = game || !node.parent;
  const box = $('comment');
  box.disabled = !node.parent;
  if (document.activeElement !== box) box.value = node.comment ?? '';
}

async function edit(what, act) {
  if (engines.inGame()) { setStatus('A game is running: its moves cannot be changed.', true); return; }
  const node = act();
  setStatus(what);
  await changed(node);
}
$('promote').addEventListener('click', () => edit('Variation promoted.', () => { Tree.promote(state.node); return state.node; }));
$('make-main').addEventListener('click', () => edit('Made the main line.', () => { Tree.makeMain(state.node); return state.node; }));
$('delete-move').addEventListener('click', () => edit('Moves deleted.', () => {
  const { parent } = state.node;
  if (parent) state.tree.remove(state.node);
  return parent ?? state.node;
}));
// Shown in the list as it is typed (a render on blur would replace the move clicked).
$('comment').addEventListener('input', (e) => {
  if (!state.node.parent) return;
  state.node.comment = e.target.value;
  renderMoves();
});

/** Input types one types into: the arrow keys move in them, not on the board. */
const TYPED = new Set(['text', 'search', 'number', 'email', 'url', 'tel', 'password']);
const takesText = (el) => el instanceof HTMLElement
  && (el.isContentEditable || el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && TYPED.has(el.type)));

// Caught before any element's own handling: a menu or button with focus (after a mouse
// choice, say) never turns the arrows into a change of variant.
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !$('chooser').hidden) { closeChooser(); return; }
  if (e.key === 'Escape' && board.cancelPremove()) return;
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

/** How the main line ends: a finished game's result (while the main line still ends
 * where the game did), or the final position's outcome. */
function gameEnd() {
  if (state.result && state.result.node === state.tree.mainEnd()) {
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
    await setTree(variant, null);
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
  const plies = state.tree.size;
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

/** Turns the board so that `side` is at the bottom (a game where the person plays it). */
function orient(side) {
  board.orient(side);
  placePlayers();
}

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
    await setTree(state.variant, pos.fen);
    setStatus('Position set.');
  } catch (e) { $('fen-error').textContent = e.message; }
});
$('fen-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('set-fen').click(); });

$('copy-fen').addEventListener('click', async () => {
  const { fen } = state.node;
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
    line: Tree.toLine(state.tree.root),
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
    await setTree(g.variant, g.fen ?? null, g.line);
    if (g.result && g.result !== '*') {
      // The PGN's result, in the words of the final position when it says the same.
      const o = state.final.outcome;
      const reason = o?.result === g.result ? gameEnd().text.slice(g.result.length + 1) : '';
      state.result = {
        result: g.result, reason, imported: true, node: state.tree.mainEnd(),
      };
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
  renderGameStatus,
  renderNames,
  orient,
  sound: (kind) => sounds.play(kind),
  /** The backend's answer for the position shown followed by `ucis` (an analysis line). */
  positionAfter: (ucis) => position(state.variant, state.fen, [...Tree.ucis(state.node), ...ucis]).promise,
  /** Adds the PV moves `ucis` from the position shown, as a variation (or the line's
   * continuation where it ends), and shows the last. */
  async playLine(ucis) {
    try { await changed(await addMoves(state.node, ucis)); } catch (e) { setStatus(e.message, true); }
  },
  /** Shows a solution's line: `moves` from `fen`, at its end (not while a game runs); a
   * variation of the study when it starts from the same position, else a new study. */
  async showLine(variant, fen, moves) {
    if (engines.inGame()) { setStatus('A game is running: abort it to show a solution.', true); return; }
    try {
      if (variant === state.variant && (fen === state.startFen || (fen ?? null) === state.fen)) {
        await changed(await addMoves(state.tree.root, moves));
        return;
      }
      state.names = { white: 'White', black: 'Black' };
      state.tags = [];
      renderNames();
      await setTree(variant, fen, moves.map((uci) => ({ uci })));
    } catch (e) { setStatus(e.message, true); }
  },
  /** Shows a game's moves (after each move of a running game, and at its end): they are
   * the main line; moves taken back leave it. */
  async gameLine(variant, fen, moves, result) {
    state.tags = [];
    try {
      if (variant !== state.variant || (fen ?? null) !== state.fen) await setTree(variant, fen);
      const before = engines.inGame() ? state.gameNode : null;
      const last = await addMoves(state.tree.root, moves);
      Tree.preferPath(last);
      // A takeback: the moves taken back go (they were the game's, now undone).
      if (before && before !== last && state.tree.nodes.has(before.id) && Tree.path(before).includes(last)) {
        state.tree.remove(Tree.path(before)[Tree.path(last).length]);
      }
      state.gameNode = engines.inGame() ? last : null;
      state.result = result && { ...result, node: last };
      await changed(last);
    } catch (e) { setStatus(e.message, true); }
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
    await setTree(variants[0].name, null);
  } catch (e) { setStatus(`The page could not start: ${e.message}`, true); }
}

start();
