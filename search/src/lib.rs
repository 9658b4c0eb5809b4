//! Alpha-beta search, generic over the variant's rules and search policy
//! (`SearchPolicy`, a `Position` with the search's view of its moves) and its
//! evaluation (`Evaluator`), monomorphised per variant.
//!
//! What it does: iterative deepening with aspiration windows; principal variation
//! search; quiescence over `is_noisy` moves not expected to lose (`noisy_gain`), plus
//! quiet checks in its first `QSEARCH_CHECK_PLIES` plies and a per-variant horizon
//! `QSEARCH_MAX_PLIES` (stand pat, all evasions in check); a shared transposition table
//! of atomics (4-slot buckets, depth/age replacement, mate scores relative to the node);
//! a per-thread cache of static evaluations; move ordering TT move > noisy
//! (`noisy_score`) > killers > noisy expected to lose > history (`history_index`);
//! check extension; null move (`null_move_safe`), reverse futility, futility and late
//! move pruning, late move reductions; mate distance pruning; draws by one repetition in
//! the tree, the 50-move rule and bare kings; MultiPV; Lazy SMP; time management with
//! soft and hard limits and ponder support; weaker play for `Skill Level` (`skill`: a
//! node budget and a random choice among the best root moves).
//!
//! Modules: `policy` (per-variant search policy), `params` (the search's numbers),
//! `value` (score scale, mate encoding), `tt` (lock-free transposition table),
//! `eval_cache` (evaluations by hash), `ordering` (move ordering and history), `time`
//! (time management), `thread` (the search proper, one per Lazy SMP thread), `skill`
//! (weakened play), `rng` (the project's pseudo-random generator). This file holds the
//! public API.

mod correction;
mod eval_cache;
pub mod host;
mod ordering;
pub mod params;
pub mod policy;
pub mod rng;
pub mod skill;
mod thread;
mod time;
mod tt;
pub mod value;

use feerie_eval::Evaluator;
use feerie_movegen::{MoveBuffer, MoveCode};
use ordering::{History, Picker, score_moves};
use rng::Rng;
use skill::Skill;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::Duration;
use thread::{Line, Plan, RootMove, Shared, ThreadData, Worker};
use tt::TransTable;

pub use policy::{HISTORY_SIZE, SearchPolicy};
pub use time::budget as time_budget;

/// Stack of each helper thread. The main search runs on the caller's thread, which
/// should have a comparable stack (the engine's search thread does).
const HELPER_STACK_BYTES: usize = 32 * 1024 * 1024;

/// The deepest iteration a search runs (`go depth` is capped here too), leaving plies
/// below `value::MAX_PLY` for extensions and quiescence.
pub const MAX_DEPTH: u32 = 100;
const _: () = assert!((MAX_DEPTH as usize) < value::MAX_PLY - 4);

/// The error of [`Searcher::set_hash_size`]: the table could not have `requested` MiB
/// and has `kept` MiB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashSizeError {
    pub requested: usize,
    pub kept: usize,
}

impl std::fmt::Display for HashSizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate {} MiB for the hash table; it stays at {} MiB",
            self.requested, self.kept
        )
    }
}

impl std::error::Error for HashSizeError {}

/// Seed of every searcher's random stream (weakened play only).
const SKILL_SEED: u64 = 0x5EED_1E7E1;

/// Clock state for `go wtime/btime/winc/binc/movestogo`, already for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Remaining time in milliseconds (may be <= 0 if the GUI says so).
    pub time_ms: i64,
    pub increment_ms: i64,
    pub moves_to_go: Option<u32>,
}

/// What `go` asked for. Absent limits mean "no limit" on that axis.
#[derive(Clone, Debug)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Restrict the root to these moves (empty: all).
    pub searchmoves: Vec<M>,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            clock: None,
            mate: None,
            infinite: false,
            ponder: false,
            searchmoves: Vec::new(),
        }
    }
}

/// A score as UCI prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in N moves (positive: side to move mates; negative: gets mated).
    Mate(i32),
}

/// Bound of a reported score (UCI `lowerbound` / `upperbound`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One `info` line's worth of data.
#[derive(Clone, Debug)]
pub struct Info<M> {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: u32,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<M>,
}

/// The answer to `go`.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// `None` only when the position has no legal move.
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: Score,
    pub nodes: u64,
}

/// Flags the UCI thread sets while a search runs, and the progress the search
/// publishes for it.
#[derive(Debug, Default)]
pub struct Signals {
    pub stop: AtomicBool,
    pub ponderhit: AtomicBool,
    /// The depth the main thread is searching now (0 before the first).
    pub depth: AtomicU32,
    /// Nodes searched so far by all threads, as last published (every few hundred nodes
    /// of the main thread): what a progress report between two depths shows.
    pub nodes: AtomicU64,
}

