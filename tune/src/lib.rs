//! `feerie tune`: fits an evaluator's weights to self-play results by Texel's method.
//!
//! The data (`feerie datagen` lines) is traced once with the evaluator's features
//! ([`feerie_linear::Linear`]); a part of it (every tenth block of positions) is
//! held out for validation. The scaling constant K of the logistic is fitted first, with
//! the starting weights, then Adam descends the mean squared error over all tunable
//! weights at once. The weights kept are those of the epoch with the lowest validation
//! loss, so a long run cannot overfit the training part unseen.

pub mod data;
pub mod model;
pub mod net;
pub mod packed;

use data::Dataset;
use feerie_linear::{Linear, WeightInfo};
use feerie_movegen::Position;
use model::{Adam, Target, fit_k, gradient, loss};
use std::sync::atomic::{AtomicBool, Ordering};

/// How to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Full passes of Adam over the training positions.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Share of the search score in the target (0: the game results alone).
    pub lambda: f64,
    /// Every `holdout`-th block of [`BLOCK`] positions is held out for validation.
    pub holdout: usize,
    /// Weights whose names start with one of these stay as they are (e.g. `pst_`: fit
    /// the other terms around the piece-square tables), besides those the evaluator
    /// holds itself.
    pub hold: Vec<String>,
    /// Pull of each tunable weight towards its starting value: the descent adds
    /// `prior × Σ((w − start) / 100)²` to the loss (the printed losses leave it out).
    /// A weight seen in few positions then stays near its start, where one seen in
    /// many moves as far as its data say; 0: no pull.
    pub prior: f64,
    /// The scaling constant K, when given rather than fitted. Fitting K to a target
    /// made mostly of scores (`lambda` near 1) is circular: a K near 0 makes every
    /// chance 1/2 and the loss vanish. Teacher scores on the evaluation's own scale
    /// want the K the results gave.
    pub k: Option<f64>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            epochs: 1000,
            rate: 1.0,
            lambda: 0.0,
            holdout: 10,
            hold: Vec::new(),
            prior: 0.0,
            k: None,
        }
    }
}

/// Positions per held-out block: about a game's worth, so positions of one game rarely
/// land on both sides.
pub const BLOCK: usize = 64;

/// The loss on the training and validation parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Losses {
    pub train: f64,
    pub validation: f64,
}

/// What a run found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The scaling constant: fitted to the starting weights, or the one given.
    pub k: f64,
    pub before: Losses,
    /// With the kept weights, rounded to integers as the evaluator holds them.
    pub after: Losses,
    /// The epoch whose weights were kept (0: the starting weights were best).
    pub best_epoch: usize,
    /// The epochs run: [`Settings::epochs`], or fewer when stopped.
    pub epochs_run: usize,
    /// The kept weights, rounded.
    pub weights: Vec<f64>,
    pub train_positions: usize,
    pub validation_positions: usize,
}

/// Why [`tune`] would not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneError {
    /// Too few positions to hold out a validation part.
    TooLittleData { positions: usize, needed: usize },
    /// A prefix of [`Settings::hold`] that no weight's name starts with (a typo would
    /// otherwise tune everything).
    UnknownHold(String),
}

impl std::fmt::Display for TuneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TuneError::TooLittleData { positions, needed } => write!(
                f,
                "too little data: {positions} positions \
                 (at least {needed} are needed for a validation part)"
            ),
            TuneError::UnknownHold(prefix) => {
                write!(f, "--hold {prefix}: no weight's name starts with it")
            }
        }
    }
}

impl std::error::Error for TuneError {}

