//! The position being read: what stands on each square and the line that put it
//! there (so a piece the variant cannot have is reported where it was written).

use super::pieces::Man;
use feerie_movegen::{Color, Square};

/// A man of one colour, with the input line that placed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub color: Color,
    pub man: Man,
    pub line: usize,
}

/// The 64 squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    cells: [Option<Placed>; 64],
}

impl Default for Diagram {
    fn default() -> Diagram {
        Diagram { cells: [None; 64] }
    }
}

impl Diagram {
    pub fn get(&self, sq: Square) -> Option<Placed> {
        self.cells[sq.index()]
    }

    /// Puts `placed` on `sq`, returning what stood there.
    pub fn put(&mut self, sq: Square, placed: Placed) -> Option<Placed> {
        self.cells[sq.index()].replace(placed)
    }

    pub fn take(&mut self, sq: Square) -> Option<Placed> {
        self.cells[sq.index()].take()
    }

    /// The diagram with the man on each square moved to `to(square)` (all of them
    /// land on the board: the caller checked).
    pub fn mapped(&self, to: impl Fn(Square) -> Option<Square>) -> Diagram {
        let mut out = Diagram::default();
        for sq in Square::all() {
            if let (Some(p), Some(target)) = (self.get(sq), to(sq)) {
                out.put(target, p);
            }
        }
        out
    }

    /// Popeye's `polishtype`: every man changes colour.
    pub fn recoloured(&self) -> Diagram {
        let mut out = self.clone();
        for p in out.cells.iter_mut().flatten() {
            p.color = p.color.flip();
        }
        out
    }

    /// Popeye's `substitute`: every `old` man becomes a `new` one, colour kept.
    pub fn substitute(&mut self, old: Man, new: Man) {
        for p in self.cells.iter_mut().flatten() {
            if p.man == old {
                p.man = new;
            }
        }
    }

    /// Whether `sq` holds a man of `color` for which `test` holds.
    pub fn holds(&self, sq: Square, color: Color, test: impl Fn(Man) -> bool) -> bool {
        self.get(sq)
            .is_some_and(|p| p.color == color && test(p.man))
    }
}

/// Popeye's mirror arguments: the square a1 (or a8) goes to.
pub const MIRRORS: [&str; 4] = ["a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"];

/// A rotation or reflection of the board, as Popeye's `rotate N` (turning the board N
/// degrees to the left) and `mirror` compute it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    Rotate90,
    Rotate180,
    Rotate270,
    /// By its index in [`MIRRORS`].
    Mirror(usize),
}

impl Transform {
    pub fn rotation(word: &str) -> Option<Transform> {
        match word {
            "90" => Some(Transform::Rotate90),
            "180" => Some(Transform::Rotate180),
            "270" => Some(Transform::Rotate270),
            _ => None,
        }
    }

    pub fn mirror(word: &str) -> Option<Transform> {
        MIRRORS
            .iter()
            .position(|m| m.eq_ignore_ascii_case(word))
            .map(Transform::Mirror)
    }

    /// The argument as Popeye prints it in the twin line.
    pub fn text(self) -> &'static str {
        match self {
            Transform::Rotate90 => "90",
            Transform::Rotate180 => "180",
            Transform::Rotate270 => "270",
            Transform::Mirror(i) => MIRRORS[i],
        }
    }

    pub fn apply(self, sq: Square) -> Square {
        let (f, r) = (sq.file(), sq.rank());
        let (f, r) = match self {
            Transform::Rotate90 => (7 - r, f),
            Transform::Rotate180 => (7 - f, 7 - r),
            Transform::Rotate270 => (r, 7 - f),
            Transform::Mirror(0) => (7 - f, r),
            Transform::Mirror(1) => (f, 7 - r),
            Transform::Mirror(2) => (7 - r, 7 - f),
            Transform::Mirror(_) => (r, f),
        };
        Square::from_coords(f, r)
    }
}
