//! The session's messages (`docs/gui-api.md`, "WebSocket /ws"): what the page asks,
//! checked here so that a bad message is an error in words before anything changes, and
//! the outbox everything the session says goes through.

use super::engine::Level;
use crate::game::GameSpec;
use feerie_match::clock::Control;
use serde::Deserialize;
use serde_json::Value;
use std::time::Duration;
use tokio::sync::mpsc;

/// Most lines an analysis may show.
pub const MAX_MULTIPV: u32 = 5;
/// Longest clock or move time the page may ask for: a day.
const MAX_TIME_MS: u64 = 24 * 3600 * 1000;
/// Deepest fixed-depth search the page may ask for.
const MAX_DEPTH: u32 = 64;
/// Highest `Skill Level` (Stockfish's and Feerie's full strength).
const MAX_SKILL: u32 = 20;
/// Highest `UCI_Elo` the page may ask for: above any engine's.
const MAX_ELO: u32 = 4000;
/// Longest pace the page may ask for between an engine's moves.
pub const MAX_PACE_MS: u64 = 10_000;

/// Who plays one side of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    /// An engine of `AppState.engines`, by index.
    Engine(usize),
}

/// One message of the page, checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Analyse {
        spec: GameSpec,
        multipv: u32,
        engine: usize,
    },
    StopAnalysis,
    NewGame {
        spec: GameSpec,
        /// White's, then Black's.
        players: [Player; 2],
        control: Control,
        /// The engines' level; `None`: their own.
        level: Option<Level>,
        /// The least time between a move and an engine's answer being played.
        pace: Duration,
    },
    Move(String),
    Takeback,
    Resign,
    Abort,
    /// A problem to solve: the request as sent, which `feerie_solve::page` reads (its
    /// errors say that they answer a solve request).
    Solve(String),
    StopSolve,
}

#[derive(Deserialize)]
struct Analyse {
    #[serde(default = "one")]
    multipv: u32,
    #[serde(default)]
    engine: usize,
}

fn one() -> u32 {
    1
}

#[derive(Deserialize)]
struct NewGame {
    white: Value,
    black: Value,
    control: ControlSpec,
    #[serde(default)]
    level: Option<LevelSpec>,
    #[serde(default)]
    pace_ms: u64,
}

/// The page's levels: `{"skill": N}` or `{"elo": N}`.
#[derive(Deserialize)]
enum LevelSpec {
    #[serde(rename = "skill")]
    Skill(u32),
    #[serde(rename = "elo")]
    Elo(u32),
}

/// The page's time controls.
#[derive(Deserialize)]
enum ControlSpec {
    #[serde(rename = "clock")]
    Clock { base_ms: u64, inc_ms: u64 },
    #[serde(rename = "movetime_ms")]
    MoveTime(u64),
    #[serde(rename = "depth")]
    Depth(u32),
}

#[derive(Deserialize)]
struct Move {
    uci: String,
}

/// Reads one message of the page; `engines` is how many engines there are.
pub fn parse(text: &str, engines: usize) -> Result<Request, String> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("the message is not JSON: {e}"))?;
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return Err("the message has no \"type\"".to_string());
    };
    let kind = kind.to_string();
    let read = |e: serde_json::Error| format!("{kind}: {e}");
    Ok(match kind.as_str() {
        "analyse" => {
            let spec: GameSpec = serde_json::from_value(value.clone()).map_err(read)?;
            let Analyse { multipv, engine } = serde_json::from_value(value).map_err(read)?;
            if !(1..=MAX_MULTIPV).contains(&multipv) {
                return Err(format!("analyse: multipv must be 1 to {MAX_MULTIPV}"));
            }
            Request::Analyse {
                spec,
                multipv,
                engine: engine_id(&Value::from(engine), engines)?,
            }
        }
        "stop_analysis" => Request::StopAnalysis,
        "new_game" => {
            let spec: GameSpec = serde_json::from_value(value.clone()).map_err(read)?;
            let game: NewGame = serde_json::from_value(value).map_err(read)?;
            Request::NewGame {
                spec,
                players: [player(&game.white, engines)?, player(&game.black, engines)?],
                control: control(game.control)?,
                level: game.level.map(level).transpose()?,
                pace: pace(game.pace_ms)?,
            }
        }
        "move" => {
            let Move { uci } = serde_json::from_value(value).map_err(read)?;
            Request::Move(uci)
        }
        "takeback" => Request::Takeback,
        "resign" => Request::Resign,
        "abort" => Request::Abort,
        "solve" => Request::Solve(text.to_string()),
        "stop_solve" => Request::StopSolve,
        other => return Err(format!("unknown message type '{other}'")),
    })
}

