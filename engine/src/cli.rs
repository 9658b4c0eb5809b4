//! The command line: `feerie` alone speaks UCI; `feerie SUBCOMMAND --help` tells each
//! subcommand's flags. clap reads them; what it cannot check (a FEN, flags that go
//! together) the subcommands check, and such usage errors are reported in clap's style.

mod book;
mod data;
mod datagen;
mod gui;
mod matches;
mod output_file;
mod perft;
mod solve;
mod stop_signals;
mod tune;
mod tune_net;

use crate::out::{self, QuietStdout};
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
use feerie_match::args::{MatchArgs, VariantName, between, double_dashed};
use feerie_uci::Uci;
use feerie_uci::bench;
use feerie_uci::go_params::MAX_DEPTH;
use feerie_uci::options::EngineOptions;
use feerie_uci::variants::new_session;
use feerie_variants::Variant;
use perft::{MAX_PERFT_DEPTH, PerftJob};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Exit code after Ctrl-C, as a shell reports a program killed by SIGINT.
const INTERRUPTED: i32 = 130;

/// Feerie: a UCI chess engine for Dynamo, Augsburg, Einstein chess and orthodox chess.
///
/// Without a command it speaks UCI on standard input and output.
#[derive(Debug, Parser)]
#[command(
    name = "feerie",
    disable_version_flag = true,
    args_conflicts_with_subcommands = true,
    after_help = variants_line()
)]
struct Cli {
    /// Print the version
    #[arg(short = 'V', long)]
    version: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Speak UCI on standard input and output (what `feerie` alone does)
    Uci,
    /// Count the leaf nodes of the move tree (progress on standard error after 1 s)
    Perft(PerftArgs),
    /// Search the variant's bench positions; print the nodes searched and their speed
    Bench(BenchArgs),
    /// Play engine-vs-engine matches refereed by Feerie's rules (fastchess's flags)
    Match(MatchArgs),
    /// Solve the chess problems of a file (Popeye's input language) or one position
    Solve(solve::SolveArgs),
    /// Make an EPD book of balanced openings
    Book(book::BookArgs),
    /// Play self-play games for tuning data
    Datagen(datagen::DatagenArgs),
    /// Convert datagen files between text and the binary format
    Data(data::DataArgs),
    /// Fit the variant's evaluation weights to datagen files (Texel's method)
    Tune(tune::TuneArgs),
    /// Train a network on datagen files
    TuneNet(tune_net::TuneNetArgs),
    /// Serve a board in the browser to play and analyse every variant
    Gui(gui::GuiArgs),
    /// Print the version
    Version,
}

/// `Variants: chess, dynamo, ...`, the line `.ci/check-bench` reads from `feerie help`.
fn variants_line() -> String {
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    format!("Variants: {}", names.join(", "))
}

/// Runs the command line `args` (without the program name); returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let mut words = vec!["feerie".to_string()];
    match args.split_first() {
        Some((command, rest)) if command == "match" => {
            words.push(command.clone());
            words.extend(double_dashed(rest));
        }
        _ => words.extend_from_slice(args),
    }
    let cli = match Cli::try_parse_from(words) {
        Ok(cli) => cli,
        Err(e) => return report(&e),
    };
    if cli.version {
        return version();
    }
    let (name, result) = match cli.command {
        None | Some(Command::Uci) => return uci(),
        Some(Command::Version) => return version(),
        Some(Command::Perft(args)) => ("perft", perft(args)),
        Some(Command::Bench(args)) => ("bench", bench(args)),
        Some(Command::Match(args)) => ("match", matches::run(&args)),
        Some(Command::Solve(args)) => ("solve", solve::run(args)),
        Some(Command::Book(args)) => ("book", book::run(args)),
        Some(Command::Datagen(args)) => ("datagen", datagen::run(args)),
        Some(Command::Data(args)) => ("data", data::run(args)),
        Some(Command::Tune(args)) => ("tune", tune::run(args)),
        Some(Command::TuneNet(args)) => ("tune-net", tune_net::run(args)),
        Some(Command::Gui(args)) => ("gui", gui::run(args)),
    };
    result.unwrap_or_else(|message| usage_error(name, message))
}

