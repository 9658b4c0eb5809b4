//! One game between two engine processes, refereed by Feerie's own rules.

use crate::clock::{Clock, Control};
use crate::notation::move_text;
use crate::pgn::GameResult;
use crate::uci_client::{EngineError, EngineProcess, ReportedScore};
use feerie_movegen::{Color, Outcome, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Draw adjudication: from move `move_number` on, when both engines reported
/// `|score| <= score_cp` for their last `move_count` moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: usize,
    pub score_cp: i32,
}

/// Resign adjudication: an engine that reported `score <= -score_cp` for its last
/// `move_count` moves loses (with `two_sided`, only if the opponent agreed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub move_count: usize,
    pub score_cp: i32,
    pub two_sided: bool,
}

/// Per-game settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GameRules {
    pub controls: [Control; 2],
    pub margin_ms: u64,
    /// How long to wait for a move under node or depth limits.
    pub watchdog: Duration,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    /// Games longer than this are adjudicated drawn (a safety net).
    pub max_plies: usize,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub result: GameResult,
    pub termination: String,
    pub reason: String,
    /// The moves in PGN notation (SAN in chess, tokens elsewhere: see `notation`).
    pub moves: Vec<String>,
    /// Which engines (by colour index) must be restarted: they died or hung.
    pub broken: [bool; 2],
}

/// "White" or "Black".
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The result when `side` loses.
pub fn loss_for(side: Color) -> GameResult {
    match side {
        Color::White => GameResult::BlackWins,
        Color::Black => GameResult::WhiteWins,
    }
}

/// A reported score in centipawns, mates as very large values.
fn centipawns(s: ReportedScore) -> i32 {
    match s {
        ReportedScore::Cp(cp) => cp,
        ReportedScore::Mate(m) if m > 0 => 100_000 - m,
        ReportedScore::Mate(m) => -100_000 - m,
    }
}

/// The closing sentence of a game lost on time: the time the move took and the time the
/// clock held when it started.
fn time_forfeit_reason(side: Color, used_ms: u128, left_ms: i64) -> String {
    format!(
        "{} loses on time ({used_ms} ms used, {} ms left on the clock)",
        color_name(side),
        left_ms.max(0)
    )
}

