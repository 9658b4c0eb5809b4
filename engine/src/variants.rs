//! The one place that maps each variant to its rules and evaluation types. Adding a
//! variant is one arm in `dispatch`.

use feerie_eval::Evaluator;
use feerie_movegen::{Chess, Position, Variant};

/// Code that works for any variant, given its rules and evaluation types.
pub trait VariantVisitor {
    type Output;
    fn visit<P: Position, E: Evaluator<P>>(self) -> Self::Output;
}

/// Runs `visitor` with the types of `variant`.
pub fn dispatch<V: VariantVisitor>(variant: Variant, visitor: V) -> V::Output {
    match variant {
        Variant::Chess => visitor.visit::<Chess, MaterialPlaceholder>(),
    }
}

/// Temporary evaluator until the chess evaluation lands.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaterialPlaceholder;

impl Evaluator<Chess> for MaterialPlaceholder {
    fn evaluate(&self, _pos: &Chess) -> i32 {
        0
    }
}
