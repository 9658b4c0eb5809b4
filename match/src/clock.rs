//! Time controls as match runners write them, and the clocks the runner keeps.

use std::fmt;
use std::time::Duration;

/// How an engine is limited per move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Control {
    /// `tc=[moves/]seconds[+increment]`: a clock; `moves` = 0 means the whole game.
    Clock {
        moves: u32,
        base_ms: u64,
        increment_ms: u64,
    },
    /// `st=seconds`: fixed time per move.
    MoveTime { ms: u64 },
    /// `nodes=N`.
    Nodes(u64),
    /// `depth=N`.
    Depth(u32),
}

/// Why a time control setting was refused; each holds the text given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlError {
    /// Not a number of seconds, or one out of range; `tc` is the `tc=` value it is
    /// part of, if any.
    BadSeconds {
        text: String,
        out_of_range: bool,
        tc: Option<String>,
    },
    /// The move count of `tc=moves/...` is not a number.
    BadMoveCount { tc: String, moves: String },
    /// A `tc=` with neither base time nor increment.
    NoTime { tc: String },
    /// `nodes=` is not a positive number.
    BadNodes(String),
    /// `depth=` is not 1 to 127.
    BadDepth(String),
}

impl fmt::Display for ControlError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ControlError::BadSeconds {
                text,
                out_of_range,
                tc,
            } => {
                if let Some(tc) = tc {
                    write!(f, "tc={tc}: ")?;
                }
                if *out_of_range {
                    write!(f, "'{text}' seconds is out of range")
                } else {
                    write!(f, "'{text}' is not a number of seconds")
                }
            }
            ControlError::BadMoveCount { tc, moves } => {
                write!(f, "tc={tc}: bad move count '{moves}'")
            }
            ControlError::NoTime { tc } => write!(f, "tc={tc}: no time at all"),
            ControlError::BadNodes(value) => {
                write!(f, "nodes={value}: expected a positive number")
            }
            ControlError::BadDepth(value) => write!(f, "depth={value}: expected 1 to 127"),
        }
    }
}

impl std::error::Error for ControlError {}

/// Milliseconds of `text` seconds; `tc` is the `tc=` value the text is part of, if any.
fn seconds_to_ms(text: &str, tc: Option<&str>) -> Result<u64, ControlError> {
    let bad = |out_of_range| ControlError::BadSeconds {
        text: text.to_string(),
        out_of_range,
        tc: tc.map(str::to_string),
    };
    let secs: f64 = text.parse().map_err(|_| bad(false))?;
    if !(0.0..=1e7).contains(&secs) {
        return Err(bad(true));
    }
    Ok((secs * 1000.0).round() as u64)
}

impl Control {
    /// Parses one `key=value` of an engine's settings (`tc`, `st`, `nodes`, `depth`);
    /// `None` when the key is not a time control.
    pub fn parse(key: &str, value: &str) -> Option<Result<Control, ControlError>> {
        Some(match key {
            "tc" => Control::parse_tc(value),
            "st" => seconds_to_ms(value, None).map(|ms| Control::MoveTime { ms }),
            "nodes" => value
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .map(Control::Nodes)
                .ok_or_else(|| ControlError::BadNodes(value.to_string())),
            "depth" => value
                .parse()
                .ok()
                .filter(|&d| (1..=127).contains(&d))
                .map(Control::Depth)
                .ok_or_else(|| ControlError::BadDepth(value.to_string())),
            _ => return None,
        })
    }

    /// `40/60+0.6`, `10+0.1`, `60`.
    fn parse_tc(text: &str) -> Result<Control, ControlError> {
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (
                m.parse::<u32>().map_err(|_| ControlError::BadMoveCount {
                    tc: text.to_string(),
                    moves: m.to_string(),
                })?,
                r,
            ),
            None => (0, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base_ms = seconds_to_ms(base, Some(text))?;
        let increment_ms = match inc {
            Some(i) => seconds_to_ms(i, Some(text))?,
            None => 0,
        };
        if base_ms == 0 && increment_ms == 0 {
            return Err(ControlError::NoTime {
                tc: text.to_string(),
            });
        }
        Ok(Control::Clock {
            moves,
            base_ms,
            increment_ms,
        })
    }

    /// PGN `TimeControl` tag value.
    pub fn pgn_tag(&self) -> String {
        match *self {
            Control::Clock {
                moves,
                base_ms,
                increment_ms,
            } => {
                let secs = |ms: u64| format!("{}", ms as f64 / 1000.0);
                let mut s = String::new();
                if moves > 0 {
                    s.push_str(&format!("{moves}/"));
                }
                s.push_str(&secs(base_ms));
                if increment_ms > 0 {
                    s.push_str(&format!("+{}", secs(increment_ms)));
                }
                s
            }
            Control::MoveTime { ms } => format!("{}/move", ms as f64 / 1000.0),
            Control::Nodes(n) => format!("{n} nodes"),
            Control::Depth(d) => format!("depth {d}"),
        }
    }
}

/// One side's clock during a game.
#[derive(Clone, Debug)]
pub struct Clock {
    control: Control,
    remaining_ms: i64,
    moves_in_period: u32,
}

/// The engine ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged {
    pub used_ms: u64,
}

impl Clock {
    pub fn new(control: Control) -> Clock {
        let remaining_ms = match control {
            Control::Clock { base_ms, .. } => base_ms as i64,
            _ => 0,
        };
        Clock {
            control,
            remaining_ms,
            moves_in_period: 0,
        }
    }

