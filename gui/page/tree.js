// The study tree of the page: every move played from the start position, lichess's
// model. A node's first child is its main continuation, the others its variations;
// nothing here knows the rules (the page fills in each move's text and FEN).

/** A tree of moves from one start position. Nodes: `{id, uci, text, fen, comment,
 * before, nags, parent, children}`; the root has no `uci` and its `fen` is the start. */
export class Tree {
  constructor(startFen) {
    this.ids = 0;
    this.nodes = new Map();
    this.root = this.node(null, null);
    this.root.fen = startFen;
  }

  node(parent, uci) {
    const n = {
      id: ++this.ids, uci, text: uci, fen: null, comment: '', before: '', nags: [], parent, children: [],
    };
    this.nodes.set(n.id, n);
    return n;
  }

  /** The child of `parent` playing `uci`: the existing one, or a new last child. */
  child(parent, uci) {
    let n = parent.children.find((c) => c.uci === uci);
    if (!n) {
      n = this.node(parent, uci);
      parent.children.push(n);
    }
    return n;
  }

  /** Follows or adds the moves `ucis` from `from`; returns the last node and the first
   * node added (null when every move was there). */
  add(from, ucis) {
    let n = from;
    let added = null;
    for (const uci of ucis) {
      const known = n.children.some((c) => c.uci === uci);
      n = this.child(n, uci);
      if (!known && !added) added = n;
    }
    return { last: n, added };
  }

  /** Removes `n` and every move after it. */
  remove(n) {
    if (!n.parent) return;
    n.parent.children.splice(n.parent.children.indexOf(n), 1);
    const drop = [n];
    while (drop.length) {
      const d = drop.pop();
      this.nodes.delete(d.id);
      drop.push(...d.children);
    }
  }

  /** The nodes from the first move to `n`. */
  static path(n) {
    const path = [];
    for (let p = n; p.parent; p = p.parent) path.push(p);
    return path.reverse();
  }

  static ucis(n) { return Tree.path(n).map((p) => p.uci); }

  /** The end of `n`'s line: first children followed from it. */
  static end(n) {
    let e = n;
    while (e.children.length) [e] = e.children;
    return e;
  }

  /** True when `n` is on the main line (every step a first child). */
  static onMainLine(n) {
    for (let p = n; p.parent; p = p.parent) if (p.parent.children[0] !== p) return false;
    return true;
  }

  mainEnd() { return Tree.end(this.root); }

  /** Moves the variation holding `n` one level up: the nearest step of its path that is
   * not a first child becomes its parent's first. False when `n` is on the main line. */
  static promote(n) {
    for (let p = n; p.parent; p = p.parent) {
      const siblings = p.parent.children;
      const i = siblings.indexOf(p);
      if (i > 0) {
        siblings.splice(i, 1);
        siblings.unshift(p);
        return true;
      }
    }
    return false;
  }

  /** Makes `n`'s line the main line. */
  static makeMain(n) {
    let moved = false;
    while (Tree.promote(n)) moved = true;
    return moved;
  }

  /** Makes the path to `n` the main line as far as it goes, without reordering others
   * (a running game's line). */
  static preferPath(n) {
    for (let p = n; p.parent; p = p.parent) {
      const siblings = p.parent.children;
      const i = siblings.indexOf(p);
      if (i > 0) { siblings.splice(i, 1); siblings.unshift(p); }
    }
  }

  /** How many moves the tree holds. */
  get size() { return this.nodes.size - 1; }

  /** The tree from `parent` on as the `line` of docs/gui-api.md ("A tree of moves"). */
  static toLine(parent) {
    const out = [];
    for (let p = parent; p.children.length;) {
      const [main, ...others] = p.children;
      out.push(Tree.moveJson(main, others.map((o) => [Tree.moveJson(o, []), ...Tree.toLine(o)])));
      p = main;
    }
    return out;
  }

  static moveJson(n, variations) {
    const m = { uci: n.uci };
    if (n.comment) m.comment = n.comment;
    if (n.before) m.comment_before = n.before;
    if (n.nags.length) m.nags = n.nags;
    if (variations.length) m.variations = variations;
    return m;
  }

  /** Adds a `line` of docs/gui-api.md after `parent`; returns the last node of each line
   * read (the leaves whose paths hold every move). */
  addLine(parent, line, ends = []) {
    let p = parent;
    for (const m of line) {
      const n = this.child(p, m.uci);
      n.comment = m.comment ?? '';
      n.before = m.comment_before ?? '';
      n.nags = m.nags ?? [];
      for (const v of m.variations ?? []) this.addLine(p, v, ends);
      p = n;
    }
    if (p !== parent) ends.push(p);
    return ends;
  }
}
