//! The lines of an analysis, read from the engine's `info` lines and turned to what the
//! page shows: scores from White's point of view (the eval bar's), moves in notation.

use super::board::Board;
use feerie_match::uci_client::{parse_score, ReportedScore};
use feerie_movegen::Color;
use serde::Serialize;
use std::collections::BTreeMap;

/// A score for the page: `{"cp": 34}` or `{"mate": -3}`, White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

/// One principal variation as the page receives it (`docs/gui-api.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub multipv: u32,
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
    pub pv_text: Vec<String>,
}

/// The `info` line `text` as a line of the analysis of a position where `side` is to
/// move, when it carries a depth, a score and a PV (other `info` lines, `currmove` and
/// strings, are not lines). Its `pv_text` is left to [`Lines::current`], which writes it
/// only for the lines the page receives.
pub fn parse_info(text: &str, side: Color) -> Option<Line> {
    let mut words = text.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let reported = parse_score(text)?;
    let mut line = Line {
        multipv: 1,
        depth: 0,
        seldepth: 0,
        score: Score::Cp(0),
        nodes: 0,
        nps: 0,
        time_ms: 0,
        pv: Vec::new(),
        pv_text: Vec::new(),
    };
    let mut depth = None;
    while let Some(word) = words.next() {
        let mut number = || words.next().and_then(|n| n.parse::<u64>().ok());
        match word {
            "depth" => depth = number(),
            "seldepth" => line.seldepth = number().unwrap_or(0) as u32,
            "multipv" => line.multipv = number()? as u32,
            "nodes" => line.nodes = number().unwrap_or(0),
            "nps" => line.nps = number().unwrap_or(0),
            "time" => line.time_ms = number().unwrap_or(0),
            // The PV is the rest of the line.
            "pv" => {
                line.pv = words.by_ref().map(str::to_string).collect();
                break;
            }
            _ => {}
        }
    }
    line.depth = depth? as u32;
    if line.pv.is_empty() {
        return None;
    }
    let sign = match side {
        Color::White => 1,
        Color::Black => -1,
    };
    line.score = match reported {
        ReportedScore::Cp(cp) => Score::Cp(sign * cp),
        ReportedScore::Mate(n) => Score::Mate(sign * n),
    };
    Some(line)
}

/// How far the whole search is: from any `info` line with a depth and a node count,
/// including the progress lines an engine prints between two depths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
}

/// The progress an `info` line reports, when it has a depth and a node count.
pub fn parse_progress(text: &str) -> Option<Progress> {
    let mut words = text.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut depth, mut nodes, mut progress) = (None, None, Progress::default());
    while let Some(word) = words.next() {
        let mut number = || words.next().and_then(|n| n.parse::<u64>().ok());
        match word {
            "depth" => depth = number(),
            "nodes" => nodes = number(),
            "nps" => progress.nps = number().unwrap_or(0),
            "time" => progress.time_ms = number().unwrap_or(0),
            "pv" | "string" => break,
            _ => {}
        }
    }
    progress.depth = u32::try_from(depth?).ok()?;
    progress.nodes = nodes?;
    Some(progress)
}

/// The latest line of each `multipv`, sorted.
#[derive(Debug, Default)]
pub struct Lines {
    latest: BTreeMap<u32, Line>,
}

impl Lines {
    pub fn update(&mut self, line: Line) {
        self.latest.insert(line.multipv, line);
    }

    /// The lines, sorted by `multipv`, dropping those beyond `multipv` (an engine
    /// that ignores the option), with their moves written in notation on `board`.
    pub fn current(&self, multipv: u32, board: &dyn Board) -> Vec<Line> {
        let with_text = |line: &Line| Line {
            pv_text: board.line_text(&line.pv),
            ..line.clone()
        };
        self.latest
            .range(1..=multipv)
            .map(|(_, l)| with_text(l))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameSpec;
    use crate::session::board::load;

    fn board(fen: &str) -> Box<dyn Board> {
        load(&GameSpec {
            variant: "chess".into(),
            fen: Some(fen.into()),
            moves: Vec::new(),
        })
        .unwrap()
    }

    #[test]
    fn reads_a_line_with_white_scores_and_notation() {
        let black_to_move = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let text = "info depth 6 seldepth 12 multipv 2 score cp -12 nodes 12082 nps 2525501 hashfull 6 time 4 pv b8c6 b1c3 e1e5";
        let mut lines = Lines::default();
        lines.update(parse_info(text, Color::Black).unwrap());
        let line = lines.current(2, black_to_move.as_ref()).remove(0);
        assert_eq!(line.multipv, 2);
        assert_eq!((line.depth, line.seldepth), (6, 12));
        assert_eq!(line.score, Score::Cp(12));
        assert_eq!((line.nodes, line.nps, line.time_ms), (12082, 2525501, 4));
        assert_eq!(line.pv, ["b8c6", "b1c3", "e1e5"]);
        assert_eq!(line.pv_text, ["Nc6", "Nc3"]);
        let mate = parse_info("info depth 3 score mate -2 pv b8c6", Color::Black).unwrap();
        assert_eq!((mate.multipv, mate.score), (1, Score::Mate(2)));
        assert_eq!(
            serde_json::to_value(mate.score).unwrap(),
            serde_json::json!({"mate": 2})
        );
    }

    #[test]
    fn other_info_lines_are_not_lines() {
        for text in [
            "info string hello",
            "info depth 5 currmove e2e4 currmovenumber 1",
            "info depth 5 score cp 10",
            "info score cp 10 pv e2e4",
            "bestmove e2e4",
        ] {
            assert_eq!(parse_info(text, Color::White), None, "{text}");
        }
    }

    #[test]
    fn progress_comes_from_every_line_with_depth_and_nodes() {
        let between_depths = "info depth 11 nodes 150528 nps 150511 time 1000";
        assert_eq!(
            parse_progress(between_depths),
            Some(Progress {
                depth: 11,
                nodes: 150528,
                nps: 150511,
                time_ms: 1000
            })
        );
        assert_eq!(parse_info(between_depths, Color::White), None);
        let line = "info depth 6 multipv 2 score cp -12 nodes 12082 nps 25 time 4 pv b8c6";
        assert_eq!(parse_progress(line).map(|p| p.nodes), Some(12082));
        for text in [
            "info string depth 3 nodes 4",
            "info depth 5 currmove e2e4",
            "info nodes 9",
        ] {
            assert_eq!(parse_progress(text), None, "{text}");
        }
    }

    #[test]
    fn keeps_the_latest_line_of_each_multipv() {
        let start = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut lines = Lines::default();
        for text in [
            "info depth 1 multipv 2 score cp 5 pv d2d4",
            "info depth 1 multipv 1 score cp 9 pv e2e4",
            "info depth 2 multipv 1 score cp 7 pv g1f3",
            "info depth 2 multipv 3 score cp 1 pv a2a3",
        ] {
            lines.update(parse_info(text, Color::White).unwrap());
        }
        let shown: Vec<_> = lines
            .current(2, start.as_ref())
            .iter()
            .map(|l| l.pv_text[0].clone())
            .collect();
        assert_eq!(shown, ["Nf3", "d4"]);
    }
}
