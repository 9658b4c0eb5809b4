//! Dynamo: `Rc6-f6 (Ne6-g6)`, the active piece's displacement first and the piece it
//! pushes or pulls in parentheses; `Qd1-E` for an exit, `O-O` for castling.
//!
//! A move is its effect (docs/rules.md, "Dynamo: one move per effect"), so the text
//! names displacements, not who moved whom. The piece written first is one of the side
//! to move whose displacement its own kind could make (a rook along a line, a pawn
//! forward); a displacement no such piece could make is written in parentheses alone,
//! `(Ne6-g6)`: the piece was pushed or pulled by one that stayed.

use super::{Readable, becomes, letter};
use crate::board::Board;
use crate::dynamo::{Displacement, Dynamo, Move};
use crate::position::Position;
use crate::types::{Color, Piece, PieceKind, Square};

impl Readable for Dynamo {
    fn readable_body(&self, mv: Move) -> String {
        let board = self.board();
        if let Some(castle) = castling(board, mv) {
            return castle.to_string();
        }
        let us = self.side_to_move();
        let piece = |d: Displacement| board.piece_at(d.from()).expect("a piece moves");
        let parts: Vec<Displacement> = mv.parts().collect();
        let active = parts
            .iter()
            .position(|&d| piece(d).color == us && could_move(piece(d), d));
        let mut texts = Vec::with_capacity(2);
        if let Some(i) = active {
            texts.push(displacement_text(piece(parts[i]).kind, parts[i]));
        }
        for (i, &d) in parts.iter().enumerate() {
            if Some(i) != active {
                texts.push(format!("({})", displacement_text(piece(d).kind, d)));
            }
        }
        texts.join(" ")
    }
}

/// `Nb1-c3`, `e7-e8=Q`, `Qd1-E`.
fn displacement_text(kind: PieceKind, d: Displacement) -> String {
    let to = d.to().map_or("E".to_string(), |t| t.to_string());
    let promotion = d.promotion().map(becomes).unwrap_or_default();
    format!("{}{}-{to}{promotion}", letter(kind), d.from())
}

/// `O-O` or `O-O-O` when `mv` is castling: the king two files over and the rook from its
/// corner, the only way these two displacements happen together.
fn castling(board: &Board, mv: Move) -> Option<&'static str> {
    let text = match mv.to_string().as_str() {
        "e1g1/h1f1" | "e8g8/h8f8" => "O-O",
        "a1d1/e1c1" | "a8d8/e8c8" => "O-O-O",
        _ => return None,
    };
    let king_moves = mv
        .parts()
        .any(|d| board.piece_at(d.from()).map(|p| p.kind) == Some(PieceKind::King));
    king_moves.then_some(text)
}

/// True when `piece` could make displacement `d` by its own movement, blockers aside:
/// what tells the active piece from the one it drives.
fn could_move(piece: Piece, d: Displacement) -> bool {
    let Some(to) = d.to() else {
        // Only a line piece or a knight leaves the board by itself (or follows off it).
        return !matches!(piece.kind, PieceKind::King | PieceKind::Pawn);
    };
    let from = d.from();
    let df = (i32::from(to.file()) - i32::from(from.file())).abs();
    let dr = i32::from(to.rank()) - i32::from(from.rank());
    let line = df == 0 || dr == 0;
    let diagonal = df == dr.abs();
    match piece.kind {
        PieceKind::Knight => (df, dr.abs()) == (1, 2) || (df, dr.abs()) == (2, 1),
        PieceKind::King => df.max(dr.abs()) == 1,
        PieceKind::Rook => line,
        PieceKind::Bishop => diagonal,
        PieceKind::Queen => line || diagonal,
        PieceKind::Pawn => pawn_could_move(piece.color, from, df, dr),
    }
}

/// A pawn's own steps: one forward (straight or diagonal), two straight from its start
/// rank.
fn pawn_could_move(color: Color, from: Square, df: i32, dr: i32) -> bool {
    let forward = i32::from(color.forward().signum());
    let start = color.relative_rank(1) == from.rank();
    (dr == forward && df <= 1) || (df == 0 && dr == 2 * forward && start)
}
