//! Help and series play: every line of exactly the given length whose last move reaches
//! the goal. Lines are collected as moves (`None` for the pass between two moves of a
//! series) and written as text at the end.
//!
//! The table remembers only refutations (no line of this length from here): solutions
//! must all be listed, so a proven position is searched again, but dead ends are not.

use super::searcher::Searcher;
use super::table::Kind;
use feerie_movegen::Position;

impl<P: Position> Searcher<'_, P> {
    /// The side to move starts a help line of exactly `k` half-moves (k >= 1). Records
    /// every solution; true when there is one.
    pub fn help_lines(&mut self, k: u32) -> bool {
        if self.interrupted() {
            return false;
        }
        let key = self.key(Kind::Help, k);
        if self.probe(key) == Some(false) {
            return false;
        }
        let moves = self.moves();
        let mut found = false;
        for &mv in moves.iter() {
            self.play(mv);
            found |= self.help_after(k);
            self.undo();
        }
        if !self.interrupted() {
            self.store(key, found);
        }
        found
    }

    /// A help line's move was just played, `k` half-moves counted with it.
    pub fn help_after(&mut self, k: u32) -> bool {
        if k == 1 {
            let reached = self.at_goal();
            if reached {
                self.record();
            }
            reached
        } else {
            self.help_lines(k - 1)
        }
    }

    /// The side to move starts a series of exactly `l` moves (l >= 1), none but the last
    /// giving check. With `help_end` the last is followed by the other side's move that
    /// reaches the goal (`ser-h#`), else it reaches the goal itself (`ser-#`).
    pub fn series_lines(&mut self, l: u32, help_end: bool) -> bool {
        if self.interrupted() {
            return false;
        }
        let key = self.key(Kind::Series, 2 * l + u32::from(help_end));
        if self.probe(key) == Some(false) {
            return false;
        }
        let moves = self.moves();
        let mut found = false;
        for &mv in moves.iter() {
            self.play(mv);
            found |= self.series_after(l, help_end);
            self.undo();
        }
        if !self.interrupted() {
            self.store(key, found);
        }
        found
    }

    /// A series move was just played, `l` moves of the series counted with it.
    pub fn series_after(&mut self, l: u32, help_end: bool) -> bool {
        if l == 1 {
            if help_end {
                self.help_lines(1)
            } else {
                self.help_after(1)
            }
        } else if self.pos.in_check() {
            false
        } else {
            self.play_null();
            let found = self.series_lines(l - 1, help_end);
            self.undo();
            found
        }
    }
}
