//! The answer of `POST /api/position`: a game replayed, with a move typed by the user
//! appended, and the final position as the page draws it: board, check, outcome and every
//! legal move with its parts and the position it leads to.

use crate::game::{GameSpec, check_length, result_of};
use crate::{board, parts};
use feerie_match::notation::parse_move_text;
use feerie_movegen::readable::{mark, parse_readable};
use feerie_movegen::{Color, Dynamo, Placement, Position, Readable};
use feerie_variants::{VariantSpec, VariantVisitor};
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::collections::HashMap;

/// A game and, optionally, a move the user typed to play after it.
#[derive(Debug, Deserialize)]
pub struct PositionRequest {
    #[serde(flatten)]
    game: GameSpec,
    /// A move typed by the user: canonical, readable (SAN in chess), or the PGN token.
    #[serde(default)]
    play: Option<String>,
}

/// A move of the game, as the move list shows it.
#[derive(Debug, Serialize)]
pub struct Played {
    uci: String,
    text: String,
    fen: String,
}

/// A legal move of the final position.
#[derive(Debug, Serialize)]
pub struct LegalMove {
    uci: String,
    text: String,
    parts: Vec<parts::Part>,
    /// The squares of the pieces that make the move by their own move (the active
    /// piece of a Dynamo push or pull; several when several can make it).
    movers: Vec<String>,
    fen: String,
}

#[derive(Debug, Serialize)]
pub struct OutcomeView {
    result: &'static str,
    reason: &'static str,
}

/// What the page draws.
#[derive(Debug, Serialize)]
pub struct PositionView {
    variant: String,
    start_fen: String,
    moves: Vec<String>,
    history: Vec<Played>,
    fen: String,
    side: &'static str,
    board: Vec<Option<String>>,
    check: Option<String>,
    outcome: Option<OutcomeView>,
    legal: Vec<LegalMove>,
}

/// The position `request` asks for, or the reason it is refused in words.
pub fn position(request: PositionRequest) -> Result<PositionView, String> {
    check_length(request.game.moves.len())?;
    request.game.variant()?.dispatch(request)
}

impl VariantVisitor for PositionRequest {
    type Output = Result<PositionView, String>;
    fn visit<V: VariantSpec>(self) -> Self::Output {
        view::<V::Rules>(&self.game, self.play.as_deref())
    }
}

/// The move the user typed as `text`: canonical first, then the readable text (SAN in
/// chess) or the PGN token; none once the game is over.
fn typed_move<P: Readable>(pos: &P, text: &str) -> Result<P::Move, String> {
    if let Some(outcome) = pos.outcome() {
        return Err(format!(
            "the game is over ({}): no move can be played",
            outcome.describe()
        ));
    }
    let text = text.trim();
    pos.parse_move(text)
        .or_else(|_| parse_readable(pos, text))
        .or_else(|_| parse_move_text(pos, text).map_err(|_| ()))
        .map_err(|_| format!("'{text}' is not a legal move"))
}

fn view<P: Readable>(game: &GameSpec, play: Option<&str>) -> Result<PositionView, String> {
    let start_fen = game.start::<P>()?.to_fen();
    let mut history = Vec::with_capacity(game.moves.len() + 1);
    // The text's body is written before the move, its check mark after it.
    let mut before = |pos: &P, mv: P::Move| (mv.to_string(), pos.readable_body(mv));
    let mut after = |(uci, body): (String, String), pos: &P| {
        history.push(Played {
            uci,
            text: body + mark(pos),
            fen: pos.to_fen(),
        })
    };
    let mut pos = game.replay_with(&mut before, &mut after)?;
    if let Some(text) = play {
        let mv = typed_move(&pos, text)?;
        let seen = before(&pos, mv);
        pos.play(mv);
        after(seen, &pos);
    }

    let fen = pos.to_fen();
    let side = pos.side_to_move();
    let outcome = pos.outcome();
    let check = pos
        .in_check()
        .then(|| pos.board().king(side))
        .flatten()
        .map(|king| king.to_string());
    let legal = match outcome {
        Some(_) => Vec::new(),
        None => legal_moves(&mut pos),
    };
    Ok(PositionView {
        variant: game.variant.clone(),
        start_fen,
        moves: history.iter().map(|m| m.uci.clone()).collect(),
        history,
        board: board::squares(fen.split(' ').next().unwrap_or_default()),
        fen,
        side: match side {
            Color::White => "w",
            Color::Black => "b",
        },
        check,
        outcome: outcome.map(|o| OutcomeView {
            result: result_of(o, side).as_str(),
            reason: o.describe(),
        }),
        legal,
    })
}

/// Every legal move with its parts and the FEN after it; each move is played and taken
/// back on the one position (no copy of the game's history per move).
fn legal_moves<P: Readable>(pos: &mut P) -> Vec<LegalMove> {
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let dynamo_ways = dynamo_ways(pos);
    moves
        .iter()
        .map(|&mv| {
            let uci = mv.to_string();
            let body = pos.readable_body(mv);
            let parts = parts::parts(&uci);
            let movers = match &dynamo_ways {
                Some(ways) => ways.get(&uci).cloned().unwrap_or_default(),
                None => parts.iter().take(1).map(|p| p.from.clone()).collect(),
            };
            pos.play(mv);
            let text = body + mark(pos);
            let fen = pos.to_fen();
            pos.undo();
            LegalMove {
                parts,
                movers,
                uci,
                text,
                fen,
            }
        })
        .collect()
}

/// In Dynamo, the squares of the pieces of the side to move that make each move (by its
/// canonical string) as the active piece, since a move string does not say which piece
/// pushes or pulls; `None` in the other variants, where a move's piece is the one on its
/// from-square.
fn dynamo_ways<P: Position>(pos: &P) -> Option<HashMap<String, Vec<String>>> {
    let pos = (pos as &dyn Any).downcast_ref::<Dynamo>()?;
    let mut movers: HashMap<String, Vec<String>> = HashMap::new();
    for sq in pos.board().color(pos.side_to_move()) {
        for way in pos.ways_of(sq) {
            let list = movers.entry(way.to_string()).or_default();
            if !list.contains(&sq.to_string()) {
                list.push(sq.to_string());
            }
        }
    }
    Some(movers)
}
