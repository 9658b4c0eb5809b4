//! One search thread: iterative deepening, aspiration windows, principal variation
//! search and quiescence. Lazy SMP runs several of these over a shared TT; only the
//! main thread (id 0) watches the clock and reports.

use crate::correction::CorrectionHistory;
use crate::eval_cache::EvalCache;
use crate::ordering::{History, Killers, Picker, Stage, score_moves};
use crate::params::{self, lmr_table};
use crate::policy::{HISTORY_SIZE, SearchPolicy};
use crate::time::TimeManager;
use crate::tt::{TransTable, TtEntry};
use crate::value::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, clamp_eval, from_tt, to_tt, to_uci};
use crate::{Bound, Info, Score, Signals};
use arrayvec::ArrayVec;
use feerie_eval::Evaluator;
use feerie_movegen::{MoveBuffer, MoveCode};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Nodes between looks at the clock and the stop flag (a power of two). Small enough
/// that a variant with slow nodes (Dynamo: hundreds of moves per node) still sees its
/// hard time limit within a few milliseconds; reading the clock costs nanoseconds.
const POLL_INTERVAL: u64 = 256;

/// Fail-high/low `info` lines are sent only once a search has run this long.
const BOUND_REPORT_AFTER: Duration = Duration::from_millis(1000);

/// Where the main thread sends its `info` lines.
pub(crate) type Reporter<'a, 'b, M> = &'a mut (dyn FnMut(&Info<M>) + 'b);

/// Statistics a thread keeps from one search to the next.
#[derive(Debug)]
pub(crate) struct ThreadData<M: Copy + PartialEq> {
    pub history: History,
    pub killers: Killers<M>,
    pub evals: EvalCache,
    pub corrections: CorrectionHistory,
}

impl<M: Copy + PartialEq> Default for ThreadData<M> {
    fn default() -> Self {
        ThreadData {
            history: History::default(),
            killers: Killers::default(),
            evals: EvalCache::default(),
            corrections: CorrectionHistory::default(),
        }
    }
}

/// What all threads of one search share: what they start from and read (the root, the
/// evaluator, the table) and what they publish (the stop flag, their node counts).
#[derive(Debug)]
pub(crate) struct Shared<'a, P: SearchPolicy, E> {
    pub root: &'a P,
    /// The root's legal moves in their first order; each thread reorders its own copy.
    pub root_moves: &'a [RootMove<P::Move>],
    pub eval: &'a E,
    pub tt: &'a TransTable,
    pub stop: AtomicBool,
    /// Nodes per thread, published every poll and at the end of each iteration.
    pub nodes: Vec<AtomicU64>,
    pub signals: &'a Signals,
    pub node_limit: Option<u64>,
}

impl<P: SearchPolicy, E> Shared<'_, P, E> {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Relaxed)).sum()
    }
}

#[derive(Clone, Debug)]
pub(crate) struct RootMove<M> {
    pub mv: M,
    /// Score of the last search of this move; `-INFINITY` when only known to be worse
    /// than the best (so a stable sort keeps the previous order among those).
    pub score: i32,
    pub pv: Vec<M>,
    pub seldepth: usize,
    /// Nodes searched under this move since the search began (all iterations).
    pub nodes: u64,
}

/// A completed MultiPV line of the last finished iteration.
#[derive(Clone, Debug)]
pub(crate) struct Line<M> {
    pub score: i32,
    pub pv: Vec<M>,
    pub seldepth: usize,
}

/// Iterative-deepening parameters common to all threads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    pub max_depth: usize,
    pub multipv: usize,
    pub mate: Option<u32>,
    /// The node limit holds only from the second iteration on (a weakened search: every
    /// candidate gets a score, however small the budget).
    pub free_first_iteration: bool,
}

/// What a node below the root is expected to do (the node types of Knuth and Moore):
/// it decides how hard late moves are reduced and what the children are expected to
/// do. The window has the last word on PV nodes: see [`NodeKind::for_window`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NodeKind {
    /// Searched with an open window: its best line may become the principal variation.
    Pv,
    /// Expected to fail high (Stockfish's `cutNode`): one good move should refute it.
    Cut,
    /// Expected to fail low: every move is searched and none beats alpha.
    All,
}