/// Plays one game. `engines[0]` plays White, `engines[1]` Black; `controls` follow the
/// same order. `stop` abandons the game between moves.
pub fn play_game<P: Position>(
    start_fen: Option<&str>,
    engines: [&mut EngineProcess; 2],
    rules: &GameRules,
    stop: &AtomicBool,
) -> GameEnd {
    let mut pos = match start_fen {
        Some(fen) => P::from_fen(fen).expect("openings are checked before play"),
        None => P::startpos(),
    };
    let position_prefix = match start_fen {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    let mut engines = engines;
    let mut clocks = [Clock::new(rules.controls[0]), Clock::new(rules.controls[1])];
    let mut scores: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
    // Canonical strings for the engines' `position` lines; PGN texts for the record.
    let mut uci_moves: Vec<String> = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    let mut broken = [false; 2];
    let end = |result, termination: &str, reason: String, moves: Vec<String>, broken| GameEnd {
        result,
        termination: termination.to_string(),
        reason,
        moves,
        broken,
    };

    for (i, engine) in engines.iter_mut().enumerate() {
        let prepared = engine.send("ucinewgame").and_then(|_| engine.ready());
        if let Err(e) = prepared {
            broken[i] = true;
            let side = if i == 0 { Color::White } else { Color::Black };
            let reason = format!("{} {e}", color_name(side));
            return end(loss_for(side), "crash", reason, moves, broken);
        }
    }

    loop {
        if let Some(outcome) = pos.outcome() {
            let side = pos.side_to_move();
            let (result, reason) = match outcome {
                Outcome::Checkmate => {
                    (loss_for(side), format!("{} mates", color_name(side.flip())))
                }
                other => (GameResult::Draw, format!("Draw by {}", other.describe())),
            };
            return end(result, outcome.describe(), reason, moves, broken);
        }
        if stop.load(Ordering::Relaxed) {
            return abandoned(moves, broken);
        }
        if moves.len() >= rules.max_plies {
            let reason = format!("Draw by adjudication after {} plies", moves.len());
            return end(GameResult::Draw, "adjudication", reason, moves, broken);
        }

        let side = pos.side_to_move();
        let i = side.index();
        let mut line = position_prefix.clone();
        if !uci_moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&uci_moves.join(" "));
        }
        let go = go_command(&clocks, i);
        let limit = clocks[i].deadline(rules.margin_ms, rules.watchdog);
        let clock_before = clocks[i].remaining_ms();
        let answer = engines[i]
            .send(&line)
            .and_then(|_| engines[i].go(&go, limit, stop));
        let reply = match answer {
            Ok(r) => r,
            Err(EngineError::Stopped) => {
                // Mid-search: the engine is dropped rather than waited for.
                broken[i] = true;
                return abandoned(moves, broken);
            }
            Err(e) => {
                broken[i] = true;
                let (termination, reason) = match (&e, clocks[i].control()) {
                    (EngineError::Timeout(_), Control::Clock { .. }) => (
                        "time forfeit",
                        time_forfeit_reason(side, limit.as_millis(), clock_before),
                    ),
                    (EngineError::Timeout(_), Control::MoveTime { ms }) => (
                        "time forfeit",
                        time_forfeit_reason(side, limit.as_millis(), ms as i64),
                    ),
                    (EngineError::Timeout(_), _) => {
                        ("timeout", format!("{} stopped answering", color_name(side)))
                    }
                    _ => ("crash", format!("{} {e}", color_name(side))),
                };
                return end(loss_for(side), termination, reason, moves, broken);
            }
        };
        if clocks[i].charge(reply.elapsed, rules.margin_ms).is_err() {
            let left = match clocks[i].control() {
                Control::MoveTime { ms } => ms as i64,
                _ => clock_before,
            };
            let reason = time_forfeit_reason(side, reply.elapsed.as_millis(), left);
            return end(loss_for(side), "time forfeit", reason, moves, broken);
        }
        let mv = match pos.parse_move(&reply.text) {
            Ok(mv) => mv,
            Err(e) => {
                let reason = format!("{} makes an illegal move: {e}", color_name(side));
                return end(loss_for(side), "illegal move", reason, moves, broken);
            }
        };
        moves.push(move_text(&pos, mv));
        uci_moves.push(mv.to_string());
        pos.play(mv);
        if let Some(s) = reply.score {
            scores[i].push(centipawns(s));
        }
        if let Some(result) = adjudicate(rules, &scores, moves.len(), side) {
            return end(result.0, "adjudication", result.1, moves, broken);
        }
    }
}

/// A game left unfinished because the match was stopped.
fn abandoned(moves: Vec<String>, broken: [bool; 2]) -> GameEnd {
    GameEnd {
        result: GameResult::Unfinished,
        termination: "abandoned".into(),
        reason: "Match stopped".into(),
        moves,
        broken,
    }
}

/// The `go` line for the engine with colour index `i`.
fn go_command(clocks: &[Clock; 2], i: usize) -> String {
    match clocks[i].control() {
        Control::Clock { increment_ms, .. } => {
            let other = clocks[1 - i].control();
            let other_inc = match other {
                Control::Clock { increment_ms, .. } => increment_ms,
                _ => 0,
            };
            let (w, b) = (
                clocks[0].remaining_ms().max(1),
                clocks[1].remaining_ms().max(1),
            );
            let (winc, binc) = if i == 0 {
                (increment_ms, other_inc)
            } else {
                (other_inc, increment_ms)
            };
            let mut go = format!("go wtime {w} btime {b} winc {winc} binc {binc}");
            if let Some(mtg) = clocks[i].moves_to_go() {
                go.push_str(&format!(" movestogo {mtg}"));
            }
            go
        }
        Control::MoveTime { ms } => format!("go movetime {ms}"),
        Control::Nodes(n) => format!("go nodes {n}"),
        Control::Depth(d) => format!("go depth {d}"),
    }
}

