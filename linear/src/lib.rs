//! The hand-written evaluations, which no variant plays any more (each plays its
//! network, `feerie_eval::NnueEval`), kept for `feerie tune`, which fits their weights:
//! [`ChessEval`], [`DynamoEval`], [`AugsburgEval`] and [`EinsteinEval`], their numbers in
//! [`weights`] (one module per evaluator, the tuned ones in `weights/tuned/`).
//!
//! Each is written as a sum of weight times feature, so `feerie tune` can fit the
//! weights with an exact gradient (Texel's method). An evaluator that implements
//! [`Linear`] lists its tunable weights as one flat vector and, for any position, the
//! coefficient of each weight in its score:
//! `score(pos) ≈ trace.constant + Σ coefficient × weight`, from White's point of view,
//! before the integer rounding of the real evaluation. Terms that are not linear in any
//! weight (a cap, a square of a sum) are computed with the current weights and go into
//! `constant`; the weights inside them are held (listed with `tunable = false`).
//! [`traced`] gives an evaluation written once both its score and its trace.

pub mod augsburg;
pub mod chess;
pub mod dynamo;
pub mod einstein;
mod fields;
mod source;
pub mod traced;
pub mod weights;

pub use augsburg::AugsburgEval;
pub use chess::ChessEval;
pub use dynamo::DynamoEval;
pub use einstein::EinsteinEval;
pub use fields::{Field, Shape, WeightFields, field_offset, from_vector, to_vector, weight_info};
pub use source::{parse_rust_source, rust_array, rust_source};

use feerie_eval::Evaluator;
use feerie_movegen::Position;

/// The features of one position: a constant part and sparse (weight index, coefficient)
/// pairs. An index may appear more than once; its coefficients add up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    pub constant: f64,
    pub terms: Vec<(u32, f32)>,
}

impl Trace {
    /// Adds `coefficient` times weight `index`.
    #[inline]
    pub fn add(&mut self, index: usize, coefficient: f32) {
        if coefficient != 0.0 {
            self.terms.push((index as u32, coefficient));
        }
    }

    /// The score this trace gives with the weights `w`.
    pub fn score(&self, w: &[f64]) -> f64 {
        self.constant
            + self
                .terms
                .iter()
                .map(|&(i, c)| c as f64 * w[i as usize])
                .sum::<f64>()
    }
}

/// One entry of the flat weight vector.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightInfo {
    /// The Rust path of the weight in its `Weights` struct, e.g. `material[2]` or
    /// `pst_mg[3][17]`.
    pub name: String,
    /// Whether the tuner may change it (held weights keep their value).
    pub tunable: bool,
}

/// An evaluator whose score is linear in its (tunable) weights.
pub trait Linear<P: Position>: Evaluator<P> {
    /// Every weight, in the order of [`Linear::to_vector`].
    fn weight_info() -> Vec<WeightInfo>;

    /// The evaluator's weights as one flat vector.
    fn to_vector(&self) -> Vec<f64>;

    /// An evaluator with the weights `v` (rounded to integers), in the order of
    /// [`Linear::to_vector`].
    fn from_vector(v: &[f64]) -> Self;

    /// The features of `pos` with this evaluator's weights, from White's point of view.
    fn trace(&self, pos: &P) -> Trace;

    /// Rust source of a `pub const NAME: Weights = Weights { ... };` item holding this
    /// evaluator's weights, ready to be compiled in by `linear/`.
    fn rust_source(&self, name: &str) -> String;
}

/// The evaluation of `pos` from White's point of view.
pub fn white_score<P: Position, E: Evaluator<P>>(eval: &E, pos: &P) -> i32 {
    let s = eval.evaluate(pos);
    if pos.side_to_move() == feerie_movegen::Color::White {
        s
    } else {
        -s
    }
}

/// +1 when White is to move in `pos`, else -1: the coefficient of a side-to-move bonus.
pub fn white_sign<P: Position>(pos: &P) -> f32 {
    if pos.side_to_move() == feerie_movegen::Color::White {
        1.0
    } else {
        -1.0
    }
}

/// Test helper: panics unless `trace` reproduces the evaluation of every position in
/// `fens` within `tolerance` centipawns (the rounding of integer divisions), and unless
/// the vector round trip keeps the weights.
pub fn check_linear<P: Position, E: Linear<P>>(eval: &E, fens: &[&str], tolerance: f64) {
    let w = eval.to_vector();
    assert_eq!(
        w.len(),
        E::weight_info().len(),
        "weight_info and to_vector differ"
    );
    assert_eq!(
        E::from_vector(&w).to_vector(),
        w,
        "from_vector(to_vector) changes weights"
    );
    for fen in fens {
        let pos = P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        let traced = eval.trace(&pos).score(&w);
        let real = white_score(eval, &pos) as f64;
        assert!(
            (traced - real).abs() <= tolerance,
            "{fen}: trace gives {traced}, evaluate {real}"
        );
    }
}

/// Where an evaluation adds `count` times the weight at flat index `index` (whose value
/// is `weight`): the search sums the score into an `i32`, a trace records coefficients
/// in a [`Recorder`], from the same evaluation code.
pub trait Sink {
    fn term(&mut self, index: usize, weight: i32, count: i32);
}

impl Sink for i32 {
    #[inline(always)]
    fn term(&mut self, _index: usize, weight: i32, count: i32) {
        *self += weight * count;
    }
}

/// A [`Sink`] that negates every term: the other side's features in a score from one
/// side's point of view.
#[derive(Debug)]
pub struct Negated<'a, S: Sink>(pub &'a mut S);

impl<S: Sink> Sink for Negated<'_, S> {
    #[inline(always)]
    fn term(&mut self, index: usize, weight: i32, count: i32) {
        self.0.term(index, weight, -count);
    }
}

/// A [`Sink`] that keeps every term: the integer coefficient of each weight and the
/// score they add up to with the current weights.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recorder {
    pub value: i32,
    terms: Vec<(usize, i32)>,
}

impl Sink for Recorder {
    fn term(&mut self, index: usize, weight: i32, count: i32) {
        self.value += weight * count;
        self.terms.push((index, count));
    }
}

impl Recorder {
    /// Adds the recorded coefficients, each times `scale`, to `trace`, one entry per
    /// weight (repeats summed, zeros dropped: a trace per position stays small).
    pub fn add_to(mut self, trace: &mut Trace, scale: f64) {
        self.terms.sort_unstable_by_key(|&(i, _)| i);
        let mut rest = &self.terms[..];
        while let Some(&(index, _)) = rest.first() {
            let run = rest.iter().take_while(|&&(i, _)| i == index).count();
            let count: i32 = rest[..run].iter().map(|&(_, c)| c).sum();
            trace.add(index, (count as f64 * scale) as f32);
            rest = &rest[run..];
        }
    }
}
