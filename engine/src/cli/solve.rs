//! `feerie solve`: solves the problems of a file in Popeye's input language, or one
//! position given as a FEN, and prints them in Popeye's layout or as JSON lines
//! (`feerie_solve` does the reading, solving and writing; this is the command line).
//!
//! With `--fen`, the FEN's side to move makes the diagram's first move, and the
//! stipulation says who that is: the attacker in `#n`, `s#n`, `ser-#n` and `h#n.5`,
//! the defender in `h#n` and `ser-h#n`. So `--fen "... b ..." --stip "#2"` is a
//! mate in two by Black, and `--stip h#2` with White to move is a helpmate in which
//! White helps Black mate it. (A problem file follows Popeye: White attacks, and the
//! side to move is the stipulation's first mover.)
//!
//! A problem that cannot be read or solved is reported (on standard error in the
//! layout, as an `"error"` object in JSON) and the next one is still solved. Ctrl-C
//! stops the problem being solved, prints what was found so far as a partial solution,
//! and ends the run. The search stops at once and what it keeps is bounded, so that
//! takes well under a second: a second Ctrl-C does not cut it short (that would lose
//! the output), only a third quits at once.
//!
//! A file that is not UTF-8 is read as Latin-1, as Popeye's files often are, with a
//! warning naming its first line that is not UTF-8.

use super::INTERRUPTED;
use crate::out::QuietStdout;
use feerie_eval::file::read_prefix;
use feerie_match::args::{VariantName, at_least};
use feerie_solve::input::{self, InputError};
use feerie_solve::output::{self, Closing};
use feerie_solve::problem::{Duplex, Language};
use feerie_solve::solution::{Report, UnsolvablePosition};
use feerie_solve::solver::solve_problem;
use feerie_solve::{Problem, SolveOptions, Stipulation};
use feerie_variants::Variant;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Exit code when some problem could not be read or solved.
const PROBLEM_ERROR: i32 = 1;

/// Set by Ctrl-C: the current problem stops, no further problem starts.
static STOP: AtomicBool = AtomicBool::new(false);

/// The Ctrl-C presses so far.
static PRESSES: AtomicU32 = AtomicU32::new(0);

/// Where the problems come from.
#[derive(Debug, PartialEq, Eq)]
enum Source {
    /// A file of Popeye input; `-` is standard input.
    File(String),
    /// One position: `--variant`, `--fen`, `--stip` and the option flags.
    Position(Box<Problem>),
}

/// `feerie solve`'s flags: a FILE, or a position with `--fen`, `--stip` and the options.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["file", "fen"]))]
pub struct SolveArgs {
    /// The problems, in Popeye's input language ('-': standard input); the file gives
    /// each problem's condition, stipulation and options
    file: Option<String>,
    #[command(flatten)]
    position: PositionArgs,
    /// Print one JSON object per problem part instead of Popeye's layout
    #[arg(long)]
    json: bool,
}

/// The position `--fen` gives, and how to solve it (a FILE gives its own).
#[derive(Debug, clap::Args)]
struct PositionArgs {
    /// One position to solve; its side to move makes the first move: the attacker in #n,
    /// s#n, ser-#n and h#n.5, the defender in h#n and ser-h#n
    #[arg(long, requires = "stip")]
    fen: Option<String>,
    /// The variant of --fen
    #[arg(long, value_name = "V", value_parser = VariantName, default_value = "chess", conflicts_with = "file")]
    variant: Variant,
    /// The stipulation of --fen: #n, =n, h#n, h#n.5, s#n, ser-#n or ser-h#n (also with =)
    #[arg(long, conflicts_with = "file")]
    stip: Option<Stipulation>,
    /// Also show the tries: first moves refuted by at most --defence replies
    #[arg(long = "try", conflicts_with = "file")]
    tries: bool,
    /// Show the full tree of threats, defences and continuations
    #[arg(long, conflicts_with = "file")]
    variation: bool,
    /// Show no threats in the tree
    #[arg(long, conflicts_with = "file")]
    nothreat: bool,
    /// Also solve the set play: the defender (in help play, the other side) moves first
    #[arg(long, conflicts_with = "file")]
    setplay: bool,
    /// The most refutations a try may have
    #[arg(long, value_name = "N", value_parser = at_least(1u32), default_value_t = 1, conflicts_with = "file")]
    defence: u32,
    /// Stop after N solutions
    #[arg(long, value_name = "N", value_parser = at_least(1usize), conflicts_with = "file")]
    maxsolutions: Option<usize>,
    /// Report each first move as it is tried
    #[arg(long, conflicts_with = "file")]
    movenumbers: bool,
    /// Solve as written, then with the colours' roles exchanged
    #[arg(long, conflicts_with_all = ["halfduplex", "file"])]
    duplex: bool,
    /// Solve only with the colours' roles exchanged
    #[arg(long, conflicts_with = "file")]
    halfduplex: bool,
}

