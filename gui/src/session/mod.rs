//! One session per browser tab, over a WebSocket: analysis and games with UCI engines, and
//! the solver (`docs/gui-api.md`). Closing the tab ends its searches, solve and engine
//! processes. A new analysis or game ends the engines of the one it replaces before it
//! starts others.
//!
//! The socket loop only reads the page's messages, checks them ([`messages`]) and passes
//! them to the analysis ([`analysis`]) or the game ([`play`]), each a task owning its
//! engines ([`engine`]), or to the solver ([`solve`]); their messages come back through
//! one outbox, so the page gets them in the order they were said.

mod analysis;
mod board;
mod engine;
mod lines;
mod messages;
mod output;
mod play;
mod solve;

use crate::api;
use crate::state::{AppState, BODY_LIMIT};
use analysis::{Analysis, Job};
use axum::Router;
use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::Method;
use axum::response::Response;
use axum::routing::get;
use engine::Slots;
use messages::{Outbox, Player, Request, Tag};
use play::{Command, Game, Seat};
use solve::Solve;
use std::sync::Arc;
use std::time::Duration;

/// How long a closing session waits for its tasks to end their engines politely before
/// the processes are killed outright.
const CLOSING: Duration = Duration::from_secs(15);

/// The session's route (`/ws`); its errors are JSON, as the API's.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/ws", get(upgrade))
        .method_not_allowed_fallback(|| async { api::wrong_method(&[Method::GET]) })
}

async fn upgrade(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    State(state): State<Arc<AppState>>,
) -> Response {
    match ws {
        // A message is a game at most: the limit on request bodies.
        Ok(ws) => ws
            .max_message_size(BODY_LIMIT)
            .on_upgrade(move |socket| run(socket, state)),
        Err(rejection) => api::error(rejection.status(), &rejection.body_text()),
    }
}

/// What one tab has running.
struct Session {
    state: Arc<AppState>,
    slots: Slots,
    out: Outbox,
    analysis: Option<Analysis>,
    game: Option<Game>,
    solve: Option<Solve>,
    /// The tags of the running analysis, game and solve: what other tasks say is dropped.
    analysis_tag: Tag,
    game_tag: Tag,
    solve_tag: Tag,
    last_tag: u64,
}

/// The socket loop: the page's messages in, the session's messages out, until the page
/// goes; then every engine of the session is ended.
async fn run(mut socket: WebSocket, state: Arc<AppState>) {
    let (out, mut outgoing) = Outbox::new();
    let mut session = Session {
        slots: Slots::new(state.engine_slots.clone()),
        state,
        out,
        analysis: None,
        game: None,
        solve: None,
        analysis_tag: Tag::SESSION,
        game_tag: Tag::SESSION,
        solve_tag: Tag::SESSION,
        last_tag: 0,
    };
    loop {
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => session.handle(text.as_str()),
                Some(Ok(Message::Binary(_))) => session.out.error("messages are JSON text"),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break,
            },
            Some((tag, text)) = outgoing.recv() => {
                if session.is_live(tag) && socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
        }
    }
    session.close().await;
}

impl Session {
    /// A tag no task has had.
    fn new_tag(&mut self) -> Tag {
        self.last_tag += 1;
        Tag(self.last_tag)
    }

    fn is_live(&self, tag: Tag) -> bool {
        [
            Tag::SESSION,
            self.analysis_tag,
            self.game_tag,
            self.solve_tag,
        ]
        .contains(&tag)
    }

    fn handle(&mut self, text: &str) {
        match messages::parse(text, self.state.engines.len()) {
            Ok(request) => self.serve(request),
            Err(e) => self.out.error(&e),
        }
    }

    fn serve(&mut self, request: Request) {
        match request {
            Request::Analyse {
                spec,
                multipv,
                engine,
            } => match board::load(&spec) {
                Err(e) => self.out.error(&e),
                Ok(board) if board.outcome().is_some() => {
                    self.analysis = Analysis::stopped(self.analysis.take());
                    self.analysis_tag = self.new_tag();
                    self.out.send(analysis::stopped());
                }
                Ok(board) => {
                    let job = Job {
                        engine_id: engine,
                        engine: self.state.engines[engine].clone(),
                        board,
                        multipv,
                        slots: self.slots.clone(),
                    };
                    let previous = self.analysis.take();
                    self.analysis_tag = self.new_tag();
                    let out = self.out.tagged(self.analysis_tag);
                    self.analysis = Some(Analysis::start(job, previous, out));
                }
            },
            Request::StopAnalysis => match &mut self.analysis {
                Some(analysis) => analysis.stop(&self.out),
                None => self.out.send(analysis::stopped()),
            },
            Request::NewGame {
                spec,
                players,
                control,
                level,
                pace,
            } => match board::load(&spec) {
                Err(e) => self.out.error(&e),
                Ok(board) if board.outcome().is_some() => {
                    self.out.error("the game is already over in that position")
                }
                Ok(board) => {
                    let seats = players.map(|player| match player {
                        Player::Human => Seat::Human,
                        Player::Engine(id) => Seat::Engine(self.state.engines[id].clone(), level),
                    });
                    let previous = self.game.take();
                    self.game_tag = self.new_tag();
                    let out = self.out.tagged(self.game_tag);
                    let slots = self.slots.clone();
                    self.game = Some(Game::start(
                        board, seats, control, pace, out, previous, slots,
                    ));
                }
            },
            Request::Move(text) => self.to_game(Command::Move(text)),
            Request::Takeback => self.to_game(Command::Takeback),
            Request::Resign => self.to_game(Command::Resign),
            Request::Abort => self.to_game(Command::Abort),
            Request::Solve(request) => match feerie_solve::page::problem(&request) {
                Err(e) => self.out.send_text(feerie_solve::page::error(&e)),
                Ok(problem) => {
                    self.stop_solve();
                    let out = self.out.tagged(self.solve_tag);
                    self.solve = Some(Solve::start(problem, out));
                }
            },
            Request::StopSolve => {
                self.stop_solve();
                self.out.send(solve::stopped());
            }
        }
    }

    /// Stops the solve (if any) and drops what it still says.
    fn stop_solve(&mut self) {
        if let Some(solve) = self.solve.take() {
            solve.stop();
        }
        self.solve_tag = self.new_tag();
    }

    fn to_game(&self, command: Command) {
        if !self.game.as_ref().is_some_and(|game| game.send(command)) {
            self.out.error("no game is running");
        }
    }

    /// The page has gone: every task is told, and its engines end with it.
    async fn close(mut self) {
        self.stop_solve();
        let analysis = self.analysis.map(Analysis::close);
        let game = self.game.map(Game::close);
        let closed = async {
            if let Some(analysis) = analysis {
                analysis.await;
            }
            if let Some(game) = game {
                game.await;
            }
        };
        // Past the wait the tasks still end by themselves (every wait of theirs is
        // bounded, and they see that the session has gone).
        let _ = tokio::time::timeout(CLOSING, closed).await;
    }
}
