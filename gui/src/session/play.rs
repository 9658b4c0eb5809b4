//! A game between humans and engines, driven by one task that is the authority on the
//! rules and the clocks: it counts the humans' time too on a clock (a move time or depth
//! limits the engines only), flags whoever runs out (on a timer, not at their next move), gives up on an engine that overruns its time or hangs,
//! holds an engine's move back until the game's pace lets it be shown (a game between
//! engines a person can follow; the pause is charged to no clock), and says every change
//! to the page.

use super::board::Board;
use super::engine::{Engine, Level, Setup, Slots};
use super::messages::Outbox;
use crate::state::EngineConfig;
use feerie_match::clock::{Clock, Control};
use feerie_match::game::{color_name as side_name, loss_for};
use feerie_match::pgn::GameResult;
use feerie_movegen::{Color, Outcome};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// How far past its time an engine may answer before it loses on time: pipes and a busy
/// machine take a moment, and a human cannot see a few hundred milliseconds anyway.
pub const MARGIN_MS: u64 = 1000;
/// How long an engine searching to a fixed depth may take before it is taken as hung.
pub const WATCHDOG: Duration = Duration::from_secs(180);

/// Who sits at one side of the board.
#[derive(Clone, Debug)]
pub enum Seat {
    Human,
    /// An engine, at a level (`None`: its own).
    Engine(EngineConfig, Option<Level>),
}

/// What the page asks of the running game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Move(String),
    Takeback,
    Resign,
    Abort,
}

/// The session's game, running or over.
#[derive(Debug)]
pub struct Game {
    commands: mpsc::UnboundedSender<Command>,
    task: JoinHandle<()>,
}

impl Game {
    /// Starts the game from `board` (not over) with `seats` (White's, then Black's),
    /// its engines in `slots`, once `previous` (the game it replaces) has ended its
    /// engines; a game replaced in turn before that never starts. An engine's move is
    /// played no sooner than `pace` after the move before it.
    pub fn start(
        board: Box<dyn Board>,
        seats: [Seat; 2],
        control: Control,
        pace: Duration,
        out: Outbox,
        previous: Option<Game>,
        slots: Slots,
    ) -> Game {
        let (commands, inbox) = mpsc::unbounded_channel();
        let task = tokio::spawn(async move {
            if let Some(previous) = previous {
                previous.close().await;
            }
            if !inbox.is_closed() {
                run(board, seats, control, pace, inbox, out, slots).await;
            }
        });
        Game { commands, task }
    }

    /// Passes `command` on; false when the game is over (or never started).
    pub fn send(&self, command: Command) -> bool {
        self.commands.send(command).is_ok()
    }

    /// Ends the game without a word and its engines with it.
    pub async fn close(self) {
        drop(self.commands);
        let _ = self.task.await;
    }
}

/// How a game ended.
struct End {
    result: GameResult,
    reason: String,
}

/// The end by the rules of a position whose game is over.
fn rules_end(result: GameResult, outcome: Outcome) -> End {
    let reason = match result {
        GameResult::WhiteWins => format!("White wins by {}", outcome.describe()),
        GameResult::BlackWins => format!("Black wins by {}", outcome.describe()),
        _ => format!("Draw by {}", outcome.describe()),
    };
    End { result, reason }
}

async fn run(
    board: Box<dyn Board>,
    seats: [Seat; 2],
    control: Control,
    pace: Duration,
    mut inbox: mpsc::UnboundedReceiver<Command>,
    out: Outbox,
    slots: Slots,
) {
    let Some(mut play) = Play::start(board, seats, control, pace, out, &slots).await else {
        return;
    };
    play.send_state(None);
    let end = loop {
        if let Some((result, outcome)) = play.board.outcome() {
            break Some(rules_end(result, outcome));
        }
        if let Err(end) = play.start_search().await {
            break Some(end);
        }
        let deadline = play.deadline();
        let event = {
            let [white, black] = &mut play.engines;
            tokio::select! {
                command = inbox.recv() => match command {
                    Some(command) => Event::Command(command),
                    None => break None,
                },
                line = next_line(white) => Event::Line(Color::White, line),
                line = next_line(black) => Event::Line(Color::Black, line),
                _ = tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now)),
                    if deadline.is_some() => Event::Timeout,
            }
        };
        if let Some(end) = play.handle(event).await {
            break Some(end);
        }
    };
    inbox.close();
    if let Some(end) = end {
        play.finish(end);
    }
    for engine in play.engines.into_iter().flatten() {
        engine.close().await;
    }
}

