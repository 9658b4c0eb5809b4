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
//! - `"count"`: the number of keys or solutions; `"partial"`: true when `maxsolutions`
//!   or Ctrl-C cut the search short; `"time_ms"`: the solving time in milliseconds;
//!   `"nodes"`: the positions visited;
//! - `"warnings"`: `"cook: 2 keys"` (direct and self play with more than one key),
//!   `"2 solutions"` (help and series play with more than one), `"no solution"`, and
//!   with `variation` a dual for every defence the attacker can answer in more than one
//!   way (`"dual after c8d7: 2 continuations (d1d6, f3f7)"`); empty when there is
//!   nothing to say.
//!
//! A problem that cannot be solved as written gives one object with `"variant"`,
//! `"stipulation"`, `"fen"`, the twin fields and `"error"` (the reason); a problem that
//! cannot be read gives `{"error": "line 3: ...", "line": 3}` ([`json_input_error`]).
//!
//! Written by hand: a few fields of strings, numbers and lists need twenty lines and
//! no dependency (the tests parse the output with `serde_json`).

use crate::input::InputError;
use crate::problem::Problem;
use crate::solution::{Attack, Defence, MoveText, Report, Solution};
use crate::stipulation::Stipulation;

/// One JSON object per part of `problem` (one for an error), separated by newlines,
/// without a newline at the end.
pub fn json(problem: &Problem, result: &Result<Vec<Report>, String>) -> String {
    match result {
        Err(reason) => {
            let mut object = identity(problem, problem.stipulation, false);
            object.field("error", string(reason));
            object.finish()
        }
        Ok(reports) => reports
            .iter()
            .map(|report| part(problem, report))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// The object for a problem of the input that could not be read.
pub fn json_input_error(error: &InputError) -> String {
    let mut object = Object::default();
    object.field("error", string(&error.to_string()));
    object.field("line", error.line.to_string());
    object.finish()
}

/// The fields that say which problem and part an object is about.
fn identity(problem: &Problem, stipulation: Stipulation, swapped: bool) -> Object {
    let mut object = Object::default();
    object.field("variant", string(problem.variant.name()));
    object.field("stipulation", string(&stipulation.to_string()));
    object.field("fen", string(&problem.part_fen(swapped)));
    if let Some(twin) = &problem.twin {
        object.field("twin", string(&twin.label.to_string()));
        if !twin.change.trim().is_empty() {
            object.field("twin_change", string(twin.change.trim()));
        }
    }
    if swapped {
        object.field("duplex", "true".to_string());
    }
    object
}

fn part(problem: &Problem, report: &Report) -> String {
    let mut object = identity(problem, report.stipulation, report.swapped);
    let options = &problem.options;
    let count = report.solution.count();
    let mut warnings = Vec::new();
    match &report.solution {
        Solution::Battle {
            set_play,
            keys,
            tries,
        } => {
            object.field("keys", array(keys.iter().map(|k| string(&k.mv.uci))));
            if options.tries {
                object.field("tries", array(tries.iter().map(try_object)));
            }
            if options.set_play {
                object.field("set_play", array(set_play.iter().map(defence_object)));
            }
            if count > 1 {
                warnings.push(format!("cook: {count} keys"));
            }
            for key in keys {
                collect_duals(key, &mut warnings);
            }
        }
        Solution::Lines {
            set_play,
            solutions,
        } => {
            object.field("solutions", array(solutions.iter().map(|l| moves(l))));
            if options.set_play {
                object.field("set_play", array(set_play.iter().map(|l| moves(l))));
            }
            if count > 1 {
                warnings.push(format!("{count} solutions"));
            }
        }
    }
    if count == 0 {
        warnings.push("no solution".to_string());
    }
    object.field("count", count.to_string());
    object.field("partial", report.partial.to_string());
    let millis = report.elapsed.as_secs_f64() * 1000.0;
    object.field("time_ms", format!("{millis:.3}"));
    object.field("nodes", report.nodes.to_string());
    object.field("warnings", array(warnings.iter().map(|w| string(w))));
    object.finish()
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

fn try_object(attack: &Attack) -> String {
    let mut object = Object::default();
    object.field("move", string(&attack.mv.uci));
    object.field("refutations", moves(&attack.refutations));
    object.finish()
}

fn defence_object(defence: &Defence) -> String {
    let mut object = Object::default();
    object.field("defence", string(&defence.mv.uci));
    let answers = defence.continuations.iter().map(|a| string(&a.mv.uci));
    object.field("answers", array(answers));
    object.finish()
}

/// The UCI strings of `line`.
fn moves(line: &[MoveText]) -> String {
    array(line.iter().map(|m| string(&m.uci)))
}

/// An object under construction: `"name":value` pairs in insertion order.
#[derive(Default)]
struct Object {
    fields: Vec<(&'static str, String)>,
}

impl Object {
    fn field(&mut self, name: &'static str, value: String) {
        self.fields.push((name, value));
    }

    fn finish(self) -> String {
        let pairs: Vec<String> = self
            .fields
            .into_iter()
            .map(|(name, value)| format!("{}:{value}", string(name)))
            .collect();
        format!("{{{}}}", pairs.join(","))
    }
}

fn array(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(","))
}

/// `text` as a JSON string, escaped.
fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("Lin\"s"), "\"Lin\\\"s\"");
        assert_eq!(string("a\\b\nc\u{1}"), "\"a\\\\b\\nc\\u0001\"");
        assert_eq!(string("Klüver"), "\"Klüver\"");
    }
}
