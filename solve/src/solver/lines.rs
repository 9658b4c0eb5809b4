//! Help and series play from the diagram: every solution as a line of moves, and the
//! set play of help play.

use super::first_moves::{Visit, for_each_first_move};
use super::searcher::{Searcher, Shared};
use crate::notation::{Notation, played_text};
use crate::solution::{Mark, MoveText, Solution};
use crate::stipulation::{Play, Stipulation};
use feerie_movegen::Position;
use std::sync::atomic::Ordering;

/// A line as found: the moves from the diagram, `None` for a pass.
type Line<M> = Vec<Option<M>>;

/// Solves a help or series stipulation; returns the solution and the nodes visited.
pub(crate) fn solve_lines<P: Position>(
    root: &P,
    stipulation: Stipulation,
    set_play: bool,
    shared: &Shared<'_>,
    visit: &Visit<'_>,
) -> (Solution, u64) {
    let mut nodes = 0;
    let mut found: Vec<Line<P::Move>> = Vec::new();
    let mut collect = |f: &(dyn Fn(&mut Searcher<'_, P>) -> bool + Sync)| {
        let (lines, n) = for_each_first_move(root, shared, visit, |s, mv| {
            s.play(mv);
            f(s);
            s.undo();
            Some(std::mem::take(&mut s.lines))
        });
        nodes += n;
        found.extend(lines.into_iter().flatten());
    };
    let series = matches!(stipulation.play, Play::Series | Play::SeriesHelp);
    match stipulation.play {
        Play::Series | Play::SeriesHelp => {
            // Popeye lists the shorter series too, shortest first.
            let help_end = stipulation.play == Play::SeriesHelp;
            for l in 1..=stipulation.moves {
                collect(&|s| s.series_after(l, help_end));
            }
        }
        _ => {
            // Popeye lists the short solutions too (h#1 in an h#2), shortest first.
            let full = help_length(stipulation);
            for k in (2 - full % 2..=full).step_by(2) {
                collect(&|s| s.help_after(k));
            }
        }
    }
    let mut set = Vec::new();
    let has_set_play = matches!(stipulation.play, Play::Help | Play::SeriesHelp);
    if set_play && has_set_play && !root.in_check() {
        // Popeye counts `maxsolutions` for the set play and the play apart; the count
        // left is the larger, so that either cut makes the solution partial.
        let played = shared.found.swap(0, Ordering::Relaxed);
        let mut s = Searcher::new(root.clone(), shared);
        s.play_null();
        if stipulation.play == Play::SeriesHelp {
            // Popeye's set play of a series is what follows it: here the other side's
            // one move to the goal.
            s.help_lines(1);
        } else {
            // The other side starts: one half-move less, short solutions included.
            let set_full = help_length(stipulation) - 1;
            for k in (2 - set_full % 2..=set_full).step_by(2) {
                s.help_lines(k);
            }
        }
        s.undo();
        nodes += s.nodes;
        set = s.lines;
        shared.found.fetch_max(played, Ordering::Relaxed);
    }
    let texts = |lines: Vec<Line<P::Move>>| lines_text(root, &lines, visit, series);
    (
        Solution::Lines {
            set_play: texts(set),
            solutions: texts(found),
        },
        nodes,
    )
}

/// The half-moves of a help play solution: 2n, or 2n + 1 for `h#n.5`.
pub(crate) fn help_length(stipulation: Stipulation) -> u32 {
    2 * stipulation.moves + u32::from(stipulation.half)
}

/// The lines as text, replayed from the diagram. Consecutive lines share long prefixes
/// (they come from a depth-first search), so each line only replays where it differs
/// from the one before. In series play a move in the middle that stalemates the side
/// that does not move is no goal: its mark is dropped.
fn lines_text<P: Position>(
    root: &P,
    lines: &[Line<P::Move>],
    visit: &Visit<'_>,
    series: bool,
) -> Vec<Vec<MoveText>> {
    let mut pos = root.clone();
    // Popeye's notation reads the FENs before and after each move: one FEN per position
    // on the path, made once.
    let popeye = visit.notation == Notation::Popeye;
    let fen = |pos: &P| if popeye { pos.to_fen() } else { String::new() };
    let mut fens = vec![fen(&pos)];
    let mut played: Line<P::Move> = Vec::new();
    let mut texts: Vec<MoveText> = Vec::new();
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let common = played.iter().zip(line).take_while(|(a, b)| a == b).count();
        while played.len() > common {
            if played.pop().flatten().is_some() {
                texts.pop();
            }
            fens.pop();
            pos.undo();
        }
        for &step in &line[common..] {
            match step {
                Some(mv) => pos.play(mv),
                None => pos.play_null(),
            }
            let after = fen(&pos);
            if let Some(mv) = step {
                let before = fens.last().map_or("", String::as_str);
                let pair = popeye.then_some((before, after.as_str()));
                texts.push(played_text(&pos, mv, visit.goal, pair));
            }
            fens.push(after);
            played.push(step);
        }
        let mut text = texts.clone();
        if series {
            let last = text.len().saturating_sub(1);
            for t in &mut text[..last] {
                if matches!(t.mark, Mark::Goal(_)) {
                    t.mark = Mark::None;
                }
            }
        }
        out.push(text);
    }
    out
}
