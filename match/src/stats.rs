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
//!   of `elo0`, `elo1`; bounds `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`;
//! - while every game has had the same result the variance is zero and the formula has
//!   no value, so the LLR is that of the tally with half a win and half a loss added (a
//!   prior that keeps a streak from deciding at once: 20 straight wins accept H1 at
//!   `[0, 5]`, 10 do not; about 170 straight draws accept H0).

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
        Some(variance_of(
            self.wins as f64,
            self.draws as f64,
            self.losses as f64,
            s,
        ))
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

/// Variance of one game's score around the mean `s`, from (possibly fractional) counts.
fn variance_of(wins: f64, draws: f64, losses: f64, s: f64) -> f64 {
    let n = wins + draws + losses;
    (wins * (1.0 - s).powi(2) + draws * (0.5 - s).powi(2) + losses * s.powi(2)) / n
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

    /// Log-likelihood ratio of H1 against H0 for the results so far (0 before the
    /// first game). While every game has had the same result, half a win and half a
    /// loss are added, since the variance would be zero (see the module doc).
    pub fn llr(&self, t: &Tally) -> f64 {
        let (Some(s), Some(var)) = (t.score(), t.variance()) else {
            return 0.0;
        };
        let (n, s, var) = if var > 0.0 {
            (t.games() as f64, s, var)
        } else {
            let (w, d, l) = (t.wins as f64 + 0.5, t.draws as f64, t.losses as f64 + 0.5);
            let n = w + d + l;
            let s = (w + d / 2.0) / n;
            (n, s, variance_of(w, d, l, s))
        };
        let s0 = score_of_elo(self.elo0);
        let s1 = score_of_elo(self.elo1);
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
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

    /// A streak of one result still reaches a verdict, though not from a few games.
    /// 20 wins: w = 20.5, l = 0.5, s = 20.5/21, var = (20.5 (0.5/21)^2 + 0.5 s^2)/21
    /// = 0.023243; LLR = 21 * 0.007195 * (2s - 1.007195) / (2 var) = 3.072 > 2.944.
    #[test]
    fn streaks_reach_a_verdict() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let streak = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
        };
        assert!(close(sprt.llr(&streak(20, 0, 0)), 3.072, 1e-3));
        assert_eq!(sprt.verdict(&streak(20, 0, 0)), Verdict::AcceptH1);
        assert_eq!(sprt.verdict(&streak(10, 0, 0)), Verdict::Continue);
        assert!(sprt.llr(&streak(1, 0, 0)) > 0.0);
        assert!(sprt.llr(&streak(0, 0, 1)) < 0.0);
        assert_eq!(sprt.verdict(&streak(0, 0, 20)), Verdict::AcceptH0);
        // Draws alone are evidence against a gain of 5 Elo, slowly.
        assert_eq!(sprt.verdict(&streak(0, 100, 0)), Verdict::Continue);
        assert_eq!(sprt.verdict(&streak(0, 200, 0)), Verdict::AcceptH0);
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
