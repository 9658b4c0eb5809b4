//! The solution trees of direct and self play, as Popeye shows them with `variation`:
//! threats (the attacker's shortest wins if the defender could pass), the defences that
//! matter and the shortest continuations after each.
//!
//! Popeye's rule for the defences shown after a move with a threat of k moves: a
//! defence after which the attacker wins faster than k is hidden, and so is one after
//! which every threat still wins in k; the others (the threat is parried) are shown.
//! A threat "still wins" when a move with the threat's from and to squares (and
//! promotion) wins: `Se4-g5` and `Se4*g5` are the same threat. Without a threat (check,
//! zugzwang, `nothreat`) every defence is shown.
//!
//! In self play the defender's node first asks whether every defender move reaches the
//! goal: then those moves end the branch and are shown alone (no threat, no zugzwang).
//! Otherwise a defender move that reaches the goal before the last move is not shown.

use super::battle::Battle;
use super::searcher::Searcher;
use crate::notation::{Notation, move_text};
use crate::solution::{Attack, Defence, MoveText, Threat};
use feerie_movegen::{MoveCode, Position};

/// How the trees are written.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Show {
    pub battle: Battle,
    pub notation: Notation,
    /// False with `nothreat`.
    pub threats: bool,
    /// With `variation`: the play below each attacker's move; without, the move alone.
    pub deep: bool,
}

/// What follows an attacker's move.
pub(crate) struct Below {
    pub threat: Threat,
    pub defences: Vec<Defence>,
    pub refutations: Vec<MoveText>,
}

impl<P: Position> Searcher<'_, P> {
    pub fn text(&self, mv: P::Move, notation: Notation) -> MoveText {
        move_text(&self.pos, mv, notation, self.shared.goal)
    }

    /// The attacker's `mv`, `n` attacker moves left (`mv` included), with the play below.
    pub fn attack_tree(&mut self, show: Show, mv: P::Move, n: u32) -> Attack {
        let text = self.text(mv, show.notation);
        self.play(mv);
        let below = if !show.deep || (show.battle == Battle::Direct && self.at_goal()) {
            Below {
                threat: Threat::None,
                defences: Vec::new(),
                refutations: Vec::new(),
            }
        } else {
            self.below(show, n - 1)
        };
        self.undo();
        Attack {
            mv: text,
            threat: below.threat,
            defences: below.defences,
            refutations: below.refutations,
        }
    }

    /// Defender to move after an attacker's move, `rem` attacker moves left: the threat,
    /// the defences shown with their continuations, and the refutations.
    pub fn below(&mut self, show: Show, rem: u32) -> Below {
        let inner_goals = show.battle == Battle::SelfPlay && rem > 0;
        if inner_goals && self.forced_to_goal() {
            let moves = self.moves();
            let defences = moves
                .iter()
                .map(|&mv| self.defence_tree(show, mv, 0))
                .collect();
            return Below {
                threat: Threat::None,
                defences,
                refutations: Vec::new(),
            };
        }
        let mut threat = Threat::None;
        let mut threat_moves: Option<(u32, Vec<P::Move>)> = None;
        if show.threats && rem > 0 && !self.pos.in_check() {
            self.play_null();
            threat = match self.attack_length(show.battle, rem) {
                None => Threat::Zugzwang,
                Some(k) => {
                    let moves = self.moves();
                    let winning: Vec<P::Move> = moves
                        .iter()
                        .copied()
                        .filter(|&mv| self.attack_move_wins(show.battle, mv, k))
                        .collect();
                    let trees = winning
                        .iter()
                        .map(|&mv| self.attack_tree(show, mv, k))
                        .collect();
                    threat_moves = Some((k, winning));
                    Threat::Moves(trees)
                }
            };
            self.undo();
        }
        let mut defences = Vec::new();
        let mut refutations = Vec::new();
        let moves = self.moves();
        for &mv in moves.iter() {
            match self.reply_length(show.battle, mv, rem) {
                None => refutations.push(self.text(mv, show.notation)),
                Some(0) if inner_goals => {}
                Some(length) => {
                    let shown = match &threat_moves {
                        None => true,
                        Some((k, threats)) => {
                            length >= *k && self.parries(show.battle, mv, *k, threats)
                        }
                    };
                    if shown {
                        defences.push(self.defence_tree(show, mv, length));
                    }
                }
            }
        }
        Below {
            threat,
            defences,
            refutations,
        }
    }

    /// Defender to move (self play): it has a move and every move reaches the goal.
    pub fn forced_to_goal(&mut self) -> bool {
        let moves = self.moves();
        !moves.is_empty()
            && moves.iter().all(|&mv| {
                self.play(mv);
                let goal = self.at_goal();
                self.undo();
                goal
            })
    }

    /// Defender to move: after `mv`, no move with some threat's squares wins in `k`.
    fn parries(&mut self, battle: Battle, mv: P::Move, k: u32, threats: &[P::Move]) -> bool {
        let squares: Vec<String> = threats.iter().map(|t| t.to_string()).collect();
        self.play(mv);
        let moves = self.moves();
        let parried = squares
            .iter()
            .any(|t| match moves.iter().find(|m| same_squares(**m, t)) {
                None => true,
                Some(&same) => !self.attack_move_wins(battle, same, k),
            });
        self.undo();
        parried
    }

    /// Defender to move: `mv` with the attacker's continuations that win in `length`
    /// (none when `length` is 0: `mv` reached the goal itself).
    pub fn defence_tree(&mut self, show: Show, mv: P::Move, length: u32) -> Defence {
        let text = self.text(mv, show.notation);
        self.play(mv);
        let mut continuations = Vec::new();
        if length > 0 {
            let moves = self.moves();
            for &reply in moves.iter() {
                if self.attack_move_wins(show.battle, reply, length) {
                    continuations.push(self.attack_tree(show, reply, length));
                }
            }
        }
        self.undo();
        Defence {
            mv: text,
            continuations,
        }
    }
}

/// Popeye compares a threat with a later move by what the move does to the board, not
/// by how it is written: the from and to squares and the promotion, which are exactly
/// what the move's UCI text holds (a capture or an en passant capture is not told).
fn same_squares<M: MoveCode>(mv: M, uci: &str) -> bool {
    mv.to_string() == uci
}
