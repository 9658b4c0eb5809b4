//! `feerie tune`: reads the flags and the data, runs `feerie_tune::tune` on the variant's
//! hand-written evaluation (`feerie_linear`) from its current weights, reports the losses
//! and writes the fitted weights as Rust source for `linear/src/weights/tuned/`.

use super::{
    exit_code_on_threads, flag_values, non_negative, not_a, parse_variant, request_or_usage,
};
use feerie_linear::{AugsburgEval, ChessEval, DynamoEval, EinsteinEval, Linear};
use feerie_movegen::einstein::{Anti, Reverse, Standard};
use feerie_tune::data::Dataset;
use feerie_tune::{largest_changes, source_file, tune, Losses, Settings};
use feerie_variants::{
    AntiEinsteinSpec, AugsburgSpec, ChessSpec, DynamoSpec, EinsteinSpec, ReverseEinsteinSpec,
    Variant, VariantSpec,
};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Epochs between two progress lines.
const PRINT_EVERY: usize = 25;

const USAGE: &str = "usage: feerie tune --variant V --data FILE [--data FILE]... [--epochs N] \
                     [--rate R] [--lambda L] [--k K] [--prior P] [--hold PREFIX]... \
                     [--threads T] [--out FILE]";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
struct TuneRequest {
    variant: Variant,
    data: Vec<PathBuf>,
    settings: Settings,
    threads: usize,
    /// `None`: the Rust source goes to standard output.
    out: Option<PathBuf>,
}

/// Runs `feerie tune ARGS`; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    let request = match request_or_usage(parse(args), USAGE) {
        Ok(request) => request,
        Err(code) => return code,
    };
    exit_code_on_threads(request.threads, || request.tune_variant())
}

/// The name of the constant the weights of `variant` are written as: `TUNED_CHESS`...
pub fn const_name(variant: &str) -> String {
    format!("TUNED_{}", variant.to_ascii_uppercase().replace('-', "_"))
}

fn losses_text(l: Losses) -> String {
    format!("train {:.6}, validation {:.6}", l.train, l.validation)
}

impl TuneRequest {
    /// Tunes the variant's hand-written evaluation: the one `feerie_linear` has for it
    /// (a variant added without one answers here with an error).
    fn tune_variant(&self) -> Result<(), String> {
        match self.variant {
            Variant::Chess => self.tune::<ChessSpec, ChessEval>(),
            Variant::Dynamo => self.tune::<DynamoSpec, DynamoEval>(),
            Variant::Augsburg => self.tune::<AugsburgSpec, AugsburgEval>(),
            Variant::Einstein => self.tune::<EinsteinSpec, EinsteinEval<Standard>>(),
            Variant::ReverseEinstein => self.tune::<ReverseEinsteinSpec, EinsteinEval<Reverse>>(),
            Variant::AntiEinstein => self.tune::<AntiEinsteinSpec, EinsteinEval<Anti>>(),
        }
    }

