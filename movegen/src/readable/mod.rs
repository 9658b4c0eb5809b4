//! Moves as a person reads them (docs/notation.md): SAN in chess and, in the fairy
//! variants, a long algebraic with piece letters that says what the move does (a push,
//! an exit, a split, a mutation). Programs keep exchanging the canonical strings of
//! docs/rules.md and PGN its tokens (docs/pgn.md); this is what the page shows.
//!
//! Each variant writes the body of a move (`Readable::readable_body`); the check and
//! mate marks and the reading back are the same for all, here. Distinct legal moves
//! always have distinct texts (every text names each square a piece leaves), so a text is
//! read by matching it against the legal moves' texts, never guessed.

mod augsburg;
mod dynamo;
mod orthodox;

use crate::error::MoveError;
use crate::position::Position;
use crate::types::PieceKind;

/// A variant's readable notation.
pub trait Readable: Position {
    /// The text of the legal move `mv`, without the check or mate mark.
    fn readable_body(&self, mv: Self::Move) -> String;
}

/// The readable text of a legal move, with `+` when it gives check and `#` when it mates.
pub fn readable<P: Readable>(pos: &P, mv: P::Move) -> String {
    let mut after = pos.clone();
    after.play(mv);
    pos.readable_body(mv) + mark(&after)
}

/// The mark a move that led to `after` carries: `#` when it mates, `+` when it gives
/// check, else nothing. A caller that plays the moves anyway writes `readable_body`
/// before and this after, sparing `readable`'s copy of the position.
pub fn mark<P: Position>(after: &P) -> &'static str {
    if !after.in_check() {
        ""
    } else if after.count_legal() == 0 {
        "#"
    } else {
        "+"
    }
}

/// The text as compared: no spaces, no trailing marks (`+`, `#`, `!`, `?`), castling
/// with zeros read as with letters.
fn normalized(text: &str) -> String {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    match text.strip_prefix("0-0") {
        Some(rest) => {
            let rest = rest
                .strip_prefix("-0")
                .map_or(rest.to_string(), |r| format!("-O{r}"));
            format!("O-O{rest}")
        }
        None => text.to_string(),
    }
}

/// Reads a readable text (marks optional, spaces ignored) as one of the legal moves;
/// anything else is an error.
pub fn parse_readable<P: Readable>(pos: &P, text: &str) -> Result<P::Move, MoveError> {
    let wanted = normalized(text);
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    if !wanted.is_empty() {
        for &mv in moves.iter() {
            if normalized(&pos.readable_body(mv)) == wanted {
                return Ok(mv);
            }
        }
    }
    Err(MoveError::Illegal(text.to_string()))
}

/// A piece's letter as the texts write it: upper case, none for a pawn.
fn letter(kind: PieceKind) -> String {
    match kind {
        PieceKind::Pawn => String::new(),
        kind => kind.letter().to_ascii_uppercase().to_string(),
    }
}

/// `=Q`: what a piece became (a promotion or a mutation).
fn becomes(kind: PieceKind) -> String {
    format!("={}", kind.letter().to_ascii_uppercase())
}

#[cfg(test)]
mod tests;
