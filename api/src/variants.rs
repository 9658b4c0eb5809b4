//! The answer of `GET /api/variants`: what the page offers in its menus.

use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct VariantInfo {
    name: &'static str,
    start_fen: &'static str,
}

#[derive(Debug, Serialize)]
pub struct EngineInfo {
    id: usize,
    name: String,
}

/// The variants and the engines the page may choose from.
#[derive(Debug, Serialize)]
pub struct Variants {
    variants: Vec<VariantInfo>,
    engines: Vec<EngineInfo>,
}

struct StartFen;
impl VariantVisitor for StartFen {
    type Output = &'static str;
    fn visit<V: VariantSpec>(self) -> Self::Output {
        <V::Rules as Position>::START_FEN
    }
}

/// The variants in the order of the `UCI_Variant` option, and `engines` (their names)
/// by id, counted from 0.
pub fn variants<'a>(engines: impl IntoIterator<Item = &'a str>) -> Variants {
    Variants {
        variants: Variant::ALL
            .iter()
            .map(|&v| VariantInfo {
                name: v.name(),
                start_fen: v.dispatch(StartFen),
            })
            .collect(),
        engines: engines
            .into_iter()
            .enumerate()
            .map(|(id, name)| EngineInfo {
                id,
                name: name.to_string(),
            })
            .collect(),
    }
}