/// Runs `feerie solve` with `args`; returns the exit code, or the usage error.
pub fn run(args: SolveArgs) -> Result<i32, String> {
    let problems = match source(args.file, args.position)? {
        Source::Position(problem) => vec![Ok(*problem)],
        Source::File(path) => input::parse(&read(&path)?),
    };
    catch_ctrl_c();
    let outcome = if args.json {
        Json.solve_all(&problems)
    } else {
        // Popeye's first line names the program.
        print(&format!("Feerie v{}\n", env!("CARGO_PKG_VERSION")));
        Layout::default().solve_all(&problems)
    };
    Ok(outcome.exit_code())
}

/// What a run came to.
#[derive(Debug, Default)]
struct Outcome {
    errors: bool,
    /// Problems not started because of Ctrl-C.
    skipped: usize,
}

impl Outcome {
    fn exit_code(&self) -> i32 {
        if STOP.load(Ordering::SeqCst) {
            if self.skipped > 0 {
                crate::note!(
                    "feerie: interrupted, {} problem(s) not solved",
                    self.skipped
                );
            }
            INTERRUPTED
        } else if self.errors {
            PROBLEM_ERROR
        } else {
            0
        }
    }
}

/// How the results of a run are printed.
trait Printer {
    /// Prints a problem that could not be read.
    fn input_error(&mut self, error: &InputError);
    /// Called before solving `problem`.
    fn start(&mut self, problem: &Problem);
    /// Prints a `movenumbers` line.
    fn progress(&self, line: &str);
    /// Prints the result of `problem`.
    fn finish(&mut self, problem: &Problem, result: &Result<Vec<Report>, UnsolvablePosition>);
    /// Called after a problem that `maxtime` stopped.
    fn timed_out(&mut self) {}
    /// Called after the last problem.
    fn end(&mut self) {}

    /// Solves every problem in turn, stopping early on Ctrl-C.
    fn solve_all(&mut self, problems: &[Result<Problem, InputError>]) -> Outcome
    where
        Self: Sync,
    {
        let mut outcome = Outcome::default();
        for (index, entry) in problems.iter().enumerate() {
            if STOP.load(Ordering::SeqCst) {
                outcome.skipped = problems.len() - index;
                break;
            }
            match entry {
                Err(error) => {
                    outcome.errors = true;
                    self.input_error(error);
                }
                Ok(problem) => {
                    self.start(problem);
                    let (result, timed_out) = {
                        let this = &*self;
                        let progress = |line: &str| this.progress(line);
                        match problem.options.max_time {
                            None => (solve_problem(problem, &STOP, &progress), false),
                            Some(secs) => within(Duration::from_secs(secs.into()), |stop| {
                                solve_problem(problem, stop, &progress)
                            }),
                        }
                    };
                    outcome.errors |= result.is_err();
                    self.finish(problem, &result);
                    if timed_out {
                        self.timed_out();
                    }
                }
            }
        }
        self.end();
        outcome
    }
}

/// Popeye's layout on standard output, errors on standard error.
#[derive(Debug, Default)]
struct Layout {
    /// The closing line owed to the problem whose header was printed last, with the
    /// time and completeness of its twins so far; `None` when closed.
    open: Option<Closing>,
    /// The language of that problem, which its closing line is written in.
    language: Language,
}

impl Layout {
    fn close(&mut self) {
        if let Some(closing) = self.open.take() {
            print(&output::closing(&closing, self.language));
        }
    }
}

impl Printer for Layout {
    fn input_error(&mut self, error: &InputError) {
        self.close();
        crate::note!("feerie: {error}");
    }

    fn start(&mut self, problem: &Problem) {
        let later_twin = problem.twin.as_ref().is_some_and(|t| t.label != 'a');
        let full = !(later_twin && self.open.is_some());
        if full {
            self.close();
            self.open = Some(Closing::default());
            self.language = problem.meta.language;
        }
        print(&output::header(problem, full));
    }