/// The next line of `engine`; never, when the side is a human's.
async fn next_line(engine: &mut Option<Engine>) -> Result<String, String> {
    match engine {
        Some(engine) => engine.next_line().await,
        None => std::future::pending().await,
    }
}

enum Event {
    Command(Command),
    Line(Color, Result<String, String>),
    Timeout,
}

/// The state of a running game.
struct Play {
    board: Box<dyn Board>,
    seats: [Seat; 2],
    /// The engines' shown names (`id name`), for the reasons of a game's end and the
    /// page's player strips.
    names: [String; 2],
    /// The level each engine was set to (`None`: its own).
    levels: [Option<Level>; 2],
    engines: [Option<Engine>; 2],
    clocks: [Clock; 2],
    /// Moves played before the game started (not taken back).
    start_ply: usize,
    /// The clocks at the start of each ply of the game, for takebacks.
    history: Vec<[Clock; 2]>,
    turn_started: Instant,
    /// The engine to move is searching.
    thinking: bool,
    /// The least time from a move to an engine's answer being played.
    pace: Duration,
    /// The engine's answer (its clock charged), waiting for the pace.
    held: Option<String>,
    out: Outbox,
}

impl Play {
    /// Starts the engines; `None` (after an `error` to the page) when one cannot play.
    async fn start(
        board: Box<dyn Board>,
        seats: [Seat; 2],
        control: Control,
        pace: Duration,
        out: Outbox,
        slots: &Slots,
    ) -> Option<Play> {
        let mut engines = [None, None];
        let mut names = [String::new(), String::new()];
        let mut levels = [None, None];
        for (i, seat) in seats.iter().enumerate() {
            let Seat::Engine(config, level) = seat else {
                continue;
            };
            match start_engine(config, board.variant(), *level, slots).await {
                Ok(engine) => {
                    names[i] = engine.name.clone();
                    levels[i] = engine.level;
                    engines[i] = Some(engine);
                }
                Err(e) => {
                    out.error(&e);
                    for engine in engines.into_iter().flatten() {
                        engine.close().await;
                    }
                    return None;
                }
            }
        }
        let clocks = [Clock::new(control), Clock::new(control)];
        Some(Play {
            start_ply: board.moves().len(),
            board,
            seats,
            names,
            levels,
            engines,
            history: vec![clocks.clone()],
            clocks,
            turn_started: Instant::now(),
            thinking: false,
            pace,
            held: None,
            out,
        })
    }

    fn side(&self) -> Color {
        self.board.side_to_move()
    }

    fn is_human(&self, side: Color) -> bool {
        matches!(self.seats[side as usize], Seat::Human)
    }

    fn engine_name(&self, side: Color) -> String {
        format!(
            "{}'s engine ({})",
            side_name(side),
            self.names[side as usize]
        )
    }

    /// Sends `position` and `go` to the engine to move, unless it is already searching
    /// or has answered.
    async fn start_search(&mut self) -> Result<(), End> {
        let side = self.side();
        if self.thinking || self.held.is_some() || self.is_human(side) {
            return Ok(());
        }
        let go = self.go_command();
        let position = self.board.position_command();
        let Some(engine) = self.engines[side as usize].as_mut() else {
            return Ok(());
        };
        let sent = match engine.send(&position).await {
            Ok(()) => engine.send(&go).await,
            Err(e) => Err(e),
        };
        self.thinking = true;
        sent.map_err(|e| self.crashed(side, &e))
    }

    fn go_command(&self) -> String {
        match self.clocks[0].control() {
            Control::Clock { increment_ms, .. } => {
                let [white, black] = self.clocks.each_ref().map(|c| c.remaining_ms().max(0));
                format!("go wtime {white} btime {black} winc {increment_ms} binc {increment_ms}")
            }
            Control::MoveTime { ms } => format!("go movetime {ms}"),
            Control::Nodes(n) => format!("go nodes {n}"),
            Control::Depth(d) => format!("go depth {d}"),
        }
    }

