//! An engine process driven over UCI without blocking the server: started, shaken hands
//! with (with deadlines, so a silent engine is an error in words, never a hang), set to a
//! variant (and, for analysis, to show win/draw/loss chances when it can), then talked to
//! line by line. The process dies with this value
//! (`kill_on_drop`), so no session can leak one, and every engine holds a slot of its
//! session and of the server ([`Slots`]), so neither can run more than its share.

use super::output::{Line, MAX_LINE, Output};
use crate::state::{EngineConfig, MAX_ENGINES, note};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::timeout;

/// Most engines one session (a tab) runs at once: one analysing, two playing a game.
pub const MAX_SESSION_ENGINES: usize = 3;

/// Time allowed for `uciok` and `readyok`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// Time allowed for the lines an engine wrote before it exited to be read.
const LAST_WORDS: Duration = Duration::from_millis(500);

/// How an engine is set up after the handshake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Lines to search (`MultiPV`, for engines that offer it).
    pub multipv: u32,
    /// `UCI_ShowWDL` on, for engines that offer it: `wdl W D L` on the score lines.
    pub show_wdl: bool,
    /// The playing level of a game's engine; `None`: the engine's own (Feerie's full
    /// strength).
    pub level: Option<Level>,
}

/// A weaker engine for a game (docs/levels.md), set by the options Stockfish and Feerie
/// share. An engine that does not list the options, or whose range leaves the value out,
/// plays at its own strength: the page's one level menu is for every engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// `Skill Level` N.
    Skill(u32),
    /// `UCI_LimitStrength` on and `UCI_Elo` N.
    Elo(u32),
}

/// The engines a session may still start: its own budget and the server's.
#[derive(Clone, Debug)]
pub struct Slots {
    session: Arc<Semaphore>,
    server: Arc<Semaphore>,
}

/// The slots an engine holds until it is dropped (after its process was reaped).
#[derive(Debug)]
struct Slot {
    _session: OwnedSemaphorePermit,
    _server: OwnedSemaphorePermit,
}

impl Slots {
    /// A new session's slots, sharing `server`'s.
    pub fn new(server: Arc<Semaphore>) -> Slots {
        Slots {
            session: Arc::new(Semaphore::new(MAX_SESSION_ENGINES)),
            server,
        }
    }

    /// A slot for one more engine, or why there is none.
    fn take(&self) -> Result<Slot, String> {
        let Ok(session) = self.session.clone().try_acquire_owned() else {
            return Err(format!(
                "this tab already runs {MAX_SESSION_ENGINES} engines, its limit"
            ));
        };
        let Ok(server) = self.server.clone().try_acquire_owned() else {
            return Err(format!(
                "the server already runs {MAX_ENGINES} engines, its limit: end a game or \
                 an analysis in another tab first"
            ));
        };
        Ok(Slot {
            _session: session,
            _server: server,
        })
    }
}

/// A running UCI engine.
#[derive(Debug)]
pub struct Engine {
    /// Its `id name`, or the configured name when it gives none.
    pub name: String,
    /// The level it was set to (`None`: its own, also when it offers no level).
    pub level: Option<Level>,
    child: Child,
    stdin: ChildStdin,
    lines: Output<ChildStdout>,
    /// It wrote a line longer than [`MAX_LINE`] (said once on standard error).
    cut_line: bool,
    /// How it exited, once it has.
    exited: Option<String>,
    _slot: Slot,
}