    fn progress(&self, line: &str) {
        print(&format!(
            "{}\n",
            output::move_numbers_line(line, self.language)
        ));
    }

    fn finish(&mut self, problem: &Problem, result: &Result<Vec<Report>, UnsolvablePosition>) {
        match result {
            Ok(reports) => {
                print(&output::solution(problem, reports));
                if let Some(closing) = &mut self.open {
                    reports.iter().for_each(|r| closing.add(r));
                }
            }
            Err(reason) => crate::note!("feerie: {}: {reason}", where_is(problem)),
        }
    }

    fn timed_out(&mut self) {
        if let Some(closing) = &mut self.open {
            closing.interrupted = true;
        }
    }

    fn end(&mut self) {
        self.close();
    }
}

/// Runs `solve` with a stop flag that Ctrl-C raises, and `limit` after the start
/// (Popeye's `maxtime`); says whether the limit raised it. The next problem is solved
/// after a time limit, not after Ctrl-C.
fn within<T>(limit: Duration, solve: impl FnOnce(&AtomicBool) -> T) -> (T, bool) {
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let timed_out = AtomicBool::new(false);
    let start = Instant::now();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::SeqCst) {
                if STOP.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                } else if start.elapsed() >= limit {
                    timed_out.store(true, Ordering::SeqCst);
                    stop.store(true, Ordering::SeqCst);
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        let result = solve(&stop);
        done.store(true, Ordering::SeqCst);
        (result, timed_out.load(Ordering::SeqCst))
    })
}

/// One JSON object a line on standard output; `movenumbers` lines on standard error.
#[derive(Debug)]
struct Json;

impl Printer for Json {
    fn input_error(&mut self, error: &InputError) {
        print(&format!("{}\n", output::json_input_error(error)));
    }

    fn start(&mut self, _problem: &Problem) {}

    fn progress(&self, line: &str) {
        crate::note!("{line}");
    }

    fn finish(&mut self, problem: &Problem, result: &Result<Vec<Report>, UnsolvablePosition>) {
        print(&format!("{}\n", output::json(problem, result)));
    }
}

/// `the problem at line 12`, `twin b) of the problem at line 12`, or `the position`
/// for `--fen`.
fn where_is(problem: &Problem) -> String {
    let what = match problem.line {
        0 => "the position".to_string(),
        line => format!("the problem at line {line}"),
    };
    match &problem.twin {
        Some(twin) => format!("twin {}) of {what}", twin.label),
        None => what,
    }
}

/// The first Ctrl-C stops the search, whose partial solution is then printed; the
/// second changes nothing (quitting then would lose that output, which takes well
/// under a second); the third quits at once without it.
fn catch_ctrl_c() {
    let handler = ctrlc::set_handler(|| {
        STOP.store(true, Ordering::SeqCst);
        let message = match PRESSES.fetch_add(1, Ordering::SeqCst) {
            0 => "\nStopping: printing what was found so far",
            1 => "Stopping already: printing what was found (Ctrl-C once more to quit without it)",
            _ => std::process::exit(INTERRUPTED),
        };
        let _ = writeln!(std::io::stderr(), "{message}");
    });
    if let Err(e) = handler {
        let _ = writeln!(
            std::io::stderr(),
            "feerie: warning: cannot catch Ctrl-C: {e}"
        );
    }
}

/// Writes `text` to standard output at once (a closed output ends the process quietly).
fn print(text: &str) {
    let mut stdout = QuietStdout;
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// The largest problem file read: Popeye's largest collections are a few megabytes, and
/// a bound keeps `/dev/zero` or an endless pipe from filling memory.
const MAX_PROBLEM_BYTES: u64 = 64 << 20;

/// The text of `path`, or of standard input for `-`. Only a regular file is opened (a
/// FIFO would block, a device never end), and at most [`MAX_PROBLEM_BYTES`] are read.
fn read(path: &str) -> Result<String, String> {
    let (bytes, length) = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .take(MAX_PROBLEM_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        let length = bytes.len() as u64;
        (bytes, length)
    } else {
        read_prefix(Path::new(path), MAX_PROBLEM_BYTES)
            .map_err(|e| format!("cannot read '{path}': {e}"))?
    };
    if length > MAX_PROBLEM_BYTES {
        let name = if path == "-" { "standard input" } else { path };
        return Err(format!(
            "{name} is longer than {} MiB, the most a problem file may have",
            MAX_PROBLEM_BYTES >> 20
        ));
    }
    Ok(decode(path, bytes))
}

/// The text of a file's `bytes`: UTF-8, or else Latin-1 (every byte one character),
/// with a warning naming the file and its first line that is not UTF-8.
fn decode(path: &str, bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = 1 + bytes[..valid].iter().filter(|&&b| b == b'\n').count();
            let name = if path == "-" { "<stdin>" } else { path };
            let _ = writeln!(
                std::io::stderr(),
                "feerie: warning: {name}:{line}: not UTF-8, the file is read as Latin-1"
            );
            bytes.iter().map(|&b| char::from(b)).collect()
        }
    }
}

