//! `feerie tune-net`: trains a variant's network (`feerie_tune::net`) on `feerie
//! datagen` files and writes it in the format `eval/nets/chess.fnn` is in.

use super::output_file::check_writable;
use super::{MAX_THREADS, exit_code_on_threads, stop_signals, threads};
use feerie_eval::nnue::Network;
use feerie_match::args::{VariantName, at_least, between};
use feerie_movegen::Position;
use feerie_tune::data::read_data;
use feerie_tune::net::{FloatNet, NetSettings, loss, samples, split, train};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::path::PathBuf;
use std::time::Instant;

/// `feerie tune-net`'s flags.
#[derive(Debug, clap::Args)]
pub struct TuneNetArgs {
    /// The variant of the data and the network
    #[arg(long, value_name = "V", value_parser = VariantName, default_value = "chess")]
    variant: Variant,
    /// A datagen file of the variant, text or binary (repeat for more)
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<PathBuf>,
    /// Start from this network file [default: random weights from --seed]
    #[arg(long, value_name = "FILE")]
    init: Option<PathBuf>,
    /// Passes of Adam over the training positions
    #[arg(long, value_name = "N", default_value_t = 20)]
    epochs: usize,
    /// Adam's step size
    #[arg(long, value_name = "R", value_parser = at_least(0.0f32), default_value_t = 0.001)]
    rate: f32,
    /// Positions per Adam step
    #[arg(long, value_name = "N", value_parser = at_least(1usize), default_value_t = 16_384)]
    batch: usize,
    /// The target is (1-L)·result + L·chance of the score, L from 0 to 1
    #[arg(long, value_name = "L", value_parser = between(0.0f32, 1.0), default_value_t = 0.5)]
    lambda: f32,
    /// Seed of the random weights and of the order of the positions
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Threads, 1 to 256 [default: one a core]
    #[arg(long, value_name = "T", value_parser = between(1usize, MAX_THREADS))]
    threads: Option<usize>,
    /// The network file to write (the format of eval/nets/chess.fnn)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Runs `feerie tune-net` with `args`; returns the exit code.
pub fn run(args: TuneNetArgs) -> Result<i32, String> {
    Ok(exit_code_on_threads(threads(args.threads), || {
        args.variant.dispatch(&args)
    }))
}

impl VariantVisitor for &TuneNetArgs {
    type Output = Result<i32, String>;
    fn visit<V: VariantSpec>(self) -> Result<i32, String> {
        train_and_write::<V::Rules>(self, V::NAME)
    }
}

/// Trains the network and writes it; returns the exit code.
fn train_and_write<P: Position>(r: &TuneNetArgs, variant: &str) -> Result<i32, String> {
    check_writable(&r.out)?;
    let clock = Instant::now();
    let settings = settings(r);
    // Read first: a bad starting network is refused before minutes of reading data.
    let start = match &r.init {
        Some(path) => FloatNet::from_network(&Network::from_file(path).map_err(|e| e.to_string())?),
        None => FloatNet::random(r.seed),
    };
    let mut all = Vec::new();
    for path in &r.data {
        let data = read_data(path, Some(variant)).map_err(|e| e.to_string())?;
        if let Some(note) = data.note() {
            crate::note!("tune-net: {note}");
        }
        let read = samples::<P>(&data.name, &data.text, r.lambda);
        all.extend(read.map_err(|e| data.locate(e).to_string())?);
    }
    let (mut training, validation) = split(all);
    if training.is_empty() || validation.is_empty() {
        return Err("too few positions: at least 640 are needed (one in ten is held out)".into());
    }
    crate::note!(
        "tune-net: {} training and {} validation positions read in {:.1} s",
        training.len(),
        validation.len(),
        clock.elapsed().as_secs_f64()
    );
    stop_signals::catch();
    let mut finished = 0;
    let net = train(
        start,
        &mut training,
        &validation,
        &settings,
        &stop_signals::STOP,
        |epoch, t, v| {
            finished = epoch;
            crate::note!(
                "epoch {epoch}/{}: train {t:.6}, validation {v:.6} ({:.0} s)",
                r.epochs,
                clock.elapsed().as_secs_f64()
            )
        },
    );
    let stopped = stop_signals::stopped_by();
    if let Some((signal, status)) = stopped {
        if finished == 0 {
            crate::note!("tune-net: stopped by {signal} before an epoch ended: nothing written");
            return Ok(status);
        }
        crate::note!(
            "tune-net: stopped by {signal} after epoch {finished} of {}",
            r.epochs
        );
    }
    let integers = net.quantize();
    crate::note!(
        "tune-net: kept the network of validation loss {:.6} ({:.6} rounded to the \
         integers it plays with)",
        loss(&net, &validation),
        loss(&FloatNet::from_network(&integers), &validation)
    );
    std::fs::write(&r.out, integers.to_bytes()).map_err(|e| format!("{}: {e}", r.out.display()))?;
    crate::note!("tune-net: network written to {}", r.out.display());
    Ok(stopped.map_or(0, |(_, status)| status))
}

fn settings(args: &TuneNetArgs) -> NetSettings {
    NetSettings {
        epochs: args.epochs,
        rate: args.rate,
        batch: args.batch,
        seed: args.seed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;

    fn args_of(words: &str) -> Result<TuneNetArgs, String> {
        parse(words.split_whitespace())
    }

    #[test]
    fn flags_are_read_and_bad_ones_refused() {
        let r = args_of(
            "--data a.data --data b.data --init old.fnn --epochs 5 --rate 0.01 --batch 4096 \
             --lambda 0.25 --seed 7 --threads 2 --out n.fnn",
        )
        .unwrap();
        assert_eq!(r.variant, Variant::Chess);
        assert_eq!(r.data, [PathBuf::from("a.data"), PathBuf::from("b.data")]);
        assert_eq!(r.init, Some(PathBuf::from("old.fnn")));
        assert_eq!(
            settings(&r),
            NetSettings {
                epochs: 5,
                rate: 0.01,
                batch: 4096,
                seed: 7
            }
        );
        assert_eq!(
            (r.lambda, r.threads, r.out),
            (0.25, Some(2), PathBuf::from("n.fnn"))
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
            assert!(args_of(bad).is_err(), "{bad}");
        }
        let r = args_of("--variant reverse-einstein --data a.data --out n.fnn").unwrap();
        assert_eq!(r.variant, Variant::ReverseEinstein);
    }
}
