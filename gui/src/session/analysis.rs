//! Infinite analysis of one position: a task that owns the engine (asked for win/draw/loss
//! chances when it offers them), sends the page the latest lines at most every
//! [`THROTTLE`], and stops at once when asked. A stopped analysis hands its engine,
//! drained and idle, to the next one, so moving through a game does not restart the
//! engine at every move. Each analysis waits for the one it replaces to hand over or end
//! its engine, so a session never runs two analysis engines.

use super::board::Board;
use super::engine::{Engine, Setup, Slots};
use super::lines::{Lines, Progress, parse_info, parse_progress};
use super::messages::Outbox;
use crate::state::EngineConfig;
use serde_json::json;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// Shortest time between two `analysis` messages.
pub const THROTTLE: Duration = Duration::from_millis(100);

/// What to analyse, and with what.
#[derive(Debug)]
pub struct Job {
    pub engine_id: usize,
    pub engine: EngineConfig,
    pub board: Box<dyn Board>,
    pub multipv: u32,
    pub slots: Slots,
}

/// How a running analysis is asked to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// `stop_analysis`: the page is told `analysis_stopped`.
    Announce,
    /// Replaced by another analysis: nothing is said.
    Quietly,
}

/// What an analysis engine was set up for: the engine, the variant, the lines.
type Key = (usize, &'static str, u32);

/// An engine left by a stopped analysis, with what it was set up for.
#[derive(Debug)]
struct Idle {
    key: Key,
    engine: Engine,
}

/// The session's analysis, running or stopped.
#[derive(Debug)]
pub struct Analysis {
    stop: Option<oneshot::Sender<Stop>>,
    task: JoinHandle<Option<Idle>>,
}

impl Analysis {
    /// Starts `job`, replacing `previous` (stopped quietly, its engine reused when it is
    /// the same engine set up the same way).
    pub fn start(job: Job, previous: Option<Analysis>, out: Outbox) -> Analysis {
        let previous = previous.map(Analysis::quiet);
        let (stop, stopped) = oneshot::channel();
        Analysis {
            stop: Some(stop),
            task: tokio::spawn(run(job, previous, stopped, out)),
        }
    }

    /// Stops it without a word and returns what will hand its engine over.
    fn quiet(mut self) -> JoinHandle<Option<Idle>> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(Stop::Quietly);
        }
        self.task
    }

    /// `stop_analysis`: `analysis_stopped` is sent at once, by the analysis (after its
    /// last lines) or here when it had already ended.
    pub fn stop(&mut self, out: &Outbox) {
        let told = self
            .stop
            .take()
            .is_some_and(|stop| stop.send(Stop::Announce).is_ok());
        if !told {
            out.send(stopped());
        }
    }

    /// The session ends: the engine is closed.
    pub async fn close(mut self) {
        self.stop = None;
        if let Ok(Some(idle)) = self.task.await {
            idle.engine.close().await;
        }
    }

    /// An analysis that is not running (`stop_analysis` with none running, or a
    /// position whose game is over) and keeps `previous`'s engine for the next one.
    pub fn stopped(previous: Option<Analysis>) -> Option<Analysis> {
        previous.map(|p| Analysis {
            stop: None,
            task: p.quiet(),
        })
    }
}

/// The message saying the analysis has stopped.
pub fn stopped() -> serde_json::Value {
    json!({"type": "analysis_stopped"})
}

