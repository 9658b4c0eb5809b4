//! Schedules a match: games in parallel worker threads, each with its own engine
//! processes; results collected on the calling thread, which prints progress, writes the
//! PGN, and stops early on an SPRT verdict or when `stop` is set (Ctrl-C).

use crate::clock::Control;
use crate::game::{DrawRule, GameRules, ResignRule, play_game};
use crate::openings::{self, BookError};
use crate::pgn::{GameRecord, GameResult};
use crate::rng::Rng;
use crate::stats::{Sprt, Tally, Verdict};
use crate::uci_client::{EngineError, EngineProcess, EngineSpec};
use feerie_movegen::Position;
use std::collections::VecDeque;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSource {
    /// Positions of an EPD/FEN file, or those reached by the games of a PGN file (their
    /// first `plies` moves when given), in file order or shuffled, from `start` (0-based).
    File {
        path: PathBuf,
        pgn: bool,
        plies: Option<usize>,
        random: bool,
        start: usize,
    },
    /// Balanced random openings made per round.
    Generated,
}

/// Everything `feerie match` was asked to do.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: String,
    pub engines: [EngineSpec; 2],
    pub controls: [Control; 2],
    pub rounds: usize,
    /// 1, or 2 with `--repeat` (each opening with both colours).
    pub games_per_round: usize,
    pub concurrency: usize,
    pub openings: OpeningSource,
    pub sprt: Option<Sprt>,
    pub pgn_out: Option<PathBuf>,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    pub margin_ms: u64,
    pub watchdog: Duration,
    pub seed: u64,
    pub event: String,
    pub max_plies: usize,
}

/// What a match ended with.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSummary {
    /// From the first engine's point of view.
    pub tally: Tally,
    pub verdict: Option<Verdict>,
    pub llr: Option<f64>,
    /// Games abandoned by a stop (not in the PGN).
    pub unfinished: usize,
    /// Whether the match was stopped (Ctrl-C) before its end, rather than by an SPRT
    /// verdict.
    pub interrupted: bool,
}

#[derive(Clone, Copy, Debug)]
struct Job {
    number: usize,
    round: usize,
    /// Index of the engine playing White.
    white: usize,
}

/// Why a match could not be played to its end.
#[derive(Debug)]
pub enum MatchError {
    /// The openings file cannot be read.
    OpeningsUnreadable {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The openings file holds no usable book.
    BadOpenings { path: PathBuf, error: BookError },
    /// The `--pgnout` file cannot be opened, or a game cannot be written to it.
    PgnUnwritable {
        path: PathBuf,
        error: std::io::Error,
    },
    /// An engine did not start or did not answer the handshake before the first game;
    /// `command` is its command line.
    EngineStart {
        name: String,
        command: String,
        error: EngineError,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            MatchError::OpeningsUnreadable { path, error } => {
                write!(f, "cannot read openings {}: {error}", path.display())
            }
            MatchError::BadOpenings { path, error } => write!(f, "{}: {error}", path.display()),
            MatchError::PgnUnwritable { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            MatchError::EngineStart {
                name,
                command,
                error,
            } => write!(f, "engine '{name}' (cmd {command}) {}", error.detail()),
        }
    }
}

impl std::error::Error for MatchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MatchError::OpeningsUnreadable { error, .. }
            | MatchError::PgnUnwritable { error, .. } => Some(error),
            MatchError::BadOpenings { error, .. } => Some(error),
            MatchError::EngineStart { error, .. } => Some(error),
        }
    }
}

/// Scores an opening candidate for balance: a short search, side to move's view.
pub type OpeningEvaluator<'a, P> = &'a (dyn Fn(&P) -> i32 + Sync);

fn opening_for<P: Position>(
    cfg: &MatchConfig,
    book: &[String],
    round: usize,
    evaluate: OpeningEvaluator<'_, P>,
) -> Option<String> {
    let fen = match &cfg.openings {
        OpeningSource::File { start, .. } => book[(start + round) % book.len()].clone(),
        OpeningSource::Generated => {
            let mut rng = Rng::new(cfg.seed.wrapping_mul(1_000_003).wrapping_add(round as u64));
            openings::generate::<P>(&mut rng, 4, 8, 60, 40, evaluate)
        }
    };
    (fen != P::startpos().to_fen()).then_some(fen)
}

