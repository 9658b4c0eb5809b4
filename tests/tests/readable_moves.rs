//! The readable notation (docs/notation.md) over random legal positions of every variant:
//! random games from the start position and from every position of the variant's perft
//! suite. At each position, distinct legal moves have distinct texts, and each text reads
//! back as its move (with and without its spaces and marks).

use feerie_movegen::readable::{parse_readable, readable};
use feerie_movegen::{Position, Readable};
use feerie_tests::{read_suite, suite_file};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::collections::HashSet;

/// A small deterministic generator (xorshift64*): the same games on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// What the walk saw: positions, moves, and moves with more than one part (a Dynamo
/// push or pull, an Augsburg split: the texts the test is for).
#[derive(Default)]
struct Seen {
    positions: usize,
    moves: usize,
    compound: usize,
}

fn check_position<P: Readable>(pos: &P, seen: &mut Seen) {
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut texts = HashSet::new();
    for &mv in moves.iter() {
        let text = readable(pos, mv);
        let fen = pos.to_fen();
        assert!(!text.is_empty(), "{fen} {mv}");
        assert!(texts.insert(text.clone()), "{fen}: two moves read '{text}'");
        assert_eq!(parse_readable(pos, &text), Ok(mv), "{fen}: '{text}'");
        let bare: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '+' | '#'))
            .collect();
        assert_eq!(parse_readable(pos, &bare), Ok(mv), "{fen}: '{bare}'");
        seen.moves += 1;
        seen.compound += usize::from(mv.to_string().contains(['/', '(']));
    }
    seen.positions += 1;
}

struct Walk;

impl VariantVisitor for Walk {
    type Output = Seen;

    fn visit<V: VariantSpec>(self) -> Seen {
        let mut starts = vec![V::Rules::startpos()];
        for case in read_suite(&suite_file(Variant::from_name(V::NAME).unwrap())) {
            starts.push(V::Rules::from_fen(&case.fen).expect("a suite FEN"));
        }
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut seen = Seen::default();
        for start in &starts {
            for _ in 0..3 {
                let mut pos = start.clone();
                for _ in 0..40 {
                    check_position(&pos, &mut seen);
                    let mut moves = <V::Rules as Position>::MoveList::default();
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[rng.below(moves.len())]);
                }
            }
        }
        seen
    }
}

#[test]
fn distinct_moves_have_distinct_texts_that_read_back() {
    for &variant in Variant::ALL {
        let seen = variant.dispatch(Walk);
        assert!(
            seen.positions > 300,
            "{variant}: {} positions",
            seen.positions
        );
        assert!(seen.moves > 5_000, "{variant}: {} moves", seen.moves);
        let fairy_parts = matches!(variant, Variant::Dynamo | Variant::Augsburg);
        assert_eq!(
            seen.compound > 1_000,
            fairy_parts,
            "{variant}: {}",
            seen.compound
        );
    }
}

/// The readable text of `uci` played in `fen` of the variant, and that text read back
/// as the same move.
struct TextOf<'a>(&'a str, &'a str);

impl VariantVisitor for TextOf<'_> {
    type Output = String;

    fn visit<V: VariantSpec>(self) -> String {
        let pos = V::Rules::from_fen(self.0).expect(self.0);
        let mv = pos.parse_move(self.1).expect(self.1);
        let text = readable(&pos, mv);
        assert_eq!(parse_readable(&pos, &text), Ok(mv), "{}: '{text}'", self.0);
        text
    }
}

#[test]
fn the_examples_of_docs_notation_md_hold() {
    let doc = include_str!("../../docs/notation.md");
    let code = |cell: &str| {
        cell.strip_prefix('`')
            .and_then(|c| c.strip_suffix('`'))
            .map(str::to_string)
    };
    let mut rows = 0;
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | variant | `position` | `canonical` | `readable` | what happens |
        let [_, variant, fen, uci, text, _, _] = cells.as_slice() else {
            continue;
        };
        let (Some(variant), Some(fen), Some(uci), Some(text)) = (
            Variant::from_name(variant),
            code(fen),
            code(uci),
            code(text),
        ) else {
            continue;
        };
        assert_eq!(variant.dispatch(TextOf(&fen, &uci)), text, "{fen} {uci}");
        rows += 1;
    }
    assert!(rows >= 25, "{rows} rows");
}