/// Reports `message` as a usage error of the subcommand `name`, as clap reports its own;
/// returns the exit code.
fn usage_error(name: &str, message: String) -> i32 {
    let mut cli = Cli::command();
    cli.build();
    match cli.find_subcommand_mut(name) {
        Some(command) => report(&command.error(ErrorKind::ValueValidation, message)),
        None => report(&cli.error(ErrorKind::ValueValidation, message)),
    }
}

/// Prints clap's `error` as `feerie: error: ...` on standard error, or the help it
/// stands for on standard output; returns its exit code.
fn report(error: &clap::Error) -> i32 {
    let text = error.render();
    let styled = |terminal: bool| match terminal {
        true => text.ansi().to_string(),
        false => text.to_string(),
    };
    if error.use_stderr() {
        crate::out::note_part(&format!(
            "feerie: {}",
            styled(std::io::stderr().is_terminal())
        ));
    } else {
        let _ = QuietStdout.write_all(styled(std::io::stdout().is_terminal()).as_bytes());
        let _ = QuietStdout.flush();
    }
    error.exit_code()
}

fn version() -> i32 {
    out::stdout().line(&format!("feerie {}", env!("CARGO_PKG_VERSION")));
    0
}

fn uci() -> i32 {
    let mut engine = Uci::new(out::stdout());
    engine.run(std::io::stdin().lock());
    0
}

/// `feerie perft`'s flags.
#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// The variant
    #[arg(long, value_name = "V", value_parser = VariantName, default_value = "chess")]
    variant: Variant,
    /// The position, in FEN [default: the variant's start position]
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from that position first (UCI notation): every word up to the next flag
    #[arg(long, num_args = 0.., value_name = "MOVE")]
    moves: Vec<String>,
    /// Plies to count to, 0 to 12
    #[arg(long, value_parser = between(0, MAX_PERFT_DEPTH))]
    depth: u32,
    /// Also print the count under each root move
    #[arg(long)]
    divide: bool,
}

/// `feerie bench`'s flags.
#[derive(Debug, clap::Args)]
struct BenchArgs {
    /// The variant
    #[arg(long, value_name = "V", value_parser = VariantName, default_value = "chess")]
    variant: Variant,
    /// Depth of each search, 1 to 100 [default: the variant's, about a second a position]
    #[arg(long, value_parser = between(1, MAX_DEPTH))]
    depth: Option<u32>,
    /// Play with the network of this file instead of the built-in one
    #[arg(long, value_name = "NET")]
    evalfile: Option<PathBuf>,
}

/// Makes the network of `file`, when given, the one `variant` plays with
/// (`--evalfile`, as the UCI option `EvalFile`).
fn use_eval_file(variant: Variant, file: Option<&std::path::Path>) -> Result<(), String> {
    if let Some(file) = file {
        let net =
            feerie_eval::nnue::Network::from_file(file).map_err(|e| format!("--evalfile: {e}"))?;
        variant
            .use_network(Some(net))
            .map_err(|e| format!("--evalfile: {e}"))?;
    }
    Ok(())
}

/// Runs `job` on a pool of `threads` threads (rayon's work inside it uses them) and
/// returns the exit code: the job's, or 1 after printing its error.
fn exit_code_on_threads(threads: usize, job: impl FnOnce() -> Result<i32, String> + Send) -> i32 {
    let result = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(job),
        Err(e) => Err(format!("cannot start {threads} threads: {e}")),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            crate::note!("feerie: {e}");
            1
        }
    }
}

/// The first Ctrl-C sets `stop` and says `message` on standard error; a second one
/// leaves at once.
fn catch_ctrl_c(stop: &'static AtomicBool, message: &'static str) {
    let handler = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            std::process::exit(INTERRUPTED);
        }
        crate::note!("{message}");
    });
    if let Err(e) = handler {
        crate::note!("feerie: warning: cannot catch Ctrl-C: {e}");
    }
}

/// Ctrl-C leaves at once with `INTERRUPTED`: perft has nothing to save. Installed rather
/// than left to the default action so that it works even where the shell started us with
/// SIGINT ignored (a background job of a script).
fn exit_on_ctrl_c() {
    if let Err(e) = ctrlc::set_handler(|| std::process::exit(INTERRUPTED)) {
        crate::note!("feerie: warning: cannot catch Ctrl-C: {e}");
    }
}

