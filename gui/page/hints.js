// What a move does, read from the backend's legal list (docs/gui-api.md): for the target
// marks (a piece's own targets, what it becomes, the moves ending on a square) and for
// the chooser (its order, the squares that change, a warning when one's own piece leaves
// the board). No rules: only `parts`, `movers`, `fen` and `text` of the listed moves.

import { fenBoard, squareIndex } from './board.js';
import { pieceName } from './pieces.js';
import { moveLabel } from './notation.js';

/** The colour of a square's FEN text: `w`, `b`, or null when empty. */
export function colourOf(text) {
  if (!text) return null;
  const c = text.startsWith('(') ? text[1] : text;
  return c === c.toUpperCase() ? 'w' : 'b';
}

/** True when the piece on `from` makes `move` by its own move (not pushed or pulled). */
export const ownMove = (move, from) => (move.movers ?? []).includes(from);

/** What the target `to` of the piece on `from` holds for the marks: `own` when the piece
 * gets there by its own move in one of `moves`, the moves' texts (its own first), and
 * the piece standing on `to` afterwards when every move agrees and it is not the piece
 * that was on `from` (an Einstein mutation, a promotion, an Augsburg merger). */
export function targetHint(moves, from, to, pieces) {
  const own = moves.filter((m) => ownMove(m, from));
  const others = moves.filter((m) => !ownMove(m, from));
  let becomes = null;
  if (to !== 'off') {
    const after = new Set(moves.map((m) => fenBoard(m.fen)[squareIndex(to)]));
    const [only] = after;
    if (after.size === 1 && only && only !== pieces[squareIndex(from)]) becomes = only;
  }
  const lines = [`${from} ${to === 'off' ? 'off the board' : `to ${to}`}`];
  if (own.length) lines.push(`by its own move: ${own.map(moveLabel).join(', ')}`);
  if (others.length) lines.push(`pushed or pulled by another piece: ${others.map(moveLabel).join(', ')}`);
  if (becomes) lines.push(`becomes a ${pieceName(becomes).split(' ').slice(1).join(' ')}`);
  return { own: own.length > 0, texts: [...own, ...others].map(moveLabel), becomes, title: lines.join('\n') };
}

/** The pieces of the side to move (`side`) that `move` takes off the board, but the
 * one the user sent off on purpose (`from` dropped on the rim): [{square, text}]. */
export function ownExits(move, side, pieces, from, to) {
  return move.parts
    .filter((p) => !p.to && !(to === 'off' && p.from === from))
    .map((p) => ({ square: p.from, text: pieces[squareIndex(p.from)] }))
    .filter((p) => colourOf(p.text) === side);
}

/** The warning of `exits` (from `ownExits`) in words, or ''. */
export function exitWarning(exits) {
  return exits.map((e) => `your ${pieceName(e.text).split(' ').slice(1).join(' ')} on ${e.square} leaves the board`).join('; ');
}

/** True when `move` displaces the own king of `side` though the king is not the piece
 * chosen (`from`): a Dynamo push or pull that also drags the king along. */
function movesKing(move, side, pieces, from) {
  return move.parts.some((p) => p.from !== from && pieces[squareIndex(p.from)] === (side === 'w' ? 'K' : 'k'));
}

/** The chooser's candidates, simpler first: fewer pieces moved, then those that do not
 * also drag the own king, then those that keep one's own pieces on the board; the
 * backend's order otherwise. */
export function simplerFirst(moves, side, pieces, from, to) {
  const key = (m) => [
    m.parts.length,
    movesKing(m, side, pieces, from) ? 1 : 0,
    ownExits(m, side, pieces, from, to).length,
  ];
  return moves
    .map((m, i) => ({ m, k: [...key(m), i] }))
    .sort((a, b) => {
      for (let j = 0; j < a.k.length; j++) if (a.k[j] !== b.k[j]) return a.k[j] - b.k[j];
      return 0;
    })
    .map(({ m }) => m);
}

/** The squares (indices) whose content `fen` changes from `pieces`. */
export function changedSquares(fen, pieces) {
  const after = fenBoard(fen);
  const changed = [];
  for (let i = 0; i < 64; i++) if ((after[i] ?? null) !== (pieces[i] ?? null)) changed.push(i);
  return changed;
}
