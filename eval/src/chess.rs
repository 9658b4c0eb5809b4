//! Orthodox evaluation: material plus piece-square tables, blended between middlegame
//! and endgame values by the remaining material. It reads only the placement, so it
//! scores any position whose `Position::Board` is the orthodox [`Board`]: chess, and the
//! Einstein variants as a chess-minded baseline. The weights are in
//! `weights::chess::Weights`.

use crate::weights::chess::Weights;
use crate::Evaluator;
use feerie_movegen::board::Board;
use feerie_movegen::{Color, PieceKind, Position};

/// Material and table value of each (colour, kind, square), summed once when the
/// evaluator is built so evaluation is one lookup per piece. Index:
/// `[colour][kind][square]`, White's view.
#[derive(Clone, Debug)]
struct Tables {
    mg: [[[i32; 64]; 6]; 2],
    eg: [[[i32; 64]; 6]; 2],
}

const fn build_tables(w: &Weights) -> Tables {
    let mut t = Tables {
        mg: [[[0; 64]; 6]; 2],
        eg: [[[0; 64]; 6]; 2],
    };
    let mut kind = 0;
    while kind < 6 {
        let mut sq = 0;
        while sq < 64 {
            // Tables list rank 8 first: White on `sq` reads row `sq ^ 56`; Black reads the
            // mirrored square, which is `sq` itself, and counts negatively.
            let white = sq ^ 56;
            t.mg[0][kind][sq] = w.material_mg[kind] + w.pst_mg[kind][white];
            t.eg[0][kind][sq] = w.material_eg[kind] + w.pst_eg[kind][white];
            t.mg[1][kind][sq] = -(w.material_mg[kind] + w.pst_mg[kind][sq]);
            t.eg[1][kind][sq] = -(w.material_eg[kind] + w.pst_eg[kind][sq]);
            sq += 1;
        }
        kind += 1;
    }
    t
}

/// `FRONT_SPAN[colour][sq]`: the squares ahead of a pawn on `sq` on its own and the
/// neighbouring files. No enemy pawn there means the pawn is passed.
static FRONT_SPAN: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let files = ADJACENT_FILES[file] | (FILE_A << file);
        // Ranks strictly above (White) or below (Black) the pawn.
        let above = if rank == 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        };
        let below = (1u64 << (8 * rank)) - 1;
        t[0][sq] = files & above;
        t[1][sq] = files & below;
        sq += 1;
    }
    t
};

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The files either side of each file.
static ADJACENT_FILES: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            t[f] |= FILE_A << (f - 1);
        }
        if f < 7 {
            t[f] |= FILE_A << (f + 1);
        }
        f += 1;
    }
    t
};

/// Pawn structure (passed, isolated, doubled) for `color`, as (mg, eg), positive good.
fn pawn_structure(w: &Weights, ours: u64, theirs: u64, color: Color) -> (i32, i32) {
    let (mut mg, mut eg) = (0, 0);
    let mut bb = ours;
    while bb != 0 {
        let sq = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        if FRONT_SPAN[color.index()][sq] & theirs == 0 {
            let rel = color.relative_rank((sq / 8) as u8) as usize;
            mg += w.passed_mg[rel];
            eg += w.passed_eg[rel];
        }
        if ADJACENT_FILES[sq % 8] & ours == 0 {
            mg -= w.isolated_mg;
            eg -= w.isolated_eg;
        }
    }
    for file in 0..8 {
        let n = (ours & (FILE_A << file)).count_ones() as i32;
        if n > 1 {
            mg -= (n - 1) * w.doubled_mg;
            eg -= (n - 1) * w.doubled_eg;
        }
    }
    (mg, eg)
}

/// The tables of the default weights, summed at compile time.
static DEFAULT_TABLES: Tables = build_tables(&Weights::DEFAULT);

/// The orthodox evaluator: its weights and the tables summed from them.
#[derive(Clone, Debug)]
pub struct ChessEval {
    weights: Weights,
    /// `None` for the default weights, whose tables are `DEFAULT_TABLES`.
    tables: Option<Box<Tables>>,
}

impl Default for ChessEval {
    fn default() -> ChessEval {
        ChessEval::new(Weights::DEFAULT)
    }
}

