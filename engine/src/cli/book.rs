//! `feerie book`: a book of balanced openings for a variant (`feerie_match::book` makes it;
//! this reads the flags, scores candidates with the variant's own search and writes EPD).

use super::output_file::check_writable;
use super::{MAX_THREADS, catch_ctrl_c, threads};
use crate::out::QuietStdout;
use feerie_match::args::{VariantName, between};
use feerie_match::book::{BookSettings, make_book, search_score};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// Set by Ctrl-C: the book so far is written.
static STOP: AtomicBool = AtomicBool::new(false);

/// `feerie book`'s flags.
#[derive(Debug, clap::Args)]
pub struct BookArgs {
    /// The variant
    #[arg(long, value_name = "V", value_parser = VariantName, default_value = "chess")]
    variant: Variant,
    /// Openings to make
    #[arg(long, value_name = "N", default_value_t = 200)]
    count: usize,
    /// Random plies from the start position (0 to 200), in which no king walks (castling aside)
    #[arg(long, value_name = "MIN-MAX", value_parser = plies, default_value = "6-10")]
    plies: (usize, usize),
    /// Keep an opening whose score (by a short search) is at least this far from 0
    #[arg(long, value_name = "CP", default_value_t = 0)]
    min_cp: u64,
    /// Keep an opening whose score is at most this far from 0
    #[arg(long, value_name = "CP", default_value_t = 50)]
    max_cp: u64,
    /// Nodes of the search that scores an opening
    #[arg(long, value_name = "N", default_value_t = 50_000)]
    nodes: u64,
    /// Seed of the random lines (the book depends only on the flags, not on the threads)
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Threads scoring the openings, 1 to 256 [default: one a core]
    #[arg(long, value_name = "T", value_parser = between(1usize, MAX_THREADS))]
    threads: Option<usize>,
    /// Write the book to this file instead of standard output
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
}

/// The most random plies of an opening.
const MAX_PLIES: usize = 200;

/// The value parser of `--plies`: says which bound is wrong and what it may be.
fn plies(text: &str) -> Result<(usize, usize), String> {
    let (min, max) = text.split_once('-').ok_or("expected MIN-MAX (e.g. 6-10)")?;
    let ply = between(0, MAX_PLIES);
    let min = ply(min).map_err(|e| format!("MIN: {e}"))?;
    let max = ply(max).map_err(|e| format!("MAX: {e}"))?;
    match min <= max {
        true => Ok((min, max)),
        false => Err(format!("MIN {min} is above MAX {max}")),
    }
}

/// Runs `feerie book` with `args`; returns the exit code, or the usage error.
pub fn run(args: BookArgs) -> Result<i32, String> {
    if args.min_cp > args.max_cp {
        return Err(format!(
            "--min-cp {} is above --max-cp {}: no score can be kept",
            args.min_cp, args.max_cp
        ));
    }
    if let Some(path) = &args.out {
        check_writable(Path::new(path))?;
    }
    catch_ctrl_c(&STOP, "\nStopping: writing the openings made so far");
    let lines = args.variant.dispatch(&args);
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let written = match &args.out {
        Some(path) => std::fs::write(path, &text).map_err(|e| format!("cannot write {path}: {e}")),
        None => QuietStdout
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string()),
    };
    match written {
        Ok(()) => Ok(0),
        Err(e) => {
            crate::note!("feerie: {e}");
            Ok(1)
        }
    }
}

impl VariantVisitor for &BookArgs {
    type Output = Vec<String>;
    fn visit<V: VariantSpec>(self) -> Vec<String> {
        let (settings, nodes) = (&settings(self), self.nodes.max(1));
        let evaluate = move |pos: &V::Rules| search_score::<V::Rules, V::Eval>(pos, nodes);
        let wanted = settings.count;
        let book = make_book::<V::Rules>(settings, &evaluate, &STOP, &mut |kept, tried| {
            crate::out::note_part(&format!(
                "\rbook: {kept}/{wanted} openings kept of {tried} tried"
            ));
        });
        crate::note!();
        let header = format!(
            "# {} openings of {}: {}-{} random plies without king walks, {} <= |score| <= {} cp \
             by a {}-node search; made by `feerie book --seed {}`",
            book.len(),
            V::NAME,
            settings.min_plies,
            settings.max_plies,
            settings.min_cp,
            settings.max_cp,
            nodes,
            settings.seed
        );
        std::iter::once(header)
            .chain(book.iter().map(|e| e.epd()))
            .collect()
    }
}

fn settings(args: &BookArgs) -> BookSettings {
    let centipawns = |cp: u64| cp.min(30_000) as i32;
    BookSettings {
        count: args.count,
        min_plies: args.plies.0,
        max_plies: args.plies.1,
        min_cp: centipawns(args.min_cp),
        max_cp: centipawns(args.max_cp),
        seed: args.seed,
        threads: threads(args.threads),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;

    fn settings_of(words: &str) -> Result<BookSettings, String> {
        parse(words.split_whitespace()).map(|args| settings(&args))
    }

    #[test]
    fn flags_are_read_and_bad_ones_refused() {
        let words = "--variant dynamo --count 5 --plies 4-8 --min-cp 10 --max-cp 30 --nodes 1000 \
                     --seed 9 --threads 2 --out x.epd";
        let args: BookArgs = parse(words.split_whitespace()).unwrap();
        assert_eq!(args.variant, Variant::Dynamo);
        assert_eq!(
            settings(&args),
            BookSettings {
                count: 5,
                min_plies: 4,
                max_plies: 8,
                min_cp: 10,
                max_cp: 30,
                seed: 9,
                threads: 2
            }
        );
        assert_eq!((args.nodes, args.out.as_deref()), (1000, Some("x.epd")));
        let defaults = settings_of("").unwrap();
        assert_eq!((defaults.min_plies, defaults.max_plies), (6, 10));
        for bad in [
            "--plies 8-4",
            "--plies 6",
            "--count x",
            "--variant foo",
            "--seed",
            "--x 1",
        ] {
            assert!(settings_of(bad).is_err(), "{bad}");
        }
    }
}
