// The solver tab: the position shown and a stipulation go to the solver (docs/gui-api.md,
// "Solving"); its answer is shown as a tree of moves, each putting its position on the
// board, with Popeye's layout and the problem's Popeye input to copy.

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `1.`, `1...`, `2.`: Popeye's number of a move `depth` half-moves below the diagram. */
function number(depth) {
  return `${Math.floor(depth / 2) + 1}.${depth % 2 ? '..' : ''}`;
}

export class Solver {
  /** `host` is the page (app.js); `send` passes a message to the server. */
  constructor(host, send) {
    this.host = host;
    this.send = send;
    this.running = false;
    this.answer = null;
    this.nodes = []; // every move shown, by its data-node index
    $('solve').addEventListener('click', () => this.start());
    $('solve-stop').addEventListener('click', () => this.stop());
    $('copy-popeye').addEventListener('click', () => this.copyInput());
    $('solution').addEventListener('click', (e) => {
      const m = e.target.closest('.solution-move');
      if (m) this.showMove(Number(m.dataset.node));
    });
    this.render();
  }

  /** The request for the position on the board. */
  request() {
    return {
      type: 'solve',
      variant: this.host.state.variant,
      fen: $('board').dataset.fen,
      stipulation: `${$('stip-type').value}${$('stip-moves').value.trim()}`,
      variation: $('solve-variation').checked,
      try: $('solve-try').checked,
      setplay: $('solve-setplay').checked,
    };
  }

  start() {
    const request = this.request();
    $('solve-error').textContent = '';
    this.send(request);
    this.running = true;
    this.asked = request;
    this.started = performance.now();
    this.render(`Solving ${request.stipulation}…`);
  }

  stop() {
    if (!this.running) return;
    this.send({ type: 'stop_solve' });
  }

  /** A message of the server about the solve: `solution`, `solve_stopped`, or an error. */
  receive(msg) {
    if (msg.type === 'error') {
      this.running = false;
      $('solve-error').textContent = msg.message;
      this.render('');
      return;
    }
    if (msg.type === 'solve_stopped') {
      if (!this.running) return;
      this.running = false;
      this.render('Stopped.');
      return;
    }
    if (msg.type !== 'solution' || !this.running) return;
    this.running = false;
    this.answer = { ...msg, variant: this.asked.variant };
    this.renderSolution();
    const s = ((performance.now() - this.started) / 1000).toFixed(1);
    this.render(`${this.summary()} (${s} s)${msg.partial ? ': partial' : ''}`);
  }

  /** The connection to the server was lost: a running solve ended with it. */
  lost() {
    if (!this.running) return;
    this.running = false;
    this.render('The connection to the server was lost: the solve ended.');
  }

  summary() {
    const parts = this.answer.tree;
    const count = parts.reduce((n, p) => n + (p.count ?? 0), 0);
    const kind = parts.some((p) => p.keys) ? 'key' : 'solution';
    return count ? `${count} ${kind}${count > 1 ? 's' : ''}` : 'No solution';
  }

  render(info) {
    $('solve').disabled = this.running;
    $('solve-stop').disabled = !this.running;
    $('copy-popeye').disabled = !this.answer;
    if (info !== undefined) $('solve-info').textContent = info;
  }

  renderSolution() {
    this.nodes = [];
    const parts = this.answer.tree;
    const html = parts.map((part) => {
      const title = parts.length > 1 ? `<div class="sol-part">${part.duplex ? 'Duplex' : part.stipulation}</div>` : '';
      let body = '';
      if (part.set_moves?.length || part.set_lines?.length) {
        body += '<div class="sol-part">Set play</div>';
        body += (part.set_moves ?? []).map((n) => this.treeHtml(n, 1)).join('');
        body += (part.set_lines ?? []).map((l) => this.lineHtml(l, part, true)).join('');
      }
      if (part.set_moves || part.set_lines) body += '<div class="sol-part">Solution</div>';
      body += (part.moves ?? []).map((n) => this.treeHtml(n, 0)).join('');
      body += (part.lines ?? []).map((l) => this.lineHtml(l, part, false)).join('');
      const warnings = (part.warnings ?? []).map((w) => `<div class="sol-warning">${esc(w)}</div>`).join('');
      return title + body + warnings;
    }).join('');
    $('solution').innerHTML = html;
    $('solution-text').textContent = this.answer.text;
  }

  /** One clickable move; its node is kept for the click. */
  moveHtml(node) {
    this.nodes.push(node);
    const mark = node.mark ? ` ${node.mark}` : '';
    return `<span class="solution-move" data-node="${this.nodes.length - 1}" data-uci="${esc(node.uci)}" title="${esc(node.uci)}">${esc(node.text)}${esc(mark)}</span>`;
  }

  /** A move of a tree at `depth` half-moves, and what follows it, one move a row. */
  treeHtml(node, depth) {
    const note = { key: ' !', try: ' ?' }[node.role] ?? '';
    const children = node.children ?? [];
    const threats = children.filter((c) => c.role === 'threat');
    const after = node.zugzwang ? ' zugzwang.' : threats.length ? ' threat:' : '';
    let html = `<div class="sol-row" style="--depth:${depth}"><span class="sol-num">${number(depth)}</span>${this.moveHtml(node)}${note}${after}</div>`;
    html += threats.map((c) => this.treeHtml(c, depth + 2)).join('');
    for (const c of children.filter((c) => c.role === 'defence' || c.role === 'continuation')) {
      html += this.treeHtml(c, depth + 1);
    }
    const refutations = children.filter((c) => c.role === 'refutation');
    if (refutations.length) {
      html += `<div class="sol-row" style="--depth:${depth + 1}">but</div>`;
      for (const r of refutations) {
        html += `<div class="sol-row" style="--depth:${depth + 1}"><span class="sol-num">${number(depth + 1)}</span>${this.moveHtml(r)} !</div>`;
      }
    }
    return html;
  }

  /** A help or series line on one row: `1.a b 2.c d #`, `1...a 2.b c`, `1.a 2.b 3.c`. */
  lineHtml(line, part, set) {
    const series = part.stipulation.startsWith('ser-');
    // The half-move the line starts with: a help line begins with Black's move number
    // when the attacker moves first (h#n.5), or in set play.
    let ply = !series && (set !== part.stipulation.endsWith('.5')) ? 1 : 0;
    const moves = line.map((node, i) => {
      const num = series ? `${i + 1}.` : (ply % 2 === 0 ? number(ply) : (i === 0 ? number(ply) : ''));
      ply += 1;
      return `${num ? `<span class="sol-num">${num}</span>` : ''}${this.moveHtml(node)}`;
    });
    return `<div class="sol-row sol-line">${moves.join(' ')}</div>`;
  }

  /** Puts the position of move `index` on the board: its line from its start. */
  showMove(index) {
    const node = this.nodes[index];
    if (!node || !this.answer) return;
    for (const el of document.querySelectorAll('#solution .solution-move.current')) el.classList.remove('current');
    document.querySelector(`#solution .solution-move[data-node="${index}"]`)?.classList.add('current');
    this.host.showLine(this.answer.variant, node.start, node.path);
  }

  async copyInput() {
    if (!this.answer) return;
    const text = this.answer.input;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const area = document.createElement('textarea');
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    this.host.setStatus('Popeye input copied.');
  }
}
