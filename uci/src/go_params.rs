//! Parsing the parameters of `go` with our own tokenizer. Every odd value is reported and
//! replaced by something sane, so `go` always ends in a `bestmove`.

use crate::out::shorten;
use feerie_movegen::Color;
use feerie_search::{Clock, Limits};
use std::num::IntErrorKind;
use std::time::Duration;

/// Deepest search `go depth` may ask for; deeper requests are clamped (with an error line).
pub const MAX_DEPTH: u32 = feerie_search::MAX_DEPTH;
/// Depth searched when errors left `go` with no limit at all: a quick answer beats an
/// endless search nobody asked for. (A plain `go` with no parameters searches until `stop`
/// or `MAX_DEPTH`, as in Stockfish.)
pub const FALLBACK_DEPTH: u32 = 1;
/// Longest time a `go` parameter may give (about 35 years), so the search's time
/// arithmetic cannot overflow.
pub const MAX_TIME_MS: i64 = 1 << 40;

/// The words that start a `go` parameter; a value is never taken from this list.
const KEYWORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// `go` as the GUI sent it, already cleaned: values are in range, moves are still text
/// (they are matched against the legal moves by the variant's session).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams<'a> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    pub wtime_ms: Option<i64>,
    pub btime_ms: Option<i64>,
    pub winc_ms: Option<i64>,
    pub binc_ms: Option<i64>,
    pub movestogo: Option<u32>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<&'a str>,
}

/// Parses the text after `go`. Returns the parameters and one message per problem.
pub fn parse_go(text: &str) -> (GoParams<'_>, Vec<String>) {
    let mut go = GoParams::default();
    let mut errors = Vec::new();
    let mut unknown = Tally::default();
    let mut words = text.split_whitespace().peekable();
    let not_keyword = |w: &&str| !KEYWORDS.contains(w);
    while let Some(key) = words.next() {
        match key {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                go.searchmoves
                    .extend(std::iter::from_fn(|| words.next_if(not_keyword)));
                if go.searchmoves.is_empty() {
                    errors.push("go searchmoves: no move given; searching all moves".into());
                }
            }
            "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo"
            | "mate" => match words.next_if(not_keyword) {
                Some(text) => match parse_whole(text) {
                    Some(v) => set_value(&mut go, key, text, v, &mut errors),
                    None => errors.push(format!(
                        "go {key}: '{}' is not a whole number; ignored",
                        shorten(text)
                    )),
                },
                None => errors.push(format!("go {key}: missing value; ignored")),
            },
            other => unknown.add(|| format!("go: unknown parameter '{}'; ignored", shorten(other))),
        }
    }
    unknown.report(&mut errors, |more| {
        format!("go: {more} more unknown parameters; ignored")
    });
    (go, errors)
}

/// Most problems of one kind named in the error line of one `go`; the rest are counted.
const MAX_NAMED: usize = 8;

/// The problems of one kind in one `go`: the first [`MAX_NAMED`] named, the rest only
/// counted, so a line of a million stray words costs a short answer, not a long one.
#[derive(Debug, Default)]
pub struct Tally {
    named: Vec<String>,
    more: usize,
}

impl Tally {
    /// One more problem; `message` is made only when it will be shown.
    pub fn add(&mut self, message: impl FnOnce() -> String) {
        if self.named.len() < MAX_NAMED {
            self.named.push(message());
        } else {
            self.more += 1;
        }
    }

    /// Moves the named messages to `errors`, then `more` of the count of the rest.
    pub fn report(self, errors: &mut Vec<String>, more: impl FnOnce(usize) -> String) {
        errors.extend(self.named);
        if self.more > 0 {
            errors.push(more(self.more));
        }
    }
}

/// The whole number `text` says. One beyond 64 bits is taken as just past the largest
/// (or smallest), so it is clamped as any other absurd value, naming the bound.
fn parse_whole(text: &str) -> Option<i128> {
    match text.parse::<i64>() {
        Ok(v) => Some(v.into()),
        Err(e) => match e.kind() {
            IntErrorKind::PosOverflow => Some(i128::from(i64::MAX) + 1),
            IntErrorKind::NegOverflow => Some(i128::from(i64::MIN) - 1),
            _ => None,
        },
    }
}

