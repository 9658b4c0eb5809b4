// The board: squares, pieces, marks, and the user's clicks and drags. It knows no rules:
// what may move where comes from the server's `legal` list (docs/gui-api.md, "How the page
// uses parts"); a chosen piece and target give the candidate moves, handed to `onPick`.

import { pieceSvg, pieceName, glyphUses } from './pieces.js';

const FILES = 'abcdefgh';
/** The name of square index `i` (a1 = 0, b1 = 1, ..., h8 = 63). */
export const squareName = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
/** The index of square `name`. */
export const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);

/** The 64 squares of a FEN's placement field, each its FEN text (`(RBN)` for a unit) or null. */
export function fenBoard(fen) {
  const board = new Array(64).fill(null);
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, k) => {
    const rank = 7 - k;
    let file = 0;
    for (let i = 0; i < row.length && file < 8; i++) {
      const c = row[i];
      if (c >= '1' && c <= '9') { file += Number(c); continue; }
      let text = c;
      if (c === '(') { const end = row.indexOf(')', i); text = row.slice(i, end + 1); i = end; }
      board[rank * 8 + file] = text;
      file += 1;
    }
  });
  return board;
}

/** The displacements a canonical move string names: `c6f6/e6g6` -> [{from,to}...], to = null off the board. */
export function moveParts(uci) {
  return uci.split('/').map((part) => {
    const m = /^([a-h][1-8])([a-h][1-8]|E)/.exec(part);
    return m ? { from: m[1], to: m[2] === 'E' ? null : m[2] } : null;
  }).filter(Boolean);
}

const sign = (x) => Math.sign(x);
const inside = (f, r) => f >= 0 && f < 8 && r >= 0 && r < 8;

/** Steps from (f, r) along (dx, dy) to the edge, plus 100 when a piece stands in the way
 * on `before` (the squares in `ignore` excepted). */
function run(f, r, dx, dy, before, ignore) {
  let x = f + dx; let y = r + dy; let n = 1; let clear = true;
  while (inside(x, y)) {
    if (before[y * 8 + x] && !ignore.includes(y * 8 + x)) clear = false;
    x += dx; y += dy; n += 1;
  }
  return n + (clear ? 0 : 100);
}

/** The step a piece leaving the board from `from` took, for the mark on the rim: the
 * direction of the move's other displacement when there is one (both pieces of a push or
 * pull travel the same way); when both leave, the way along their line whose front piece
 * has the shorter clear run; else the nearest edge reached over empty squares. The move
 * does not say which way a piece went: this is for drawing only. */
function exitStep(from, parts, before) {
  const at = (sq) => { const i = squareIndex(sq); return [i % 8, Math.floor(i / 8)]; };
  const norm = (dx, dy) => (dx === 0 || dy === 0 || Math.abs(dx) === Math.abs(dy)
    ? [sign(dx), sign(dy)] : [dx, dy]);
  const ignore = parts.map((p) => squareIndex(p.from));
  const [f, r] = at(from);
  const other = parts.find((p) => p.from !== from);
  if (other && other.to) {
    const [a, b] = [at(other.from), at(other.to)];
    return norm(b[0] - a[0], b[1] - a[1]);
  }
  if (other) {
    const [a, b] = parts.map((p) => at(p.from));
    const d = norm(b[0] - a[0], b[1] - a[1]);
    const back = [-d[0], -d[1]];
    return run(...b, ...d, before, ignore) <= run(...a, ...back, before, ignore) ? d : back;
  }
  let best = null;
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    const score = run(f, r, dx, dy, before, ignore);
    if (!best || score < best[0]) best = [score, [dx, dy]];
  }
  return best[1];
}

/** The rim cell (file and rank in -1..8) where a piece leaving from `from` went. */
function exitCell(from, parts, before) {
  const [dx, dy] = exitStep(from, parts, before);
  let x = FILES.indexOf(from[0]);
  let y = Number(from[1]) - 1;
  while (inside(x, y)) { x += dx; y += dy; }
  return [Math.max(-1, Math.min(8, x)), Math.max(-1, Math.min(8, y))];
}

/** The marks of the pieces move `parts` took off `before`: {from, text, cell: [x, y]}, two
 * marks in one rim cell set side by side along the rim. */
