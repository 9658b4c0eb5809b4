//! Pieces as the `pieces` command and the `add` twinning write them: a piece letter of
//! the language followed by squares (`ke1`, `pa2b2`, or `s` and `g1` as two words), and,
//! for Augsburg, a compound unit: its component letters in parentheses followed by
//! squares (`(bsp)a3` is a bishop + knight + pawn unit on a3 in English, `(fcp)a3` in
//! French, `(lsb)a3` in German). A queen letter is the {bishop, rook} unit, also inside
//! parentheses; a king is never part of a unit. The colour comes from the section
//! (`white ...`, `black ...`).

use super::language::{PieceLetters, Words};
use feerie_movegen::{Color, Square};

/// The components of a non-king unit; an orthodox piece is a unit of one component,
/// a queen the unit {bishop, rook}.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Rooks, bishops, knights, pawns: the order of RULES.md's FEN.
    pub counts: [u8; 4],
}

/// Indexes of [`Unit::counts`].
const ROOK: usize = 0;
const BISHOP: usize = 1;
const KNIGHT: usize = 2;
const PAWN: usize = 3;

/// English FEN letters of the components, in `counts` order.
const FEN_LETTERS: [char; 4] = ['r', 'b', 'n', 'p'];

impl Unit {
    const QUEEN: Unit = Unit {
        counts: [1, 1, 0, 0],
    };

    pub fn has_rook(self) -> bool {
        self.counts[ROOK] > 0
    }

    /// True for an orthodox piece (one component, or a queen).
    pub fn is_orthodox(self) -> bool {
        self == Unit::QUEEN || self.counts.iter().map(|&c| u32::from(c)).sum::<u32>() == 1
    }

    /// True for a lone rook: the castling partner outside Augsburg.
    pub fn is_rook(self) -> bool {
        self.counts == [1, 0, 0, 0]
    }

    /// Letters of the components, repeated, in the order rook, bishop, knight, pawn.
    fn letters(self, alphabet: [char; 4]) -> String {
        let mut s = String::new();
        for (i, &n) in self.counts.iter().enumerate() {
            for _ in 0..n {
                s.push(alphabet[i]);
            }
        }
        s
    }

    /// The FEN label (RULES.md section 4): `Q`, `R`, ..., or `(RBN)` for a compound.
    pub fn fen(self, color: Color) -> String {
        let text = if self == Unit::QUEEN {
            "q".to_string()
        } else if self.is_orthodox() {
            self.letters(FEN_LETTERS)
        } else {
            format!("({})", self.letters(FEN_LETTERS))
        };
        match color {
            Color::White => text.to_ascii_uppercase(),
            Color::Black => text,
        }
    }
}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Man {
    King,
    Unit(Unit),
}

impl Man {
    /// As Popeye writes a piece in a twin (`B`, `S`), in the language's letters; a
    /// compound unit in parentheses (`(BSP)`).
    pub fn label(self, letters: &PieceLetters) -> String {
        let label = match self {
            Man::King => letters[0].to_string(),
            Man::Unit(u) if u == Unit::QUEEN => letters[1].to_string(),
            Man::Unit(u) if u.is_orthodox() => {
                u.letters([letters[2], letters[3], letters[4], letters[5]])
            }
            Man::Unit(u) => format!(
                "({})",
                u.letters([letters[2], letters[3], letters[4], letters[5]])
            ),
        };
        label.to_uppercase()
    }

    pub fn fen(self, color: Color) -> String {
        match (self, color) {
            (Man::King, Color::White) => "K".to_string(),
            (Man::King, Color::Black) => "k".to_string(),
            (Man::Unit(u), c) => u.fen(c),
        }
    }
}

/// A piece word split into the man and its squares (none when the squares are the
/// next word).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceWord {
    pub man: Man,
    pub squares: Vec<Square>,
}

/// Why a word that starts like a piece is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceError {
    /// Not a piece word at all (may be a colour or a keyword).
    NotPiece,
    /// Looks like a piece but is wrong: the message says why.
    Bad(String),
}

/// `e1`, case-insensitive.
pub fn parse_square(text: &str) -> Option<Square> {
    Square::parse(&text.to_ascii_lowercase())
}

/// `a2b2c3`: one or more squares written together.
pub fn parse_squares(text: &str) -> Option<Vec<Square>> {
    if text.is_empty() || !text.is_ascii() || !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| parse_square(&text[i..i + 2]))
        .collect()
}

fn letter_index(letters: &PieceLetters, c: char) -> Option<usize> {
    let lower = c.to_ascii_lowercase();
    letters.iter().position(|&l| l == lower)
}