/// Tunes `start`'s weights on `data` (traced with `start`). `progress` gets each epoch's
/// number and losses. Setting `stop` ends the run after the epoch under way, with the
/// best weights so far.
pub fn tune<P: Position, E: Linear<P>>(
    start: &E,
    data: &Dataset,
    settings: &Settings,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, Losses),
) -> Result<Outcome, TuneError> {
    let (train, valid) = data.split(settings.holdout.max(2), BLOCK);
    if train.is_empty() || valid.is_empty() {
        return Err(TuneError::TooLittleData {
            positions: data.len(),
            needed: BLOCK * settings.holdout.max(2),
        });
    }
    let target = Target {
        lambda: settings.lambda,
    };
    let tunable = tunable_weights(&E::weight_info(), &settings.hold)?;
    let mut w = start.to_vector();
    let origin = w.clone();
    let k = settings.k.unwrap_or_else(|| fit_k(&train, &w, target));
    let losses = |w: &[f64]| Losses {
        train: loss(&train, w, k, target),
        validation: loss(&valid, w, k, target),
    };
    let before = losses(&w);
    let (mut best, mut best_epoch) = (before, 0);
    let mut kept = w.clone();
    let mut adam = Adam::new(w.len(), settings.rate);
    let mut epochs_run = 0;
    for epoch in 1..=settings.epochs {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let mut g = gradient(&train, &w, k, target);
        add_prior(&mut g, &w, &origin, settings.prior);
        adam.step(&mut w, &g, &tunable);
        // Every epoch is a candidate: on little data the validation loss can bottom
        // out within a few epochs. Each is judged as it would be written, with its
        // weights rounded: rounding can cost more than an epoch gains, and then the
        // starting weights must stay.
        let written = E::from_vector(&w).to_vector();
        let now = losses(&written);
        if now.validation < best.validation {
            (best, best_epoch, kept) = (now, epoch, written);
        }
        progress(epoch, now);
        epochs_run = epoch;
    }
    Ok(Outcome {
        k,
        before,
        after: best,
        best_epoch,
        epochs_run,
        weights: kept,
        train_positions: train.len(),
        validation_positions: valid.len(),
    })
}

/// Adds the gradient of the pull towards the starting weights ([`Settings::prior`]).
fn add_prior(grad: &mut [f64], w: &[f64], origin: &[f64], prior: f64) {
    for ((g, x), x0) in grad.iter_mut().zip(w).zip(origin) {
        *g += 2.0 * prior * (x - x0) / 10_000.0;
    }
}

/// Which weights Adam may move: those the evaluator lets it, less those whose names
/// start with a prefix of `hold`. A prefix that names no weight is an error (a typo
/// would otherwise tune everything).
fn tunable_weights(info: &[WeightInfo], hold: &[String]) -> Result<Vec<bool>, TuneError> {
    if let Some(p) = hold
        .iter()
        .find(|p| !info.iter().any(|w| w.name.starts_with(p.as_str())))
    {
        return Err(TuneError::UnknownHold(p.clone()));
    }
    Ok(info
        .iter()
        .map(|w| w.tunable && !hold.iter().any(|p| w.name.starts_with(p.as_str())))
        .collect())
}

/// The weights that moved most, as `name: old -> new`, largest change first.
pub fn largest_changes(
    start: &[f64],
    end: &[f64],
    info: &[WeightInfo],
    count: usize,
) -> Vec<String> {
    let mut moved: Vec<(f64, String)> = start
        .iter()
        .zip(end)
        .zip(info)
        .filter(|((a, b), _)| a != b)
        .map(|((a, b), i)| ((b - a).abs(), format!("{}: {a} -> {b}", i.name)))
        .collect();
    moved.sort_by(|x, y| y.0.total_cmp(&x.0));
    moved.into_iter().take(count).map(|(_, s)| s).collect()
}

