//! Orthodox evaluation: material, piece-square tables, bishop pair, pawn structure and
//! passed pawns' race, mobility, king safety, threats and rooks' files, blended between
//! middlegame and endgame values by the remaining material (docs/evaluation.md lists
//! the terms). It reads only the placement, so it scores any position whose
//! `Position::Board` is the orthodox [`Board`]: chess, and the Einstein variants as a
//! chess-minded baseline. The weights are in `weights::chess::Weights`.

use crate::weights::chess::{TUNED_CHESS, Weights};
use crate::{Linear, Negated, Recorder, Sink, Trace, WeightInfo};
use feerie_eval::Evaluator;
use feerie_movegen::attacks;
use feerie_movegen::bitboard::Bitboard;
use feerie_movegen::board::Board;
use feerie_movegen::{Color, PieceKind, Position, Square};

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
            let (white, black) = (table_entry(0, sq), table_entry(1, sq));
            t.mg[0][kind][sq] = w.material_mg[kind] + w.pst_mg[kind][white];
            t.eg[0][kind][sq] = w.material_eg[kind] + w.pst_eg[kind][white];
            t.mg[1][kind][sq] = -(w.material_mg[kind] + w.pst_mg[kind][black]);
            t.eg[1][kind][sq] = -(w.material_eg[kind] + w.pst_eg[kind][black]);
            sq += 1;
        }
        kind += 1;
    }
    t
}

/// The entry of a piece-square table that a piece of colour index `color` on `sq` reads.
/// Tables list rank 8 first: White on `sq` reads entry `sq ^ 56`; Black reads the
/// mirrored square, which is `sq` itself (and counts negatively).
const fn table_entry(color: usize, sq: usize) -> usize {
    if color == 0 { sq ^ 56 } else { sq }
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

/// Pawn structure (passed, isolated, doubled, connected) of the pawns `ours` of
/// `color`, positive good, into `mg` and `eg`. Returns the passed pawns.
fn pawn_structure<S: Sink>(
    w: &Weights,
    (ours, theirs): (u64, u64),
    color: Color,
    mg: &mut S,
    eg: &mut S,
) -> u64 {
    let mut passed = 0;
    let defended = pawn_attacks(Bitboard(ours), color).0;
    let mut bb = ours;
    while bb != 0 {
        let sq = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        let rel = color.relative_rank((sq / 8) as u8) as usize;
        if FRONT_SPAN[color.index()][sq] & theirs == 0 {
            passed |= 1 << sq;
            mg.term(ix::PASSED_MG + rel, w.passed_mg[rel], 1);
            eg.term(ix::PASSED_EG + rel, w.passed_eg[rel], 1);
        }
        let phalanx = ADJACENT_FILES[sq % 8] & (0xFF << (sq / 8 * 8)) & ours != 0;
        if phalanx || defended & (1 << sq) != 0 {
            mg.term(ix::CONNECTED_MG + rel, w.connected_mg[rel], 1);
            eg.term(ix::CONNECTED_EG + rel, w.connected_eg[rel], 1);
        }
        if ADJACENT_FILES[sq % 8] & ours == 0 {
            mg.term(ix::ISOLATED_MG, w.isolated_mg, -1);
            eg.term(ix::ISOLATED_EG, w.isolated_eg, -1);
        }
    }
    for file in 0..8 {
        let n = (ours & (FILE_A << file)).count_ones() as i32;
        if n > 1 {
            mg.term(ix::DOUBLED_MG, w.doubled_mg, 1 - n);
            eg.term(ix::DOUBLED_EG, w.doubled_eg, 1 - n);
        }
    }
    passed
}

/// Farthest king distance the passed pawn terms count: beyond it a king is out of the
/// race anyway.
const PASSER_KING_DISTANCE_CAP: i32 = 5;

/// The king distance (Chebyshev, capped) between `king` (if any) and square `sq`.
#[inline(always)]
fn king_distance(king: Option<Square>, sq: usize) -> i32 {
    king.map_or(PASSER_KING_DISTANCE_CAP, |k| {
        let (f, r) = (k.index() % 8, k.index() / 8);
        let d = f.abs_diff(sq % 8).max(r.abs_diff(sq / 8)) as i32;
        d.min(PASSER_KING_DISTANCE_CAP)
    })
}

/// The endgame race of the passed pawns `passed` of `color`: the kings' distances to the
/// square in front of each, and whether its way to promotion is empty.
#[inline(always)]
fn passers<S: Sink>(w: &Weights, board: &Board, color: Color, passed: u64, eg: &mut S) {
    let (own, enemy) = (board.king(color), board.king(color.flip()));
    let occupied = board.occupied().0;
    let mut bb = passed;
    while bb != 0 {
        let sq = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        let rel = color.relative_rank((sq / 8) as u8) as usize;
        if rel == 7 {
            continue;
        }
        let stop = match color {
            Color::White => sq + 8,
            Color::Black => sq - 8,
        };
        let e = ix::PASSED_ENEMY_KING_EG + rel;
        eg.term(e, w.passed_enemy_king_eg[rel], king_distance(enemy, stop));
        let o = ix::PASSED_OWN_KING_EG + rel;
        eg.term(o, w.passed_own_king_eg[rel], -king_distance(own, stop));
        let path = FRONT_SPAN[color.index()][sq] & (FILE_A << (sq % 8));
        if path & occupied == 0 {
            eg.term(ix::PASSED_FREE_EG + rel, w.passed_free_eg[rel], 1);
        }
    }
}

/// The usual number of safe squares of a knight, bishop, rook and queen: mobility
/// counts from here, so a piece of average mobility is worth its material.
const MOBILITY_CENTRE: [i32; 4] = [4, 6, 6, 12];

/// Squares the pawns `pawns` of `color` attack.
#[inline(always)]
fn pawn_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    let p = pawns.0;
    let (not_a, not_h) = (!Bitboard::FILE_A.0, !Bitboard::FILE_H.0);
    Bitboard(match color {
        Color::White => ((p << 7) & not_h) | ((p << 9) & not_a),
        Color::Black => ((p >> 7) & not_a) | ((p >> 9) & not_h),
    })
}

