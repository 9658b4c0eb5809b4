//! A small efficiently updatable neural network (NNUE) for every variant, trained on
//! Feerie's games by `feerie tune-net` (docs/nnue.md). Each variant has its own
//! network, in a [`NetworkSlot`]. Its inputs are a board's planes of men by colour and
//! orthodox kind (`Placement::planes`), which also describe Augsburg's compound units.
//!
//! Shape: 768 inputs (colour relative to the side that looks, kind, square) feed
//! [`HIDDEN`] neurons twice, once from each side's point of view (the board flipped for
//! Black, so the same weights serve both); the two halves, the side to move's first,
//! pass a clipped ReLU into one output, chosen among [`BUCKETS`] by the number of pieces
//! on the board (a game's phases weigh the same neurons differently, at the cost of
//! one row of output weights each). Weights are integers: the hidden layer scaled
//! by [`QA`], the output by [`QB`], so evaluation is exact and the same on every machine
//! (the bench node counts depend on it).
//!
//! The accumulators are updated rather than rebuilt: each search thread keeps those of
//! the position it evaluated last, with its pieces, and the next evaluation (mostly a
//! position a move or two away) adds and removes only the inputs that changed. Integer
//! sums are exact, so the result is the same as a rebuild, and the evaluator stays a
//! pure function of the position as the search expects.

use crate::Evaluator;
use crate::file::read_prefix;
use feerie_movegen::board::Placement;
use feerie_movegen::{Bitboard, Color, PieceKind, Position, Square};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// Inputs: 2 colours (own, other) × 6 kinds × 64 squares.
pub const INPUTS: usize = 768;
/// Neurons of the hidden layer, per point of view.
pub const HIDDEN: usize = 128;
/// Scale of the hidden layer's weights and of the clipped ReLU's ceiling.
pub const QA: i32 = 255;
/// Scale of the output layer's weights. 256 rather than the usual 64: rounding the
/// output weights to 1/64 cost more than half of what training a network gained
/// (docs/nnue.md), 1/256 little; the sums still fit 32 bits (256 neurons × 255 × 507).
pub const QB: i32 = 256;
/// Centipawns of one unit of the network's output.
pub const SCALE: i32 = 400;
/// Output buckets: 2-5 pieces on the board, 6-9, ..., 30-32.
pub const BUCKETS: usize = 8;

/// The first four bytes of a network file.
pub const MAGIC: &[u8; 4] = b"FNN3";
/// Those of the two older formats, still read: eight outputs, and the first format's
/// one output for every phase, both with the output layer on the scale [`OLD_QB`].
pub const MAGIC_OUTPUT_64: &[u8; 4] = b"FNN2";
pub const MAGIC_ONE_BUCKET: &[u8; 4] = b"FNN1";
/// The output layer's scale in the older formats.
pub const OLD_QB: i32 = 64;

/// The input a piece of `piece` colour and `kind` on `sq` turns on for the side
/// `view`: the board is seen from that side, its own pieces first.
#[inline]
pub fn feature(view: Color, piece: Color, kind: PieceKind, sq: Square) -> usize {
    let relative = usize::from(piece != view);
    let square = match view {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    };
    (relative * 6 + kind.index()) * 64 + square
}

/// The output bucket of `board`: by its number of pieces (Augsburg: of units), kings
/// included.
#[inline]
pub fn bucket(board: &impl Placement) -> usize {
    ((board.occupied().count().saturating_sub(2) / 4) as usize).min(BUCKETS - 1)
}

/// The inputs that `board` turns on, for White's view and Black's, in the same order.
pub fn features(board: &impl Placement) -> impl Iterator<Item = (usize, usize)> {
    let planes = board.planes();
    Color::BOTH.into_iter().flat_map(move |color| {
        PieceKind::ALL.into_iter().flat_map(move |kind| {
            planes[color.index() * 6 + kind.index()]
                .into_iter()
                .map(move |sq| {
                    (
                        feature(Color::White, color, kind, sq),
                        feature(Color::Black, color, kind, sq),
                    )
                })
        })
    })
}

