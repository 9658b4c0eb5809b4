//! Direct and self play from the diagram: keys, tries and set play.

use super::battle::Battle;
use super::first_moves::{Visit, for_each_first_move};
use super::searcher::{Searcher, Shared};
use super::tree::Show;
use crate::problem::SolveOptions;
use crate::solution::{Attack, Defence, Solution, Threat};
use feerie_movegen::Position;

/// A first move that is a key or a try.
enum Found {
    Key(Attack),
    Try(Attack),
}

/// Solves a direct or self play stipulation of `n` moves; returns the solution, the
/// nodes visited and whether `maxsolutions` cut the keys.
pub(crate) fn solve_battle<P: Position>(
    root: &P,
    show: Show,
    n: u32,
    options: &SolveOptions,
    shared: &Shared<'_>,
    visit: &Visit<'_>,
) -> (Solution, u64, bool) {
    let (mut found, mut nodes) = for_each_first_move(root, shared, visit, |s, mv| {
        first_move(s, show, mv, n, options)
    });
    // Popeye's `maxsolutions` counts keys and tries alike, in the order of the moves.
    let mut partial = false;
    if let Some(max) = options.max_solutions {
        partial = found.len() >= max;
        found.truncate(max);
    }
    let mut keys = Vec::new();
    let mut tries = Vec::new();
    for f in found {
        match f {
            Found::Key(a) => keys.push(a),
            Found::Try(a) => tries.push(a),
        }
    }
    let mut set_play = Vec::new();
    if options.set_play && !root.in_check() {
        let mut s = Searcher::new(root.clone(), shared);
        set_play = set_play_of(&mut s, show, n);
        nodes += s.nodes;
    }
    (
        Solution::Battle {
            set_play,
            keys,
            tries,
        },
        nodes,
        partial,
    )
}

/// Is the first move `mv` a key, a try (with `try`), or neither?
fn first_move<P: Position>(
    s: &mut Searcher<'_, P>,
    show: Show,
    mv: P::Move,
    n: u32,
    options: &SolveOptions,
) -> Option<Found> {
    if s.attack_move_wins(show.battle, mv, n) {
        return Some(Found::Key(s.attack_tree(show, mv, n)));
    }
    // Popeye shows no tries in a direct #1 or =1.
    if !options.tries || (show.battle == Battle::Direct && n == 1) {
        return None;
    }
    let limit = options.defence.max(1) as usize;
    let text = s.text(mv, show.notation);
    s.play(mv);
    let replies = s.moves();
    let mut refuting = Vec::new();
    for &reply in replies.iter() {
        if !s.reply_loses(show.battle, reply, n - 1) {
            refuting.push(reply);
            if refuting.len() > limit {
                break;
            }
        }
    }
    let refutations = refuting.iter().map(|&r| s.text(r, show.notation)).collect();
    s.undo();
    if refuting.is_empty() || refuting.len() > limit {
        return None;
    }
    Some(Found::Try(if show.deep {
        s.attack_tree(show, mv, n)
    } else {
        Attack {
            mv: text,
            threat: Threat::None,
            defences: Vec::new(),
            refutations,
        }
    }))
}

/// The defender moving first in the diagram: each move after which the attacker still
/// wins within `n - 1` moves, with those wins. In self play a defence that reaches the
/// goal at once is set play only when every defence does (as in the tree, see `tree`).
fn set_play_of<P: Position>(s: &mut Searcher<'_, P>, show: Show, n: u32) -> Vec<Defence> {
    s.play_null();
    let forced = show.battle == Battle::SelfPlay && s.forced_to_goal();
    let replies = s.moves();
    let mut set = Vec::new();
    for &reply in replies.iter() {
        match s.reply_length(show.battle, reply, n - 1) {
            Some(0) if forced => set.push(s.defence_tree(show, reply, 0)),
            Some(length) if length > 0 && !forced => set.push(s.defence_tree(show, reply, length)),
            _ => {}
        }
    }
    s.undo();
    set
}
