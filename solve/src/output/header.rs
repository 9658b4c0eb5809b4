//! What Popeye writes above a problem's solution: remarks, the centred author, origin
//! and title lines, the diagram, the stipulation with the piece counts, the condition
//! and option lines, and the twin line.

use super::diagram;
use super::text::centred;
use super::words::condition_in;
use crate::input::language::option;
use crate::problem::{Duplex, Language, Problem, Twin};
use feerie_variants::Variant;

/// The header of `problem`. With `full` false, only its twin line: a later twin (`b)`,
/// `c)`, ...) continues the header of the problem's first twin, as in Popeye.
pub fn header(problem: &Problem, full: bool) -> String {
    let mut out = String::new();
    if full {
        let meta = &problem.meta;
        for remark in &meta.remarks {
            // Popeye echoes a remark as it reads it, before the problem.
            out.push_str(remark);
            out.push('\n');
        }
        if problem.options.no_board {
            // Popeye's `noboard` leaves out everything below the remarks.
            return match &problem.twin {
                Some(twin) => out + &twin_line(twin),
                None => out,
            };
        }
        out.push('\n');
        let texts = [&meta.authors, &meta.origins, &meta.awards, &meta.titles];
        for line in texts.into_iter().flatten() {
            out.push_str(&centred(line));
            out.push('\n');
        }
        let language = meta.language;
        let words = language.words();
        let zero = problem.twin.as_ref().and_then(|t| t.zero.as_deref());
        let fen = zero.unwrap_or(&problem.fen);
        out.push_str(&diagram::board(fen, language));
        out.push_str(&diagram::stipulation_line(
            &problem.stipulation.to_string(),
            fen,
        ));
        out.push_str(&diagram::unit_lines(fen, language));
        let option = match problem.options.duplex {
            Duplex::No => None,
            Duplex::Duplex => Some(words.options[option::DUPLEX]),
            Duplex::HalfDuplex => Some(words.options[option::HALF_DUPLEX]),
        };
        let condition = condition_in(problem.variant, language);
        for line in condition.into_iter().chain(option) {
            out.push_str(&centred(line));
            out.push('\n');
        }
        if zero.is_some() {
            out.push_str(&format!("\n{}\n\n", words.twin[1]));
        }
    }
    if let Some(twin) = &problem.twin {
        out.push_str(&twin_line(twin));
    }
    out
}

/// The condition line of a variant in English: Popeye's names for the Einstein family,
/// ours for Dynamo and Augsburg (which Popeye does not know), none for orthodox chess.
pub fn condition(variant: Variant) -> Option<&'static str> {
    condition_in(variant, Language::English)
}

/// `a) `, `b) wRa1-->b1  `, `+c) -bPh7  ` (a twin of the previous twin): Popeye ends
/// every change with two spaces (so several changes in `change` are separated by two).
fn twin_line(twin: &Twin) -> String {
    let change = twin.change.trim_end();
    let gap = if change.is_empty() { "" } else { "  " };
    let plus = if twin.continued { "+" } else { "" };
    format!("\n{plus}{}) {change}{gap}\n", twin.label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twin_lines_as_popeye_writes_them() {
        let twin = |label: char, change: &str, continued| Twin {
            label: label.into(),
            change: change.to_string(),
            continued,
            zero: None,
        };
        assert_eq!(twin_line(&twin('a', "", false)), "\na) \n");
        assert_eq!(
            twin_line(&twin('b', "wRa1-->b1", false)),
            "\nb) wRa1-->b1  \n"
        );
        assert_eq!(
            twin_line(&twin('c', "wKg1<-->bKg8  -wPh2", true)),
            "\n+c) wKg1<-->bKg8  -wPh2  \n"
        );
        let mut z1 = twin('z', "", false);
        z1.label = z1.label.next();
        assert_eq!(twin_line(&z1), "\nz1) \n");
    }
}
