//! Talking to an engine process over UCI: spawn, handshake, send lines, and read lines
//! with a deadline (a reader thread feeds a channel, so a silent engine cannot block the
//! runner).

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// The engine does not play the variant of the match.
    Unsupported(String),
    /// The match was stopped while the engine was thinking.
    Stopped,
}

impl EngineError {
    /// The message without the kind of failure.
    pub fn detail(&self) -> &str {
        match self {
            EngineError::Died(m) | EngineError::Timeout(m) | EngineError::Unsupported(m) => m,
            EngineError::Stopped => "stopped",
        }
    }
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Died(m) => write!(f, "engine died: {m}"),
            EngineError::Timeout(m) => write!(f, "engine timed out: {m}"),
            EngineError::Unsupported(m) => write!(f, "engine {m}"),
            EngineError::Stopped => write!(f, "engine stopped: the match was stopped"),
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

/// The longest line kept from an engine; the rest of a longer line is dropped, so an
/// engine that never ends its line cannot fill the runner's memory.
pub const MAX_LINE: usize = 64 * 1024;

/// Lines read ahead of the runner; past them the reader waits, and so does an engine
/// that talks while it is not asked to, rather than filling memory.
const QUEUED_LINES: usize = 256;

/// How often a wait for a move looks at the stop flag.
const STOP_POLL: Duration = Duration::from_millis(20);

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
        let (tx, lines) = mpsc::sync_channel(QUEUED_LINES);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(line)) = read_line_bounded(&mut reader, MAX_LINE) {
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
        let mut offered = None;
        let uciok = |l: &str| {
            offered = uci_variants(l).or(offered.take());
            first_word(l) == "uciok"
        };
        let handshake = engine
            .send("uci")
            .and_then(|_| engine.wait_for(uciok, HANDSHAKE, None));
        engine.start_step(handshake, "answer uci", "before answering uci")?;
        if let Err(e) = check_variant(offered.as_deref(), variant) {
            engine.kill_now();
            return Err(e);
        }
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
    fn start_step<T>(
        &mut self,
        step: Result<T, EngineError>,
        what: &str,
        when: &str,
    ) -> Result<T, EngineError> {
        let e = match step {
            Ok(value) => return Ok(value),
            Err(e) => e,
        };
        self.kill_now();
        Err(match e {
            EngineError::Timeout(_) => {
                EngineError::Timeout(format!("did not {what} within {} s", HANDSHAKE.as_secs()))
            }
            EngineError::Died(_) => EngineError::Died(format!("exited {when}")),
            other => other,
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
        self.wait_for(|l| first_word(l) == "readyok", HANDSHAKE, None)
            .map(|_| ())
    }

    /// Reads lines until one satisfies `done` and returns that one; `done` sees every
    /// line (none is kept, so a chatty engine costs no memory). A set `stop` ends the
    /// wait within [`STOP_POLL`].
    fn wait_for(
        &mut self,
        mut done: impl FnMut(&str) -> bool,
        limit: Duration,
        stop: Option<&AtomicBool>,
    ) -> Result<String, EngineError> {
        let deadline = Instant::now() + limit;
        loop {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Err(EngineError::Stopped);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let slice = if stop.is_some() {
                left.min(STOP_POLL)
            } else {
                left
            };
            match self.lines.recv_timeout(slice) {
                Ok(line) => {
                    if done(line.trim()) {
                        return Ok(line.trim().to_string());
                    }
                }
                Err(RecvTimeoutError::Timeout) if slice < left => {}
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
    /// the `info` lines of the best line. A set `stop` gives up the wait
    /// ([`EngineError::Stopped`]).
    pub fn go(
        &mut self,
        go_line: &str,
        limit: Duration,
        stop: &AtomicBool,
    ) -> Result<EngineMove, EngineError> {
        let start = Instant::now();
        self.send(go_line)?;
        let mut score = None;
        let last = self.wait_for(
            |l| {
                if l.starts_with("info") {
                    if let Some(s) = principal_score(l) {
                        score = Some(s);
                    }
                }
                first_word(l) == "bestmove"
            },
            limit,
            Some(stop),
        )?;
        let elapsed = start.elapsed();
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

/// The first word of a line. Answers are recognised by it, as cutechess does, so
/// `uciok` followed by more words still counts as `uciok`.
fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// Reads one line without its end, keeping at most `max` bytes of it (the rest up to the
/// newline is read and dropped); `None` at the end of the input. Bytes that are not UTF-8
/// are replaced rather than ending the reading.
pub fn read_line_bounded(reader: &mut impl BufRead, max: usize) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let mut read_any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(read_any.then(|| String::from_utf8_lossy(&line).into_owned()));
        }
        read_any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let part = &buf[..newline.unwrap_or(buf.len())];
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        let used = part.len() + usize::from(newline.is_some());
        reader.consume(used);
        if newline.is_some() {
            return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
        }
    }
}

/// The values of the `UCI_Variant` combo when `line` declares that option (an empty list
/// for an option that takes any text); `None` for any other line.
fn uci_variants(line: &str) -> Option<Vec<String>> {
    let mut words = line.split_whitespace();
    let named = words.next() == Some("option")
        && words.next() == Some("name")
        && words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("UCI_Variant"))
        && words.next() == Some("type");
    named.then(|| {
        let words: Vec<&str> = words.collect();
        let values = words.windows(2).filter(|w| w[0] == "var").map(|w| w[1]);
        values.map(str::to_string).collect()
    })
}

/// Checks that an engine whose `UCI_Variant` option offered these values plays
/// `variant`: one without the option plays only chess; one with a combo plays the values
/// it lists.
fn check_variant(offered: Option<&[String]>, variant: &str) -> Result<(), EngineError> {
    let plays = match offered {
        None => variant == "chess",
        Some(values) => values.is_empty() || values.iter().any(|v| v.eq_ignore_ascii_case(variant)),
    };
    if plays {
        return Ok(());
    }
    let why = match offered {
        None => "it has no UCI_Variant option".to_string(),
        Some(values) => format!("its UCI_Variant offers {}", values.join(", ")),
    };
    Err(EngineError::Unsupported(format!(
        "does not play {variant} ({why})"
    )))
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

    #[test]
    fn long_lines_are_cut_and_the_next_line_is_whole() {
        let input = format!("{}\nbestmove e2e4\r\nlast", "x".repeat(100));
        let mut reader = BufReader::with_capacity(16, input.as_bytes());
        let mut next = || read_line_bounded(&mut reader, 10).unwrap();
        assert_eq!(next(), Some("x".repeat(10)));
        assert_eq!(next(), Some("bestmove e".to_string()));
        assert_eq!(next(), Some("last".to_string()));
        assert_eq!(next(), None);
        let mut bytes: &[u8] = b"info \xff\n";
        let line = read_line_bounded(&mut bytes, 64).unwrap();
        assert_eq!(line.as_deref(), Some("info \u{fffd}"));
    }

    #[test]
    fn the_variant_must_be_among_the_uci_variants() {
        let combo = "option name UCI_Variant type combo default chess var chess var dynamo";
        let combo = uci_variants(combo);
        let combo = combo.as_deref();
        assert_eq!(combo, Some(&["chess".to_string(), "dynamo".into()][..]));
        assert_eq!(check_variant(combo, "dynamo"), Ok(()));
        assert_eq!(
            check_variant(combo, "augsburg"),
            Err(EngineError::Unsupported(
                "does not play augsburg (its UCI_Variant offers chess, dynamo)".into()
            ))
        );
        assert_eq!(uci_variants("option name Hash type spin default 16"), None);
        assert_eq!(check_variant(None, "chess"), Ok(()));
        assert!(check_variant(None, "einstein").is_err());
        let any = uci_variants("option name UCI_Variant type string default chess");
        assert_eq!(check_variant(any.as_deref(), "einstein"), Ok(()));
    }
}