impl ChessEval {
    pub fn new(weights: Weights) -> ChessEval {
        let tables = (weights != Weights::DEFAULT).then(|| Box::new(build_tables(&weights)));
        ChessEval { weights, tables }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Score of a placement from White's point of view, before the side-to-move flip
    /// and tempo.
    pub fn white_score(&self, board: &Board) -> i32 {
        // The default weights are constants, so the compiler folds them into this
        // path (1.3% fewer instructions per chess bench node than reading them);
        // other weights take the same code reading them from the evaluator.
        match &self.tables {
            None => white_score(&Weights::DEFAULT, &DEFAULT_TABLES, board),
            Some(tables) => white_score(&self.weights, tables, board),
        }
    }
}

/// `ChessEval::white_score` with weights `w` and their tables.
#[inline(always)]
fn white_score(w: &Weights, tables: &Tables, board: &Board) -> i32 {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    let mut non_pawn = [0; 2];
    let mut pawns = [0; 2];
    for color in Color::BOTH {
        let c = color.index();
        for kind in PieceKind::ALL {
            let k = kind.index();
            let bb = board.pieces(color, kind);
            let n = bb.count() as i32;
            phase += n * w.phase_weight[k];
            if kind == PieceKind::Pawn {
                pawns[c] = n;
            } else if kind != PieceKind::King {
                non_pawn[c] += n * w.material_eg[k];
            }
            for sq in bb {
                mg += tables.mg[c][k][sq.index()];
                eg += tables.eg[c][k][sq.index()];
            }
        }
        if board.pieces(color, PieceKind::Bishop).more_than_one() {
            let sign = if color == Color::White { 1 } else { -1 };
            mg += sign * w.bishop_pair_mg;
            eg += sign * w.bishop_pair_eg;
        }
    }
    let white_pawns = board.pieces(Color::White, PieceKind::Pawn).0;
    let black_pawns = board.pieces(Color::Black, PieceKind::Pawn).0;
    let (wm, we) = pawn_structure(w, white_pawns, black_pawns, Color::White);
    let (bm, be) = pawn_structure(w, black_pawns, white_pawns, Color::Black);
    mg += wm - bm;
    eg += we - be;

    let phase = phase.min(w.phase_total);
    let mut score = (mg * phase + eg * (w.phase_total - phase)) / w.phase_total;

    // A side without pawns and with at most a minor piece cannot win: pull the
    // score towards a draw so the search does not trade into such endings hoping.
    let strong = if score > 0 { 0 } else { 1 };
    if pawns[strong] == 0 && non_pawn[strong] <= w.material_eg[PieceKind::Bishop.index()] {
        score /= 16;
    }
    score
}

impl<P: Position<Board = Board>> Evaluator<P> for ChessEval {
    #[inline]
    fn evaluate(&self, pos: &P) -> i32 {
        let s = self.white_score(pos.board());
        let s = if pos.side_to_move() == Color::White {
            s
        } else {
            -s
        };
        s + self.weights.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::{AntiEinstein, Chess, Einstein, ReverseEinstein};

    fn eval(fen: &str) -> i32 {
        ChessEval::default().evaluate(&Chess::from_fen(fen).unwrap())
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(
            eval(feerie_movegen::chess::START_FEN),
            Weights::DEFAULT.tempo
        );
    }

    #[test]
    fn symmetric_under_colour_flip() {
        // The same position with colours swapped and the board mirrored must score the
        // same for the side to move.
        let a = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(a, b);
    }

    #[test]
    fn extra_material_counts() {
        // White is a queen up.
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 800);
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -800);
    }

    #[test]
    fn passed_pawn_detection() {
        let bb = |sqs: &[&str]| {
            sqs.iter()
                .map(|s| 1u64 << feerie_movegen::Square::parse(s).unwrap().index())
                .fold(0, |a, b| a | b)
        };
        // White e5 and d4 (connected, so not isolated); no black pawn ahead: passed.
        let white = bb(&["e5", "d4"]);
        let w = &Weights::DEFAULT;
        let free = pawn_structure(w, white, bb(&["a7"]), Color::White);
        // A black pawn on f6 guards e5's path (neighbouring file), d7 the d-pawn's.
        let stopped = pawn_structure(w, white, bb(&["f6", "d7"]), Color::White);
        assert_eq!(stopped, (0, 0));
        assert!(free.1 > 50, "{free:?}");
        // Black's view mirrors White's: a black pawn on e4 is as far as a white one on e5.
        let black = pawn_structure(w, bb(&["e4", "d5"]), bb(&["a2"]), Color::Black);
        assert_eq!(black, free);
    }

    #[test]
    fn doubled_and_isolated_pawns_cost() {
        let healthy = eval("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
        let doubled = eval("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1");
        assert!(healthy > doubled + 20, "{healthy} {doubled}");
    }

    #[test]
    fn other_weights_take_effect() {
        let pos = Chess::from_fen(feerie_movegen::chess::START_FEN).unwrap();
        let no_tempo = ChessEval::new(Weights {
            tempo: 0,
            ..Weights::DEFAULT
        });
        assert_eq!(no_tempo.evaluate(&pos), 0);
        // Doubled pawns cost nothing once their penalty is zero.
        let pos = Chess::from_fen("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1").unwrap();
        let lenient = ChessEval::new(Weights {
            doubled_mg: 0,
            doubled_eg: 0,
            ..Weights::DEFAULT
        });
        assert_eq!(
            lenient.evaluate(&pos) - ChessEval::default().evaluate(&pos),
            Weights::DEFAULT.doubled_eg
        );
    }

    #[test]
    fn lone_minor_is_drawish() {
        assert!(eval("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").abs() < 40);
        assert!(eval("8/8/4k3/8/8/3RK3/8/8 w - - 0 1") > 400);
    }

    #[test]
    fn advanced_pawn_is_better_in_endgame() {
        assert!(eval("8/4P3/8/8/8/k7/8/K7 w - - 0 1") > eval("8/8/8/8/8/k3P3/8/K7 w - - 0 1"));
    }

    #[test]
    fn einstein_positions_score_as_the_same_chess_placement() {
        // Unbalanced placements (material, pawns on the first and last ranks, both sides
        // to move), so a broken board or side-to-move plumbing changes the score.
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "4k3/8/8/8/8/8/P7/4K2R b K - 0 1",
        ] {
            let chess = eval(fen);
            assert_eq!(
                ChessEval::default().evaluate(&Einstein::from_fen(fen).unwrap()),
                chess
            );
            assert_eq!(
                ChessEval::default().evaluate(&ReverseEinstein::from_fen(fen).unwrap()),
                chess
            );
            assert_eq!(
                ChessEval::default().evaluate(&AntiEinstein::from_fen(fen).unwrap()),
                chess
            );
        }
        // A white pawn on its last rank is legal only in Einstein: compare placements.
        let fen = "1P2k3/8/8/8/8/8/8/4K3 b - - 0 1";
        let pos = Einstein::from_fen(fen).unwrap();
        assert_eq!(
            ChessEval::default().evaluate(&pos),
            -ChessEval::default().white_score(pos.board()) + Weights::DEFAULT.tempo
        );
        assert!(ChessEval::default().evaluate(&pos) < -50);
    }
}
