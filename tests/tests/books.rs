//! The opening books of `books/` (made by `feerie book`): one per variant, every entry a
//! legal position reached by its recorded line, the line free of king walks and of pieces
//! thrown away, its recorded score level (in `books/unbalanced/`, within the unbalanced
//! range), and no position twice.

use feerie_match::book::plausible;
use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::collections::HashSet;
use std::ops::RangeInclusive;
use std::path::Path;

/// Fewest openings a book holds: enough for long SPRT runs without repeating much.
const MIN_OPENINGS: usize = 200;
/// The |score| a balanced book may record, side to move's view...
const LEVEL_CP: RangeInclusive<i32> = 0..=50;
/// ...and an unbalanced one (`feerie book --min-cp 80 --max-cp 200`).
const UNBALANCED_CP: RangeInclusive<i32> = 80..=200;
/// The variants whose games between near equals are nearly all drawn from level
/// openings: they have an unbalanced book for strength tests.
const UNBALANCED: [Variant; 2] = [Variant::Einstein, Variant::AntiEinstein];

/// The quoted value of EPD operation `op` in `line`, or its bare value.
fn operation<'a>(line: &'a str, op: &str) -> Option<&'a str> {
    let at = line.find(&format!(" {op} "))? + op.len() + 2;
    let rest = &line[at..];
    let end = rest.find(';')?;
    Some(rest[..end].trim_matches('"'))
}

/// A book's text and the range its recorded |score|s must lie in.
struct CheckBook<'a>(&'a str, RangeInclusive<i32>);

impl VariantVisitor for CheckBook<'_> {
    type Output = usize;
    fn visit<V: VariantSpec>(self) -> usize {
        let mut positions = HashSet::new();
        for (n, line) in self
            .0
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.starts_with('#'))
        {
            let at = || format!("{} line {}: {line}", V::NAME, n + 1);
            let position: Vec<&str> = line.split_whitespace().take(4).collect();
            let start = V::Rules::from_fen(&format!("{} 0 1", position.join(" ")))
                .unwrap_or_else(|e| panic!("{}: {e}", at()));
            let moves = operation(line, "c0").unwrap_or_else(|| panic!("{}: no c0", at()));
            let mut pos = V::Rules::startpos();
            for text in moves.split_whitespace() {
                let mv = pos
                    .parse_move(text)
                    .unwrap_or_else(|e| panic!("{}: {e}", at()));
                assert!(
                    plausible(&pos, mv),
                    "{}: {text} walks a king or throws a piece away",
                    at()
                );
                pos.play(mv);
            }
            let reached: Vec<String> = pos.to_fen().split(' ').take(4).map(String::from).collect();
            let expected: Vec<String> = start
                .to_fen()
                .split(' ')
                .take(4)
                .map(String::from)
                .collect();
            assert_eq!(reached, expected, "{}", at());
            assert!(pos.outcome().is_none(), "{}", at());
            let score: i32 = operation(line, "ce")
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("{}: no ce", at()));
            assert!(self.1.contains(&score.abs()), "{}", at());
            assert!(positions.insert(expected.join(" ")), "{}: twice", at());
        }
        positions.len()
    }
}

/// Checks the book of `variant` in `dir` (relative to the repository root).
fn check_book(dir: &str, variant: Variant, scores: RangeInclusive<i32>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir)
        .join(format!("{}.epd", variant.name()));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (make it with feerie book)", path.display()));
    let count = variant.dispatch(CheckBook(&text, scores));
    assert!(
        count >= MIN_OPENINGS,
        "{}: {count} openings",
        path.display()
    );
}

#[test]
fn every_variant_has_a_level_book_of_distinct_plausible_openings() {
    for &variant in Variant::ALL {
        check_book("books", variant, LEVEL_CP);
    }
}

#[test]
fn drawish_variants_have_an_unbalanced_book_of_distinct_plausible_openings() {
    for variant in UNBALANCED {
        check_book("books/unbalanced", variant, UNBALANCED_CP);
    }
}