    /// When the side to move loses on time: a human's clock at zero, an engine's time
    /// and margin (or the watchdog); `None` when nothing limits it. With an engine's
    /// answer held, when the pace lets it be played.
    fn deadline(&self) -> Option<Instant> {
        if self.held.is_some() {
            return Some(self.turn_started + self.pace);
        }
        let clock = &self.clocks[self.side() as usize];
        if self.is_human(self.side()) {
            match clock.control() {
                Control::Clock { .. } => Some(
                    self.turn_started + Duration::from_millis(clock.remaining_ms().max(0) as u64),
                ),
                _ => None,
            }
        } else {
            Some(self.turn_started + clock.deadline(MARGIN_MS, WATCHDOG))
        }
    }

    async fn handle(&mut self, event: Event) -> Option<End> {
        match event {
            Event::Command(Command::Move(text)) => self.human_move(&text),
            Event::Command(Command::Takeback) => self.takeback().await.err(),
            Event::Command(Command::Resign) => self.resign(),
            Event::Command(Command::Abort) => Some(End {
                result: GameResult::Unfinished,
                reason: "Game aborted".to_string(),
            }),
            Event::Line(side, Ok(text)) => {
                let answer = side == self.side() && self.thinking && text.starts_with("bestmove");
                answer.then(|| self.engine_move(&text)).flatten()
            }
            Event::Line(side, Err(e)) => Some(self.crashed(side, &e)),
            Event::Timeout => match self.held.take() {
                Some(text) => self.play_engine_move(&text),
                None => Some(self.timed_out()),
            },
        }
    }

    fn human_move(&mut self, text: &str) -> Option<End> {
        let side = self.side();
        if !self.is_human(side) {
            self.out.error("it is not your turn: the engine is to move");
            return None;
        }
        // A move time or a depth is the engines' limit: a human has no time limit then.
        let mut clock = self.clocks[side as usize].clone();
        let on_clock = matches!(clock.control(), Control::Clock { .. });
        if on_clock && clock.charge(self.turn_started.elapsed(), 0).is_err() {
            return Some(self.timed_out());
        }
        if let Err(e) = self.board.play(text) {
            self.out.error(&e);
            return None;
        }
        self.clocks[side as usize] = clock;
        self.moved();
        None
    }

    /// The engine's `bestmove` line: its move is charged to its clock and played.
    fn engine_move(&mut self, line: &str) -> Option<End> {
        let side = self.side();
        self.thinking = false;
        let text = line.split_whitespace().nth(1).unwrap_or("(none)");
        if self.clocks[side as usize]
            .charge(self.turn_started.elapsed(), MARGIN_MS)
            .is_err()
        {
            return Some(self.lost(side, format!("{} loses on time", self.engine_name(side))));
        }
        if self.turn_started.elapsed() < self.pace {
            self.held = Some(text.to_string());
            self.send_state(None);
            return None;
        }
        self.play_engine_move(text)
    }

    /// Plays the engine's move `text`, its clock already charged.
    fn play_engine_move(&mut self, text: &str) -> Option<End> {
        let side = self.side();
        if self.board.play(text).is_err() {
            return Some(self.lost(
                side,
                format!("{} played an illegal move '{text}'", self.engine_name(side)),
            ));
        }
        self.moved();
        None
    }

    /// After a move: the new turn's clock starts and the page is told (unless the move
    /// ended the game: then the last state comes with the result).
    fn moved(&mut self) {
        self.history.push(self.clocks.clone());
        self.turn_started = Instant::now();
        if self.board.outcome().is_none() {
            self.send_state(None);
        }
    }

    /// Back to the human's previous turn, dropping the search of the engine to move.
    async fn takeback(&mut self) -> Result<(), End> {
        let now = self.board.moves().len();
        let side_now = self.side();
        let side_at = |ply: usize| {
            if (now - ply).is_multiple_of(2) {
                side_now
            } else {
                side_now.flip()
            }
        };
        let Some(ply) = (self.start_ply..now)
            .rev()
            .find(|&p| self.is_human(side_at(p)))
        else {
            self.out
                .error(if self.seats.iter().any(|s| matches!(s, Seat::Human)) {
                    "there is no move of yours to take back"
                } else {
                    "takeback needs a human player"
                });
            return Ok(());
        };
        self.held = None;
        if self.thinking {
            self.thinking = false;
            if let Some(engine) = self.engines[side_now as usize].as_mut() {
                if let Err(e) = engine.stop().await {
                    return Err(self.crashed(side_now, &e));
                }
            }
        }
        for _ in ply..now {
            self.board.undo();
        }
        self.history.truncate(ply - self.start_ply + 1);
        self.clocks = self.history[ply - self.start_ply].clone();
        self.turn_started = Instant::now();
        self.send_state(None);
        Ok(())
    }

