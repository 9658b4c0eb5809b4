//! The commands that take arguments: `pieces` (and the twinning `add`), `condition`,
//! `option` and `stipulation`. Lists (pieces, conditions, options) end at the next
//! keyword; a word that is neither in the list's vocabulary nor a keyword is an error
//! that names it.

use super::diagram::Placed;
use super::language::{Condition, Lookup, lookup, option};
use super::lexer::Token;
use super::pieces::{PieceError, parse_piece_word, parse_squares};
use super::reader::{Read, Reader, ambiguous, error};
use super::setup::Setup;
use super::twins::Effect;
use crate::problem::Duplex;
use crate::stipulation::{Stipulation, StipulationError};
use feerie_movegen::{Color, Square};

impl<'a> Reader<'a> {
    /// Whether `token` ends a list: a keyword, or in a twin a twinning command.
    fn ends_list(&self, token: Token<'_>, in_twin: bool) -> bool {
        self.words.is_keyword(token.text)
            || (in_twin && lookup(&self.words.twinnings, token.text).found())
    }

    /// The next word, which `what` needs.
    pub(super) fn argument(&mut self, keyword: Token<'_>, what: &str) -> Read<Token<'a>> {
        let line = self.lx.line();
        let next = self.lx.next_token();
        next.ok_or_else(|| {
            error(
                line,
                format!("'{}' needs {what}, but the input ends", keyword.text),
            )
        })
    }

    /// A list of squares written as one word (`a1h8`).
    pub(super) fn squares_argument(&mut self, keyword: Token<'_>) -> Read<Vec<Square>> {
        let word = self.argument(keyword, "squares")?;
        parse_squares(word.text).ok_or_else(|| {
            error(
                word.line,
                format!(
                    "'{}' after '{}' is not a list of squares",
                    word.text, keyword.text
                ),
            )
        })
    }

    /// A number of at least 1.
    pub(super) fn number_argument(&mut self, keyword: Token<'_>) -> Read<u32> {
        let word = self.argument(keyword, "a number")?;
        match word.text.parse::<u32>() {
            Ok(n) if n >= 1 && word.text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => Err(error(
                word.line,
                format!(
                    "'{}' after '{}' is not a number of at least 1",
                    word.text, keyword.text
                ),
            )),
        }
    }

    pub(super) fn stipulation(&mut self, keyword: Token<'_>) -> Read<Stipulation> {
        let word = self.argument(keyword, "a stipulation")?;
        word.text
            .parse()
            .map_err(|e: StipulationError| error(word.line, format!("{}: {e}", keyword.text)))
    }

    /// A colour word: White or Black (neutral and invisible pieces are refused).
    fn colour(&self, token: Token<'_>) -> Read<Option<Color>> {
        match lookup(&self.words.colours, token.text) {
            Lookup::Unique(0) => Ok(Some(Color::White)),
            Lookup::Unique(1) => Ok(Some(Color::Black)),
            Lookup::Unique(i) => Err(error(
                token.line,
                format!(
                    "{} pieces ('{}') are not supported",
                    self.words.colours[i], token.text
                ),
            )),
            Lookup::Ambiguous => Err(ambiguous(&self.words.colours, token, "colour")),
            Lookup::None => Ok(None),
        }
    }

    /// Colour sections of pieces, for `pieces` (`effects` is `None`: a square may be
    /// given once) or for the twinning `add` (a piece replaces what stood there, and
    /// each change is recorded).
    pub(super) fn pieces(
        &mut self,
        setup: &mut Setup,
        mut effects: Option<&mut Vec<Effect>>,
    ) -> Read<()> {
        let in_twin = effects.is_some();
        let line = self.lx.line();
        let first = self.lx.next_token();
        let mut color = match first {
            Some(token) => self.colour(token)?.ok_or_else(|| {
                error(
                    token.line,
                    format!(
                        "'{}': pieces start with a colour ({} or {})",
                        token.text, self.words.colours[0], self.words.colours[1]
                    ),
                )
            })?,
            None => return Err(error(line, "pieces: a colour and pieces are missing")),
        };
        while let Some(token) = self.lx.peek() {
            let word = match parse_piece_word(self.words, token.text) {
                Ok(word) => word,
                Err(PieceError::Bad(message)) => return Err(error(token.line, message)),
                Err(PieceError::NotPiece) => {
                    if let Some(c) = self.colour(token)? {
                        color = c;
                        self.lx.next_token();
                        continue;
                    }
                    if self.ends_list(token, in_twin) {
                        break;
                    }
                    return Err(error(
                        token.line,
                        format!(
                            "'{}' is not a piece (such as {}e1 or a unit such as (bsp)a3 for Augsburg) nor a colour",
                            token.text, self.words.pieces[0]
                        ),
                    ));
                }
            };
            self.lx.next_token();
            let squares = if word.squares.is_empty() {
                self.squares_argument(token)?
            } else {
                word.squares
            };
            for sq in squares {
                let placed = Placed {
                    color,
                    man: word.man,
                    line: token.line,
                };
                let old = setup.diagram.put(sq, placed);
                match (&mut effects, old) {
                    (None, Some(_)) => {
                        return Err(error(
                            token.line,
                            format!("'{}': square {sq} is given twice", token.text),
                        ));
                    }
                    (None, None) => {}
                    (Some(effects), old) => {
                        effects.extend(old.map(|old| Effect::Remove(sq, old)));
                        effects.push(Effect::Create(sq, placed));
                    }
                }
            }
        }
        Ok(())
    }

    /// The conditions after `condition`: Feerie's variants, at most one of them.
    /// Returns those read.
    pub(super) fn conditions(
        &mut self,
        setup: &mut Setup,
        keyword: Token<'_>,
        in_twin: bool,
    ) -> Read<Vec<Condition>> {
        let mut read = Vec::new();
        while let Some(token) = self.lx.peek() {
            match self.words.condition(token.text) {
                Ok((name, cond)) => {
                    self.lx.next_token();
                    if let Some((other, line)) = setup.condition {
                        if other != cond {
                            return Err(error(
                                token.line,
                                format!(
                                    "two variants: {name} and {} (line {line}); only one is possible",
                                    self.words.condition_name(other)
                                ),
                            ));
                        }
                    }
                    setup.condition = Some((cond, token.line));
                    if !read.contains(&cond) {
                        read.push(cond);
                    }
                }
                Err(Some((name, shortest))) => {
                    return Err(error(
                        token.line,
                        format!(
                            "ambiguous condition '{}': Popeye has other conditions starting so; write at least '{shortest}' for {name}",
                            token.text
                        ),
                    ));
                }
                Err(None) if self.ends_list(token, in_twin) => break,
                Err(None) => {
                    let names: Vec<&str> = self.words.conditions.iter().map(|c| c.0).collect();
                    return Err(error(
                        token.line,
                        format!(
                            "condition '{}' is not supported (Feerie knows {})",
                            token.text,
                            names.join(", ")
                        ),
                    ));
                }
            }
        }
        if read.is_empty() {
            return Err(error(
                keyword.line,
                format!("'{}' without a condition", keyword.text),
            ));
        }
        Ok(read)
    }

    /// The options after `option`.
    pub(super) fn options(&mut self, setup: &mut Setup, keyword: Token<'_>) -> Read<()> {
        let mut count = 0;
        while let Some(token) = self.lx.peek() {
            let index = match lookup(&self.words.options, token.text) {
                Lookup::Unique(index) => index,
                Lookup::Ambiguous => return Err(ambiguous(&self.words.options, token, "option")),
                Lookup::None if self.words.is_keyword(token.text) => break,
                Lookup::None => {
                    return Err(error(
                        token.line,
                        format!("unknown option '{}'", token.text),
                    ));
                }
            };
            self.lx.next_token();
            count += 1;
            self.option(index, token, setup)?;
        }
        if count == 0 {
            return Err(error(
                keyword.line,
                format!("'{}' without an option", keyword.text),
            ));
        }
        Ok(())
    }

    fn option(&mut self, index: usize, token: Token<'_>, setup: &mut Setup) -> Read<()> {
        let options = &mut setup.options;
        match index {
            // Popeye: `try` is `defence 1`, and `defence N` shows tries too.
            option::TRY => {
                options.tries = true;
                options.defence = 1;
            }
            option::DEFENCE => {
                options.defence = self.number_argument(token)?;
                options.tries = true;
            }
            option::SET_PLAY => options.set_play = true,
            option::VARIATION => options.variation = true,
            option::NO_THREAT => options.no_threat = true,
            option::MOVE_NUMBERS => options.move_numbers = true,
            option::MAX_SOLUTIONS => {
                let n = self.number_argument(token)?;
                options.max_solutions = Some(n as usize);
            }
            option::DUPLEX | option::HALF_DUPLEX => {
                if options.duplex != Duplex::No {
                    return Err(error(
                        token.line,
                        format!("'{}': duplex or halfduplex is given already", token.text),
                    ));
                }
                options.duplex = if index == option::DUPLEX {
                    Duplex::Duplex
                } else {
                    Duplex::HalfDuplex
                };
            }
            option::NO_CASTLING => {
                let squares = self.squares_argument(token)?;
                setup.no_castling.extend(squares);
            }
            option::EN_PASSANT => {
                let squares = self.squares_argument(token)?;
                setup.en_passant = Some((squares, token.line));
            }
            // Popeye reads a number after `intelligent` only when there is one.
            option::INTELLIGENT => {
                let count = self
                    .lx
                    .peek()
                    .and_then(|t| t.text.parse::<u32>().ok().filter(|_| is_number(t.text)));
                if count.is_some() {
                    self.lx.next_token();
                }
                options.intelligent = count;
            }
            option::WHITE_TO_PLAY => setup.white_to_play = Some(token.line),
            // Accepted and ignored: they change only Popeye's progress report, its
            // speed, or leave out part of what it prints (docs/solve-input.md).
            option::NO_BOARD => options.no_board = true,
            option::NO_SHORT_VARIATIONS
            | option::STOP_ON_SHORT_SOLUTIONS
            | option::KEEP_MATING_PIECE => {}
            option::MAX_TIME => options.max_time = Some(self.number_argument(token)?),
            option::THREAT | option::START_MOVE_NUMBER => {
                self.number_argument(token)?;
            }
            option::CASTLING_MUTUALLY_EXCLUSIVE => {
                self.squares_argument(token)?;
            }
            option::POST_KEY_PLAY | option::QUODLIBET | option::NULL_MOVES => {
                return Err(error(
                    token.line,
                    format!(
                        "option '{}' ({}) changes what is solved and is not supported",
                        token.text, self.words.options[index]
                    ),
                ));
            }
            _ => {
                return Err(error(
                    token.line,
                    format!(
                        "option '{}' ({}) is not supported",
                        token.text, self.words.options[index]
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// A word of digits only (Popeye's `strtoul` with nothing left over).
fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}
