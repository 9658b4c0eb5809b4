//! Command-line subcommands (`feerie perft`, `feerie bench`, ...), parsed by hand: a few
//! flags do not justify an argument-parsing dependency.

mod book;
mod datagen;
mod gui;
mod matches;
mod perft;
mod solve;
mod tune;
mod tune_net;

use crate::bench;
use crate::go_params::MAX_DEPTH;
use crate::options::EngineOptions;
use crate::out::Out;
use crate::uci::Uci;
use crate::variants::new_session;
use feerie_variants::Variant;
use perft::PerftJob;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Exit code for a usage error (bad flag, bad FEN, ...).
const USAGE_ERROR: i32 = 2;
/// Exit code after Ctrl-C, as a shell reports a program killed by SIGINT.
const INTERRUPTED: i32 = 130;

const HELP: &str = "\
Feerie: a UCI chess engine for Dynamo, Augsburg, Einstein chess and orthodox chess.

Usage:
  feerie                   speak UCI on standard input/output (also: feerie uci)
  feerie perft [--variant V] [--fen FEN] [--moves M...] --depth D [--divide]
                           count the leaf nodes of the move tree (start position by
                           default; depth 0 to 12; progress on standard error after 1 s)
  feerie bench [--variant V] [--depth D] [--evalfile NET]
                           search the variant's bench positions (default depth per
                           variant, about a second each); prints Nodes searched and
                           Nodes/second; --evalfile: play with that network file
  feerie match --engine cmd=PATH ... --engine cmd=PATH ... [options]
                           engine-vs-engine matches refereed by Feerie's rules
                           (run `feerie match` alone for its options)
  feerie solve FILE [--json]
                           solve the chess problems of FILE (Popeye's input
                           language; '-' for standard input), printed in Popeye's
                           layout, or one JSON object per problem part with --json
  feerie solve [--variant V] --fen FEN --stip STIP [--try] [--variation]
               [--nothreat] [--setplay] [--defence N] [--maxsolutions N]
               [--movenumbers] [--duplex|--halfduplex] [--json]
                           solve one position: STIP is #n, =n, h#n, h#n.5, s#n,
                           ser-#n or ser-h#n (also with =); the FEN's side to move
                           makes the first move (the attacker in #2, the defender
                           in h#2). Exit status 1 when a problem had an error,
                           130 after Ctrl-C (which prints what was found so far)
  feerie book --variant V [--count N] [--plies MIN-MAX] [--min-cp CP] [--max-cp CP]
              [--nodes N] [--seed S] [--threads T] [--out FILE]
                           an EPD book of balanced openings (books/ holds one per
                           variant): random lines without king walks, kept when a
                           short search scores them within --max-cp (default 50)
                           of 0 and at least --min-cp (default 0) away from it
  feerie datagen --variant V --games N --nodes K [--threads T] [--seed S]
                 [--shard K/N] [--book FILE] [--evalfile NET] --out FILE
                           self-play data for tuning: quiet positions as lines
                           'FEN | score | result' (White's view), appended to FILE;
                           rerun to resume (FILE.done lists the games written);
                           --shard K/N plays game i when i % N = K-1; --evalfile:
                           play with that network file
  feerie tune --variant V --data FILE [--data FILE]... [--epochs N] [--rate R]
              [--lambda L] [--k K] [--prior P] [--threads T] [--hold PREFIX]...
              [--out FILE]
                           fit the variant's evaluation weights to datagen files
                           (Texel's method: K first, then Adam); prints the loss
                           before and after and writes the weights as Rust source
                           for eval/src/weights/tuned/ (docs/tuning.md); --hold
                           keeps the weights whose names start with PREFIX; --k
                           gives K instead of fitting it
  feerie tune-net [--variant V] --data FILE [--data FILE]... [--init FILE]
                  [--epochs N] [--rate R] [--batch N] [--lambda L] [--seed S]
                  [--threads T] --out FILE
                           train a network for V (chess by default; not
                           Augsburg) on datagen files (Adam on the target
                           (1-L)·result + L·chance of the score), from random
                           weights or from the network --init; writes a network
                           file like eval/nets/chess.fnn (docs/nnue.md)
  feerie gui [--port N] [--listen ADDR] [--engine CMD]... [--no-open]
                           a board in the browser to play and analyse every
                           variant (docs/gui.md); prints the page's address
  feerie help | --help     this text
  feerie --version         the version

Variants: ";

/// Runs the command line `args` (without the program name); returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let Some((command, rest)) = args.split_first() else {
        return uci();
    };
    let result = match command.as_str() {
        "uci" => no_arguments(command, rest).map(|()| uci()),
        "perft" => perft(rest).map(|()| 0),
        "bench" => bench(rest).map(|()| 0),
        "help" | "--help" | "-h" => no_arguments(command, rest).map(|()| {
            print_help();
            0
        }),
        "version" | "--version" | "-V" => no_arguments(command, rest).map(|()| {
            Out::stdout().line(&format!("feerie {}", env!("CARGO_PKG_VERSION")));
            0
        }),
        "match" => return matches::run(rest),
        "solve" => return solve::run(rest),
        "gui" => return gui::run(rest),
        "book" => return book::run(rest),
        "datagen" => return datagen::run(rest),
        "tune" => return tune::run(rest),
        "tune-net" => return tune_net::run(rest),
        other => Err(format!("unknown command '{other}' (try 'feerie help')")),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("feerie: {e}");
            USAGE_ERROR
        }
    }
}