    /// The human resigns; with two, the one to move.
    fn resign(&mut self) -> Option<End> {
        let side = match (self.is_human(Color::White), self.is_human(Color::Black)) {
            (true, true) => self.side(),
            (true, false) => Color::White,
            (false, true) => Color::Black,
            (false, false) => {
                self.out.error("there is no human player to resign");
                return None;
            }
        };
        Some(End {
            result: loss_for(side),
            reason: format!("{} wins by resignation", side_name(side.flip())),
        })
    }

    /// The side to move ran out of time (or its engine hung).
    fn timed_out(&mut self) -> End {
        let side = self.side();
        let _ = self.clocks[side as usize].charge(self.turn_started.elapsed(), 0);
        let reason = if self.is_human(side) {
            format!("{} loses on time", side_name(side))
        } else if let Control::Depth(_) | Control::Nodes(_) = self.clocks[0].control() {
            format!(
                "{} did not move within {} s",
                self.engine_name(side),
                WATCHDOG.as_secs()
            )
        } else {
            format!("{} loses on time", self.engine_name(side))
        };
        self.lost(side, reason)
    }

    fn crashed(&self, side: Color, error: &str) -> End {
        self.lost(side, format!("{} crashed: {error}", self.engine_name(side)))
    }

    fn lost(&self, side: Color, reason: String) -> End {
        End {
            result: loss_for(side),
            reason,
        }
    }

    /// The game's state for the page; `result` once it is over.
    fn send_state(&self, result: Option<GameResult>) {
        let side = self.side();
        let clock = match self.clocks[0].control() {
            Control::Clock { .. } => json!({
                "white_ms": self.clocks[0].remaining_ms().max(0),
                "black_ms": self.clocks[1].remaining_ms().max(0),
            }),
            _ => Value::Null,
        };
        let thinking = (result.is_none() && !self.is_human(side) && self.held.is_none())
            .then(|| color_letter(side));
        let [white, black] = [0, 1].map(|i| match self.seats[i] {
            Seat::Human => Value::Null,
            Seat::Engine(..) => json!({
                "name": self.names[i],
                "level": self.levels[i].map(level_json),
            }),
        });
        self.out.send(json!({
            "type": "game",
            "moves": self.board.moves(),
            "fen": self.board.fen(),
            "turn": color_letter(side),
            "clock": clock,
            "thinking": thinking,
            "players": {"white": white, "black": black},
            "result": result.map(GameResult::as_str),
        }));
    }

    /// Tells the page the game is over: its last state, then how it ended.
    fn finish(&self, end: End) {
        self.send_state(Some(end.result));
        self.out.send(json!({
            "type": "game_over",
            "result": end.result.as_str(),
            "reason": end.reason,
            "moves": self.board.moves(),
        }));
    }
}

/// A level as the page's `new_game` gives it: `{"skill": N}` or `{"elo": N}`.
fn level_json(level: Level) -> Value {
    match level {
        Level::Skill(n) => json!({ "skill": n }),
        Level::Elo(n) => json!({ "elo": n }),
    }
}

fn color_letter(side: Color) -> &'static str {
    match side {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// An engine ready for a new game of `variant`, at `level`.
async fn start_engine(
    config: &EngineConfig,
    variant: &str,
    level: Option<Level>,
    slots: &Slots,
) -> Result<Engine, String> {
    // Nothing reads a player's score lines: no chances asked for.
    let setup = Setup {
        multipv: 1,
        show_wdl: false,
        level,
    };
    let mut engine = Engine::start(config, variant, setup, slots).await?;
    let ready = match engine.send("ucinewgame").await {
        Ok(()) => engine.ready().await,
        Err(e) => Err(e),
    };
    match ready {
        Ok(()) => Ok(engine),
        Err(e) => {
            let e = format!("engine {} {e}", engine.name);
            engine.close().await;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_say_who_and_why() {
        assert_eq!(
            rules_end(GameResult::BlackWins, Outcome::Checkmate).reason,
            "Black wins by checkmate"
        );
        assert_eq!(
            rules_end(GameResult::Draw, Outcome::FiftyMoves).reason,
            "Draw by 50-move rule"
        );
    }
}