/// Where the flags say the problems are: the FILE, or the position of `--fen` (clap has
/// made sure there is one of them, and `--stip` with `--fen`).
fn source(file: Option<String>, p: PositionArgs) -> Result<Source, String> {
    let (fen, stipulation) = match (file, p.fen, p.stip) {
        (Some(file), ..) => return Ok(Source::File(file)),
        (None, Some(fen), Some(stipulation)) => (fen, stipulation),
        _ => return Err("solve needs a FILE ('-' for standard input) or --fen and --stip".into()),
    };
    let duplex = match (p.duplex, p.halfduplex) {
        (true, _) => Duplex::Duplex,
        (_, true) => Duplex::HalfDuplex,
        _ => Duplex::No,
    };
    let options = SolveOptions {
        tries: p.tries,
        variation: p.variation,
        no_threat: p.nothreat,
        set_play: p.setplay,
        defence: p.defence,
        max_solutions: p.maxsolutions,
        move_numbers: p.movenumbers,
        duplex,
        intelligent: None,
        no_board: false,
        max_time: None,
    };
    let problem = Problem::of_position(p.variant, &fen, stipulation, options)?;
    Ok(Source::Position(Box::new(problem)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;

    fn source_of(words: &str) -> Result<Source, String> {
        let args: SolveArgs = parse(words.split_whitespace())?;
        super::source(args.file, args.position)
    }

    fn error(words: &str) -> String {
        source_of(words).unwrap_err()
    }

    #[test]
    fn a_position_with_its_options() {
        let fen = "8/8/8/8/8/7k/r6P/3RK2R b K - 0 1";
        let args: SolveArgs = parse([
            "--variant",
            "einstein",
            "--fen",
            fen,
            "--stip",
            "h#2",
            "--setplay",
            "--maxsolutions",
            "3",
            "--halfduplex",
            "--json",
        ])
        .unwrap();
        assert!(args.json);
        let Ok(Source::Position(problem)) = super::source(args.file, args.position) else {
            panic!("a position");
        };
        assert_eq!(problem.variant, Variant::Einstein);
        assert_eq!(problem.stipulation.to_string(), "h#2");
        assert_eq!(problem.fen, fen);
        assert!(problem.options.set_play);
        assert_eq!(problem.options.max_solutions, Some(3));
        assert_eq!(problem.options.duplex, Duplex::HalfDuplex);
        assert_eq!(problem.line, 0);
    }

    #[test]
    fn a_file() {
        assert_eq!(source_of("- --json"), Ok(Source::File("-".to_string())));
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        assert!(error("").contains("FILE"));
        assert!(error("--fen 8/8/8/8/8/8/8/K6k").contains("--stip"));
        assert!(error("a.inp b.inp").contains("b.inp"));
        assert!(error("a.inp --try").contains("--try"));
        assert!(error("a.inp --stip #2").contains("--stip"));
        assert!(error("a.inp --fen x --stip #2").contains("--fen"));
        assert!(error("--stip #0 --fen x").contains("#0"));
        assert!(error("--duplex --halfduplex a").contains("--halfduplex"));
        assert!(error("--defence 0 a").contains("--defence"));
        assert!(error("--variant fairy a").contains("fairy"));
        assert!(error("--bogus").contains("--bogus"));
        assert!(error("--fen").contains("--fen"));
        let bad = error("--fen 8/8/8/8/8/8/8/8 --stip #1");
        assert!(bad.contains("bad FEN for chess"), "{bad}");
    }
}