    /// Tunes `L`, an evaluation of the variant `V`.
    fn tune<V: VariantSpec, L: Linear<V::Rules>>(&self) -> Result<(), String> {
        let start = L::default();
        let clock = Instant::now();
        let paths: Vec<&Path> = self.data.iter().map(PathBuf::as_path).collect();
        let data = Dataset::read::<V::Rules, L>(&start, &paths).map_err(|e| e.to_string())?;
        let info = L::weight_info();
        eprintln!(
            "tune: {} positions of {} read in {:.1} s; {} weights, {} tunable",
            data.len(),
            V::NAME,
            clock.elapsed().as_secs_f64(),
            info.len(),
            info.iter().filter(|w| w.tunable).count()
        );
        let s = &self.settings;
        let outcome = tune::<V::Rules, L>(&start, &data, s, |epoch, l| {
            if epoch % PRINT_EVERY == 0 || epoch == s.epochs {
                eprintln!("epoch {epoch}/{}: {}", s.epochs, losses_text(l))
            }
        })
        .map_err(|e| e.to_string())?;
        let tuned = L::from_vector(&outcome.weights);
        let before_text = losses_text(outcome.before);
        let after_text = losses_text(outcome.after);
        let summary = vec![
            format!(
                "feerie tune --variant {} --data {} --epochs {} --rate {} --lambda {}{}{}{}",
                V::NAME,
                paths
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(" --data "),
                s.epochs,
                s.rate,
                s.lambda,
                s.k.map_or(String::new(), |k| format!(" --k {k}")),
                if s.prior > 0.0 {
                    format!(" --prior {}", s.prior)
                } else {
                    String::new()
                },
                s.hold
                    .iter()
                    .map(|h| format!(" --hold {h}"))
                    .collect::<String>()
            ),
            format!(
                "{} training and {} validation positions, K = {:.4}",
                outcome.train_positions, outcome.validation_positions, outcome.k
            ),
            format!("loss before: {before_text}"),
            format!("loss after:  {after_text} (epoch {})", outcome.best_epoch),
        ];
        for line in &summary[1..] {
            eprintln!("tune: {line}");
        }
        let changes = largest_changes(&start.to_vector(), &outcome.weights, &info, 12);
        if !changes.is_empty() {
            eprintln!("tune: largest changes: {}", changes.join(", "));
        }
        let source = source_file::<V::Rules, L>(&tuned, &const_name(V::NAME), &summary);
        match &self.out {
            Some(path) => {
                std::fs::write(path, source).map_err(|e| format!("{}: {e}", path.display()))?;
                eprintln!("tune: weights written to {}", path.display());
            }
            None => print!("{source}"),
        }
        Ok(())
    }
}

fn parse(args: &[String]) -> Result<TuneRequest, String> {
    let mut variant = None;
    let mut data = Vec::new();
    let mut out = None;
    let mut settings = Settings::default();
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for pair in flag_values(args) {
        let (flag, value) = pair?;
        let number = |what| non_negative(flag, value, what);
        match flag {
            "--variant" => variant = Some(parse_variant(value)?),
            "--data" => data.push(PathBuf::from(value)),
            "--out" => out = Some(PathBuf::from(value)),
            "--epochs" => settings.epochs = number("an epoch count")? as usize,
            "--rate" => settings.rate = number("a step size")?,
            "--lambda" => {
                settings.lambda = number("a share between 0 and 1")?;
                if settings.lambda > 1.0 {
                    return Err(format!("--lambda: '{value}' is not between 0 and 1"));
                }
            }
            "--threads" => threads = (number("a thread count")? as usize).clamp(1, 256),
            "--hold" => settings.hold.push(value.to_string()),
            "--prior" => settings.prior = number("a pull towards the starting weights")?,
            "--k" => {
                let k = number("a positive scaling constant")?;
                if k == 0.0 {
                    return Err(not_a(flag, value, "a positive scaling constant"));
                }
                settings.k = Some(k);
            }
            other => return Err(format!("unknown flag '{other}'")),
        }
    }
    if data.is_empty() {
        return Err("tune needs --data".into());
    }
    Ok(TuneRequest {
        variant: variant.ok_or("tune needs --variant")?,
        data,
        settings,
        threads,
        out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::words as args;

    #[test]
    fn flags_are_read_and_bad_ones_refused() {
        let r = parse(&args(
            "--variant Dynamo --data a.data --data b.data --epochs 50 --rate 0.5 \
             --lambda 0.25 --threads 2 --out w.rs --hold pst_ --hold tempo --prior 0.002 \
             --k 1.06",
        ))
        .unwrap();
        assert_eq!(r.variant, Variant::from_name("dynamo").unwrap());
        assert_eq!(r.data, [PathBuf::from("a.data"), PathBuf::from("b.data")]);
        assert_eq!(r.settings.epochs, 50);
        assert_eq!(r.settings.rate, 0.5);
        assert_eq!(r.settings.lambda, 0.25);
        assert_eq!(r.threads, 2);
        assert_eq!(r.out, Some(PathBuf::from("w.rs")));
        assert_eq!(r.settings.hold, ["pst_", "tempo"]);
        assert_eq!(r.settings.prior, 0.002);
        assert_eq!(r.settings.k, Some(1.06));
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
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn constants_are_named_after_the_variant() {
        assert_eq!(const_name("reverse-einstein"), "TUNED_REVERSE_EINSTEIN");
    }
}
