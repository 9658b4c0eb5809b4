// The engine's `info` lines read as the server reads them (gui/src/session/lines.rs):
// a line of the analysis (score and chances from White's point of view) and the
// search's progress.

/** The words of `text` after `info`, or null when it is not an info line. */
function infoWords(text) {
  const words = text.trim().split(/\s+/);
  return words[0] === 'info' ? words.slice(1) : null;
}

const number = (word) => (/^-?\d+$/.test(word ?? '') ? Number(word) : null);

/** The line of an analysis an `info` line gives when `side` ('w'/'b') is to move: one
 * with a depth, a score and a PV (else null). `pv_text` is left to the caller. */
export function parseInfo(text, side) {
  const words = infoWords(text);
  if (!words) return null;
  const line = {
    multipv: 1, depth: null, seldepth: 0, score: null, wdl: null, nodes: 0, nps: 0, time_ms: 0, pv: [],
  };
  for (let i = 0; i < words.length; i += 1) {
    const next = () => number(words[++i]);
    switch (words[i]) {
      case 'depth': line.depth = next(); break;
      case 'seldepth': line.seldepth = next() ?? 0; break;
      case 'multipv': line.multipv = next(); if (line.multipv === null) return null; break;
      case 'nodes': line.nodes = next() ?? 0; break;
      case 'nps': line.nps = next() ?? 0; break;
      case 'time': line.time_ms = next() ?? 0; break;
      case 'score': {
        const kind = words[i + 1];
        const value = number(words[i + 2]);
        if ((kind === 'cp' || kind === 'mate') && value !== null) { line.score = { [kind]: value }; i += 2; }
        break;
      }
      case 'wdl': {
        const chances = words.slice(i + 1, i + 4).map(number);
        // Three non-negative numbers with some chance in them, else none (and left to read).
        if (chances.length === 3 && chances.every((c) => c !== null && c >= 0) && chances.some((c) => c > 0)) {
          line.wdl = chances;
          i += 3;
        }
        break;
      }
      case 'pv': line.pv = words.slice(i + 1); i = words.length; break;
      default: break;
    }
  }
  if (line.depth === null || line.score === null || !line.pv.length) return null;
  if (side === 'b') {
    const [kind] = Object.keys(line.score);
    line.score = { [kind]: -line.score[kind] };
    if (line.wdl) line.wdl = [line.wdl[2], line.wdl[1], line.wdl[0]];
  }
  return line;
}

/** How far the search is, from any `info` line with a depth and a node count, else null. */
export function parseProgress(text) {
  const words = infoWords(text);
  if (!words) return null;
  const progress = { depth: null, nodes: null, nps: 0, time_ms: 0 };
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i];
    if (word === 'pv' || word === 'string') break;
    if (word === 'depth' || word === 'nodes' || word === 'nps' || word === 'time') {
      const key = word === 'time' ? 'time_ms' : word;
      progress[key] = number(words[++i]) ?? (key === 'nps' || key === 'time_ms' ? 0 : null);
    }
  }
  return progress.depth === null || progress.nodes === null ? null : progress;
}
