//! Popeye's `forsyth` command: the position as one word, squares from a8 to h8, then
//! a7 to h7, down to h1. A piece letter of the input's language (upper case White,
//! lower case Black, or after a `+` (White) or `-` (Black)), a run of one or two digits
//! for empty squares, and optional `/` between ranks; the squares after the last piece
//! may be left out. Popeye's neutral (`=`) and two-letter fairy pieces (`.pa`) are
//! refused.

use super::diagram::Placed;
use super::language::PieceLetters;
use super::pieces::{Man, man_of_letter};
use feerie_movegen::{Color, Square};

/// The pieces `word` places, in board order, or why it is not a position.
pub fn parse(letters: &PieceLetters, word: &str) -> Result<Vec<(Square, Color, Man)>, String> {
    let mut out = Vec::new();
    let mut index = 0usize;
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '/' {
            continue;
        }
        if let Some(d) = c.to_digit(10) {
            let mut run = d as usize;
            if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                chars.next();
                run = 10 * run + d2 as usize;
            }
            index += run;
            continue;
        }
        let (forced, letter) = match c {
            '+' => (Some(Color::White), chars.next()),
            '-' => (Some(Color::Black), chars.next()),
            '=' => return Err("neutral pieces ('=') are not supported".to_string()),
            _ => (None, Some(c)),
        };
        let letter =
            letter.ok_or_else(|| format!("'{c}' at the end: a piece letter is missing"))?;
        if letter == '.' {
            return Err("two-letter (fairy) pieces ('.') are not supported".to_string());
        }
        let man = man_of_letter(letters, letter).ok_or_else(|| {
            format!(
                "'{letter}' is not a piece letter ({})",
                letters.iter().collect::<String>()
            )
        })?;
        if index >= 64 {
            return Err(format!("'{letter}' lies beyond h1"));
        }
        let color = forced.unwrap_or(if letter.is_lowercase() {
            Color::Black
        } else {
            Color::White
        });
        let square = Square::from_coords((index % 8) as u8, 7 - (index / 8) as u8);
        out.push((square, color, man));
        index += 1;
    }
    Ok(out)
}

/// The pieces of `word` as the diagram holds them, read on `line`.
pub fn placed(
    letters: &PieceLetters,
    word: &str,
    line: usize,
) -> Result<Vec<(Square, Placed)>, String> {
    Ok(parse(letters, word)?
        .into_iter()
        .map(|(sq, color, man)| (sq, Placed { color, man, line }))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::language::Language;

    fn fen_of(letters: &PieceLetters, word: &str) -> Vec<String> {
        parse(letters, word)
            .unwrap()
            .into_iter()
            .map(|(sq, color, man)| format!("{}{sq}", man.fen(color)))
            .collect()
    }

    #[test]
    fn popeye_examples() {
        let en = &Language::English.words().pieces;
        assert_eq!(
            fen_of(en, "rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR"),
            fen_of(en, "rsbqkbsrpppppppp32PPPPPPPPRSBQKBSR")
        );
        assert_eq!(fen_of(en, "48/5+p1-P/5K1k"), ["Pf2", "ph2", "Kf1", "kh1"]);
        assert_eq!(fen_of(en, "7k"), ["kh8"]);
        let de = &Language::German.words().pieces;
        assert_eq!(fen_of(de, "k7/8/8/8/8/8/8/7B"), ["ka8", "Ph1"]);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let en = &Language::English.words().pieces;
        assert!(parse(en, "8/=p").unwrap_err().contains("neutral"));
        assert!(parse(en, ".pa").unwrap_err().contains("fairy"));
        assert!(
            parse(en, "x")
                .unwrap_err()
                .contains("'x' is not a piece letter")
        );
        assert!(parse(en, "64K").unwrap_err().contains("beyond h1"));
        assert!(parse(en, "k+").unwrap_err().contains("missing"));
    }
}
