//! Static exchange evaluation on an orthodox board: what a capture wins once both sides
//! have recaptured on its square with their cheapest pieces for as long as it pays.
//! Chess uses it, and Einstein, where pieces mutate as they capture: the kind a piece
//! has after it captured is a parameter.

use feerie_movegen::attacks;
use feerie_movegen::board::Board;
use feerie_movegen::{Bitboard, Color, PieceKind, Square};

/// Values the exchange counts in, in centipawns: round numbers, since only the sign
/// and rough size of the result matter to the search.
pub(super) const fn exchange_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Knight | PieceKind::Bishop => 300,
        PieceKind::Rook => 500,
        PieceKind::Queen => 900,
        PieceKind::King => 20_000,
    }
}

/// One capture to evaluate.
#[derive(Clone, Copy, Debug)]
pub(super) struct Capture {
    pub side: Color,
    pub from: Square,
    pub to: Square,
    /// What the first capture takes (`None` for a quiet promotion).
    pub victim: Option<PieceKind>,
    pub mover: PieceKind,
    /// The kind the mover has on `to` once it arrived (a promotion's piece, an Einstein
    /// piece's mutation): the difference in value is won (or lost) too.
    pub arrives_as: PieceKind,
}

impl Capture {
    /// The capture (or promotion) of the piece on `from` to `to`, taking `victim`;
    /// `arrives_as` gives the kind it has there from the kind it had. `None` when
    /// `from` is empty.
    pub fn on(
        board: &Board,
        from: Square,
        to: Square,
        victim: Option<PieceKind>,
        arrives_as: impl FnOnce(PieceKind) -> PieceKind,
    ) -> Option<Capture> {
        let mover = board.piece_at(from)?;
        Some(Capture {
            side: mover.color,
            from,
            to,
            victim,
            mover: mover.kind,
            arrives_as: arrives_as(mover.kind),
        })
    }
}

/// Material `capture` wins for its side after the best sequence of recaptures on its
/// square, each side free to stop when going on would lose more. `after_capture` gives
/// the kind a recapturing piece has on the square (its change of value counts). Pins
/// are not considered, and a king recaptures only onto a square the other side no
/// longer attacks.
pub(super) fn exchange_gain(
    board: &Board,
    capture: Capture,
    after_capture: impl Fn(PieceKind) -> PieceKind,
) -> i32 {
    let mut gains = [0i32; 32];
    let change = |from: PieceKind, to: PieceKind| exchange_value(to) - exchange_value(from);
    gains[0] = capture.victim.map_or(0, exchange_value) + change(capture.mover, capture.arrives_as);
    let mut on_square = capture.arrives_as;
    let mut occupied = board.occupied().without(capture.from);
    let mut attackers = board.attackers_to(capture.to, occupied) & occupied;
    let mut side = capture.side.flip();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let ours = attackers & board.color(side);
        let Some((kind, from)) = cheapest(board, ours) else {
            break;
        };
        if kind == PieceKind::King && (attackers & board.color(side.flip())).any() {
            break;
        }
        let arrives_as = after_capture(kind);
        let gain = exchange_value(on_square) + change(kind, arrives_as) - gains[depth];
        // The last capture already paid and this one loses even unanswered: it is not
        // made.
        if gain.max(-gains[depth]) < 0 {
            break;
        }
        depth += 1;
        gains[depth] = gain;
        occupied = occupied.without(from);
        attackers = (attackers
            | attacks::rook(capture.to, occupied) & board.rook_likes()
            | attacks::bishop(capture.to, occupied) & board.bishop_likes())
            & occupied;
        on_square = arrives_as;
        side = side.flip();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// The cheapest of `pieces` and its square (`PieceKind::ALL` runs from the pawn up to
/// the king).
fn cheapest(board: &Board, pieces: Bitboard) -> Option<(PieceKind, Square)> {
    PieceKind::ALL.iter().find_map(|&kind| {
        let of_kind = pieces & board.kind(kind);
        of_kind.any().then(|| (kind, of_kind.lsb()))
    })
}

#[cfg(test)]
mod tests {
    use crate::policy::SearchPolicy;
    use feerie_movegen::einstein::{Anti, EinsteinPosition, Reverse, Standard};
    use feerie_movegen::{Chess, Position};

    fn chess_gain(fen: &str, mv: &str) -> i32 {
        let pos = Chess::from_fen(fen).unwrap();
        pos.noisy_gain(pos.parse_move(mv).unwrap()).unwrap()
    }

    #[test]
    fn chess_exchanges() {
        // An undefended pawn: won outright.
        assert_eq!(
            chess_gain("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
        // A pawn defended by a knight and a bishop, behind which a queen waits: the
        // knight is lost for the pawn.
        assert_eq!(
            chess_gain(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            -200
        );
        // Queen takes a pawn defended by a pawn: queen lost.
        assert_eq!(
            chess_gain("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"),
            -800
        );
        // Doubled rooks against doubled rooks on a file (x-rays behind the first): a
        // rook is won, unless the king can take back last.
        assert_eq!(
            chess_gain("3r3k/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"),
            500
        );
        assert_eq!(chess_gain("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 0);
        // A king may not recapture onto a defended square.
        assert_eq!(chess_gain("8/8/8/8/8/4k3/3p4/3RK2R w - - 0 1", "d1d2"), 100);
        assert_eq!(chess_gain("3k4/8/8/8/8/8/3p4/3RK3 w - - 0 1", "d1d2"), 100);
        // A quiet promotion on a square the rook guards: the queen is lost.
        assert_eq!(
            chess_gain("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"),
            -100
        );
        // Defended by a pawn only, taken by a pawn: pawn for pawn.
        assert_eq!(chess_gain("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 0);
    }

    #[test]
    fn einstein_exchanges_count_the_mutations() {
        let gain = |fen: &str, mv: &str| {
            let pos = EinsteinPosition::<Standard>::from_fen(fen).unwrap();
            pos.noisy_gain(pos.parse_move(mv).unwrap())
        };
        // An undefended pawn: the pawn, and the capturer's rise to a knight.
        assert_eq!(gain("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), Some(300));
        // Pawn for pawn, but the recapturer rises to a knight while ours is taken.
        assert_eq!(
            gain("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
            Some(-200)
        );
        // In anti-Einstein a capturer keeps its kind: chess's pawn for pawn.
        let anti =
            EinsteinPosition::<Anti>::from_fen("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(anti.noisy_gain(anti.parse_move("e4d5").unwrap()), Some(0));
        // In reverse-Einstein a capturer steps down: a knight that takes an
        // undefended pawn arrives as a pawn.
        let reverse =
            EinsteinPosition::<Reverse>::from_fen("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1").unwrap();
        assert_eq!(
            reverse.noisy_gain(reverse.parse_move("e3d5").unwrap()),
            Some(-100)
        );
    }
}
