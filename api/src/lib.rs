//! The page's questions on the rules, answered from Feerie's move generator: the
//! variants, a position with its legal moves, PGN in and out (`docs/gui-api.md`). Plain
//! functions, so that `feerie gui` serves them over HTTP and the WebAssembly module
//! (`web/`) answers them inside the page, alike to the byte.
//!
//! Each question is a typed function ([`position`], [`pgn::export`], ...) and, in
//! [`text`], the same with JSON text in and out, errors included.

mod board;
pub mod game;
mod parts;
pub mod pgn;
mod position;
mod tags;
pub mod text;
pub mod tree;
mod variants;

pub use position::{PositionRequest, PositionView, position};
pub use variants::{Variants, variants};
