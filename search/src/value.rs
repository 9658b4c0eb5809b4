//! Internal score scale: centipawns, with mate scores near `MATE` that encode the
//! distance to mate in plies, and their conversions for the TT and for UCI.

use crate::Score;

/// Deepest ply the search reaches (stack sizes, mate encoding).
pub const MAX_PLY: usize = 128;
/// Score of being mated right now is `-MATE`; mate in `p` plies is `MATE - p`.
pub const MATE: i32 = 32_000;
/// Scores beyond this magnitude are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Larger than any score: the initial window.
pub const INFINITY: i32 = MATE + 1;
pub const DRAW: i32 = 0;

/// Clamps a static evaluation so it can never be mistaken for a mate score.
#[inline]
pub fn clamp_eval(v: i32) -> i32 {
    v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// Mate scores count plies from the root; the TT stores them counted from the node,
/// so an entry means the same thing wherever in the tree it is found again.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    // A mate found at `ply` is at least `ply` plies from the root: counted from the
    // node it stays a mate score within the bounds.
    debug_assert!(
        score.abs() < MATE_BOUND || score.abs() <= MATE - ply as i32,
        "mate score {score} closer to the root than ply {ply}"
    );
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`to_tt`] for a node at `ply`.
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// UCI form: mate distance in moves (rounded up for the winner), else centipawns.
pub fn to_uci(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_tt() {
        for ply in [0usize, 1, 7, 40] {
            for s in [MATE - 3 - ply as i32, -MATE + 4 + ply as i32, 120, -55, 0] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        // A mate found 5 plies below a node at ply 3 is stored as "mate in 5 from here"
        // and read back at ply 7 as mate at root distance 12.
        let stored = to_tt(MATE - 8, 3);
        assert_eq!(stored, MATE - 5);
        assert_eq!(from_tt(stored, 7), MATE - 12);
    }

    #[test]
    fn uci_mate_distance() {
        assert_eq!(to_uci(MATE - 1), Score::Mate(1));
        assert_eq!(to_uci(MATE - 3), Score::Mate(2));
        assert_eq!(to_uci(MATE - 5), Score::Mate(3));
        assert_eq!(to_uci(-MATE + 2), Score::Mate(-1));
        assert_eq!(to_uci(-MATE + 4), Score::Mate(-2));
        assert_eq!(to_uci(37), Score::Cp(37));
    }
}
