//! The reading loop: the language from the first word, then problem after problem,
//! each a list of commands and then its twins. A problem that cannot be read gives one
//! error and reading resumes after its `nextproblem` or stops at its `endproblem`;
//! a twin whose position is impossible gives an error of its own and its siblings stay.

use super::InputError;
use super::forsyth;
use super::language::{Language, Lookup, Words, command, lookup};
use super::lexer::{Lexer, Token};
use super::setup::Setup;
use crate::problem::{Problem, Twin, TwinLabel};

/// What ended a problem or a twin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `endproblem`: nothing more is read.
    End,
    /// `nextproblem`: another problem follows.
    Next,
    /// End of the input (accepted as `endproblem`).
    Eof,
    /// `twin` at this line.
    Twin(usize),
    /// `zeroposition` at this line: the position read is not solved, only its twins.
    Zero(usize),
}

pub type Read<T> = Result<T, InputError>;

pub fn error(line: usize, message: impl Into<String>) -> InputError {
    InputError {
        line,
        message: message.into(),
    }
}

/// The error for a word that abbreviates several keywords of `table`: it names them.
pub fn ambiguous(table: &[&str], token: Token<'_>, what: &str) -> InputError {
    let lower = token.text.to_ascii_lowercase();
    let candidates: Vec<&str> = table
        .iter()
        .copied()
        .filter(|k| k.to_ascii_lowercase().starts_with(&lower))
        .collect();
    error(
        token.line,
        format!(
            "ambiguous {what} '{}' (it abbreviates {})",
            token.text,
            candidates.join(", ")
        ),
    )
}

/// Reads problems with the words of one language.
#[derive(Debug)]
pub struct Reader<'a> {
    pub lx: Lexer<'a>,
    pub language: Language,
    pub words: &'static Words,
}

pub fn parse(text: &str) -> Vec<Result<Problem, InputError>> {
    let mut lx = Lexer::new(text);
    let Some(first) = lx.next_token() else {
        return vec![Err(error(
            1,
            "the input is empty: a problem starts with beginproblem (debutprobleme, anfangproblem)",
        ))];
    };
    let mut out = Vec::new();
    let language = Language::ALL
        .into_iter()
        .find(|l| lookup(&[l.words().begin], first.text) == Lookup::Unique(0));
    let language = match language {
        Some(l) => l,
        None => {
            out.push(Err(error(
                first.line,
                format!(
                    "'{}': the input must start with beginproblem (French debutprobleme, German anfangproblem)",
                    first.text
                ),
            )));
            match next_problem_in_any_language(&mut lx) {
                Some(l) => l,
                None => return out,
            }
        }
    };
    let mut reader = Reader {
        lx,
        language,
        words: language.words(),
    };
    while reader.problem(&mut out) == Ending::Next {}
    out
}

/// After a start that names no language: the language of the first `nextproblem`,
/// none when an `endproblem` or the end comes first.
fn next_problem_in_any_language(lx: &mut Lexer<'_>) -> Option<Language> {
    while let Some(token) = lx.next_token() {
        for language in Language::ALL {
            match lookup(&language.words().problem_end, token.text) {
                Lookup::Unique(1) => return Some(language),
                Lookup::Unique(_) => return None,
                _ => {}
            }
        }
    }
    None
}

/// The commands whose text (the rest of the line) Feerie reads and leaves aside:
/// `protocol FILE` (Feerie writes no protocol file) and `latex FILE` (no LaTeX output).
fn is_ignored_text(index: usize) -> bool {
    matches!(index, command::PROTOCOL | command::LATEX)
}

impl<'a> Reader<'a> {
    /// Reads one problem (all its twins) into `out`; returns what ended it.
    fn problem(&mut self, out: &mut Vec<Result<Problem, InputError>>) -> Ending {
        let Some(first) = self.lx.peek() else {
            // Nothing after the last `nextproblem`: no problem, no error.
            return Ending::Eof;
        };
        let line = first.line;
        match self.problem_and_twins(out, line) {
            Ok(ending) => ending,
            Err(e) => {
                out.push(Err(e));
                self.skip_problem()
            }
        }
    }

