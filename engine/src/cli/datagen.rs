//! `feerie datagen`: self-play data for tuning (`feerie_match::datagen` plays the games;
//! this reads the flags, finds the opening book, opens the resumable data file and shows
//! the progress on standard error).

use super::{
    catch_ctrl_c, flag_values, number, parse_variant, request_or_usage, INTERRUPTED, USAGE_ERROR,
};
use feerie_match::datagen::{run as play_games, DataFile, DatagenSettings, Progress, Shard};
use feerie_match::openings::read_book;
use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

const USAGE: &str = "usage: feerie datagen --variant V --games N --nodes K [--threads T] \
                     [--seed S] [--shard K/N] [--book FILE] [--evalfile NET] --out FILE";

/// Transposition table of each playing thread, MiB: a search of a few thousand nodes
/// fills little of it.
const HASH_MB: usize = 16;

/// Set by Ctrl-C: no game is started, the ones being played are dropped.
static STOP: AtomicBool = AtomicBool::new(false);

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
struct DatagenRequest {
    variant: Variant,
    settings: DatagenSettings,
    /// `None`: `books/<variant>.epd` when it exists, else random openings.
    book: Option<PathBuf>,
    /// The network to play with (`EvalFile`); `None`: the built-in one.
    eval_file: Option<PathBuf>,
    out: PathBuf,
}

/// Why a run failed, and its exit code.
type Failure = (i32, String);

/// Runs `feerie datagen ARGS`; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    let request = match request_or_usage(parse(args), USAGE) {
        Ok(request) => request,
        Err(code) => return code,
    };
    if let Err(e) = super::use_eval_file(request.variant, request.eval_file.as_deref()) {
        eprintln!("feerie: {e}");
        return USAGE_ERROR;
    }
    catch_ctrl_c(
        &STOP,
        "\nStopping: dropping the games being played; the same command resumes",
    );
    match request.variant.dispatch(&request) {
        Ok(()) if STOP.load(Ordering::SeqCst) => INTERRUPTED,
        Ok(()) => 0,
        Err((code, e)) => {
            eprintln!("feerie: {e}");
            code
        }
    }
}

impl VariantVisitor for &DatagenRequest {
    type Output = Result<(), Failure>;
    fn visit<V: VariantSpec>(self) -> Result<(), Failure> {
        let usage = |e: String| (USAGE_ERROR, e);
        let (openings, from) =
            openings::<V::Rules>(self.book.as_deref(), V::NAME).map_err(usage)?;
        let s = &self.settings;
        let mut run = format!(
            "variant={} nodes={} seed={} shard={}/{} openings={from}",
            V::NAME,
            s.nodes,
            s.seed,
            s.shard.index,
            s.shard.count
        );
        // Another network is another run: resuming must not mix their games.
        if let Some(net) = &self.eval_file {
            run.push_str(&format!(" evalfile={}", net.display()));
        }
        let mut file = DataFile::open(&self.out, &run).map_err(usage)?;
        let shard: Vec<u64> = (0..s.games).filter(|&i| s.shard.holds(i)).collect();
        let todo: Vec<u64> = shard
            .iter()
            .copied()
            .filter(|i| !file.finished.contains(i))
            .collect();
        let already = (shard.len() - todo.len()) as u64;
        eprintln!(
            "datagen: {} games of {} ({} already in {}), {} nodes a move, openings: {from}",
            todo.len(),
            V::NAME,
            already,
            self.out.display(),
            s.nodes
        );
        let mut write =
            |game: &feerie_match::datagen::GameRecord| file.append(game.index, &game.text());
        let mut progress = |p: &Progress| eprint!("\r{}", progress_line(p, already, s.threads));
        let written =
            play_games::<V::Rules, V::Eval>(s, &openings, &todo, &STOP, &mut write, &mut progress);
        eprintln!();
        written.map(|_| ()).map_err(|e| (1, e))
    }
}

/// The positions of the opening book and how the run names them: `book` when given,
/// else the variant's book of `books/` under the current directory when there is one,
/// else none (random openings).
fn openings<P: Position>(book: Option<&Path>, variant: &str) -> Result<(Vec<P>, String), String> {
    let default = PathBuf::from(format!("books/{variant}.epd"));
    let path = match book {
        Some(path) => path.to_path_buf(),
        None if default.is_file() => default,
        None => return Ok((Vec::new(), "random".into())),
    };
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let fens = read_book::<P>(&text).map_err(|e| format!("{shown}: {e}"))?;
    let positions = fens
        .iter()
        .map(|fen| P::from_fen(fen).map_err(|e| format!("{shown}: {e}")))
        .collect::<Result<_, _>>()?;
    Ok((positions, shown))
}

