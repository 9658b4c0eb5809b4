//! Augsburg chess (docs/rules.md, "Augsburg"): same-colour pieces fuse into compound units
//! and split again; kings stay apart.
//!
//! - `unit`: the multiset of components a unit holds (16 bits).
//! - `board`: square contents plus bitboards per colour and per component kind.
//! - `moves`: the 32-bit move and its notation.
//! - `generation`: legal move generation.
//! - `play`: make and unmake, with a state stack.
//! - `fen`: FEN reading, writing and validation.

mod board;
mod fen;
mod generation;
mod moves;
mod play;
mod unit;

use play::Changes;

#[cfg(test)]
mod tests;

pub use board::{Cell, UnitBoard};
pub use moves::{CAPACITY, Move, MoveList, MoveText};
pub use unit::{COMPONENTS, Unit};

use crate::error::{FenError, MoveError};
use crate::fen::FenFields;
use crate::game::{Game, GameState, en_passant_square_key};
use crate::position::Position;
use crate::types::Square;

pub const START_FEN: &str = crate::chess::START_FEN;

#[derive(Clone, Debug)]
pub struct Augsburg {
    board: UnitBoard,
    game: Game<Option<Square>, Changes>,
}

impl Augsburg {
    /// The key computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        self.game.key_from(&self.board, en_passant_square_key)
    }

    /// The victim's square when `mv` captures (en passant included), else `None`.
    pub fn victim_square(&self, mv: Move) -> Option<Square> {
        let us = self.game.side;
        let target = self.board.cell(mv.to());
        if target.color() == Some(us.flip()) {
            return Some(mv.to());
        }
        let mover = self.board.cell(mv.from());
        if !mover.is_king() && self.is_en_passant(mv.from(), mv.to(), mv.part()) {
            return mv.to().shift(-us.forward());
        }
        None
    }
}

impl Position for Augsburg {
    type Move = Move;
    type MoveList = MoveList;
    type Board = UnitBoard;

    const START_FEN: &'static str = START_FEN;

    fn from_fen(text: &str) -> Result<Augsburg, FenError> {
        let fields = FenFields::split(text)?;
        let board = fen::read_placement(&fields)?;
        let castling = fields.castling_rights()?;
        let en_passant = fields.en_passant_square()?;
        fen::validate(&board, fields.side, castling)?;
        if let Some(ep) = en_passant {
            fen::validate_en_passant(&board, fields.side, ep)?;
        }
        let game = GameState::new(&fields, castling, en_passant)
            .with_key_and_checkers(&board, en_passant_square_key);
        Ok(Augsburg {
            board,
            game: Game::new(game),
        })
    }

    fn to_fen(&self) -> String {
        let en_passant = self.game.en_passant.map(|s| s.to_string());
        self.game
            .fen(&fen::write_placement(&self.board), en_passant.as_deref())
    }

    #[inline]
    fn board(&self) -> &UnitBoard {
        &self.board
    }

    #[inline]
    fn game(&self) -> &Game<impl Copy + Default, impl Copy> {
        &self.game
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        self.generate(moves);
    }

    fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    fn undo(&mut self) {
        self.unmake();
    }

    fn play_null(&mut self) {
        self.make_null();
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = MoveText::parse(text).ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        let illegal = |why: String| MoveError::Illegal(format!("{text}: {why}"));
        let cell = self.board.cell(t.from);
        if cell.color() != Some(self.game.side) {
            return Err(illegal(format!(
                "no unit or king of the side to move on {}",
                t.from
            )));
        }
        if let (Some(part), false) = (t.part, cell.is_king()) {
            let unit = cell.components();
            if !unit.contains(part) {
                return Err(illegal(format!(
                    "the unit on {} is {} and does not hold ({})",
                    t.from,
                    unit.fen_label(self.game.side),
                    part.letters()
                )));
            }
            if part == unit {
                return Err(illegal(
                    "the parentheses list the whole unit; write the move without them".into(),
                ));
            }
        }
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        let same_part = |m: &Move| {
            m.from() == t.from
                && m.to() == t.to
                && match t.part {
                    None => m.is_whole(),
                    Some(p) => !m.is_whole() && m.part() == p,
                }
        };
        if let Some(&m) = moves
            .iter()
            .find(|m| same_part(m) && m.promotion() == t.promotion)
        {
            return Ok(m);
        }
        let why = match moves.iter().find(|m| same_part(m)) {
            Some(m) if m.promotion().is_some() => "a promotion needs its letter (q, r, b, n)",
            Some(_) => "this move does not promote",
            None if cell.is_king() && t.part.is_some() => {
                "castling needs a part of the corner unit holding a rook (no parentheses for \
                 the whole corner unit)"
            }
            None => "not a legal move in this position",
        };
        Err(illegal(why.to_string()))
    }
}
