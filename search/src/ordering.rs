//! Move ordering: the TT move, then noisy moves by the variant's `noisy_score`, then
//! killers, then noisy moves expected to lose material (`noisy_gain` < 0), then quiet
//! moves by history. A branching factor of several hundred (Dynamo) makes the first few
//! picks count: a self-removal is not noisy, so it is ordered with the quiet moves.
//! Moves are scored once and picked lazily (selection sort), since a cutoff usually
//! comes before most moves are looked at. For the same reason a noisy move's exchange
//! estimate is computed only when the move comes up (`Picker::next`). Each move comes
//! with its `Stage`, which pruning and reductions ask about.

use crate::params::HISTORY_MAX;
use crate::policy::{HISTORY_SIZE, SearchPolicy};
use crate::value::MAX_PLY;

const TT_MOVE: i32 = 2_000_000_000;
const NOISY: i32 = 1_000_000_000;
const KILLER_1: i32 = 900_000_000;
const KILLER_2: i32 = 899_999_999;
/// Noisy moves expected to lose material (`SearchPolicy::noisy_gain` < 0): after the
/// killers, before the quiet moves.
const LOSING_NOISY: i32 = 500_000_000;

/// Where in the order a move comes, by what put it there: the search prunes and
/// reduces by it (a killer is spared futility pruning, a losing noisy move may be
/// reduced like a quiet one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The transposition table's move.
    TtMove,
    /// A noisy move not expected to lose material, by `noisy_score`.
    GoodNoisy,
    /// One of the ply's two killers (always a quiet move: a noisy one is ordered as such).
    Killer,
    /// A noisy move expected to lose material (`noisy_gain` < 0), by how much.
    LosingNoisy,
    /// Any other quiet move, by history.
    Quiet,
}

impl Stage {
    /// The stage a score from [`score_moves`] (or a demotion by `Picker::next`) stands
    /// for: the bands lie far apart, a quiet move's history within +-`HISTORY_MAX`.
    #[inline]
    fn of(score: i32) -> Stage {
        if score == TT_MOVE {
            Stage::TtMove
        } else if score > KILLER_1 {
            Stage::GoodNoisy
        } else if score >= KILLER_2 {
            Stage::Killer
        } else if score > HISTORY_MAX {
            Stage::LosingNoisy
        } else {
            Stage::Quiet
        }
    }
}

/// Butterfly history: how often a quiet move caused a cutoff, per `history_index`.
#[derive(Debug, Clone)]
pub struct History {
    table: Vec<i32>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: vec![0; HISTORY_SIZE],
        }
    }
}

impl History {
    #[inline]
    pub fn get(&self, index: usize) -> i32 {
        self.table[index]
    }

    /// Adds `bonus` (negative for a malus), shrinking as the value nears the bound so
    /// old statistics fade and values never overflow.
    #[inline]
    pub fn update(&mut self, index: usize, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let v = &mut self.table[index];
        *v += bonus - *v * bonus.abs() / HISTORY_MAX;
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|v| *v = 0);
    }

    /// Halves everything between searches: recent games matter more.
    pub fn age(&mut self) {
        self.table.iter_mut().for_each(|v| *v /= 2);
    }
}

/// Two killer moves per ply: quiet moves that caused a cutoff at the same depth.
#[derive(Debug, Clone)]
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + PartialEq> Default for Killers<M> {
    fn default() -> Self {
        Killers {
            slots: vec![[None; 2]; MAX_PLY + 2],
        }
    }
}

impl<M: Copy + PartialEq> Killers<M> {
    #[inline]
    pub fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.slots[ply]
    }

    #[inline]
    pub fn add(&mut self, ply: usize, mv: M) {
        let s = &mut self.slots[ply];
        if s[0] != Some(mv) {
            s[1] = s[0];
            s[0] = Some(mv);
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = [None; 2]);
    }
}

/// Scores every move of `moves` into `scores` (same order). Noisy moves are all scored
/// as if they won or broke even: `Picker::next` moves those expected to lose
/// down when it reaches them.
pub fn score_moves<P: SearchPolicy>(
    pos: &P,
    moves: &[P::Move],
    tt_move: Option<P::Move>,
    killers: [Option<P::Move>; 2],
    history: &History,
    scores: &mut Vec<i32>,
) {
    scores.clear();
    scores.extend(moves.iter().map(|&mv| {
        if Some(mv) == tt_move {
            TT_MOVE
        } else if pos.is_noisy(mv) {
            NOISY + pos.noisy_score(mv)
        } else if Some(mv) == killers[0] {
            KILLER_1
        } else if Some(mv) == killers[1] {
            KILLER_2
        } else {
            history.get(pos.history_index(mv))
        }
    }));
}

/// Yields moves best-score first, each with its stage, swapping each pick to the front
/// of the unvisited part.
#[derive(Debug, Default)]
pub struct Picker {
    next: usize,
}

