//! `bench`: a fixed search workload per variant. Its node count changes only when the
//! search or evaluation changes, which makes it a quick "did behaviour change?" check.

use crate::out::Out;
use crate::session::{BenchReport, Session};
use feerie_variants::Variant;

/// Runs the bench of `session`'s variant and prints the summary lines.
pub fn run(session: &mut dyn Session, depth: u32, out: &Out) -> BenchReport {
    let report = session.bench(depth, out);
    print_summary(session.variant(), depth, &report, out);
    report
}

/// The lines after the positions: variant, depth, time, nodes and speed.
pub fn print_summary(variant: Variant, depth: u32, report: &BenchReport, out: &Out) {
    let ms = report.elapsed.as_millis().max(1);
    let nps = u128::from(report.nodes) * 1000 / ms;
    out.line("");
    out.line(&format!("Variant: {variant}"));
    out.line(&format!("Depth: {depth}"));
    out.line(&format!("Total time (ms): {ms}"));
    out.line(&format!("Nodes searched: {}", report.nodes));
    out.line(&format!("Nodes/second: {nps}"));
}
