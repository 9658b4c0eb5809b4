//! Help and series play as Popeye's lines: `  1.Ra8-a4=B Kf2-f1   2.Ba4-c2=S Qg6-d3=R #`.
//! The side that starts a full help move (the defender) or plays the series is
//! numbered; a line that starts with the other side's move begins `  1...` (`h#n.5`,
//! the set play of `h#n`), and the set play of `h#n.5` begins `  1...  ...` with the
//! numbers of the full play.

use super::text::mark;
use super::words::translated;
use crate::problem::Language;
use crate::solution::MoveText;
use crate::stipulation::{Play, Stipulation};

/// Every line of `solutions` (or of the set play), one a line, with the piece letters
/// of `language`.
pub fn lines(
    stipulation: Stipulation,
    set_play: bool,
    solutions: &[Vec<MoveText>],
    language: Language,
) -> String {
    let mut out = String::new();
    for line in solutions {
        out.push_str(&translated(
            &line_text(stipulation, set_play, line),
            language,
        ));
        out.push('\n');
    }
    out
}

/// One line, without its newline.
fn line_text(stipulation: Stipulation, set_play: bool, line: &[MoveText]) -> String {
    let last = line.len().saturating_sub(1);
    let (prefix, numbers): (&str, Vec<Option<usize>>) = match stipulation.play {
        Play::Series | Play::SeriesHelp => {
            // In ser-h# the attacker's last move follows the series unnumbered.
            let series = |i: usize| !(stipulation.play == Play::SeriesHelp && i == last);
            let skip = usize::from(set_play);
            let numbers = (0..line.len())
                .map(|i| (i >= skip && series(i)).then_some(i + 1))
                .collect();
            (if set_play { "  1..." } else { "" }, numbers)
        }
        _ => {
            // Half-moves missing before the line, counted from a full move.
            let skipped = usize::from(stipulation.half) + usize::from(set_play);
            let numbers = (0..line.len())
                .map(|i| ((skipped + i) % 2 == 0).then_some((skipped + i) / 2 + 1))
                .collect();
            let prefix = match skipped {
                0 => "",
                1 => "  1...",
                _ => "  1...  ...",
            };
            (prefix, numbers)
        }
    };
    let moves: Vec<String> = line
        .iter()
        .zip(numbers)
        .map(|(mv, number)| {
            let number = number.map_or(String::new(), |n| format!("{n:>3}."));
            format!("{number}{}{}", mv.text, mark(mv.mark))
        })
        .collect();
    format!("{prefix}{}", moves.join(" "))
}