/// A usage error if a command that takes no arguments was given some.
fn no_arguments(command: &str, rest: &[String]) -> Result<(), String> {
    match rest.first() {
        None => Ok(()),
        Some(extra) => Err(format!(
            "'{command}' takes no arguments, got '{extra}' (try 'feerie help')"
        )),
    }
}

fn print_help() {
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    Out::stdout().line(&format!("{HELP}{}", names.join(", ")));
}

fn uci() -> i32 {
    let mut engine = Uci::new(Out::stdout());
    engine.run(std::io::stdin().lock());
    0
}

/// Flags of a subcommand: `--name value`, `--switch`, and `--moves` taking every word up
/// to the next flag.
#[derive(Debug, Default)]
struct Flags {
    variant: Option<Variant>,
    fen: Option<String>,
    moves: Vec<String>,
    depth: Option<u32>,
    divide: bool,
    eval_file: Option<std::path::PathBuf>,
}

fn parse_flags(args: &[String], allowed: &[&str]) -> Result<Flags, String> {
    let mut flags = Flags::default();
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        i += 1;
        if !allowed.contains(&flag) {
            return Err(format!("unexpected argument '{flag}' (try 'feerie help')"));
        }
        let mut value = || -> Result<&str, String> {
            let v = args.get(i).ok_or(format!("{flag} needs a value"))?;
            i += 1;
            Ok(v.as_str())
        };
        match flag {
            "--variant" => flags.variant = Some(parse_variant(value()?)?),
            "--fen" => flags.fen = Some(value()?.to_string()),
            "--depth" => {
                let d = value()?;
                flags.depth = Some(d.parse().map_err(|_| format!("bad depth '{d}'"))?);
            }
            "--divide" => flags.divide = true,
            "--evalfile" => flags.eval_file = Some(value()?.into()),
            "--moves" => {
                while i < args.len() && !args[i].starts_with("--") {
                    flags.moves.push(args[i].clone());
                    i += 1;
                }
            }
            _ => return Err(format!("unexpected argument '{flag}'")),
        }
    }
    Ok(flags)
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

/// The request a subcommand's `parse` made of its flags, or, on a usage error, the exit
/// code after the error and the subcommand's `usage` were printed.
fn request_or_usage<T>(parsed: Result<T, String>, usage: &str) -> Result<T, i32> {
    parsed.map_err(|e| {
        eprintln!("feerie: {e}\n{usage}");
        USAGE_ERROR
    })
}

/// The `(flag, value)` pairs of a command line whose flags all take one value.
fn flag_values(args: &[String]) -> impl Iterator<Item = Result<(&str, &str), String>> {
    let mut args = args.iter();
    std::iter::from_fn(move || {
        let flag = args.next()?;
        Some(match args.next() {
            Some(value) => Ok((flag.as_str(), value.as_str())),
            None => Err(format!("{flag} needs a value")),
        })
    })
}

