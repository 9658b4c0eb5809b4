//! The one place that maps each variant to its rules and evaluation types. Adding a
//! variant is one arm in `dispatch`; everything else (UCI sessions, `bench`, `perft`,
//! `feerie match`) reaches the variant's types through it.

use crate::bench;
use crate::options::EngineOptions;
use crate::session::{GameSession, Session};
use feerie_eval::{AugsburgEval, ChessEval, DynamoEval, EinsteinEval, Evaluator};
use feerie_movegen::{AntiEinstein, Augsburg, Chess, Dynamo, Einstein, ReverseEinstein, Variant};
use feerie_search::SearchPolicy;

/// Code that works for any variant, given its rules (with their search policy) and
/// evaluation types.
pub trait VariantVisitor {
    type Output;
    fn visit<P: SearchPolicy, E: Evaluator<P>>(self) -> Self::Output;
}

/// Runs `visitor` with the types of `variant`.
pub fn dispatch<V: VariantVisitor>(variant: Variant, visitor: V) -> V::Output {
    match variant {
        Variant::Chess => visitor.visit::<Chess, ChessEval>(),
        Variant::Dynamo => visitor.visit::<Dynamo, DynamoEval>(),
        Variant::Augsburg => visitor.visit::<Augsburg, AugsburgEval>(),
        Variant::Einstein => visitor.visit::<Einstein, EinsteinEval>(),
        Variant::ReverseEinstein => visitor.visit::<ReverseEinstein, EinsteinEval>(),
        Variant::AntiEinstein => visitor.visit::<AntiEinstein, EinsteinEval>(),
    }
}

/// A fresh game of `variant` at its start position, its searcher set from `options`.
pub fn new_session(variant: Variant, options: &EngineOptions) -> Box<dyn Session> {
    dispatch(variant, NewSession { variant, options })
}

struct NewSession<'a> {
    variant: Variant,
    options: &'a EngineOptions,
}

impl VariantVisitor for NewSession<'_> {
    type Output = Box<dyn Session>;

    fn visit<P: SearchPolicy, E: Evaluator<P>>(self) -> Box<dyn Session> {
        GameSession::<P, E>::boxed(self.variant, self.options, bench::positions(self.variant))
    }
}
