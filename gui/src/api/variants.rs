//! `GET /api/variants`: what the page offers in its menus.

use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use serde::Serialize;
use std::sync::Arc;

#[derive(Serialize)]
pub struct VariantInfo {
    name: &'static str,
    start_fen: &'static str,
}

#[derive(Serialize)]
pub struct EngineInfo {
    id: usize,
    name: String,
}

#[derive(Serialize)]
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

/// The variants in the order of the `UCI_Variant` option, and the engines by id.
pub async fn list(State(state): State<Arc<AppState>>) -> Json<Variants> {
    Json(Variants {
        variants: Variant::ALL
            .iter()
            .map(|&v| VariantInfo {
                name: v.name(),
                start_fen: v.dispatch(StartFen),
            })
            .collect(),
        engines: state
            .engines
            .iter()
            .enumerate()
            .map(|(id, engine)| EngineInfo {
                id,
                name: engine.name.clone(),
            })
            .collect(),
    })
}
