//! Feerie's rules: boards, attack tables, move generation, FEN and move notation for
//! every variant, behind one `Position` trait.

pub mod attacks;
pub mod augsburg;
pub mod bitboard;
pub mod board;
pub mod chess;
pub mod consistency;
pub mod dynamo;
pub mod einstein;
pub mod error;
pub mod fen;
pub mod fen_checks;
pub mod game;
pub mod geometry;
pub mod orthodox;
pub mod perft;
pub mod position;
pub mod readable;
pub mod san;
pub mod types;
pub mod zobrist;

pub use augsburg::Augsburg;
pub use bitboard::Bitboard;
pub use board::Placement;
pub use chess::Chess;
pub use dynamo::Dynamo;
pub use einstein::{AntiEinstein, Einstein, EinsteinPosition, ReverseEinstein};
pub use error::{FenError, MoveError};
pub use game::{Game, GameState};
pub use perft::{MAX_PERFT_DEPTH, PerftCase, perft, perft_divide, perft_divide_until, perft_total};
pub use position::{MoveBuffer, MoveCode, Outcome, Position};
pub use readable::Readable;
pub use types::{Color, Piece, PieceKind, Square};
