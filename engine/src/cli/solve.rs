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
//! and ends the run; a second Ctrl-C quits at once.

use super::{catch_ctrl_c, parse_variant, INTERRUPTED, USAGE_ERROR};
use crate::out::QuietStdout;
use crate::session::position_after;
use feerie_movegen::Position;
use feerie_solve::input::{self, InputError};
use feerie_solve::output::{self, Closing};
use feerie_solve::problem::{Duplex, Meta};
use feerie_solve::solution::{Report, UnsolvablePosition};
use feerie_solve::solver::solve_problem;
use feerie_solve::{Problem, SolveOptions, Stipulation};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Exit code when some problem could not be read or solved.
const PROBLEM_ERROR: i32 = 1;

/// Set by Ctrl-C: the current problem stops, no further problem starts.
static STOP: AtomicBool = AtomicBool::new(false);

/// Where the problems come from.
#[derive(Debug, PartialEq, Eq)]
enum Source {
    /// A file of Popeye input; `-` is standard input.
    File(String),
    /// One position: `--variant`, `--fen`, `--stip` and the option flags.
    Position(Box<Problem>),
}

/// The parsed command line.
#[derive(Debug, PartialEq, Eq)]
struct Command {
    source: Source,
    json: bool,
}

/// Runs `feerie solve ARGS`; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    let command = match parse(args) {
        Ok(command) => command,
        Err(e) => {
            eprintln!("feerie: {e}");
            return USAGE_ERROR;
        }
    };
    let problems = match &command.source {
        Source::Position(problem) => vec![Ok(problem.as_ref().clone())],
        Source::File(path) => match read(path) {
            Ok(text) => input::parse(&text),
            Err(e) => {
                eprintln!("feerie: {e}");
                return USAGE_ERROR;
            }
        },
    };
    catch_ctrl_c(
        &STOP,
        "\nStopping: printing what was found so far (Ctrl-C again to quit now)",
    );
    let outcome = if command.json {
        Json.solve_all(&problems)
    } else {
        // Popeye's first line names the program.
        print(&format!("Feerie v{}\n", env!("CARGO_PKG_VERSION")));
        Layout::default().solve_all(&problems)
    };
    outcome.exit_code()
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
                eprintln!(
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
                    let result = {
                        let this = &*self;
                        solve_problem(problem, &STOP, &|line: &str| this.progress(line))
                    };
                    outcome.errors |= result.is_err();
                    self.finish(problem, &result);
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
}

impl Layout {
    fn close(&mut self) {
        if let Some(closing) = self.open.take() {
            print(&output::closing(&closing));
        }
    }
}

impl Printer for Layout {
    fn input_error(&mut self, error: &InputError) {
        self.close();
        eprintln!("feerie: {error}");
    }

    fn start(&mut self, problem: &Problem) {
        let later_twin = problem.twin.as_ref().is_some_and(|t| t.label != 'a');
        let full = !(later_twin && self.open.is_some());
        if full {
            self.close();
            self.open = Some(Closing::default());
        }
        print(&output::header(problem, full));
    }

    fn progress(&self, line: &str) {
        print(&format!("{line}\n"));
    }

    fn finish(&mut self, problem: &Problem, result: &Result<Vec<Report>, UnsolvablePosition>) {
        match result {
            Ok(reports) => {
                print(&output::solution(problem, reports));
                if let Some(closing) = &mut self.open {
                    reports.iter().for_each(|r| closing.add(r));
                }
            }
            Err(reason) => eprintln!("feerie: {}: {reason}", where_is(problem)),
        }
    }

    fn end(&mut self) {
        self.close();
    }
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
        eprintln!("{line}");
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

/// Writes `text` to standard output at once (a closed output ends the process quietly).
fn print(text: &str) {
    let mut stdout = QuietStdout;
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// The text of `path`, or of standard input for `-`.
fn read(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))
    }
}

/// The flags that set a solving option with `--fen`.
const OPTION_FLAGS: &[&str] = &[
    "--try",
    "--variation",
    "--nothreat",
    "--setplay",
    "--defence",
    "--maxsolutions",
    "--movenumbers",
    "--duplex",
    "--halfduplex",
];

