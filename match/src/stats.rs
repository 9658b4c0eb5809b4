//! Match statistics: Elo difference with a 95% interval and the sequential probability
//! ratio test (SPRT).
//!
//! Formulas (logistic Elo model, trinomial game results):
//! - score `s = (W + D/2) / N`, per-game variance
//!   `var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N`;
//! - Elo of a score: `elo(s) = -400 log10(1/s - 1)`; the 95% interval maps
//!   `s ± 1.96 sqrt(var / N)` through `elo` (the usual normal approximation, as in
//!   cutechess-cli and fastchess);
//! - SPRT log-likelihood ratio by the generalised SPRT's normal approximation
//!   (M. Van den Bergh, "A practical introduction to the GSPRT"):
//!   `LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var)`, with `s0`, `s1` the expected scores
//!   of `elo0`, `elo1`; bounds `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.

/// Wins, losses and draws of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_985;

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Mean score per game, or `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// Variance of one game's score around the mean.
    fn variance(&self) -> Option<f64> {
        let s = self.score()?;
        let n = self.games() as f64;
        Some(
            (self.wins as f64 * (1.0 - s).powi(2)
                + self.draws as f64 * (0.5 - s).powi(2)
                + self.losses as f64 * s.powi(2))
                / n,
        )
    }

    /// Elo difference and the half-width of its 95% interval (infinite when every
    /// game was won or lost).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let s = self.score()?;
        let stderr = (self.variance()? / self.games() as f64).sqrt();
        let lo = elo_of_score((s - Z95 * stderr).max(0.0));
        let hi = elo_of_score((s + Z95 * stderr).min(1.0));
        Some((elo_of_score(s), (hi - lo) / 2.0))
    }
}

/// Logistic Elo difference of an expected score.
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (s / (1.0 - s)).log10()
    }
}

/// Expected score of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// SPRT parameters: H0 elo <= elo0 against H1 elo >= elo1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// The verdict of an SPRT so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    AcceptH0,
    AcceptH1,
    Continue,
}

impl Sprt {
    /// (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of H1 against H0 for the results so far (0 while the
    /// variance is still zero: no information).
    pub fn llr(&self, t: &Tally) -> f64 {
        let (Some(s), Some(var)) = (t.score(), t.variance()) else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_of_elo(self.elo0);
        let s1 = score_of_elo(self.elo1);
        t.games() as f64 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    pub fn verdict(&self, t: &Tally) -> Verdict {
        let llr = self.llr(t);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_of_score(0.5), 0.0, 1e-12));
        assert_eq!(format!("{:.1}", elo_of_score(0.5)), "0.0", "no minus sign");
        // 10^(-x/400) = 1/0.75 - 1 = 1/3  =>  x = 400 log10(3) = 190.848...
        assert!(close(elo_of_score(0.75), 190.848_501_9, 1e-6));
        assert!(close(score_of_elo(190.848_501_9), 0.75, 1e-9));
        assert!(elo_of_score(1.0).is_infinite());
    }

    /// Worked example, by hand: W=60 L=40 D=100 (N=200). s = 110/200 = 0.55.
    /// var = (60*0.45^2 + 100*0.05^2 + 40*0.55^2)/200 = (12.15 + 0.25 + 12.1)/200 = 0.1225.
    /// stderr = sqrt(0.1225/200) = 0.024748737. s ± 1.96 stderr = 0.501494 .. 0.598506.
    /// elo(0.55) = 34.86; elo(0.501493) = 1.038; elo(0.598507) = 69.356 => ±34.159.
    #[test]
    fn elo_interval_worked_example() {
        let t = Tally {
            wins: 60,
            losses: 40,
            draws: 100,
        };
        let (elo, margin) = t.elo().unwrap();
        assert!(close(elo, 34.860_7, 1e-3), "{elo}");
        assert!(close(margin, 34.159, 0.001), "{margin}");
    }

    /// Worked example: elo0 = 0, elo1 = 5, alpha = beta = 0.05, same tally as above.
    /// s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.507195...; LLR = 200 * 0.007195 *
    /// (1.1 - 1.007195) / (2 * 0.1225) = 0.54509...; bounds ±ln(19) = ±2.944439.
    #[test]
    fn sprt_worked_example() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let t = Tally {
            wins: 60,
            losses: 40,
            draws: 100,
        };
        let s1 = score_of_elo(5.0);
        assert!(close(s1, 0.507_195_3, 1e-6));
        let expected = 200.0 * (s1 - 0.5) * (1.1 - 0.5 - s1) / (2.0 * 0.1225);
        assert!(close(sprt.llr(&t), expected, 1e-9));
        assert!(close(sprt.llr(&t), 0.5451, 1e-3));
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        assert_eq!(sprt.verdict(&t), Verdict::Continue);
        let winning = Tally {
            wins: 600,
            losses: 400,
            draws: 1000,
        };
        assert_eq!(sprt.verdict(&winning), Verdict::AcceptH1);
        let losing = Tally {
            wins: 400,
            losses: 600,
            draws: 1000,
        };
        assert_eq!(sprt.verdict(&losing), Verdict::AcceptH0);
    }

    #[test]
    fn no_games_no_numbers() {
        let t = Tally::default();
        assert!(t.elo().is_none());
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(sprt.llr(&t), 0.0);
    }
}
