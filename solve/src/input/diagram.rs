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

    /// Whether `sq` holds a man of `color` for which `test` holds.
    pub fn holds(&self, sq: Square, color: Color, test: impl Fn(Man) -> bool) -> bool {
        self.get(sq)
            .is_some_and(|p| p.color == color && test(p.man))
    }
}
