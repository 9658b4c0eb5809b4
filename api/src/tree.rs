//! A game's tree of moves as the page sends and gets it with PGN (docs/gui-api.md,
//! "A tree of moves"): a line is a list of moves, each with its comments, NAGs and
//! variations (the other lines from the position before it).

use feerie_match::notation;
use feerie_match::pgn::PgnMove;
use feerie_movegen::Position;
use serde::{Deserialize, Serialize};

/// One move of a line, in canonical notation.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TreeMove {
    pub uci: String,
    /// The comment after the move.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// A comment before it (a line's opening comment).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment_before: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Lines played instead of this move, from the position before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<TreeMove>>,
}

/// The tree of a replayed PGN game (its texts canonical moves).
pub fn from_pgn(line: Vec<PgnMove>) -> Vec<TreeMove> {
    line.into_iter()
        .map(|m| TreeMove {
            uci: m.text,
            comment: m.after,
            comment_before: m.before,
            nags: m.nags,
            variations: m.variations.into_iter().map(from_pgn).collect(),
        })
        .collect()
}

/// How many moves the tree holds, its variations included.
pub fn size(line: &[TreeMove]) -> usize {
    line.iter()
        .map(|m| 1 + m.variations.iter().map(|v| size(v)).sum::<usize>())
        .sum()
}

/// `line` played from `start`, each move written as its PGN token (SAN in chess): the
/// movetext of an export. An error names the move that is not legal (`move N` counts
/// the plies from the start) and the variation it is in.
pub fn to_pgn<P: Position>(start: &P, line: &[TreeMove]) -> Result<Vec<PgnMove>, String> {
    tokens(start.clone(), line, 0)
}

fn tokens<P: Position>(mut pos: P, line: &[TreeMove], ply: usize) -> Result<Vec<PgnMove>, String> {
    let mut out = Vec::with_capacity(line.len());
    for (i, m) in line.iter().enumerate() {
        let ply = ply + i;
        let mut variations = Vec::with_capacity(m.variations.len());
        for v in &m.variations {
            let inner = tokens(pos.clone(), v, ply).map_err(|e| {
                let first = v.first().map_or("", |f| f.uci.as_str());
                format!("in the variation from move {} '{first}': {e}", ply + 1)
            })?;
            variations.push(inner);
        }
        let mv = pos
            .parse_move(&m.uci)
            .map_err(|_| format!("move {} '{}' is not legal", ply + 1, m.uci))?;
        out.push(PgnMove {
            text: notation::move_text(&pos, mv),
            before: m.comment_before.clone(),
            after: m.comment.clone(),
            nags: m.nags.clone(),
            variations,
        });
        pos.play(mv);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::text::{pgn_export, pgn_import};
    use serde_json::{Value, json};

    fn value(text: &str) -> Value {
        serde_json::from_str(text).expect("JSON text")
    }

    /// Imports `pgn`, exports the game's tree, imports that again: the same game.
    fn round_trip(pgn: &str) -> (Value, String) {
        let first = value(&pgn_import(&json!({ "pgn": pgn }).to_string()));
        let game = &first["games"][0];
        assert!(game.is_object(), "{first}");
        let request = json!({
            "variant": game["variant"], "fen": game["fen"], "line": game["line"],
            "white": game["white"], "black": game["black"], "result": game["result"],
            "tags": game["tags"],
        });
        let exported = value(&pgn_export(&request.to_string()));
        let text = exported["pgn"]
            .as_str()
            .unwrap_or_else(|| panic!("{exported}"));
        let second = value(&pgn_import(&json!({ "pgn": text }).to_string()));
        // The same game; the export adds the tags it always writes (Site, Date...).
        for key in [
            "variant", "fen", "moves", "line", "white", "black", "result",
        ] {
            assert_eq!(second["games"][0][key], game[key], "{key}: {text}");
        }
        (game.clone(), text.to_string())
    }

    #[test]
    fn a_chess_study_keeps_its_variations_comments_nags_and_tags() {
        let pgn = "[Event \"Study\"]\n[White \"A\"]\n[Black \"B\"]\n[Annotator \"me\"]\n\n\
            {Start.} 1. e4 e5 2. Nf3 (2. f4!? exf4 (2... d5 {Falkbeer}) 3. Nf3) 2... Nc6 \
            3. Bb5 {Spanish} a6 $1 4. Ba4 (4. Bxc6 dxc6 (4... bxc6?)) 4... Nf6 1-0\n";
        let (game, text) = round_trip(pgn);
        assert_eq!(
            game["moves"],
            json!([
                "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"
            ])
        );
        assert_eq!(game["line"][0]["comment_before"], "Start.");
        assert_eq!(
            game["line"][2]["variations"][0][0],
            json!({"uci": "f2f4", "nags": [5]})
        );
        assert_eq!(
            game["line"][2]["variations"][0][1]["variations"][0][0],
            json!({"uci": "d7d5", "comment": "Falkbeer"})
        );
        assert_eq!(game["line"][4]["comment"], "Spanish");
        assert_eq!(
            game["line"][6]["variations"][0][1]["variations"][0][0],
            json!({"uci": "b7c6", "nags": [2]})
        );
        assert_eq!(
            game["tags"],
            json!([["Event", "Study"], ["Annotator", "me"]])
        );
        let flat = text.replace('\n', " ");
        assert!(
            flat.contains("2. Nf3 (2. f4 $5 exf4 (2... d5 {Falkbeer}) 3. Nf3) 2... Nc6"),
            "{text}"
        );
        assert!(flat.contains("[PlyCount \"8\"]"), "{text}");
    }

    #[test]
    fn an_augsburg_study_round_trips_with_its_tokens() {
        let pgn = "[Variant \"augsburg\"]\n\n1. e2e4 (1. d2d4 {queen's pawn} d7d5) 1... e7e5 \
            (1... c7c5 $2) 2. g1f3 *";
        let (game, text) = round_trip(pgn);
        assert_eq!(game["variant"], "augsburg");
        assert_eq!(
            game["line"][0]["variations"][0][0]["comment"],
            "queen's pawn"
        );
        assert_eq!(game["line"][1]["variations"][0][0]["nags"], json!([2]));
        assert!(
            text.replace('\n', " ").contains(
                "1. e2e4 (1. d2d4 {queen's pawn} 1... d7d5) 1... e7e5 (1... c7c5 $2) 2. g1f3"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_bad_move_in_a_variation_is_named_both_ways() {
        let answer = value(&pgn_import(
            &json!({"pgn": "1. e4 e5 (1... e4 2. d4) *"}).to_string(),
        ));
        assert_eq!(
            answer["error"],
            "game 1 (? - ?, round ?): in the variation 1... e4: move 1... e4: 'e4' is not a legal move"
        );
        let line = json!([{"uci": "e2e4"}, {"uci": "e7e5", "variations": [[{"uci": "c7c5"}, {"uci": "e4e6"}]]}]);
        let answer = value(&pgn_export(
            &json!({"variant": "chess", "line": line}).to_string(),
        ));
        assert_eq!(
            answer["error"],
            "in the variation from move 2 'c7c5': move 3 'e4e6' is not legal"
        );
        let answer = value(&pgn_export(
            &json!({"variant": "chess", "moves": ["e2e4"], "line": []}).to_string(),
        ));
        assert_eq!(
            answer["error"],
            "the game is given twice: send its moves or its line, not both"
        );
        let answer = value(&pgn_export(
            &json!({"variant": "chess", "line": [{"uci": "e2e4", "nag": [1]}]}).to_string(),
        ));
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("unknown field `nag`"),
            "{answer}"
        );
    }
}
