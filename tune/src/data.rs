//! The tuning data: `feerie datagen` lines read once and turned into the evaluator's
//! features, stored flat (one trace after another) so a pass over a million positions
//! is a walk through a few arrays.
//!
//! A line is `<FEN> | <score> | <result>`: the search's score in centipawns and the
//! game's result (1.0, 0.5 or 0.0), both from White's point of view (docs/datagen.md).
//! Blank lines and lines starting with `#` are skipped.

use feerie_linear::{Linear, Trace};
use feerie_movegen::Position;
use rayon::prelude::*;
use std::path::Path;

/// One data line, parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<'a> {
    pub fen: &'a str,
    pub score: f64,
    pub result: f64,
}

/// Parses one line; `None` for a blank or comment line.
pub fn parse_line(text: &str) -> Option<Result<Line<'_>, String>> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Some(Err("expected `<FEN> | <score> | <result>`".into()));
    };
    let score = match score.parse::<f64>() {
        Ok(s) if s.is_finite() => s,
        _ => return Some(Err(format!("bad score '{score}'"))),
    };
    let result = match result {
        "1.0" | "1" => 1.0,
        "0.5" => 0.5,
        "0.0" | "0" => 0.0,
        _ => return Some(Err(format!("bad result '{result}' (1.0, 0.5 or 0.0)"))),
    };
    Some(Ok(Line { fen, score, result }))
}

/// Positions with their features, search scores and results.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// `terms[starts[i]..starts[i + 1]]` are position `i`'s (weight, coefficient) pairs.
    starts: Vec<usize>,
    terms: Vec<(u32, f32)>,
    constants: Vec<f64>,
    /// The search's score (White's view, centipawns).
    pub scores: Vec<f64>,
    /// The game's result (White's view).
    pub results: Vec<f64>,
}

impl Dataset {
    /// Reads every line of `texts` (the contents of the data files; `names` label them
    /// in errors) and traces each position with `eval`. Fails on the first bad line,
    /// naming its file and line number.
    pub fn build<P: Position, E: Linear<P>>(
        eval: &E,
        texts: &[(String, String)],
    ) -> Result<Dataset, String> {
        let mut lines = Vec::new();
        for (name, text) in texts {
            for (number, line) in text.lines().enumerate() {
                if let Some(parsed) = parse_line(line) {
                    lines.push(parsed.map_err(|e| format!("{name}:{}: {e}", number + 1))?);
                }
            }
        }
        let traced: Vec<Result<Trace, String>> = lines
            .par_iter()
            .map(|line| {
                P::from_fen(line.fen)
                    .map(|pos| eval.trace(&pos))
                    .map_err(|e| format!("bad FEN '{}': {e:?}", line.fen))
            })
            .collect();
        let mut data = Dataset::default();
        for (line, trace) in lines.iter().zip(traced) {
            data.push(&trace?, line.score, line.result);
        }
        Ok(data)
    }

    /// Reads the data files at `paths` (see [`Dataset::build`]).
    pub fn read<P: Position, E: Linear<P>>(eval: &E, paths: &[&Path]) -> Result<Dataset, String> {
        let texts = paths
            .iter()
            .map(|p| {
                std::fs::read_to_string(p)
                    .map(|t| (p.display().to_string(), t))
                    .map_err(|e| format!("{}: {e}", p.display()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Dataset::build(eval, &texts)
    }

    /// Appends one position.
    pub fn push(&mut self, trace: &Trace, score: f64, result: f64) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.terms.extend_from_slice(&trace.terms);
        self.starts.push(self.terms.len());
        self.constants.push(trace.constant);
        self.scores.push(score);
        self.results.push(result);
    }

    pub fn len(&self) -> usize {
        self.results.len()
    }

    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// Position `i`'s constant part and (weight, coefficient) pairs.
    #[inline]
    pub fn features(&self, i: usize) -> (f64, &[(u32, f32)]) {
        (
            self.constants[i],
            &self.terms[self.starts[i]..self.starts[i + 1]],
        )
    }

    /// The evaluation of position `i` with the weights `w`.
    #[inline]
    pub fn evaluate(&self, i: usize, w: &[f64]) -> f64 {
        let (constant, terms) = self.features(i);
        constant
            + terms
                .iter()
                .map(|&(j, c)| c as f64 * w[j as usize])
                .sum::<f64>()
    }

    /// Splits off every `k`-th block of `block` positions as a validation set (so whole
    /// stretches of games, not neighbouring positions of one game, are held out).
    pub fn split(&self, k: usize, block: usize) -> (Dataset, Dataset) {
        let (mut train, mut valid) = (Dataset::default(), Dataset::default());
        for i in 0..self.len() {
            let (constant, terms) = self.features(i);
            let trace = Trace {
                constant,
                terms: terms.to_vec(),
            };
            let target = if (i / block) % k == k - 1 {
                &mut valid
            } else {
                &mut train
            };
            target.push(&trace, self.scores[i], self.results[i]);
        }
        (train, valid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_or_say_why_not() {
        let ok = parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 | -35 | 0.5").unwrap();
        assert_eq!(
            ok,
            Ok(Line {
                fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
                score: -35.0,
                result: 0.5
            })
        );
        assert_eq!(parse_line("   "), None);
        assert_eq!(parse_line("# feerie datagen variant=chess"), None);
        for bad in [
            "fen | 1",
            "fen | x | 1.0",
            "fen | 3 | 2.0",
            "fen | inf | 1.0",
        ] {
            assert!(parse_line(bad).unwrap().is_err(), "{bad}");
        }
    }

    #[test]
    fn split_holds_out_whole_blocks() {
        let mut data = Dataset::default();
        for i in 0..10 {
            let trace = Trace {
                constant: i as f64,
                terms: vec![(0, 1.0)],
            };
            data.push(&trace, 0.0, 1.0);
        }
        let (train, valid) = data.split(3, 2);
        // Blocks of 2: [0,1] [2,3] [4,5] [6,7] [8,9]; every third (index 2) is held out.
        assert_eq!(valid.len(), 2);
        assert_eq!(valid.features(0).0, 4.0);
        assert_eq!(valid.features(1).0, 5.0);
        assert_eq!(train.len(), 8);
        assert_eq!(train.evaluate(3, &[10.0]), 13.0);
    }
}
