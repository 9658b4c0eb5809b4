//! `feerie book`: a book of balanced openings for a variant (`feerie_match::book` makes it;
//! this reads the flags, scores candidates with the variant's own search and writes EPD).

use super::{catch_ctrl_c, flag_values, number, parse_variant, request_or_usage};
use feerie_match::book::{make_book, search_score, BookSettings};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::io::Write;
use std::sync::atomic::AtomicBool;

const USAGE: &str =
    "usage: feerie book --variant V [--count N] [--plies MIN-MAX] [--min-cp CP] [--max-cp CP] \
                     [--nodes N] [--seed S] [--threads T] [--out FILE]";

/// Set by Ctrl-C: the book so far is written.
static STOP: AtomicBool = AtomicBool::new(false);

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
struct BookRequest {
    variant: Variant,
    settings: BookSettings,
    /// Nodes of the search that scores a candidate.
    nodes: u64,
    out: Option<String>,
}

/// Runs `feerie book ARGS`; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    let request = match request_or_usage(parse(args), USAGE) {
        Ok(request) => request,
        Err(code) => return code,
    };
    catch_ctrl_c(&STOP, "\nStopping: writing the openings made so far");
    let lines = request.variant.dispatch(&request);
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let written = match &request.out {
        Some(path) => std::fs::write(path, &text).map_err(|e| format!("cannot write {path}: {e}")),
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string()),
    };
    match written {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("feerie: {e}");
            1
        }
    }
}

impl VariantVisitor for &BookRequest {
    type Output = Vec<String>;
    fn visit<V: VariantSpec>(self) -> Vec<String> {
        let nodes = self.nodes;
        let evaluate = move |pos: &V::Rules| search_score::<V::Rules, V::Eval>(pos, nodes);
        let wanted = self.settings.count;
        let book = make_book::<V::Rules>(&self.settings, &evaluate, &STOP, &mut |kept, tried| {
            eprint!("\rbook: {kept}/{wanted} openings kept of {tried} tried");
        });
        eprintln!();
        let header = format!(
            "# {} openings of {}: {}-{} random plies without king walks, {} <= |score| <= {} cp \
             by a {}-node search; made by `feerie book --seed {}`",
            book.len(),
            V::NAME,
            self.settings.min_plies,
            self.settings.max_plies,
            self.settings.min_cp,
            self.settings.max_cp,
            nodes,
            self.settings.seed
        );
        std::iter::once(header)
            .chain(book.iter().map(|e| e.epd()))
            .collect()
    }
}

fn parse(args: &[String]) -> Result<BookRequest, String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut request = BookRequest {
        variant: Variant::Chess,
        settings: BookSettings {
            count: 200,
            min_plies: 6,
            max_plies: 10,
            min_cp: 0,
            max_cp: 50,
            seed: 1,
            threads,
        },
        nodes: 50_000,
        out: None,
    };
    for pair in flag_values(args) {
        let (flag, value) = pair?;
        let number = |what| number::<u64>(flag, value, what);
        let settings = &mut request.settings;
        match flag {
            "--variant" => request.variant = parse_variant(value)?,
            "--count" => settings.count = number("a count")? as usize,
            "--plies" => {
                let (min, max) = value
                    .split_once('-')
                    .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                    .filter(|(min, max)| min <= max && *max <= 200)
                    .ok_or_else(|| format!("--plies: '{value}' is not MIN-MAX (e.g. 6-10)"))?;
                (settings.min_plies, settings.max_plies) = (min, max);
            }
            "--min-cp" => settings.min_cp = number("centipawns")?.min(30_000) as i32,
            "--max-cp" => settings.max_cp = number("centipawns")?.min(30_000) as i32,
            "--nodes" => request.nodes = number("a node count")?.max(1),
            "--seed" => settings.seed = number("a seed")?,
            "--threads" => settings.threads = (number("a thread count")? as usize).clamp(1, 256),
            "--out" => request.out = Some(value.to_string()),
            other => return Err(format!("unknown flag '{other}'")),
        }
    }
    let settings = &request.settings;
    if settings.min_cp > settings.max_cp {
        return Err(format!(
            "--min-cp {} is above --max-cp {}: no score can be kept",
            settings.min_cp, settings.max_cp
        ));
    }
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::words as args;

    #[test]
    fn flags_are_read_and_bad_ones_refused() {
        let r = parse(&args(
            "--variant dynamo --count 5 --plies 4-8 --min-cp 10 --max-cp 30 --nodes 1000 --seed 9 \
             --threads 2 --out x.epd",
        ))
        .unwrap();
        assert_eq!(r.variant, Variant::Dynamo);
        assert_eq!(
            r.settings,
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
        assert_eq!((r.nodes, r.out.as_deref()), (1000, Some("x.epd")));
        for bad in [
            "--plies 8-4",
            "--plies 6",
            "--min-cp 60",
            "--min-cp 40 --max-cp 30",
            "--count x",
            "--variant foo",
            "--seed",
            "--x 1",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
