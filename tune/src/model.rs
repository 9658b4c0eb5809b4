//! Texel's model: the chance that White wins, `sigmoid(eval) = 1 / (1 + 10^(-K eval / 400))`,
//! is compared with the target (the game's result, or a blend of it with the search's
//! score) by the mean squared error. The loss is a smooth function of the weights and,
//! because the evaluation is a sum of weight times feature, its gradient is exact.

use crate::data::Dataset;
use rayon::prelude::*;

/// The win chance of a White-view score `eval` at scaling constant `k`.
#[inline]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval * std::f64::consts::LN_10 / 400.0).exp())
}

/// What the model is fitted to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// Share of the search score's win chance in the target (0: the result alone).
    pub lambda: f64,
}

impl Target {
    #[inline]
    fn of(self, data: &Dataset, i: usize, k: f64) -> f64 {
        let result = data.results[i];
        if self.lambda == 0.0 {
            result
        } else {
            (1.0 - self.lambda) * result + self.lambda * sigmoid(k, data.scores[i])
        }
    }
}

/// The mean squared error of the model with weights `w` on `data`.
pub fn loss(data: &Dataset, w: &[f64], k: f64, target: Target) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..data.len())
        .into_par_iter()
        .map(|i| {
            let e = sigmoid(k, data.evaluate(i, w)) - target.of(data, i, k);
            e * e
        })
        .sum();
    sum / data.len() as f64
}

/// The gradient of [`loss`] with respect to every weight.
pub fn gradient(data: &Dataset, w: &[f64], k: f64, target: Target) -> Vec<f64> {
    let n = w.len();
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let mut grad = (0..data.len())
        .into_par_iter()
        .fold(
            || vec![0.0; n],
            |mut g, i| {
                let s = sigmoid(k, data.evaluate(i, w));
                let factor = 2.0 * (s - target.of(data, i, k)) * s * (1.0 - s) * scale;
                for &(j, c) in data.features(i).1 {
                    g[j as usize] += factor * c as f64;
                }
                g
            },
        )
        .reduce(
            || vec![0.0; n],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let count = data.len().max(1) as f64;
    grad.iter_mut().for_each(|g| *g /= count);
    grad
}

/// The scaling constant that best fits the evaluation `w` gives to the results: a
/// golden-section search of the (unimodal) loss over log K.
pub fn fit_k(data: &Dataset, w: &[f64], target: Target) -> f64 {
    let evals: Vec<f64> = (0..data.len())
        .into_par_iter()
        .map(|i| data.evaluate(i, w))
        .collect();
    let loss_at = |log_k: f64| {
        let k = log_k.exp();
        let sum: f64 = evals
            .par_iter()
            .enumerate()
            .map(|(i, &e)| {
                let d = sigmoid(k, e) - target.of(data, i, k);
                d * d
            })
            .sum();
        sum / data.len().max(1) as f64
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = ((0.01f64).ln(), (20f64).ln());
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (loss_at(a), loss_at(b));
    while hi - lo > 1e-6 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - ratio * (hi - lo);
            fa = loss_at(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + ratio * (hi - lo);
            fb = loss_at(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Adam (Kingma and Ba) over the weights that may change.
#[derive(Clone, Debug)]
pub struct Adam {
    pub rate: f64,
    beta1: f64,
    beta2: f64,
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    pub fn new(size: usize, rate: f64) -> Adam {
        Adam {
            rate,
            beta1: 0.9,
            beta2: 0.999,
            m: vec![0.0; size],
            v: vec![0.0; size],
            t: 0,
        }
    }

    /// One step on `w` along `grad`, leaving the weights where `tunable` is false.
    pub fn step(&mut self, w: &mut [f64], grad: &[f64], tunable: &[bool]) {
        self.t += 1;
        let c1 = 1.0 - self.beta1.powi(self.t);
        let c2 = 1.0 - self.beta2.powi(self.t);
        for j in 0..w.len() {
            if !tunable[j] {
                continue;
            }
            self.m[j] = self.beta1 * self.m[j] + (1.0 - self.beta1) * grad[j];
            self.v[j] = self.beta2 * self.v[j] + (1.0 - self.beta2) * grad[j] * grad[j];
            w[j] -= self.rate * (self.m[j] / c1) / ((self.v[j] / c2).sqrt() + 1e-12);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_linear::Trace;

    /// Positions with two features whose results follow the weights `truth` exactly
    /// (the result is the model's win chance, as a fractional result).
    fn synthetic(truth: &[f64], k: f64) -> Dataset {
        let mut data = Dataset::default();
        for i in 0..400 {
            let a = (i % 7) as f32 - 3.0;
            let b = (i % 5) as f32 - 2.0;
            let trace = Trace {
                constant: 10.0,
                terms: vec![(0, a), (1, b)],
            };
            let eval = trace.score(truth);
            data.push(&trace, eval, sigmoid(k, eval));
        }
        data
    }

    const RESULT: Target = Target { lambda: 0.0 };

    #[test]
    fn gradient_matches_finite_differences() {
        let data = synthetic(&[100.0, -40.0], 1.2);
        let w = [60.0, 10.0];
        let g = gradient(&data, &w, 1.2, RESULT);
        for j in 0..2 {
            let (mut up, mut down) = (w, w);
            up[j] += 1e-3;
            down[j] -= 1e-3;
            let numeric = (loss(&data, &up, 1.2, RESULT) - loss(&data, &down, 1.2, RESULT)) / 2e-3;
            assert!((g[j] - numeric).abs() < 1e-9, "{j}: {} vs {numeric}", g[j]);
        }
    }

    #[test]
    fn k_is_recovered_from_results_that_follow_it() {
        let truth = [100.0, -40.0];
        let data = synthetic(&truth, 1.7);
        let k = fit_k(&data, &truth, RESULT);
        assert!((k - 1.7).abs() < 1e-3, "{k}");
    }

    #[test]
    fn adam_recovers_the_weights_and_keeps_the_held_ones() {
        let truth = [100.0, -40.0];
        let data = synthetic(&truth, 1.0);
        let mut w = vec![20.0, 30.0];
        let mut adam = Adam::new(2, 2.0);
        for _ in 0..3000 {
            let g = gradient(&data, &w, 1.0, RESULT);
            adam.step(&mut w, &g, &[true, true]);
        }
        assert!(
            (w[0] - 100.0).abs() < 1.0 && (w[1] + 40.0).abs() < 1.0,
            "{w:?}"
        );
        let mut held = vec![20.0, 30.0];
        let g = gradient(&data, &held, 1.0, RESULT);
        Adam::new(2, 2.0).step(&mut held, &g, &[false, true]);
        assert_eq!(held[0], 20.0);
        assert_ne!(held[1], 30.0);
    }

    #[test]
    fn the_score_blend_moves_the_target() {
        let truth = [100.0, -40.0];
        let mut data = synthetic(&truth, 1.0);
        // Results all lost; scores say otherwise: lambda 1 follows the scores alone.
        data.results.iter_mut().for_each(|r| *r = 0.0);
        assert!(loss(&data, &truth, 1.0, Target { lambda: 1.0 }) < 1e-20);
        assert!(loss(&data, &truth, 1.0, RESULT) > 0.01);
    }
}