/// Draw or resign adjudication after `mover` has just moved.
fn adjudicate(
    rules: &GameRules,
    scores: &[Vec<i32>; 2],
    plies: usize,
    mover: Color,
) -> Option<(GameResult, String)> {
    let last = |i: usize, n: usize| -> Option<&[i32]> {
        let s = &scores[i];
        (n > 0 && s.len() >= n).then(|| &s[s.len() - n..])
    };
    if let Some(r) = rules.resign {
        let i = mover.index();
        let losing = last(i, r.move_count).is_some_and(|s| s.iter().all(|&v| v <= -r.score_cp));
        let agreed = !r.two_sided
            || last(1 - i, r.move_count).is_some_and(|s| s.iter().all(|&v| v >= r.score_cp));
        if losing && agreed {
            let reason = format!("{} resigns by adjudication", color_name(mover));
            return Some((loss_for(mover), reason));
        }
    }
    if let Some(d) = rules.draw {
        let move_number = plies.div_ceil(2) as u32;
        let quiet =
            |i| last(i, d.move_count).is_some_and(|s| s.iter().all(|v| v.abs() <= d.score_cp));
        if move_number >= d.move_number && quiet(0) && quiet(1) {
            return Some((GameResult::Draw, "Draw by adjudication".into()));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> GameRules {
        GameRules {
            controls: [Control::Nodes(1), Control::Nodes(1)],
            margin_ms: 0,
            watchdog: Duration::from_secs(1),
            draw: Some(DrawRule {
                move_number: 10,
                move_count: 2,
                score_cp: 10,
            }),
            resign: Some(ResignRule {
                move_count: 3,
                score_cp: 500,
                two_sided: true,
            }),
            max_plies: 500,
        }
    }

    #[test]
    fn resign_needs_both_sides_when_two_sided() {
        let r = rules();
        let scores = [vec![0, -600, -700, -800], vec![20, 600, 650]];
        assert_eq!(adjudicate(&r, &scores, 30, Color::White), None);
        let scores = [vec![-600, -700, -800], vec![600, 650, 900]];
        let (result, _) = adjudicate(&r, &scores, 30, Color::White).unwrap();
        assert_eq!(result, GameResult::BlackWins);
        let mut one_sided = r.clone();
        one_sided.resign.as_mut().unwrap().two_sided = false;
        let scores = [vec![-600, -700, -800], vec![]];
        assert!(adjudicate(&one_sided, &scores, 30, Color::White).is_some());
    }

    #[test]
    fn draw_waits_for_the_move_number() {
        let r = rules();
        let scores = [vec![5, -3], vec![0, 8]];
        assert_eq!(adjudicate(&r, &scores, 17, Color::White), None);
        let (result, _) = adjudicate(&r, &scores, 20, Color::Black).unwrap();
        assert_eq!(result, GameResult::Draw);
        let scores = [vec![5, -30], vec![0, 8]];
        assert_eq!(adjudicate(&r, &scores, 20, Color::Black), None);
    }

    #[test]
    fn time_forfeits_say_the_time_used_and_left() {
        assert_eq!(
            time_forfeit_reason(Color::Black, 128, 71),
            "Black loses on time (128 ms used, 71 ms left on the clock)"
        );
        assert_eq!(
            time_forfeit_reason(Color::White, 40, -5),
            "White loses on time (40 ms used, 0 ms left on the clock)"
        );
    }

    #[test]
    fn go_commands_follow_the_control() {
        let tc = Control::Clock {
            moves: 40,
            base_ms: 1000,
            increment_ms: 50,
        };
        let clocks = [Clock::new(tc), Clock::new(Control::MoveTime { ms: 300 })];
        assert_eq!(
            go_command(&clocks, 0),
            "go wtime 1000 btime 1 winc 50 binc 0 movestogo 40"
        );
        assert_eq!(go_command(&clocks, 1), "go movetime 300");
        let clocks = [
            Clock::new(Control::Depth(3)),
            Clock::new(Control::Nodes(99)),
        ];
        assert_eq!(go_command(&clocks, 0), "go depth 3");
        assert_eq!(go_command(&clocks, 1), "go nodes 99");
        // Being mated sooner scores lower.
        assert_eq!(centipawns(ReportedScore::Mate(-2)), -99_998);
        assert!(centipawns(ReportedScore::Mate(-2)) < centipawns(ReportedScore::Mate(-5)));
    }
}