fn load_book<P: Position>(cfg: &MatchConfig) -> Result<Vec<String>, MatchError> {
    let OpeningSource::File {
        path,
        pgn,
        plies,
        random,
        ..
    } = &cfg.openings
    else {
        return Ok(Vec::new());
    };
    let text = std::fs::read_to_string(path).map_err(|error| MatchError::OpeningsUnreadable {
        path: path.clone(),
        error,
    })?;
    let book = if *pgn {
        openings::read_pgn_book::<P>(&text, &cfg.variant, *plies)
    } else {
        openings::read_book::<P>(&text)
    };
    let mut book = book.map_err(|error| MatchError::BadOpenings {
        path: path.clone(),
        error,
    })?;
    if *random {
        Rng::new(cfg.seed).shuffle(&mut book);
    }
    Ok(book)
}

/// Starts an engine if this worker does not have it running.
fn ensure_started(
    slot: &mut Option<EngineProcess>,
    spec: &EngineSpec,
    variant: &str,
) -> Result<(), String> {
    if slot.is_none() {
        *slot = Some(EngineProcess::start(spec, variant).map_err(|e| e.to_string())?);
    }
    Ok(())
}

/// Starts both engines before the first game. An engine that cannot be started or does
/// not answer the handshake stops the match with an error, as in fastchess, rather than
/// forfeiting every game. (A later restart that fails forfeits that game only: the
/// engine has shown it can run.)
fn start_engines(cfg: &MatchConfig) -> Result<[EngineProcess; 2], MatchError> {
    let start = |spec: &EngineSpec| {
        EngineProcess::start(spec, &cfg.variant).map_err(|error| {
            let mut command = spec.cmd.clone();
            for a in &spec.args {
                command.push(' ');
                command.push_str(a);
            }
            MatchError::EngineStart {
                name: spec.name.clone(),
                command,
                error,
            }
        })
    };
    let first = start(&cfg.engines[0])?;
    match start(&cfg.engines[1]) {
        Ok(second) => Ok([first, second]),
        Err(e) => {
            first.shutdown();
            Err(e)
        }
    }
}

fn worker<P: Position>(
    cfg: &MatchConfig,
    book: &[String],
    jobs: &Mutex<VecDeque<Job>>,
    results: mpsc::Sender<(Job, GameRecord)>,
    stop: &AtomicBool,
    evaluate: OpeningEvaluator<'_, P>,
    started: Option<[EngineProcess; 2]>,
) {
    let mut engines: [Option<EngineProcess>; 2] = match started {
        Some([a, b]) => [Some(a), Some(b)],
        None => [None, None],
    };
    let rules = |white: usize| GameRules {
        controls: [cfg.controls[white], cfg.controls[1 - white]],
        margin_ms: cfg.margin_ms,
        watchdog: cfg.watchdog,
        draw: cfg.draw,
        resign: cfg.resign,
        max_plies: cfg.max_plies,
    };
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(job) = jobs.lock().expect("job queue").pop_front() else {
            break;
        };
        let fen = opening_for::<P>(cfg, book, job.round, evaluate);
        let names = [
            cfg.engines[job.white].name.clone(),
            cfg.engines[1 - job.white].name.clone(),
        ];
        let mut record = GameRecord {
            event: cfg.event.clone(),
            site: "feerie match".to_string(),
            date: today(),
            round: format!("{}.{}", job.round + 1, job.number % cfg.games_per_round + 1),
            white: names[0].clone(),
            black: names[1].clone(),
            extra_tags: Vec::new(),
            variant: cfg.variant.clone(),
            fen: fen.clone(),
            time_control: tc_tag(cfg.controls[job.white], cfg.controls[1 - job.white]),
            moves: Vec::new(),
            result: GameResult::Unfinished,
            termination: String::new(),
            reason: String::new(),
        };
        let mut start_failure = None;
        for (e, slot) in engines.iter_mut().enumerate() {
            if let Err(err) = ensure_started(slot, &cfg.engines[e], &cfg.variant) {
                start_failure = Some((e, err));
            }
        }
        if let Some((e, err)) = start_failure {
            let white_failed = e == job.white;
            record.result = if white_failed {
                GameResult::BlackWins
            } else {
                GameResult::WhiteWins
            };
            record.termination = "crash".into();
            record.reason = format!("{} could not start: {err}", cfg.engines[e].name);
        } else {
            let [a, b] = &mut engines;
            let (a, b) = (a.as_mut().expect("started"), b.as_mut().expect("started"));
            let pair = if job.white == 0 { [a, b] } else { [b, a] };
            let end = play_game::<P>(fen.as_deref(), pair, &rules(job.white), stop);
            for (color, broken) in end.broken.iter().enumerate() {
                if *broken {
                    let e = if color == 0 { job.white } else { 1 - job.white };
                    if let Some(p) = engines[e].take() {
                        p.kill();
                    }
                }
            }
            record.moves = end.moves;
            record.result = end.result;
            record.termination = end.termination;
            record.reason = end.reason;
        }
        if results.send((job, record)).is_err() {
            break;
        }
    }
    for p in engines.into_iter().flatten() {
        p.shutdown();
    }
}