fn perft(args: PerftArgs) -> Result<i32, String> {
    exit_on_ctrl_c();
    let job = PerftJob {
        variant: args.variant,
        fen: args.fen.as_deref(),
        moves: &args.moves,
        depth: args.depth,
    };
    let result = perft::run(&job)?;
    let out = out::stdout();
    if args.divide {
        for (mv, n) in &result.divide {
            out.line(&format!("{mv}: {n}"));
        }
        out.line("");
    }
    out.line(&format!("Nodes searched: {}", result.nodes));
    out.line(&format!(
        "Time (ms): {:.3}",
        result.elapsed.as_secs_f64() * 1000.0
    ));
    out.line(&speed_line(result.nodes, result.elapsed));
    Ok(0)
}

/// Below this a speed means little (timer resolution, thread start-up).
const SHORTEST_TIMED_RUN: Duration = Duration::from_millis(1);

/// `Nodes/second: N`, or a note that the run was too short to measure a speed.
pub fn speed_line(nodes: u64, elapsed: Duration) -> String {
    if elapsed < SHORTEST_TIMED_RUN {
        return "Nodes/second: too short to measure (under 1 ms)".to_string();
    }
    let nps = nodes as f64 / elapsed.as_secs_f64();
    format!("Nodes/second: {}", nps.round() as u64)
}

fn bench(args: BenchArgs) -> Result<i32, String> {
    let options = EngineOptions::default();
    use_eval_file(args.variant, args.evalfile.as_deref())?;
    let depth = args.depth.unwrap_or_else(|| args.variant.bench_depth());
    let mut session = new_session(args.variant, &options);
    bench::run(session.as_mut(), depth, &out::stdout());
    Ok(0)
}

/// The threads `--threads` asks for (its parser keeps them from 1 to [`MAX_THREADS`]); every core by default.
fn threads(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The most threads `--threads` takes in the subcommands that have it.
const MAX_THREADS: usize = 256;

/// The flags `T` makes of `words`, for the subcommands' tests; the error is clap's.
#[cfg(test)]
fn parse<'a, T: clap::Args + clap::FromArgMatches>(
    words: impl IntoIterator<Item = &'a str>,
) -> Result<T, String> {
    let command = T::augment_args(clap::Command::new("feerie"));
    let words = std::iter::once("feerie").chain(words);
    let matches = (command.try_get_matches_from(words)).map_err(|e| e.to_string())?;
    T::from_arg_matches(&matches).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speed_of_a_run_under_a_millisecond_is_not_measured() {
        let line = speed_line(8_902, Duration::from_micros(779));
        assert_eq!(line, "Nodes/second: too short to measure (under 1 ms)");
    }

    #[test]
    fn speed_uses_the_time_below_the_millisecond() {
        assert_eq!(
            speed_line(1_500, Duration::from_micros(1_500)),
            "Nodes/second: 1000000"
        );
        assert_eq!(speed_line(5, Duration::from_secs(2)), "Nodes/second: 3");
    }

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn perft_and_bench_flags() {
        let words = "--variant Dynamo --depth 3 --moves e2e4 e7e5 --divide";
        let args: PerftArgs = parse(words.split_whitespace()).unwrap();
        assert_eq!((args.variant, args.depth), (Variant::Dynamo, 3));
        assert_eq!(args.moves, ["e2e4", "e7e5"]);
        assert!(args.divide && args.fen.is_none());
        let args: BenchArgs = parse([]).unwrap();
        assert_eq!((args.variant, args.depth), (Variant::Chess, None));
        for bad in [
            "",
            "--depth 13",
            "--depth 2 --variant shogi",
            "--depth 2 --bogus",
        ] {
            assert!(parse::<PerftArgs>(bad.split_whitespace()).is_err(), "{bad}");
        }
        let error = parse::<BenchArgs>(["--variant", "shogi"]).unwrap_err();
        assert!(error.contains("anti-einstein"), "{error}");
    }
}