/// A network's integer weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// `INPUTS` rows of `HIDDEN`: the weights from each input.
    pub input_weights: Vec<i16>,
    pub hidden_bias: Vec<i16>,
    /// Per bucket, the side to move's `HIDDEN` neurons, then the other side's.
    pub output_weights: Vec<i16>,
    /// Per bucket, on the scale `QA × QB`.
    pub output_bias: Vec<i32>,
}

/// Why bytes are not a network.
#[derive(Debug, PartialEq, Eq)]
pub enum NetError {
    Magic,
    Size { expected: usize, found: usize },
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::Magic => write!(f, "not a Feerie network (no FNN3, FNN2 or FNN1 header)"),
            NetError::Size { expected, found } => write!(
                f,
                "a {HIDDEN}-neuron network has {expected} bytes, this one {found}"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// Why a network file was refused: the file, and what is wrong with it.
#[derive(Debug)]
pub enum NetFileError {
    /// The file could not be read.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The file was read, but its bytes are not a network.
    Format { path: PathBuf, error: NetError },
}

impl std::fmt::Display for NetFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetFileError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            NetFileError::Format { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for NetFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetFileError::Io { error, .. } => Some(error),
            NetFileError::Format { error, .. } => Some(error),
        }
    }
}

/// Bytes of a network file of `buckets` outputs: the magic, then every weight
/// little-endian in the order of [`Network`]'s fields, the 32-bit biases last.
pub const fn file_bytes(buckets: usize) -> usize {
    4 + 2 * (INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets
}

/// Bytes of a network file.
pub const FILE_BYTES: usize = file_bytes(BUCKETS);

impl Network {
    /// Reads a network file. A file of an older format plays as it did: its output
    /// layer is brought to the scale [`QB`] (exactly, four times its integers), and a
    /// file of the first format (one output) gives every bucket that output.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let (buckets, output_factor) = match bytes.get(..4) {
            Some(m) if m == MAGIC => (BUCKETS, 1),
            Some(m) if m == MAGIC_OUTPUT_64 => (BUCKETS, QB / OLD_QB),
            Some(m) if m == MAGIC_ONE_BUCKET => (1, QB / OLD_QB),
            _ => return Err(NetError::Magic),
        };
        if bytes.len() != file_bytes(buckets) {
            return Err(NetError::Size {
                expected: file_bytes(buckets),
                found: bytes.len(),
            });
        }
        let mut words = bytes[4..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut take = |n: usize| words.by_ref().take(n).collect::<Vec<i16>>();
        let input_weights = take(INPUTS * HIDDEN);
        let hidden_bias = take(HIDDEN);
        // Saturating: a file made elsewhere cannot stop the engine.
        let output_weights = take(buckets * 2 * HIDDEN)
            .iter()
            .map(|w| w.saturating_mul(output_factor as i16))
            .collect::<Vec<i16>>()
            .repeat(BUCKETS / buckets);
        let output_bias = bytes[file_bytes(buckets) - 4 * buckets..]
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]).saturating_mul(output_factor))
            .collect::<Vec<i32>>()
            .repeat(BUCKETS / buckets);
        Ok(Network {
            input_weights,
            hidden_bias,
            output_weights,
            output_bias,
        })
    }

    /// Reads the network file at `path`; the error names the file. Only a regular file
    /// is read, and only as much of it as a network takes: a longer one is refused by
    /// its header or its size (see [`crate::file::read_prefix`]).
    pub fn from_file(path: &Path) -> Result<Network, NetFileError> {
        let (bytes, len) =
            read_prefix(path, FILE_BYTES as u64).map_err(|error| NetFileError::Io {
                path: path.to_path_buf(),
                error,
            })?;
        let found = usize::try_from(len).unwrap_or(usize::MAX);
        let net = match Network::from_bytes(&bytes) {
            Ok(_) if found > bytes.len() => Err(NetError::Size {
                expected: bytes.len(),
                found,
            }),
            Err(NetError::Size { expected, .. }) => Err(NetError::Size { expected, found }),
            other => other,
        };
        net.map_err(|error| NetFileError::Format {
            path: path.to_path_buf(),
            error,
        })
    }

    /// The network as a file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let weights = self
            .input_weights
            .iter()
            .chain(&self.hidden_bias)
            .chain(&self.output_weights);
        for w in weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// The score of `board` in centipawns for the side `to_move`, from accumulators
    /// built afresh.
    pub fn evaluate(&self, board: &impl Placement, to_move: Color) -> i32 {
        let mut fresh = Accumulators::new(self);
        fresh.update(self, board);
        self.output(&fresh.white, &fresh.black, to_move, bucket(board))
    }

    /// The same score, from the accumulators this thread used last. Only for networks
    /// that live as long as the program: the accumulators know their network by its
    /// address.
    fn evaluate_incrementally(&'static self, board: &impl Placement, to_move: Color) -> i32 {
        LAST.with_borrow_mut(|last| {
            last.update(self, board);
            self.output(&last.white, &last.black, to_move, bucket(board))
        })
    }

    /// The weights of input `i`.
    #[inline]
    fn row(&self, i: usize) -> &[i16] {
        &self.input_weights[i * HIDDEN..(i + 1) * HIDDEN]
    }

    /// The output of `bucket` from the two accumulators.
    fn output(
        &self,
        white: &[i16; HIDDEN],
        black: &[i16; HIDDEN],
        to_move: Color,
        bucket: usize,
    ) -> i32 {
        let (us, them) = match to_move {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let weights = &self.output_weights[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN];
        let (ours, theirs) = weights.split_at(HIDDEN);
        let sum = dot_clipped(us, ours) + dot_clipped(them, theirs) + self.output_bias[bucket];
        (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// Changed pieces past which rebuilding the accumulators is cheaper than updating them.
const MAX_CHANGES: u32 = 24;

/// The accumulators of the position a thread evaluated last, with its pieces by colour
/// and kind, and the network they belong to.
struct Accumulators {
    net: *const Network,
    pieces: [u64; 12],
    white: [i16; HIDDEN],
    black: [i16; HIDDEN],
}

thread_local! {
    static LAST: RefCell<Accumulators> = const {
        RefCell::new(Accumulators {
            net: std::ptr::null(),
            pieces: [0; 12],
            white: [0; HIDDEN],
            black: [0; HIDDEN],
        })
    };
}

impl Accumulators {
    /// The accumulators of an empty board.
    fn new(net: &Network) -> Accumulators {
        let mut acc = Accumulators {
            net,
            pieces: [0; 12],
            white: [0; HIDDEN],
            black: [0; HIDDEN],
        };
        acc.white.copy_from_slice(&net.hidden_bias);
        acc.black.copy_from_slice(&net.hidden_bias);
        acc
    }

    /// Brings the accumulators to `board`: the inputs of the pieces that changed, or
    /// all of them when many did or the network is another.
    fn update(&mut self, net: &Network, board: &impl Placement) {
        let now = board.planes().map(|plane| plane.0);
        let changes: u32 = now
            .iter()
            .zip(&self.pieces)
            .map(|(a, b)| (a ^ b).count_ones())
            .sum();
        if !std::ptr::eq(self.net, net) || changes > MAX_CHANGES {
            *self = Accumulators::new(net);
        }
        for color in Color::BOTH {
            for kind in PieceKind::ALL {
                let i = color.index() * 6 + kind.index();
                let (old, new) = (self.pieces[i], now[i]);
                for (bits, add) in [(new & !old, true), (old & !new, false)] {
                    for sq in Bitboard(bits) {
                        let w = net.row(feature(Color::White, color, kind, sq));
                        let b = net.row(feature(Color::Black, color, kind, sq));
                        if add {
                            add_row(&mut self.white, w);
                            add_row(&mut self.black, b);
                        } else {
                            sub_row(&mut self.white, w);
                            sub_row(&mut self.black, b);
                        }
                    }
                }
            }
        }
        self.pieces = now;
    }
}

/// Takes one input's weights from an accumulator (wrapping, as [`add_row`]).
#[inline]
fn sub_row(acc: &mut [i16; HIDDEN], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

/// Adds one input's weights to an accumulator. Wrapping, so that a network made
/// elsewhere cannot stop the engine; the trainer keeps its weights small enough that
/// the sums of a real position never wrap.
#[inline]
fn add_row(acc: &mut [i16; HIDDEN], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

/// Σ clamp(acc, 0, QA) × weight.
#[inline]
fn dot_clipped(acc: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    acc.iter()
        .zip(weights)
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

/// A variant's network: the one built in from a file of `eval/nets/`, and the one
/// `EvalFile` chose in its place. Each variant that plays with a network has its own
/// slot, so a network chosen for one never reaches another.
pub trait NetworkSlot: Send + Sync + std::fmt::Debug + 'static {
    /// The file under `eval/nets/` the built-in network comes from.
    const FILE: &'static str;
    /// The built-in network, read once.
    fn embedded() -> &'static Network;
    /// The network `EvalFile` chose; `None` for the built-in one.
    fn chosen() -> &'static Mutex<Option<&'static Network>>;
}

/// Declares a [`NetworkSlot`] built in from `eval/nets/$file`.
macro_rules! network_slot {
    ($(#[$doc:meta])* $slot:ident, $file:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $slot;

        impl NetworkSlot for $slot {
            const FILE: &'static str = $file;
            fn embedded() -> &'static Network {
                static NET: OnceLock<Network> = OnceLock::new();
                NET.get_or_init(|| {
                    Network::from_bytes(include_bytes!(concat!("../nets/", $file)))
                        .expect(concat!("eval/nets/", $file))
                })
            }
            fn chosen() -> &'static Mutex<Option<&'static Network>> {
                static CHOSEN: Mutex<Option<&'static Network>> = Mutex::new(None);
                &CHOSEN
            }
        }
    };
}

network_slot!(
    /// Chess's network, the best so far (docs/nnue.md).
    ChessNet,
    "chess.fnn"
);

network_slot!(
    /// Reverse-Einstein's network (docs/nnue.md).
    ReverseEinsteinNet,
    "reverse-einstein.fnn"
);

network_slot!(
    /// Dynamo's network (docs/nnue.md).
    DynamoNet,
    "dynamo.fnn"
);

network_slot!(
    /// Einstein's network (docs/nnue.md).
    EinsteinNet,
    "einstein.fnn"
);

network_slot!(
    /// Anti-Einstein's network (docs/nnue.md).
    AntiEinsteinNet,
    "anti-einstein.fnn"
);

network_slot!(
    /// Augsburg's network (docs/nnue.md).
    AugsburgNet,
    "augsburg.fnn"
);

/// The built-in chess network.
pub fn embedded() -> &'static Network {
    ChessNet::embedded()
}

/// The network an [`NnueEval`] of slot `S` made now plays with: the built-in one, or
/// the last given to [`use_network`].
pub fn current<S: NetworkSlot>() -> &'static Network {
    let chosen = *S::chosen().lock().unwrap_or_else(|e| e.into_inner());
    chosen.unwrap_or_else(S::embedded)
}

/// Makes `net` the network of the evaluators of slot `S` made from now on (`None`: the
/// built-in one). The network is leaked, as evaluators hold it for the program's life
/// and the accumulators know it by its address: each file loaded costs its 200 KB once.
pub fn use_network<S: NetworkSlot>(net: Option<Network>) {
    let net = net.map(|n| &*Box::leak(Box::new(n)));
    *S::chosen().lock().unwrap_or_else(|e| e.into_inner()) = net;
}

/// The evaluator that asks the network of slot `S` (chess's by default).
#[derive(Debug)]
pub struct NnueEval<S: NetworkSlot = ChessNet> {
    net: &'static Network,
    slot: PhantomData<S>,
}

// By hand: derived, both would ask `S` for them too.
impl<S: NetworkSlot> Clone for NnueEval<S> {
    fn clone(&self) -> Self {
        NnueEval {
            net: self.net,
            slot: PhantomData,
        }
    }
}

impl<S: NetworkSlot> Default for NnueEval<S> {
    /// An evaluator with the [`current`] network of its slot.
    fn default() -> Self {
        NnueEval {
            net: current::<S>(),
            slot: PhantomData,
        }
    }
}

impl<S: NetworkSlot> NnueEval<S> {
    /// An evaluator with another network (leaked: networks live as long as the
    /// program, like the embedded one).
    pub fn with(net: Network) -> Self {
        NnueEval {
            net: Box::leak(Box::new(net)),
            slot: PhantomData,
        }
    }
}

impl<S: NetworkSlot, P: Position> Evaluator<P> for NnueEval<S> {
    #[inline]
    fn evaluate(&self, pos: &P) -> i32 {
        self.net
            .evaluate_incrementally(pos.board(), pos.side_to_move())
    }

    fn use_network(net: Option<Network>) -> bool {
        use_network::<S>(net);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::Chess;

    /// The embedded network sees a position and its mirror image (colours swapped,
    /// board flipped, the other side to move) alike: the two points of view share
    /// their weights.
    #[test]
    fn mirrored_positions_score_alike() {
        let net = embedded();
        for (fen, mirror) in [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            (
                "8/5k2/8/3Q4/8/8/2K5/8 b - - 0 1",
                "8/2k5/8/8/3q4/8/5K2/8 w - - 0 1",
            ),
        ] {
            let a = Chess::from_fen(fen).unwrap();
            let b = Chess::from_fen(mirror).unwrap();
            let score = |p: &Chess| net.evaluate(p.board(), p.side_to_move());
            assert_eq!(score(&a), score(&b), "{fen}");
        }
    }

    /// Asserts that `eval`'s updated accumulators score `pos` as rebuilt ones do.
    fn assert_updates_match<S: NetworkSlot, P: Position>(eval: &NnueEval<S>, pos: &P) {
        let fresh = eval.net.evaluate(pos.board(), pos.side_to_move());
        assert_eq!(
            Evaluator::<P>::evaluate(eval, pos),
            fresh,
            "{}",
            pos.to_fen()
        );
    }

    /// Updated accumulators give what rebuilt ones give, move after move of a game
    /// with captures, castling and a promotion, and after a jump to another position.
    #[test]
    fn updates_match_rebuilds() {
        let eval = NnueEval::<ChessNet>::default();
        let mut pos = Chess::from_fen("r3k2r/1P3ppp/8/3pP3/8/8/5PPP/R3K2R w KQkq d6 0 1").unwrap();
        let moves = [
            "e5d6", "e8g8", "b7b8q", "a8b8", "e1c1", "f8e8", "d6d7", "e8e1",
        ];
        for text in moves {
            assert_updates_match(&eval, &pos);
            let mv = pos.parse_move(text).unwrap();
            pos.play(mv);
        }
        let far = Chess::from_fen("8/8/3k4/8/8/4K3/8/8 w - - 0 1").unwrap();
        assert_updates_match(&eval, &far);
    }

    /// In Augsburg too, where units fuse and split, updated accumulators give what
    /// rebuilt ones give, over 120 plies of moves picked by a fixed sequence.
    #[test]
    fn augsburg_updates_match_rebuilds() {
        use feerie_movegen::augsburg::Augsburg;
        let eval = NnueEval::<AugsburgNet>::with(ChessNet::embedded().clone());
        let mut pos = Augsburg::startpos();
        let mut fused = 0;
        let mut pick: u64 = 7;
        for _ in 0..120 {
            assert_updates_match(&eval, &pos);
            fused += usize::from(pos.to_fen().contains('('));
            let mut moves = <Augsburg as Position>::MoveList::default();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play(moves[(pick >> 33) as usize % moves.len()]);
        }
        assert!(
            fused > 10,
            "the game had compound units in {fused} positions"
        );
    }

    /// A file of the first format gives every bucket its one output; written again,
    /// it is a file of the current format that reads back the same.
    #[test]
    fn one_output_files_serve_every_bucket() {
        let one = file_bytes(1);
        let mut bytes = MAGIC_ONE_BUCKET.to_vec();
        bytes.extend((4..one - 4).map(|i| (i % 7) as u8));
        bytes.extend(12345i32.to_le_bytes());
        let net = Network::from_bytes(&bytes).unwrap();
        assert_eq!(net.output_bias, [12345 * QB / OLD_QB; BUCKETS]);
        let first = &net.output_weights[..2 * HIDDEN];
        for b in 1..BUCKETS {
            assert_eq!(
                &net.output_weights[b * 2 * HIDDEN..(b + 1) * 2 * HIDDEN],
                first
            );
        }
        let written = net.to_bytes();
        assert_eq!(
            (&written[..4], written.len()),
            (MAGIC.as_slice(), FILE_BYTES)
        );
        assert_eq!(Network::from_bytes(&written), Ok(net));
    }

    /// A file of the second format (output on the scale 64) reads as the same network
    /// on the scale 256: the same integers times four, so every score is the same.
    #[test]
    fn output_64_files_score_as_they_did() {
        let factor = QB / OLD_QB;
        let mut coarse = embedded().clone();
        coarse
            .output_weights
            .iter_mut()
            .for_each(|w| *w -= *w % factor as i16);
        coarse
            .output_bias
            .iter_mut()
            .for_each(|b| *b -= *b % factor);
        let mut old = MAGIC_OUTPUT_64.to_vec();
        let outputs = coarse.output_weights.iter().map(|&w| w / factor as i16);
        let weights = coarse
            .input_weights
            .iter()
            .chain(&coarse.hidden_bias)
            .copied();
        for w in weights.chain(outputs) {
            old.extend_from_slice(&w.to_le_bytes());
        }
        for b in &coarse.output_bias {
            old.extend_from_slice(&(b / factor).to_le_bytes());
        }
        let read = Network::from_bytes(&old).unwrap();
        assert_eq!(read, coarse);
        assert_ne!(read.output_weights, vec![0; read.output_weights.len()]);
    }

    /// The bucket counts every piece: two kings alone are the first, the start
    /// position the last.
    #[test]
    fn buckets_follow_the_piece_count() {
        let bucket_of = |fen: &str| bucket(Chess::from_fen(fen).unwrap().board());
        assert_eq!(bucket_of("8/8/3k4/8/8/4K3/8/8 w - - 0 1"), 0);
        assert_eq!(bucket_of("8/8/3k4/8/8/4K3/8/NNNN4 w - - 0 1"), 1);
        assert_eq!(
            bucket_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            BUCKETS - 1
        );
    }

    #[test]
    fn bad_network_files_are_refused() {
        assert_eq!(Network::from_bytes(b"XXXX"), Err(NetError::Magic));
        let short = Network::from_bytes(b"FNN3abc").unwrap_err();
        assert_eq!(
            short,
            NetError::Size {
                expected: FILE_BYTES,
                found: 7
            }
        );
        assert!(short.to_string().contains("7"));
        let net = embedded();
        assert_eq!(Network::from_bytes(&net.to_bytes()).as_ref(), Ok(net));
    }

    #[test]
    fn a_bad_network_file_is_named_in_its_error() {
        let dir = std::env::temp_dir().join(format!("feerie-nnue-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = dir.join("missing.fnn");
        let err = Network::from_file(&missing).unwrap_err();
        assert!(matches!(err, NetFileError::Io { .. }), "{err}");
        assert!(err.to_string().starts_with(&missing.display().to_string()));
        let bad = dir.join("bad.fnn");
        std::fs::write(&bad, b"XXXX").unwrap();
        let err = Network::from_file(&bad).unwrap_err();
        assert!(
            matches!(
                err,
                NetFileError::Format {
                    error: NetError::Magic,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().starts_with(&bad.display().to_string()));
        // A network with a byte too many is refused by its size, read only up to the bound.
        let long = dir.join("long.fnn");
        let mut bytes = MAGIC.to_vec();
        bytes.resize(FILE_BYTES + 1, 0);
        std::fs::write(&long, bytes).unwrap();
        let err = Network::from_file(&long).unwrap_err();
        let size = NetError::Size {
            expected: FILE_BYTES,
            found: FILE_BYTES + 1,
        };
        assert!(
            matches!(&err, NetFileError::Format { error, .. } if *error == size),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
