//! Every number of every evaluator, one module per evaluator, so a tuner can rewrite
//! them in one place. Each module holds a `Weights` struct with its values as
//! `Weights::DEFAULT`; each evaluator is built from one (`XEval::new(weights)`, or
//! `XEval::default()` for the defaults) and shows it back (`XEval::weights`).

pub mod augsburg;
pub mod chess;
pub mod dynamo;
pub mod einstein;
