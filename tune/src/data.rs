//! The tuning data: `feerie datagen` lines read once and turned into the evaluator's
//! features, stored flat (one trace after another) so a pass over a million positions
//! is a walk through a few arrays.
//!
//! A line is `<FEN> | <score> | <result>`: the search's score in centipawns and the
//! game's result (1.0, 0.5 or 0.0), both from White's point of view (docs/datagen.md).
//! Blank lines and lines starting with `#` are skipped. A file in the binary format
//! ([`crate::packed`], told by its first bytes) is read back into such lines.

use crate::packed::{self, BadRecord, RECORD, Unpacked};
use feerie_eval::file::read_prefix;
use feerie_linear::{Linear, Trace};
use feerie_movegen::{FenError, Position};
use rayon::prelude::*;
use std::fmt;
use std::path::{Path, PathBuf};

/// One data line, parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<'a> {
    pub fen: &'a str,
    pub score: f64,
    pub result: f64,
}

/// Parses one line; `None` for a blank or comment line.
pub fn parse_line(text: &str) -> Option<Result<Line<'_>, LineError>> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Some(Err(LineError::Fields));
    };
    let score = match score.parse::<f64>() {
        Ok(s) if s.is_finite() => s,
        _ => return Some(Err(LineError::Score(score.to_string()))),
    };
    let result = match result {
        "1.0" | "1" => 1.0,
        "0.5" => 0.5,
        "0.0" | "0" => 0.0,
        _ => return Some(Err(LineError::Result(result.to_string()))),
    };
    Some(Ok(Line { fen, score, result }))
}

/// Why a data line was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum LineError {
    /// Not three fields separated by `|`.
    Fields,
    /// The score is not a finite number.
    Score(String),
    /// The result is not 1.0, 0.5 or 0.0.
    Result(String),
    /// The FEN is not a position of the variant.
    Fen { fen: String, error: FenError },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Fields => write!(f, "expected `<FEN> | <score> | <result>`"),
            LineError::Score(score) => write!(f, "bad score '{score}'"),
            LineError::Result(result) => write!(f, "bad result '{result}' (1.0, 0.5 or 0.0)"),
            LineError::Fen { fen, error } => write!(f, "bad FEN '{fen}': {error}"),
        }
    }
}

impl std::error::Error for LineError {}

/// Why data could not be read: a file that cannot be read, or the first bad line.
#[derive(Debug)]
pub enum DataError {
    /// A data file could not be read.
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Line `line` (counted from 1) of `file`.
    Line {
        file: String,
        line: usize,
        reason: LineError,
    },
    /// A bad record of the binary file `file`.
    Packed { file: String, bad: BadRecord },
    /// The position of record `record` (counted from 1) of the binary file `file`.
    Record {
        file: String,
        record: u64,
        reason: LineError,
    },
    /// Neither text nor the binary format: byte `byte` is not UTF-8.
    NotText { path: PathBuf, byte: usize },
}

impl DataError {
    /// The error of the line at `index` (counted from 0) of `file`.
    pub fn at(file: &str, index: usize, reason: LineError) -> DataError {
        DataError::Line {
            file: file.to_string(),
            line: index + 1,
            reason,
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Read { path, error } => write!(f, "{}: {error}", path.display()),
            DataError::Line { file, line, reason } => write!(f, "{file}:{line}: {reason}"),
            DataError::Packed { file, bad } => write!(f, "{file}: {bad}"),
            DataError::Record {
                file,
                record,
                reason,
            } => {
                let byte = (record - 1) * RECORD as u64;
                write!(f, "{file}: record {record} (byte {byte}): {reason}")
            }
            DataError::NotText { path, byte } => write!(
                f,
                "{}: not a data file: neither feerie's binary format (it does not start \
                 with its magic bytes) nor text (byte {byte} is not UTF-8)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for DataError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DataError::Read { error, .. } => Some(error),
            DataError::NotText { .. } => None,
            DataError::Line { reason, .. } | DataError::Record { reason, .. } => Some(reason),
            DataError::Packed { bad, .. } => Some(&bad.error),
        }
    }
}

/// A data file read as text lines, from either format.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DataText {
    /// The file's name, as errors show it.
    pub name: String,
    pub text: String,
    /// Where the lines of a binary file came from (its text moved to `text`).
    packed: Option<Unpacked>,
}

