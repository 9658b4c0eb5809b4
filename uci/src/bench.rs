//! `bench`: a fixed search workload per variant. Its node count changes only when the
//! search or evaluation changes, which makes it a quick "did behaviour change?" check.

use crate::out::Out;
use crate::report::{BenchReport, print_bench_summary};
use crate::session::Session;

/// Runs the bench of `session`'s variant and prints the summary lines.
pub fn run(session: &mut dyn Session, depth: u32, out: &Out) -> BenchReport {
    let report = session.bench(depth, out);
    print_bench_summary(session.variant(), depth, &report, out);
    report
}
