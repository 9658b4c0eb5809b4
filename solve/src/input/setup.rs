//! Everything a problem's commands set, before it becomes a [`Problem`]: the twins
//! copy it and change parts of it.

use super::InputError;
use super::diagram::Diagram;
use super::language::Condition;
use crate::problem::{Meta, Problem, SolveOptions, Twin};
use crate::stipulation::{Play, Stipulation};
use feerie_movegen::Square;
use feerie_variants::Variant;

/// A problem as read so far.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    pub meta: Meta,
    pub diagram: Diagram,
    pub stipulation: Option<Stipulation>,
    /// The variant's condition and the line that named it; none for orthodox chess.
    pub condition: Option<(Condition, usize)>,
    pub options: SolveOptions,
    /// Squares of `option nocastling`.
    pub no_castling: Vec<Square>,
    /// Squares of `option enpassant` (departure, passed squares, arrival) and its line.
    pub en_passant: Option<(Vec<Square>, usize)>,
    /// The line of `option whitetoplay`.
    pub white_to_play: Option<usize>,
}

impl Condition {
    pub fn variant(self) -> Variant {
        match self {
            Condition::Einstein => Variant::Einstein,
            Condition::ReverseEinstein => Variant::ReverseEinstein,
            Condition::AntiEinstein => Variant::AntiEinstein,
            Condition::Dynamo => Variant::Dynamo,
            Condition::Augsburg => Variant::Augsburg,
        }
    }
}

impl Setup {
    /// Popeye's `whitetoplay`: a helpmate of whole moves starts with White and is half
    /// a move shorter (`h#2` becomes `h#1.5`); elsewhere Popeye ignores it, and so does
    /// Feerie.
    fn white_to_play(&self, stipulation: Stipulation) -> Stipulation {
        match stipulation {
            Stipulation {
                play: Play::Help,
                half: false,
                moves: moves @ 1..,
                ..
            } if self.white_to_play.is_some() => Stipulation {
                moves: moves - 1,
                half: true,
                ..stipulation
            },
            _ => stipulation,
        }
    }

    pub fn variant(&self) -> Variant {
        self.condition.map_or(Variant::Chess, |(c, _)| c.variant())
    }

    /// The problem this setup describes; `line` is where it starts, and where an error
    /// without a line of its own (no stipulation, an impossible position) is reported.
    pub fn to_problem(&self, twin: Option<Twin>, line: usize) -> Result<Problem, InputError> {
        let stipulation = self.stipulation.ok_or_else(|| InputError {
            line,
            message: "no stipulation (a command 'stipulation' such as 'stipulation #2' is needed)"
                .to_string(),
        })?;
        let stipulation = self.white_to_play(stipulation);
        let fen = super::fen::build(self, stipulation, line)?;
        Ok(Problem {
            meta: self.meta.clone(),
            variant: self.variant(),
            fen,
            stipulation,
            options: self.options.clone(),
            twin,
            line,
        })
    }
}
