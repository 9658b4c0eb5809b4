//! Move notation in PGN: SAN for chess, and for the fairy variants one PGN symbol token
//! per move that maps one-to-one to the canonical move string (docs/pgn.md).
//!
//! A canonical fairy move is made of parts joined by `/` (Dynamo's displacements), and a
//! part may list moving components in parentheses (Augsburg's fission). PGN symbols may
//! hold only letters, digits and `_+#=:-`, so the token
//! - joins the parts with `-`;
//! - writes `(` as `_` and `)` as `=` when a promotion follows it (dropped at the end);
//! - writes every part after the first in upper case, so that a reader that takes SAN
//!   apart by pattern (python-chess finds `[a-h][1-8]` squares anywhere in a token) sees
//!   one move per token, not one per square. Upper case is undone on reading: an `E`
//!   not followed by a digit is Dynamo's exit, every other letter is lower case.
//!
//! Examples: `c6f6/e6g6` -> `c6f6-E6G6`, `c6E/e6E` -> `c6E-E6E`, `a3c4(bp)` ->
//! `a3c4_bp`, `b7b8(p)n` -> `b7b8_p=n`, `e2e4` -> `e2e4`.

use feerie_movegen::chess::Move as ChessMove;
use feerie_movegen::san::{parse_san, to_san};
use feerie_movegen::{Chess, MoveCode, Position};
use std::any::Any;
use std::fmt;

/// Why a PGN move was not read; each holds the text as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Not a move token this module writes.
    NotAToken(String),
    /// Not one of the legal moves.
    Illegal(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            MoveTextError::NotAToken(text) => write!(f, "'{text}' is not a move token"),
            MoveTextError::Illegal(text) => write!(f, "'{text}' is not a legal move"),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// One part of a canonical move (no `/`) as token text, before any change of case.
fn part_to_token(part: &str) -> String {
    let mut out = String::with_capacity(part.len());
    let mut chars = part.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' => out.push('_'),
            ')' if chars.peek().is_some() => out.push('='),
            ')' => {}
            c => out.push(c),
        }
    }
    out
}

/// The PGN token of a canonical fairy move string.
pub fn to_token(canonical: &str) -> String {
    canonical
        .split('/')
        .enumerate()
        .map(|(i, part)| {
            let text = part_to_token(part);
            if i == 0 {
                text
            } else {
                text.to_ascii_uppercase()
            }
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Undoes `part_to_token` and, for a part after the first, the upper case; `None` when
/// the part's `_` and `=` do not form one component list.
fn part_from_token(part: &str, later: bool) -> Option<String> {
    let chars: Vec<char> = part.chars().collect();
    let mut out = String::with_capacity(part.len() + 2);
    let (mut open, mut listed) = (false, false);
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '_' if !listed => {
                out.push('(');
                (open, listed) = (true, true);
            }
            '=' if open => {
                out.push(')');
                open = false;
            }
            '_' | '=' => return None,
            'E' if !chars.get(i + 1).is_some_and(char::is_ascii_digit) => out.push('E'),
            c if later => out.push(c.to_ascii_lowercase()),
            c => out.push(c),
        }
    }
    if open {
        out.push(')');
    }
    Some(out)
}

/// The canonical move string of a token, or an error when the text is not a token this
/// module writes (so the mapping stays one-to-one in both directions).
pub fn from_token(token: &str) -> Result<String, MoveTextError> {
    let canonical = token
        .split('-')
        .enumerate()
        .map(|(i, part)| part_from_token(part, i > 0))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| MoveTextError::NotAToken(token.to_string()))?
        .join("/");
    let canonical_chars = canonical.chars().all(
        |c| matches!(c, 'a'..='h' | '1'..='8' | 'E' | 'q' | 'r' | 'n' | 'p' | '(' | ')' | '/'),
    );
    if canonical_chars && !token.is_empty() && to_token(&canonical) == token {
        Ok(canonical)
    } else {
        Err(MoveTextError::NotAToken(token.to_string()))
    }
}

/// Annotations a PGN move may carry that do not change the move.
fn strip_annotations(text: &str) -> &str {
    text.trim_end_matches(['+', '#', '!', '?'])
}

fn as_chess<P: Position>(pos: &P) -> Option<&Chess> {
    (pos as &dyn Any).downcast_ref::<Chess>()
}

/// The PGN text of a legal move: SAN in chess, the token elsewhere.
pub fn move_text<P: Position>(pos: &P, mv: P::Move) -> String {
    if let Some(chess) = as_chess(pos) {
        let chess_move = ChessMove::from_bits(mv.to_bits()).expect("a chess move");
        return to_san(chess, chess_move);
    }
    to_token(&mv.to_string())
}