impl NodeKind {
    /// The kind a node searched with `alpha`..`beta` is: a PV node only with an open
    /// window (mate distance pruning can close a PV child's window, and it then
    /// searches as an all node). Cut nodes always get a null window.
    #[inline]
    fn for_window(self, alpha: i32, beta: i32) -> Self {
        if beta - alpha > 1 {
            debug_assert!(self != NodeKind::Cut, "a cut node with an open window");
            NodeKind::Pv
        } else if self == NodeKind::Cut {
            NodeKind::Cut
        } else {
            NodeKind::All
        }
    }

    /// The kind of the first child searched: a PV node's first move continues the PV,
    /// a cut node's refutation must see every reply fail low, and an all node's
    /// children are each expected to refute.
    #[inline]
    fn first_child(self) -> Self {
        match self {
            NodeKind::Pv => NodeKind::Pv,
            NodeKind::Cut => NodeKind::All,
            NodeKind::All => NodeKind::Cut,
        }
    }

    /// The kind of a later child searched again at full depth with a null window (and
    /// of the reply to a null move): a move after the first at a PV or all node is
    /// expected to be refuted, at a cut node it follows moves that should have cut.
    #[inline]
    fn later_child(self) -> Self {
        match self {
            NodeKind::Cut => NodeKind::All,
            NodeKind::Pv | NodeKind::All => NodeKind::Cut,
        }
    }
}

#[derive(Debug)]
pub(crate) struct Worker<'a, P: SearchPolicy, E: Evaluator<P>> {
    id: usize,
    pos: P,
    eval: &'a E,
    tt: &'a TransTable,
    shared: &'a Shared<'a, P, E>,
    data: &'a mut ThreadData<P::Move>,
    /// Main thread only.
    time: Option<TimeManager>,
    /// Exact node limit checked at every node (single-threaded searches only, so the
    /// count is deterministic); multi-threaded limits are checked on the shared sum.
    local_node_limit: u64,
    /// Whether the node limits are watched yet (see `Plan::free_first_iteration`).
    node_limit_on: bool,
    pub nodes: u64,
    seldepth: usize,
    completed_depth: usize,
    /// The depth of the iteration under way (see the check extension in `search`).
    root_depth: usize,
    stopped: bool,
    /// Triangular PV table: `pv[ply]` is the best line found from `ply`.
    pv: Vec<Vec<P::Move>>,
    /// Per-ply scratch for move scores, reused to avoid allocating in the tree.
    score_pool: Vec<Vec<i32>>,
    /// The ply of the node answering the innermost null move of the line being
    /// searched: that node tries no null move itself (two in a row only hand the move
    /// back and halve the depth).
    null_reply_ply: Option<usize>,
    lmr: Box<[[u8; 64]; 64]>,
    pub root_moves: Vec<RootMove<P::Move>>,
}

impl<'a, P: SearchPolicy, E: Evaluator<P>> Worker<'a, P, E> {
    /// Thread `id` of the search `shared` describes, learning into `data`. Thread 0 is
    /// the main thread, the only one with a clock (`time`).
    pub fn new(
        id: usize,
        shared: &'a Shared<'a, P, E>,
        data: &'a mut ThreadData<P::Move>,
        time: Option<TimeManager>,
    ) -> Self {
        let single_thread = shared.nodes.len() == 1;
        let local_node_limit = match shared.node_limit {
            Some(n) if single_thread => n,
            _ => u64::MAX,
        };
        Worker {
            id,
            pos: shared.root.clone(),
            eval: shared.eval,
            tt: shared.tt,
            shared,
            data,
            time,
            local_node_limit,
            node_limit_on: true,
            nodes: 0,
            seldepth: 0,
            completed_depth: 0,
            root_depth: 0,
            stopped: false,
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            score_pool: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            null_reply_ply: None,
            lmr: lmr_table(),
            root_moves: shared.root_moves.to_vec(),
        }
    }

    pub fn time(&self) -> Option<&TimeManager> {
        self.time.as_ref()
    }

    pub fn time_mut(&mut self) -> Option<&mut TimeManager> {
        self.time.as_mut()
    }

