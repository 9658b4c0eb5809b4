//! `feerie solve`: an exhaustive solver of chess problems in every variant Feerie plays.
//!
//! The flow: [`input`] reads Popeye's input language into [`problem::Problem`]s (one per
//! twin), [`solver`] solves one position for one [`stipulation::Stipulation`] over any
//! variant's rules, giving a variant-independent [`solution::Solution`], and [`output`]
//! writes it in Popeye's layout or as JSON. `feerie solve` (engine/src/cli/solve.rs) ties
//! them together; [`page`] answers the solver tab of `feerie gui` the same way.

mod fen_board;
pub mod input;
pub mod notation;
pub mod output;
pub mod page;
pub mod problem;
pub mod solution;
pub mod solver;
pub mod stipulation;

pub use problem::{Problem, SolveOptions};
pub use solution::Solution;
pub use stipulation::{Goal, Play, Stipulation, StipulationError};
