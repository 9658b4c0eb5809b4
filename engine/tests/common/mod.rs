//! Drives the `feerie` binary over pipes. Every read has a deadline (a reader thread feeds
//! a channel), so an engine that hangs fails the test instead of hanging CI.

#![allow(dead_code)] // each test file uses a different part

use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Generous: tests also run in debug builds on a shared 2-core machine.
pub const TIMEOUT: Duration = Duration::from_secs(20);

pub fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_feerie")
}

/// A running engine and everything it printed so far.
/// Waits for `child` to exit; `None` if it is still running after `timeout`.
pub fn wait_exit(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        if Instant::now() >= deadline {
            return None;
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Waits up to `TIMEOUT` for `child` to exit; kills it and fails with `what` otherwise.
pub fn expect_exit(child: &mut Child, what: &str) -> ExitStatus {
    wait_exit(child, TIMEOUT).unwrap_or_else(|| {
        let _ = child.kill();
        panic!("{what}");
    })
}

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line sent (`> ...`) and received, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::spawn(Command::new(binary()))
    }

    /// The engine started by `command` (e.g. a shell that sets limits, then execs it).
    pub fn spawn(mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cannot start the feerie binary");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.send_raw(&bytes);
    }

    /// Sends bytes as they are (e.g. a line that is not UTF-8).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("engine closed its input");
        stdin.flush().expect("flush");
    }

    /// Closes the engine's standard input (end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` if none comes within `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads until a line satisfies `done`; returns every line read, that one last.
    /// Panics with the transcript when it does not come in time.
    pub fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Some(line) => {
                    let stop = done(&line);
                    seen.push(line);
                    if stop {
                        return seen;
                    }
                }
                None => panic!(
                    "no {what} within {TIMEOUT:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads until a line starting with `prefix`.
    pub fn read_until_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.read_until(prefix, |l| l.starts_with(prefix))
    }

    /// Reads until `bestmove`; returns the lines and the move (`None` for `(none)`).
    pub fn bestmove(&mut self) -> (Vec<String>, Option<String>) {
        let lines = self.read_until_prefix("bestmove");
        let last = lines.last().expect("at least the bestmove line");
        let mv = last.split_whitespace().nth(1).map(str::to_string);
        (lines.clone(), mv.filter(|m| m != "(none)"))
    }

    /// Sends `isready` and returns every line up to `readyok` (excluded).
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until("readyok", |l| l == "readyok");
        lines.pop();
        lines
    }

    /// The FEN that `d` shows (reads the whole answer, so nothing is left unread).
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.sync();
        let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: "));
        fen.unwrap_or_else(|| panic!("no Fen line in {lines:?}"))
            .to_string()
    }

    /// Waits for the process to exit; `None` if it is still running after `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        wait_exit(&mut self.child, timeout)
    }

    /// The process id (of the engine itself when a shell `exec`ed it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