    pub fn control(&self) -> Control {
        self.control
    }

    /// Time left on a clock, in ms (0 for other controls).
    pub fn remaining_ms(&self) -> i64 {
        self.remaining_ms
    }

    /// Moves left before the next time period, for `movestogo`.
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.control {
            Control::Clock { moves, .. } if moves > 0 => Some(moves - self.moves_in_period),
            _ => None,
        }
    }

    /// How long to wait for a move before giving up on the engine: the time it may use
    /// plus the margin (a fixed watchdog for node and depth limits).
    pub fn deadline(&self, margin_ms: u64, watchdog: Duration) -> Duration {
        match self.control {
            Control::Clock { .. } => {
                Duration::from_millis(self.remaining_ms.max(0) as u64 + margin_ms)
            }
            Control::MoveTime { ms } => Duration::from_millis(ms + margin_ms),
            Control::Nodes(_) | Control::Depth(_) => watchdog,
        }
    }

    /// Charges a move that took `elapsed`; `Err` when the engine overstepped its time by
    /// more than `margin_ms`.
    pub fn charge(&mut self, elapsed: Duration, margin_ms: u64) -> Result<(), Flagged> {
        let used = elapsed.as_millis() as u64;
        match self.control {
            Control::Clock {
                moves,
                base_ms,
                increment_ms,
            } => {
                self.remaining_ms -= used as i64;
                if self.remaining_ms < -(margin_ms as i64) {
                    return Err(Flagged { used_ms: used });
                }
                self.remaining_ms = self.remaining_ms.max(0) + increment_ms as i64;
                self.moves_in_period += 1;
                if moves > 0 && self.moves_in_period == moves {
                    self.moves_in_period = 0;
                    self.remaining_ms += base_ms as i64;
                }
                Ok(())
            }
            Control::MoveTime { ms } if used > ms + margin_ms => Err(Flagged { used_ms: used }),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(key: &str, value: &str) -> Control {
        Control::parse(key, value).unwrap().unwrap()
    }

    #[test]
    fn errors_name_the_setting_in_words() {
        let error = |k, v| Control::parse(k, v).unwrap().unwrap_err().to_string();
        assert_eq!(error("tc", "0"), "tc=0: no time at all");
        assert_eq!(
            error("tc", "40/x+1"),
            "tc=40/x+1: 'x' is not a number of seconds"
        );
        assert_eq!(error("tc", "a/60"), "tc=a/60: bad move count 'a'");
        assert_eq!(error("st", "-1"), "'-1' seconds is out of range");
        assert_eq!(error("depth", "0"), "depth=0: expected 1 to 127");
    }

    #[test]
    fn parses_time_controls() {
        assert_eq!(
            control("tc", "40/60+0.6"),
            Control::Clock {
                moves: 40,
                base_ms: 60_000,
                increment_ms: 600
            }
        );
        assert_eq!(
            control("tc", "10+0.1"),
            Control::Clock {
                moves: 0,
                base_ms: 10_000,
                increment_ms: 100
            }
        );
        assert_eq!(control("st", "0.25"), Control::MoveTime { ms: 250 });
        assert_eq!(control("nodes", "5000"), Control::Nodes(5000));
        assert_eq!(control("depth", "6"), Control::Depth(6));
        for (k, v) in [
            ("tc", "x"),
            ("tc", "0"),
            ("tc", "40/"),
            ("st", "-1"),
            ("nodes", "0"),
            ("depth", "999"),
        ] {
            assert!(Control::parse(k, v).unwrap().is_err(), "{k}={v}");
        }
        assert!(Control::parse("hash", "16").is_none());
        assert_eq!(control("tc", "40/60+0.6").pgn_tag(), "40/60+0.6");
    }

    #[test]
    fn clock_adds_increment_and_refills_periods() {
        let mut c = Clock::new(control("tc", "2/10+1"));
        assert_eq!(c.moves_to_go(), Some(2));
        c.charge(Duration::from_millis(3000), 0).unwrap();
        assert_eq!(c.remaining_ms(), 8000);
        assert_eq!(c.moves_to_go(), Some(1));
        c.charge(Duration::from_millis(4000), 0).unwrap();
        // 8000 - 4000 + 1000 increment + 10000 for the new period.
        assert_eq!(c.remaining_ms(), 15_000);
        assert_eq!(c.moves_to_go(), Some(2));
    }

    #[test]
    fn flag_falls_only_beyond_the_margin() {
        let mut c = Clock::new(control("tc", "1"));
        assert!(c.charge(Duration::from_millis(1040), 50).is_ok());
        assert_eq!(c.remaining_ms(), 0);
        let mut c = Clock::new(control("tc", "1"));
        assert_eq!(
            c.charge(Duration::from_millis(1100), 50),
            Err(Flagged { used_ms: 1100 })
        );
        let mut st = Clock::new(control("st", "0.1"));
        assert!(st.charge(Duration::from_millis(120), 50).is_ok());
        assert!(st.charge(Duration::from_millis(200), 50).is_err());
        assert_eq!(
            st.deadline(50, Duration::from_secs(9)),
            Duration::from_millis(150)
        );
        let nodes = Clock::new(control("nodes", "100"));
        assert_eq!(
            nodes.deadline(50, Duration::from_secs(9)),
            Duration::from_secs(9)
        );
    }
}