function exitMarks(parts, before) {
  const seen = new Map();
  return parts.filter((p) => !p.to).map((p) => {
    const [x, y] = exitCell(p.from, parts, before);
    const key = `${x},${y}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const along = k * 0.55;
    const cell = y < 0 || y > 7 ? [x + along, y] : [x, y + along];
    return { from: p.from, text: before[squareIndex(p.from)], cell };
  });
}

export class Board {
  /**
   * `rim`: the frame (`.rim[data-square=off]`) holding `#board`. `onPick(candidates, from,
   * to)` gets the legal moves matching a chosen piece and target (`off`: off the board).
   * `describe(moves, from, to, pieces)` says what a target means for its marks
   * (hints.js's `targetHint`: `{own, texts, becomes, title}`).
   */
  constructor(rim, board, onPick, describe) {
    this.rim = rim;
    this.el = board;
    this.onPick = onPick;
    this.describe = describe;
    this.hints = new Map();
    this.orientation = 'w';
    this.pieces = new Array(64).fill(undefined);
    this.legal = [];
    this.byFrom = new Map();
    this.enabled = true;
    this.selected = null;
    this.drag = null;
    this.marked = [];
    this.squares = [];
    for (let i = 0; i < 64; i++) {
      const sq = document.createElement('div');
      const name = squareName(i);
      sq.className = `square ${(i % 8 + Math.floor(i / 8)) % 2 ? 'light' : 'dark'}`;
      sq.dataset.square = name;
      this.squares.push(sq);
      board.append(sq);
    }
    this.exits = document.createElement('div');
    this.exits.className = 'exits';
    rim.append(this.exits);
    this.coords = document.createElement('div');
    this.coords.className = 'coords';
    rim.append(this.coords);
    board.title = ''; // a target's title is its own: none from the frame's (an exit's)
    this.tip = document.createElement('div');
    this.tip.id = 'target-hint';
    this.tip.hidden = true;
    rim.append(this.tip);
    this.place();
    rim.addEventListener('pointerover', (e) => { if (!this.drag) this.showHint(this.targetAt(e.clientX, e.clientY)); });
    rim.addEventListener('pointerleave', () => { if (!this.drag) this.showHint(null); });
    rim.addEventListener('pointerdown', (e) => this.pointerDown(e));
    window.addEventListener('pointermove', (e) => this.pointerMove(e));
    window.addEventListener('pointerup', (e) => this.pointerUp(e));
    rim.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  /** Puts the squares and coordinates where the orientation says. */
  place() {
    const white = this.orientation === 'w';
    this.squares.forEach((sq, i) => {
      const f = i % 8; const r = Math.floor(i / 8);
      sq.style.gridColumn = String((white ? f : 7 - f) + 1);
      sq.style.gridRow = String((white ? 7 - r : r) + 1);
    });
    let html = '';
    for (let k = 0; k < 8; k++) {
      const file = FILES[white ? k : 7 - k];
      const rank = white ? 8 - k : k + 1;
      html += `<span class="cf" style="--k:${k}">${file}</span><span class="cr" style="--k:${k}">${rank}</span>`;
    }
    this.coords.innerHTML = html;
  }

  flip() {
    this.orientation = this.orientation === 'w' ? 'b' : 'w';
    this.place();
    this.el.dataset.orientation = this.orientation;
    this.drawExits();
  }

  /**
   * Draws a position: `board` (64 FEN texts), its `fen`, the last move (canonical string
   * or null), the board before it (for pieces that left), the king in check (or null);
   * `mutation`: mark what the moved piece was (Einstein family); `animate`: slide the
   * moved pieces.
   */
  draw({
    board, fen, last = null, before = null, check = null, mutation = false, preview = false, animate = false,
  }) {
    this.deselect();
    const created = new Set();
    if (!preview) { // a preview is drawn before the server confirms the position
      this.el.dataset.fen = fen;
      this.el.dataset.side = fen.split(' ')[1] || 'w';
    }
    for (let i = 0; i < 64; i++) {
      const text = board[i] ?? null;
      if (this.pieces[i] === text) continue;
      this.pieces[i] = text;
      const sq = this.squares[i];
      sq.textContent = '';
      sq.classList.toggle('has-piece', Boolean(text));
      if (text) {
        const piece = document.createElement('div');
        piece.className = 'piece';
        piece.dataset.piece = text;
        if (text.startsWith('(')) { piece.title = text; piece.classList.add('unit'); }
        piece.innerHTML = pieceSvg(text);
        sq.append(piece);
        created.add(i);
      }
    }
    for (const sq of this.marked) sq.classList.remove('last', 'check', 'mutated');
    for (const badge of this.el.querySelectorAll('.was')) badge.remove();
    this.marked = [];
    const mark = (name, cls) => {
      const sq = this.squares[squareIndex(name)];
      sq.classList.add(cls);
      this.marked.push(sq);
    };
    const parts = last ? moveParts(last) : [];
    for (const p of parts) { mark(p.from, 'last'); if (p.to) mark(p.to, 'last'); }
    if (check) mark(check, 'check');
    this.exitMarks = before ? exitMarks(parts, before) : [];
    this.drawExits();
    if (mutation && before && parts.length === 1 && parts[0].to) this.markMutation(parts[0], before, board);
    if (animate && !this.dropped) {
      for (const p of parts) if (p.to && created.has(squareIndex(p.to))) this.slide(p.from, p.to);
    }
    this.dropped = false;
  }

  /** Slides the piece just drawn on `to` from `from`, so the eye follows the move. */
  slide(from, to) {
    const piece = this.squares[squareIndex(to)].querySelector('.piece');
    const a = this.squares[squareIndex(from)].getBoundingClientRect();
    const b = this.squares[squareIndex(to)].getBoundingClientRect();
    piece.classList.add('moving');
    piece.animate(
      [{ transform: `translate(${a.left - b.left}px, ${a.top - b.top}px)` }, { transform: 'none' }],
      { duration: 160, easing: 'ease-out' },
    ).onfinish = () => piece.classList.remove('moving');
  }

  /** Shows what the moved piece was before it mutated (Einstein family), in a corner. */
  markMutation(part, before, board) {
    const was = before[squareIndex(part.from)];
    const now = board[squareIndex(part.to)];
    if (!was || !now || was === now || was.toLowerCase() === 'k') return;
    const sq = this.squares[squareIndex(part.to)];
    const badge = document.createElement('div');
    badge.className = 'was';
    badge.dataset.piece = was;
    badge.title = `the ${pieceName(was)} became a ${pieceName(now).split(' ')[1]}`;
    badge.innerHTML = pieceSvg(was);
    sq.querySelector('.piece').append(badge);
    sq.classList.add('mutated');
    this.marked.push(sq);
  }

  /** The marks on the rim for pieces that left the board with the last move. */
  drawExits() {
    const white = this.orientation === 'w';
    // The centre of rim cell k (-1 and 8 are the rim's two sides) along one axis.
    const at = (k) => {
      if (k <= -1) return 'calc(var(--rim) / 2)';
      if (k >= 8) return 'calc(var(--rim) * 1.5 + var(--bs))';
      return `calc(var(--rim) + ${k + 0.5} * var(--sq))`;
    };
    this.exits.innerHTML = (this.exitMarks || []).map(({ cell: [x, y], text, from }) => {
      const col = white ? x : 7 - x;
      const row = white ? 7 - y : y;
      return `<div class="exit-mark" style="--x:${at(col)};--y:${at(row)}" title="${pieceName(text)} from ${from} left the board">${pieceSvg(text)}</div>`;
    }).join('');
  }

  /** The legal moves of the position drawn (the server's list); `enabled`: the user may move. */
  setLegal(legal, enabled) {
    this.legal = legal;
    this.enabled = enabled;
    this.byFrom = new Map();
    for (const move of legal) {
      for (const part of move.parts) {
        let targets = this.byFrom.get(part.from);
        if (!targets) { targets = new Map(); this.byFrom.set(part.from, targets); }
        const to = part.to ?? 'off';
        const list = targets.get(to);
        if (list) { if (!list.includes(move)) list.push(move); } else targets.set(to, [move]);
      }
    }
    this.el.classList.toggle('can-move', enabled && legal.length > 0);
    if (this.selected && !this.byFrom.has(this.selected)) this.deselect();
  }

  /** Selects square `name`, highlighting its targets; records the time since `t0`. */
  select(name, t0) {
    this.deselect();
    const targets = this.byFrom.get(name);
    if (!targets) return false;
    this.selected = name;
    this.squares[squareIndex(name)].classList.add('selected');
    for (const [to, moves] of targets) {
      const hint = this.describe(moves, name, to, this.pieces);
      this.hints.set(to, hint);
      const el = to === 'off' ? this.rim : this.squares[squareIndex(to)];
      el.classList.add('target', hint.own ? 'target-own' : 'target-pushed');
      el.dataset.moves = hint.texts.join(' ');
      el.title = hint.title;
      if (hint.becomes) {
        const badge = document.createElement('div');
        badge.className = 'becomes';
        badge.dataset.piece = hint.becomes;
        badge.innerHTML = pieceSvg(hint.becomes);
        el.append(badge);
      }
    }
    if (t0 !== undefined) {
      window.feerie.lastHighlightMs = performance.now() - t0;
      requestAnimationFrame(() => setTimeout(() => {
        window.feerie.lastHighlightPaintMs = performance.now() - t0;
      }, 0));
    }
    return true;
  }

  deselect() {
    if (this.selected) {
      for (const el of [this.rim, ...this.el.querySelectorAll('.selected, .target')]) {
        el.classList.remove('selected', 'target', 'target-own', 'target-pushed');
        delete el.dataset.moves;
        el.removeAttribute('title');
      }
      for (const badge of this.el.querySelectorAll('.becomes')) badge.remove();
    }
    this.rim.classList.remove('target');
    this.hints.clear();
    this.showHint(null);
    this.selected = null;
  }

  /** Names the moves that end on target `to` (a square, `off`) in the hint over the
   * board, or hides it (`to` not a target). */
  showHint(to) {
    const hint = to && this.hints.get(to);
    if (!hint) { this.tip.hidden = true; return; }
    this.tip.textContent = hint.title;
    this.tip.hidden = false;
    const frame = this.rim.getBoundingClientRect();
    const at = to === 'off' ? frame : this.squares[squareIndex(to)].getBoundingClientRect();
    const x = to === 'off' ? frame.width / 2 : at.left + at.width / 2 - frame.left;
    const below = to !== 'off' && at.top - frame.top < frame.height / 3;
    const half = this.tip.offsetWidth / 2; // kept over the frame, never past the screen's edge
    this.tip.style.left = `${Math.max(half, Math.min(frame.width - half, x))}px`;
    this.tip.style.top = `${to === 'off' ? 0 : (below ? at.bottom : at.top) - frame.top}px`;
    this.tip.classList.toggle('below', below);
  }

  /** The target under an event: a square's name, `off` for the rim, or null. */
  targetAt(x, y) {
    const el = document.elementFromPoint(x, y);
    if (!el) return null;
    const sq = el.closest('.square');
    if (sq && this.el.contains(sq)) return sq.dataset.square;
    if (el.closest('.rim') === this.rim) return 'off';
    return null;
  }

  /** Plays towards `to` from the selected square when it is a target; true if it was. */
  tryTarget(to) {
    const from = this.selected;
    const moves = from && this.byFrom.get(from)?.get(to);
    if (!moves) return false;
    this.deselect();
    this.onPick(moves, from, to);
    return true;
  }

  pointerDown(e) {
    if (e.button !== 0 || !this.enabled) return;
    const t0 = e.timeStamp || performance.now();
    const sq = e.target.closest('.square');
    const name = sq && this.el.contains(sq) ? sq.dataset.square : 'off';
    e.preventDefault();
    if (this.selected && name !== this.selected && this.tryTarget(name)) return;
    if (name === 'off') { this.deselect(); return; }
    const again = this.selected === name;
    if (!again && !this.select(name, t0)) { this.deselect(); return; }
    const piece = sq.querySelector('.piece');
    this.drag = { from: name, x: e.clientX, y: e.clientY, again, piece, ghost: null };
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 4 || !d.piece) return;
      const size = this.squares[0].getBoundingClientRect().width;
      d.ghost = document.createElement('div');
      d.ghost.className = 'drag-ghost';
      d.ghost.style.width = d.ghost.style.height = `${size}px`;
      d.ghost.innerHTML = d.piece.innerHTML;
      document.body.append(d.ghost);
      d.piece.classList.add('dragging');
    }
    d.ghost.style.transform = `translate(${e.clientX}px, ${e.clientY}px) translate(-50%, -50%)`;
    const over = this.targetAt(e.clientX, e.clientY);
    if (over !== d.over) {
      this.el.querySelector('.hover')?.classList.remove('hover');
      this.rim.classList.remove('hover');
      if (over === 'off') this.rim.classList.add('hover');
      else if (over) this.squares[squareIndex(over)].classList.add('hover');
      d.over = over;
      // The piece in the hand shows what it becomes there (Einstein family).
      const becomes = this.hints.get(over)?.becomes;
      d.ghost.innerHTML = becomes ? pieceSvg(becomes) : d.piece.innerHTML;
      d.ghost.classList.toggle('mutating', Boolean(becomes));
      this.showHint(over);
    }
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.el.querySelector('.hover')?.classList.remove('hover');
    this.rim.classList.remove('hover');
    if (!d.ghost) {
      if (d.again) this.deselect(); // a second click on the selected piece lets it go
      return;
    }
    d.ghost.remove();
    d.piece.classList.remove('dragging');
    this.showHint(null);
    const to = this.targetAt(e.clientX, e.clientY);
    this.dropped = true; // a dropped piece is already where it goes: no slide
    if (to && to !== d.from && this.tryTarget(to)) return;
    this.dropped = false;
    if (to !== d.from) this.deselect();
  }
}

/** The part of the board the chooser's miniatures show, the same for every candidate:
 * the squares any of `moves` changes or displaces (and the rim where a piece leaves),
 * with one square round them, at least `least` squares a side and square, as
 * `{x, y, n}` in drawn columns and rows (0..7 from the top left as `orientation` shows). */
export function chooserWindow(moves, before, orientation, least = 5) {
  const white = orientation !== 'b';
  const cols = []; const rows = [];
  const add = (f, r) => {
    cols.push(Math.max(0, Math.min(7, white ? f : 7 - f)));
    rows.push(Math.max(0, Math.min(7, white ? 7 - r : r)));
  };
  for (const m of moves) {
    const after = fenBoard(m.fen);
    for (let i = 0; i < 64; i++) if ((after[i] ?? null) !== (before[i] ?? null)) add(i % 8, Math.floor(i / 8));
    const parts = moveParts(m.uci);
    for (const p of parts) {
      for (const sq of [p.from, p.to]) if (sq) add(squareIndex(sq) % 8, Math.floor(squareIndex(sq) / 8));
    }
    for (const { cell: [x, y] } of exitMarks(parts, before)) add(x, y); // clamped: the edge
  }
  if (!cols.length) return { x: 0, y: 0, n: 8 };
  const span = (v) => [Math.max(0, Math.min(...v) - 1), Math.min(7, Math.max(...v) + 1)];
  const [x0, x1] = span(cols); const [y0, y1] = span(rows);
  const n = Math.min(8, Math.max(least, x1 - x0 + 1, y1 - y0 + 1));
  const fit = (lo, hi) => Math.max(0, Math.min(8 - n, Math.floor((lo + hi + 1 - n) / 2)));
  return { x: fit(x0, x1), y: fit(y0, y1), n };
}

/** A miniature board (SVG) of `fen`, the squares whose content differs from `before` (the
 * board the move is played on) tinted, White at the bottom unless `orientation` is `b`;
 * pieces that left the board are drawn on its rim where they left. `view` (from
 * `chooserWindow`) crops it to a square of the board, the rim shown where it touches an
 * edge; `--units` (its width in tenths of a square) sizes it in the page. */
export function miniature(fen, uci, orientation, before, view = { x: 0, y: 0, n: 8 }) {
  const board = fenBoard(fen);
  const parts = moveParts(uci);
  const white = orientation !== 'b';
  let cells = '<rect class="mr" x="-5" y="-5" width="90" height="90" rx="2"/>';
  let men = '';
  for (let i = 0; i < 64; i++) {
    const f = i % 8; const r = Math.floor(i / 8);
    const x = (white ? f : 7 - f) * 10;
    const y = (white ? 7 - r : r) * 10;
    const light = (f + r) % 2 === 1;
    const changed = before && (board[i] ?? null) !== (before[i] ?? null);
    cells += `<rect class="${light ? 'ml' : 'md'}${changed ? ' mm' : ''}" x="${x}" y="${y}" width="10" height="10"/>`;
    if (board[i]) men += glyphUses(board[i], x, y, 0.1);
  }
  // The centre of rim cell k (-1 and 8 are the rim) along one axis.
  const at = (k) => (k <= -1 ? -2.5 : k >= 8 ? 82.5 : k * 10 + 5);
  for (const { cell: [cx, cy], text } of before ? exitMarks(parts, before) : []) {
    const x = at(white ? cx : 7 - cx);
    const y = at(white ? 7 - cy : cy);
    men += `<circle class="mx" cx="${x}" cy="${y}" r="4.6"/>${glyphUses(text, x - 4.5, y - 4.5, 0.09)}`;
  }
  const { x, y, n } = view;
  const left = x * 10 - (x === 0 ? 5 : 1);
  const top = y * 10 - (y === 0 ? 5 : 1);
  const width = n * 10 + (x === 0 ? 5 : 1) + (x + n === 8 ? 5 : 1);
  const height = n * 10 + (y === 0 ? 5 : 1) + (y + n === 8 ? 5 : 1);
  return `<svg class="mini" viewBox="${left} ${top} ${width} ${height}" style="--units:${width};aspect-ratio:${width} / ${height}" role="img">${cells}${men}</svg>`;
}
