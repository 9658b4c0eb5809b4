//! Random small problem positions for every variant, from a seed: two kings and a few
//! other units, the defender's king often on the edge and most units the attacker's, so
//! that a fair share of them have short solutions. Selfmates are too rare among such
//! positions, so [`selfmate_arrangement`] climbs from one towards a position where some
//! attacker's move leaves the defender only mating replies. Deterministic: a seed always
//! gives the same position, on every platform.

use crate::brute::{self, goal_reached};
use feerie_match::rng::Rng;
use feerie_movegen::{Color, Position};
use feerie_solve::{Goal, Play};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};

/// The fewest and most non-king units of an arrangement.
const UNITS: std::ops::RangeInclusive<usize> = 2..=7;

/// A unit on a square: its colour and its white FEN text (`K`, `P`, `(RN)`).
type Unit = (Color, &'static str);

/// One random arrangement: who attacks, and the board.
#[derive(Clone, Debug)]
pub struct Arrangement {
    variant: Variant,
    /// The side that reaches the goal (or forces it, in self play).
    pub attacker: Color,
    /// a1 = 0, h8 = 63.
    squares: [Option<Unit>; 64],
}

/// The non-king units of a variant, as white FEN text.
fn unit_kinds(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Augsburg => &[
            "Q", "R", "B", "N", "P", "P", "(RN)", "(BN)", "(BP)", "(RP)", "(NP)", "(NN)", "(RBN)",
        ],
        _ => &["Q", "R", "R", "B", "B", "N", "N", "P", "P", "P"],
    }
}

fn on_edge(sq: usize) -> bool {
    matches!(sq % 8, 0 | 7) || !(8..56).contains(&sq)
}

fn rng_for(seed: u64) -> Rng {
    // `Rng::new` ignores the seed's lowest bit; mixing spreads neighbouring seeds.
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) << 1)
}

impl Arrangement {
    /// The arrangement of `seed` for `variant` and the kind of play: two kings and 2 to 5
    /// other units. For self play the roles of the material are turned round: the
    /// attacker's king goes to the edge and most units are the defender's, which must
    /// mate it.
    pub fn new(variant: Variant, play: Play, seed: u64) -> Arrangement {
        let mut rng = rng_for(seed);
        let attacker = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (victim, strong) = match play {
            Play::SelfPlay => (attacker, attacker.flip()),
            _ => (attacker.flip(), attacker),
        };
        let mut arrangement = Arrangement {
            variant,
            attacker,
            squares: [None; 64],
        };
        let edge = rng.below(4) > 0;
        let sq = arrangement.free_square(&mut rng, |sq| !edge || on_edge(sq));
        arrangement.squares[sq] = Some((victim, "K"));
        let sq = arrangement.free_square(&mut rng, |_| true);
        arrangement.squares[sq] = Some((strong, "K"));
        for _ in 0..2 + rng.below(4) {
            let color = if rng.below(4) > 0 { strong } else { victim };
            arrangement.add_unit(&mut rng, color);
        }
        arrangement
    }

    /// A random empty square satisfying `allowed`.
    fn free_square(&self, rng: &mut Rng, allowed: impl Fn(usize) -> bool) -> usize {
        loop {
            let sq = rng.below(64);
            if self.squares[sq].is_none() && allowed(sq) {
                return sq;
            }
        }
    }

    /// True when `unit` may stand on `sq`: a unit holding a pawn never on its last rank,
    /// and on its first rank only in Dynamo and Augsburg (pushed, pulled or fused there).
    fn fits(&self, unit: Unit, sq: usize) -> bool {
        let rank = match unit.0 {
            Color::White => sq / 8,
            Color::Black => 7 - sq / 8,
        };
        let lowest = match self.variant {
            Variant::Dynamo | Variant::Augsburg => 0,
            _ => 1,
        };
        !unit.1.contains('P') || (lowest..7).contains(&rank)
    }

    fn add_unit(&mut self, rng: &mut Rng, color: Color) {
        let kinds = unit_kinds(self.variant);
        let unit = (color, kinds[rng.below(kinds.len())]);
        let sq = self.free_square(rng, |sq| self.fits(unit, sq));
        self.squares[sq] = Some(unit);
    }

