//! `feerie datagen`: self-play data for tuning (`feerie_match::datagen` plays the games;
//! this reads the flags, finds the opening book, opens the resumable data file and shows
//! the progress on standard error).

use super::{INTERRUPTED, MAX_THREADS, catch_ctrl_c, threads};
use feerie_match::args::{VariantName, between};
use feerie_match::datagen::{
    DataFile, DataFileError, DatagenSettings, GameRecord, Progress, Shard, run as play_games,
};
use feerie_match::openings::read_book;
use feerie_movegen::Position;
use feerie_tune::packed;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Transposition table of each playing thread, MiB: a search of a few thousand nodes
/// fills little of it.
const HASH_MB: usize = 16;

/// Set by Ctrl-C: no game is started, the ones being played are dropped.
static STOP: AtomicBool = AtomicBool::new(false);

/// `feerie datagen`'s flags.
#[derive(Debug, clap::Args)]
pub struct DatagenArgs {
    /// The variant
    #[arg(long, value_name = "V", value_parser = VariantName)]
    variant: Variant,
    /// Games in the run (rerunning the command plays those not yet in the file)
    #[arg(long, value_name = "N")]
    games: u64,
    /// Nodes of the search of each move
    #[arg(long, value_name = "K")]
    nodes: u64,
    /// Threads playing games, 1 to 256 [default: one a core]
    #[arg(long, value_name = "T", value_parser = between(1usize, MAX_THREADS))]
    threads: Option<usize>,
    /// Seed: a game depends only on it, its index and the nodes
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Play only the games i with i % N = K-1, so N runs split the work [default: 1/1]
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,
    /// EPD book of the openings [default: books/VARIANT.epd when it exists, else random]
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// Play with the network of this file instead of the built-in one
    #[arg(long, value_name = "NET")]
    evalfile: Option<PathBuf>,
    /// The data file: quiet positions with score and result (White's view), appended;
    /// FILE.done lists the games written
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// binary (32 bytes a position, docs/data-format.md) or text (lines 'FEN | score |
    /// result') [default: an existing file's format, else binary for a FILE ending in
    /// .bin, else text]
    #[arg(long, value_name = "F")]
    format: Option<DataFormat>,
}

/// The two formats of a data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DataFormat {
    Binary,
    Text,
}

impl DataFormat {
    /// The format of a run writing to `out` when none is asked: the one of the data
    /// already there (so a run keeps resuming in its format), else binary for a `.bin`
    /// name, else text, which every script and tool reading datagen files takes.
    pub fn of_out(out: &Path) -> DataFormat {
        match first_bytes(out) {
            Some(bytes) if packed::is_packed(&bytes) => DataFormat::Binary,
            Some(_) => DataFormat::Text,
            None if out.extension().is_some_and(|e| e == "bin") => DataFormat::Binary,
            None => DataFormat::Text,
        }
    }
}

/// The first bytes of the regular file `path` when it has any (a FIFO is not opened:
/// that would wait for a writer).
fn first_bytes(path: &Path) -> Option<Vec<u8>> {
    use std::io::Read;
    std::fs::metadata(path)
        .ok()
        .filter(|m| m.is_file() && m.len() > 0)?;
    let mut bytes = Vec::new();
    let file = std::fs::File::open(path).ok()?;
    file.take(packed::MAGIC.len() as u64)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(bytes)
}

/// Why a run failed: a usage error, or writing the data failed (exit code 1).
#[derive(Debug)]
pub enum Failure {
    Usage(String),
    Failed(DataFileError),
}

/// Runs `feerie datagen` with `args`; returns the exit code, or the usage error.
pub fn run(args: DatagenArgs) -> Result<i32, String> {
    super::use_eval_file(args.variant, args.evalfile.as_deref())?;
    catch_ctrl_c(
        &STOP,
        "\nStopping: dropping the games being played; the same command resumes",
    );
    match args.variant.dispatch(&args) {
        Ok(()) if STOP.load(Ordering::SeqCst) => Ok(INTERRUPTED),
        Ok(()) => Ok(0),
        Err(Failure::Usage(e)) => Err(e),
        Err(Failure::Failed(e)) => {
            crate::note!("feerie: {e}");
            Ok(1)
        }
    }
}

