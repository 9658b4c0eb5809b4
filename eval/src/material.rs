//! A material count, the evaluation a new variant plays its first games with: its
//! networks are trained on self-play (`feerie datagen`), so before it has one it needs
//! an evaluation that asks nothing of it but its rules. This one reads the men off the
//! FEN, the one form every variant writes, so an Augsburg unit counts each of its
//! components and a seventh variant needs no code here.

use crate::Evaluator;
use feerie_movegen::{Color, Piece, PieceKind, Position};

/// Material only, in centipawns from the side to move's point of view.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaterialEval;

/// The centipawns of a man of `kind` (nothing for a king, which never leaves). A queen
/// is worth a rook and a bishop, as in Augsburg where it is that unit, so that fusing
/// and splitting units changes no score.
pub const fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Knight | PieceKind::Bishop => 325,
        PieceKind::Rook => 575,
        PieceKind::Queen => 900,
        PieceKind::King => 0,
    }
}

/// White's material minus Black's in a FEN's placement field; every letter is a man
/// (or, inside an Augsburg unit's brackets, a component), digits and the rest count nothing.
fn white_minus_black(placement: &str) -> i32 {
    placement
        .chars()
        .filter_map(Piece::from_fen_char)
        .map(|p| {
            let v = value(p.kind);
            if p.color == Color::White { v } else { -v }
        })
        .sum()
}

impl<P: Position> Evaluator<P> for MaterialEval {
    fn evaluate(&self, pos: &P) -> i32 {
        let fen = pos.to_fen();
        let white = white_minus_black(fen.split(' ').next().unwrap_or(""));
        if pos.side_to_move() == Color::White {
            white
        } else {
            -white
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::{AntiEinstein, Augsburg, Chess, Dynamo, Einstein, ReverseEinstein};

    fn score<P: Position>(fen: &str) -> i32 {
        MaterialEval.evaluate(&P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}")))
    }

    /// `fen` with the colours swapped: ranks in reverse order, letters in the other
    /// case, the other side to move (no castling or en passant rights).
    fn mirrored(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let ranks: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| match c.is_ascii_uppercase() {
                        true => c.to_ascii_lowercase(),
                        false => c.to_ascii_uppercase(),
                    })
                    .collect()
            })
            .collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        format!("{} {side} - - 0 1", ranks.join("/"))
    }

    /// The start position scores 0; a position and its mirror image score the same;
    /// the side up in material scores positive, the other side the opposite.
    fn check<P: Position>(up: &str, expected: i32) {
        assert_eq!(MaterialEval.evaluate(&P::startpos()), 0, "{}", P::START_FEN);
        assert_eq!(score::<P>(up), expected, "{up}");
        assert!(expected > 0);
        assert_eq!(score::<P>(&mirrored(up)), expected, "{}", mirrored(up));
        let other_side = up.replace(" w ", " b ");
        assert_eq!(score::<P>(&other_side), -expected, "{other_side}");
    }

    #[test]
    fn material_counts_from_the_side_to_move() {
        // White a rook and a pawn up, then a knight for a bishop and a pawn.
        let rook_up = "4k3/pp6/8/8/8/8/PPP5/R3K3 w - - 0 1";
        check::<Chess>(rook_up, 675);
        check::<Dynamo>(rook_up, 675);
        check::<Einstein>(rook_up, 675);
        check::<ReverseEinstein>(rook_up, 675);
        check::<AntiEinstein>("4k3/1b6/8/8/8/8/P7/1N2K3 w - - 0 1", 100);
    }

    #[test]
    fn an_augsburg_unit_counts_each_component() {
        // A rook-knight unit and two doubled pawns against a lone rook.
        check::<Augsburg>("4k3/8/8/8/r7/8/(PP)7/(RN)3K3 w - - 0 1", 525);
        // A queen is its rook and bishop, alone or fused with a knight.
        check::<Augsburg>("4k3/8/8/8/8/8/8/(RB)3K3 w - - 0 1", 900);
        check::<Augsburg>("4k3/8/8/8/8/8/8/(RBN)3K3 w - - 0 1", 1225);
    }
}
