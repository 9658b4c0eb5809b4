//! `feerie tune`: reads the flags and the data, runs `feerie_tune::tune` on the variant's
//! hand-written evaluation (`feerie_linear`) from its current weights, reports the losses
//! and writes the fitted weights as Rust source for `linear/src/weights/tuned/`.

use super::output_file::check_writable;
use super::{MAX_THREADS, exit_code_on_threads, stop_signals, threads};
use crate::out::QuietStdout;
use feerie_linear::{AugsburgEval, ChessEval, DynamoEval, EinsteinEval, Linear};
use feerie_match::args::{VariantName, at_least, between};
use feerie_movegen::einstein::{Anti, Reverse, Standard};
use feerie_tune::data::{Dataset, read_data};
use feerie_tune::{Losses, Settings, largest_changes, source_file, tune};
use feerie_variants::{
    AntiEinsteinSpec, AugsburgSpec, ChessSpec, DynamoSpec, EinsteinSpec, ReverseEinsteinSpec,
    Variant, VariantSpec,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Epochs between two progress lines.
const PRINT_EVERY: usize = 25;

/// `feerie tune`'s flags.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// The variant
    #[arg(long, value_name = "V", value_parser = VariantName)]
    variant: Variant,
    /// A datagen file, text or binary (repeat for more)
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<PathBuf>,
    /// Passes of Adam over the training positions
    #[arg(long, value_name = "N", default_value_t = Settings::default().epochs)]
    epochs: usize,
    /// Adam's step size, in centipawns
    #[arg(long, value_name = "R", value_parser = at_least(0.0), default_value_t = Settings::default().rate)]
    rate: f64,
    /// Share of the search score in the target, 0 to 1 (0: the game results alone)
    #[arg(long, value_name = "L", value_parser = between(0.0, 1.0), default_value_t = Settings::default().lambda)]
    lambda: f64,
    /// The scaling constant K, above 0 [default: fitted to the data first]
    #[arg(long, value_name = "K", value_parser = above_zero)]
    k: Option<f64>,
    /// Pull of each weight towards its start, so rarely seen ones stay near it
    #[arg(long, value_name = "P", value_parser = at_least(0.0), default_value_t = Settings::default().prior)]
    prior: f64,
    /// Threads, 1 to 256 [default: one a core]
    #[arg(long, value_name = "T", value_parser = between(1usize, MAX_THREADS))]
    threads: Option<usize>,
    /// Keep the weights whose names start with PREFIX as they are (repeat for more)
    #[arg(long, value_name = "PREFIX")]
    hold: Vec<String>,
    /// Write the weights (Rust source for linear/src/weights/tuned/) to this file instead
    /// of standard output
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Runs `feerie tune` with `args`; returns the exit code, or the usage error.
pub fn run(args: TuneArgs) -> Result<i32, String> {
    Ok(exit_code_on_threads(threads(args.threads), || {
        args.tune_variant()
    }))
}

/// The value parser of `--k`.
fn above_zero(text: &str) -> Result<f64, String> {
    let k = at_least(0.0)(text).ok().filter(|k| *k > 0.0);
    k.ok_or_else(|| "expected a number above 0".to_string())
}

/// The name of the constant the weights of `variant` are written as: `TUNED_CHESS`...
pub fn const_name(variant: &str) -> String {
    format!("TUNED_{}", variant.to_ascii_uppercase().replace('-', "_"))
}

fn losses_text(l: Losses) -> String {
    format!("train {:.6}, validation {:.6}", l.train, l.validation)
}

impl TuneArgs {
    /// Tunes the variant's hand-written evaluation: the one `feerie_linear` has for it
    /// (a variant added without one answers here with an error).
    fn tune_variant(&self) -> Result<i32, String> {
        match self.variant {
            Variant::Chess => self.tune::<ChessSpec, ChessEval>(),
            Variant::Dynamo => self.tune::<DynamoSpec, DynamoEval>(),
            Variant::Augsburg => self.tune::<AugsburgSpec, AugsburgEval>(),
            Variant::Einstein => self.tune::<EinsteinSpec, EinsteinEval<Standard>>(),
            Variant::ReverseEinstein => self.tune::<ReverseEinsteinSpec, EinsteinEval<Reverse>>(),
            Variant::AntiEinstein => self.tune::<AntiEinsteinSpec, EinsteinEval<Anti>>(),
        }
    }

    /// Tunes `L`, an evaluation of the variant `V`; returns the exit code.
    fn tune<V: VariantSpec, L: Linear<V::Rules>>(&self) -> Result<i32, String> {
        if let Some(path) = &self.out {
            check_writable(path)?;
        }
        let start = L::default();
        let clock = Instant::now();
        let paths: Vec<&Path> = self.data.iter().map(PathBuf::as_path).collect();
        let mut files = Vec::new();
        for path in &paths {
            let file = read_data(path, Some(V::NAME)).map_err(|e| e.to_string())?;
            if let Some(note) = file.note() {
                crate::note!("tune: {note}");
            }
            files.push(file);
        }
        let data = Dataset::read::<V::Rules, L>(&start, &files).map_err(|e| e.to_string())?;
        drop(files);
        let info = L::weight_info();
        crate::note!(
            "tune: {} positions of {} read in {:.1} s; {} weights, {} tunable",
            data.len(),
            V::NAME,
            clock.elapsed().as_secs_f64(),
            info.len(),
            info.iter().filter(|w| w.tunable).count()
        );
        let s = &settings(self);
        stop_signals::catch();
        let outcome = tune::<V::Rules, L>(&start, &data, s, &stop_signals::STOP, |epoch, l| {
            if epoch % PRINT_EVERY == 0 || epoch == s.epochs {
                crate::note!("epoch {epoch}/{}: {}", s.epochs, losses_text(l))
            }
        })
        .map_err(|e| e.to_string())?;
        let stopped = stop_signals::stopped_by();
        if let Some((signal, status)) = stopped.filter(|_| outcome.epochs_run == 0) {
            crate::note!("tune: stopped by {signal} before an epoch ended: nothing written");
            return Ok(status);
        }
        let mut summary = vec![
            command_line::<V>(&paths, s),
            format!(
                "{} training and {} validation positions, K = {:.4}",
                outcome.train_positions, outcome.validation_positions, outcome.k
            ),
            format!("loss before: {}", losses_text(outcome.before)),
            format!(
                "loss after:  {} (epoch {})",
                losses_text(outcome.after),
                outcome.best_epoch
            ),
        ];
        if let Some((signal, _)) = stopped {
            let epochs = (outcome.epochs_run, s.epochs);
            summary.push(format!(
                "stopped by {signal} after epoch {} of {}",
                epochs.0, epochs.1
            ));
        }
        for line in &summary[1..] {
            crate::note!("tune: {line}");
        }
        let changes = largest_changes(&start.to_vector(), &outcome.weights, &info, 12);
        if !changes.is_empty() {
            crate::note!("tune: largest changes: {}", changes.join(", "));
        }
        let tuned = L::from_vector(&outcome.weights);
        let source = source_file::<V::Rules, L>(&tuned, &const_name(V::NAME), &summary);
        self.write(&source, stopped.is_some())?;
        Ok(stopped.map_or(0, |(_, status)| status))
    }

    /// Writes the weights' `source` to `--out` or standard output; `partial` when a
    /// signal stopped the run.
    fn write(&self, source: &str, partial: bool) -> Result<(), String> {
        let what = match partial {
            true => "the best weights so far",
            false => "weights",
        };
        match &self.out {
            Some(path) => {
                std::fs::write(path, source).map_err(|e| format!("{}: {e}", path.display()))?;
                crate::note!("tune: {what} written to {}", path.display());
            }
            None => {
                let _ = QuietStdout.write_all(source.as_bytes());
                let _ = QuietStdout.flush();
            }
        }
        Ok(())
    }
}

/// The `feerie tune` command that made the weights, for the file's header.
fn command_line<V: VariantSpec>(paths: &[&Path], s: &Settings) -> String {
    let data: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let k = s.k.map_or(String::new(), |k| format!(" --k {k}"));
    let prior = match s.prior > 0.0 {
        true => format!(" --prior {}", s.prior),
        false => String::new(),
    };
    let hold: String = s.hold.iter().map(|h| format!(" --hold {h}")).collect();
    format!(
        "feerie tune --variant {} --data {} --epochs {} --rate {} --lambda {}{k}{prior}{hold}",
        V::NAME,
        data.join(" --data "),
        s.epochs,
        s.rate,
        s.lambda,
    )
}

fn settings(args: &TuneArgs) -> Settings {
    Settings {
        epochs: args.epochs,
        rate: args.rate,
        lambda: args.lambda,
        hold: args.hold.clone(),
        prior: args.prior,
        k: args.k,
        ..Settings::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;

    fn args_of(words: &str) -> Result<TuneArgs, String> {
        parse(words.split_whitespace())
    }

    #[test]
    fn flags_are_read_and_bad_ones_refused() {
        let r = args_of(
            "--variant Dynamo --data a.data --data b.data --epochs 50 --rate 0.5 \
             --lambda 0.25 --threads 2 --out w.rs --hold pst_ --hold tempo --prior 0.002 \
             --k 1.06",
        )
        .unwrap();
        assert_eq!(r.variant, Variant::from_name("dynamo").unwrap());
        assert_eq!(r.data, [PathBuf::from("a.data"), PathBuf::from("b.data")]);
        assert_eq!((r.threads, &r.out), (Some(2), &Some(PathBuf::from("w.rs"))));
        let s = settings(&r);
        assert_eq!((s.epochs, s.rate, s.lambda), (50, 0.5, 0.25));
        assert_eq!(s.hold, ["pst_", "tempo"]);
        assert_eq!((s.prior, s.k), (0.002, Some(1.06)));
        for bad in [
            "--data a",
            "--variant chess",
            "--variant chess --data a --lambda 2",
            "--variant chess --data a --rate -1",
            "--variant chess --data a --prior -1",
            "--variant chess --data a --prior much",
            "--variant chess --data a --k 0",
            "--variant chess --data a --k -1",
            "--variant chess --data a --epochs",
            "--variant xiangqi --data a",
            "--variant chess --data a --bogus 1",
        ] {
            assert!(args_of(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn constants_are_named_after_the_variant() {
        assert_eq!(const_name("reverse-einstein"), "TUNED_REVERSE_EINSTEIN");
    }
}