    fn problem_and_twins(
        &mut self,
        out: &mut Vec<Result<Problem, InputError>>,
        line: usize,
    ) -> Read<Ending> {
        let mut setup = Setup::default();
        setup.meta.language = self.language;
        let ending = self.commands(&mut setup)?;
        let (mut twin_line, mut label) = match ending {
            Ending::Twin(twin_line) => {
                let twin = Twin {
                    label: TwinLabel(0),
                    change: String::new(),
                    continued: false,
                    zero: None,
                };
                out.push(setup.to_problem(Some(twin), line));
                (twin_line, TwinLabel(1))
            }
            Ending::Zero(twin_line) => (twin_line, TwinLabel(0)),
            _ => {
                out.push(setup.to_problem(None, line));
                return Ok(ending);
            }
        };
        // The zero position's diagram, printed above the first twin.
        let mut zero = matches!(ending, Ending::Zero(_))
            .then(|| setup.to_problem(None, line).ok().map(|p| p.fen))
            .flatten();
        let mut previous = setup.clone();
        loop {
            let (next, change, continued, ending) = self.twin(&setup, &previous)?;
            let twin = Twin {
                label,
                change,
                continued,
                zero: zero.take(),
            };
            label = label.next();
            out.push(next.to_problem(Some(twin), twin_line));
            previous = next;
            match ending {
                Ending::Twin(line) => twin_line = line,
                Ending::Zero(line) => {
                    return Err(error(line, "zeroposition must come before the first twin"));
                }
                other => return Ok(other),
            }
        }
    }

    /// The commands before the first twin.
    fn commands(&mut self, setup: &mut Setup) -> Read<Ending> {
        let words = self.words;
        while let Some(token) = self.lx.next_token() {
            match lookup(&words.commands, token.text) {
                Lookup::Unique(index) => self.command(index, token, setup)?,
                Lookup::Ambiguous => return Err(ambiguous(&words.commands, token, "keyword")),
                Lookup::None => {
                    return self.ending(token).unwrap_or_else(|| {
                        Err(error(
                            token.line,
                            format!("unknown keyword '{}'", token.text),
                        ))
                    });
                }
            }
        }
        Ok(Ending::Eof)
    }

    /// `token` as the end of a problem or twin; `None` when it is neither.
    pub fn ending(&self, token: Token<'_>) -> Option<Read<Ending>> {
        let words = self.words;
        match lookup(&words.problem_end, token.text) {
            Lookup::Unique(0) => return Some(Ok(Ending::End)),
            Lookup::Unique(_) => return Some(Ok(Ending::Next)),
            Lookup::Ambiguous => return Some(Err(ambiguous(&words.problem_end, token, "keyword"))),
            Lookup::None => {}
        }
        match lookup(&words.twin, token.text) {
            Lookup::Unique(0) => Some(Ok(Ending::Twin(token.line))),
            Lookup::Unique(_) => Some(Ok(Ending::Zero(token.line))),
            Lookup::Ambiguous => Some(Err(ambiguous(&words.twin, token, "keyword"))),
            Lookup::None => None,
        }
    }

    fn command(&mut self, index: usize, token: Token<'_>, setup: &mut Setup) -> Read<()> {
        let meta = &mut setup.meta;
        let text_list = match index {
            command::REMARK => Some(&mut meta.remarks),
            command::AUTHOR => Some(&mut meta.authors),
            command::ORIGIN => Some(&mut meta.origins),
            command::AWARD => Some(&mut meta.awards),
            command::TITLE => Some(&mut meta.titles),
            _ => None,
        };
        if let Some(list) = text_list {
            list.extend(self.lx.rest_of_line());
            return Ok(());
        }
        if is_ignored_text(index) {
            self.lx.rest_of_line();
            return Ok(());
        }
        match index {
            command::FORSYTH => {
                let line = self.lx.line();
                let word = self.lx.next_token().ok_or_else(|| {
                    error(
                        line,
                        format!("'{}' needs a position, but the input ends", token.text),
                    )
                })?;
                let placed =
                    forsyth::placed(&self.words.pieces, word.text, word.line).map_err(|e| {
                        error(word.line, format!("{} '{}': {e}", token.text, word.text))
                    })?;
                for (sq, p) in placed {
                    setup.diagram.put(sq, p);
                }
                Ok(())
            }
            command::PIECES => self.pieces(setup, None),
            command::CONDITION => self.conditions(setup, token, false).map(|_| ()),
            command::OPTION => self.options(setup, token),
            command::STIPULATION => {
                setup.stipulation = Some(self.stipulation(token)?);
                Ok(())
            }
            _ => Err(error(
                token.line,
                format!(
                    "'{}' ({}) is not supported",
                    token.text, self.words.commands[index]
                ),
            )),
        }
    }

    /// Skips the rest of a problem that cannot be read.
    fn skip_problem(&mut self) -> Ending {
        let words = self.words;
        while let Some(token) = self.lx.next_token() {
            match lookup(&words.commands, token.text) {
                Lookup::Unique(
                    command::REMARK
                    | command::AUTHOR
                    | command::ORIGIN
                    | command::TITLE
                    | command::PROTOCOL
                    | command::LATEX
                    | command::AWARD,
                ) => {
                    self.lx.rest_of_line();
                }
                _ => match lookup(&words.problem_end, token.text) {
                    Lookup::Unique(0) => return Ending::End,
                    Lookup::Unique(_) => return Ending::Next,
                    _ => {}
                },
            }
        }
        Ending::Eof
    }
}
