//! The UCI loop. The search runs on its own thread (see `session`), so this thread keeps
//! reading: `isready`, `stop`, `ponderhit` and `quit` are answered while it searches.
//!
//! While a search runs, `position` and `d` work on the engine's own game (the search has a
//! copy); `go`, `setoption`, `ucinewgame`, `bench` and `go perft` are refused with an
//! error line: send `stop` and wait for `bestmove` first. Every problem with the input is
//! reported as `info string error: ...`, and the state stays as it was.

use crate::go_params::{MAX_DEPTH, parse_go};
use crate::options::{self, EngineOptions, OptionChange};
use crate::out::{self, Out};
use crate::position_cmd::parse_position;
use crate::session::{SearchHandle, Session};
use crate::variants::new_session;
use feerie_eval::nnue::Network;
use feerie_variants::Variant;
use std::io::BufRead;
use std::path::Path;

/// Deepest `go perft` accepted, the same cap as `feerie perft`.
pub use feerie_movegen::MAX_PERFT_DEPTH;

/// Commands that take no arguments: extra words are reported and ignored.
const WORDLESS_COMMANDS: &[&str] = &["uci", "isready", "ucinewgame", "stop", "ponderhit", "quit"];

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The engine as the UCI loop sees it.
pub struct Uci {
    out: Out,
    options: EngineOptions,
    session: Box<dyn Session>,
    search: Option<SearchHandle>,
}

impl std::fmt::Debug for Uci {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Uci")
            .field("options", &self.options)
            .field("fen", &self.session.fen())
            .field("search", &self.search)
            .finish()
    }
}

impl Uci {
    pub fn new(out: Out) -> Uci {
        let options = EngineOptions::default();
        let session = new_session(options.variant, &options);
        Uci {
            out,
            options,
            session,
            search: None,
        }
    }