/// Settings from UCI options.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    /// A weakened engine (`Skill Level`, `UCI_Elo`); `None` is full strength.
    pub skill: Option<Skill>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            multipv: 1,
            move_overhead_ms: 10,
            skill: None,
        }
    }
}

/// A search engine for one variant: transposition table, per-thread history, settings.
///
/// The TT and the histories persist between searches (as in a game); call [`clear`]
/// for results independent of earlier searches (e.g. reproducible node counts).
///
/// [`clear`]: Searcher::clear
#[derive(Debug)]
pub struct Searcher<P: SearchPolicy, E: Evaluator<P>> {
    pub settings: Settings,
    eval: E,
    hash_mb: usize,
    tt: TransTable,
    threads: Vec<ThreadData<P::Move>>,
    /// Nodes of the last search, summed over threads.
    nodes: u64,
    /// The random choices of a weakened search: seeded the same in every searcher, so
    /// a sequence of searches is reproducible.
    rng: Rng,
    _rules: PhantomData<P>,
}

impl<P: SearchPolicy, E: Evaluator<P>> Searcher<P, E> {
    pub fn new(hash_mb: usize, eval: E) -> Self {
        Searcher {
            settings: Settings::default(),
            eval,
            hash_mb,
            tt: TransTable::new(hash_mb),
            threads: Vec::new(),
            nodes: 0,
            rng: Rng::new(SKILL_SEED),
            _rules: PhantomData,
        }
    }

    /// Resizes the transposition table (clears it). The old table is given back before
    /// the new one is allocated, and the same size is only cleared, so repeated resizes
    /// cost no memory. When `mb` MiB cannot be had, the table keeps its old size (or, if
    /// even that is gone, the smallest one) and the error says so.
    pub fn set_hash_size(&mut self, mb: usize) -> Result<(), HashSizeError> {
        if mb == self.hash_mb {
            self.clear();
            return Ok(());
        }
        self.tt = TransTable::tiny();
        if let Some(tt) = TransTable::try_new(mb) {
            self.tt = tt;
            self.hash_mb = mb;
            return Ok(());
        }
        match TransTable::try_new(self.hash_mb) {
            Some(tt) => self.tt = tt,
            None => self.hash_mb = 0,
        }
        Err(HashSizeError {
            requested: mb,
            kept: self.hash_mb,
        })
    }

    /// Gives the table's memory back until the next `set_hash_size` (a searcher about
    /// to be replaced by another one with a table of its own).
    pub fn release_hash(&mut self) {
        self.tt = TransTable::tiny();
        self.hash_mb = 0;
    }

    /// The transposition table size in MB, as last set.
    pub fn hash_size(&self) -> usize {
        self.hash_mb
    }

    /// Forgets everything learnt (`ucinewgame`, `Clear Hash`).
    /// Plays with `eval` from now on, forgetting what was learnt with the old one: its
    /// scores in the table, its cached evaluations, their corrections.
    pub fn set_eval(&mut self, eval: E) {
        self.eval = eval;
        self.clear();
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        for t in &mut self.threads {
            t.history.clear();
            t.killers.clear();
            t.evals.clear();
            t.corrections.clear();
        }
    }

