//! The lines of an analysis, read from the engine's `info` lines and turned to what the
//! page shows: scores and win/draw/loss chances from White's point of view (the eval
//! bar's), moves in notation.

use super::board::Board;
use feerie_match::uci_client::{ReportedScore, parse_score};
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
    /// Chances in per mille, White's view: White wins, draw, Black wins; `None` when
    /// the engine gives none (`wdl W D L` with `UCI_ShowWDL`).
    pub wdl: Option<[u32; 3]>,
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
        wdl: None,
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
            "wdl" => line.wdl = chances(&mut words),
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
    if side == Color::Black {
        line.wdl = line.wdl.map(|[w, d, l]| [l, d, w]);
    }
    Some(line)
}

/// The three numbers after `wdl` (side to move's view), or `None` when they are not
/// three numbers with some chance in them (the page divides by their sum). Words that
/// are not numbers are left to be read: a short `wdl` does not swallow the `pv`.
fn chances<'a, I: Iterator<Item = &'a str> + Clone>(words: &mut I) -> Option<[u32; 3]> {
    let mut ahead = words.clone();
    let mut per_mille = [0; 3];
    for chance in &mut per_mille {
        *chance = ahead.next()?.parse().ok()?;
    }
    *words = ahead;
    (per_mille.iter().sum::<u32>() > 0).then_some(per_mille)
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
        let text = "info depth 6 seldepth 12 multipv 2 score cp -12 wdl 80 870 50 nodes 12082 nps 2525501 hashfull 6 time 4 pv b8c6 b1c3 e1e5";
        let mut lines = Lines::default();
        lines.update(parse_info(text, Color::Black).unwrap());
        let line = lines.current(2, black_to_move.as_ref()).remove(0);
        assert_eq!(line.multipv, 2);
        assert_eq!((line.depth, line.seldepth), (6, 12));
        assert_eq!(line.score, Score::Cp(12));
        // Black's 8% to win is White's 8% to lose.
        assert_eq!(line.wdl, Some([50, 870, 80]));
        assert_eq!((line.nodes, line.nps, line.time_ms), (12082, 2525501, 4));
        assert_eq!(line.pv, ["b8c6", "b1c3", "e1e5"]);
        assert_eq!(line.pv_text, ["Nc6", "Nc3"]);
        let mate = parse_info("info depth 3 score mate -2 pv b8c6", Color::Black).unwrap();
        assert_eq!(
            (mate.multipv, mate.score, mate.wdl),
            (1, Score::Mate(2), None)
        );
        assert_eq!(
            serde_json::to_value(mate.score).unwrap(),
            serde_json::json!({"mate": 2})
        );
    }

    #[test]
    fn chances_stay_whites_and_bad_ones_are_dropped() {
        let white = parse_info(
            "info depth 4 score cp 40 wdl 300 600 100 pv e2e4",
            Color::White,
        );
        assert_eq!(white.unwrap().wdl, Some([300, 600, 100]));
        let serialized = serde_json::to_value(
            parse_info("info depth 1 score cp 0 pv e2e4", Color::White).unwrap(),
        )
        .unwrap();
        assert_eq!(serialized["wdl"], serde_json::Value::Null);
        for text in [
            "info depth 4 score cp 40 wdl 300 600 pv e2e4",
            "info depth 4 score cp 40 wdl 300 x 100 pv e2e4",
            "info depth 4 score cp 40 wdl 0 0 0 pv e2e4",
            "info depth 4 score cp 40 wdl -1 500 501 pv e2e4",
        ] {
            let line = parse_info(text, Color::White).expect(text);
            assert_eq!((line.wdl, line.score), (None, Score::Cp(40)), "{text}");
        }
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
