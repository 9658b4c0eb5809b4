//! Win, draw and loss chances from a score (`UCI_ShowWDL`), as Stockfish gives them: the
//! chance to win is a logistic function of the score, whose centre `a` and width `b` move
//! with the material left on the board (a pawn is worth more in an ending), and the
//! chance to lose is the same function of the negated score. Each variant's parameters are
//! fitted to the outcomes of Feerie's self-play (`feerie datagen`, then
//! `tools/fit_wdl.py`): see docs/wdl.md.

/// The fitted parameters of one variant: `a = a0 + a1 * m`, `b = b0 + b1 * m`, where `m` is
/// the [`material`] left, from 0 (bare kings) to 1 (the start position's 30 men).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    pub a: [f64; 2],
    pub b: [f64; 2],
}

/// Men other than kings in a FEN's placement, each component of an Augsburg unit
/// counted, as a fraction of the start position's 30 (capped at 1): the model's second
/// input, the same measure the fit uses.
pub fn material(fen: &str) -> f64 {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let men = placement
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && !matches!(c, 'k' | 'K'))
        .count();
    (men as f64 / 30.0).min(1.0)
}

impl WdlModel {
    /// Chances in per mille (win, draw, loss; summing to 1000) for `cp`, a score in
    /// centipawns from the side to move's view, with `material` left.
    pub fn per_mille(&self, cp: i32, material: f64) -> [u32; 3] {
        let m = material.clamp(0.0, 1.0);
        let a = self.a[0] + self.a[1] * m;
        let b = (self.b[0] + self.b[1] * m).max(1.0);
        let chance = |s: f64| 1.0 / (1.0 + ((a - s) / b).exp());
        let win = (1000.0 * chance(f64::from(cp))).round() as u32;
        let loss = (1000.0 * chance(-f64::from(cp))).round() as u32;
        let (win, loss) = (win.min(1000), loss.min(1000 - win.min(1000)));
        [win, 1000 - win - loss, loss]
    }

    /// Chances for a mate in `n` (positive: the side to move mates).
    pub fn mate(n: i32) -> [u32; 3] {
        if n > 0 { [1000, 0, 0] } else { [0, 0, 1000] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: WdlModel = WdlModel {
        a: [120.0, 200.0],
        b: [50.0, 60.0],
    };

    #[test]
    fn chances_sum_to_1000_grow_with_the_score_and_mirror() {
        let mut last_win = 0;
        for cp in (-2000..=2000).step_by(25) {
            let [w, d, l] = MODEL.per_mille(cp, 0.6);
            assert_eq!(w + d + l, 1000, "{cp}");
            assert!(w >= last_win, "{cp}");
            last_win = w;
            assert_eq!(MODEL.per_mille(-cp, 0.6), [l, d, w], "{cp}");
        }
        let level = MODEL.per_mille(0, 1.0);
        assert!(level[1] > 850, "{level:?}");
        assert!(MODEL.per_mille(2000, 0.5)[0] > 990);
    }

    #[test]
    fn a_pawn_weighs_more_with_less_material() {
        assert!(MODEL.per_mille(150, 0.1)[0] > MODEL.per_mille(150, 1.0)[0]);
    }

    #[test]
    fn material_counts_men_and_unit_components() {
        assert_eq!(
            material("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            1.0
        );
        assert_eq!(material("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 0.0);
        assert_eq!(
            material("(rbn)3k3/8/8/8/8/8/8/4K2(RN) b - - 0 1"),
            5.0 / 30.0
        );
    }

    #[test]
    fn mates_are_certain() {
        assert_eq!(WdlModel::mate(3), [1000, 0, 0]);
        assert_eq!(WdlModel::mate(-1), [0, 0, 1000]);
    }
}
