// The preview of an analysis line: hovering a move of a line (`.pv-move[data-uci]` in
// `#lines`) shows a small board of the position after the line up to that move, beside
// it (`#pv-preview`, whose `data-fen` is that position); leaving the moves hides it.

import { fenBoard, miniature } from './board.js';

export class LinePreview {
  /** `lines`: the element holding the lines; `positionAfter(ucis)`: the backend's answer
   * for the position shown followed by `ucis`; `orientation()`: `w` or `b`. */
  constructor(lines, positionAfter, orientation) {
    this.positionAfter = positionAfter;
    this.orientation = orientation;
    this.token = 0;
    this.el = document.createElement('div');
    this.el.id = 'pv-preview';
    this.el.hidden = true;
    this.el.setAttribute('aria-hidden', 'true');
    document.body.append(this.el);
    lines.addEventListener('mouseover', (e) => {
      const move = e.target.closest('.pv-move[data-uci]');
      if (move) this.show(move); else this.hide();
    });
    lines.addEventListener('mouseleave', () => this.hide());
  }

  /** Shows the position after the line of `move` up to it. */
  async show(move) {
    const line = move.closest('.line');
    const index = Number(move.dataset.index);
    const ucis = [...line.querySelectorAll('.pv-move[data-uci]')].slice(0, index + 1).map((m) => m.dataset.uci);
    const key = ucis.join(' ');
    if (!this.el.hidden && this.key === key) return;
    const token = ++this.token;
    const box = move.getBoundingClientRect();
    let pos;
    try { pos = await this.positionAfter(ucis); } catch { pos = null; }
    if (token !== this.token) return; // left, or another move hovered, meanwhile
    if (!pos) { this.hide(); return; }
    const history = pos.history;
    const before = history.length > 1 ? history[history.length - 2].fen : pos.start_fen;
    this.key = key;
    this.el.dataset.fen = pos.fen;
    this.el.dataset.moves = key;
    this.el.innerHTML = miniature(pos.fen, ucis[ucis.length - 1], this.orientation(), fenBoard(before));
    this.el.hidden = false;
    // Under the move, kept inside the window.
    const size = this.el.offsetWidth;
    const left = Math.max(4, Math.min(window.innerWidth - size - 4, box.left + box.width / 2 - size / 2));
    const below = box.bottom + 6 + size < window.innerHeight;
    this.el.style.left = `${left}px`;
    this.el.style.top = `${below ? box.bottom + 6 : Math.max(4, box.top - size - 6)}px`;
  }

  hide() {
    this.token += 1;
    this.key = null;
    this.el.hidden = true;
  }
}