async fn run(
    job: Job,
    previous: Option<JoinHandle<Option<Idle>>>,
    mut stop: oneshot::Receiver<Stop>,
    out: Outbox,
) -> Option<Idle> {
    let key = (job.engine_id, job.board.variant(), job.multipv);
    let ready = ready_engine(&job, key, previous);
    tokio::pin!(ready);
    let engine = tokio::select! {
        engine = &mut ready => engine,
        asked = &mut stop => {
            if asked == Ok(Stop::Announce) {
                out.send(stopped());
            }
            // The engine being made ready is still waited for: handed on or ended,
            // never left running beside the next analysis's.
            return keep(asked.is_ok(), key, ready.await.ok()?).await;
        }
    };
    let mut engine = match engine {
        Ok(engine) => engine,
        Err(e) => {
            out.error(&e);
            out.send(stopped());
            return None;
        }
    };
    if let Err(e) = start_search(&job, &mut engine).await {
        out.error(&e);
        out.send(stopped());
        engine.close().await;
        return None;
    }
    let mut search = Search {
        job: &job,
        name: engine.name.clone(),
        lines: Lines::default(),
        progress: None,
        last_sent: None,
        pending: false,
        out: &out,
    };
    let mut searching = true;
    loop {
        let flush_at = search.last_sent.map_or_else(Instant::now, |t| t + THROTTLE);
        tokio::select! {
            asked = &mut stop => {
                if asked == Ok(Stop::Announce) {
                    search.flush();
                    out.send(stopped());
                }
                let drained = !searching || engine.stop().await.is_ok();
                return keep(asked.is_ok() && drained, key, engine).await;
            }
            _ = tokio::time::sleep_until(flush_at), if search.pending => search.flush(),
            line = engine.next_line() => match line {
                Ok(text) if text.starts_with("bestmove") => {
                    searching = false;
                    search.flush();
                }
                Ok(text) => search.read(&text),
                Err(e) => {
                    search.flush();
                    out.error(&format!("engine {} crashed: {e}", engine.name));
                    out.send(stopped());
                    engine.close().await;
                    return None;
                }
            }
        }
    }
}

/// The engine for `job`, idle: `previous`'s when it is set up the same way, else a new
/// one (once `previous`'s is ended).
async fn ready_engine(
    job: &Job,
    key: Key,
    previous: Option<JoinHandle<Option<Idle>>>,
) -> Result<Engine, String> {
    let idle = match previous {
        Some(task) => task.await.ok().flatten(),
        None => None,
    };
    match idle {
        Some(idle) if idle.key == key => Ok(idle.engine),
        other => {
            if let Some(idle) = other {
                idle.engine.close().await;
            }
            let setup = Setup {
                multipv: job.multipv,
                show_wdl: true,
                level: None,
            };
            Engine::start(&job.engine, job.board.variant(), setup, &job.slots).await
        }
    }
}

/// An idle engine of a stopped analysis: handed to the next one when `hand_on`, else
/// ended (the session has gone, or the engine did not stop).
async fn keep(hand_on: bool, key: Key, engine: Engine) -> Option<Idle> {
    if hand_on {
        return Some(Idle { key, engine });
    }
    engine.close().await;
    None
}

/// Starts the infinite search of `job`'s position.
async fn start_search(job: &Job, engine: &mut Engine) -> Result<(), String> {
    let started = async {
        engine.send(&job.board.position_command()).await?;
        engine.send("go infinite").await
    };
    let started = started.await;
    started.map_err(|e| format!("engine {} {e}", engine.name))
}

/// The lines of the running search and when the page last saw them.
struct Search<'a> {
    job: &'a Job,
    name: String,
    lines: Lines,
    progress: Option<Progress>,
    last_sent: Option<Instant>,
    /// Lines changed since they were last sent.
    pending: bool,
    out: &'a Outbox,
}

impl Search<'_> {
    /// An engine's line: a new PV or progress is sent now, or when the throttle allows.
    fn read(&mut self, text: &str) {
        if let Some(progress) = parse_progress(text) {
            self.progress = Some(progress);
            self.pending = true;
        }
        if let Some(line) = parse_info(text, self.job.board.side_to_move()) {
            self.lines.update(line);
            self.pending = true;
        }
        if !self.pending {
            return;
        }
        if self.last_sent.is_none_or(|t| t.elapsed() >= THROTTLE) {
            self.flush();
        }
    }

    /// Sends the lines if they changed.
    fn flush(&mut self) {
        if !self.pending {
            return;
        }
        self.pending = false;
        self.last_sent = Some(Instant::now());
        self.out.send(json!({
            "type": "analysis",
            "engine": self.name,
            "lines": self.lines.current(self.job.multipv, self.job.board.as_ref()),
            "progress": self.progress,
        }));
    }
}
