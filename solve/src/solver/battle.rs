//! Direct and self play: does the attacker force the goal within n moves?
//!
//! Lengths count the attacker's moves. In direct play the attacker's own move reaches the
//! goal; in self play the defender's move does (against the attacker). Results go to the
//! table, so the trees of `tree` and the repeated shallower searches cost little.

use super::searcher::Searcher;
use super::table::Kind;
use feerie_movegen::Position;

/// Who must reach the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Battle {
    /// `#n`: the attacker reaches it.
    Direct,
    /// `s#n`: the attacker forces the defender to reach it.
    SelfPlay,
}

impl<P: Position> Searcher<'_, P> {
    /// Attacker to move: it forces the goal within `n` of its moves.
    pub fn attack(&mut self, battle: Battle, n: u32) -> bool {
        if n == 0 || self.stopped() {
            return false;
        }
        let key = self.key(Kind::Attack, n);
        if let Some(known) = self.probe(key) {
            return known;
        }
        // Shortest first: a short win is found without the full-length tree.
        let mut wins = n > 1 && self.attack(battle, n - 1);
        if !wins {
            // A mate in one is a move that reaches the goal: only those are tried.
            let mut moves = if n == 1 && battle == Battle::Direct {
                self.goal_moves()
            } else {
                let mut moves = self.moves();
                self.checks_first(&mut moves);
                moves
            };
            self.killer_first(0, n, &mut moves);
            if let Some(&mv) = moves
                .iter()
                .find(|&&mv| self.attack_move_wins(battle, mv, n))
            {
                self.set_killer(0, n, mv);
                wins = true;
            }
        }
        self.store(key, wins);
        wins
    }

    /// Attacker to move: `mv` forces the goal within `n` attacker moves (itself included).
    pub fn attack_move_wins(&mut self, battle: Battle, mv: P::Move, n: u32) -> bool {
        self.play(mv);
        let wins = match battle {
            Battle::Direct => self.at_goal() || (n > 1 && self.defence_loses(battle, n - 1)),
            Battle::SelfPlay => self.defence_loses(battle, n - 1),
        };
        self.undo();
        wins
    }

    /// Defender to move, `n` attacker moves left after its reply: every reply loses. A
    /// defender without a move (and not at the goal, which the caller tested) escapes.
    pub fn defence_loses(&mut self, battle: Battle, n: u32) -> bool {
        if self.stopped() {
            return false;
        }
        let key = self.key(Kind::Defence, n);
        if let Some(known) = self.probe(key) {
            return known;
        }
        let mut moves = self.moves();
        self.killer_first(1, n, &mut moves);
        let refutation = moves
            .iter()
            .copied()
            .find(|&mv| !self.reply_loses(battle, mv, n));
        if let Some(mv) = refutation {
            self.set_killer(1, n, mv);
        }
        let loses = !moves.is_empty() && refutation.is_none();
        self.store(key, loses);
        loses
    }

    /// Defender to move: after `mv` the attacker wins within `n` moves (or, in self play,
    /// `mv` itself reaches the goal).
    pub fn reply_loses(&mut self, battle: Battle, mv: P::Move, n: u32) -> bool {
        self.play(mv);
        let loses = match battle {
            Battle::Direct => self.attack(battle, n),
            Battle::SelfPlay => self.at_goal() || self.attack(battle, n),
        };
        self.undo();
        loses
    }

    /// Attacker to move: the fewest moves (1..=max) in which it forces the goal.
    pub fn attack_length(&mut self, battle: Battle, max: u32) -> Option<u32> {
        (1..=max).find(|&k| self.attack(battle, k))
    }

    /// Defender to move: how long the attacker needs after `mv` (at most `max`): `Some(0)`
    /// when `mv` itself reaches the goal (self play), `None` when `mv` escapes.
    pub fn reply_length(&mut self, battle: Battle, mv: P::Move, max: u32) -> Option<u32> {
        self.play(mv);
        let length = if battle == Battle::SelfPlay && self.at_goal() {
            Some(0)
        } else {
            self.attack_length(battle, max)
        };
        self.undo();
        length
    }
}