/// The `value` of `flag` read as a number, or an error saying it is not `what`.
fn number<T: FromStr>(flag: &str, value: &str, what: &str) -> Result<T, String> {
    value.parse().map_err(|_| not_a(flag, value, what))
}

/// Runs `job` on a pool of `threads` threads (rayon's work inside it uses them) and
/// returns the exit code: 0, or 1 after printing the error.
fn exit_code_on_threads(threads: usize, job: impl FnOnce() -> Result<(), String> + Send) -> i32 {
    let result = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(job),
        Err(e) => Err(format!("cannot start {threads} threads: {e}")),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("feerie: {e}");
            1
        }
    }
}

/// The `value` of `flag` read as a finite number at least 0, or an error saying it is
/// not `what`.
fn non_negative(flag: &str, value: &str, what: &str) -> Result<f64, String> {
    number::<f64>(flag, value, what)
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
        .ok_or_else(|| not_a(flag, value, what))
}

/// The error for a `value` of `flag` that is not `what`.
fn not_a(flag: &str, value: &str, what: &str) -> String {
    format!("{flag}: '{value}' is not {what}")
}

/// The words of a command line, for the subcommands' tests.
#[cfg(test)]
fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The variant named `name` (any case).
fn parse_variant(name: &str) -> Result<Variant, String> {
    Variant::from_name(&name.to_ascii_lowercase())
        .ok_or_else(|| format!("unknown variant '{name}'"))
}

/// The first Ctrl-C sets `stop` and says `message` on standard error; a second one
/// leaves at once.
fn catch_ctrl_c(stop: &'static AtomicBool, message: &'static str) {
    let handler = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            std::process::exit(INTERRUPTED);
        }
        eprintln!("{message}");
    });
    if let Err(e) = handler {
        eprintln!("feerie: warning: cannot catch Ctrl-C: {e}");
    }
}

/// Ctrl-C leaves at once with `INTERRUPTED`: perft has nothing to save. Installed rather
/// than left to the default action so that it works even where the shell started us with
/// SIGINT ignored (a background job of a script).
fn exit_on_ctrl_c() {
    if let Err(e) = ctrlc::set_handler(|| std::process::exit(INTERRUPTED)) {
        eprintln!("feerie: warning: cannot catch Ctrl-C: {e}");
    }
}

fn perft(args: &[String]) -> Result<(), String> {
    exit_on_ctrl_c();
    let flags = parse_flags(
        args,
        &["--variant", "--fen", "--moves", "--depth", "--divide"],
    )?;
    let depth = flags.depth.ok_or("perft needs --depth")?;
    let job = PerftJob {
        variant: flags.variant.unwrap_or(EngineOptions::default().variant),
        fen: flags.fen.as_deref(),
        moves: &flags.moves,
        depth,
    };
    let result = perft::run(&job)?;
    let out = Out::stdout();
    if flags.divide {
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
    Ok(())
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

fn bench(args: &[String]) -> Result<(), String> {
    let flags = parse_flags(args, &["--variant", "--depth", "--evalfile"])?;
    let options = EngineOptions::default();
    let variant = flags.variant.unwrap_or(options.variant);
    use_eval_file(variant, flags.eval_file.as_deref())?;
    let depth = flags.depth.unwrap_or_else(|| variant.bench_depth());
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(format!("bench depth must be between 1 and {MAX_DEPTH}"));
    }
    let mut session = new_session(variant, &options);
    bench::run(session.as_mut(), depth, &Out::stdout());
    Ok(())
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
    fn flags_pair_with_their_values() {
        let args = words("--count 5 --out x.epd");
        let pairs: Vec<_> = flag_values(&args).collect();
        assert_eq!(pairs, [Ok(("--count", "5")), Ok(("--out", "x.epd"))]);
        let args = words("--count 5 --out");
        let last = flag_values(&args).last();
        assert_eq!(last, Some(Err("--out needs a value".to_string())));
    }

    #[test]
    fn numbers_say_what_they_should_be() {
        assert_eq!(number::<u64>("--nodes", "500", "a node count"), Ok(500));
        assert_eq!(
            number::<u64>("--nodes", "-5", "a node count"),
            Err("--nodes: '-5' is not a node count".to_string())
        );
    }
}
