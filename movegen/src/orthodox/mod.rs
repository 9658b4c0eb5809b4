//! Chess and the Einstein family: pieces that move and give check orthodoxly, on the
//! orthodox `Board`, with one move encoding.
//!
//! - `moves`: the 16-bit [`Move`].
//! - `generation`: legal move generation with pin and check masks (king steps, knights, sliders,
//!   castling), and `gives_check` without playing the move; each variant adds its pawns.
//! - `position`: [`OrthodoxPosition`], the position type of both, generic over the
//!   [`OrthodoxRules`] that tell them apart, and its `Position` impl.

mod generation;
mod moves;
mod position;

pub(crate) use generation::{Arrival, Frame, MoveSink};
pub use moves::Move;
pub(crate) use position::debug_assert_legal_shape;
pub use position::{OrthodoxPosition, OrthodoxRules, START_FEN, parse_uci_move};