/// The enemy king's zone: its square and the squares around it (none without a king).
#[inline(always)]
fn king_zone(board: &Board, color: Color) -> u64 {
    board
        .king(color)
        .map_or(0, |k| attacks::king(k).0 | 1u64 << k.index())
}

/// Mobility of the knights, bishops, rooks and queens of `color`, their attacks on
/// the enemy king's zone, their safe checks and their threats on enemy pieces worth
/// more, positive good.
#[inline(always)]
fn mobility<S: Sink>(w: &Weights, board: &Board, color: Color, mg: &mut S, eg: &mut S) {
    let enemy = color.flip();
    let enemy_pawns = board.pieces(enemy, PieceKind::Pawn);
    let safe = !(board.color(color) | pawn_attacks(enemy_pawns, enemy)).0;
    let zone = king_zone(board, enemy);
    let occupied = board.occupied();
    let queens = board.pieces(enemy, PieceKind::Queen).0;
    let heavy = board.pieces(enemy, PieceKind::Rook).0 | queens;
    let supported = pawn_attacks(board.pieces(color, PieceKind::Pawn), color).0;
    let checks = check_squares(board, enemy, safe & !zone);
    let (mut attackers, mut units) = (0, 0);
    for (i, kind) in [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .into_iter()
    .enumerate()
    {
        for sq in board.pieces(color, kind) {
            let reach = match kind {
                PieceKind::Knight => attacks::knight(sq),
                PieceKind::Bishop => attacks::bishop(sq, occupied),
                PieceKind::Rook => attacks::rook(sq, occupied),
                _ => attacks::queen(sq, occupied),
            };
            let n = (reach.0 & safe).count_ones() as i32 - MOBILITY_CENTRE[i];
            mg.term(ix::MOBILITY_MG + i, w.mobility_mg[i], n);
            eg.term(ix::MOBILITY_EG + i, w.mobility_eg[i], n);
            let hits = (reach.0 & zone).count_ones() as i32;
            mg.term(ix::KING_ATTACK_MG + i, w.king_attack_mg[i], hits);
            let n = (reach.0 & checks[i]).count_ones() as i32;
            mg.term(ix::SAFE_CHECK_MG + i, w.safe_check_mg[i], n);
            attackers += (hits > 0) as i32;
            units += hits * KING_DANGER_UNITS[i];
            match kind {
                PieceKind::Knight | PieceKind::Bishop => {
                    let n = (reach.0 & heavy).count_ones() as i32;
                    mg.term(ix::THREAT_MINOR_MG, w.threat_minor_mg, n);
                    eg.term(ix::THREAT_MINOR_EG, w.threat_minor_eg, n);
                    if is_outpost(sq.index(), color, supported, enemy_pawns.0) {
                        mg.term(ix::OUTPOST_MG + i, w.outpost_mg[i], 1);
                        eg.term(ix::OUTPOST_EG + i, w.outpost_eg[i], 1);
                    }
                }
                PieceKind::Rook => {
                    let n = (reach.0 & queens).count_ones() as i32;
                    mg.term(ix::THREAT_ROOK_MG, w.threat_rook_mg, n);
                    eg.term(ix::THREAT_ROOK_EG, w.threat_rook_eg, n);
                }
                _ => {}
            }
        }
    }
    mg.term(
        ix::KING_DANGER_MG,
        w.king_danger_mg,
        king_danger(attackers, units),
    );
}

/// The squares among `safe` from which a knight, bishop, rook and queen would check
/// the king of `color` (none without a king).
#[inline(always)]
fn check_squares(board: &Board, color: Color, safe: u64) -> [u64; 4] {
    let Some(king) = board.king(color) else {
        return [0; 4];
    };
    let occupied = board.occupied();
    let knight = attacks::knight(king).0 & safe;
    let bishop = attacks::bishop(king, occupied).0 & safe;
    let rook = attacks::rook(king, occupied).0 & safe;
    [knight, bishop, rook, bishop | rook]
}

/// Attack units per square of the enemy king's zone that a knight, bishop, rook or
/// queen attacks, for the king danger.
const KING_DANGER_UNITS: [i32; 4] = [2, 2, 3, 5];
/// Attack units past which the king danger stops growing.
const KING_DANGER_MAX_UNITS: i32 = 40;

/// The king danger: zero with fewer than two attackers (one piece rarely mates),
/// then the square of the attack units over 16, so that attacks gather weight as they
/// combine.
#[inline(always)]
fn king_danger(attackers: i32, units: i32) -> i32 {
    if attackers < 2 {
        return 0;
    }
    let u = units.min(KING_DANGER_MAX_UNITS);
    u * u / 16
}

/// Whether `sq` is an outpost of `color`: on the fourth to sixth rank, defended by a
/// pawn of its own (`supported`), and out of reach of every enemy pawn
/// (`enemy_pawns`) now and later (none on the files beside it ahead).
#[inline(always)]
fn is_outpost(sq: usize, color: Color, supported: u64, enemy_pawns: u64) -> bool {
    let rel = color.relative_rank((sq / 8) as u8);
    (3..=5).contains(&rel)
        && supported & (1 << sq) != 0
        && FRONT_SPAN[color.index()][sq] & ADJACENT_FILES[sq % 8] & enemy_pawns == 0
}

/// Enemy knights, bishops, rooks and queens that the pawns of `color` attack.
#[inline(always)]
fn pawn_threats<S: Sink>(w: &Weights, board: &Board, color: Color, mg: &mut S, eg: &mut S) {
    let enemy = color.flip();
    let pieces = board.color(enemy).0
        & !(board.pieces(enemy, PieceKind::Pawn).0 | board.pieces(enemy, PieceKind::King).0);
    let attacked = pawn_attacks(board.pieces(color, PieceKind::Pawn), color).0 & pieces;
    let n = attacked.count_ones() as i32;
    mg.term(ix::THREAT_PAWN_MG, w.threat_pawn_mg, n);
    eg.term(ix::THREAT_PAWN_EG, w.threat_pawn_eg, n);
}

/// Rooks of `color` on files without pawns (open) or without their own pawns
/// (half-open). `ours` and `theirs` are the two sides' pawns.
#[inline(always)]
fn rook_files<S: Sink>(
    w: &Weights,
    board: &Board,
    color: Color,
    (ours, theirs): (u64, u64),
    mg: &mut S,
    eg: &mut S,
) {
    for sq in board.pieces(color, PieceKind::Rook) {
        let file = FILE_A << (sq.index() % 8);
        if file & ours != 0 {
            continue;
        }
        if file & theirs == 0 {
            mg.term(ix::ROOK_OPEN_MG, w.rook_open_mg, 1);
            eg.term(ix::ROOK_OPEN_EG, w.rook_open_eg, 1);
        } else {
            mg.term(ix::ROOK_HALF_OPEN_MG, w.rook_half_open_mg, 1);
            eg.term(ix::ROOK_HALF_OPEN_EG, w.rook_half_open_eg, 1);
        }
    }
}

/// The pawn shelter of the king of `color` (`ours`: its pawns): pawns on the king's
/// file and the next ones, one and two ranks ahead of it.
#[inline(always)]
fn shelter<S: Sink>(w: &Weights, board: &Board, color: Color, ours: u64, mg: &mut S) {
    let Some(king) = board.king(color) else {
        return;
    };
    let (file, rank) = (king.index() % 8, king.index() / 8);
    let files = ADJACENT_FILES[file] | (FILE_A << file);
    for (i, ahead) in [1usize, 2].into_iter().enumerate() {
        let r = match color {
            Color::White => rank + ahead,
            Color::Black => rank.wrapping_sub(ahead),
        };
        if r < 8 {
            let n = (ours & files & (0xFF << (8 * r))).count_ones() as i32;
            mg.term(ix::SHELTER_MG + i, w.shelter_mg[i], n);
        }
    }
}

/// The terms beside material and tables, White's view: bishop pairs, pawn structure and
/// passed pawns, mobility, king safety, threats and rooks' files.
#[inline(always)]
fn structure<S: Sink>(w: &Weights, board: &Board, mg: &mut S, eg: &mut S) {
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        if board.pieces(color, PieceKind::Bishop).more_than_one() {
            mg.term(ix::BISHOP_PAIR_MG, w.bishop_pair_mg, sign);
            eg.term(ix::BISHOP_PAIR_EG, w.bishop_pair_eg, sign);
        }
    }
    let white = board.pieces(Color::White, PieceKind::Pawn).0;
    let black = board.pieces(Color::Black, PieceKind::Pawn).0;
    let passed = pawn_structure(w, (white, black), Color::White, mg, eg);
    passers(w, board, Color::White, passed, eg);
    mobility(w, board, Color::White, mg, eg);
    pawn_threats(w, board, Color::White, mg, eg);
    rook_files(w, board, Color::White, (white, black), mg, eg);
    shelter(w, board, Color::White, white, mg);
    let (mg, eg) = (&mut Negated(mg), &mut Negated(eg));
    let passed = pawn_structure(w, (black, white), Color::Black, mg, eg);
    passers(w, board, Color::Black, passed, eg);
    mobility(w, board, Color::Black, mg, eg);
    pawn_threats(w, board, Color::Black, mg, eg);
    rook_files(w, board, Color::Black, (black, white), mg, eg);
    shelter(w, board, Color::Black, black, mg);
}

