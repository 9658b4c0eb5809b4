//! A problem as the solver takes it: one position of one variant, a stipulation and the
//! options, with the texts that go above the diagram. A twin is a problem of its own.

use crate::stipulation::Stipulation;
use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};

/// The texts printed above the diagram, in input order, and the language they are
/// written in: Popeye answers a problem in the language of its input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    pub authors: Vec<String>,
    pub origins: Vec<String>,
    /// `award` lines, printed after the origin as Popeye does.
    pub awards: Vec<String>,
    pub titles: Vec<String>,
    pub remarks: Vec<String>,
    pub language: Language,
}

/// Popeye's three languages, chosen by the first keyword of the input; English for a
/// problem given on the command line or by the page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Language {
    French,
    German,
    #[default]
    English,
}

/// Popeye's `duplex` and `halfduplex`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Duplex {
    /// The stipulation as written.
    #[default]
    No,
    /// As written, then with the colours' roles exchanged.
    Duplex,
    /// Only with the colours' roles exchanged.
    HalfDuplex,
}

/// The options that change what is solved and shown (castling and en passant rights are
/// already in the FEN).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// `try`: also first moves refuted by at most `defence` replies.
    pub tries: bool,
    /// `variation`: the full tree of threats, defences and continuations.
    pub variation: bool,
    /// `nothreat`: no threats in the tree.
    pub no_threat: bool,
    /// `setplay`: what happens if the defender (or, in help play, the other side)
    /// moves first.
    pub set_play: bool,
    /// `defence N`: the most refutations a try may have (1 unless given).
    pub defence: u32,
    /// `maxsolutions N`: stop after N solutions.
    pub max_solutions: Option<usize>,
    /// `movenumbers`: report each first move as it is tried.
    pub move_numbers: bool,
    pub duplex: Duplex,
    /// Popeye's `intelligent N`: at most N solutions per mating position. Kept for a
    /// goal-directed solver; the exhaustive one finds every solution anyway.
    pub intelligent: Option<u32>,
    /// `noboard`: no texts, diagram, stipulation or condition lines above the solution.
    pub no_board: bool,
    /// `maxtime N`: the command line stops solving the problem after N seconds.
    pub max_time: Option<u32>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            tries: false,
            variation: false,
            no_threat: false,
            set_play: false,
            defence: 1,
            max_solutions: None,
            move_numbers: false,
            duplex: Duplex::No,
            intelligent: None,
            no_board: false,
            max_time: None,
        }
    }
}

/// A twin's label and what it changed, as Popeye prints it (`b) bc1-->d2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    /// `a`, `b`, ..., `z`, `z1`, `z2`, ...
    pub label: TwinLabel,
    /// Popeye-style description of the change; empty for the original (`a)`).
    pub change: String,
    /// `continued`: the change applies to the previous twin, not to the original;
    /// Popeye marks the label with `+` (`+c) ...`).
    pub continued: bool,
    /// For the first twin after `zeroposition`: the FEN of the zero position, whose
    /// diagram Popeye prints (followed by `zeroposition`) instead of the twin's.
    pub zero: Option<String>,
}

/// A twin's label by its number from 0: `a` to `z`, then Popeye's `z1`, `z2`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwinLabel(pub usize);

impl TwinLabel {
    pub fn next(self) -> TwinLabel {
        TwinLabel(self.0 + 1)
    }
}

impl From<char> for TwinLabel {
    /// `'a'` to `'z'`.
    fn from(c: char) -> TwinLabel {
        TwinLabel((c as usize).saturating_sub('a' as usize))
    }
}

impl PartialEq<char> for TwinLabel {
    fn eq(&self, c: &char) -> bool {
        *self == TwinLabel::from(*c) && c.is_ascii_lowercase()
    }
}

impl std::fmt::Display for TwinLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            n @ 0..=25 => write!(f, "{}", char::from(b'a' + n as u8)),
            n => write!(f, "z{}", n - 25),
        }
    }
}

/// One position to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub meta: Meta,
    pub variant: Variant,
    /// The diagram as a FEN of `variant`, with the first mover of the stipulation to move
    /// (White unless the stipulation says the defender starts, as in `h#2`), the castling
    /// rights Popeye would grant, and the en passant field of `option enpassant`.
    pub fen: String,
    pub stipulation: Stipulation,
    pub options: SolveOptions,
    /// Set when the problem has twins.
    pub twin: Option<Twin>,
    /// Line of the input where the problem starts (1-based; 0 for the command line).
    pub line: usize,
}

impl Problem {
    /// The problem of one position given as a FEN of `variant` (`feerie solve --fen`,
    /// the page's solver): its side to move makes the first move. The FEN is written
    /// as the variant writes it; an error in words when the variant refuses it.
    pub fn of_position(
        variant: Variant,
        fen: &str,
        stipulation: Stipulation,
        options: SolveOptions,
    ) -> Result<Problem, String> {
        Ok(Problem {
            meta: Meta::default(),
            variant,
            fen: variant.dispatch(CanonicalFen(fen))?,
            stipulation,
            options,
            twin: None,
            line: 0,
        })
    }

    /// The FEN of one part: the diagram, or for the duplex part (the colours' roles
    /// exchanged) the diagram with the other side to move and no en passant square
    /// (it belonged to the side that was to move).
    pub fn part_fen(&self, swapped: bool) -> String {
        let mut fields: Vec<&str> = self.fen.split_whitespace().collect();
        if swapped {
            if let Some(side) = fields.get_mut(1) {
                *side = if *side == "w" { "b" } else { "w" };
            }
            if let Some(ep) = fields.get_mut(3) {
                *ep = "-";
            }
        }
        fields.join(" ")
    }
}

/// The FEN as the variant writes it, or why the variant refuses it.
struct CanonicalFen<'a>(&'a str);

impl VariantVisitor for CanonicalFen<'_> {
    type Output = Result<String, String>;

    fn visit<V: VariantSpec>(self) -> Self::Output {
        V::Rules::from_fen(self.0)
            .map(|position| position.to_fen())
            .map_err(|e| format!("bad FEN for {}: {e}", V::NAME))
    }
}