    /// A small random change: a unit (or king) moved, a unit changed or a unit added
    /// or removed.
    fn mutate(&mut self, rng: &mut Rng) {
        let occupied: Vec<usize> = (0..64).filter(|&sq| self.squares[sq].is_some()).collect();
        let units: Vec<usize> = occupied
            .iter()
            .copied()
            .filter(|&sq| self.squares[sq].is_some_and(|u| u.1 != "K"))
            .collect();
        match rng.below(10) {
            0 if units.len() < *UNITS.end() => {
                let color = if rng.below(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                self.add_unit(rng, color);
            }
            1 if units.len() > *UNITS.start() => {
                self.squares[units[rng.below(units.len())]] = None;
            }
            2 | 3 if !units.is_empty() => {
                let sq = units[rng.below(units.len())];
                let color = self.squares[sq].expect("occupied").0;
                self.squares[sq] = None;
                let kinds = unit_kinds(self.variant);
                let unit = (color, kinds[rng.below(kinds.len())]);
                let to = self.free_square(rng, |to| self.fits(unit, to));
                self.squares[to] = Some(unit);
            }
            _ => {
                let from = occupied[rng.below(occupied.len())];
                let unit = self.squares[from].take().expect("occupied");
                let to = self.free_square(rng, |to| self.fits(unit, to));
                self.squares[to] = Some(unit);
            }
        }
    }

    /// The FEN with `side` to move, with the castling rights Popeye grants (king and
    /// rook on their home squares), no en passant.
    pub fn fen(&self, side: Color) -> String {
        let mut rows = Vec::new();
        for rank in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match self.squares[rank * 8 + file] {
                    None => empty += 1,
                    Some(unit) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(&colored(unit));
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let side = if side == Color::White { "w" } else { "b" };
        format!("{} {side} {} - 0 1", rows.join("/"), self.castling())
    }

    fn castling(&self) -> String {
        let at = |sq: usize, unit: Unit| self.squares[sq] == Some(unit);
        let mut rights = String::new();
        for (color, home, right, corner) in [
            (Color::White, 4, 'K', 7),
            (Color::White, 4, 'Q', 0),
            (Color::Black, 60, 'k', 63),
            (Color::Black, 60, 'q', 56),
        ] {
            if at(home, (color, "K")) && at(corner, (color, "R")) {
                rights.push(right);
            }
        }
        if rights.is_empty() {
            rights.push('-');
        }
        rights
    }
}

/// FEN text of a unit.
fn colored((color, text): Unit) -> String {
    match color {
        Color::White => text.to_string(),
        Color::Black => text.to_ascii_lowercase(),
    }
}

/// A selfmate-like arrangement of `seed`: from [`Arrangement::new`], up to `steps` random
/// changes, each kept when it brings no farther from an s#1 (fewest defender replies
/// that do not mate, over the attacker's first moves). Usually ends at an s#1, which is
/// an s#2 too; sometimes short of it, a position without solution.
pub fn selfmate_arrangement(variant: Variant, seed: u64, steps: usize) -> Arrangement {
    let mut rng = rng_for(!seed);
    let mut best = Arrangement::new(variant, Play::SelfPlay, seed);
    let mut best_distance = selfmate_distance(&best);
    for _ in 0..steps {
        if best_distance == 0 {
            break;
        }
        let mut candidate = best.clone();
        candidate.mutate(&mut rng);
        let distance = selfmate_distance(&candidate);
        // Now and then a slightly worse change is kept, to leave a plateau.
        if distance <= best_distance.saturating_add(usize::from(rng.below(8) == 0)) {
            best = candidate;
            best_distance = distance;
        }
    }
    best
}

/// From `start` (usually an s#1, which is an s#2 as well), a random walk of up to
/// `steps` changes that keep an s#2 and do not add s#1 keys, stopping at the first
/// position with an s#2 key that is not an s#1 key: a selfmate that needs both moves.
pub fn lengthened_selfmate(start: &Arrangement, seed: u64, steps: usize) -> Arrangement {
    let mut rng = rng_for(seed ^ 0x5EED);
    let solve = |arrangement: &Arrangement, stipulation: &str| {
        let fen = arrangement.fen(arrangement.attacker);
        brute::solve(
            arrangement.variant,
            &fen,
            stipulation.parse().expect("valid"),
        )
        .unwrap_or_default()
    };
    // Each change is kept when the s#2 stays and the s#1 keys do not grow in number.
    let mut current = start.clone();
    let mut short_keys = solve(&current, "s#1").len();
    for _ in 0..steps {
        let mut candidate = current.clone();
        candidate.mutate(&mut rng);
        let keys = solve(&candidate, "s#2");
        let short = solve(&candidate, "s#1");
        if !keys.is_empty() && short.len() <= short_keys {
            current = candidate;
            short_keys = short.len();
            if keys != short {
                break;
            }
        }
    }
    current
}

/// How far `arrangement`, the attacker to move, is from an s#1: over the attacker's
/// moves that leave the defender a move, the fewest defender replies that do not mate
/// the attacker, 50 more when none mates; `usize::MAX` when there is no such move or the
/// FEN is refused. 0 is an s#1.
fn selfmate_distance(arrangement: &Arrangement) -> usize {
    arrangement
        .variant
        .dispatch(Distance(arrangement.fen(arrangement.attacker)))
}

struct Distance(String);

impl VariantVisitor for Distance {
    type Output = usize;
    fn visit<V: VariantSpec>(self) -> usize {
        let Ok(mut pos) = V::Rules::from_fen(&self.0) else {
            return usize::MAX;
        };
        let mut best = usize::MAX;
        let mut keys = <V::Rules as Position>::MoveList::default();
        pos.legal_moves(&mut keys);
        for &key in keys.iter() {
            pos.play(key);
            let mut replies = <V::Rules as Position>::MoveList::default();
            pos.legal_moves(&mut replies);
            if !replies.is_empty() {
                let mates = replies
                    .iter()
                    .filter(|&&reply| {
                        pos.play(reply);
                        let mates = goal_reached(&pos, Goal::Mate);
                        pos.undo();
                        mates
                    })
                    .count();
                let escapes = replies.len() - mates;
                best = best.min(if mates > 0 { escapes } else { 50 + escapes });
            }
            pos.undo();
        }
        best
    }
}