/// The Rust file `linear/` compiles in: a comment saying how it was made, then the weights
/// as `pub const NAME: Weights`.
pub fn source_file<P: Position, E: Linear<P>>(eval: &E, name: &str, made_by: &[String]) -> String {
    let mut text = String::from("// Generated by `feerie tune`; do not edit by hand.\n");
    for line in made_by {
        text.push_str(&format!("// {line}\n"));
    }
    text.push_str(&eval.rust_source(name));
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_linear::ChessEval;
    use feerie_linear::Trace;
    use feerie_movegen::Chess;
    use model::sigmoid;

    /// A stop flag never set.
    static GO_ON: AtomicBool = AtomicBool::new(false);

    /// Chess's playing weights, their names, and the first two tunable ones.
    fn chess_start() -> (ChessEval, Vec<f64>, Vec<WeightInfo>, usize, usize) {
        let start = ChessEval::default();
        let w = <ChessEval as Linear<Chess>>::to_vector(&start);
        let info = <ChessEval as Linear<Chess>>::weight_info();
        let mut tunable = (0..info.len()).filter(|&j| info[j].tunable);
        let (a, b) = (tunable.next().unwrap(), tunable.next().unwrap());
        (start, w, info, a, b)
    }

    /// Two tunable weights; the training part's results want the second one 60 higher,
    /// the validation part's only 20, so the validation loss first falls as Adam fits
    /// the training part, then rises.
    fn data_whose_validation_bottoms_out_early(start: &[f64], a: usize, b: usize) -> Dataset {
        let mut data = Dataset::default();
        for i in 0..10 * BLOCK * 4 {
            let held_out = (i / BLOCK) % 10 == 9;
            let (x, y) = ((i % 7) as f32 * 4.0 - 12.0, (i % 5) as f32 - 2.0);
            let shift = if held_out { 20.0 } else { 60.0 };
            let eval = x as f64 * start[a] + y as f64 * (start[b] + shift);
            let trace = Trace {
                constant: 0.0,
                terms: vec![(a as u32, x), (b as u32, y)],
            };
            data.push(&trace, eval, sigmoid(1.0, eval));
        }
        data
    }

    #[test]
    fn the_kept_weights_are_those_of_the_best_validation_epoch() {
        let (start, w, _, a, b) = chess_start();
        let data = data_whose_validation_bottoms_out_early(&w, a, b);
        let settings = Settings {
            epochs: 120,
            ..Settings::default()
        };
        let mut seen = Vec::new();
        let outcome = tune::<Chess, ChessEval>(&start, &data, &settings, &GO_ON, |epoch, l| {
            seen.push((epoch, l.validation))
        })
        .unwrap();
        assert_eq!(seen.len(), settings.epochs, "one report per epoch");
        let (lowest_epoch, lowest) = seen
            .iter()
            .copied()
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .unwrap();
        assert!(lowest < outcome.before.validation);
        assert!(
            lowest_epoch > 0 && lowest_epoch < settings.epochs,
            "{seen:?}"
        );
        assert_eq!(outcome.best_epoch, lowest_epoch);
        assert_eq!(outcome.after.validation, lowest, "judged as written");
        let weights = <ChessEval as Linear<Chess>>::from_vector(&outcome.weights);
        let written = Linear::<Chess>::to_vector(&weights);
        assert_eq!(outcome.weights, written, "whole numbers, as written out");
    }

    #[test]
    fn a_stopped_run_ends_after_the_epoch_under_way_with_the_best_so_far() {
        let (start, w, _, a, b) = chess_start();
        let data = data_whose_validation_bottoms_out_early(&w, a, b);
        let settings = Settings {
            epochs: 120,
            ..Settings::default()
        };
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        let outcome = tune::<Chess, ChessEval>(&start, &data, &settings, &stop, |epoch, l| {
            seen.push(l.validation);
            stop.store(epoch == 3, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!((outcome.epochs_run, seen.len()), (3, 3));
        let lowest = seen
            .iter()
            .copied()
            .fold(outcome.before.validation, f64::min);
        assert_eq!(outcome.after.validation, lowest);
        let stopped = tune::<Chess, ChessEval>(&start, &data, &settings, &stop, |_, _| {});
        let stopped = stopped.unwrap();
        assert_eq!((stopped.epochs_run, stopped.best_epoch), (0, 0));
        assert_eq!(stopped.weights, w, "no epoch: the starting weights");
    }

    #[test]
    fn held_weights_do_not_move_and_unknown_names_are_refused() {
        let (start, w, info, a, b) = chess_start();
        let data = data_whose_validation_bottoms_out_early(&w, a, b);
        let free = Settings {
            epochs: 20,
            ..Settings::default()
        };
        let moved = tune::<Chess, ChessEval>(&start, &data, &free, &GO_ON, |_, _| {}).unwrap();
        assert_ne!(moved.weights[b], w[b], "the data wants weight b to move");
        let held = Settings {
            hold: vec![info[b].name.clone()],
            ..free.clone()
        };
        let kept = tune::<Chess, ChessEval>(&start, &data, &held, &GO_ON, |_, _| {}).unwrap();
        assert_eq!(kept.weights[b], w[b]);
        let typo = Settings {
            hold: vec!["no_such_weight".into()],
            ..free
        };
        let err = tune::<Chess, ChessEval>(&start, &data, &typo, &GO_ON, |_, _| {}).unwrap_err();
        assert_eq!(err, TuneError::UnknownHold("no_such_weight".into()));
        assert!(err.to_string().contains("no_such_weight"), "{err}");
    }

    /// Positions of two weights, every one of them (held out or not) with the score
    /// weight b 40 higher gives, and `result` of that score.
    fn data_wanting_b_40_higher(
        start: &[f64],
        a: usize,
        b: usize,
        result: impl Fn(f64) -> f64,
    ) -> Dataset {
        let mut data = Dataset::default();
        for i in 0..10 * BLOCK * 4 {
            let (x, y) = ((i % 7) as f32 * 4.0 - 12.0, (i % 5) as f32 - 2.0);
            let score = x as f64 * start[a] + y as f64 * (start[b] + 40.0);
            let trace = Trace {
                constant: 0.0,
                terms: vec![(a as u32, x), (b as u32, y)],
            };
            data.push(&trace, score, result(score));
        }
        data
    }

    #[test]
    fn the_prior_keeps_weights_nearer_their_start() {
        let (start, w, info, a, b) = chess_start();
        let data = data_wanting_b_40_higher(&w, a, b, |score| sigmoid(1.0, score));
        let moved_by = |prior| {
            let settings = Settings {
                epochs: 100,
                hold: vec![info[a].name.clone()],
                prior,
                ..Settings::default()
            };
            let out =
                tune::<Chess, ChessEval>(&start, &data, &settings, &GO_ON, |_, _| {}).unwrap();
            out.weights[b] - w[b]
        };
        let (free, pulled) = (moved_by(0.0), moved_by(10.0));
        assert!(free > 30.0, "free {free}");
        assert!(
            pulled > 0.0 && pulled < free / 2.0,
            "free {free}, pulled {pulled}"
        );
    }

    /// With the target all scores, a fitted K collapses towards 0 (every chance 1/2
    /// matches every other); a given K is used as it is, and the fit then follows
    /// the scores.
    #[test]
    fn a_given_k_is_used_rather_than_fitted() {
        let (start, w, info, a, b) = chess_start();
        // The results (all losses) say nothing the target uses.
        let data = data_wanting_b_40_higher(&w, a, b, |_| 0.0);
        let settings = |k| Settings {
            epochs: 100,
            lambda: 1.0,
            hold: vec![info[a].name.clone()],
            k,
            ..Settings::default()
        };
        let fitted =
            tune::<Chess, ChessEval>(&start, &data, &settings(None), &GO_ON, |_, _| {}).unwrap();
        assert!(fitted.k < 0.05, "fitted K {}", fitted.k);
        let given =
            tune::<Chess, ChessEval>(&start, &data, &settings(Some(1.0)), &GO_ON, |_, _| {})
                .unwrap();
        assert_eq!(given.k, 1.0);
        let moved = given.weights[b] - w[b];
        assert!(moved > 30.0, "moved {moved}");
    }
}
