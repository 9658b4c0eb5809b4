//! Alpha-beta search, generic over the variant's rules (`Position`) and its evaluation
//! (`Evaluator`). API skeleton: the engine builds against these types.

use feerie_eval::Evaluator;
use feerie_movegen::Position;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

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

/// Flags the UCI thread sets while a search runs.
#[derive(Debug, Default)]
pub struct Signals {
    pub stop: AtomicBool,
    pub ponderhit: AtomicBool,
}

/// Settings from UCI options.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            multipv: 1,
            move_overhead_ms: 10,
        }
    }
}

/// A search engine for one variant: transposition table, history, settings.
#[derive(Debug)]
pub struct Searcher<P: Position, E: Evaluator<P>> {
    pub settings: Settings,
    eval: E,
    hash_mb: usize,
    _rules: PhantomData<P>,
}

impl<P: Position, E: Evaluator<P>> Searcher<P, E> {
    pub fn new(hash_mb: usize, eval: E) -> Self {
        Searcher {
            settings: Settings::default(),
            eval,
            hash_mb,
            _rules: PhantomData,
        }
    }

    /// Resizes the transposition table (clears it).
    pub fn set_hash_size(&mut self, mb: usize) {
        self.hash_mb = mb;
    }

    /// Forgets everything learnt (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {}

    /// Searches `pos` within `limits`, calling `report` for each `info` line, until a
    /// limit is reached or `signals.stop` is set. While `limits.ponder` or
    /// `limits.infinite` holds it does not return before `stop` (or `ponderhit` turns a
    /// ponder search into a timed one).
    pub fn search(
        &mut self,
        pos: &P,
        limits: &Limits<P::Move>,
        signals: &Signals,
        report: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        let _ = (limits, signals, report, &self.eval, self.hash_mb);
        let mut moves = P::MoveList::default();
        pos.legal_moves(&mut moves);
        SearchResult {
            best: moves.first().copied(),
            ponder: None,
            score: Score::Cp(0),
            nodes: 0,
        }
    }
}