    /// Permille of the transposition table used by the current/last search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Nodes searched by the last `search`, summed over threads. Deterministic for one
    /// thread with a depth or node limit (given the same earlier searches, or `clear`).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The evaluator this searcher uses.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Searches `pos` within `limits`, calling `report` for each `info` line, until a
    /// limit is reached or `signals.stop` is set. While `limits.ponder` or
    /// `limits.infinite` holds it does not return before `stop` (or `ponderhit` turns a
    /// ponder search into a timed one), except on WebAssembly, where no other thread
    /// could send them: there the caller holds the answer until `stop`.
    ///
    /// When the position has no legal move it returns at once, without reporting,
    /// `best: None` and `Score::Mate(0)` if checkmated, `Score::Cp(0)` if stalemated.
    pub fn search(
        &mut self,
        pos: &P,
        limits: &Limits<P::Move>,
        signals: &Signals,
        report: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        // The clock runs from here: generating and ordering the root moves and starting
        // the threads is part of the time spent on the move.
        let time = time::TimeManager::new(limits, self.settings.move_overhead_ms);
        let root_moves = self.root_moves(pos, &limits.searchmoves);
        if root_moves.is_empty() {
            self.nodes = 0;
            return SearchResult {
                best: None,
                ponder: None,
                score: if pos.in_check() {
                    Score::Mate(0)
                } else {
                    Score::Cp(0)
                },
                nodes: 0,
            };
        }
        let fallback = root_moves[0].mv;

        let n_threads = host::search_threads(self.settings.threads);
        self.threads.resize_with(n_threads, ThreadData::default);
        for t in &mut self.threads {
            t.history.age();
            t.killers.clear();
        }
        self.tt.new_search();
        let skill = self.settings.skill;
        let mut plan = Plan {
            max_depth: limits.depth.map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH)) as usize,
            multipv: self.settings.multipv.max(1),
            mate: limits.mate,
            free_first_iteration: false,
        };
        let mut node_limit = limits.nodes;
        if let Some(skill) = skill {
            plan.multipv = plan.multipv.max(skill.candidates());
            plan.free_first_iteration = true;
            node_limit =
                Some(node_limit.map_or(skill.node_budget(), |n| n.min(skill.node_budget())));
        }
        let shared = Shared {
            root: pos,
            root_moves: &root_moves,
            eval: &self.eval,
            tt: &self.tt,
            stop: AtomicBool::new(false),
            nodes: (0..n_threads).map(|_| AtomicU64::new(0)).collect(),
            signals,
            node_limit,
        };
        let (main_data, helper_data) = self.threads.split_first_mut().expect("one thread");

        let (lines, _depth) = std::thread::scope(|scope| {
            for (i, data) in helper_data.iter_mut().enumerate() {
                let shared = &shared;
                // A deep tree of large move lists (fairy variants) needs more than the
                // default 2 MB stack. If a thread cannot be spawned, search with fewer.
                let _ = std::thread::Builder::new()
                    .name(format!("search-helper-{}", i + 1))
                    .stack_size(HELPER_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut w = Worker::new(i + 1, shared, data, None);
                        // Helpers only feed the TT: one line is enough for that.
                        let plan = Plan { multipv: 1, ..plan };
                        w.iterate(plan, None);
                    });
            }
            let mut main = Worker::new(0, &shared, main_data, Some(time));
            let result = main.iterate(plan, Some(report));
            // Pondering or infinite: hold the answer until the GUI says stop (or the
            // ponder move is played and the search is already done).
            while !signals.stop.load(Relaxed) {
                let tm = main.time_mut().expect("main thread has a clock");
                if tm.is_pondering() && signals.ponderhit.load(Relaxed) {
                    tm.ponderhit();
                }
                if !main.time().is_some_and(|t| t.waits_for_stop()) || !host::pause() {
                    break;
                }
            }
            shared.stop.store(true, Relaxed);
            result
        });
        self.nodes = shared.total_nodes();

        let chosen = match skill {
            Some(skill) => self.pick(skill, pos, &lines),
            None => 0,
        };
        let best_line = lines.get(chosen);
        let best = best_line
            .and_then(|l| l.pv.first().copied())
            .unwrap_or(fallback);
        SearchResult {
            best: Some(best),
            ponder: best_line.and_then(|l| l.pv.get(1).copied()),
            score: best_line.map_or(Score::Cp(0), |l| value::to_uci(l.score)),
            nodes: self.nodes,
        }
    }

    /// The index of the line a weakened search plays, drawn from the searcher's stream
    /// mixed with the position, so the same position in another game may get another
    /// move.
    fn pick(&mut self, skill: Skill, pos: &P, lines: &[Line<P::Move>]) -> usize {
        let scores: Vec<i32> = lines.iter().map(|l| l.score).collect();
        let mut rng = Rng::for_index(self.rng.next_u64(), pos.hash());
        skill.pick(&scores, &mut rng)
    }

    /// Legal root moves (restricted to `searchmoves` when any of them is legal), in a
    /// first guess of their order: TT move, noisy moves, then history.
    fn root_moves(&self, pos: &P, searchmoves: &[P::Move]) -> Vec<RootMove<P::Move>> {
        let mut moves = P::MoveList::default();
        pos.legal_moves(&mut moves);
        if searchmoves.iter().any(|m| moves.contains(m)) {
            let all = std::mem::take(&mut moves);
            for &m in all.iter() {
                if searchmoves.contains(&m) {
                    moves.push(m);
                }
            }
        }
        let tt_move = self
            .tt
            .probe(pos.hash())
            .and_then(|e| P::Move::from_bits(e.mv))
            .filter(|m| moves.contains(m));
        let history = self.threads.first().map(|t| &t.history);
        let empty = History::default();
        let mut scores = Vec::new();
        score_moves(
            pos,
            &moves,
            tt_move,
            [None; 2],
            history.unwrap_or(&empty),
            &mut scores,
        );
        let mut picker = Picker::default();
        let mut out = Vec::with_capacity(moves.len());
        while let Some((mv, _)) = picker.next(pos, &mut moves, &mut scores) {
            out.push(RootMove {
                mv,
                score: -value::INFINITY,
                pv: vec![mv],
                seldepth: 0,
                nodes: 0,
            });
        }
        out
    }
}
