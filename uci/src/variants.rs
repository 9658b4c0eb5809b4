//! A new UCI session for a variant, from its description in `feerie-variants`.

use crate::options::EngineOptions;
use crate::session::{GameSession, Session};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};

/// A fresh game of `variant` at its start position, its searcher set from `options`.
pub fn new_session(variant: Variant, options: &EngineOptions) -> Box<dyn Session> {
    variant.dispatch(NewSession { variant, options })
}

struct NewSession<'a> {
    variant: Variant,
    options: &'a EngineOptions,
}

impl VariantVisitor for NewSession<'_> {
    type Output = Box<dyn Session>;

    fn visit<V: VariantSpec>(self) -> Box<dyn Session> {
        GameSession::<V::Rules, V::Eval>::boxed(self.variant, self.options, V::BENCH_FENS, V::WDL)
    }
}
