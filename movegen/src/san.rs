//! Standard Algebraic Notation for orthodox chess (PGN's move notation): writing a legal
//! move as SAN, and reading SAN back by matching it against the legal moves.

use crate::chess::{Chess, Move, MoveList};
use crate::error::MoveError;
use crate::position::Position;
use crate::types::{PieceKind, Square};

fn file_char(sq: Square) -> char {
    (b'a' + sq.file()) as char
}

fn rank_char(sq: Square) -> char {
    (b'1' + sq.rank()) as char
}

/// SAN without the check suffix: `Nbd7`, `exd6`, `e8=Q`, `O-O`, `R1xa3`.
fn san_body(pos: &Chess, mv: Move, legal: &MoveList) -> String {
    if mv.is_castle() {
        return if mv.kind() == Move::SHORT_CASTLE {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let board = pos.board();
    let kind = board
        .piece_at(mv.from())
        .expect("a legal move starts on a piece")
        .kind;
    let mut out = String::new();
    if kind == PieceKind::Pawn {
        if mv.is_capture() {
            out.push(file_char(mv.from()));
        }
    } else {
        out.push(kind.letter().to_ascii_uppercase());
        // Other pieces of the same kind that can reach the same square.
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|m| m.to() == mv.to() && m.from() != mv.from())
            .filter(|m| board.piece_at(m.from()).map(|p| p.kind) == Some(kind))
            .map(|m| m.from())
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|s| s.file() == mv.from().file());
            let same_rank = rivals.iter().any(|s| s.rank() == mv.from().rank());
            if !same_file {
                out.push(file_char(mv.from()));
            } else if !same_rank {
                out.push(rank_char(mv.from()));
            } else {
                out.push(file_char(mv.from()));
                out.push(rank_char(mv.from()));
            }
        }
    }
    if mv.is_capture() {
        out.push('x');
    }
    out.push(file_char(mv.to()));
    out.push(rank_char(mv.to()));
    if let Some(p) = mv.promotion() {
        out.push('=');
        out.push(p.letter().to_ascii_uppercase());
    }
    out
}

/// The SAN of a legal move without the check suffix.
pub(crate) fn san_body_of(pos: &Chess, mv: Move) -> String {
    let mut legal = MoveList::default();
    pos.legal_moves(&mut legal);
    san_body(pos, mv, &legal)
}

/// The SAN of a legal move, with `+` for check and `#` for mate.
pub fn to_san(pos: &Chess, mv: Move) -> String {
    let mut san = san_body_of(pos, mv);
    let mut after = pos.clone();
    after.play(mv);
    if after.in_check() {
        san.push(if after.count_legal() == 0 { '#' } else { '+' });
    }
    san
}

/// Reads SAN (check and mate suffixes and `!`/`?` annotations are optional and not
/// checked; castling may be written with zeros, `0-0`) as one of the legal moves;
/// anything else is an error.
pub fn parse_san(pos: &Chess, text: &str) -> Result<Move, MoveError> {
    let body = text.trim_end_matches(['+', '#', '!', '?']);
    let body = match body {
        "0-0" => "O-O",
        "0-0-0" => "O-O-O",
        other => other,
    };
    let mut legal = MoveList::default();
    pos.legal_moves(&mut legal);
    legal
        .iter()
        .copied()
        .find(|&m| san_body(pos, m, &legal) == body)
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san_of(fen: &str, uci: &str) -> String {
        let pos = Chess::from_fen(fen).unwrap();
        let mv = pos.parse_move(uci).unwrap();
        let san = to_san(&pos, mv);
        assert_eq!(parse_san(&pos, &san), Ok(mv), "{fen} {uci} {san}");
        san
    }

    #[test]
    fn pieces_pawns_and_captures() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(san_of(fen, "e4d5"), "exd5");
    }

    #[test]
    fn disambiguation_by_file_rank_and_both() {
        // Rooks on a1 and h1 reaching d1: by file.
        let fen = "4k3/8/8/8/8/4K3/8/R6R w - - 0 1";
        assert_eq!(san_of(fen, "a1d1"), "Rad1");
        // Rooks on a1 and a5 reaching a3: by rank.
        let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_of(fen, "a1a3"), "R1a3");
        // Queens on a4, h4 and h1 all reach e4: h4 shares a file with h1 and a rank
        // with a4, so it needs both.
        let fen = "2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1";
        assert_eq!(san_of(fen, "h4e4"), "Qh4e4");
        assert_eq!(san_of(fen, "a4e4"), "Qae4");
        assert_eq!(san_of(fen, "h1e4"), "Q1e4");
    }

    #[test]
    fn promotion_castling_en_passant_and_suffixes() {
        let fen = "8/1P5k/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(fen, "b7b8q"), "b8=Q");
        assert_eq!(san_of(fen, "b7b8n"), "b8=N");
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(fen, "e1g1"), "O-O");
        assert_eq!(san_of(fen, "e1c1"), "O-O-O");
        let pos = Chess::from_fen(fen).unwrap();
        assert_eq!(parse_san(&pos, "0-0-0"), parse_san(&pos, "O-O-O"));
        assert_eq!(san_of(fen, "a1a8"), "Rxa8+");
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san_of(fen, "e5d6"), "exd6");
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(san_of(fen, "a1a8"), "Ra8#");
        let pos = Chess::from_fen(fen).unwrap();
        assert_eq!(parse_san(&pos, "Ra8"), parse_san(&pos, "Ra8#"));
        assert!(parse_san(&pos, "Ra9").is_err());
        assert!(parse_san(&pos, "a1a8").is_err());
        assert!(parse_san(&pos, "").is_err());
    }
}