impl Picker {
    /// The next move by score, where a noisy move expected to lose material
    /// (`noisy_gain` < 0) is found out when it comes up: it drops among the losing
    /// noisy moves and the pick goes on. The order is the one scoring every exchange
    /// first would give, without the exchanges of the moves a cutoff leaves unseen.
    #[inline]
    pub fn next<P: SearchPolicy>(
        &mut self,
        pos: &P,
        moves: &mut [P::Move],
        scores: &mut [i32],
    ) -> Option<(P::Move, Stage)> {
        loop {
            let best = self.best(scores)?;
            let stage = Stage::of(scores[best]);
            if stage == Stage::GoodNoisy {
                if let Some(gain) = pos.noisy_gain(moves[best]).filter(|&g| g < 0) {
                    scores[best] = LOSING_NOISY + gain;
                    continue;
                }
            }
            return Some((self.take(moves, scores, best), stage));
        }
    }

    /// The index of the best score not yet picked (the first of equals).
    #[inline]
    fn best(&self, scores: &[i32]) -> Option<usize> {
        let start = self.next;
        if start >= scores.len() {
            return None;
        }
        let mut best = start;
        for i in start + 1..scores.len() {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        Some(best)
    }

    /// Swaps the move at `best` to the front of the unvisited part and yields it.
    #[inline]
    fn take<M: Copy>(&mut self, moves: &mut [M], scores: &mut [i32], best: usize) -> M {
        let start = self.next;
        moves.swap(start, best);
        scores.swap(start, best);
        self.next += 1;
        moves[start]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::{Chess, Position};
    use std::collections::HashSet;

    /// Perft whose moves come through the picker (with a TT move, killers and some
    /// history in play): it must count exactly what plain generation counts.
    fn picker_perft(pos: &mut Chess, depth: u32, history: &History) -> u64 {
        let mut moves = <Chess as Position>::MoveList::default();
        pos.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let tt_move = moves.get(moves.len() / 2).copied();
        let killers = [moves.last().copied(), moves.first().copied()];
        let mut scores = Vec::new();
        score_moves(pos, &moves, tt_move, killers, history, &mut scores);
        let mut picker = Picker::default();
        let mut seen = HashSet::new();
        let mut total = 0;
        let mut prev = i32::MAX;
        while let Some((mv, _)) = picker.next(pos, &mut moves, &mut scores) {
            assert!(seen.insert(mv), "{mv} picked twice");
            let s = scores[picker.next - 1];
            assert!(s <= prev, "picked out of order");
            prev = s;
            pos.play(mv);
            total += picker_perft(pos, depth - 1, history);
            pos.undo();
        }
        assert_eq!(seen.len(), moves.len());
        total
    }

    #[test]
    fn picker_yields_every_legal_move_once() {
        let mut history = History::default();
        for i in 0..HISTORY_SIZE {
            history.update(i, (i as i32 * 7919) % 3000 - 1500);
        }
        let fens = [
            (feerie_movegen::chess::START_FEN, 3),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
        ];
        for (fen, depth) in fens {
            let mut pos = Chess::from_fen(fen).unwrap();
            let expected = feerie_movegen::perft(&mut pos.clone(), depth);
            assert_eq!(picker_perft(&mut pos, depth, &history), expected, "{fen}");
        }
    }

    #[test]
    fn history_stays_bounded() {
        let mut h = History::default();
        for _ in 0..10_000 {
            h.update(5, 4000);
        }
        assert!(h.get(5) <= HISTORY_MAX && h.get(5) > HISTORY_MAX / 2);
        for _ in 0..10_000 {
            h.update(5, -4000);
        }
        assert!(h.get(5) >= -HISTORY_MAX && h.get(5) < 0);
    }

    #[test]
    fn ordering_puts_tt_move_then_captures_first() {
        // White can capture the queen on d5 with the pawn or the knight.
        let pos = Chess::from_fen("4k3/8/8/3q4/4P3/2N5/8/4K3 w - - 0 1").unwrap();
        let mut moves = <Chess as Position>::MoveList::default();
        pos.legal_moves(&mut moves);
        let tt = pos.parse_move("e1f1").unwrap();
        let mut scores = Vec::new();
        score_moves(
            &pos,
            &moves,
            Some(tt),
            [None; 2],
            &History::default(),
            &mut scores,
        );
        let mut picker = Picker::default();
        let mut next = || {
            let (mv, stage) = picker.next(&pos, &mut moves, &mut scores).unwrap();
            (mv.to_string(), stage)
        };
        assert_eq!(next(), ("e1f1".to_string(), Stage::TtMove));
        assert_eq!(next(), ("e4d5".to_string(), Stage::GoodNoisy));
        assert_eq!(next(), ("c3d5".to_string(), Stage::GoodNoisy));
    }

    #[test]
    fn dynamo_orders_winning_removals_first_and_sacrifices_late() {
        use feerie_movegen::Dynamo;
        // The rook on d5 can push the knight a5 off and stay (safe), or follow to a5
        // where the rook on a8 pushes it off (losing), or exit the board by itself.
        let pos = Dynamo::from_fen("r3k3/1P6/8/n2R4/8/8/8/4K3 w - - 0 1").unwrap();
        let mut moves = <Dynamo as Position>::MoveList::default();
        pos.legal_moves(&mut moves);
        let mv = |s: &str| pos.parse_move(s).unwrap();
        let killer = mv("d5d4");
        let mut scores = Vec::new();
        score_moves(
            &pos,
            &moves,
            None,
            [Some(killer), None],
            &History::default(),
            &mut scores,
        );
        let mut picker = Picker::default();
        let mut order = Vec::new();
        while let Some((m, _)) = picker.next(&pos, &mut moves, &mut scores) {
            order.push(m);
        }
        let at = |m| order.iter().position(|&x| x == m).unwrap();
        let k = at(killer);
        assert!(
            order[..k]
                .iter()
                .all(|&m| pos.is_noisy(m) && pos.noisy_gain(m).unwrap() >= 0)
        );
        assert!(at(mv("a5E")) < k);
        assert!(at(mv("a5E/d5a5")) > k);
        assert!(at(mv("d5E")) > k);
        assert!(at(mv("a5E/d5E")) > k);
    }

    /// Kiwipete's legal moves and their scores, with a2a3 a killer and g2g3's history
    /// raised by each of `g2g3_bonuses`: captures that win, break even and lose, a
    /// killer, and a quiet move with history.
    fn scored_kiwipete(g2g3_bonuses: &[i32]) -> (Chess, <Chess as Position>::MoveList, Vec<i32>) {
        let pos =
            Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let mut moves = <Chess as Position>::MoveList::default();
        pos.legal_moves(&mut moves);
        let killers = [pos.parse_move("a2a3").ok(), None];
        let mut history = History::default();
        let g2g3 = pos.history_index(pos.parse_move("g2g3").unwrap());
        for &bonus in g2g3_bonuses {
            history.update(g2g3, bonus);
        }
        let mut scores = Vec::new();
        score_moves(&pos, &moves, None, killers, &history, &mut scores);
        (pos, moves, scores)
    }

    /// Finding losing exchanges as they come up orders the moves exactly as scoring
    /// every exchange first does (selection sort, first of equals), in a position
    /// with captures that win, break even and lose.
    #[test]
    fn late_exchange_checks_keep_the_order_of_early_ones() {
        let (pos, mut moves, mut scores) = scored_kiwipete(&[900]);
        let mut eager: Vec<(i32, _)> = Vec::new();
        for (&mv, &score) in moves.iter().zip(&scores) {
            let exchange = pos.noisy_gain(mv).filter(|&g| pos.is_noisy(mv) && g < 0);
            eager.push((exchange.map_or(score, |g| LOSING_NOISY + g), mv));
        }
        let mut expected = Vec::new();
        while !eager.is_empty() {
            let best = (0..eager.len())
                .reduce(|b, i| if eager[i].0 > eager[b].0 { i } else { b })
                .unwrap();
            expected.push(eager[best].1);
            eager.swap(0, best);
            eager.remove(0);
        }
        let mut picker = Picker::default();
        let mut order = Vec::new();
        while let Some((mv, _)) = picker.next(&pos, &mut moves, &mut scores) {
            order.push(mv);
        }
        let losing = order
            .iter()
            .filter(|&&m| matches!(pos.noisy_gain(m), Some(g) if pos.is_noisy(m) && g < 0))
            .count();
        assert!(losing > 0 && losing < order.len() - 1, "{order:?}");
        assert_eq!(order, expected);
    }

    /// The stage each move is yielded with tells the killer, the noisy moves that win
    /// or break even, those expected to lose material, and the other quiet moves, the
    /// one with the best history included.
    #[test]
    fn yielded_stages_tell_what_ordered_each_move() {
        let (pos, mut moves, mut scores) = scored_kiwipete(&[HISTORY_MAX; 100]);
        let killer = pos.parse_move("a2a3").unwrap();
        let mut picker = Picker::default();
        let mut seen = Vec::new();
        while let Some((mv, stage)) = picker.next(&pos, &mut moves, &mut scores) {
            let expected = match pos.noisy_gain(mv) {
                Some(g) if pos.is_noisy(mv) && g < 0 => Stage::LosingNoisy,
                _ if pos.is_noisy(mv) => Stage::GoodNoisy,
                _ if mv == killer => Stage::Killer,
                _ => Stage::Quiet,
            };
            assert_eq!(stage, expected, "{mv}");
            seen.push(stage);
        }
        for stage in [
            Stage::GoodNoisy,
            Stage::Killer,
            Stage::LosingNoisy,
            Stage::Quiet,
        ] {
            assert!(seen.contains(&stage), "{stage:?}");
        }
    }
}