/// Stores one numeric parameter `v` (written `text`), clamping what is out of range.
fn set_value(go: &mut GoParams, key: &str, text: &str, v: i128, errors: &mut Vec<String>) {
    let mut clamp = |lo: i64, hi: i64, unit: &str| -> i64 {
        if v < lo.into() || v > hi.into() {
            let c = v.clamp(lo.into(), hi.into()) as i64;
            errors.push(format!(
                "go {key} {} is out of range; using {c}{unit}",
                shorten(text)
            ));
            c
        } else {
            v as i64
        }
    };
    match key {
        "depth" => go.depth = Some(clamp(1, MAX_DEPTH as i64, "") as u32),
        "nodes" => go.nodes = Some(clamp(1, i64::MAX, "") as u64),
        "movetime" => go.movetime_ms = Some(clamp(1, MAX_TIME_MS, " ms") as u64),
        // A clock at 0 is what some GUIs send when the flag falls: kept. Negative: tiny.
        "wtime" | "btime" => {
            let t = if v == 0 {
                0
            } else {
                clamp(1, MAX_TIME_MS, " ms")
            };
            match key {
                "wtime" => go.wtime_ms = Some(t),
                _ => go.btime_ms = Some(t),
            }
        }
        "winc" => go.winc_ms = Some(clamp(0, MAX_TIME_MS, " ms")),
        "binc" => go.binc_ms = Some(clamp(0, MAX_TIME_MS, " ms")),
        "movestogo" | "mate" if v < 1 => errors.push(format!(
            "go {key} {} is not positive; ignored",
            shorten(text)
        )),
        "movestogo" => go.movestogo = Some(clamp(1, 10_000, "") as u32),
        "mate" => go.mate = Some(clamp(1, MAX_DEPTH as i64, "") as u32),
        _ => errors.push(format!("go: unknown parameter '{key}'; ignored")),
    }
}