    /// Reads commands until `quit` or the end of input. At the end of input a running
    /// search with limits is allowed to finish (so `echo "go depth 8" | feerie` answers);
    /// an infinite or pondering one is stopped.
    pub fn run(&mut self, mut input: impl BufRead) {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.out.error(&format!("cannot read input: {e}"));
                    break;
                }
            }
            let flow = match std::str::from_utf8(&buf) {
                Ok(line) => self.handle_line(line),
                Err(_) => {
                    self.out.error("input line is not valid UTF-8; ignored");
                    Flow::Continue
                }
            };
            if flow == Flow::Quit {
                return;
            }
        }
        if let Some(search) = self.search.take() {
            if !search.is_finite() {
                search.stop();
            }
            search.join();
        }
    }

    /// Handles one command line. Only `position` splits all its words; the other
    /// commands read as many as they take, so a line of a million words costs little
    /// more than reading it.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let Some(command) = line.split_whitespace().next() else {
            // An empty line is no command (Stockfish ignores it too).
            return Flow::Continue;
        };
        let args = line[command.len()..].trim_start();
        self.reap_search();
        if WORDLESS_COMMANDS.contains(&command) && !args.is_empty() {
            self.out.line(&format!(
                "info string {command} takes no arguments; ignored: {}",
                out::quote_words(args)
            ));
        }
        match command {
            "uci" => self.uci(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                if self.idle("ucinewgame") {
                    self.session.clear();
                }
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => {
                if let Some(search) = &self.search {
                    search.stop();
                }
            }
            "ponderhit" => {
                if let Some(search) = &self.search {
                    search.ponderhit();
                }
            }
            "quit" => {
                if let Some(search) = self.search.take() {
                    search.stop();
                    search.join();
                }
                return Flow::Quit;
            }
            "d" => self.out.line(&self.session.display()),
            "bench" => self.bench(args),
            "debug" => {
                if !matches!(first_words(args, 2)[..], ["on"] | ["off"]) {
                    self.out.error("debug: expected 'on' or 'off'");
                }
            }
            "register" => {}
            other => self
                .out
                .error(&format!("unknown command '{}'", out::shorten(other))),
        }
        Flow::Continue
    }

    /// Joins a search that has printed its `bestmove`.
    fn reap_search(&mut self) {
        if self.search.as_ref().is_some_and(SearchHandle::is_done) {
            if let Some(search) = self.search.take() {
                search.join();
            }
        }
    }

    /// True when no search runs; otherwise reports that `what` must wait.
    fn idle(&mut self, what: &str) -> bool {
        if self.search.is_some() {
            self.out.error(&format!(
                "{what} refused while searching; send stop and wait for bestmove"
            ));
            return false;
        }
        true
    }

    fn uci(&self) {
        self.out
            .line(&format!("id name Feerie {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the Feerie developers");
        for line in options::declarations() {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    fn setoption(&mut self, args: &str) {
        let change = match options::parse_setoption(args) {
            Ok(change) => change,
            Err(e) => return self.out.error(&e),
        };
        if !self.idle("setoption") {
            return;
        }
        if change == OptionChange::ClearHash {
            if let (_, Some(value)) = options::split_at_value(args) {
                self.out.line(&format!(
                    "info string Clear Hash is a button and takes no value; ignored: {}",
                    out::quote_words(value)
                ));
            }
        }
        match change {
            OptionChange::Variant(v) => {
                if v == self.session.variant() {
                    // Same rules: back to the start position, keep the learnt table.
                    let _ = self.session.set_position(None, &[]);
                } else {
                    self.switch_variant(v);
                }
            }
            OptionChange::Hash(mb) => match self.session.set_hash(mb) {
                Ok(()) => self.options.apply(&change),
                Err(e) => self.out.error(&format!("option Hash: {e}")),
            },
            OptionChange::Threads(_)
            | OptionChange::MultiPv(_)
            | OptionChange::MoveOverhead(_)
            | OptionChange::SkillLevel(_)
            | OptionChange::LimitStrength(_)
            | OptionChange::Elo(_) => {
                self.options.apply(&change);
                self.session.set_settings(self.options.settings())
            }
            OptionChange::ClearHash => self.session.clear(),
            OptionChange::Ponder(_) | OptionChange::AnalyseMode(_) => self.options.apply(&change),
            OptionChange::ShowWdl(on) => {
                self.options.apply(&change);
                self.session.show_wdl(on);
            }
            OptionChange::EvalFile(ref file) => {
                match load_network(self.session.variant(), file.as_deref()) {
                    Ok(said) => {
                        self.options.apply(&change);
                        self.session.renew_eval();
                        self.out.line(&format!("info string {said}"));
                    }
                    Err(e) => self.out.error(&format!(
                        "option EvalFile: {e}; the network stays as it was"
                    )),
                }
            }
        }
    }

    /// A new session for variant `v`. The old session's table is freed first, so the
    /// peak is one table, not two; when the new table cannot be had the old variant
    /// stays, with its table back.
    fn switch_variant(&mut self, v: Variant) {
        let hash = self.options.hash_mb;
        self.session.release_hash();
        if !can_allocate_mib(hash) {
            let kept = match self.session.set_hash(hash) {
                Ok(()) => format!("{hash} MiB"),
                Err(e) => e.to_string(),
            };
            return self.out.error(&format!(
                "option UCI_Variant: cannot allocate the {hash} MiB hash table for {v}; \
                 the variant stays {} ({kept})",
                self.session.variant()
            ));
        }
        self.options.apply(&OptionChange::Variant(v));
        self.session = new_session(v, &self.options);
    }

    fn position(&mut self, args: &str) {
        let words: Vec<&str> = args.split_whitespace().collect();
        let result = parse_position(&words)
            .and_then(|cmd| self.session.set_position(cmd.fen.as_deref(), &cmd.moves));
        if let Err(e) = result {
            self.out
                .error(&format!("{e}; position unchanged ({})", self.session.fen()));
        }
    }

    fn go(&mut self, args: &str) {
        if let Some(depth) = args.strip_prefix("perft") {
            if depth.is_empty() || depth.starts_with(char::is_whitespace) {
                return self.perft(depth);
            }
        }
        if self.search.is_some() {
            return self.out.error("go refused: a search is already running");
        }
        let (params, errors) = parse_go(args);
        self.search = self.session.go(&params, errors, &self.out);
    }

    fn perft(&mut self, args: &str) {
        let depth = match first_words(args, 2)[..] {
            [d] => d.parse::<u32>().ok().filter(|&d| d <= MAX_PERFT_DEPTH),
            _ => None,
        };
        let Some(depth) = depth else {
            return self.out.error(&format!(
                "go perft: expected one depth between 0 and {MAX_PERFT_DEPTH}"
            ));
        };
        if self.idle("go perft") {
            self.search = self.session.spawn_perft(depth, &self.out);
        }
    }

    fn bench(&mut self, args: &str) {
        let depth = match first_words(args, 2)[..] {
            [] => Some(self.session.variant().bench_depth()),
            [d] => d
                .parse::<u32>()
                .ok()
                .filter(|d| (1..=MAX_DEPTH).contains(d)),
            _ => None,
        };
        let Some(depth) = depth else {
            return self.out.error(&format!(
                "bench: expected an optional depth between 1 and {MAX_DEPTH}"
            ));
        };
        if self.idle("bench") {
            self.search = self.session.spawn_bench(depth, &self.out);
        }
    }
}

/// The first `n` words of `text` (fewer when it has fewer): enough to tell a command
/// that takes up to `n - 1` words from one given too many, without reading the rest.
fn first_words(text: &str, n: usize) -> Vec<&str> {
    text.split_whitespace().take(n).collect()
}

/// Makes the network of `file` (`None`: the built-in one) the one `variant`'s
/// evaluators take from now on (docs/nnue.md); says what it loaded. A file that is
/// not a network, or a variant that plays without one, is refused and the network kept.
fn load_network(variant: Variant, file: Option<&str>) -> Result<String, String> {
    let Some(file) = file else {
        variant.use_network(None).map_err(|e| e.to_string())?;
        return Ok(format!(
            "EvalFile: {variant} plays with its built-in network"
        ));
    };
    let net = Network::from_file(Path::new(file)).map_err(|e| out::shorten(&e.to_string()))?;
    variant.use_network(Some(net)).map_err(|e| e.to_string())?;
    Ok(format!(
        "EvalFile: network {} loaded; {variant} plays with it",
        out::shorten(file)
    ))
}

/// Whether a table of `mb` MiB (plus an eighth for the table's own rounding) can be
/// allocated now. An allocation failure aborts the process, so a `Hash` larger than the
/// machine can give is refused here instead. The probe is freed untouched, so it costs
/// no memory.
fn can_allocate_mib(mb: usize) -> bool {
    let bytes = mb.saturating_mul(1 << 20);
    Vec::<u8>::new()
        .try_reserve_exact(bytes.saturating_add(bytes / 8))
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::out::SharedBuffer;

    fn engine() -> (Uci, SharedBuffer) {
        let buf = SharedBuffer::default();
        (Uci::new(Out::to(buf.clone())), buf)
    }

    #[test]
    fn impossible_hash_sizes_are_detected_without_aborting() {
        assert!(can_allocate_mib(1));
        assert!(!can_allocate_mib(usize::MAX >> 20));
        assert!(!can_allocate_mib(usize::MAX));
    }

    #[test]
    fn a_refused_position_line_keeps_nothing() {
        let (mut uci, buf) = engine();
        uci.handle_line("position startpos moves e2e4");
        let before = uci.session.fen();
        uci.handle_line("position startpos moves d2d4 d7d5 d4d5");
        assert_eq!(uci.session.fen(), before);
        let text = buf.text();
        assert!(
            text.starts_with("info string error: move 3 'd4d5'"),
            "{text}"
        );
    }

    #[test]
    fn quit_ends_the_loop_and_input_runs_to_the_end() {
        let (mut uci, buf) = engine();
        assert_eq!(uci.handle_line("quit"), Flow::Quit);
        let input: &[u8] = b"isready\n\xff\nposition startpos\ngo depth 1\n";
        uci.run(input);
        let text = buf.text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "readyok");
        assert!(lines[1].starts_with("info string error: "), "{text}");
        assert!(lines.last().unwrap().starts_with("bestmove "), "{text}");
    }
}
