//! The answers of `POST /api/pgn/export` and `/api/pgn/import`: games in the PGN of
//! docs/pgn.md, written and read by `feerie_match::pgn`, the moves checked against the
//! rules both ways.

use crate::game::{GameSpec, check_length};
use crate::tags;
use crate::tree::{self, TreeMove};
use feerie_match::notation;
use feerie_match::pgn::{GameRecord, GameResult, ParsedGame, PgnMove, parse_pgn};
use feerie_match::runner::today;
use feerie_movegen::Position;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use serde::{Deserialize, Serialize};

fn unknown_player() -> String {
    "?".to_string()
}

/// A game to write as PGN, with the tags the page knows and those it carries from an
/// imported game.
#[derive(Debug, Deserialize)]
pub struct ExportRequest {
    #[serde(flatten)]
    game: GameSpec,
    #[serde(default = "unknown_player")]
    white: String,
    #[serde(default = "unknown_player")]
    black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (the default).
    #[serde(default)]
    result: Option<String>,
    /// Why the game ended, when the page knows; else the `Termination` of `tags`, if any.
    #[serde(default)]
    termination: Option<String>,
    /// The other tags of an imported game, in its order (`tags` of [`ImportedGame`]).
    #[serde(default)]
    tags: Vec<(String, String)>,
    /// The whole tree (variations, comments, NAGs) in place of `moves`.
    #[serde(default)]
    line: Option<Vec<TreeMove>>,
}

#[derive(Debug, Serialize)]
pub struct Exported {
    pgn: String,
}

/// The PGN of the game `request` describes, or the reason it is refused.
pub fn export(request: &ExportRequest) -> Result<Exported, String> {
    check_length(request.game.moves.len())?;
    if let Some(line) = &request.line {
        if !request.game.moves.is_empty() {
            return Err("the game is given twice: send its moves or its line, not both".into());
        }
        check_length(tree::size(line))?;
    }
    let pgn = request.game.variant()?.dispatch(request)?;
    Ok(Exported { pgn })
}

impl VariantVisitor for &ExportRequest {
    type Output = Result<String, String>;
    fn visit<V: VariantSpec>(self) -> Self::Output {
        let result = match self.result.as_deref() {
            None => GameResult::Unfinished,
            Some(text) => GameResult::parse(text)
                .ok_or_else(|| format!("result '{text}' is not one of 1-0, 0-1, 1/2-1/2, *"))?,
        };
        let carried = tags::carried(&self.tags)?;
        let start_pos = self.game.start::<V::Rules>()?;
        let start = start_pos.to_fen();
        let standard_start = start == V::Rules::startpos().to_fen();
        let line = match &self.line {
            Some(line) => tree::to_pgn(&start_pos, line)?,
            None => {
                let mut moves = Vec::with_capacity(self.game.moves.len());
                self.game.replay_with::<V::Rules, _>(
                    |pos, mv| moves.push(PgnMove::new(&notation::move_text(pos, mv))),
                    |(), _| {},
                )?;
                moves
            }
        };
        let termination = self.termination.clone().filter(|t| !t.is_empty());
        let record = GameRecord {
            event: carried.event.unwrap_or_else(|| "Casual game".to_string()),
            site: carried.site.unwrap_or_else(|| "feerie gui".to_string()),
            date: carried.date.unwrap_or_else(today),
            round: carried.round.unwrap_or_else(|| "-".to_string()),
            white: self.white.clone(),
            black: self.black.clone(),
            extra_tags: carried.extra,
            variant: V::NAME.to_string(),
            fen: (!standard_start).then_some(start),
            time_control: carried.time_control.unwrap_or_else(|| "-".to_string()),
            moves: Vec::new(),
            result,
            termination: termination.or(carried.termination).unwrap_or_default(),
            reason: String::new(),
        };
        Ok(record.to_pgn_with(&line))
    }
}

/// PGN text of one game or more.
#[derive(Debug, Deserialize)]
pub struct ImportRequest {
    pgn: String,
}

#[derive(Debug, Serialize)]
pub struct ImportedGame {
    variant: &'static str,
    fen: Option<String>,
    moves: Vec<String>,
    white: String,
    black: String,
    result: &'static str,
    /// The whole tree: `moves` with the variations, comments and NAGs.
    line: Vec<TreeMove>,
    /// The other tags, in the PGN's order (all but the players, the result, `Variant`,
    /// `FEN`, `SetUp` and `PlyCount`): what an export of the game writes back.
    tags: Vec<(String, String)>,
}

#[derive(Debug, Serialize)]
pub struct Imported {
    games: Vec<ImportedGame>,
}

/// The games of `request`'s PGN text, their moves checked, or the first reason one is
/// refused.
pub fn import(request: &ImportRequest) -> Result<Imported, String> {
    let parsed = parse_pgn(&request.pgn).map_err(|e| e.to_string())?;
    if parsed.is_empty() {
        return Err("the text holds no PGN game".to_string());
    }
    let games = parsed
        .iter()
        .enumerate()
        .map(|(i, game)| import_game(game, i + 1))
        .collect::<Result<_, _>>()?;
    Ok(Imported { games })
}

/// The variant of a game's `Variant` tag (none, or `Standard`, is chess).
fn variant_of(game: &ParsedGame, number: usize) -> Result<Variant, String> {
    match game.tag("Variant") {
        None => Ok(Variant::Chess),
        Some(name) if name.eq_ignore_ascii_case("standard") => Ok(Variant::Chess),
        Some(name) => Variant::from_name(name)
            .ok_or_else(|| format!("{}: unknown variant '{name}'", game.label(number))),
    }
}

fn import_game(game: &ParsedGame, number: usize) -> Result<ImportedGame, String> {
    check_length(game.moves.len()).map_err(|e| format!("{}: {e}", game.label(number)))?;
    let variant = variant_of(game, number)?;
    let line = variant.dispatch(Replay { game, number })?;
    check_length(tree::size(&line)).map_err(|e| format!("{}: {e}", game.label(number)))?;
    let moves = line.iter().map(|m| m.uci.clone()).collect();
    let tag = |key| game.tag(key).unwrap_or("?").to_string();
    let result = game
        .result
        .or_else(|| game.tag("Result").and_then(GameResult::parse))
        .unwrap_or(GameResult::Unfinished);
    Ok(ImportedGame {
        variant: variant.name(),
        fen: game.tag("FEN").map(str::to_string),
        moves,
        white: tag("White"),
        black: tag("Black"),
        result: result.as_str(),
        line,
        tags: tags::kept(&game.tags),
    })
}

/// The tree of a parsed game in canonical moves, checked against the rules.
struct Replay<'a> {
    game: &'a ParsedGame,
    number: usize,
}

impl VariantVisitor for Replay<'_> {
    type Output = Result<Vec<TreeMove>, String>;
    fn visit<V: VariantSpec>(self) -> Self::Output {
        let line = (self.game)
            .replay_lines::<V::Rules>(V::NAME, self.number)
            .map_err(|e| e.to_string())?;
        Ok(tree::from_pgn(line))
    }
}