    /// Iterative deepening. The main thread reports each finished iteration through
    /// `report` and decides when to stop; helpers (`report` = None) run until the stop
    /// flag. Returns the lines of the last finished iteration and its depth.
    pub fn iterate(
        &mut self,
        plan: Plan,
        mut report: Option<Reporter<'_, '_, P::Move>>,
    ) -> (Vec<Line<P::Move>>, usize) {
        let mut completed: Vec<Line<P::Move>> = Vec::new();
        let multipv = plan.multipv.clamp(1, self.root_moves.len().max(1));
        let mut prev_best: Option<P::Move> = None;
        let mut best_changes = 0.0f64;
        let mut depth = 1;
        let node_limit = self.local_node_limit;
        if plan.free_first_iteration {
            self.set_node_limit(false, node_limit);
        }
        while depth <= plan.max_depth {
            // Helpers stagger their depths so the threads do not all search the same
            // tree in lockstep.
            let d = if self.id > 0 && depth > 1 {
                depth + (self.id & 1)
            } else {
                depth
            };
            self.seldepth = 0;
            if self.id == 0 {
                self.shared.signals.depth.store(d as u32, Relaxed);
            }
            for pv_idx in 0..multipv {
                self.aspiration(d, pv_idx, report.as_deref_mut());
                if self.stopped {
                    break;
                }
                self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
                // Search instability can give a later line a higher score than an
                // earlier one: keep the lines found so far in score order (a stable
                // sort, so the set excluded from the next line is unchanged), so that
                // line 1 is the best and a GUI may rank lines by their index.
                self.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
            }
            if self.stopped {
                break;
            }
            self.completed_depth = d;
            if !self.node_limit_on {
                self.set_node_limit(true, node_limit);
            }
            // The root result goes to the TT too: the next search (and the other
            // threads) start from this move.
            let best = &self.root_moves[0];
            self.tt.store(
                self.pos.hash(),
                best.mv.to_bits(),
                to_tt(best.score, 0),
                d as i32,
                Bound::Exact,
            );
            self.shared.nodes[self.id].store(self.nodes, Relaxed);
            completed = self.root_moves[..multipv]
                .iter()
                .map(|r| Line {
                    score: r.score,
                    pv: r.pv.clone(),
                    seldepth: r.seldepth,
                })
                .collect();
            if let Some(report) = report.as_deref_mut() {
                self.report(d, &completed, report);
            }
            if self.id == 0 {
                let best = self.root_moves[0].mv;
                best_changes *= params::INSTABILITY_DECAY;
                if prev_best.is_some_and(|p| p != best) {
                    best_changes += 1.0;
                }
                prev_best = Some(best);
                let effort = best_move_share(&self.root_moves);
                let scale =
                    params::soft_time_scale(best_changes) * params::effort_time_scale(effort);
                if self.should_stop_deepening(plan, completed[0].score, d, scale) {
                    break;
                }
            } else if self.shared.stop.load(Relaxed) {
                break;
            }
            depth += 1;
        }
        self.shared.nodes[self.id].store(self.nodes, Relaxed);
        if completed.is_empty() {
            completed.push(self.partial_line());
        }
        (completed, self.completed_depth)
    }

    /// Turns the node limits off or back on (to `local`, the exact one).
    fn set_node_limit(&mut self, on: bool, local: u64) {
        self.node_limit_on = on;
        self.local_node_limit = if on { local } else { u64::MAX };
    }

    /// The answer when not even depth 1 finished (hard time limit, tiny node limit):
    /// the best root move whose search completed, else the first in ordering.
    fn partial_line(&self) -> Line<P::Move> {
        let rm = self
            .root_moves
            .iter()
            .filter(|r| r.score > -INFINITY)
            .max_by_key(|r| r.score)
            .unwrap_or(&self.root_moves[0]);
        Line {
            score: if rm.score > -INFINITY { rm.score } else { DRAW },
            pv: vec![rm.mv],
            seldepth: rm.seldepth,
        }
    }

    fn should_stop_deepening(&self, plan: Plan, score: i32, depth: usize, soft_scale: f64) -> bool {
        if let Some(n) = plan.mate {
            if let Score::Mate(m) = to_uci(score) {
                if m > 0 && m as u32 <= n {
                    return true;
                }
            }
        }
        let Some(tm) = &self.time else { return false };
        if !tm.waits_for_stop() && mate_is_settled(score, depth) {
            return true;
        }
        if !tm.is_timed() {
            return false;
        }
        // Play a forced move at once; spend more while the best move keeps changing.
        if self.root_moves.len() == 1 && !tm.is_pondering() {
            return true;
        }
        tm.soft_exceeded(soft_scale)
    }