fn parse(args: &[String]) -> Result<Command, String> {
    let mut file = None;
    let (mut variant, mut fen, mut stipulation) = (None, None, None);
    let mut options = SolveOptions::default();
    let mut json = false;
    let mut option_flag = None;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        let mut value = || -> Result<&str, String> {
            let v = args.get(i).ok_or(format!("{arg} needs a value"))?;
            i += 1;
            Ok(v.as_str())
        };
        if OPTION_FLAGS.contains(&arg) {
            option_flag.get_or_insert(arg);
        }
        match arg {
            "--json" => json = true,
            "--variant" => variant = Some(parse_variant(value()?)?),
            "--fen" => fen = Some(value()?.to_string()),
            "--stip" => {
                let text = value()?;
                stipulation = Some(text.parse::<Stipulation>().map_err(|e| e.to_string())?);
            }
            "--try" => options.tries = true,
            "--variation" => options.variation = true,
            "--nothreat" => options.no_threat = true,
            "--setplay" => options.set_play = true,
            "--defence" => options.defence = positive(arg, value()?)?,
            "--maxsolutions" => {
                options.max_solutions = Some(positive(arg, value()?)? as usize);
            }
            "--movenumbers" => options.move_numbers = true,
            "--duplex" | "--halfduplex" => {
                if options.duplex != Duplex::No {
                    return Err("--duplex and --halfduplex exclude each other".to_string());
                }
                options.duplex = if arg == "--duplex" {
                    Duplex::Duplex
                } else {
                    Duplex::HalfDuplex
                };
            }
            _ if arg.starts_with("--") => {
                return Err(format!("unexpected argument '{arg}' (try 'feerie help')"));
            }
            _ if file.is_none() => file = Some(arg.to_string()),
            _ => return Err(format!("one file at a time, got '{arg}' as well")),
        }
    }
    let source = match (file, fen) {
        (Some(_), Some(_)) => return Err("give a FILE or --fen, not both".to_string()),
        (None, None) => {
            return Err("solve needs a FILE ('-' for standard input) or --fen".to_string())
        }
        (Some(file), None) => {
            let stray = [
                variant.map(|_| "--variant"),
                stipulation.map(|_| "--stip"),
                option_flag,
            ];
            if let Some(flag) = stray.into_iter().flatten().next() {
                return Err(format!(
                    "{flag} goes with --fen; a file gives its own (condition, stipulation, option)"
                ));
            }
            Source::File(file)
        }
        (None, Some(fen)) => {
            let stipulation = stipulation.ok_or("--fen needs --stip (e.g. --stip \"#2\")")?;
            let variant = variant.unwrap_or(Variant::Chess);
            Source::Position(Box::new(Problem {
                meta: Meta::default(),
                variant,
                fen: variant.dispatch(CanonicalFen(&fen))?,
                stipulation,
                options,
                twin: None,
                line: 0,
            }))
        }
    };
    Ok(Command { source, json })
}

/// A number of at least 1 for `flag`.
fn positive(flag: &str, text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{flag} needs a number from 1 up, got '{text}'")),
    }
}

/// The FEN as the variant writes it, or why the variant refuses it.
struct CanonicalFen<'a>(&'a str);

impl VariantVisitor for CanonicalFen<'_> {
    type Output = Result<String, String>;

    fn visit<V: VariantSpec>(self) -> Self::Output {
        let none: &[&str] = &[];
        let position = position_after::<V::Rules>(Some(self.0), none)
            .map_err(|e| format!("bad FEN for {}: {e}", V::NAME))?;
        Ok(position.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    fn error(text: &[&str]) -> String {
        parse(&args(text)).unwrap_err()
    }

    #[test]
    fn a_position_with_its_options() {
        let command = parse(&args(&[
            "--variant",
            "einstein",
            "--fen",
            "8/8/8/8/8/7k/r6P/3RK2R b K - 0 1",
            "--stip",
            "h#2",
            "--setplay",
            "--maxsolutions",
            "3",
            "--halfduplex",
            "--json",
        ]))
        .unwrap();
        assert!(command.json);
        let Source::Position(problem) = command.source else {
            panic!("a position");
        };
        assert_eq!(problem.variant, Variant::Einstein);
        assert_eq!(problem.stipulation.to_string(), "h#2");
        assert_eq!(problem.fen, "8/8/8/8/8/7k/r6P/3RK2R b K - 0 1");
        assert!(problem.options.set_play);
        assert_eq!(problem.options.max_solutions, Some(3));
        assert_eq!(problem.options.duplex, Duplex::HalfDuplex);
        assert_eq!(problem.line, 0);
    }

    #[test]
    fn a_file() {
        let command = parse(&args(&["-", "--json"])).unwrap();
        assert_eq!(command.source, Source::File("-".to_string()));
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        assert!(error(&[]).contains("FILE"));
        assert!(error(&["--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"]).contains("--stip"));
        assert!(error(&["a.inp", "b.inp"]).contains("b.inp"));
        assert!(error(&["a.inp", "--try"]).contains("--try"));
        assert!(error(&["a.inp", "--stip", "#2"]).contains("--stip"));
        assert!(error(&["--stip", "#0", "--fen", "x"]).contains("#0"));
        assert!(error(&["--duplex", "--halfduplex", "a"]).contains("exclude"));
        assert!(error(&["--defence", "0", "a"]).contains("--defence"));
        assert!(error(&["--variant", "fairy", "a"]).contains("fairy"));
        assert!(error(&["--bogus"]).contains("--bogus"));
        assert!(error(&["--fen"]).contains("needs a value"));
        let bad = error(&["--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--stip", "#1"]);
        assert!(bad.contains("bad FEN for chess"), "{bad}");
    }
}