/// What the phase and the drawish-ending rule read from the material, counted in the
/// walk over the pieces.
#[derive(Default)]
struct Counts {
    phase: i32,
    pawns: [i32; 2],
    non_pawn: [i32; 2],
}

impl Counts {
    /// Counts `n` pieces of `color` and `kind`.
    #[inline(always)]
    fn add(&mut self, w: &Weights, color: Color, kind: PieceKind, n: i32) {
        let k = kind.index();
        self.phase += n * w.phase_weight[k];
        if kind == PieceKind::Pawn {
            self.pawns[color.index()] = n;
        } else if kind != PieceKind::King {
            self.non_pawn[color.index()] += n * w.material_eg[k];
        }
    }

    /// The phase: `phase_total` with all pieces on the board, 0 with none.
    #[inline(always)]
    fn phase(&self, w: &Weights) -> i32 {
        self.phase.min(w.phase_total)
    }

    /// The middlegame and endgame scores blended by the phase.
    #[inline(always)]
    fn blend(&self, w: &Weights, mg: i32, eg: i32) -> i32 {
        let phase = self.phase(w);
        (mg * phase + eg * (w.phase_total - phase)) / w.phase_total
    }

    /// Whether the side ahead by `score` cannot win: without pawns, with at most a minor
    /// piece. Its score is pulled towards a draw, so the search does not trade into such
    /// endings hoping.
    #[inline(always)]
    fn drawish(&self, w: &Weights, score: i32) -> bool {
        let strong = if score > 0 { 0 } else { 1 };
        self.pawns[strong] == 0 && self.non_pawn[strong] <= w.material_eg[PieceKind::Bishop.index()]
    }
}

