//! Popeye's small pieces of text: the marks after a move, and the alignment of the lines
//! around the diagram (centred over the board's width, or right-aligned after the
//! stipulation).

use crate::solution::Mark;
use crate::stipulation::Goal;

/// What Popeye writes after a move: ` +` for check, ` #` or ` =` for the goal.
pub fn mark(mark: Mark) -> &'static str {
    match mark {
        Mark::None => "",
        Mark::Check => " +",
        Mark::Goal(Goal::Mate) => " #",
        Mark::Goal(Goal::Stalemate) => " =",
    }
}

/// The diagram's width (`+---a---...---h---+`): lines above and below it are centred on it.
pub const BOARD_WIDTH: usize = 37;

/// `line` centred over the board, as Popeye's `fprintf_c` does it (the odd space goes to
/// the right; a line too long to centre starts at the margin). Widths count characters,
/// where Popeye counts bytes: the same for the ASCII texts problems are written in.
pub fn centred(line: &str) -> String {
    let len = line.chars().count();
    if len + 1 >= BOARD_WIDTH {
        return line.to_string();
    }
    // Popeye measures the line with its newline and always writes at least one space.
    let pad = ((BOARD_WIDTH - len) / 2).max(1);
    format!("{}{line}", " ".repeat(pad))
}

/// `text` right-aligned so that it ends at `column` (0-based width of what precedes it
/// is `used`), with at least one space before it, as Popeye's `fprintf_r` does; no
/// space at all when it does not fit.
pub fn right_aligned(text: &str, used: usize, column: usize) -> String {
    let len = text.chars().count();
    // Popeye measures `text` with its newline, hence the + 1.
    match column.checked_sub(used + len + 1) {
        Some(pad) if pad > 0 => format!("{}{text}", " ".repeat(pad)),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centring_follows_popeye() {
        assert_eq!(
            centred("Didier Innocenti"),
            format!("{}Didier Innocenti", " ".repeat(10))
        );
        assert_eq!(
            centred("EinsteinChess"),
            format!("{}EinsteinChess", " ".repeat(12))
        );
        assert_eq!(centred("Duplex"), format!("{}Duplex", " ".repeat(15)));
        let long = "250, Das Vielvaeterproblem, 2. Aufl. 1989";
        assert_eq!(centred(long), long);
        assert_eq!(centred(&"x".repeat(35)), format!(" {}", "x".repeat(35)));
        assert_eq!(centred(&"x".repeat(36)), "x".repeat(36));
    }

    #[test]
    fn counts_end_at_the_board_edge() {
        assert_eq!(
            right_aligned("6 + 7", 4, 36),
            format!("{}6 + 7", " ".repeat(26))
        );
        assert_eq!(right_aligned("8 + 2", 4, 36).len() + 4, 35);
        assert_eq!(right_aligned("12 + 11", 30, 36), "12 + 11");
    }
}