impl GoParams<'_> {
    /// The search limits for `side` to move. `errors` holds the problems found so far
    /// (parsing the line, its search moves) and receives new ones; if there are any and
    /// nothing bounds the search, it becomes a shallow one instead of an endless one.
    pub fn limits<M>(
        &self,
        side: Color,
        searchmoves: Vec<M>,
        errors: &mut Vec<String>,
    ) -> Limits<M> {
        let (own_time, own_inc, own_name) = match side {
            Color::White => (self.wtime_ms, self.winc_ms, "wtime"),
            Color::Black => (self.btime_ms, self.binc_ms, "btime"),
        };
        let clock = own_time.map(|time_ms| Clock {
            time_ms,
            increment_ms: own_inc.unwrap_or(0),
            moves_to_go: self.movestogo,
        });
        let other_time = match side {
            Color::White => self.btime_ms,
            Color::Black => self.wtime_ms,
        };
        if clock.is_none() && other_time.is_some() {
            errors.push(format!(
                "go: no {own_name} for the side to move; clock ignored"
            ));
        }
        let mut depth = self.depth;
        let bounded = depth.is_some()
            || self.nodes.is_some()
            || self.movetime_ms.is_some()
            || clock.is_some()
            || self.mate.is_some()
            || self.infinite
            || self.ponder;
        if !bounded && !errors.is_empty() {
            errors.push(format!(
                "go: no valid limit left; searching to depth {FALLBACK_DEPTH}"
            ));
            depth = Some(FALLBACK_DEPTH);
        }
        Limits {
            depth,
            nodes: self.nodes,
            movetime: self.movetime_ms.map(Duration::from_millis),
            clock,
            mate: self.mate,
            infinite: self.infinite,
            ponder: self.ponder,
            searchmoves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> (GoParams<'_>, Vec<String>) {
        parse_go(line)
    }

    #[test]
    fn every_parameter_is_read() {
        let (go, errors) = parse(
            "wtime 60000 btime 50000 winc 1000 binc 900 movestogo 20 depth 12 nodes 5000 \
             movetime 300 mate 3 ponder infinite searchmoves e2e4 d2d4",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            go,
            GoParams {
                depth: Some(12),
                nodes: Some(5000),
                movetime_ms: Some(300),
                wtime_ms: Some(60000),
                btime_ms: Some(50000),
                winc_ms: Some(1000),
                binc_ms: Some(900),
                movestogo: Some(20),
                mate: Some(3),
                infinite: true,
                ponder: true,
                searchmoves: vec!["e2e4", "d2d4"],
            }
        );
    }

    #[test]
    fn searchmoves_keep_fairy_notation_and_stop_at_a_keyword() {
        let (go, errors) = parse("searchmoves c6f6/e6g6 a3c2(n) b7b8(p)n d5E depth 3");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(go.searchmoves, ["c6f6/e6g6", "a3c2(n)", "b7b8(p)n", "d5E"]);
        assert_eq!(go.depth, Some(3));
    }

    #[test]
    fn absurd_values_are_clamped_with_an_error() {
        let (go, errors) = parse("depth 300 nodes 0 movetime -5 wtime -100 binc -3");
        assert_eq!(go.depth, Some(MAX_DEPTH));
        assert_eq!(go.nodes, Some(1));
        assert_eq!(go.movetime_ms, Some(1));
        assert_eq!(go.wtime_ms, Some(1));
        assert_eq!(go.binc_ms, Some(0));
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(errors[0].contains("depth 300"));
    }

    #[test]
    fn zero_clock_is_kept_and_numbers_past_64_bits_are_clamped() {
        let (go, errors) =
            parse("wtime 0 nodes 99999999999999999999999 depth -99999999999999999999");
        assert_eq!(go.wtime_ms, Some(0));
        assert_eq!(go.nodes, Some(i64::MAX as u64));
        assert_eq!(go.depth, Some(1));
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(
            errors[0],
            format!(
                "go nodes 99999999999999999999999 is out of range; using {}",
                i64::MAX
            )
        );
    }

    #[test]
    fn missing_and_bad_values_do_not_swallow_keywords() {
        let (go, errors) = parse("depth infinite movetime abc mate 0 movestogo -1 frobnicate");
        assert!(go.infinite);
        assert_eq!(go.depth, None);
        assert_eq!(go.movetime_ms, None);
        assert_eq!(go.mate, None);
        assert_eq!(go.movestogo, None);
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(errors[4].contains("frobnicate"));
    }

    #[test]
    fn limits_take_the_clock_of_the_side_to_move() {
        let (go, mut errors) = parse("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5");
        let limits = go.limits::<u8>(Color::Black, vec![], &mut errors);
        assert_eq!(
            limits.clock,
            Some(Clock {
                time_ms: 2000,
                increment_ms: 20,
                moves_to_go: Some(5)
            })
        );
        assert!(errors.is_empty());
    }

    #[test]
    fn errors_that_leave_no_limit_fall_back_to_a_shallow_search() {
        let (go, mut errors) = parse("depth abc");
        let limits = go.limits::<u8>(Color::White, vec![], &mut errors);
        assert_eq!(limits.depth, Some(FALLBACK_DEPTH));
        assert_eq!(errors.len(), 2);

        let (go, mut errors) = parse("btime 500");
        let limits = go.limits::<u8>(Color::White, vec![], &mut errors);
        assert_eq!(limits.clock, None);
        assert_eq!(limits.depth, Some(FALLBACK_DEPTH));
    }

    #[test]
    fn plain_go_stays_unbounded() {
        let (go, mut errors) = parse("");
        let limits = go.limits::<u8>(Color::White, vec![], &mut errors);
        assert!(errors.is_empty());
        assert_eq!(limits.depth, None);
        assert!(!limits.infinite);
    }
}
