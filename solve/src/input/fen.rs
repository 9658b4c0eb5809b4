//! The FEN of a problem: the diagram in the variant's notation, the stipulation's first
//! mover, the castling rights Popeye grants, the en passant square of `option
//! enpassant`, and clocks `0 1`; checked by the variant's own FEN reader, so a
//! position the variant cannot have is refused with its reason.

use super::InputError;
use super::diagram::Diagram;
use super::pieces::Man;
use super::setup::Setup;
use crate::stipulation::Stipulation;
use feerie_movegen::{Color, FenError, Position, Square};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};

/// The FEN of `setup` with `stipulation`; errors without a line of their own go to
/// `line`.
pub fn build(setup: &Setup, stipulation: Stipulation, line: usize) -> Result<String, InputError> {
    let variant = setup.variant();
    let side = if stipulation.attacker_moves_first() {
        Color::White
    } else {
        Color::Black
    };
    let placement = placement(&setup.diagram, variant)?;
    let castling = castling(&setup.diagram, variant, &setup.no_castling);
    let en_passant = match &setup.en_passant {
        None => "-".to_string(),
        Some((squares, ep_line)) => en_passant(&setup.diagram, squares, variant, side, stipulation)
            .map_err(|message| InputError {
                line: *ep_line,
                message,
            })?,
    };
    let fen = format!(
        "{placement} {} {castling} {en_passant} 0 1",
        side.fen_char()
    );
    check(variant, &fen).map_err(|e| InputError {
        line,
        message: format!("{e} (FEN {fen})"),
    })?;
    Ok(fen)
}

fn placement(diagram: &Diagram, variant: Variant) -> Result<String, InputError> {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::from_coords(file, rank);
            let Some(placed) = diagram.get(sq) else {
                empty += 1;
                continue;
            };
            if let Man::Unit(unit) = placed.man {
                if !unit.is_orthodox() && variant != Variant::Augsburg {
                    return Err(InputError {
                        line: placed.line,
                        message: format!(
                            "the compound unit {} on {sq} needs condition Augsburg",
                            unit.fen(placed.color)
                        ),
                    });
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push_str(&placed.man.fen(placed.color));
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    Ok(text)
}

/// Popeye's rule: a right for each king on e1/e8 with a rook on a corner of its side
/// (in Augsburg, a unit with a rook component), unless `option nocastling` names the
/// king's or the rook's square.
fn castling(diagram: &Diagram, variant: Variant, no_castling: &[Square]) -> String {
    let partner = |man: Man| match man {
        Man::Unit(u) if variant == Variant::Augsburg => u.has_rook(),
        Man::Unit(u) => u.is_rook(),
        Man::King => false,
    };
    let mut rights = String::new();
    for (color, rank, letters) in [(Color::White, 0, ['K', 'Q']), (Color::Black, 7, ['k', 'q'])] {
        let king = Square::from_coords(4, rank);
        if !diagram.holds(king, color, |m| m == Man::King) || no_castling.contains(&king) {
            continue;
        }
        for (file, letter) in [(7, letters[0]), (0, letters[1])] {
            let corner = Square::from_coords(file, rank);
            if diagram.holds(corner, color, partner) && !no_castling.contains(&corner) {
                rights.push(letter);
            }
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    rights
}

/// The en passant field for `option enpassant`: the departure square, the squares the
/// pawn passed (one, or two for an Einstein pawn from its first rank) and the arrival
/// square, on one file, by the side that does not move first.
fn en_passant(
    diagram: &Diagram,
    squares: &[Square],
    variant: Variant,
    side: Color,
    stipulation: Stipulation,
) -> Result<String, String> {
    let names: String = squares.iter().map(|s| s.to_string()).collect();
    let einstein = matches!(
        variant,
        Variant::Einstein | Variant::ReverseEinstein | Variant::AntiEinstein
    );
    if variant == Variant::Dynamo {
        return Err("option enpassant: Dynamo has no en passant".to_string());
    }
    let longest = if einstein { 4 } else { 3 };
    if squares.len() < 3 || squares.len() > longest {
        return Err(format!(
            "option enpassant {names}: give the departure square, the squares passed and the arrival square (3{} squares)",
            if einstein { " or 4" } else { "" }
        ));
    }
    let first = squares[0];
    let up = squares[1].rank() > first.rank();
    let stepper = if up { Color::White } else { Color::Black };
    let in_line = squares.iter().enumerate().all(|(i, s)| {
        let i = i as i16;
        let rank = i16::from(first.rank()) + if up { i } else { -i };
        s.file() == first.file() && i16::from(s.rank()) == rank
    });
    if !in_line {
        return Err(format!(
            "option enpassant {names}: the squares are not one pawn step along a file"
        ));
    }
    // Popeye's check; the variant's FEN reader checks what stands where.
    let (arrival, before) = squares.split_last().expect("3 or 4 squares");
    if let Some(sq) = before.iter().find(|&&s| diagram.get(s).is_some()) {
        return Err(format!("option enpassant {names}: {sq} is not empty"));
    }
    if diagram.get(*arrival).is_none() {
        return Err(format!(
            "option enpassant {names}: nothing stands on {arrival}"
        ));
    }
    if stepper == side {
        return Err(format!(
            "option enpassant {names}: the step is {}'s, but {} moves first in {stipulation}",
            color_name(stepper),
            color_name(side)
        ));
    }
    Ok(squares[1..squares.len() - 1]
        .iter()
        .map(|s| s.to_string())
        .collect())
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Reads `fen` with the variant's rules.
fn check(variant: Variant, fen: &str) -> Result<(), FenError> {
    struct Check<'a>(&'a str);
    impl VariantVisitor for Check<'_> {
        type Output = Result<(), FenError>;
        fn visit<V: VariantSpec>(self) -> Self::Output {
            V::Rules::from_fen(self.0).map(|_| ())
        }
    }
    variant.dispatch(Check(fen))
}
