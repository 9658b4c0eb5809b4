//! The solver's output: Popeye's layout for people, one JSON object per line for programs.
//!
//! The layout is Popeye 4.104's, character for character where the content is the same
//! (the order of keys, tries and lines may differ; keys come before tries): [`header`]
//! writes the texts, the diagram, the stipulation, condition and option lines and the
//! twin line; [`solution`] the play (a tree for direct and self play, lines for help and
//! series play); [`closing`] the `solution finished. Time = ...` line. Popeye prints the
//! header once per problem and the closing line once after its last twin, which is why
//! the pieces are public: the CLI prints the header before solving (so the diagram and
//! `movenumbers` progress show while it works) and closes a problem after its last twin.
//! All of it is in the problem's language, as Popeye answers a French or German input in
//! French or German ([`words`]).
//!
//! Dynamo and Augsburg, which Popeye does not know, are written the same way, with the
//! condition lines `Dynamo` and `Augsburg` and the moves as UCI strings. An Augsburg
//! unit of two components is drawn as its two letters (`-RS`, ` BP`, the queen `Q`); one
//! of three or more as `*` in its square, spelt out under the diagram (`d4 = RBS`,
//! `e5 = -RSSP`). [`json`] documents the format for programs. [`input_file`] writes a
//! problem back in Popeye's input language.

mod closing;
mod diagram;
mod header;
mod input_file;
mod json;
mod lines;
pub(crate) mod text;
mod tree;
mod words;

pub use closing::{Closing, closing, time_text};
pub use header::{condition, header};
pub use input_file::input_file;
pub(crate) use json::part_objects;
pub use json::{json, json_input_error};
pub use words::move_numbers_line;

use crate::problem::Problem;
use crate::solution::{MAX_LISTED_MOVES, Report, Solution};
use crate::stipulation::Play;

/// The problem in Popeye's layout: texts, diagram, stipulation and condition, then the
/// solution of every part and `solution finished. Time = ...` (the time of `reports`).
/// This is for a problem on its own (a twin gets the whole header too); [`header`],
/// [`solution`] and [`closing`] lay out the twins of a problem as Popeye does.
pub fn popeye(problem: &Problem, reports: &[Report]) -> String {
    let mut out = header(problem, true);
    out.push_str(&solution(problem, reports));
    out.push_str(&closing(&Closing::of(reports), problem.meta.language));
    out
}

/// The solution of every part in `reports` (the stipulation, then its duplex), each
/// with its set play when `setplay` was asked. Nothing for no report (a problem that
/// could not be solved: Popeye then prints only the header and the closing line).
pub fn solution(problem: &Problem, reports: &[Report]) -> String {
    let language = problem.meta.language;
    let mut out = String::new();
    for report in reports {
        match &report.solution {
            Solution::Battle {
                set_play,
                keys,
                tries,
            } => {
                if problem.options.set_play {
                    out.push('\n');
                    out.push_str(&tree::set_play(set_play, language));
                }
                out.push('\n');
                out.push_str(&tree::play(keys, tries, language));
            }
            Solution::Lines {
                set_play,
                solutions,
            } => {
                // Popeye ignores `setplay` in ser-# (the defender never moves).
                if problem.options.set_play && report.stipulation.play != Play::Series {
                    out.push('\n');
                    out.push_str(&lines::lines(report.stipulation, true, set_play, language));
                }
                out.push('\n');
                out.push_str(&lines::lines(
                    report.stipulation,
                    false,
                    solutions,
                    language,
                ));
                if let Some(note) = unlisted_note(report) {
                    out.push_str(&format!("\n{note}\n"));
                }
            }
        }
    }
    out
}

/// What a part that found more lines than it lists says about it, or `None`.
fn unlisted_note(report: &Report) -> Option<String> {
    (report.unlisted > 0).then(|| {
        format!(
            "partial: {} lines shown, {} more found (the lines listed hold at most {MAX_LISTED_MOVES} moves)",
            report.solution.lines_listed(),
            report.unlisted
        )
    })
}

#[cfg(test)]
mod tests;
