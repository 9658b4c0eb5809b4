//! One thread's search state: the position it plays moves on, the shared table, the
//! node count and the stop flag. The proof functions of each kind of play are written
//! on it in their own modules (`battle`, `help`).

use super::table::{Kind, Table, mix, salted};
use crate::solution::MAX_LISTED_MOVES;
use crate::stipulation::Goal;
use feerie_movegen::{MoveBuffer, MoveCode, Position};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What every thread shares.
pub(crate) struct Shared<'a> {
    pub goal: Goal,
    pub table: &'a Table,
    pub stop: &'a AtomicBool,
    /// Legal moves depend on the move before (Dynamo's no-undo rule), so the table key
    /// must include the position before the last move.
    pub history_keyed: bool,
    /// Solutions found so far by every thread, against `max_solutions`.
    pub found: AtomicUsize,
    pub max_solutions: Option<usize>,
    /// The moves of the lines kept so far, against [`MAX_LISTED_MOVES`].
    pub listed_moves: AtomicUsize,
    /// The solutions (within `max_solutions`) found beyond [`MAX_LISTED_MOVES`].
    pub unlisted: AtomicUsize,
}

impl Shared<'_> {
    /// Counts one solution of `moves` moves; true when it is to be kept: within
    /// `max_solutions`, and the lines kept with it hold at most [`MAX_LISTED_MOVES`].
    pub fn count_solution(&self, moves: usize) -> bool {
        let before = self.found.fetch_add(1, Ordering::Relaxed);
        if self.max_solutions.is_some_and(|max| before >= max) {
            return false;
        }
        let held = self.listed_moves.fetch_add(moves, Ordering::Relaxed) + moves;
        let kept = held <= MAX_LISTED_MOVES;
        if !kept {
            self.unlisted.fetch_add(1, Ordering::Relaxed);
        }
        kept
    }

    /// True when `max_solutions` solutions have been found.
    pub fn full(&self) -> bool {
        self.max_solutions
            .is_some_and(|max| self.found.load(Ordering::Relaxed) >= max)
    }
}

pub(crate) struct Searcher<'a, P: Position> {
    pub pos: P,
    pub shared: &'a Shared<'a>,
    pub nodes: u64,
    /// Keys of the positions before each move played (0 before a null move).
    before: Vec<u64>,
    /// The moves played since the searcher was made (`None`: a pass).
    path: Vec<Option<P::Move>>,
    /// The help and series lines found (as `path`s).
    pub lines: Vec<Vec<Option<P::Move>>>,
    /// Per remaining length, the last move that decided a node: the attacker's winning
    /// move (index 0) or the defender's refutation (index 1). Tried first next time, as
    /// the same move often decides the sibling positions too.
    killers: [Vec<u32>; 2],
}

impl<'a, P: Position> Searcher<'a, P> {
    pub fn new(pos: P, shared: &'a Shared<'a>) -> Searcher<'a, P> {
        Searcher {
            pos,
            shared,
            nodes: 0,
            before: Vec::with_capacity(64),
            path: Vec::with_capacity(64),
            lines: Vec::new(),
            killers: [vec![0; 64], vec![0; 64]],
        }
    }

    #[inline]
    pub fn play(&mut self, mv: P::Move) {
        self.before.push(self.pos.hash());
        self.path.push(Some(mv));
        self.pos.play(mv);
    }

    /// Passes the turn (series play, threats, set play). The side to move must not be in
    /// check.
    #[inline]
    pub fn play_null(&mut self) {
        self.before.push(0);
        self.path.push(None);
        self.pos.play_null();
    }

    #[inline]
    pub fn undo(&mut self) {
        self.before.pop();
        self.path.pop();
        self.pos.undo();
    }

    /// True when the search must give up (the caller's stop flag).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// True when the search must stop: the stop flag, or `max_solutions` reached.
    #[inline]
    pub fn interrupted(&self) -> bool {
        self.stopped() || self.shared.full()
    }

    /// Keeps the moves played so far as a solution (unless beyond `max_solutions` or
    /// the bound on the lines kept).
    pub fn record(&mut self) {
        let moves = self.path.iter().flatten().count();
        if self.shared.count_solution(moves) {
            self.lines.push(self.path.clone());
        }
    }

    /// The table key of the current position for `kind` and `length`.
    #[inline]
    pub fn key(&self, kind: Kind, length: u32) -> u64 {
        let mut key = self.pos.hash();
        if self.shared.history_keyed {
            key ^= mix(self.before.last().copied().unwrap_or(0) ^ 0x5555);
        }
        salted(key, kind, length)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<bool> {
        self.shared.table.probe(key)
    }

    /// Stores a result unless the search was stopped (then it may be wrong).
    #[inline]
    pub fn store(&self, key: u64, result: bool) {
        if !self.stopped() {
            self.shared.table.store(key, result);
        }
    }

    /// The legal moves of the side to move.
    #[inline]
    pub fn moves(&mut self) -> P::MoveList {
        self.nodes += 1;
        let mut moves = P::MoveList::default();
        self.pos.legal_moves(&mut moves);
        moves
    }

    /// The moves of the side to move that may reach the goal at once: for mate, only the
    /// checking ones (when the variant tells them without playing them), else all.
    #[inline]
    pub fn goal_moves(&mut self) -> P::MoveList {
        let mut moves = self.moves();
        if P::FAST_GIVES_CHECK && self.shared.goal == Goal::Mate {
            self.pos.retain_checks(&mut moves);
        }
        moves
    }

    /// Puts the checking moves first (keeping the order within each part) when the
    /// variant tells them cheaply: a check is the likeliest way to force the goal.
    #[inline]
    pub fn checks_first(&self, moves: &mut P::MoveList) {
        if !P::FAST_GIVES_CHECK {
            return;
        }
        let mut checks = moves.clone();
        self.pos.retain_checks(&mut checks);
        if checks.is_empty() || checks.len() == moves.len() {
            return;
        }
        // The checks are a subsequence of the moves: the others are what lies between.
        let mut others = P::MoveList::default();
        let mut next = 0;
        for &mv in moves.iter() {
            if checks.get(next) == Some(&mv) {
                next += 1;
            } else {
                others.push(mv);
            }
        }
        let split = checks.len();
        moves[..split].copy_from_slice(&checks);
        moves[split..].copy_from_slice(&others);
    }

    /// Moves the killer of `side` (0 attacker, 1 defender) at length `n` to the front of
    /// `moves`, if it is there.
    #[inline]
    pub fn killer_first(&self, side: usize, n: u32, moves: &mut P::MoveList) {
        let killer = self.killers[side].get(n as usize).copied().unwrap_or(0);
        if killer != 0 {
            if let Some(i) = moves.iter().position(|m| m.to_bits() == killer) {
                moves.swap(0, i);
            }
        }
    }

    /// Remembers `mv` as the killer of `side` at length `n`.
    #[inline]
    pub fn set_killer(&mut self, side: usize, n: u32, mv: P::Move) {
        if let Some(slot) = self.killers[side].get_mut(n as usize) {
            *slot = mv.to_bits();
        }
    }

    /// True when the side to move suffers the goal: no legal move, and in check for mate,
    /// not in check for stalemate. Check is tested first: it is much cheaper.
    #[inline]
    pub fn at_goal(&mut self) -> bool {
        let wanted = self.shared.goal == Goal::Mate;
        if self.pos.in_check() != wanted {
            return false;
        }
        self.nodes += 1;
        self.pos.count_legal() == 0
    }
}