/// How much a drawish ending's score shrinks.
const DRAWISH_DIVISOR: i32 = 16;

/// Flat indices of the weights, in the order of `Weights::fields` (the tests of
/// `linear/tests/linear.rs` check them against the scores).
mod ix {
    pub const MATERIAL_MG: usize = 0;
    pub const MATERIAL_EG: usize = MATERIAL_MG + 6;
    pub const PHASE_WEIGHT: usize = MATERIAL_EG + 6;
    pub const PHASE_TOTAL: usize = PHASE_WEIGHT + 6;
    pub const BISHOP_PAIR_MG: usize = PHASE_TOTAL + 1;
    pub const BISHOP_PAIR_EG: usize = BISHOP_PAIR_MG + 1;
    pub const PASSED_MG: usize = BISHOP_PAIR_EG + 1;
    pub const PASSED_EG: usize = PASSED_MG + 8;
    pub const PASSED_ENEMY_KING_EG: usize = PASSED_EG + 8;
    pub const PASSED_OWN_KING_EG: usize = PASSED_ENEMY_KING_EG + 8;
    pub const PASSED_FREE_EG: usize = PASSED_OWN_KING_EG + 8;
    pub const ISOLATED_MG: usize = PASSED_FREE_EG + 8;
    pub const ISOLATED_EG: usize = ISOLATED_MG + 1;
    pub const DOUBLED_MG: usize = ISOLATED_EG + 1;
    pub const DOUBLED_EG: usize = DOUBLED_MG + 1;
    pub const CONNECTED_MG: usize = DOUBLED_EG + 1;
    pub const CONNECTED_EG: usize = CONNECTED_MG + 8;
    pub const MOBILITY_MG: usize = CONNECTED_EG + 8;
    pub const MOBILITY_EG: usize = MOBILITY_MG + 4;
    pub const KING_ATTACK_MG: usize = MOBILITY_EG + 4;
    pub const SAFE_CHECK_MG: usize = KING_ATTACK_MG + 4;
    pub const SHELTER_MG: usize = SAFE_CHECK_MG + 4;
    pub const KING_DANGER_MG: usize = SHELTER_MG + 2;
    pub const THREAT_PAWN_MG: usize = KING_DANGER_MG + 1;
    pub const THREAT_PAWN_EG: usize = THREAT_PAWN_MG + 1;
    pub const THREAT_MINOR_MG: usize = THREAT_PAWN_EG + 1;
    pub const THREAT_MINOR_EG: usize = THREAT_MINOR_MG + 1;
    pub const THREAT_ROOK_MG: usize = THREAT_MINOR_EG + 1;
    pub const THREAT_ROOK_EG: usize = THREAT_ROOK_MG + 1;
    pub const ROOK_OPEN_MG: usize = THREAT_ROOK_EG + 1;
    pub const ROOK_OPEN_EG: usize = ROOK_OPEN_MG + 1;
    pub const ROOK_HALF_OPEN_MG: usize = ROOK_OPEN_EG + 1;
    pub const ROOK_HALF_OPEN_EG: usize = ROOK_HALF_OPEN_MG + 1;
    pub const OUTPOST_MG: usize = ROOK_HALF_OPEN_EG + 1;
    pub const OUTPOST_EG: usize = OUTPOST_MG + 2;
    pub const TEMPO: usize = OUTPOST_EG + 2;
    pub const PST_MG: usize = TEMPO + 1;
    pub const PST_EG: usize = PST_MG + 6 * 64;
}

