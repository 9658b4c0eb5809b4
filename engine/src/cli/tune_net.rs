//! `feerie tune-net`: trains a variant's network (`feerie_tune::net`) on `feerie
//! datagen` files and writes it in the format `eval/nets/chess.fnn` is in.

use super::{exit_code_on_threads, flag_values, non_negative, parse_variant, request_or_usage};
use feerie_eval::nnue::Network;
use feerie_movegen::Position;
use feerie_tune::net::{loss, samples, split, train, FloatNet, NetSettings};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::path::PathBuf;
use std::time::Instant;

const USAGE: &str = "usage: feerie tune-net [--variant V] --data FILE [--data FILE]... \
                     [--init FILE] [--epochs N] [--rate R] [--batch N] [--lambda L] \
                     [--seed S] [--threads T] --out FILE";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
struct NetRequest {
    /// The variant of the data (chess unless `--variant` says otherwise).
    variant: Variant,
    data: Vec<PathBuf>,
    /// The network training starts from; random weights from the seed without it.
    init: Option<PathBuf>,
    settings: NetSettings,
    lambda: f32,
    threads: usize,
    out: PathBuf,
}

/// Runs `feerie tune-net ARGS`; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    let request = match request_or_usage(parse(args), USAGE) {
        Ok(request) => request,
        Err(code) => return code,
    };
    exit_code_on_threads(request.threads, || request.variant.dispatch(&request))
}

impl VariantVisitor for &NetRequest {
    type Output = Result<(), String>;
    fn visit<V: VariantSpec>(self) -> Result<(), String> {
        train_and_write::<V::Rules>(self)
    }
}

fn train_and_write<P: Position>(r: &NetRequest) -> Result<(), String> {
    let clock = Instant::now();
    // Read first: a bad starting network is refused before minutes of reading data.
    let start = match &r.init {
        Some(path) => FloatNet::from_network(&Network::from_file(path).map_err(|e| e.to_string())?),
        None => FloatNet::random(r.settings.seed),
    };
    let mut all = Vec::new();
    for path in &r.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        all.extend(
            samples::<P>(&path.display().to_string(), &text, r.lambda)
                .map_err(|e| e.to_string())?,
        );
    }
    let (mut training, validation) = split(all);
    if training.is_empty() || validation.is_empty() {
        return Err("too few positions: at least 640 are needed (one in ten is held out)".into());
    }
    eprintln!(
        "tune-net: {} training and {} validation positions read in {:.1} s",
        training.len(),
        validation.len(),
        clock.elapsed().as_secs_f64()
    );
    let net = train(
        start,
        &mut training,
        &validation,
        &r.settings,
        |epoch, t, v| {
            eprintln!(
                "epoch {epoch}/{}: train {t:.6}, validation {v:.6} ({:.0} s)",
                r.settings.epochs,
                clock.elapsed().as_secs_f64()
            )
        },
    );
    let integers = net.quantize();
    eprintln!(
        "tune-net: kept the network of validation loss {:.6} ({:.6} rounded to the \
         integers it plays with)",
        loss(&net, &validation),
        loss(&FloatNet::from_network(&integers), &validation)
    );
    std::fs::write(&r.out, integers.to_bytes()).map_err(|e| format!("{}: {e}", r.out.display()))?;
    eprintln!("tune-net: network written to {}", r.out.display());
    Ok(())
}

fn parse(args: &[String]) -> Result<NetRequest, String> {
    let mut variant = Variant::Chess;
    let mut data = Vec::new();
    let mut init = None;
    let mut out = None;
    let mut settings = NetSettings {
        epochs: 20,
        rate: 0.001,
        batch: 16_384,
        seed: 1,
    };
    let mut lambda = 0.5;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for pair in flag_values(args) {
        let (flag, value) = pair?;
        let number = |what| non_negative(flag, value, what);
        match flag {
            "--variant" => variant = parse_variant(value)?,
            "--data" => data.push(PathBuf::from(value)),
            "--init" => init = Some(PathBuf::from(value)),
            "--out" => out = Some(PathBuf::from(value)),
            "--epochs" => settings.epochs = number("an epoch count")? as usize,
            "--rate" => settings.rate = number("a step size")? as f32,
            "--batch" => {
                settings.batch = super::number::<usize>(flag, value, "a batch size")?;
                if settings.batch == 0 {
                    return Err("--batch: a batch holds at least one position".into());
                }
            }
            "--seed" => settings.seed = super::number::<u64>(flag, value, "a seed")?,
            "--lambda" => {
                lambda = number("a share between 0 and 1")? as f32;
                if lambda > 1.0 {
                    return Err(format!("--lambda: '{value}' is not between 0 and 1"));
                }
            }
            "--threads" => threads = (number("a thread count")? as usize).clamp(1, 256),
            other => return Err(format!("unknown flag '{other}'")),
        }
    }
    if data.is_empty() {
        return Err("tune-net needs --data".into());
    }
    Ok(NetRequest {
        variant,
        data,
        init,
        settings,
        lambda,
        threads,
        out: out.ok_or("tune-net needs --out")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::words as args;

    #[test]
    fn flags_are_read_and_bad_ones_refused() {
        let r = parse(&args(
            "--data a.data --data b.data --init old.fnn --epochs 5 --rate 0.01 --batch 4096 \
             --lambda 0.25 --seed 7 --threads 2 --out n.fnn",
        ))
        .unwrap();
        assert_eq!(r.variant, Variant::Chess);
        assert_eq!(r.data, [PathBuf::from("a.data"), PathBuf::from("b.data")]);
        assert_eq!(r.init, Some(PathBuf::from("old.fnn")));
        assert_eq!(
            r.settings,
            NetSettings {
                epochs: 5,
                rate: 0.01,
                batch: 4096,
                seed: 7
            }
        );
        assert_eq!(
            (r.lambda, r.threads, r.out),
            (0.25, 2, PathBuf::from("n.fnn"))
        );
        for bad in [
            "--out n.fnn",
            "--data a.data",
            "--data a.data --out n.fnn --lambda 2",
            "--data a.data --out n.fnn --epochs x",
            "--data a.data --out n.fnn --batch 0",
            "--data a.data --out n.fnn --colour red",
            "--variant xiangqi --data a.data --out n.fnn",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
        let r = parse(&args(
            "--variant reverse-einstein --data a.data --out n.fnn",
        ))
        .unwrap();
        assert_eq!(r.variant, Variant::ReverseEinstein);
    }
}
