//! The position type of chess and the Einstein family, and its `Position` impl written
//! once for both: what a variant does differently it says through [`OrthodoxRules`].

use super::generation::{self, Arrival, Frame, MoveCounter, MoveSink};
use super::moves::Move;
use crate::board::Board;
use crate::error::{FenError, MoveError};
use crate::fen::FenFields;
use crate::game::{Game, GameState};
use crate::position::{MoveBuffer, Position};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::zobrist;
use std::fmt::Debug;
use std::marker::PhantomData;

/// The start position of chess, which the Einstein family shares.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What sets one orthodox variant apart: its en passant state, its pawn moves, what a
/// move does to the mover, and what its FEN allows. Implemented by zero-sized types, so
/// each variant's position is monomorphised and the rules cost nothing.
pub trait OrthodoxRules: Copy + Debug + Default + Send + Sync + 'static {
    /// What the game state keeps of en passant.
    type EnPassant: Copy + Default + Debug + Send + Sync;
    /// What `play` saves besides the game state, so `undo` restores the board exactly;
    /// the default is a null move's.
    type Undo: Copy + Default + Debug + Send + Sync;
    type MoveList: MoveBuffer<Move> + MoveSink;
    /// True when a UCI move string may end in a promotion letter.
    const PROMOTIONS: bool;

    /// Checks a FEN's board and fields beyond what every variant checks, and reads its
    /// en passant field.
    fn read_fen(
        fields: &FenFields<'_>,
        board: &Board,
        castling: u8,
    ) -> Result<Self::EnPassant, FenError>;
    /// The FEN's en passant field (`None`: `-`).
    fn en_passant_fen(game: &GameState<Self::EnPassant>) -> Option<String>;
    /// The en passant part of the Zobrist key.
    fn en_passant_key(board: &Board, game: &GameState<Self::EnPassant>) -> u64;

    /// The side to move's pawn moves, once the other pieces' are generated.
    fn pawn_moves<S: MoveSink>(pos: &OrthodoxPosition<Self>, sink: &mut S, frame: &Frame);
    /// `gives_check`'s view of `mv`: what arrives where, what leaves.
    fn arrival(pos: &OrthodoxPosition<Self>, mv: Move) -> Arrival;
    /// `Position::play`.
    fn play(pos: &mut OrthodoxPosition<Self>, mv: Move);
    /// `Position::undo` once the game state is popped: puts back the board `undo` saved
    /// (nothing for a null move).
    fn undo(pos: &mut OrthodoxPosition<Self>, undo: Self::Undo);
}

/// A position of chess (`Chess`) or of an Einstein variant (`EinsteinPosition`).
#[derive(Clone, Debug)]
pub struct OrthodoxPosition<R: OrthodoxRules> {
    pub(crate) board: Board,
    pub(crate) game: Game<R::EnPassant, R::Undo>,
    rules: PhantomData<R>,
}

impl<R: OrthodoxRules> OrthodoxPosition<R> {
    /// Generates every legal move into `sink`: a move list, or a counter that only adds
    /// up popcounts (perft's last ply).
    #[inline]
    fn generate<S: MoveSink>(&self, sink: &mut S) {
        generation::generate(&self.board, &self.game, sink, |sink, frame| {
            R::pawn_moves(self, sink, frame)
        });
    }

    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        self.game.hash ^= zobrist::piece(piece.index(), sq.index());
    }
}

impl<R: OrthodoxRules> Position for OrthodoxPosition<R> {
    const FAST_GIVES_CHECK: bool = true;
    type Move = Move;
    type MoveList = R::MoveList;
    type Board = Board;

    const START_FEN: &'static str = START_FEN;

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let fields = FenFields::split(fen)?;
        let board = Board::from_fen_placement(&fields)?;
        let castling = fields.castling_rights()?;
        let en_passant = R::read_fen(&fields, &board, castling)?;
        let game = GameState::new(&fields, castling, en_passant)
            .with_key_and_checkers(&board, R::en_passant_key);
        Ok(OrthodoxPosition {
            board,
            game: Game::new(game),
            rules: PhantomData,
        })
    }

    fn to_fen(&self) -> String {
        let en_passant = R::en_passant_fen(&self.game);
        self.game
            .fen(&self.board.fen_placement(), en_passant.as_deref())
    }

    #[inline]
    fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    fn game(&self) -> &Game<impl Copy + Default, impl Copy> {
        &self.game
    }

    #[inline]
    fn legal_moves(&self, moves: &mut R::MoveList) {
        moves.clear();
        self.generate(moves);
    }

    #[inline]
    fn count_legal(&self) -> usize {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        R::play(self, mv);
    }

    fn undo(&mut self) {
        let undo = self.game.pop();
        R::undo(self, undo);
    }

    fn play_null(&mut self) {
        self.game
            .play_null(R::Undo::default(), &self.board, R::en_passant_key);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_uci_move(self, text, R::PROMOTIONS)
    }

    fn gives_check(&self, mv: Move) -> bool {
        generation::gives_check(&self.board, self.game.side, &R::arrival(self, mv))
    }

    fn retain_checks(&self, moves: &mut R::MoveList) {
        generation::retain_checks(&self.board, self.game.side, moves, |mv| {
            R::arrival(self, mv)
        });
    }
}

/// The cheap part of "`play` gets a legal move", checked in debug builds (tests): the
/// mover belongs to the side to move, and a captured piece is an enemy piece, never a king.
#[inline]
pub(crate) fn debug_assert_legal_shape<M: std::fmt::Display>(
    mv: M,
    us: Color,
    piece: Piece,
    captured: Option<Piece>,
) {
    debug_assert_eq!(piece.color, us, "{mv} moves the opponent's {piece:?}");
    debug_assert!(
        captured.is_none_or(|c| c.color != us && c.kind != PieceKind::King),
        "{mv} captures {captured:?}"
    );
}

/// Parses a UCI move string against the legal moves; a promotion suffix is well formed
/// only when the variant has promotions (`promotions`).
pub fn parse_uci_move<P: Position>(
    pos: &P,
    text: &str,
    promotions: bool,
) -> Result<P::Move, MoveError> {
    let b = text.as_bytes();
    let well_formed = (b.len() == 4 || (promotions && b.len() == 5))
        && text.is_char_boundary(2)
        && text.is_char_boundary(4)
        && Square::parse(&text[0..2]).is_some()
        && Square::parse(&text[2..4]).is_some()
        && (b.len() == 4 || matches!(b[4], b'q' | b'r' | b'b' | b'n'));
    if !well_formed {
        return Err(MoveError::Malformed(text.to_string()));
    }
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .find(|m| m.to_string() == text)
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}
