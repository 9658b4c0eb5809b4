//! Correction history: how far the static evaluation has been from the search's score
//! in positions with the same pawns, learnt as the search goes. The evaluation misjudges
//! some pawn structures the same way every time; the search adds the average error back
//! before it prunes on the evaluation.

use crate::params::{
    CORRECTION_ENTRIES as ENTRIES, CORRECTION_MAX as MAX_CORRECTION,
    CORRECTION_MAX_WEIGHT as MAX_WEIGHT, CORRECTION_WEIGHT_SCALE as WEIGHT_SCALE,
};
use crate::value::MATE_BOUND;

/// Fixed-point units per centipawn in an entry.
const GRAIN: i32 = 256;

/// Average evaluation errors by side to move and pawn key.
#[derive(Debug)]
pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![0; 2 * ENTRIES],
        }
    }
}

impl CorrectionHistory {
    /// The table slot of a position's correction key (which already holds the side to
    /// move, see `SearchPolicy::correction_key`).
    #[inline]
    fn slot(key: u64) -> usize {
        (key % (2 * ENTRIES) as u64) as usize
    }

    /// The correction in centipawns to add to the static evaluation.
    #[inline]
    pub fn get(&self, key: u64) -> i32 {
        self.table[Self::slot(key)] / GRAIN
    }

    /// Learns from a search of `depth` that scored `score` where the corrected static
    /// evaluation said `eval`. Mate scores teach nothing about the evaluation.
    pub fn update(&mut self, key: u64, depth: i32, eval: i32, score: i32) {
        if score.abs() >= MATE_BOUND {
            return;
        }
        let weight = (depth + 1).min(MAX_WEIGHT);
        let error = (score - eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let v = &mut self.table[Self::slot(key)];
        *v = (*v * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
        *v = (*v).clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN);
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|v| *v = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_move_towards_the_search_score() {
        let mut c = CorrectionHistory::default();
        assert_eq!(c.get(7), 0);
        for _ in 0..200 {
            c.update(7, 20, 0, 50);
        }
        assert_eq!(c.get(7), 49);
        // Another key is untouched; large errors are capped; mates teach nothing.
        assert_eq!(c.get(8), 0);
        for _ in 0..400 {
            c.update(8, 20, 0, -5000);
        }
        assert_eq!(c.get(8), -(MAX_CORRECTION - 1));
        c.update(9, 20, 0, MATE_BOUND);
        assert_eq!(c.get(9), 0);
        c.clear();
        assert_eq!(c.get(7), 0);
    }
}