impl Engine {
    /// Starts `config` in one of `slots`, does the `uci` handshake and sets it up for
    /// `variant` as `setup` says. Errors name the engine and say what went wrong.
    pub async fn start(
        config: &EngineConfig,
        variant: &str,
        setup: Setup,
        slots: &Slots,
    ) -> Result<Engine, String> {
        let slot = slots
            .take()
            .map_err(|e| format!("engine {} was not started: {e}", config.name))?;
        let mut child = Command::new(&config.command)
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("engine {} could not be started: {e}", config.name))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("engine {} has no pipes", config.name));
        };
        let mut engine = Engine {
            name: config.name.clone(),
            level: None,
            child,
            stdin,
            lines: Output::new(stdout),
            cut_line: false,
            exited: None,
            _slot: slot,
        };
        match engine.set_up(variant, setup).await {
            Ok(()) => Ok(engine),
            Err(e) => {
                let e = format!("engine {} {e}", engine.name);
                engine.close().await;
                Err(e)
            }
        }
    }

    /// The handshake: `uci` (reading the name and the options), the variant, `MultiPV`,
    /// `UCI_ShowWDL`, the level, `isready`. Options the engine does not list are not
    /// sent. The error completes "engine NAME ...".
    async fn set_up(&mut self, variant: &str, setup: Setup) -> Result<(), String> {
        self.send("uci")
            .await
            .map_err(|e| format!("{e} before uciok"))?;
        let mut options = self.options().await?;
        if let Some(name) = options.name.take() {
            self.name = name;
        }
        if options.variants.iter().any(|v| v == variant) {
            self.send(&format!("setoption name UCI_Variant value {variant}"))
                .await?;
        } else if variant != "chess" {
            return Err(format!("does not play {variant}"));
        }
        if options.multipv {
            self.send(&format!("setoption name MultiPV value {}", setup.multipv))
                .await?;
        }
        if setup.show_wdl && options.show_wdl {
            self.send("setoption name UCI_ShowWDL value true").await?;
        }
        let level_lines = setup
            .level
            .map_or(Vec::new(), |level| options.level_lines(level));
        for line in &level_lines {
            self.send(line).await?;
        }
        self.level = setup.level.filter(|_| !level_lines.is_empty());
        self.ready().await
    }

    /// Reads the answer to `uci` up to `uciok`.
    async fn options(&mut self) -> Result<Options, String> {
        let mut options = Options::default();
        let read = timeout(HANDSHAKE, async {
            loop {
                let line = self.next_line().await?;
                if line == "uciok" {
                    return Ok::<_, String>(());
                }
                options.read(&line);
            }
        });
        match read.await {
            Ok(Ok(())) => Ok(options),
            Ok(Err(e)) => Err(format!("{e} before uciok")),
            Err(_) => Err(format!(
                "did not answer uci within {} s",
                HANDSHAKE.as_secs()
            )),
        }
    }

    /// `isready`, then waits for `readyok` (skipping what comes before it).
    pub async fn ready(&mut self) -> Result<(), String> {
        self.send("isready").await?;
        let wait = timeout(HANDSHAKE, async {
            while self.next_line().await? != "readyok" {}
            Ok::<_, String>(())
        });
        match wait.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("{e} before readyok")),
            Err(_) => Err(format!(
                "did not answer isready within {} s",
                HANDSHAKE.as_secs()
            )),
        }
    }

    /// Sends one line; the error says the engine is gone.
    pub async fn send(&mut self, line: &str) -> Result<(), String> {
        let written = async {
            self.stdin.write_all(line.as_bytes()).await?;
            self.stdin.write_all(b"\n").await?;
            self.stdin.flush().await
        };
        written
            .await
            .map_err(|_| "stopped reading its input".to_string())
    }

    /// The next line the engine writes, trimmed (and cut to [`MAX_LINE`] bytes). The
    /// error says how it ended: its output closed, or it exited (then what it wrote
    /// before is still read first). Cancel-safe, so it can wait beside timers and other
    /// engines.
    pub async fn next_line(&mut self) -> Result<String, String> {
        loop {
            if let Some(status) = &self.exited {
                return match timeout(LAST_WORDS, self.lines.next_line()).await {
                    Ok(Ok(Some(line))) => Ok(self.text_of(line)),
                    _ => Err(status.clone()),
                };
            }
            tokio::select! {
                biased;
                line = self.lines.next_line() => {
                    return match line {
                        Ok(Some(line)) => Ok(self.text_of(line)),
                        _ => Err("its output closed".to_string()),
                    };
                }
                status = self.child.wait() => {
                    self.exited = Some(match status {
                        Ok(status) => format!("it exited ({status})"),
                        Err(e) => format!("it is lost ({e})"),
                    });
                }
            }
        }
    }

    /// A line's text, trimmed; the first cut line is said on standard error.
    fn text_of(&mut self, line: Line) -> String {
        if line.cut && !self.cut_line {
            self.cut_line = true;
            note(&format!(
                "engine {} wrote a line of more than {} KiB: only its start was read",
                self.name,
                MAX_LINE >> 10
            ));
        }
        line.text.trim().to_string()
    }

    /// Sends `stop` and reads up to the `bestmove` of the search it ends, so the next
    /// search starts clean. The error says the engine did not stop.
    pub async fn stop(&mut self) -> Result<(), String> {
        self.send("stop").await?;
        let drained = timeout(HANDSHAKE, async {
            while !self.next_line().await?.starts_with("bestmove") {}
            Ok::<_, String>(())
        });
        match drained.await {
            Ok(result) => result,
            Err(_) => Err(format!("did not stop within {} s", HANDSHAKE.as_secs())),
        }
    }

    /// Ends the process: `quit`, then a kill if it has not exited within a moment; waits
    /// for it so that no process is left behind.
    pub async fn close(mut self) {
        if self.exited.is_none() {
            let _ = self.send("quit").await;
            if timeout(LAST_WORDS, self.child.wait()).await.is_ok() {
                return;
            }
        }
        let _ = self.child.kill().await;
    }
}

