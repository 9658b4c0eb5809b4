//! Twins: `twin` followed by changes to the original problem (or, after `continued`, to
//! the previous twin): `move`, `exchange`, `remove`, `add`, `stipulation`,
//! `condition`, the whole-board changes `rotate`, `mirror`, `shift`, `polishtype` and
//! `substitute`, and remarks. Each change is recorded so the twin can be described as
//! Popeye prints it (`wBc1-->d2  +bSb8  -wPa2  h#1  EinsteinChess`).

use super::diagram::{MIRRORS, Placed, Transform};
use super::language::{Lookup, Words, lookup, twinning};
use super::lexer::Token;
use super::pieces::{Man, man_of_letter, parse_square};
use super::reader::{Ending, Read, Reader, ambiguous, error};
use super::setup::Setup;
use feerie_movegen::Square;

/// One change of a twin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    Create(Square, Placed),
    Remove(Square, Placed),
    Move(Square, Square, Placed),
    Exchange(Square, Placed, Square, Placed),
    /// A new stipulation or condition, as written.
    Text(String),
}

/// Popeye's description of a twin's changes: a piece added where nothing was removed
/// is marked `+`, a removal is shown unless a piece is added on the same square; items
/// are separated by two blanks.
pub fn describe(effects: &[Effect], words: &Words) -> String {
    let piece = |sq: Square, p: Placed| {
        format!(
            "{}{}{sq}",
            words.colour_mark(p.color),
            p.man.label(&words.pieces)
        )
    };
    let mut items = Vec::new();
    for (i, effect) in effects.iter().enumerate() {
        let item = match *effect {
            Effect::Create(sq, p) => {
                let replaces = effects[..i]
                    .iter()
                    .any(|e| matches!(e, Effect::Remove(s, _) if *s == sq));
                format!("{}{}", if replaces { "" } else { "+" }, piece(sq, p))
            }
            Effect::Remove(sq, p) => {
                let replaced = effects[i + 1..]
                    .iter()
                    .any(|e| matches!(e, Effect::Create(s, _) if *s == sq));
                if replaced {
                    continue;
                }
                format!("-{}", piece(sq, p))
            }
            Effect::Move(from, to, p) => format!("{}-->{to}", piece(from, p)),
            Effect::Exchange(a, pa, b, pb) => format!("{}<-->{}", piece(a, pa), piece(b, pb)),
            Effect::Text(ref text) => text.clone(),
        };
        items.push(item);
    }
    items.join("  ")
}

impl<'a> Reader<'a> {
    /// One twin after its `twin` word: the new setup, its description, whether it
    /// continues the previous twin, and what ended it.
    pub(super) fn twin(
        &mut self,
        original: &Setup,
        previous: &Setup,
    ) -> Read<(Setup, String, bool, Ending)> {
        let words = self.words;
        let continued = self.lx.peek().is_some_and(|t| {
            lookup(&words.twinnings, t.text) == Lookup::Unique(twinning::CONTINUED)
        });
        if continued {
            self.lx.next_token();
        }
        let mut setup = if continued { previous } else { original }.clone();
        let mut effects = Vec::new();
        while let Some(token) = self.lx.peek() {
            let index = match lookup(&words.twinnings, token.text) {
                Lookup::Unique(index) => index,
                Lookup::Ambiguous => return Err(ambiguous(&words.twinnings, token, "twinning")),
                Lookup::None => break,
            };
            self.lx.next_token();
            self.twinning(index, token, &mut setup, &mut effects)?;
        }
        while let Some(token) = self.lx.peek() {
            // Popeye allows only remarks after the changes of a twin.
            if lookup(&words.commands[..1], token.text) != Lookup::Unique(0) {
                break;
            }
            self.lx.next_token();
            setup.meta.remarks.extend(self.lx.rest_of_line());
        }
        let ending = match self.lx.next_token() {
            None => Ending::Eof,
            Some(token) => self.ending(token).unwrap_or_else(|| {
                Err(error(
                    token.line,
                    format!(
                        "'{}' in a twin: a twin only has changes ({}) and remarks",
                        token.text,
                        supported_twinnings(words)
                    ),
                ))
            })?,
        };
        Ok((setup, describe(&effects, words), continued, ending))
    }