impl VariantVisitor for &DatagenArgs {
    type Output = Result<(), Failure>;
    fn visit<V: VariantSpec>(self) -> Result<(), Failure> {
        let usage = Failure::Usage;
        let (openings, from) =
            openings::<V::Rules>(self.book.as_deref(), V::NAME).map_err(usage)?;
        let s = &settings(self);
        let mut run = format!(
            "variant={} nodes={} seed={} shard={}/{} openings={from}",
            V::NAME,
            s.nodes,
            s.seed,
            s.shard.index,
            s.shard.count
        );
        // Another network is another run: resuming must not mix their games.
        if let Some(net) = &self.evalfile {
            run.push_str(&format!(" evalfile={}", net.display()));
        }
        let format = self.format.unwrap_or_else(|| DataFormat::of_out(&self.out));
        let header = packed::header(V::NAME)
            .ok_or_else(|| usage(format!("{} has no number in the binary format", V::NAME)))?;
        if format == DataFormat::Binary {
            run.push_str(" format=binary");
        }
        let mut file = DataFile::open(&self.out, &run).map_err(|e| usage(e.to_string()))?;
        let shard: Vec<u64> = (0..s.games).filter(|&i| s.shard.holds(i)).collect();
        let todo: Vec<u64> = shard
            .iter()
            .copied()
            .filter(|i| !file.finished.contains(i))
            .collect();
        let already = (shard.len() - todo.len()) as u64;
        crate::note!(
            "datagen: {} games of {} ({} already in {}, {}), {} nodes a move, openings: {from}",
            todo.len(),
            V::NAME,
            already,
            self.out.display(),
            format_name(format),
            s.nodes
        );
        let mut write = |game: &GameRecord| {
            let data = match format {
                DataFormat::Text => game.text().into_bytes(),
                DataFormat::Binary => packed_game(game, file.is_empty().then_some(&header))
                    .map_err(|e| DataFileError::Append {
                        sidecar: false,
                        error: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
                    })?,
            };
            file.append(game.index, data)
        };
        let mut progress = |p: &Progress| {
            crate::out::note_part(&format!("\r{}", progress_line(p, already, s.threads)))
        };
        let written = play_games::<V::Rules, V::Eval, _>(
            s,
            &openings,
            &todo,
            &STOP,
            &mut write,
            &mut progress,
        );
        crate::note!();
        written.map(|_| ()).map_err(Failure::Failed)
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

/// A game's records in the binary format, after the file's `header` when given.
fn packed_game(
    game: &GameRecord,
    header: Option<&[u8; packed::RECORD]>,
) -> Result<Vec<u8>, String> {
    let mut bytes = header.map_or_else(Vec::new, |h| h.to_vec());
    for line in game.text().lines() {
        packed::pack_line(line, &mut bytes)?;
    }
    Ok(bytes)
}

fn format_name(format: DataFormat) -> &'static str {
    match format {
        DataFormat::Binary => "binary",
        DataFormat::Text => "text",
    }
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

fn settings(args: &DatagenArgs) -> DatagenSettings {
    DatagenSettings {
        games: args.games,
        nodes: args.nodes.max(1),
        seed: args.seed,
        shard: args.shard.unwrap_or(Shard::WHOLE),
        threads: threads(args.threads),
        hash_mb: HASH_MB,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;
    use std::time::Duration;

    fn args_of(words: &str) -> Result<DatagenArgs, String> {
        parse(words.split_whitespace())
    }

    #[test]
    fn flags_are_read_and_bad_ones_refused() {
        let r = args_of(
            "--variant dynamo --games 10 --nodes 500 --threads 2 --seed 9 --shard 2/3 \
             --book b.epd --evalfile n.fnn --out d.txt",
        )
        .unwrap();
        assert_eq!(r.variant, Variant::Dynamo);
        assert_eq!(
            settings(&r),
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
        assert_eq!(r.evalfile, Some(PathBuf::from("n.fnn")));
        assert_eq!(r.out, PathBuf::from("d.txt"));
        let ok = "--variant chess --games 1 --nodes 1 --out x";
        assert_eq!(settings(&args_of(ok).unwrap()).shard, Shard::WHOLE);
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
            assert!(args_of(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_format_is_asked_or_follows_the_name_and_every_variant_has_a_number() {
        let base = "--variant chess --games 1 --nodes 1 --out x";
        let r = args_of(&format!("{base} --format binary")).unwrap();
        assert_eq!(r.format, Some(DataFormat::Binary));
        assert!(args_of(&format!("{base} --format zip")).is_err());
        let none = std::env::temp_dir().join(format!("feerie-none-{}", std::process::id()));
        assert_eq!(DataFormat::of_out(&none.join("a.bin")), DataFormat::Binary);
        assert_eq!(DataFormat::of_out(&none.join("a.data")), DataFormat::Text);
        for v in Variant::ALL {
            assert!(packed::header(v.name()).is_some(), "{}", v.name());
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
