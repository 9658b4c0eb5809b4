// The piece images, drawn by the project: one SVG symbol per kind and colour, defined
// once in the page and used by reference (`<use>`), so a board of 64 squares stays light.
// Augsburg units are drawn as their component glyphs grouped small on the square.

const NS = 'http://www.w3.org/2000/svg';

// Every shape in a 100x100 box. `b` is the body (filled with the piece's colour), `d` the
// detail lines (drawn in the contrasting colour so they show on black pieces too).
const SHAPES = {
  p: `<circle class="b" cx="50" cy="29" r="12"/>
      <path class="b" d="M37 78 C38 62 42 52 45 45 H55 C58 52 62 62 63 78 Z"/>
      <rect class="b" x="36" y="40" width="28" height="7" rx="3.5"/>
      <rect class="b" x="25" y="76" width="50" height="11" rx="4"/>`,
  r: `<rect class="b" x="22" y="77" width="56" height="11" rx="3"/>
      <path class="b" d="M31 77 L34 68 H66 L69 77 Z"/>
      <path class="b" d="M35 68 L37 40 H63 L65 68 Z"/>
      <path class="b" d="M28 40 V16 H38 V24 H45 V16 H55 V24 H62 V16 H72 V40 Z"/>
      <path class="d" d="M36 40 H64 M35 68 H65"/>`,
  n: `<path class="b" d="M28 88 C26 74 34 64 44 57 C47 55 48 52 47 49
        C42 53 36 56 30 59 C25 62 19 60 17 55 C15 51 17 48 20 45
        L34 30 C36 26 38 21 40 13 L47 21 L53 11 L57 22
        C72 30 79 48 76 88 Z"/>
      <path class="d" d="M57 22 C67 30 72 46 71 82"/>
      <circle class="d f" cx="40" cy="33" r="3.2"/>
      <circle class="d f" cx="22.5" cy="52" r="1.8"/>`,
  b: `<circle class="b" cx="50" cy="13" r="5.5"/>
      <path class="b" d="M50 19 C64 29 69 46 61 62 H39 C31 46 36 29 50 19 Z"/>
      <rect class="b" x="36" y="61" width="28" height="8" rx="3"/>
      <path class="b" d="M40 69 L33 78 H67 L60 69 Z"/>
      <rect class="b" x="22" y="77" width="56" height="11" rx="4"/>
      <path class="d" d="M57 31 L46 46 M44 65 H56"/>`,
  q: `<path class="b" d="M28 77 L14 34 L32 54 L33 22 L44 50 L50 17 L56 50 L67 22 L68 54 L86 34 L72 77 Z"/>
      <circle class="b" cx="14" cy="31" r="5.5"/><circle class="b" cx="33" cy="19" r="5.5"/>
      <circle class="b" cx="50" cy="13" r="5.5"/><circle class="b" cx="67" cy="19" r="5.5"/>
      <circle class="b" cx="86" cy="31" r="5.5"/>
      <rect class="b" x="22" y="76" width="56" height="12" rx="4"/>
      <path class="d" d="M29 69 H71"/>`,
  k: `<path class="b" d="M46 4 H54 V12 H62 V20 H54 V30 H46 V20 H38 V12 H46 Z"/>
      <path class="b" d="M50 60 C41 50 41 38 50 30 C59 38 59 50 50 60 Z"/>
      <path class="b" d="M27 77 C11 64 13 42 30 43 C40 44 46 51 50 60
        C54 51 60 44 70 43 C87 42 89 64 73 77 Z"/>
      <rect class="b" x="22" y="76" width="56" height="12" rx="4"/>
      <path class="d" d="M30 69 H70"/>`,
};

const KINDS = ['p', 'n', 'b', 'r', 'q', 'k'];
const NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

/** The `<svg>` of symbols every piece image refers to; added once to the page. */
export function installPieceSymbols() {
  const defs = document.createElementNS(NS, 'svg');
  defs.setAttribute('aria-hidden', 'true');
  defs.style.cssText = 'position:absolute;width:0;height:0;overflow:hidden';
  let inner = '';
  for (const kind of KINDS) {
    for (const colour of ['w', 'b']) {
      inner += `<symbol id="piece-${colour}${kind}" viewBox="5 4 90 90" class="glyph ${colour}">${SHAPES[kind]}</symbol>`;
    }
  }
  defs.innerHTML = inner;
  document.body.prepend(defs);
}

/** The components of a square's FEN text: `"N"` -> `["N"]`, `"(RBN)"` -> `["R","B","N"]`. */
export function components(text) {
  if (!text) return [];
  if (text.startsWith('(')) return [...text.slice(1, -1)];
  return [text];
}

/** Where each of `n` components sits in the 100x100 box: [x, y, size]. */
function layout(n) {
  if (n === 1) return [[0, 0, 100]];
  if (n === 2) return [[-3, 19, 62], [41, 19, 62]];
  if (n === 3) return [[-1, 0, 56], [45, 0, 56], [22, 44, 56]];
  if (n === 4) return [[0, 0, 52], [48, 0, 52], [0, 48, 52], [48, 48, 52]];
  const cols = 3;
  const size = 100 / cols + 4;
  const rows = Math.ceil(n / cols);
  const top = (100 - rows * (size - 6)) / 2;
  return Array.from({ length: n }, (_, i) => [
    (i % cols) * (size - 6), top + Math.floor(i / cols) * (size - 6), size,
  ]);
}

/** The inner SVG markup (a list of `<use>`) of the piece or unit written `text`. */
export function glyphUses(text, x = 0, y = 0, scale = 1) {
  const parts = components(text);
  return layout(parts.length).map(([px, py, size], i) => {
    const letter = parts[i];
    const colour = letter === letter.toUpperCase() ? 'w' : 'b';
    // In a unit, Q is only ever a whole queen (B+R); draw it as the queen it is.
    return `<use href="#piece-${colour}${letter.toLowerCase()}" x="${x + px * scale}" y="${y + py * scale}" width="${size * scale}" height="${size * scale}"/>`;
  }).join('');
}

/** A standalone `<svg>` image of `text` (a piece or an Augsburg unit). */
export function pieceSvg(text) {
  return `<svg viewBox="0 0 100 100" draggable="false">${glyphUses(text)}</svg>`;
}

/** Words for a piece or unit, for tooltips: `white knight`, `(RBN) white rook+bishop+knight`. */
export function pieceName(text) {
  const parts = components(text);
  if (parts.length === 0) return '';
  const colour = parts[0] === parts[0].toUpperCase() ? 'white' : 'black';
  const kinds = parts.map((c) => NAMES[c.toLowerCase()] ?? c).join('+');
  return `${colour} ${kinds}`;
}