/// `games done/total, positions, positions/s (per thread), time left`.
fn progress_line(p: &Progress, already: u64, threads: usize) -> String {
    let seconds = p.elapsed.as_secs_f64().max(1e-3);
    let rate = p.positions as f64 / seconds;
    let left = if p.done == 0 {
        "?".to_string()
    } else {
        let secs = seconds / p.done as f64 * (p.total - p.done) as f64;
        format!(
            "{}:{:02}:{:02}",
            secs as u64 / 3600,
            secs as u64 / 60 % 60,
            secs as u64 % 60
        )
    };
    format!(
        "datagen: {}/{} games, {} positions, {:.0} positions/s ({:.0}/s per thread), {} left  ",
        already + p.done,
        already + p.total,
        p.positions,
        rate,
        rate / threads.max(1) as f64,
        left
    )
}

fn parse(args: &[String]) -> Result<DatagenRequest, String> {
    let mut variant = None;
    let (mut games, mut nodes, mut out, mut book) = (None, None, None, None);
    let mut eval_file = None;
    let mut settings = DatagenSettings {
        games: 0,
        nodes: 0,
        seed: 1,
        shard: Shard::WHOLE,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        hash_mb: HASH_MB,
    };
    for pair in flag_values(args) {
        let (flag, value) = pair?;
        let number = |what| number::<u64>(flag, value, what);
        match flag {
            "--variant" => variant = Some(parse_variant(value)?),
            "--games" => games = Some(number("a game count")?),
            "--nodes" => nodes = Some(number("a node count")?.max(1)),
            "--threads" => settings.threads = (number("a thread count")? as usize).clamp(1, 256),
            "--seed" => settings.seed = number("a seed")?,
            "--shard" => {
                settings.shard = Shard::parse(value).map_err(|e| format!("--shard: {e}"))?
            }
            "--book" => book = Some(PathBuf::from(value)),
            "--evalfile" => eval_file = Some(PathBuf::from(value)),
            "--out" => out = Some(PathBuf::from(value)),
            other => return Err(format!("unknown flag '{other}'")),
        }
    }
    let needs = |flag: &str| format!("datagen needs {flag}");
    settings.games = games.ok_or_else(|| needs("--games"))?;
    settings.nodes = nodes.ok_or_else(|| needs("--nodes"))?;
    Ok(DatagenRequest {
        variant: variant.ok_or_else(|| needs("--variant"))?,
        settings,
        book,
        eval_file,
        out: out.ok_or_else(|| needs("--out"))?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::words as args;
    use std::time::Duration;

    #[test]
    fn flags_are_read_and_bad_ones_refused() {
        let r = parse(&args(
            "--variant dynamo --games 10 --nodes 500 --threads 2 --seed 9 --shard 2/3 \
             --book b.epd --evalfile n.fnn --out d.txt",
        ))
        .unwrap();
        assert_eq!(r.variant, Variant::Dynamo);
        assert_eq!(
            r.settings,
            DatagenSettings {
                games: 10,
                nodes: 500,
                seed: 9,
                shard: Shard { index: 2, count: 3 },
                threads: 2,
                hash_mb: HASH_MB,
            }
        );
        assert_eq!(r.book, Some(PathBuf::from("b.epd")));
        assert_eq!(r.eval_file, Some(PathBuf::from("n.fnn")));
        assert_eq!(r.out, PathBuf::from("d.txt"));
        let ok = "--variant chess --games 1 --nodes 1 --out x";
        assert!(parse(&args(ok)).is_ok());
        for bad in [
            "--variant chess --games 1 --nodes 1",
            "--variant chess --games 1 --out x",
            "--games 1 --nodes 1 --out x",
            "--variant chess --games x --nodes 1 --out x",
            "--variant chess --games 1 --nodes 1 --out x --shard 3/2",
            "--variant foo --games 1 --nodes 1 --out x",
            "--variant chess --games 1 --nodes 1 --out",
            "--x 1",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn progress_shows_rates_and_time_left() {
        let p = Progress {
            done: 2,
            total: 6,
            positions: 300,
            elapsed: Duration::from_secs(10),
        };
        assert_eq!(
            progress_line(&p, 1, 2),
            "datagen: 3/7 games, 300 positions, 30 positions/s (15/s per thread), 0:00:20 left  "
        );
    }
}