/// `"human"` or an engine's id.
fn player(value: &Value, engines: usize) -> Result<Player, String> {
    if value.as_str() == Some("human") {
        Ok(Player::Human)
    } else {
        engine_id(value, engines).map(Player::Engine)
    }
}

fn engine_id(value: &Value, engines: usize) -> Result<usize, String> {
    match value.as_u64() {
        Some(id) if (id as usize) < engines => Ok(id as usize),
        _ => Err(format!(
            "no engine {value}: the engines are 0 to {}",
            engines.saturating_sub(1)
        )),
    }
}

fn control(spec: ControlSpec) -> Result<Control, String> {
    let in_range = |ms: u64, what: &str| {
        if (1..=MAX_TIME_MS).contains(&ms) {
            Ok(ms)
        } else {
            Err(format!("{what} must be 1 ms to 24 hours"))
        }
    };
    Ok(match spec {
        ControlSpec::Clock { base_ms, inc_ms } => Control::Clock {
            moves: 0,
            base_ms: in_range(base_ms, "the clock's base_ms")?,
            increment_ms: inc_ms.min(MAX_TIME_MS),
        },
        ControlSpec::MoveTime(ms) => Control::MoveTime {
            ms: in_range(ms, "movetime_ms")?,
        },
        ControlSpec::Depth(depth) if (1..=MAX_DEPTH).contains(&depth) => Control::Depth(depth),
        ControlSpec::Depth(_) => return Err(format!("depth must be 1 to {MAX_DEPTH}")),
    })
}

fn level(spec: LevelSpec) -> Result<Level, String> {
    match spec {
        LevelSpec::Skill(n) if n <= MAX_SKILL => Ok(Level::Skill(n)),
        LevelSpec::Skill(_) => Err(format!("new_game: level skill must be 0 to {MAX_SKILL}")),
        LevelSpec::Elo(n) if (1..=MAX_ELO).contains(&n) => Ok(Level::Elo(n)),
        LevelSpec::Elo(_) => Err(format!("new_game: level elo must be 1 to {MAX_ELO}")),
    }
}

fn pace(ms: u64) -> Result<Duration, String> {
    if ms <= MAX_PACE_MS {
        Ok(Duration::from_millis(ms))
    } else {
        Err(format!("new_game: pace_ms must be 0 to {MAX_PACE_MS}"))
    }
}

/// Where the session's messages to the page go (the socket loop sends them in order).
/// Each task writes with its own tag, so that once a task is replaced the socket loop
/// drops what it still says: a replaced analysis never shows its lines after the new
/// position's, whatever the threads do.
#[derive(Clone, Debug)]
pub struct Outbox {
    sender: mpsc::UnboundedSender<(Tag, String)>,
    tag: Tag,
}

/// Who wrote a message: [`Tag::SESSION`] (always sent) or one task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag(pub u64);

impl Tag {
    pub const SESSION: Tag = Tag(0);
}

impl Outbox {
    pub fn new() -> (Outbox, mpsc::UnboundedReceiver<(Tag, String)>) {
        let (sender, receiver) = mpsc::unbounded_channel();
        let outbox = Outbox {
            sender,
            tag: Tag::SESSION,
        };
        (outbox, receiver)
    }

    /// The same outbox, writing with `tag`.
    pub fn tagged(&self, tag: Tag) -> Outbox {
        Outbox {
            sender: self.sender.clone(),
            tag,
        }
    }

    /// Sends a message (dropped when the page is gone: the session is ending).
    pub fn send(&self, message: Value) {
        let _ = self.sender.send((self.tag, message.to_string()));
    }

    /// Sends a message already written as JSON.
    pub fn send_text(&self, message: String) {
        let _ = self.sender.send((self.tag, message));
    }

