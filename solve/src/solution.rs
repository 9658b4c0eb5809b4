//! What the solver finds, independent of the variant: moves as text, in a tree for
//! direct and self play, as lines for help and series play.

use crate::stipulation::{Goal, Stipulation};
use feerie_movegen::FenError;
use feerie_variants::Variant;
use std::fmt;
use std::time::Duration;

/// The most moves the help or series lines listed for a part of a problem (solutions
/// and set play) hold together: a series problem can have millions of lines, and a
/// listed move costs about 120 bytes. Beyond it the search goes on, counting the lines
/// it no longer keeps, so memory stays bounded and the report says how many more
/// there are.
pub const MAX_LISTED_MOVES: usize = 100_000;

/// What a move does to the side that must reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    None,
    /// ` +`
    Check,
    /// ` #` or ` =`: the move reaches the goal.
    Goal(Goal),
}

/// A move, written for people and for programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The move exactly as UCI prints it (`e2e4`, `c6f6/e6g6`, `a3c2(n)`).
    pub uci: String,
    /// The move in the layout's notation (`Ra8-a4=B`, `0-0=B`, `c3*d2 ep.=S` for chess
    /// and the Einstein family; the UCI string for Dynamo and Augsburg), without mark.
    pub text: String,
    pub mark: Mark,
}

/// A threat after an attacker's move in direct or self play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Threat {
    /// Not looked for (`nothreat`, no `variation`, or the move gives check).
    None,
    /// The defender is in zugzwang: passing would lose, every move loses too.
    Zugzwang,
    /// What the attacker would play if the defender could pass.
    Moves(Vec<Attack>),
}

/// An attacker's move (key, try, threat or continuation) and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub mv: MoveText,
    pub threat: Threat,
    /// The defences shown (with `variation`: those that parry the threat).
    pub defences: Vec<Defence>,
    /// The defences that refute it (tries only).
    pub refutations: Vec<MoveText>,
}

/// A defender's move and the attacker's continuations that still reach the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence {
    pub mv: MoveText,
    pub continuations: Vec<Attack>,
}

/// What was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// Direct and self play.
    Battle {
        /// With `setplay`: the defender's moves in the diagram and the attacker's answers.
        set_play: Vec<Defence>,
        /// Every key (no refutation).
        keys: Vec<Attack>,
        /// With `try`: first moves with 1..=defence refutations.
        tries: Vec<Attack>,
    },
    /// Help and series play: every solution as its half-moves in the order played.
    Lines {
        /// With `setplay`: the solutions of the set play (one half-move shorter, the
        /// other side starting).
        set_play: Vec<Vec<MoveText>>,
        solutions: Vec<Vec<MoveText>>,
    },
}

/// The result of solving one part (the stipulation, or its duplex) of a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub stipulation: Stipulation,
    /// True for the duplex part: the colours' roles exchanged.
    pub swapped: bool,
    pub solution: Solution,
    /// True when `maxsolutions` (or a stop) cut the search short, or not every line
    /// found is listed.
    pub partial: bool,
    /// Help and series lines found but not listed: beyond [`MAX_LISTED_MOVES`].
    pub unlisted: usize,
    /// Positions visited.
    pub nodes: u64,
    pub elapsed: Duration,
}

impl Solution {
    /// The number of solutions: keys, or lines.
    pub fn count(&self) -> usize {
        match self {
            Solution::Battle { keys, .. } => keys.len(),
            Solution::Lines { solutions, .. } => solutions.len(),
        }
    }

    /// The number of help or series lines listed, set play included (0 for a tree).
    pub fn lines_listed(&self) -> usize {
        match self {
            Solution::Battle { .. } => 0,
            Solution::Lines {
                set_play,
                solutions,
            } => set_play.len() + solutions.len(),
        }
    }
}

/// A part of a problem whose position the variant's rules refuse (for example the side
/// not to move is in check).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsolvablePosition {
    pub variant: Variant,
    pub fen: String,
    pub reason: FenError,
}

impl fmt::Display for UnsolvablePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let UnsolvablePosition {
            variant,
            fen,
            reason,
        } = self;
        write!(f, "{variant} position '{fen}' cannot be solved: {reason}")
    }
}

impl std::error::Error for UnsolvablePosition {}