    fn report(
        &self,
        depth: usize,
        lines: &[Line<P::Move>],
        report: &mut dyn FnMut(&Info<P::Move>),
    ) {
        for (i, line) in lines.iter().enumerate() {
            report(&self.info(depth, i, line, Bound::Exact));
        }
    }

    fn info(
        &self,
        depth: usize,
        index: usize,
        line: &Line<P::Move>,
        bound: Bound,
    ) -> Info<P::Move> {
        let nodes = self.shared.total_nodes();
        let elapsed = self.time.as_ref().map_or(Duration::ZERO, |t| t.elapsed());
        Info {
            depth: depth as u32,
            seldepth: line.seldepth.max(1) as u32,
            multipv: index as u32 + 1,
            score: to_uci(line.score),
            bound,
            nodes,
            nps: (nodes as u128 * 1_000_000 / elapsed.as_micros().max(1)) as u64,
            hashfull: self.tt.hashfull(),
            time_ms: elapsed.as_millis() as u64,
            pv: line.pv.clone(),
        }
    }

    /// Searches MultiPV line `pv_idx` at `depth` with a window around the previous
    /// score, widening it on each failure.
    fn aspiration(
        &mut self,
        depth: usize,
        pv_idx: usize,
        mut report: Option<Reporter<'_, '_, P::Move>>,
    ) -> i32 {
        let prev = self.root_moves[pv_idx].score;
        let mut delta = params::ASPIRATION_DELTA;
        let (mut alpha, mut beta) =
            if depth >= params::ASPIRATION_MIN_DEPTH && prev.abs() < MATE_BOUND {
                ((prev - delta).max(-INFINITY), (prev + delta).min(INFINITY))
            } else {
                (-INFINITY, INFINITY)
            };
        loop {
            let score = self.search_root(depth as i32, alpha, beta, pv_idx);
            if self.stopped {
                return score;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                Bound::Lower
            } else {
                return score;
            };
            self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
            // In long searches, tell the GUI the score is moving (UCI bounds).
            if let Some(report) = report.as_deref_mut() {
                if self
                    .time
                    .as_ref()
                    .is_some_and(|t| t.elapsed() > BOUND_REPORT_AFTER)
                {
                    let rm = &self.root_moves[pv_idx];
                    let line = Line {
                        score,
                        pv: rm.pv.clone(),
                        seldepth: self.seldepth,
                    };
                    report(&self.info(depth, pv_idx, &line, bound));
                }
            }
            delta = params::aspiration_widen(delta);
            if delta > params::ASPIRATION_FULL_WIDTH {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn search_root(&mut self, depth: i32, mut alpha: i32, beta: i32, pv_idx: usize) -> i32 {
        self.root_depth = depth as usize;
        self.nodes += 1;
        let mut best = -INFINITY;
        for i in pv_idx..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let nodes_before = self.nodes;
            self.pos.play(mv);
            let score = if i == pv_idx {
                -self.search(depth - 1, 1, -beta, -alpha, NodeKind::Pv)
            } else {
                let s = -self.search(depth - 1, 1, -alpha - 1, -alpha, NodeKind::Cut);
                if s > alpha && s < beta && !self.stopped {
                    -self.search(depth - 1, 1, -beta, -alpha, NodeKind::Pv)
                } else {
                    s
                }
            };
            self.pos.undo();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
            } else {
                rm.score = -INFINITY;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Counts a node and, every `POLL_INTERVAL` nodes, looks at the clock and flags.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.local_node_limit {
            self.stopped = true;
            self.shared.stop.store(true, Relaxed);
        }
        if self.nodes & (POLL_INTERVAL - 1) == 0 {
            self.poll();
        }
    }

    fn poll(&mut self) {
        self.shared.nodes[self.id].store(self.nodes, Relaxed);
        if self.id == 0 {
            let signals = self.shared.signals;
            let mut stop = signals.stop.load(Relaxed);
            if let Some(tm) = &mut self.time {
                if tm.is_pondering() && signals.ponderhit.load(Relaxed) {
                    tm.ponderhit();
                }
                // The hard limit holds even inside depth 1: `iterate` then answers with
                // the best root move searched so far (or the first in order).
                stop |= tm.hard_exceeded();
            }
            let nodes = self.shared.total_nodes();
            signals.nodes.store(nodes, Relaxed);
            if let Some(limit) = self.shared.node_limit.filter(|_| self.node_limit_on) {
                stop |= nodes >= limit;
            }
            if stop {
                self.shared.stop.store(true, Relaxed);
            }
        }
        if self.shared.stop.load(Relaxed) {
            self.stopped = true;
        }
    }

    /// The static evaluation, from the cache when this position was evaluated before.
    #[inline]
    fn evaluate(&mut self) -> i32 {
        let hash = self.pos.hash();
        if let Some(eval) = self.data.evals.get(hash) {
            return eval;
        }
        let eval = clamp_eval(self.eval.evaluate(&self.pos));
        self.data.evals.put(hash, eval);
        eval
    }

    /// The static evaluation with the average error the correction history knows for
    /// the position's pawns added (where the variant keeps one).
    fn static_eval(&mut self) -> i32 {
        let eval = self.evaluate();
        match self.pos.correction_key() {
            Some(key) => clamp_eval(eval + self.data.corrections.get(key)),
            None => eval,
        }
    }

    /// Saves `mv` followed by the child's line as the PV of `ply`.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The TT move if it is one of `moves` (guards against key collisions).
    fn tt_move(moves: &[P::Move], bits: u32) -> Option<P::Move> {
        let mv = P::Move::from_bits(bits)?;
        moves.contains(&mv).then_some(mv)
    }

    /// Principal variation search below the root, of a node the caller expects to be
    /// of `kind`.
    fn search(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        kind: NodeKind,
    ) -> i32 {
        self.pv[ply].clear();
        let in_check = self.pos.in_check();
        // Check extension: a check is searched one ply deeper, so forcing lines resolve;
        // only up to three times the iteration's depth, so a chain of checks (Augsburg's
        // big units give dozens) cannot keep the depth from falling.
        if in_check && ply < 3 * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(ply, alpha, beta, 0);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let kind = kind.for_window(alpha, beta);
        let pv_node = kind == NodeKind::Pv;

        // Draws by rule inside the tree: one repetition suffices, the line can repeat.
        let fifty = self.pos.halfmove_clock() >= 100;
        if self.pos.repetitions() >= 1 || self.pos.bare_kings() || (fifty && !in_check) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate() };
        }
        // Mate distance pruning: no line from here can beat a mate already found closer
        // to the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let hash = self.pos.hash();
        let entry = self.tt.probe(hash);
        if let Some(e) = entry {
            let s = from_tt(e.score, ply);
            if !pv_node
                && e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }

        let raw_eval = if in_check {
            -INFINITY
        } else {
            self.static_eval()
        };
        let (static_eval, unsearched_eval) = match entry {
            Some(e) if P::TT_REFINES_EVAL && !in_check => refine_eval(raw_eval, e, ply, depth),
            _ => (raw_eval, raw_eval),
        };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves, a quiet move will not
            // lose it all.
            if depth <= params::REVERSE_FUTILITY_MAX_DEPTH
                && unsearched_eval - params::REVERSE_FUTILITY_MARGIN * depth >= beta
            {
                return unsearched_eval;
            }
            // Null move: if passing still beats beta, a real move will too, unless in
            // zugzwang, which `null_move_safe` rules out for the variant.
            if self.null_reply_ply != Some(ply)
                && depth >= params::NULL_MOVE_MIN_DEPTH
                && static_eval >= beta
                && self.pos.null_move_safe()
            {
                let r = params::null_move_reduction(depth, static_eval - beta);
                let outer = self.null_reply_ply.replace(ply + 1);
                self.pos.play_null();
                let s = -self.search(depth - 1 - r, ply + 1, -beta, -beta + 1, kind.later_child());
                self.pos.undo();
                self.null_reply_ply = outer;
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        let mut moves = P::MoveList::default();
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        if fifty {
            return DRAW;
        }
        let tt_move = entry.and_then(|e| Self::tt_move(&moves, e.mv));
        if P::INTERNAL_ITERATIVE_REDUCTION && tt_move.is_none() && depth >= params::IIR_MIN_DEPTH {
            depth -= 1;
        }
        let futile = !pv_node
            && !in_check
            && depth <= params::FUTILITY_MAX_DEPTH
            && static_eval + params::futility_margin(depth) <= alpha;
        let killers = self.data.killers.get(ply);
        let mut scores = std::mem::take(&mut self.score_pool[ply]);
        score_moves(
            &self.pos,
            &moves,
            tt_move,
            killers,
            &self.data.history,
            &mut scores,
        );

        let mut picker = Picker::default();
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets: ArrayVec<P::Move, 64> = ArrayVec::new();
        let mut searched = 0usize;
        let original_alpha = alpha;
        while let Some((mv, stage)) = picker.next(&self.pos, &mut moves, &mut scores) {
            let quiet = !self.pos.is_noisy(mv);
            // Late move pruning: far down the list of a shallow non-PV node, quiet
            // moves are hopeless.
            if !pv_node
                && !in_check
                && quiet
                && depth <= params::LATE_MOVE_PRUNING_MAX_DEPTH
                && best > -MATE_BOUND
                && searched >= params::late_move_count(depth)
            {
                searched += 1;
                continue;
            }
            let hist_index = self.pos.history_index(mv);
            self.pos.play(mv);
            let gives_check = self.pos.in_check();
            // Futility pruning: near the leaves and far below alpha, a quiet move that
            // does not check will not make up the difference (the TT move and killers
            // are spared).
            if futile && stage == Stage::Quiet && !gives_check && best > -MATE_BOUND {
                self.pos.undo();
                searched += 1;
                continue;
            }
            let new_depth = depth - 1;
            let score = if searched == 0 {
                -self.search(new_depth, ply + 1, -beta, -alpha, kind.first_child())
            } else {
                let mut r = 0;
                let losing = P::REDUCE_LOSING_NOISY && stage == Stage::LosingNoisy;
                if depth >= params::LMR_MIN_DEPTH
                    && (quiet || losing)
                    && !in_check
                    && !gives_check
                    && searched >= params::LMR_MIN_MOVES
                {
                    r = self.lmr[(depth as usize).min(63)][searched.min(63)] as i32;
                    if pv_node {
                        r -= params::LMR_PV_RELIEF;
                    }
                    if stage == Stage::Killer {
                        r -= params::LMR_KILLER_RELIEF;
                    }
                    if kind == NodeKind::Cut {
                        r += P::CUT_NODE_REDUCTION;
                    }
                    if quiet {
                        r -= self.data.history.get(hist_index) / params::LMR_HISTORY_DIVISOR;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(new_depth - r, ply + 1, -alpha - 1, -alpha, NodeKind::Cut);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.search(new_depth, ply + 1, -alpha - 1, -alpha, kind.later_child());
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.search(new_depth, ply + 1, -beta, -alpha, NodeKind::Pv);
                }
                s
            };
            self.pos.undo();
            searched += 1;
            if self.stopped {
                self.score_pool[ply] = scores;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(mv, hist_index, &quiets, depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet && quiets.len() < quiets.capacity() {
                quiets.push(mv);
            }
        }
        self.score_pool[ply] = scores;

        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The correction history learns how wrong the evaluation was, where the score
        // says so: not after a noisy best move (the material changed, not the
        // judgement), nor from a bound on the evaluation's own side.
        let informative = match bound {
            Bound::Lower => best > raw_eval,
            Bound::Upper => best < raw_eval,
            Bound::Exact => true,
        };
        if !in_check && informative && best_move.is_none_or(|m| !self.pos.is_noisy(m)) {
            if let Some(key) = self.pos.correction_key() {
                self.data.corrections.update(key, depth, raw_eval, best);
            }
        }
        self.tt.store(
            hash,
            best_move.map_or(0, |m| m.to_bits()),
            to_tt(best, ply),
            depth,
            bound,
        );
        best
    }

    /// A quiet move caused a cutoff: remember it as a killer, raise its history and
    /// lower the history of the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        mv: P::Move,
        index: usize,
        tried: &[P::Move],
        depth: i32,
        ply: usize,
    ) {
        let bonus = if P::STEEP_HISTORY_BONUS {
            params::steep_history_bonus(depth)
        } else {
            params::history_bonus(depth)
        };
        self.data.killers.add(ply, mv);
        self.data.history.update(index, bonus);
        for &q in tried {
            let i = self.pos.history_index(q);
            self.data.history.update(i, -bonus);
        }
    }

    /// Quiescence: only noisy moves not expected to lose material (`noisy_gain`), with
    /// the static evaluation as a floor (stand pat), except in check, where every
    /// evasion is searched. `qply` counts its plies from 0: in the first
    /// `P::QSEARCH_CHECK_PLIES` quiet checks are searched too, after the noisy moves,
    /// and past `P::QSEARCH_MAX_PLIES` the static evaluation stands.
    fn qsearch(&mut self, ply: usize, mut alpha: i32, beta: i32, qply: u32) -> i32 {
        self.pv[ply].clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.pos.in_check();
        if self.pos.repetitions() >= 1
            || self.pos.bare_kings()
            || (self.pos.halfmove_clock() >= 100 && !in_check)
        {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate() };
        }
        // The variant's quiescence horizon: past it the static evaluation stands. A
        // position in check right at the horizon still has its evasions searched, so a
        // mate there is seen.
        let horizon = P::QSEARCH_MAX_PLIES;
        if qply > horizon || (qply == horizon && !in_check) {
            return self.evaluate();
        }

        let hash = self.pos.hash();
        let entry = self.tt.probe(hash);
        if let Some(e) = entry {
            let s = from_tt(e.score, ply);
            if match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            } {
                return s;
            }
        }

        let mut best = -MATE + ply as i32;
        if !in_check {
            best = self.static_eval();
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }

        let mut moves = P::MoveList::default();
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        if !in_check {
            // Noisy moves not expected to lose material, and quiet checks near the root
            // of quiescence, kept in place (a Dynamo move list is 4 KiB: no copy).
            let checks = qply < P::QSEARCH_CHECK_PLIES;
            let mut kept = 0;
            for i in 0..moves.len() {
                let m = moves[i];
                let noisy =
                    self.pos.is_noisy(m) && !matches!(self.pos.noisy_gain(m), Some(g) if g < 0);
                if noisy || (checks && self.pos.gives_check(m)) {
                    moves[kept] = m;
                    kept += 1;
                }
            }
            moves.truncate(kept);
        }
        if P::QSEARCH_ONE_PART_PER_ROUTE {
            let kept = one_part_per_route(&self.pos, &mut moves);
            moves.truncate(kept);
        }
        let tt_move = entry.and_then(|e| Self::tt_move(&moves, e.mv));
        let mut scores = std::mem::take(&mut self.score_pool[ply]);
        score_moves(
            &self.pos,
            &moves,
            tt_move,
            [None; 2],
            &self.data.history,
            &mut scores,
        );
        let mut picker = Picker::default();
        let mut best_move = None;
        let original_alpha = alpha;
        while let Some((mv, _)) = picker.next(&self.pos, &mut moves, &mut scores) {
            self.pos.play(mv);
            let score = -self.qsearch(ply + 1, -beta, -alpha, qply + 1);
            self.pos.undo();
            if self.stopped {
                self.score_pool[ply] = scores;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.score_pool[ply] = scores;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            hash,
            best_move.map_or(0, |m| m.to_bits()),
            to_tt(best, ply),
            0,
            bound,
        );
        best
    }
}

/// Keeps, of the moves a big unit makes between the same two squares with different
/// parts ([`SearchPolicy::one_of_many_parts`]), the one the ordering puts first, and
/// every other move; returns how many are kept, in front. A unit of a dozen components
/// makes one capture with hundreds of parts: resolving the capture needs one of them,
/// and trying them all made quiescence grow without bound.
fn one_part_per_route<P: SearchPolicy>(pos: &P, moves: &mut [P::Move]) -> usize {
    let mut seen = [0u64; HISTORY_SIZE / 64];
    let mut kept = 0;
    for i in 0..moves.len() {
        let mv = moves[i];
        if !pos.one_of_many_parts(mv) {
            moves[kept] = mv;
            kept += 1;
            continue;
        }
        let key = pos.history_index(mv);
        let bit = 1u64 << (key % 64);
        if seen[key / 64] & bit == 0 {
            seen[key / 64] |= bit;
            moves[kept] = mv;
            kept += 1;
        } else if let Some(j) = moves[..kept]
            .iter()
            .position(|&m| pos.history_index(m) == key)
        {
            if pos.noisy_score(mv) > pos.noisy_score(moves[j]) {
                moves[j] = mv;
            }
        }
    }
    kept
}

/// Whether a mate score found at `depth` can no longer change with more depth: the
/// iteration reached well past the mate (twice its length in plies, plus a margin for
/// the pruned lines), so a deeper search could at most find a mate a move shorter or
/// longer, which the GUI does not need to wait for. Finite searches stop deepening
/// then, as Stockfish does under a time limit; `go infinite` and `go ponder` go on.
fn mate_is_settled(score: i32, depth: usize) -> bool {
    const MARGIN_PLIES: usize = 4;
    let plies = (MATE - score.abs()) as usize;
    score.abs() >= MATE_BOUND && depth >= 2 * plies + MARGIN_PLIES
}

/// The best (first) root move's share of the nodes searched under all root moves:
/// near 1 when the others are refuted at once (little to gain from more time).
fn best_move_share<M>(root_moves: &[RootMove<M>]) -> f64 {
    let total: u64 = root_moves.iter().map(|r| r.nodes).sum();
    root_moves.first().map_or(0, |r| r.nodes) as f64 / total.max(1) as f64
}

/// The static evaluation refined by a table entry: its score when the bound says the
/// true value lies beyond the evaluation (exact; a lower bound above it; an upper
/// bound below it), mate scores excepted. Returns the estimate for pruning that still
/// searches (null move, futility) and the one for reverse futility, which returns
/// unsearched: there only a score from at most one ply shallower stands in, or a
/// shallow score could keep the node from ever being searched deeper (mates behind
/// zugzwang were missed that way).
fn refine_eval(raw_eval: i32, e: TtEntry, ply: usize, depth: i32) -> (i32, i32) {
    let s = from_tt(e.score, ply);
    let beyond = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s > raw_eval,
        Bound::Upper => s < raw_eval,
    };
    if !beyond || s.abs() >= MATE_BOUND {
        return (raw_eval, raw_eval);
    }
    let recent = e.depth + 1 >= depth;
    (s, if recent { s } else { raw_eval })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, depth: i32, bound: Bound) -> TtEntry {
        TtEntry {
            mv: 0,
            score,
            depth,
            bound,
        }
    }

    fn root_move(nodes: u64) -> RootMove<u32> {
        RootMove {
            mv: 0,
            score: 0,
            pv: Vec::new(),
            seldepth: 0,
            nodes,
        }
    }

    /// A best move that took most of the root's nodes shortens the soft limit; one
    /// that took few (the other moves were hard to refute) stretches it.
    #[test]
    fn the_best_moves_share_of_nodes_scales_the_soft_limit() {
        let easy = best_move_share(&[root_move(900), root_move(60), root_move(40)]);
        let hard = best_move_share(&[root_move(200), root_move(500), root_move(300)]);
        assert!((easy - 0.9).abs() < 1e-9 && (hard - 0.2).abs() < 1e-9);
        assert!(params::effort_time_scale(easy) < 0.7);
        assert!(params::effort_time_scale(hard) > 1.2);
        assert!((params::effort_time_scale(params::EFFORT_PIVOT) - 1.0).abs() < 1e-9);
        assert_eq!(best_move_share::<u32>(&[root_move(0), root_move(0)]), 0.0);
    }

    /// The table's score replaces the evaluation only when its bound points beyond
    /// it, never as a mate score, and for reverse futility only when it comes from at
    /// most one ply shallower.
    #[test]
    fn table_scores_refine_the_evaluation_only_beyond_it() {
        assert_eq!(refine_eval(10, entry(50, 5, Bound::Exact), 3, 6), (50, 50));
        assert_eq!(
            refine_eval(10, entry(-50, 5, Bound::Exact), 3, 6),
            (-50, -50)
        );
        assert_eq!(refine_eval(10, entry(50, 5, Bound::Lower), 3, 6), (50, 50));
        assert_eq!(refine_eval(10, entry(-50, 5, Bound::Lower), 3, 6), (10, 10));
        assert_eq!(
            refine_eval(10, entry(-50, 5, Bound::Upper), 3, 6),
            (-50, -50)
        );
        assert_eq!(refine_eval(10, entry(50, 5, Bound::Upper), 3, 6), (10, 10));
        // Two plies shallower: null move and futility take it, reverse futility not.
        assert_eq!(refine_eval(10, entry(50, 4, Bound::Lower), 3, 6), (50, 10));
        let mate = to_tt(MATE - 9, 3);
        assert_eq!(
            refine_eval(10, entry(mate, 5, Bound::Lower), 3, 6),
            (10, 10)
        );
    }
}