/// What the answer to `uci` says about the engine.
#[derive(Debug, Default)]
struct Options {
    name: Option<String>,
    /// The values of the `UCI_Variant` combo.
    variants: Vec<String>,
    multipv: bool,
    show_wdl: bool,
    /// The `min` and `max` of `Skill Level` and of `UCI_Elo`, when listed.
    skill: Option<(i64, i64)>,
    elo: Option<(i64, i64)>,
    limit_strength: bool,
}

impl Options {
    fn read(&mut self, line: &str) {
        if let Some(name) = line.strip_prefix("id name ") {
            self.name = Some(name.trim().to_string());
        } else if let Some(option) = line.strip_prefix("option name ") {
            let (name, rest) = option.split_once(" type ").unwrap_or((option, ""));
            match name.trim() {
                "UCI_Variant" => self.variants = combo_values(rest),
                "MultiPV" => self.multipv = true,
                "UCI_ShowWDL" => self.show_wdl = true,
                "Skill Level" => self.skill = spin_range(rest),
                "UCI_Elo" => self.elo = spin_range(rest),
                "UCI_LimitStrength" => self.limit_strength = true,
                _ => {}
            }
        }
    }

    /// The `setoption` lines that set `level`, as far as the engine offers it (none else).
    fn level_lines(&self, level: Level) -> Vec<String> {
        let fits = |range: Option<(i64, i64)>, n: u32| {
            range.is_some_and(|(min, max)| (min..=max).contains(&i64::from(n)))
        };
        match level {
            Level::Skill(n) if fits(self.skill, n) => {
                vec![format!("setoption name Skill Level value {n}")]
            }
            Level::Elo(n) if self.limit_strength && fits(self.elo, n) => vec![
                "setoption name UCI_LimitStrength value true".to_string(),
                format!("setoption name UCI_Elo value {n}"),
            ],
            _ => Vec::new(),
        }
    }
}

/// The `min` and `max` of a spin option's description.
fn spin_range(description: &str) -> Option<(i64, i64)> {
    let word_after = |key: &str| {
        let mut words = description.split_whitespace();
        words.find(|w| *w == key)?;
        words.next()?.parse().ok()
    };
    Some((word_after("min")?, word_after("max")?))
}

/// The `var` values of a combo option's description.
fn combo_values(description: &str) -> Vec<String> {
    let mut words = description.split_whitespace();
    let mut values = Vec::new();
    while let Some(word) = words.next() {
        if word == "var" {
            values.extend(words.next().map(str::to_string));
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_name_variants_multipv_and_wdl() {
        let mut options = Options::default();
        for line in [
            "id name Feerie 0.1.0",
            "id author someone",
            "option name Hash type spin default 16 min 1 max 4096",
            "option name MultiPV type spin default 1 min 1 max 64",
            "option name UCI_ShowWDL type check default false",
            "option name UCI_Variant type combo default chess var chess var dynamo var augsburg",
        ] {
            options.read(line);
        }
        assert_eq!(options.name.as_deref(), Some("Feerie 0.1.0"));
        assert_eq!(options.variants, ["chess", "dynamo", "augsburg"]);
        assert!(options.multipv && options.show_wdl);
        let mut plain = Options::default();
        plain.read("option name Threads type spin default 1 min 1 max 8");
        assert!(plain.variants.is_empty() && !plain.multipv && plain.name.is_none());
        assert!(!plain.show_wdl);
    }

    #[test]
    fn a_level_is_sent_only_as_far_as_the_engine_offers_it() {
        let mut feerie = Options::default();
        for line in [
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1100 min 1100 max 2100",
        ] {
            feerie.read(line);
        }
        assert_eq!(
            feerie.level_lines(Level::Skill(4)),
            ["setoption name Skill Level value 4"]
        );
        assert_eq!(
            feerie.level_lines(Level::Elo(1500)),
            [
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1500"
            ]
        );
        assert!(feerie.level_lines(Level::Elo(1000)).is_empty());
        assert!(feerie.level_lines(Level::Skill(21)).is_empty());
        let plain = Options::default();
        assert!(plain.level_lines(Level::Skill(4)).is_empty());
        assert!(plain.level_lines(Level::Elo(1500)).is_empty());
    }
}
