//! Parsing the parameters of `go` with our own tokenizer. Every odd value is reported and
//! replaced by something sane, so `go` always ends in a `bestmove`.

use feerie_movegen::Color;
use feerie_search::{Clock, Limits};
use std::time::Duration;

/// Deepest search `go depth` may ask for; deeper requests are clamped (with an error line).
pub const MAX_DEPTH: u32 = 100;
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
pub struct GoParams {
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
    pub searchmoves: Vec<String>,
}

/// Parses the tokens after `go`. Returns the parameters and one message per problem.
pub fn parse_go(tokens: &[&str]) -> (GoParams, Vec<String>) {
    let mut go = GoParams::default();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        i += 1;
        match key {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while i < tokens.len() && !KEYWORDS.contains(&tokens[i]) {
                    go.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
                if go.searchmoves.is_empty() {
                    errors.push("go searchmoves: no move given; searching all moves".into());
                }
            }
            "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo"
            | "mate" => {
                let value = match tokens.get(i) {
                    Some(t) if !KEYWORDS.contains(t) => {
                        i += 1;
                        t.parse::<i64>()
                            .map_err(|_| format!("go {key}: '{t}' is not a whole number; ignored"))
                    }
                    _ => Err(format!("go {key}: missing value; ignored")),
                };
                match value {
                    Ok(v) => set_value(&mut go, key, v, &mut errors),
                    Err(e) => errors.push(e),
                }
            }
            other => errors.push(format!("go: unknown parameter '{other}'; ignored")),
        }
    }
    (go, errors)
}

/// Stores one numeric parameter, clamping what is out of range.
fn set_value(go: &mut GoParams, key: &str, v: i64, errors: &mut Vec<String>) {
    let mut clamp = |lo: i64, hi: i64, unit: &str| -> i64 {
        if v < lo || v > hi {
            let c = v.clamp(lo, hi);
            errors.push(format!("go {key} {v} is out of range; using {c}{unit}"));
            c
        } else {
            v
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
        "movestogo" => {
            if v < 1 {
                errors.push(format!("go movestogo {v} is not positive; ignored"));
            } else {
                go.movestogo = Some(clamp(1, 10_000, "") as u32);
            }
        }
        "mate" => {
            if v < 1 {
                errors.push(format!("go mate {v} is not positive; ignored"));
            } else {
                go.mate = Some(clamp(1, MAX_DEPTH as i64, "") as u32);
            }
        }
        _ => errors.push(format!("go: unknown parameter '{key}'; ignored")),
    }
}

impl GoParams {
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
