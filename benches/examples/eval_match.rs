//! EinsteinEval against ChessEval (plain chess knowledge) on the Einstein variants, both
//! on the same search at a fixed node budget per move, every opening with both colours.
//!
//! `cargo run --release -p feerie-benches --example eval_match -- <variant|all> <games>
//! [nodes] [seed]`: variant is einstein, reverse-einstein, anti-einstein or all; games
//! is rounded up to an even number (each opening twice).

use feerie_benches::eval_match::{play_match, Game, MatchConfig};
use feerie_eval::weights::einstein::EinsteinVariant;
use feerie_eval::{ChessEval, EinsteinEval};
use feerie_movegen::einstein::{Anti, EinsteinPosition, Reverse, Standard};
use feerie_movegen::Position;
use feerie_search::SearchPolicy;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const VARIANTS: [&str; 3] = ["einstein", "reverse-einstein", "anti-einstein"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: eval_match <einstein|reverse-einstein|anti-einstein|all> <games> [nodes] [seed]";
    let (Some(which), Some(Ok(games))) = (args.first(), args.get(1).map(|g| g.parse::<usize>()))
    else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let mut config = MatchConfig {
        openings: games.div_ceil(2).max(1),
        ..MatchConfig::default()
    };
    if let Some(n) = args.get(2) {
        config.nodes = n.parse().expect("nodes: a number");
    }
    if let Some(s) = args.get(3) {
        config.seed = s.parse().expect("seed: a number");
    }
    let chosen: Vec<&str> = if which == "all" {
        VARIANTS.to_vec()
    } else if VARIANTS.contains(&which.as_str()) {
        vec![which.as_str()]
    } else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    println!(
        "EinsteinEval vs ChessEval: {} games per variant, {} nodes per move, {} random opening plies, seed {}, draw after {} plies",
        2 * config.openings,
        config.nodes,
        config.opening_plies,
        config.seed,
        config.max_plies
    );
    for name in chosen {
        match name {
            "einstein" => run::<Standard>(name, &config),
            "reverse-einstein" => run::<Reverse>(name, &config),
            _ => run::<Anti>(name, &config),
        }
    }
    ExitCode::SUCCESS
}

/// Plays one variant's match and prints W-L-D from EinsteinEval's point of view.
fn run<M: EinsteinVariant>(name: &str, config: &MatchConfig)
where
    EinsteinPosition<M>: SearchPolicy,
    ChessEval: feerie_eval::Evaluator<EinsteinPosition<M>>,
{
    let start = Instant::now();
    let progress = |g: &Game<<EinsteinPosition<M> as Position>::Move>| {
        let mark = match g.a_score {
            s if s > 0.5 => '+',
            s if s < 0.5 => '-',
            _ => '=',
        };
        eprint!("{mark}");
        let _ = std::io::stderr().flush();
    };
    let r = play_match::<EinsteinPosition<M>, _, _>(
        config,
        EinsteinEval::default(),
        ChessEval::default(),
        progress,
    );
    eprintln!();
    let plies: usize = r.games.iter().map(|g| g.moves.len()).sum();
    let endings: Vec<String> = r
        .endings()
        .iter()
        .map(|(e, n)| format!("{} {n}", e.describe()))
        .collect();
    println!(
        "{name}: W-L-D {}-{}-{}, score {:.1}% ({} games, {:.0} plies/game, {:.0}s; {})",
        r.wins,
        r.losses,
        r.draws,
        r.score_percent(),
        r.games.len(),
        plies as f64 / r.games.len() as f64,
        start.elapsed().as_secs_f64(),
        endings.join(", ")
    );
}
