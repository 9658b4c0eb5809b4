//! Weaker play for `Skill Level` and `UCI_Elo`: Stockfish's method (MultiPV over the
//! best root moves, then a random choice weighted by the score gap) with a node budget.
//! A level below [`FULL_LEVEL`] searches at most [`Skill::node_budget`] nodes (its first
//! iteration always completes, so every candidate has a score), as MultiPV over its
//! [`Skill::candidates`] best root moves (Stockfish's 4, up to 16 at the weakest
//! levels), and then plays the candidate maximising
//!
//! ```text
//! score + T * g
//! ```
//!
//! where `g` is Gumbel noise, drawn per candidate, and `T` the level's temperature
//! ([`Skill::temperature`], 80 cp at level 0 falling to 0 at level 20). That picks each
//! candidate with probability proportional to `exp(score / T)` (a softmax): a move a
//! pawn worse than the best is played `e^(-100/T)` times as often. At level 0 a one-ply
//! search over 16 moves with `T` = 80 cp drops a piece now and then, at level 15 the
//! noise is a few centipawns. A mate's gap is far beyond any noise.

use crate::rng::Rng;

/// The level that is the full engine (no budget, no random choice).
pub const FULL_LEVEL: f64 = 20.0;

/// How many of the best root moves a limited search ranks at least (Stockfish's number),
/// and how many more the weakest level adds.
pub const CANDIDATES: usize = 4;
const EXTRA_CANDIDATES: f64 = 12.0;

/// Node budget of level 0, and how many doublings of it each level adds.
const BASE_NODES: f64 = 64.0;
const DOUBLINGS_PER_LEVEL: f64 = 0.6;

/// The temperature of level 0, in centipawns: a piece (300 cp) worse than the best is
/// played e^-3.75 (2.4%) as often as the best.
const MAX_TEMPERATURE: f64 = 80.0;

/// A playing strength below the full engine: a level in `[0, FULL_LEVEL)`, fractional
/// when it comes from `UCI_Elo`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    level: f64,
}

impl Skill {
    /// The skill of `level`, or `None` for the full engine (`level >= FULL_LEVEL`).
    /// Levels below 0 are level 0.
    pub fn new(level: f64) -> Option<Skill> {
        (level < FULL_LEVEL).then_some(Skill {
            level: level.max(0.0),
        })
    }

    pub fn level(&self) -> f64 {
        self.level
    }

    /// The most nodes a search at this level may spend after its first iteration:
    /// 64 at level 0, doubling every 1/0.6 levels (about 170,000 at level 19).
    pub fn node_budget(&self) -> u64 {
        (BASE_NODES * (self.level * DOUBLINGS_PER_LEVEL).exp2()).round() as u64
    }

    /// How far the level is from the full engine, 1 at level 0 to 0 at level 20,
    /// squared: the upper levels differ mostly by their budget, the lower ones by their
    /// mistakes.
    fn weakness(&self) -> f64 {
        let left = 1.0 - self.level / FULL_LEVEL;
        left * left
    }

    /// How many of the best root moves the search ranks and the choice is made from:
    /// more at the weak levels, so that they see (and play) moves that lose material.
    pub fn candidates(&self) -> usize {
        CANDIDATES + (EXTRA_CANDIDATES * self.weakness()).round() as usize
    }

    /// The noise's scale in centipawns: 80 at level 0, 20 at 10, 0.2 at 19.
    pub fn temperature(&self) -> f64 {
        MAX_TEMPERATURE * self.weakness()
    }

    /// The index of the candidate to play among `scores` (centipawns, best first, as the
    /// MultiPV lines come), drawing one number per candidate from `rng`.
    pub fn pick(&self, scores: &[i32], rng: &mut Rng) -> usize {
        let t = self.temperature();
        let mut best = (0, f64::NEG_INFINITY);
        for (i, &s) in scores.iter().enumerate() {
            // Uniform in (0, 1), never 0 or 1, then Gumbel.
            let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
            let gumbel = -(-u.ln()).ln();
            let value = f64::from(s) + t * gumbel;
            if value > best.1 {
                best = (i, value);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_twenty_and_above_is_the_full_engine() {
        assert_eq!(Skill::new(20.0), None);
        assert_eq!(Skill::new(25.0), None);
        assert_eq!(Skill::new(-3.0).map(|s| s.level()), Some(0.0));
    }

    #[test]
    fn the_budget_grows_and_the_weakness_falls_with_the_level() {
        let skills: Vec<Skill> = (0..20).filter_map(|l| Skill::new(l as f64)).collect();
        assert_eq!(skills[0].node_budget(), 64);
        assert_eq!(skills[0].temperature(), 80.0);
        for pair in skills.windows(2) {
            assert!(pair[1].node_budget() > pair[0].node_budget());
            assert!(pair[1].temperature() < pair[0].temperature());
        }
        assert!(skills[19].temperature() < 0.5);
        assert_eq!(skills[0].candidates(), 16);
        assert_eq!(skills[19].candidates(), CANDIDATES);
        assert!(
            skills
                .windows(2)
                .all(|p| p[1].candidates() <= p[0].candidates())
        );
    }

    #[test]
    fn a_strong_level_plays_the_best_move_and_a_weak_one_varies() {
        let scores = [30, 10, -20, -250];
        let mut rng = Rng::new(7);
        let strong = Skill::new(19.0).unwrap();
        assert!((0..200).all(|_| strong.pick(&scores, &mut rng) == 0));
        let weak = Skill::new(0.0).unwrap();
        let picks: std::collections::HashSet<usize> =
            (0..200).map(|_| weak.pick(&scores, &mut rng)).collect();
        assert!(picks.len() >= 3, "level 0 picked only {picks:?}");
    }

    #[test]
    fn level_zero_plays_a_piece_down_now_and_then_but_not_often() {
        // Ten moves about equal and ten that lose a piece.
        let scores: Vec<i32> = (0..20)
            .map(|i| if i < 10 { -i } else { -300 - i })
            .collect();
        let mut rng = Rng::new(11);
        let weak = Skill::new(0.0).unwrap();
        let blunders = (0..2000)
            .filter(|_| weak.pick(&scores, &mut rng) >= 10)
            .count();
        // Softmax: 10 e^-3.75 / (9.5 + 10 e^-3.75) is about 2.4%.
        assert!((20..=100).contains(&blunders), "{blunders} of 2000");
    }

    #[test]
    fn a_mate_is_never_given_up_for_noise() {
        let scores = [31_990, 40, 30, 20];
        let mut rng = Rng::new(3);
        let weak = Skill::new(0.0).unwrap();
        assert!((0..200).all(|_| weak.pick(&scores, &mut rng) == 0));
    }

    #[test]
    fn one_candidate_is_played() {
        let mut rng = Rng::new(1);
        assert_eq!(Skill::new(0.0).unwrap().pick(&[-5], &mut rng), 0);
        assert_eq!(Skill::new(0.0).unwrap().pick(&[], &mut rng), 0);
    }
}