/// Reads a piece word (`ke1`, `pa2b2`, `s`, `(bsp)a3`, `(rb)`).
pub fn parse_piece_word(words: &Words, text: &str) -> Result<PieceWord, PieceError> {
    let letters = &words.pieces;
    if let Some(inner) = text.strip_prefix('(') {
        let Some((components, squares)) = inner.split_once(')') else {
            return Err(PieceError::Bad(format!("unit '{text}' has no closing ')'")));
        };
        let unit = parse_unit(letters, components)
            .map_err(|e| PieceError::Bad(format!("unit '({components})': {e}")))?;
        let squares = if squares.is_empty() {
            Vec::new()
        } else {
            parse_squares(squares).ok_or_else(|| {
                PieceError::Bad(format!(
                    "'{squares}' after unit '({components})' is not a list of squares"
                ))
            })?
        };
        return Ok(PieceWord {
            man: Man::Unit(unit),
            squares,
        });
    }
    let mut chars = text.chars();
    let first = chars.next().ok_or(PieceError::NotPiece)?;
    let rest = chars.as_str();
    let man = man_of_letter(letters, first).ok_or(PieceError::NotPiece)?;
    let squares = if rest.is_empty() {
        Vec::new()
    } else {
        parse_squares(rest).ok_or(PieceError::NotPiece)?
    };
    Ok(PieceWord { man, squares })
}

/// The orthodox man a piece letter of the language names, either case.
pub fn man_of_letter(letters: &PieceLetters, c: char) -> Option<Man> {
    Some(match letter_index(letters, c)? {
        0 => Man::King,
        1 => Man::Unit(Unit::QUEEN),
        i => Man::Unit(Unit {
            counts: one_component(i - 2),
        }),
    })
}

fn one_component(index: usize) -> [u8; 4] {
    let mut counts = [0; 4];
    counts[index] = 1;
    counts
}

/// The components between parentheses: rook, bishop, knight and pawn letters, a queen
/// letter for bishop + rook; at least one.
fn parse_unit(letters: &PieceLetters, components: &str) -> Result<Unit, String> {
    if components.is_empty() {
        return Err("no component".to_string());
    }
    let mut counts = [0u8; 4];
    for c in components.chars() {
        let parts: &[usize] = match letter_index(letters, c) {
            Some(0) => return Err("a king cannot be part of a unit".to_string()),
            Some(1) => &[ROOK, BISHOP],
            Some(2) => &[ROOK],
            Some(3) => &[BISHOP],
            Some(4) => &[KNIGHT],
            Some(5) => &[PAWN],
            _ => return Err(format!("'{c}' is not a piece letter")),
        };
        for &p in parts {
            counts[p] = counts[p]
                .checked_add(1)
                .ok_or_else(|| "too many components".to_string())?;
        }
    }
    Ok(Unit { counts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::language::Language;

    fn piece(lang: Language, text: &str) -> Result<PieceWord, PieceError> {
        parse_piece_word(lang.words(), text)
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn letters_and_squares_in_each_language() {
        let en = piece(Language::English, "pA2b2").unwrap();
        assert_eq!(en.squares, [sq("a2"), sq("b2")]);
        assert_eq!(en.man.fen(Color::White), "P");
        assert_eq!(
            piece(Language::French, "ce4")
                .unwrap()
                .man
                .fen(Color::Black),
            "n"
        );
        assert_eq!(piece(Language::French, "rf2").unwrap().man, Man::King);
        assert_eq!(
            piece(Language::German, "Lc1")
                .unwrap()
                .man
                .fen(Color::White),
            "B"
        );
        assert_eq!(
            piece(Language::German, "bc2")
                .unwrap()
                .man
                .fen(Color::White),
            "P"
        );
        assert_eq!(piece(Language::English, "s").unwrap().squares, []);
        assert_eq!(piece(Language::English, "xe1"), Err(PieceError::NotPiece));
        assert_eq!(piece(Language::English, "black"), Err(PieceError::NotPiece));
        assert_eq!(piece(Language::English, "ke9"), Err(PieceError::NotPiece));
    }

    #[test]
    fn units() {
        let w = piece(Language::English, "(bsp)a3").unwrap();
        assert_eq!(w.man.fen(Color::White), "(BNP)");
        assert_eq!(w.man.label(&Language::English.words().pieces), "(BSP)");
        assert_eq!(
            piece(Language::English, "(rb)d1")
                .unwrap()
                .man
                .fen(Color::Black),
            "q"
        );
        assert_eq!(
            piece(Language::English, "(QS)")
                .unwrap()
                .man
                .fen(Color::Black),
            "(rbn)"
        );
        assert_eq!(
            piece(Language::German, "(lsb)a3")
                .unwrap()
                .man
                .fen(Color::Black),
            "(bnp)"
        );
        assert_eq!(
            piece(Language::French, "(tt)h1")
                .unwrap()
                .man
                .fen(Color::White),
            "(RR)"
        );
        for bad in ["(ks)a1", "()a1", "(bx)a1", "(bs", "(bs)a9"] {
            assert!(
                matches!(piece(Language::English, bad), Err(PieceError::Bad(_))),
                "{bad}"
            );
        }
    }
}
