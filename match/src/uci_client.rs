//! Talking to an engine process over UCI: spawn, handshake, send lines, and read lines
//! with a deadline (a reader thread feeds a channel, so a silent engine cannot block the
//! runner).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How to start an engine and configure it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    /// `setoption` pairs, in the order given.
    pub options: Vec<(String, String)>,
}

/// Why talking to the engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The process could not be started, or its pipes closed: it crashed or exited.
    Died(String),
    /// No expected answer within the deadline.
    Timeout(String),
}

impl EngineError {
    /// The message without the kind of failure.
    pub fn detail(&self) -> &str {
        match self {
            EngineError::Died(m) | EngineError::Timeout(m) => m,
        }
    }
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Died(m) => write!(f, "engine died: {m}"),
            EngineError::Timeout(m) => write!(f, "engine timed out: {m}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// The last score an engine reported, from its own point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportedScore {
    Cp(i32),
    Mate(i32),
}

/// What the engine answered to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    pub text: String,
    pub score: Option<ReportedScore>,
    pub elapsed: Duration,
}

/// A running engine process.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// Time allowed for `uciok` and `readyok`.
const HANDSHAKE: Duration = Duration::from_secs(10);

impl EngineProcess {
    /// Starts the engine, does the `uci` handshake, sets the options (and `UCI_Variant`
    /// unless the variant is orthodox chess) and waits for `readyok`.
    pub fn start(spec: &EngineSpec, variant: &str) -> Result<EngineProcess, EngineError> {
        let mut child = Command::new(&spec.cmd)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Died(format!("could not be started: {e}")))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            child,
            stdin,
            lines,
        };
        let handshake = engine
            .send("uci")
            .and_then(|_| engine.wait_for(|l| l == "uciok", HANDSHAKE));
        engine.start_step(handshake, "answer uci", "before answering uci")?;
        let configured = (if variant == "chess" {
            Ok(())
        } else {
            engine.send(&format!("setoption name UCI_Variant value {variant}"))
        })
        .and_then(|_| {
            spec.options.iter().try_for_each(|(name, value)| {
                engine.send(&format!("setoption name {name} value {value}"))
            })
        })
        .and_then(|_| engine.ready());
        engine.start_step(
            configured,
            "answer isready after its options",
            "while taking its options",
        )?;
        Ok(engine)
    }

    /// A step of the start: on failure the process is killed and the error says which
    /// step failed (`did not WHAT within 10 s`, or `exited WHEN`).
    fn start_step(
        &mut self,
        step: Result<impl Sized, EngineError>,
        what: &str,
        when: &str,
    ) -> Result<(), EngineError> {
        let Err(e) = step else { return Ok(()) };
        self.kill_now();
        Err(match e {
            EngineError::Timeout(_) => {
                EngineError::Timeout(format!("did not {what} within {} s", HANDSHAKE.as_secs()))
            }
            EngineError::Died(_) => EngineError::Died(format!("exited {when}")),
        })
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| EngineError::Died(format!("cannot write to engine: {e}")))
    }

    /// `isready` and wait for `readyok`.
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", HANDSHAKE).map(|_| ())
    }

    /// Reads lines until one satisfies `done`, returning the lines read (that one last).
    fn wait_for(
        &mut self,
        mut done: impl FnMut(&str) -> bool,
        limit: Duration,
    ) -> Result<Vec<String>, EngineError> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim().to_string();
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout(format!(
                        "no answer within {} ms",
                        limit.as_millis()
                    )));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Died("its output closed".into()));
                }
            }
        }
    }

    /// Sends `go ...` and waits up to `limit` for `bestmove`, keeping the last score of
    /// the `info` lines of the best line.
    pub fn go(&mut self, go_line: &str, limit: Duration) -> Result<EngineMove, EngineError> {
        let start = Instant::now();
        self.send(go_line)?;
        let mut score = None;
        let lines = self.wait_for(
            |l| {
                if l.starts_with("info") {
                    if let Some(s) = principal_score(l) {
                        score = Some(s);
                    }
                }
                l.starts_with("bestmove")
            },
            limit,
        )?;
        let elapsed = start.elapsed();
        let last = lines.last().expect("bestmove line");
        let text = last.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok(EngineMove {
            text,
            score,
            elapsed,
        })
    }

    /// Asks the engine to quit, and kills it if it does not within a moment.
    pub fn shutdown(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Kills the process at once (it hung or misbehaved).
    pub fn kill(mut self) {
        self.kill_now();
    }

    fn kill_now(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The score of an `info` line of the best line only. A line of `multipv` 2 or more
/// scores a worse move, and engines that search several lines (Stockfish does at
/// `UCI_LimitStrength`) send it after the best one: kept as the last score, it would
/// misjudge the position for adjudication.
fn principal_score(line: &str) -> Option<ReportedScore> {
    let mut tokens = line.split_whitespace();
    let other_line =
        tokens.by_ref().find(|&t| t == "multipv").is_some() && tokens.next() != Some("1");
    if other_line {
        return None;
    }
    parse_score(line)
}

/// The `score cp N` / `score mate N` of an `info` line (bounds are taken as scores).
pub fn parse_score(line: &str) -> Option<ReportedScore> {
    let mut tokens = line.split_whitespace();
    while let Some(t) = tokens.next() {
        if t == "score" {
            let kind = tokens.next()?;
            let value: i32 = tokens.next()?.parse().ok()?;
            return match kind {
                "cp" => Some(ReportedScore::Cp(value)),
                "mate" => Some(ReportedScore::Mate(value)),
                _ => None,
            };
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_from_info_lines() {
        assert_eq!(
            parse_score("info depth 5 seldepth 7 score cp -35 nodes 100 pv e2e4"),
            Some(ReportedScore::Cp(-35))
        );
        assert_eq!(
            parse_score("info depth 9 score mate 3 lowerbound pv a1a8"),
            Some(ReportedScore::Mate(3))
        );
        assert_eq!(parse_score("info string hello"), None);
        assert_eq!(
            principal_score("info depth 9 multipv 1 score cp 40 pv e2e4"),
            Some(ReportedScore::Cp(40))
        );
        assert_eq!(
            principal_score("info depth 9 multipv 4 score cp -250 pv a2a3"),
            None
        );
        assert_eq!(
            principal_score("info depth 9 score cp 12 pv e2e4"),
            Some(ReportedScore::Cp(12))
        );
        assert_eq!(parse_score("info score cp"), None);
    }
}
