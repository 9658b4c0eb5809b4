//! Benchmarks live in benches/; this library holds what they and the examples share.
//!
//! - [`eval_match`]: self-play matches between two evaluators at a fixed node budget.

pub mod eval_match;
