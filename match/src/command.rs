//! `feerie match ARGS`: the parsed arguments checked, the match played for
//! that variant's rules, the report written. Process matters (standard error, exit
//! codes, Ctrl-C) stay with the binary.

use crate::args::{MatchArgs, MatchArgsError};
use crate::book;
use crate::runner::{self, MatchConfig, MatchError, MatchSummary};
use feerie_eval::Evaluator;
use feerie_search::SearchPolicy;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// A match the command line asked for, ready to play.
#[derive(Clone, Debug)]
pub struct MatchCommand {
    cfg: MatchConfig,
    variant: Variant,
}

impl MatchCommand {
    /// The match `args` describe; the error is a usage error.
    pub fn new(args: &MatchArgs) -> Result<MatchCommand, MatchArgsError> {
        Ok(MatchCommand {
            cfg: args.config()?,
            variant: args.variant,
        })
    }

    /// Plays the match, writing a progress line per game and then the closing report to
    /// `out`. Setting `stop` (Ctrl-C) starts no new game, abandons the running ones and
    /// reports the results so far; an SPRT verdict sets it too. The summary says which.
    pub fn run(&self, stop: &AtomicBool, out: &mut dyn Write) -> Result<MatchSummary, MatchError> {
        self.variant.dispatch(MatchRun {
            cfg: &self.cfg,
            stop,
            out,
        })
    }
}

struct MatchRun<'a> {
    cfg: &'a MatchConfig,
    stop: &'a AtomicBool,
    out: &'a mut dyn Write,
}

impl VariantVisitor for MatchRun<'_> {
    type Output = Result<MatchSummary, MatchError>;

    fn visit<V: VariantSpec>(self) -> Result<MatchSummary, MatchError> {
        let evaluate = |pos: &V::Rules| opening_score::<V::Rules, V::Eval>(pos);
        let summary = runner::run_match::<V::Rules>(self.cfg, &evaluate, self.stop, self.out)?;
        let report = runner::report(self.cfg, &summary);
        // Like the progress lines: a closed output is the writer's business, not an error.
        let _ = self.out.write_all(report.as_bytes());
        let _ = self.out.flush();
        Ok(summary)
    }
}

/// Nodes for the balance check of a generated opening.
const OPENING_NODES: u64 = 20_000;

/// A short search's score of an opening candidate, side to move's view.
fn opening_score<P: SearchPolicy, E: Evaluator<P>>(pos: &P) -> i32 {
    book::search_score::<P, E>(pos, OPENING_NODES)
}