impl DataText {
    /// The error `error` of line-numbered `text`, given for a binary file by the record
    /// the line came from.
    pub fn locate(&self, error: DataError) -> DataError {
        match (error, &self.packed) {
            (DataError::Line { file, line, reason }, Some(packed)) if file == self.name => {
                let record = packed.record_of(line - 1);
                DataError::Record {
                    file,
                    record,
                    reason,
                }
            }
            (error, _) => error,
        }
    }

    /// What to tell about the file: a last record cut short that was dropped.
    pub fn note(&self) -> Option<String> {
        let (record, bytes) = self.packed.as_ref()?.cut?;
        Some(format!(
            "{}: record {record} was cut short ({bytes} of its bytes are there, as when a \
             write is killed): dropped",
            self.name
        ))
    }

    /// The variant of a binary file; `None` for text.
    pub fn variant(&self) -> Option<&'static str> {
        self.packed.as_ref().map(|p| p.variant)
    }
}

/// The data file at `path` as text lines, in either format; a binary file must hold
/// `variant`'s data when one is given. Only a regular file is opened: a device such as
/// `/dev/zero` would be read until memory runs out, and a FIFO would block.
pub fn read_data(path: &Path, variant: Option<&str>) -> Result<DataText, DataError> {
    let failed = |error| DataError::Read {
        path: path.to_path_buf(),
        error,
    };
    let (bytes, _) = read_prefix(path, u64::MAX).map_err(failed)?;
    let name = path.display().to_string();
    if packed::is_packed(&bytes) {
        let mut packed = packed::unpack(&bytes, variant).map_err(|bad| DataError::Packed {
            file: name.clone(),
            bad,
        })?;
        let text = std::mem::take(&mut packed.text);
        return Ok(DataText {
            name,
            text,
            packed: Some(packed),
        });
    }
    let text = String::from_utf8(bytes).map_err(|e| DataError::NotText {
        path: path.to_path_buf(),
        byte: e.utf8_error().valid_up_to(),
    })?;
    Ok(DataText {
        name,
        text,
        packed: None,
    })
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
        texts: &[(&str, &str)],
    ) -> Result<Dataset, DataError> {
        let mut lines = Vec::new();
        for (name, text) in texts {
            for (index, line) in text.lines().enumerate() {
                if let Some(parsed) = parse_line(line) {
                    let parsed = parsed.map_err(|e| DataError::at(name, index, e))?;
                    lines.push((name, index, parsed));
                }
            }
        }
        let traced: Vec<Result<Trace, DataError>> = lines
            .par_iter()
            .map(|(name, index, line)| {
                P::from_fen(line.fen)
                    .map(|pos| eval.trace(&pos))
                    .map_err(|error| {
                        let fen = line.fen.to_string();
                        DataError::at(name, *index, LineError::Fen { fen, error })
                    })
            })
            .collect();
        let mut data = Dataset::default();
        for ((_, _, line), trace) in lines.iter().zip(traced) {
            data.push(&trace?, line.score, line.result);
        }
        Ok(data)
    }

    /// Reads the data files `files` (see [`Dataset::build`]); an error in a binary
    /// file names its record.
    pub fn read<P: Position, E: Linear<P>>(
        eval: &E,
        files: &[DataText],
    ) -> Result<Dataset, DataError> {
        let texts: Vec<(&str, &str)> = files
            .iter()
            .map(|f| (f.name.as_str(), f.text.as_str()))
            .collect();
        Dataset::build(eval, &texts).map_err(|error| match &error {
            DataError::Line { file, .. } => match files.iter().find(|f| &f.name == file) {
                Some(f) => f.locate(error),
                None => error,
            },
            _ => error,
        })
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
    use feerie_linear::ChessEval;
    use feerie_movegen::Chess;

    #[test]
    fn a_bad_fen_names_its_file_and_line() {
        let text = "# feerie datagen\n4k3/8/8/8/8/8/8/9 w - - 0 1 | 0 | 1.0\n";
        let texts = [("d", text)];
        let err = Dataset::build::<Chess, _>(&ChessEval::default(), &texts).unwrap_err();
        assert!(
            matches!(
                err,
                DataError::Line {
                    line: 2,
                    reason: LineError::Fen { .. },
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().starts_with("d:2: bad FEN"), "{err}");
    }

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
