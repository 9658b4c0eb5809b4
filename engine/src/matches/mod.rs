//! `feerie match`: engine-vs-engine matches in any variant Feerie knows, with Feerie's
//! own rules as the referee.

pub mod args;
pub mod clock;
pub mod game;
pub mod notation;
pub mod openings;
pub mod pgn;
pub mod runner;
pub mod stats;
pub mod uci_client;

use feerie_eval::Evaluator;
use feerie_movegen::Position;
use feerie_search::{Limits, Score, Searcher, Signals};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C (and by an SPRT verdict): no new games start, running ones are
/// abandoned, and the results so far are reported.
static STOP: AtomicBool = AtomicBool::new(false);

/// Runs `feerie match ARGS`; returns the process exit code.
pub fn main(args: &[String]) -> i32 {
    let cfg = match args::parse(args) {
        Ok(cfg) => cfg,
        Err(e) => {
            eprintln!("feerie: {e}\n{}", args::USAGE);
            return 2;
        }
    };
    let Some(variant) = Variant::from_name(&cfg.variant) else {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        eprintln!(
            "feerie: unknown variant '{}' (known: {})",
            cfg.variant,
            known.join(", ")
        );
        return 2;
    };
    let handler = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            // A second Ctrl-C: leave at once.
            std::process::exit(130);
        }
        eprintln!("\nStopping: finishing with the results so far (Ctrl-C again to quit now)");
    });
    if let Err(e) = handler {
        eprintln!("feerie: warning: cannot catch Ctrl-C: {e}");
    }
    variant.dispatch(MatchRun { cfg: &cfg })
}

struct MatchRun<'a> {
    cfg: &'a runner::MatchConfig,
}

impl VariantVisitor for MatchRun<'_> {
    type Output = i32;

    fn visit<V: VariantSpec>(self) -> i32 {
        let evaluate = |pos: &V::Rules| opening_score::<V::Rules, V::Eval>(pos);
        let mut stdout = crate::out::QuietStdout;
        match runner::run_match::<V::Rules>(self.cfg, &evaluate, &STOP, &mut stdout) {
            Ok(summary) => {
                crate::out::print_stdout(&runner::report(self.cfg, &summary));
                0
            }
            Err(e) => {
                eprintln!("feerie: {e}");
                1
            }
        }
    }
}

/// Nodes for the balance check of a generated opening.
const OPENING_NODES: u64 = 20_000;

/// A short search's score of an opening candidate, side to move's view.
fn opening_score<P: Position, E: Evaluator<P>>(pos: &P) -> i32 {
    let mut searcher = Searcher::<P, E>::new(1, E::default());
    let limits = Limits {
        nodes: Some(OPENING_NODES),
        ..Limits::default()
    };
    let result = searcher.search(pos, &limits, &Signals::default(), &mut |_| {});
    match result.score {
        Score::Cp(cp) => cp,
        Score::Mate(m) if m > 0 => 30_000,
        Score::Mate(_) => -30_000,
    }
}