fn tc_tag(white: Control, black: Control) -> String {
    if white == black {
        white.pgn_tag()
    } else {
        format!("{} vs {}", white.pgn_tag(), black.pgn_tag())
    }
}

/// Today's date for the PGN `Date` tag, from the system clock (UTC).
pub fn today() -> String {
    let days = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    date_of_day(days)
}

/// `YYYY.MM.DD` of a day counted from 1970-01-01 (proleptic Gregorian calendar, after
/// H. Hinnant's civil-from-days derivation).
fn date_of_day(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Plays the match, printing progress to `out`.
pub fn run_match<P: Position>(
    cfg: &MatchConfig,
    evaluate: OpeningEvaluator<'_, P>,
    stop: &AtomicBool,
    out: &mut dyn Write,
) -> Result<MatchSummary, MatchError> {
    let book = load_book::<P>(cfg)?;
    let mut pgn = cfg.pgn_out.as_deref().map(PgnFile::open).transpose()?;
    let mut started = Some(start_engines(cfg)?);
    let total = cfg.rounds * cfg.games_per_round;
    let jobs: VecDeque<Job> = (0..total)
        .map(|number| {
            let round = number / cfg.games_per_round;
            let white = if cfg.games_per_round == 2 {
                number % 2
            } else {
                round % 2
            };
            Job {
                number,
                round,
                white,
            }
        })
        .collect();
    let jobs = Mutex::new(jobs);
    let (tx, rx) = mpsc::channel();
    let mut summary = MatchSummary {
        tally: Tally::default(),
        verdict: None,
        llr: None,
        unfinished: 0,
        interrupted: false,
    };
    let mut verdict_stop = false;
    let names = (&cfg.engines[0].name, &cfg.engines[1].name);
    std::thread::scope(|scope| -> Result<(), MatchError> {
        for _ in 0..cfg.concurrency.clamp(1, total.max(1)) {
            let tx = tx.clone();
            let (book, jobs, started) = (&book, &jobs, started.take());
            scope.spawn(move || worker::<P>(cfg, book, jobs, tx, stop, evaluate, started));
        }
        drop(tx);
        for (done, (job, record)) in rx.iter().enumerate() {
            if record.result == GameResult::Unfinished {
                summary.unfinished += 1;
                continue;
            }
            if let Some(Err(e)) = pgn.as_mut().map(|file| file.append(&record)) {
                stop.store(true, Ordering::Relaxed);
                return Err(e);
            }
            let first_is_white = job.white == 0;
            match (record.result, first_is_white) {
                (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => {
                    summary.tally.wins += 1
                }
                (GameResult::WhiteWins, false) | (GameResult::BlackWins, true) => {
                    summary.tally.losses += 1
                }
                (GameResult::Draw, _) => summary.tally.draws += 1,
                (GameResult::Unfinished, _) => {} // counted above
            }
            let _ = writeln!(
                out,
                "Finished game {} of {total} ({} vs {}): {} {{{}}}",
                job.number + 1,
                record.white,
                record.black,
                record.result.as_str(),
                record.reason
            );
            let t = summary.tally;
            let mut line = format!(
                "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
                names.0,
                names.1,
                t.wins,
                t.losses,
                t.draws,
                t.score().unwrap_or(0.5),
                t.games()
            );
            if let Some(sprt) = cfg.sprt {
                let llr = sprt.llr(&t);
                let (lo, hi) = sprt.bounds();
                line.push_str(&format!("  LLR {llr:.2} ({lo:.2}, {hi:.2})"));
                summary.llr = Some(llr);
                let verdict = sprt.verdict(&t);
                summary.verdict = Some(verdict);
                if verdict != Verdict::Continue && !stop.load(Ordering::Relaxed) {
                    stop.store(true, Ordering::Relaxed);
                    verdict_stop = true;
                    line.push_str("  SPRT verdict reached: stopping");
                }
            }
            let _ = writeln!(out, "{line}");
            let _ = (done, out.flush());
        }
        Ok(())
    })?;
    summary.interrupted = stop.load(Ordering::Relaxed) && !verdict_stop;
    Ok(summary)
}

/// The `--pgnout` file. Games are appended, as fastchess does, so a resumed match keeps
/// the earlier games; each is written whole or not at all.
struct PgnFile {
    path: PathBuf,
    file: std::fs::File,
}

impl PgnFile {
    fn open(path: &Path) -> Result<PgnFile, MatchError> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|error| MatchError::PgnUnwritable {
                path: path.to_path_buf(),
                error,
            })?;
        Ok(PgnFile {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Appends a game in one write. When the write fails (a full disk), what it left of
    /// the game is cut off again, so the file ends with the last whole game.
    fn append(&mut self, record: &GameRecord) -> Result<(), MatchError> {
        let text = record.to_pgn();
        let before = self.file.metadata().map(|m| m.len());
        let written = self
            .file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.flush());
        written.map_err(|error| {
            if let Ok(len) = before {
                let _ = self.file.set_len(len);
            }
            MatchError::PgnUnwritable {
                path: self.path.clone(),
                error,
            }
        })
    }
}

/// The closing report: W-L-D, score, Elo with its 95% interval, and the SPRT state.
pub fn report(cfg: &MatchConfig, summary: &MatchSummary) -> String {
    let t = summary.tally;
    let mut s = format!(
        "Results of {} vs {} ({}, {}):\n",
        cfg.engines[0].name,
        cfg.engines[1].name,
        cfg.variant,
        tc_tag(cfg.controls[0], cfg.controls[1])
    );
    s.push_str(&format!(
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)\n",
        t.games(),
        t.wins,
        t.losses,
        t.draws,
        t.points(),
        t.score().unwrap_or(0.0) * 100.0
    ));
    match t.elo() {
        Some((elo, margin)) if elo.is_finite() && margin.is_finite() => {
            s.push_str(&format!("Elo difference: {elo:.1} +/- {margin:.1} (95%)\n"))
        }
        Some((elo, _)) => s.push_str(&format!("Elo difference: {elo:.1} (interval unbounded)\n")),
        None => s.push_str("Elo difference: no games\n"),
    }
    if let Some(sprt) = cfg.sprt {
        let (lo, hi) = sprt.bounds();
        let verdict = match summary.verdict {
            Some(Verdict::AcceptH1) => "H1 accepted",
            Some(Verdict::AcceptH0) => "H0 accepted",
            _ => "no verdict yet",
        };
        s.push_str(&format!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} ({lo:.2}, {hi:.2}) {verdict}\n",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            summary.llr.unwrap_or(0.0)
        ));
    }
    if summary.unfinished > 0 {
        s.push_str(&format!(
            "Games abandoned by the stop (not in the PGN): {}\n",
            summary.unfinished
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_dates() {
        assert_eq!(date_of_day(0), "1970.01.01");
        assert_eq!(date_of_day(59), "1970.03.01");
        assert_eq!(date_of_day(11_016), "2000.02.29");
        assert_eq!(date_of_day(20_414), "2025.11.22");
    }

    fn report_of(wins: u32, losses: u32, draws: u32) -> String {
        let args: Vec<String> = "--engine cmd=a --engine cmd=b --each depth=2"
            .split(' ')
            .map(str::to_string)
            .collect();
        let cfg = crate::args::parse(&args).unwrap();
        let summary = MatchSummary {
            tally: Tally {
                wins,
                losses,
                draws,
            },
            verdict: None,
            llr: None,
            unfinished: 0,
            interrupted: false,
        };
        report(&cfg, &summary)
    }

    #[test]
    fn report_rounds_the_elo_even_without_an_interval() {
        assert!(
            report_of(18, 2, 0).contains("Elo difference: 381.7 (interval unbounded)"),
            "{}",
            report_of(18, 2, 0)
        );
        assert!(report_of(20, 0, 0).contains("Elo difference: inf (interval unbounded)"));
        assert!(report_of(0, 0, 20).contains("Elo difference: 0.0 +/- 0.0 (95%)"));
    }
}