/// Reads a PGN move (SAN in chess, a token elsewhere) as one of the legal moves.
pub fn parse_move_text<P: Position>(pos: &P, text: &str) -> Result<P::Move, MoveTextError> {
    let illegal = |_| MoveTextError::Illegal(text.to_string());
    if let Some(chess) = as_chess(pos) {
        let mv = parse_san(chess, text).map_err(illegal)?;
        return Ok(P::Move::from_bits(mv.to_bits()).expect("a chess move"));
    }
    let canonical = from_token(strip_annotations(text))?;
    pos.parse_move(&canonical).map_err(illegal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_variants::{Variant, VariantSpec, VariantVisitor};

    #[test]
    fn tokens_of_the_rules_examples() {
        for (canonical, token) in [
            ("e2e4", "e2e4"),
            ("e7e8q", "e7e8q"),
            ("c6a6", "c6a6"),
            ("d5E", "d5E"),
            ("c6f6/e6g6", "c6f6-E6G6"),
            ("c6E/e6E", "c6E-E6E"),
            ("e1g1/h1f1", "e1g1-H1F1"),
            ("b2b3/c7c8q", "b2b3-C7C8Q"),
            ("e5E/e6e4", "e5E-E6E4"),
            ("a3c2(n)", "a3c2_n"),
            ("a3c4(bp)", "a3c4_bp"),
            ("e1g1(rb)", "e1g1_rb"),
            ("b7b8(p)n", "b7b8_p=n"),
            ("b7b8q", "b7b8q"),
        ] {
            assert_eq!(to_token(canonical), token);
            assert_eq!(from_token(token).as_deref(), Ok(canonical));
        }
    }

    #[test]
    fn the_token_table_of_docs_pgn_md_holds() {
        let doc = include_str!("../../docs/pgn.md");
        let mut rows = 0;
        for line in doc.lines() {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            // | Variant | Move | `canonical` | `token` |
            if let [_, _, _, canonical, token, _] = cells.as_slice() {
                let (Some(canonical), Some(token)) = (
                    canonical
                        .strip_prefix('`')
                        .and_then(|c| c.strip_suffix('`')),
                    token.strip_prefix('`').and_then(|t| t.strip_suffix('`')),
                ) else {
                    continue;
                };
                assert_eq!(to_token(canonical), token);
                assert_eq!(from_token(token).as_deref(), Ok(canonical));
                rows += 1;
            }
        }
        assert!(rows >= 12, "{rows} rows");
    }

    #[test]
    fn malformed_tokens_are_refused() {
        for bad in [
            "",
            "c6f6-e6g6",
            "a3c4_bp_",
            "a3c4(bp)",
            "c6f6/e6g6",
            "b7b8=q",
        ] {
            assert!(from_token(bad).is_err(), "{bad}");
        }
    }

    /// Every legal move of many random positions of a variant: its PGN text is a PGN
    /// symbol, reads back as the same move, and (fairy variants) the token maps back to
    /// the canonical string. Returns the number of moves checked, and how many of them
    /// had parts or components (`/` or parentheses).
    struct RoundTrip;

    impl VariantVisitor for RoundTrip {
        type Output = (usize, usize);

        fn visit<V: VariantSpec>(self) -> (usize, usize) {
            round_trip::<V::Rules>()
        }
    }

    fn round_trip<P: Position>() -> (usize, usize) {
        {
            let mut rng = crate::rng::Rng::new(11);
            let (mut checked, mut compound) = (0, 0);
            for _ in 0..30 {
                let mut pos = P::startpos();
                for _ in 0..120 {
                    let mut moves = P::MoveList::default();
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    for &mv in moves.iter() {
                        let text = move_text(&pos, mv);
                        let first = text.chars().next().unwrap();
                        assert!(first.is_ascii_alphanumeric(), "{text}");
                        assert!(
                            text.chars()
                                .all(|c| c.is_ascii_alphanumeric() || "_+#=:-".contains(c)),
                            "{text}"
                        );
                        assert_eq!(parse_move_text(&pos, &text), Ok(mv), "{}", pos.to_fen());
                        if as_chess(&pos).is_none() {
                            let canonical = mv.to_string();
                            assert_eq!(text, to_token(&canonical));
                            compound += usize::from(canonical.contains(['/', '(']));
                            assert_eq!(from_token(&text), Ok(canonical));
                        }
                        checked += 1;
                    }
                    pos.play(moves[rng.below(moves.len())]);
                }
            }
            (checked, compound)
        }
    }

    #[test]
    fn every_legal_move_of_random_games_round_trips_in_every_variant() {
        for &variant in Variant::ALL {
            let (checked, compound) = variant.dispatch(RoundTrip);
            assert!(checked > 10_000, "{variant}: only {checked} moves");
            let fairy_parts = matches!(variant, Variant::Dynamo | Variant::Augsburg);
            assert_eq!(compound > 1000, fairy_parts, "{variant}: {compound}");
        }
    }
}
