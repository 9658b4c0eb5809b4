//! The output for programs: one JSON object per problem part, each on its own line.
//!
//! A part is the stipulation as written, or its duplex (`duplex`/`halfduplex`); a
//! problem with twins gives the parts of each twin. Fields, in this order:
//!
//! - `"variant"`: the `UCI_Variant` name (`"einstein"`, `"dynamo"`, ...);
//! - `"stipulation"`: as Popeye writes it (`"#2"`, `"h#2.5"`, `"ser-h=3"`);
//! - `"fen"`: the position solved, its side to move the first mover (for the duplex
//!   part the other side, without en passant square), so moves replay from it;
//! - `"twin"`: the twin's label (`"a"`, `"b"`, ...) and `"twin_change"`: what it
//!   changed, as Popeye writes it (absent for `a`); both only for a problem with twins;
//! - `"duplex": true` for the part with the colours' roles exchanged (absent otherwise);
//! - direct and self play: `"keys"`: every key as the UCI move string; with `try`,
//!   `"tries"`: `[{"move": "e2e4", "refutations": ["e7e5"]}]`; with `setplay`,
//!   `"set_play"`: `[{"defence": "h8g8", "answers": ["g6e8"]}]`;
//! - help and series play: `"solutions"`: every solution as the list of its moves in
//!   the order played; with `setplay`, `"set_play"`: the set play's lines the same way;
//! - `"count"`: the number of keys or solutions listed; `"unlisted"`: the help or
//!   series lines found beyond the 100,000 moves listed (absent when none);
//!   `"partial"`: true when `maxsolutions` or Ctrl-C cut the search short or lines are
//!   unlisted;
//!   `"time_ms"`: the solving time in milliseconds; `"nodes"`: the positions visited;
//! - `"warnings"`: `"cook: 2 keys"` (direct and self play with more than one key),
//!   `"2 solutions"` (help and series play with more than one), `"no solution"`, and
//!   with `variation` a dual for every defence the attacker can answer in more than one
//!   way (`"dual after c8d7: 2 continuations (d1d6, f3f7)"`), and the note on unlisted
//!   lines (`"partial: 30445 lines shown, 52 more found ..."`); empty when there is
//!   nothing to say.
//!
//! A problem that cannot be solved as written gives one object with `"variant"`,
//! `"stipulation"`, `"fen"`, the twin fields and `"error"` (the reason); a problem that
//! cannot be read gives `{"error": "line 3: ...", "line": 3}` ([`json_input_error`]).
//!
//! Built as `serde` structs whose fields are declared in the order above.

use crate::input::InputError;
use crate::problem::Problem;
use crate::solution::{Attack, Defence, MoveText, Report, Solution, UnsolvablePosition};
use crate::stipulation::Stipulation;
use serde::Serialize;

/// One JSON object per part of `problem` (one for an error), separated by newlines,
/// without a newline at the end.
pub fn json(problem: &Problem, result: &Result<Vec<Report>, UnsolvablePosition>) -> String {
    match result {
        Err(reason) => to_line(&Failed {
            identity: identity(problem, problem.stipulation, false),
            error: reason.to_string(),
        }),
        Ok(reports) => reports
            .iter()
            .map(|report| to_line(&part(problem, report)))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// The object of each part in `reports`, as values to add fields to (the page's tree).
pub(crate) fn part_objects(problem: &Problem, reports: &[Report]) -> Vec<serde_json::Value> {
    reports
        .iter()
        .map(|report| {
            serde_json::to_value(part(problem, report))
                .expect("the solver's JSON has only strings, numbers and lists")
        })
        .collect()
}

/// The object for a problem of the input that could not be read.
pub fn json_input_error(error: &InputError) -> String {
    to_line(&Unreadable {
        error: error.to_string(),
        line: error.line,
    })
}

/// Which problem and part an object is about.
#[derive(Serialize)]
struct Identity<'a> {
    variant: &'static str,
    stipulation: String,
    fen: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    twin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    twin_change: Option<&'a str>,
    #[serde(skip_serializing_if = "is_false")]
    duplex: bool,
}

#[derive(Serialize)]
struct Failed<'a> {
    #[serde(flatten)]
    identity: Identity<'a>,
    error: String,
}

#[derive(Serialize)]
struct Unreadable {
    error: String,
    line: usize,
}

#[derive(Serialize)]
struct Part<'a> {
    #[serde(flatten)]
    identity: Identity<'a>,
    #[serde(flatten)]
    play: Play<'a>,
    count: usize,
    #[serde(skip_serializing_if = "is_zero")]
    unlisted: usize,
    partial: bool,
    time_ms: f64,
    nodes: u64,
    warnings: Vec<String>,
}

