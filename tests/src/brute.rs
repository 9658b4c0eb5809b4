//! A brute-force problem solver, written apart from `feerie-solve` so that each checks
//! the other: plain minimax over `Position::legal_moves`, no hash table, no move
//! ordering, no pruning beyond stopping an `all`/`any` at its first decided move.
//! It knows direct (`#n`, `=n`), help (`h#n`, `h=n`) and self play (`s#n`, `s=n`).
//!
//! The answer of a problem is a set of strings: for direct and self play every key as
//! its UCI string, for help play every solution as its UCI moves joined by spaces, in
//! the order played (defender first).
//!
//! Short solutions count, as Popeye counts them: a key of #2 or s#2 may reach the goal
//! in one, and an h#2 lists the solutions of h#1 too (Popeye prints them, a cook to
//! composers; `tests/data/solve/popeye_random.txt` shows it).

use feerie_movegen::Position;
use feerie_solve::{Goal, Play, Stipulation};
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use std::collections::BTreeSet;

/// Keys (direct, self play) or solution lines (help play) of `stipulation` in the
/// position `fen` of `variant`, whose side to move is the stipulation's first mover.
pub fn solve(
    variant: Variant,
    fen: &str,
    stipulation: Stipulation,
) -> Result<BTreeSet<String>, String> {
    variant.dispatch(Brute { fen, stipulation })
}

/// `solve` for one variant's rules.
pub fn solve_position<P: Position>(
    position: &P,
    stipulation: Stipulation,
) -> Result<BTreeSet<String>, String> {
    if stipulation.half {
        return Err(format!("{stipulation}: the brute force has no h#n.5"));
    }
    let n = stipulation.moves;
    let goal = stipulation.goal;
    let mut pos = position.clone();
    let mut answers = BTreeSet::new();
    match stipulation.play {
        Play::Direct => {
            for mv in legal(&pos) {
                pos.play(mv);
                if defender_loses(&mut pos, goal, n - 1) {
                    answers.insert(mv.to_string());
                }
                pos.undo();
            }
        }
        Play::SelfPlay => {
            for mv in legal(&pos) {
                pos.play(mv);
                if defender_forced(&mut pos, goal, n) {
                    answers.insert(mv.to_string());
                }
                pos.undo();
            }
        }
        Play::Help => {
            for moves in 1..=n {
                help_lines(&mut pos, goal, 2 * moves, &mut Vec::new(), &mut answers);
            }
        }
        Play::Series | Play::SeriesHelp => {
            return Err(format!("{stipulation}: the brute force has no series play"));
        }
    }
    Ok(answers)
}

struct Brute<'a> {
    fen: &'a str,
    stipulation: Stipulation,
}

impl VariantVisitor for Brute<'_> {
    type Output = Result<BTreeSet<String>, String>;
    fn visit<V: VariantSpec>(self) -> Self::Output {
        let pos = V::Rules::from_fen(self.fen).map_err(|e| format!("{}: {e}", self.fen))?;
        solve_position(&pos, self.stipulation)
    }
}

/// Every legal move of the side to move.
fn legal<P: Position>(pos: &P) -> Vec<P::Move> {
    let mut list = P::MoveList::default();
    pos.legal_moves(&mut list);
    list.to_vec()
}

/// True when the side to move suffers `goal`: no legal move, and in check for mate,
/// not in check for stalemate.
pub fn goal_reached<P: Position>(pos: &P, goal: Goal) -> bool {
    pos.in_check() == (goal == Goal::Mate) && legal(pos).is_empty()
}

/// Direct play, the defender to move, the attacker having `left` moves: true when the
/// goal is reached now or forced against every defence. A defender with no move and
/// not at the goal escapes.
fn defender_loses<P: Position>(pos: &mut P, goal: Goal, left: u32) -> bool {
    let moves = legal(pos);
    if moves.is_empty() {
        return pos.in_check() == (goal == Goal::Mate);
    }
    left > 0
        && moves.into_iter().all(|mv| {
            pos.play(mv);
            let lost = legal(pos).into_iter().any(|answer| {
                pos.play(answer);
                let lost = defender_loses(pos, goal, left - 1);
                pos.undo();
                lost
            });
            pos.undo();
            lost
        })
}

/// Self play, the defender to move after an attacker's move, `left` >= 1 moves of the
/// stipulation counting this one: true when the defender has a move and each of its
/// moves either reaches the goal against the attacker or lets the attacker force it
/// again in `left - 1`.
fn defender_forced<P: Position>(pos: &mut P, goal: Goal, left: u32) -> bool {
    let moves = legal(pos);
    !moves.is_empty()
        && moves.into_iter().all(|mv| {
            pos.play(mv);
            let forced = goal_reached(pos, goal)
                || (left > 1
                    && legal(pos).into_iter().any(|answer| {
                        pos.play(answer);
                        let forced = defender_forced(pos, goal, left - 1);
                        pos.undo();
                        forced
                    }));
            pos.undo();
            forced
        })
}

/// Help play: every sequence of exactly `plies` half-moves from here whose last move
/// reaches the goal, added to `lines` as text after the moves already in `played`.
fn help_lines<P: Position>(
    pos: &mut P,
    goal: Goal,
    plies: u32,
    played: &mut Vec<String>,
    lines: &mut BTreeSet<String>,
) {
    for mv in legal(pos) {
        pos.play(mv);
        played.push(mv.to_string());
        if plies == 1 {
            if goal_reached(pos, goal) {
                lines.insert(played.join(" "));
            }
        } else {
            help_lines(pos, goal, plies - 1, played, lines);
        }
        played.pop();
        pos.undo();
    }
}
