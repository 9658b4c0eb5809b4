//! Augsburg chess (docs/rules.md, "Augsburg"): same-colour pieces fuse into compound units
//! and split again; kings stay apart.
//!
//! - `unit`: the multiset of components a unit holds (16 bits).
//! - `board`: square contents plus bitboards per colour and per component kind.
//! - `moves`: the 32-bit move and its notation.
//! - `gen`: legal move generation.
//! - `play`: make and unmake, with a state stack.
//! - `fen`: FEN reading, writing and validation.

mod board;
mod fen;
mod gen;
mod moves;
mod play;
mod unit;

use play::State;

#[cfg(test)]
mod tests;

pub use board::{Cell, UnitBoard};
pub use moves::{Move, MoveList, MoveText, CAPACITY};
pub use unit::{Unit, COMPONENTS};

use crate::bitboard::Bitboard;
use crate::board::picture;
use crate::chess::count_repetitions;
use crate::error::{FenError, MoveError};
use crate::fen::{CastlingRights, FenFields};
use crate::position::Position;
use crate::types::{Color, Square};
use crate::zobrist;

pub const START_FEN: &str = crate::chess::START_FEN;

#[derive(Clone, Debug)]
pub struct Augsburg {
    board: UnitBoard,
    side: Color,
    castling: u8,
    en_passant: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    checkers: Bitboard,
    history: Vec<State>,
}

impl Augsburg {
    pub fn board(&self) -> &UnitBoard {
        &self.board
    }

    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// En passant key contribution: only when a unit could capture, so positions that
    /// differ only by a useless en passant square repeat.
    fn ep_hash(&self) -> u64 {
        match self.en_passant {
            Some(ep) if self.ep_capturable() => zobrist::en_passant(ep.index()),
            _ => 0,
        }
    }

    /// The key computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = self.board.placement_hash() ^ zobrist::castling(self.castling) ^ self.ep_hash();
        if self.side == Color::Black {
            h ^= zobrist::SIDE;
        }
        h
    }

    /// The victim's square when `mv` captures (en passant included), else `None`.
    pub fn victim_square(&self, mv: Move) -> Option<Square> {
        let us = self.side;
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

    fn startpos() -> Augsburg {
        Augsburg::from_fen(START_FEN).expect("start position")
    }

    fn from_fen(text: &str) -> Result<Augsburg, FenError> {
        let fields = FenFields::split(text)?;
        let board = fen::read_placement(&fields)?;
        let castling = fields.castling_rights()?;
        let en_passant = fields.en_passant_square()?;
        fen::validate(&board, fields.side, castling)?;
        if let Some(ep) = en_passant {
            fen::validate_en_passant(&board, fields.side, ep)?;
        }
        let mut pos = Augsburg {
            board,
            side: fields.side,
            castling,
            en_passant,
            halfmove: fields.halfmove,
            fullmove: fields.fullmove,
            hash: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::new(),
        };
        pos.checkers = pos.compute_checkers();
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            fen::write_placement(&self.board),
            self.side.fen_char(),
            CastlingRights::to_fen(self.castling),
            self.en_passant.map_or("-".to_string(), |s| s.to_string()),
            self.halfmove,
            self.fullmove
        )
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
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

    #[inline]
    fn in_check(&self) -> bool {
        self.checkers.any()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn repetitions(&self) -> usize {
        count_repetitions(
            self.hash,
            self.halfmove,
            self.history.iter().map(|s| s.hash),
        )
    }

    fn bare_kings(&self) -> bool {
        self.board.occupied() == self.board.kings()
    }

    fn board_picture(&self) -> String {
        picture(|sq| self.board.cell(sq).label(false))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = MoveText::parse(text).ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        let illegal = |why: String| MoveError::Illegal(format!("{text}: {why}"));
        let cell = self.board.cell(t.from);
        if cell.color() != Some(self.side) {
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
                    unit.fen_label(self.side),
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