/// What was found, by the kind of play.
#[derive(Serialize)]
#[serde(untagged)]
enum Play<'a> {
    Battle {
        keys: Vec<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        tries: Option<Vec<Try<'a>>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        set_play: Option<Vec<SetDefence<'a>>>,
    },
    Lines {
        solutions: Vec<Vec<&'a str>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        set_play: Option<Vec<Vec<&'a str>>>,
    },
}

#[derive(Serialize)]
struct Try<'a> {
    #[serde(rename = "move")]
    mv: &'a str,
    refutations: Vec<&'a str>,
}

#[derive(Serialize)]
struct SetDefence<'a> {
    defence: &'a str,
    answers: Vec<&'a str>,
}

fn is_false(value: &bool) -> bool {
    !value
}

fn is_zero(value: &usize) -> bool {
    *value == 0
}

fn to_line(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("the solver's JSON has only strings, numbers and lists")
}

fn identity(problem: &Problem, stipulation: Stipulation, swapped: bool) -> Identity<'_> {
    let twin = problem.twin.as_ref();
    Identity {
        variant: problem.variant.name(),
        stipulation: stipulation.to_string(),
        fen: problem.part_fen(swapped),
        twin: twin.map(|t| t.label.to_string()),
        twin_change: twin
            .map(|t| t.change.trim())
            .filter(|change| !change.is_empty()),
        duplex: swapped,
    }
}

fn part<'a>(problem: &'a Problem, report: &'a Report) -> Part<'a> {
    let options = &problem.options;
    let count = report.solution.count();
    let mut warnings = Vec::new();
    let play = match &report.solution {
        Solution::Battle {
            set_play,
            keys,
            tries,
        } => {
            if count > 1 {
                warnings.push(format!("cook: {count} keys"));
            }
            for key in keys {
                collect_duals(key, &mut warnings);
            }
            Play::Battle {
                keys: keys.iter().map(|k| k.mv.uci.as_str()).collect(),
                tries: options.tries.then(|| tries.iter().map(try_of).collect()),
                set_play: options
                    .set_play
                    .then(|| set_play.iter().map(set_defence).collect()),
            }
        }
        Solution::Lines {
            set_play,
            solutions,
        } => {
            if count > 1 {
                warnings.push(format!("{count} solutions"));
            }
            Play::Lines {
                solutions: solutions.iter().map(|l| moves(l)).collect(),
                set_play: options
                    .set_play
                    .then(|| set_play.iter().map(|l| moves(l)).collect()),
            }
        }
    };
    if count == 0 {
        warnings.push("no solution".to_string());
    }
    warnings.extend(super::unlisted_note(report));
    Part {
        identity: identity(problem, report.stipulation, report.swapped),
        play,
        count,
        unlisted: report.unlisted,
        partial: report.partial,
        time_ms: (report.elapsed.as_secs_f64() * 1e6).round() / 1e3,
        nodes: report.nodes,
        warnings,
    }
}

/// A warning for every defence in the tree under `attack` that the attacker can answer
/// in more than one way (the tree lists only the continuations of the shortest length).
fn collect_duals(attack: &Attack, warnings: &mut Vec<String>) {
    for defence in &attack.defences {
        let answers = &defence.continuations;
        if answers.len() > 1 {
            let names: Vec<&str> = answers.iter().map(|a| a.mv.uci.as_str()).collect();
            warnings.push(format!(
                "dual after {}: {} continuations ({})",
                defence.mv.uci,
                answers.len(),
                names.join(", ")
            ));
        }
        for answer in answers {
            collect_duals(answer, warnings);
        }
    }
}

fn try_of(attack: &Attack) -> Try<'_> {
    Try {
        mv: &attack.mv.uci,
        refutations: moves(&attack.refutations),
    }
}

fn set_defence(defence: &Defence) -> SetDefence<'_> {
    SetDefence {
        defence: &defence.mv.uci,
        answers: defence
            .continuations
            .iter()
            .map(|a| a.mv.uci.as_str())
            .collect(),
    }
}

/// The UCI strings of `line`.
fn moves(line: &[MoveText]) -> Vec<&str> {
    line.iter().map(|m| m.uci.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let text = to_line(&Unreadable {
            error: "Lin\"s a\\b\nc\u{1} Klüver".to_string(),
            line: 3,
        });
        assert_eq!(text, r#"{"error":"Lin\"s a\\b\nc\u0001 Klüver","line":3}"#);
    }
}
