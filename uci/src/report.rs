//! Formatting the search's reports as UCI lines, and the totals of `bench`. Written by
//! hand: the lines are short and vampirc-uci would only add a dependency (and knows
//! nothing of fairy move strings).

use crate::out::Out;
use feerie_search::{Bound, Info, Score};
use feerie_variants::Variant;
use std::fmt::{Display, Write};
use std::time::Duration;

/// `cp N` or `mate N`.
pub fn score(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// One `info ...` line for a search report, with `wdl W D L` (per mille, side to move's
/// view) after the score when `chances` are given (`UCI_ShowWDL`).
pub fn info<M: Display>(info: &Info<M>, chances: Option<[u32; 3]>) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score(info.score)
    );
    match info.bound {
        Bound::Exact => {}
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
    }
    if let Some([w, d, l]) = chances {
        let _ = write!(line, " wdl {w} {d} {l}");
    }
    let _ = write!(
        line,
        " nodes {} nps {} hashfull {} time {}",
        info.nodes, info.nps, info.hashfull, info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            let _ = write!(line, " {mv}");
        }
    }
    line
}

/// `bestmove X [ponder Y]`, or `bestmove (none)` when there is no legal move.
pub fn bestmove<M: Display>(best: Option<M>, ponder: Option<M>) -> String {
    match (best, ponder) {
        (None, _) => "bestmove (none)".to_string(),
        (Some(b), None) => format!("bestmove {b}"),
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
    }
}

/// Result of a bench run.
#[derive(Clone, Copy, Debug, Default)]
pub struct BenchReport {
    pub positions: usize,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The lines after the bench positions: variant, depth, time, nodes and speed.
pub fn print_bench_summary(variant: Variant, depth: u32, report: &BenchReport, out: &Out) {
    let ms = report.elapsed.as_millis().max(1);
    let nps = u128::from(report.nodes) * 1000 / ms;
    out.line("");
    out.line(&format!("Variant: {variant}"));
    out.line(&format!("Depth: {depth}"));
    out.line(&format!("Total time (ms): {ms}"));
    out.line(&format!("Nodes searched: {}", report.nodes));
    out.line(&format!("Nodes/second: {nps}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_line_has_every_field_in_uci_order() {
        let i = Info {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: Score::Mate(-3),
            bound: Bound::Lower,
            nodes: 1234,
            nps: 100_000,
            hashfull: 12,
            time_ms: 12,
            pv: vec!["e2e4", "c6f6/e6g6"],
        };
        assert_eq!(
            info(&i, None),
            "info depth 5 seldepth 9 multipv 1 score mate -3 lowerbound nodes 1234 \
             nps 100000 hashfull 12 time 12 pv e2e4 c6f6/e6g6"
        );
        assert_eq!(
            info(&i, Some([0, 0, 1000])),
            "info depth 5 seldepth 9 multipv 1 score mate -3 lowerbound wdl 0 0 1000 \
             nodes 1234 nps 100000 hashfull 12 time 12 pv e2e4 c6f6/e6g6"
        );
    }

    #[test]
    fn bestmove_lines() {
        assert_eq!(bestmove::<&str>(None, None), "bestmove (none)");
        assert_eq!(bestmove(Some("e2e4"), None), "bestmove e2e4");
        assert_eq!(
            bestmove(Some("e2e4"), Some("e7e5")),
            "bestmove e2e4 ponder e7e5"
        );
        assert_eq!(score(Score::Cp(-15)), "cp -15");
    }
}