    fn twinning(
        &mut self,
        index: usize,
        token: Token<'a>,
        setup: &mut Setup,
        effects: &mut Vec<Effect>,
    ) -> Read<()> {
        match index {
            twinning::MOVE | twinning::EXCHANGE => {
                let from = self.square_argument(token)?;
                let to = self.square_argument(token)?;
                let moving = occupied(setup, from, token)?;
                if from == to {
                    return Err(error(
                        token.line,
                        format!("'{}': twice the square {from}", token.text),
                    ));
                }
                if index == twinning::MOVE {
                    if let Some(old) = setup.diagram.take(to) {
                        effects.push(Effect::Remove(to, old));
                    }
                    setup.diagram.take(from);
                    setup.diagram.put(to, moving);
                    effects.push(Effect::Move(from, to, moving));
                } else {
                    let other = occupied(setup, to, token)?;
                    setup.diagram.put(from, other);
                    setup.diagram.put(to, moving);
                    effects.push(Effect::Exchange(from, moving, to, other));
                }
            }
            twinning::REMOVE => {
                for sq in self.squares_argument(token)? {
                    let old = occupied(setup, sq, token)?;
                    setup.diagram.take(sq);
                    effects.push(Effect::Remove(sq, old));
                }
            }
            twinning::ADD => self.pieces(setup, Some(effects))?,
            twinning::STIPULATION => {
                let stipulation = self.stipulation(token)?;
                setup.stipulation = Some(stipulation);
                effects.push(Effect::Text(stipulation.to_string()));
            }
            twinning::CONDITION => {
                setup.condition = None;
                let read = self.conditions(setup, token, true)?;
                let names: Vec<&str> = read.iter().map(|&c| self.words.condition_name(c)).collect();
                effects.push(Effect::Text(names.join(" ")));
            }
            twinning::ROTATE | twinning::MIRROR => {
                let word = self.argument(token, "an angle or a mirror")?;
                let name = self.words.twinnings[index];
                let transform = if index == twinning::ROTATE {
                    Transform::rotation(word.text)
                } else {
                    Transform::mirror(word.text)
                };
                let transform = transform.ok_or_else(|| {
                    let expected = if index == twinning::ROTATE {
                        "90, 180 or 270".to_string()
                    } else {
                        MIRRORS.join(", ")
                    };
                    error(
                        word.line,
                        format!(
                            "'{}' after '{}': expected {expected}",
                            word.text, token.text
                        ),
                    )
                })?;
                setup.diagram = setup.diagram.mapped(|sq| Some(transform.apply(sq)));
                effects.push(Effect::Text(format!("{name} {}", transform.text())));
            }
            twinning::SHIFT => {
                let from = self.square_argument(token)?;
                let to = self.square_argument(token)?;
                let (df, dr) = (
                    to.file() as i8 - from.file() as i8,
                    to.rank() as i8 - from.rank() as i8,
                );
                let outside = Square::all()
                    .find(|&sq| setup.diagram.get(sq).is_some() && sq.offset(df, dr).is_none());
                if let Some(sq) = outside {
                    return Err(error(
                        token.line,
                        format!(
                            "'{}' {from} {to} would move the piece on {sq} off the board",
                            token.text
                        ),
                    ));
                }
                setup.diagram = setup.diagram.mapped(|sq| sq.offset(df, dr));
                let name = self.words.twinnings[index];
                effects.push(Effect::Text(format!("{name} {from} ==> {to}")));
            }
            twinning::POLISH => {
                setup.diagram = setup.diagram.recoloured();
                effects.push(Effect::Text(self.words.twinnings[index].to_string()));
            }
            twinning::SUBSTITUTE => {
                let letters = &self.words.pieces;
                let mut man = || -> Read<(Man, char)> {
                    let word = self.argument(token, "two pieces")?;
                    let mut chars = word.text.chars();
                    let letter = chars.next().filter(|_| chars.next().is_none());
                    letter
                        .and_then(|c| Some((man_of_letter(letters, c)?, c.to_ascii_uppercase())))
                        .ok_or_else(|| {
                            error(
                                word.line,
                                format!(
                                    "'{}' after '{}' is not a piece letter ({})",
                                    word.text,
                                    token.text,
                                    letters.iter().collect::<String>()
                                ),
                            )
                        })
                };
                let (old, old_letter) = man()?;
                let (new, new_letter) = man()?;
                setup.diagram.substitute(old, new);
                effects.push(Effect::Text(format!("{old_letter} ==> {new_letter}")));
            }
            twinning::CONTINUED => {
                return Err(error(
                    token.line,
                    format!("'{}' must come first in its twin", token.text),
                ));
            }
            _ => {
                return Err(error(
                    token.line,
                    format!(
                        "twinning '{}' ({}) is not supported (Feerie knows {})",
                        token.text,
                        self.words.twinnings[index],
                        supported_twinnings(self.words)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// One square written alone.
    fn square_argument(&mut self, keyword: Token<'_>) -> Read<Square> {
        let line = self.lx.line();
        match self.lx.next_token() {
            Some(word) => parse_square(word.text).ok_or_else(|| {
                error(
                    word.line,
                    format!("'{}' after '{}' is not a square", word.text, keyword.text),
                )
            }),
            None => Err(error(line, format!("'{}' needs two squares", keyword.text))),
        }
    }
}

/// What stands on `sq`, or the error of a twinning that needs a piece there.
fn occupied(setup: &Setup, sq: Square, keyword: Token<'_>) -> Read<Placed> {
    setup.diagram.get(sq).ok_or_else(|| {
        error(
            keyword.line,
            format!("'{}': the square {sq} is empty", keyword.text),
        )
    })
}

fn supported_twinnings(words: &Words) -> String {
    [
        twinning::MOVE,
        twinning::EXCHANGE,
        twinning::REMOVE,
        twinning::ADD,
        twinning::STIPULATION,
        twinning::CONDITION,
        twinning::CONTINUED,
        twinning::ROTATE,
        twinning::MIRROR,
        twinning::SHIFT,
        twinning::POLISH,
        twinning::SUBSTITUTE,
    ]
    .iter()
    .map(|&i| words.twinnings[i])
    .collect::<Vec<_>>()
    .join(", ")
}