    pub fn error(&self, message: &str) {
        self.send(serde_json::json!({"type": "error", "message": message}));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_of_message() {
        assert_eq!(
            parse(
                r#"{"type":"analyse","variant":"chess","fen":null,"moves":["e2e4"],"multipv":2,"engine":1}"#,
                2
            ),
            Ok(Request::Analyse {
                spec: GameSpec {
                    variant: "chess".into(),
                    fen: None,
                    moves: vec!["e2e4".into()]
                },
                multipv: 2,
                engine: 1
            })
        );
        let game = parse(
            r#"{"type":"new_game","variant":"dynamo","moves":[],"white":"human","black":0,"control":{"clock":{"base_ms":60000,"inc_ms":1000}}}"#,
            1,
        )
        .unwrap();
        let Request::NewGame {
            players,
            control,
            level,
            pace,
            ..
        } = game
        else {
            panic!("{game:?}")
        };
        assert_eq!(players, [Player::Human, Player::Engine(0)]);
        assert_eq!(level, None);
        assert_eq!(
            pace,
            Duration::ZERO,
            "no pace: engines' moves are played at once"
        );
        assert_eq!(
            control,
            Control::Clock {
                moves: 0,
                base_ms: 60000,
                increment_ms: 1000
            }
        );
        for (text, wanted) in [
            (r#"{"skill":4}"#, Some(Level::Skill(4))),
            (r#"{"elo":1500}"#, Some(Level::Elo(1500))),
            ("null", None),
        ] {
            let message = format!(
                r#"{{"type":"new_game","variant":"chess","white":"human","black":0,"control":{{"depth":3}},"level":{text}}}"#
            );
            let Ok(Request::NewGame { level, .. }) = parse(&message, 1) else {
                panic!("{message}")
            };
            assert_eq!(level, wanted, "{text}");
        }
        let paced = r#"{"type":"new_game","variant":"chess","white":0,"black":0,"control":{"depth":3},"pace_ms":1000}"#;
        let Ok(Request::NewGame { pace, .. }) = parse(paced, 1) else {
            panic!("{paced}")
        };
        assert_eq!(pace, Duration::from_secs(1));
        assert_eq!(
            parse(r#"{"type":"move","uci":"e2e4"}"#, 1),
            Ok(Request::Move("e2e4".into()))
        );
        assert_eq!(parse(r#"{"type":"abort"}"#, 1), Ok(Request::Abort));
        assert_eq!(parse(r#"{"type":"stop_solve"}"#, 1), Ok(Request::StopSolve));
        let solve =
            r##"{"type":"solve","variant":"dynamo","fen":"8/8/8/8/8/8/8/8","stipulation":"#2"}"##;
        assert_eq!(parse(solve, 1), Ok(Request::Solve(solve.into())));
    }

    #[test]
    fn bad_messages_are_errors_in_words() {
        for (text, error) in [
            ("hello", "not JSON"),
            ("[1]", "no \"type\""),
            (r#"{"type":"dance"}"#, "unknown message type 'dance'"),
            (r#"{"type":"move"}"#, "move: missing field `uci`"),
            (
                r#"{"type":"analyse","variant":"chess","multipv":6}"#,
                "multipv must be 1 to 5",
            ),
            (
                r#"{"type":"analyse","variant":"chess","engine":3}"#,
                "no engine 3",
            ),
            (
                r#"{"type":"analyse","multipv":1}"#,
                "missing field `variant`",
            ),
            (
                r#"{"type":"new_game","variant":"chess","white":"robot","black":0,"control":{"depth":3}}"#,
                "no engine \"robot\"",
            ),
            (
                r#"{"type":"new_game","variant":"chess","white":0,"black":0,"control":{"depth":0}}"#,
                "depth must be 1 to 64",
            ),
            (
                r#"{"type":"new_game","variant":"chess","white":0,"black":0,"control":{"depth":3},"level":{"skill":21}}"#,
                "level skill must be 0 to 20",
            ),
            (
                r#"{"type":"new_game","variant":"chess","white":0,"black":0,"control":{"depth":3},"level":{"elo":0}}"#,
                "level elo must be 1 to 4000",
            ),
            (
                r#"{"type":"new_game","variant":"chess","white":0,"black":0,"control":{"depth":3},"level":"easy"}"#,
                "new_game: ",
            ),
            (
                r#"{"type":"new_game","variant":"chess","white":0,"black":0,"control":{"depth":3},"pace_ms":10001}"#,
                "new_game: pace_ms must be 0 to 10000",
            ),
            (
                r#"{"type":"new_game","variant":"chess","white":0,"black":0,"control":{"depth":3},"pace_ms":-1}"#,
                "new_game: ",
            ),
            (
                r#"{"type":"new_game","variant":"chess","white":0,"black":0,"control":{"hourglass":1}}"#,
                "new_game: unknown variant `hourglass`",
            ),
        ] {
            let got = parse(text, 1).unwrap_err();
            assert!(got.contains(error), "{text}: {got}");
        }
    }
}
