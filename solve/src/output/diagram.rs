//! The board diagram, drawn from the problem's FEN as Popeye draws it: `K Q R B S P`
//! (`S` is the knight), a `-` before a black piece, `.` for an empty square.
//!
//! Augsburg units (RULES.md 2, `(RBN)` in a FEN) have no Popeye letter. A unit of two
//! components is drawn as its two letters, the way Popeye draws its two-letter fairy
//! pieces (` RS`, `-BP`; the bishop+rook unit is the queen `Q`). A unit of three or more
//! does not fit in a square: it is drawn as `*` (`-*` when black) and spelt out in a
//! line under the diagram, one per unit, e.g. `d4 = RBS` and `e5 = -RSSP`.

use super::text::{centred, right_aligned};
use super::words::translated;
use crate::fen_board::{placement, popeye_letter};
use crate::problem::Language;

/// What stands on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Unit {
    white: bool,
    /// Popeye letters, upper case: `K`, `S`, or a unit's components such as `RBS`.
    letters: String,
}

/// The pieces of a FEN's placement field, rank 8 first, a8 to h8 in each rank, with
/// the letters of `language`.
fn squares(fen: &str, language: Language) -> [[Option<Unit>; 8]; 8] {
    let placement = placement(fen);
    std::array::from_fn(|row| {
        std::array::from_fn(|file| {
            placement[(7 - row) * 8 + file].as_ref().map(|token| Unit {
                white: token.starts_with(|l: char| l.is_ascii_uppercase()),
                letters: translated(
                    &token.chars().map(popeye_letter).collect::<String>(),
                    language,
                ),
            })
        })
    })
}

/// The four characters of a square: the letters end in the third, the colour mark
/// stands just before them (Popeye writes a cell right to left from its middle).
fn cell(unit: Option<&Unit>) -> String {
    let mut cell = [' '; 4];
    match unit {
        None => cell[2] = '.',
        Some(unit) => {
            let letters: Vec<char> = if unit.letters.len() > 2 {
                vec!['*']
            } else {
                unit.letters.chars().collect()
            };
            let start = 3 - letters.len();
            cell[start..3].copy_from_slice(&letters);
            if !unit.white {
                cell[start - 1] = '-';
            }
        }
    }
    cell.iter().collect()
}

const BORDER: &str = "+---a---b---c---d---e---f---g---h---+\n";
const BLANK: &str = "|                                   |\n";

/// The diagram in the letters of `language`, with the blank line Popeye writes before it.
pub fn board(fen: &str, language: Language) -> String {
    let board = squares(fen, language);
    let mut out = format!("\n{BORDER}{BLANK}");
    for (row, rank) in board.iter().enumerate() {
        let number = 8 - row;
        out.push_str(&format!("{number} "));
        for unit in rank {
            out.push_str(&cell(unit.as_ref()));
        }
        out.push_str(&format!("  {number}\n{BLANK}"));
    }
    out.push_str(BORDER);
    out
}

/// `  #2                          6 + 7`: the stipulation, and the numbers of white and
/// black pieces (units count one each) ending under the board's right edge.
pub fn stipulation_line(stipulation: &str, fen: &str) -> String {
    let units = squares(fen, Language::English);
    let all = units.iter().flatten().flatten();
    let white = all.clone().filter(|u| u.white).count();
    let black = all.count() - white;
    let start = format!("  {stipulation}");
    let counts = right_aligned(&format!("{white} + {black}"), start.len(), 36);
    format!("{start}{counts}\n")
}

/// The lines spelling out the units drawn as `*`, in board order (a8 first).
pub fn unit_lines(fen: &str, language: Language) -> String {
    let mut out = String::new();
    for (row, rank) in squares(fen, language).iter().enumerate() {
        for (file, unit) in rank.iter().enumerate() {
            if let Some(unit) = unit.as_ref().filter(|u| u.letters.len() > 2) {
                let square = format!("{}{}", char::from(b'a' + file as u8), 8 - row);
                let colour = if unit.white { "" } else { "-" };
                out.push_str(&centred(&format!("{square} = {colour}{}", unit.letters)));
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_as_popeye_draws_them() {
        let unit = |white, letters: &str| Unit {
            white,
            letters: letters.to_string(),
        };
        assert_eq!(cell(None), "  . ");
        assert_eq!(cell(Some(&unit(true, "S"))), "  S ");
        assert_eq!(cell(Some(&unit(false, "K"))), " -K ");
        assert_eq!(cell(Some(&unit(false, "RS"))), "-RS ");
        assert_eq!(cell(Some(&unit(true, "RBS"))), "  * ");
        assert_eq!(cell(Some(&unit(false, "RBSP"))), " -* ");
    }

    #[test]
    fn augsburg_units_are_drawn_and_spelt_out() {
        let fen = "4k3/8/8/3(rnn)4/3(RBN)(BP)2/8/8/4K2Q w - - 0 1";
        let picture = board(fen, Language::English);
        assert!(
            picture.contains("\n4   .   .   .   *  BP   .   .   .   4\n"),
            "{picture}"
        );
        assert!(
            picture.contains("\n5   .   .   .  -*   .   .   .   .   5\n"),
            "{picture}"
        );
        assert!(
            picture.contains("\n1   .   .   .   .   K   .   .   Q   1\n"),
            "{picture}"
        );
        assert_eq!(
            unit_lines(fen, Language::English),
            format!("{}d5 = -RSS\n{}d4 = RBS\n", " ".repeat(14), " ".repeat(14))
        );
        assert_eq!(
            stipulation_line("#2", fen),
            format!("  #2{}4 + 2\n", " ".repeat(26))
        );
    }
}