/// The tables of the weights chess plays with, summed at compile time.
static PLAYING_TABLES: Tables = build_tables(&TUNED_CHESS);

/// The orthodox evaluator: its weights and the tables summed from them.
#[derive(Clone, Debug)]
pub struct ChessEval {
    weights: Weights,
    /// `None` for the weights chess plays with, whose tables are `PLAYING_TABLES`.
    tables: Option<Box<Tables>>,
}

impl Default for ChessEval {
    fn default() -> ChessEval {
        ChessEval::new(TUNED_CHESS)
    }
}

impl ChessEval {
    pub fn new(weights: Weights) -> ChessEval {
        let tables = (weights != TUNED_CHESS).then(|| Box::new(build_tables(&weights)));
        ChessEval { weights, tables }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Score of a placement from White's point of view, before the side-to-move flip
    /// and tempo.
    pub fn white_score(&self, board: &Board) -> i32 {
        // The playing weights are constants, so the compiler folds them into this
        // path (1.3% fewer instructions per chess bench node than reading them);
        // other weights take the same code reading them from the evaluator.
        match &self.tables {
            None => white_score(&TUNED_CHESS, &PLAYING_TABLES, board),
            Some(tables) => white_score(&self.weights, tables, board),
        }
    }
}

/// `ChessEval::white_score` with weights `w` and their tables.
#[inline(always)]
fn white_score(w: &Weights, tables: &Tables, board: &Board) -> i32 {
    let (mut mg, mut eg) = (0, 0);
    let mut counts = Counts::default();
    for color in Color::BOTH {
        let c = color.index();
        for kind in PieceKind::ALL {
            let k = kind.index();
            let bb = board.pieces(color, kind);
            counts.add(w, color, kind, bb.count() as i32);
            for sq in bb {
                mg += tables.mg[c][k][sq.index()];
                eg += tables.eg[c][k][sq.index()];
            }
        }
    }
    structure(w, board, &mut mg, &mut eg);
    let score = counts.blend(w, mg, eg);
    if counts.drawish(w, score) {
        score / DRAWISH_DIVISOR
    } else {
        score
    }
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

impl<P: Position<Board = Board>> Linear<P> for ChessEval {
    fn weight_info() -> Vec<WeightInfo> {
        crate::weight_info::<Weights>()
    }

    fn to_vector(&self) -> Vec<f64> {
        crate::to_vector(&self.weights)
    }

    fn from_vector(v: &[f64]) -> ChessEval {
        ChessEval::new(crate::from_vector(v))
    }

    /// The middlegame and endgame terms, times their phase shares; the phase weights are
    /// held. A drawish ending divides them all: whether it is one is decided with the
    /// current weights (the material of minor pieces enters the test), so the trace is
    /// exact for them and linear near them.
    fn trace(&self, pos: &P) -> Trace {
        let w = &self.weights;
        let board = pos.board();
        let (mut mg, mut eg) = (Recorder::default(), Recorder::default());
        let mut counts = Counts::default();
        for color in Color::BOTH {
            let (c, sign) = (color.index(), [1, -1][color.index()]);
            for kind in PieceKind::ALL {
                let k = kind.index();
                let bb = board.pieces(color, kind);
                let n = bb.count() as i32;
                counts.add(w, color, kind, n);
                mg.term(ix::MATERIAL_MG + k, w.material_mg[k], sign * n);
                eg.term(ix::MATERIAL_EG + k, w.material_eg[k], sign * n);
                for sq in bb {
                    let e = table_entry(c, sq.index());
                    mg.term(ix::PST_MG + 64 * k + e, w.pst_mg[k][e], sign);
                    eg.term(ix::PST_EG + 64 * k + e, w.pst_eg[k][e], sign);
                }
            }
        }
        structure(w, board, &mut mg, &mut eg);
        let divisor = if counts.drawish(w, counts.blend(w, mg.value, eg.value)) {
            DRAWISH_DIVISOR
        } else {
            1
        };
        let total = (w.phase_total * divisor) as f64;
        let phase = counts.phase(w);
        let mut trace = Trace::default();
        mg.add_to(&mut trace, phase as f64 / total);
        eg.add_to(&mut trace, (w.phase_total - phase) as f64 / total);
        trace.add(ix::TEMPO, crate::white_sign(pos));
        trace
    }

    fn rust_source(&self, name: &str) -> String {
        crate::rust_source(&self.weights, name)
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
        assert_eq!(eval(feerie_movegen::chess::START_FEN), TUNED_CHESS.tempo);
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

    /// The pawn structure of `ours` (of `color`) against `theirs`, as (mg, eg).
    fn pawn_structure(w: &Weights, ours: u64, theirs: u64, color: Color) -> (i32, i32) {
        let (mut mg, mut eg) = (0, 0);
        super::pawn_structure(w, (ours, theirs), color, &mut mg, &mut eg);
        (mg, eg)
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
        let w = &Weights {
            connected_mg: [0; 8],
            connected_eg: [0; 8],
            ..Weights::DEFAULT
        };
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
    fn chains_and_phalanxes_are_connected() {
        let bb = |sqs: &[&str]| {
            sqs.iter()
                .map(|s| 1u64 << feerie_movegen::Square::parse(s).unwrap().index())
                .fold(0, |a, b| a | b)
        };
        let w = &Weights {
            passed_mg: [0; 8],
            isolated_mg: 0,
            doubled_mg: 0,
            connected_mg: [0, 1, 10, 100, 1000, 0, 0, 0],
            ..Weights::DEFAULT
        };
        let theirs = bb(&["a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"]);
        // c3 defends d4 (a chain: only d4 counts); f4 and g4 stand side by side (both
        // count); a2 stands alone.
        let ours = bb(&["a2", "c3", "d4", "f4", "g4"]);
        assert_eq!(
            pawn_structure(w, ours, theirs, Color::White).0,
            100 + 2 * 100
        );
        // Black's ranks count from its side: d5 defended by e6 is on its fourth rank.
        let black = bb(&["e6", "d5"]);
        assert_eq!(pawn_structure(w, black, 0, Color::Black).0, 100);
    }

    /// The hand-set weights with every middlegame term `mobility` adds set to zero, so
    /// that a test turns on only the one it checks.
    const MOBILITY_SILENT: Weights = Weights {
        mobility_mg: [0; 4],
        king_attack_mg: [0; 4],
        safe_check_mg: [0; 4],
        king_danger_mg: 0,
        threat_minor_mg: 0,
        threat_rook_mg: 0,
        outpost_mg: [0; 2],
        ..Weights::DEFAULT
    };

    /// The middlegame sum of White's `mobility` terms under `w`.
    fn white_mobility_mg(w: &Weights, fen: &str) -> i32 {
        let (mut mg, mut eg) = (0, 0);
        let board = Chess::from_fen(fen).unwrap().board().clone();
        super::mobility(w, &board, Color::White, &mut mg, &mut eg);
        mg
    }

    /// White's safe checks, knights counting 1, bishops 10, rooks 100, queens 1000.
    fn white_safe_checks(fen: &str) -> i32 {
        let w = Weights {
            safe_check_mg: [1, 10, 100, 1000],
            ..MOBILITY_SILENT
        };
        white_mobility_mg(&w, fen)
    }

    #[test]
    fn safe_checks_count_the_squares_a_piece_could_check_from() {
        // Knight g4: f6 and h6 check g8. Rook a1: a8. Queen d1: d8.
        assert_eq!(
            white_safe_checks("6k1/5p1p/8/8/6N1/8/8/R3K3 w - - 0 1"),
            2 + 100
        );
        assert_eq!(
            white_safe_checks("6k1/5p1p/8/8/6N1/8/8/R2QK3 w - - 0 1"),
            2 + 100 + 1000
        );
        // The pawn g7 guards f6 and h6.
        assert_eq!(white_safe_checks("6k1/5ppp/8/8/6N1/8/8/4K3 w - - 0 1"), 0);
        // Rook g1 (giving check): g5, g4, g3 and g2; not g6 (the pawns guard it),
        // nor g7, next to the king.
        assert_eq!(white_safe_checks("6k1/5p1p/8/8/8/8/8/4K1R1 b - - 0 1"), 400);
    }

    /// White's outpost terms, with knights counting 1 and bishops 100.
    fn white_outposts(fen: &str) -> i32 {
        let w = Weights {
            outpost_mg: [1, 100],
            ..MOBILITY_SILENT
        };
        white_mobility_mg(&w, fen)
    }

    #[test]
    fn outposts_are_defended_and_beyond_the_enemy_pawns() {
        // Knight d5 defended by e4, no black pawn on c or e ahead: an outpost; the
        // bishop f5 is defended by e4 too, but g7 can still drive it away.
        assert_eq!(white_outposts("4k3/6p1/8/3N1B2/4P3/8/8/4K3 w - - 0 1"), 1);
        // A black pawn on c7 can come to c6: no outpost. Undefended: none either.
        assert_eq!(white_outposts("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1"), 0);
        assert_eq!(white_outposts("4k3/8/8/3N4/8/4P3/8/4K3 w - - 0 1"), 0);
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
            lenient.evaluate(&pos) - ChessEval::new(Weights::DEFAULT).evaluate(&pos),
            Weights::DEFAULT.doubled_eg
        );
    }

    /// Safe squares counted by `mobility` for White, from `MOBILITY_CENTRE`, with every
    /// mobility weight 1 (each piece kind counts alike).
    fn white_mobility(fen: &str) -> i32 {
        let w = Weights {
            mobility_mg: [1; 4],
            ..MOBILITY_SILENT
        };
        white_mobility_mg(&w, fen)
    }

    #[test]
    fn mobility_counts_safe_squares() {
        // Knight d4: b5 c6 e6 f5 e2 f3 (b3 and c2 hold its own pawns): 6, less 4.
        assert_eq!(white_mobility("4k3/8/8/8/3N4/1P6/2P5/4K3 w - - 0 1"), 2);
        // Knight a1 boxed in by its pawns: 0, less 4.
        assert_eq!(white_mobility("4k3/8/8/8/8/1P6/2P5/N3K3 w - - 0 1"), -4);
        // Black pawns on c6 and e6 attack b5 and f5 (taking them is allowed): 4.
        assert_eq!(white_mobility("4k3/8/2p1p3/8/3N4/1P6/2P5/4K3 w - - 0 1"), 0);
        // Rook a1 on an open file, the king on e1 in its way: a2-a8, b1-d1: 10, less 6;
        // plus the bishop h1's long diagonal to a8: 7, less 6.
        assert_eq!(white_mobility("4k3/8/8/8/8/8/8/R3K2B w - - 0 1"), 4 + 1);
    }

    /// Mobility is part of the evaluation: a knight on d4 with its 8 squares free is
    /// 4 over the centre, worth 4 times the knight's weight in both phases.
    #[test]
    fn mobility_moves_the_evaluation() {
        let fen = "4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1";
        let pos = Chess::from_fen(fen).unwrap();
        let still = ChessEval::new(Weights {
            mobility_mg: [0; 4],
            mobility_eg: [0; 4],
            ..Weights::DEFAULT
        });
        let w = &Weights::DEFAULT;
        assert_eq!(w.mobility_mg[0], w.mobility_eg[0]);
        assert_eq!(
            ChessEval::new(Weights::DEFAULT).evaluate(&pos) - still.evaluate(&pos),
            4 * w.mobility_mg[0]
        );
    }

    /// King safety of White, from attacks and shelter, with weights of 1 for attacks
    /// and 100 for the shelter's first rank, 10 000 for its second.
    fn white_king_terms(fen: &str) -> i32 {
        let w = Weights {
            king_attack_mg: [1; 4],
            shelter_mg: [100, 10_000],
            ..MOBILITY_SILENT
        };
        let (mut mg, mut eg) = (0, 0);
        let board = Chess::from_fen(fen).unwrap().board().clone();
        super::mobility(&w, &board, Color::White, &mut mg, &mut eg);
        let pawns = board.pieces(Color::White, PieceKind::Pawn).0;
        super::shelter(&w, &board, Color::White, pawns, &mut mg);
        mg
    }

    #[test]
    fn king_attacks_and_shelter() {
        // Queen h5 against the king g8: its zone f7 g7 h7 f8 g8 h8 (and the king's
        // square): the queen reaches f7 (diagonal), h7 and h8 (file): 3. Pawns f2 g2
        // h3 by the king g1: two a rank ahead, one two ranks ahead.
        assert_eq!(
            white_king_terms("6k1/8/8/7Q/8/7P/5PP1/6K1 w - - 0 1"),
            3 + 2 * 100 + 10_000
        );
        // Black's shelter counts for Black only, and blocks the queen: h6 stops the
        // file, f7 is still attacked.
        assert_eq!(white_king_terms("6k1/5pp1/7p/7Q/8/8/8/6K1 w - - 0 1"), 1);
    }

    /// The threat terms of White alone, with every other weight of `mobility` zero:
    /// pawn threats count 1, minor threats 100, rook threats 10 000.
    fn white_threats(fen: &str) -> i32 {
        let w = Weights {
            threat_pawn_mg: 1,
            threat_minor_mg: 100,
            threat_rook_mg: 10_000,
            ..MOBILITY_SILENT
        };
        let (mut mg, mut eg) = (0, 0);
        let board = Chess::from_fen(fen).unwrap().board().clone();
        super::mobility(&w, &board, Color::White, &mut mg, &mut eg);
        super::pawn_threats(&w, &board, Color::White, &mut mg, &mut eg);
        mg
    }

    #[test]
    fn threats_count_the_pieces_attacked_by_lesser_ones() {
        // Pawn e4 attacks the knight d5 and the bishop f5; an attacked pawn is no threat.
        assert_eq!(white_threats("8/8/8/3n1b2/4P3/8/8/K6k w - - 0 1"), 2);
        assert_eq!(white_threats("8/8/8/3p1p2/4P3/8/8/K6k w - - 0 1"), 0);
        // Knight e5 forks the queen d7 and the rook f7, not the bishop c6.
        assert_eq!(white_threats("7k/3q1r2/2b5/4N3/8/8/8/K7 w - - 0 1"), 200);
        // Rook a1 sees the queen a7 on the open file; a pawn between hides it.
        assert_eq!(white_threats("7k/q7/8/8/8/8/8/R6K w - - 0 1"), 10_000);
        assert_eq!(white_threats("7k/q7/8/8/p7/8/8/R6K w - - 0 1"), 0);
    }

    /// White's rook file terms: open files count 1 in the middlegame, half-open 100.
    fn white_rook_files(fen: &str) -> i32 {
        let w = Weights {
            rook_open_mg: 1,
            rook_half_open_mg: 100,
            ..Weights::DEFAULT
        };
        let (mut mg, mut eg) = (0, 0);
        let board = Chess::from_fen(fen).unwrap().board().clone();
        let pawns = |c| board.pieces(c, PieceKind::Pawn).0;
        let sides = (pawns(Color::White), pawns(Color::Black));
        super::rook_files(&w, &board, Color::White, sides, &mut mg, &mut eg);
        mg
    }

    #[test]
    fn rooks_on_open_and_half_open_files() {
        // a1: no pawn on the a-file (open); d1: a black pawn on d6 only (half-open);
        // h1: behind its own pawn (closed).
        assert_eq!(
            white_rook_files("4k3/8/3p4/8/8/8/6KP/R2R3R w - - 0 1"),
            1 + 100
        );
    }

    /// White's passed pawn race terms in the endgame, with weights 1 per square of the
    /// enemy king's distance, 100 per square of the own king's, 10 000 for a free way.
    fn white_race(fen: &str) -> i32 {
        let w = Weights {
            passed_enemy_king_eg: [1; 8],
            passed_own_king_eg: [100; 8],
            passed_free_eg: [10_000; 8],
            ..Weights::DEFAULT
        };
        let mut eg = 0;
        let board = Chess::from_fen(fen).unwrap().board().clone();
        let passed = board.pieces(Color::White, PieceKind::Pawn).0;
        super::passers(&w, &board, Color::White, passed, &mut eg);
        eg
    }

    #[test]
    fn passed_pawns_race_the_kings() {
        // Pawn e6, its stop square e7: the black king on d8 is 1 away, the white king on
        // e5 is 2 away (a penalty); the way e7-e8 is free.
        assert_eq!(
            white_race("3k4/8/4P3/4K3/8/8/8/8 w - - 0 1"),
            1 - 200 + 10_000
        );
        // The black king on e8 blocks the way; kings farther than 5 count as 5.
        assert_eq!(white_race("4k3/8/4P3/8/8/8/8/K7 w - - 0 1"), 1 - 500);
        assert_eq!(
            white_race("8/8/4P3/8/8/8/8/k6K w - - 0 1"),
            5 - 500 + 10_000
        );
    }

    /// White's king danger term alone, weight 1.
    fn white_king_danger(fen: &str) -> i32 {
        let w = Weights {
            king_danger_mg: 1,
            ..MOBILITY_SILENT
        };
        white_mobility_mg(&w, fen)
    }

    #[test]
    fn king_danger_grows_with_the_square_of_combined_attacks() {
        // Queen h5 hits f7, h7 and h8 of the zone of g8 (15 units), the knight f6 hits
        // g8 and h7 (4 units): 19 * 19 / 16.
        assert_eq!(white_king_danger("6k1/8/5N2/7Q/8/8/8/6K1 b - - 0 1"), 22);
        // The queen alone is one attacker: no danger.
        assert_eq!(white_king_danger("6k1/8/8/7Q/8/8/8/6K1 b - - 0 1"), 0);
        assert_eq!(super::king_danger(5, 100), 100);
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
            -ChessEval::default().white_score(pos.board()) + TUNED_CHESS.tempo
        );
        // The pawn counts for White, whose placement is ahead by more than half a pawn.
        assert!(ChessEval::default().white_score(pos.board()) > 50);
    }
}
