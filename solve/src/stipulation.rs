//! Stipulations as Popeye writes them: `#2`, `h#2.5`, `s#3`, `ser-#4`, `ser-h#3`, `=2`.

use std::fmt;
use std::str::FromStr;

/// What the last move must achieve against the side that suffers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// `#`: the side to move after the last move has no legal move and is in check.
    Mate,
    /// `=`: the side to move after the last move has no legal move and is not in check.
    Stalemate,
}

/// Who plays and who wants the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// `#n`: the attacker (first to move) forces the goal on the defender in n moves
    /// (or fewer) against every defence.
    Direct,
    /// `h#n`: the defender moves first and both sides cooperate; the attacker's n-th
    /// move reaches the goal (exactly n moves). `h#n.5`: the attacker moves first.
    Help,
    /// `s#n`: the attacker (first to move) forces the defender to reach the goal against
    /// the attacker in n moves; the defender tries to avoid it.
    SelfPlay,
    /// `ser-#n`: the attacker plays n moves in a row, the last reaching the goal; no
    /// earlier one may give check.
    Series,
    /// `ser-h#n`: the defender plays n moves in a row (none giving check), then the
    /// attacker reaches the goal in one move.
    SeriesHelp,
}

/// A stipulation: play, goal and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    pub play: Play,
    pub goal: Goal,
    /// Full moves (`2` in `h#2.5`).
    pub moves: u32,
    /// The `.5` of a helpmate `h#n.5`: one extra half-move, by the attacker, first.
    pub half: bool,
}

/// The longest stipulation accepted, as long as Popeye's (its 1002 plies hold 500 moves
/// of each side): its examples have series of 65 moves.
pub const MAX_MOVES: u32 = 500;

impl Stipulation {
    /// True when the attacker (the side that reaches the goal in direct, help and series
    /// play, or forces it in self play) makes the diagram's first move.
    pub fn attacker_moves_first(&self) -> bool {
        match self.play {
            Play::Direct | Play::SelfPlay | Play::Series => true,
            Play::Help => self.half,
            Play::SeriesHelp => false,
        }
    }

    /// Half-moves of a full solution (helpmates and series), or of the main line.
    pub fn half_moves(&self) -> u32 {
        match self.play {
            Play::Series => self.moves,
            Play::SeriesHelp => self.moves + 1,
            _ => 2 * self.moves - 1 + u32::from(self.half),
        }
    }
}

/// Why a stipulation's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StipulationError {
    /// Not of a form Feerie solves.
    Unsupported(String),
    /// A length of 0 moves.
    Empty(String),
    /// More moves than [`MAX_MOVES`].
    TooLong(String),
}

impl fmt::Display for StipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StipulationError::Unsupported(text) => write!(
                f,
                "unsupported stipulation '{text}' (supported: #n, =n, h#n, h#n.5, s#n, ser-#n, ser-h#n, and the same with =)"
            ),
            StipulationError::Empty(text) => {
                write!(f, "stipulation '{text}': the length must be at least 1")
            }
            StipulationError::TooLong(text) => write!(
                f,
                "stipulation '{text}': longer than {MAX_MOVES} moves is not supported"
            ),
        }
    }
}

impl std::error::Error for StipulationError {}

impl FromStr for Stipulation {
    type Err = StipulationError;

    fn from_str(text: &str) -> Result<Stipulation, StipulationError> {
        let bad = || StipulationError::Unsupported(text.to_string());
        let lower = text.trim().to_ascii_lowercase();
        let (play, rest) = if let Some(r) = lower.strip_prefix("ser-h") {
            (Play::SeriesHelp, r)
        } else if let Some(r) = lower.strip_prefix("ser-") {
            (Play::Series, r)
        } else if let Some(r) = lower.strip_prefix('h') {
            (Play::Help, r)
        } else if let Some(r) = lower.strip_prefix('s') {
            (Play::SelfPlay, r)
        } else {
            (Play::Direct, lower.as_str())
        };
        let (goal, number) = if let Some(n) = rest.strip_prefix('#') {
            (Goal::Mate, n)
        } else if let Some(n) = rest.strip_prefix('=') {
            (Goal::Stalemate, n)
        } else {
            return Err(bad());
        };
        let (number, half) = match number.strip_suffix(".5") {
            Some(n) if play == Play::Help => (n, true),
            Some(_) => return Err(bad()),
            None => (number, false),
        };
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        // All digits: a number too large for u32 is only too long.
        let moves = number.parse::<u32>().unwrap_or(u32::MAX);
        if moves == 0 && !half {
            return Err(StipulationError::Empty(text.to_string()));
        }
        if moves > MAX_MOVES {
            return Err(StipulationError::TooLong(text.to_string()));
        }
        Ok(Stipulation {
            play,
            goal,
            moves,
            half,
        })
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match self.play {
            Play::Direct => "",
            Play::Help => "h",
            Play::SelfPlay => "s",
            Play::Series => "ser-",
            Play::SeriesHelp => "ser-h",
        };
        let goal = match self.goal {
            Goal::Mate => '#',
            Goal::Stalemate => '=',
        };
        let half = if self.half { ".5" } else { "" };
        write!(f, "{prefix}{goal}{}{half}", self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_round_trips() {
        for text in [
            "#2", "=3", "h#2", "h#2.5", "h=1.5", "s#3", "s=2", "ser-#4", "ser-=2", "ser-h#3",
            "ser-h=5", "h#0.5",
        ] {
            let stip: Stipulation = text.parse().unwrap();
            assert_eq!(stip.to_string(), text);
        }
    }

    #[test]
    fn who_moves_first() {
        let first = |t: &str| t.parse::<Stipulation>().unwrap().attacker_moves_first();
        assert!(first("#2") && first("s#2") && first("ser-#3") && first("h#2.5"));
        assert!(!first("h#2") && !first("ser-h#3"));
    }

    #[test]
    fn nonsense_is_refused_with_the_text() {
        for text in [
            "", "#", "#0", "x#2", "s#2.5", "#-1", "h#501", "#2x", "ser#2",
        ] {
            let err = text.parse::<Stipulation>().unwrap_err().to_string();
            assert!(err.contains(text), "{err}");
        }
    }

    #[test]
    fn lengths_as_long_as_popeyes() {
        for text in ["ser-=65", "ser-=54", "h#500", "ser-h#500", "#500"] {
            let stipulation: Stipulation = text.parse().unwrap();
            assert_eq!(stipulation.to_string(), text);
        }
        for text in ["ser-=501", "h#501", "s#501"] {
            let err = text.parse::<Stipulation>().unwrap_err();
            assert!(matches!(err, StipulationError::TooLong(_)), "{err}");
        }
    }

    #[test]
    fn an_overflowing_length_is_too_long() {
        let err = "#99999999999999999999".parse::<Stipulation>().unwrap_err();
        assert!(matches!(err, StipulationError::TooLong(_)), "{err}");
    }
}
