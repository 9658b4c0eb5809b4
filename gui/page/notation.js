// The notation moves are shown in: the readable one the backend writes (docs/notation.md:
// SAN in chess, `Rc6-f6 (Ne6-g6)` in Dynamo) or the canonical UCI strings. The choice
// (the `#notation` menu) is kept in localStorage, so it holds across visits.

const KEY = 'feerie.notation';
const CHOICES = ['readable', 'uci'];

function stored() {
  try { return localStorage.getItem(KEY); } catch { return null; } // storage may be off
}

let choice = CHOICES.includes(stored()) ? stored() : 'readable';

/** `readable` or `uci`. */
export const notation = () => choice;

/** Shows moves in `value` (`readable` or `uci`) from now on, and keeps the choice. */
export function setNotation(value) {
  if (!CHOICES.includes(value)) return;
  choice = value;
  try { localStorage.setItem(KEY, value); } catch { /* kept for this visit only */ }
}

/** The text shown for a move given as `{uci, text}` (a move of the list, a legal move). */
export const moveLabel = (entry) => (choice === 'uci' ? entry.uci : entry.text);

/** The texts shown for an analysis line's moves (`pv` canonical, `pv_text` readable). */
export const lineLabels = (line) => (choice === 'uci' || !line.pv_text ? line.pv : line.pv_text);
