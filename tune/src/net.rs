//! `feerie tune-net`: trains a variant's network of `feerie_eval::nnue` on `feerie
//! datagen` lines, in floating point, then rounds it to the integers the engine plays
//! with.
//!
//! The network's output `y` is a score of `y × SCALE` centipawns for the side to move,
//! read as a chance by the logistic of Texel tuning with K = 1,
//! `σ(cp · ln 10 / 400)`. The target is `(1 − λ) × result + λ × σ(search score)`, both
//! for the side to move; Adam lowers the mean squared error over mini-batches. Every
//! tenth block of 64 positions is held out, and the epoch with the lowest loss on it is
//! kept. Weights stay within ±[`CLIP`], so the integer accumulators of a real position
//! (at most 32 inputs on) never overflow.

use crate::data::{DataError, LineError, parse_line};
use feerie_eval::nnue::{self, BUCKETS, HIDDEN, INPUTS, Network, QA, QB, SCALE};
use feerie_movegen::{Color, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// The largest weight, in either direction.
pub const CLIP: f32 = 1.98;
/// Positions per validation block (one block in ten is held out).
const BLOCK: usize = 64;
/// `ln 10 / 400 × SCALE`: the logistic's slope per unit of output.
const SLOPE: f32 = std::f32::consts::LN_10 / 400.0 * SCALE as f32;

/// One position: the inputs on from the side to move's view and from the other's, its
/// output bucket and the target chance for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    ours: Vec<u16>,
    theirs: Vec<u16>,
    bucket: u8,
    target: f32,
}

/// Reads `datagen` lines of the variant whose rules are `P` into samples with the
/// target blend `lambda`. Fails on the first bad line, naming `name` and the line
/// number.
pub fn samples<P: Position>(name: &str, text: &str, lambda: f32) -> Result<Vec<Sample>, DataError> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
    lines
        .par_iter()
        .filter_map(|&(index, line)| {
            let parsed = parse_line(line)?;
            Some(
                parsed
                    .and_then(|l| {
                        let pos = P::from_fen(l.fen).map_err(|error| LineError::Fen {
                            fen: l.fen.to_string(),
                            error,
                        })?;
                        let board = pos.board();
                        let white = pos.side_to_move() == Color::White;
                        let (score, result) = if white {
                            (l.score, l.result)
                        } else {
                            (-l.score, 1.0 - l.result)
                        };
                        let chance = logistic(score as f32 * std::f32::consts::LN_10 / 400.0);
                        let target = (1.0 - lambda) * result as f32 + lambda * chance;
                        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
                        for (w, b) in nnue::features(board) {
                            let (o, t) = if white { (w, b) } else { (b, w) };
                            ours.push(o as u16);
                            theirs.push(t as u16);
                        }
                        Ok(Sample {
                            ours,
                            theirs,
                            bucket: nnue::bucket(board) as u8,
                            target,
                        })
                    })
                    .map_err(|e| DataError::at(name, index, e)),
            )
        })
        .collect()
}

fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A network in floating point, in the layout of [`Network`].
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    pub input_weights: Vec<f32>,
    pub hidden_bias: Vec<f32>,
    pub output_weights: Vec<f32>,
    pub output_bias: Vec<f32>,
}

/// The parameters as one vector's parts: the order Adam and the gradients use.
const PARTS: [usize; 4] = [INPUTS * HIDDEN, HIDDEN, BUCKETS * 2 * HIDDEN, BUCKETS];

impl FloatNet {
    /// Small random weights from `seed` (uniform, scaled by each layer's fan-in).
    pub fn random(seed: u64) -> FloatNet {
        let mut state = seed | 1;
        let mut next = |scale: f32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
        };
        let input = 1.0 / (32f32).sqrt();
        let output = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        FloatNet {
            input_weights: (0..PARTS[0]).map(|_| next(input) * 0.5).collect(),
            hidden_bias: (0..HIDDEN).map(|_| next(0.1) + 0.1).collect(),
            output_weights: (0..PARTS[2]).map(|_| next(output)).collect(),
            output_bias: vec![0.0; BUCKETS],
        }
    }

    /// The float form of an integer network: where training goes on from a network
    /// file (`--init`) rather than from random weights.
    pub fn from_network(net: &Network) -> FloatNet {
        let scaled = |v: &[i16], scale: i32| v.iter().map(|&w| w as f32 / scale as f32).collect();
        FloatNet {
            input_weights: scaled(&net.input_weights, QA),
            hidden_bias: scaled(&net.hidden_bias, QA),
            output_weights: scaled(&net.output_weights, QB),
            output_bias: net
                .output_bias
                .iter()
                .map(|&b| b as f32 / (QA * QB) as f32)
                .collect(),
        }
    }

    fn accumulate(&self, inputs: &[u16]) -> Vec<f32> {
        let mut acc = self.hidden_bias.clone();
        for &i in inputs {
            let row = &self.input_weights[i as usize * HIDDEN..(i as usize + 1) * HIDDEN];
            acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
        acc
    }

    /// The output weights of a sample's bucket.
    fn output_row(&self, s: &Sample) -> &[f32] {
        let b = usize::from(s.bucket);
        &self.output_weights[b * 2 * HIDDEN..(b + 1) * 2 * HIDDEN]
    }

    /// The output for a sample's inputs, and the two accumulators.
    fn forward(&self, s: &Sample) -> (f32, Vec<f32>, Vec<f32>) {
        let (ours, theirs) = (self.accumulate(&s.ours), self.accumulate(&s.theirs));
        let (wo, wt) = self.output_row(s).split_at(HIDDEN);
        let dot = |acc: &[f32], w: &[f32]| -> f32 {
            acc.iter().zip(w).map(|(a, w)| a.clamp(0.0, 1.0) * w).sum()
        };
        let y = dot(&ours, wo) + dot(&theirs, wt) + self.output_bias[usize::from(s.bucket)];
        (y, ours, theirs)
    }

    /// The evaluation in centipawns for the side to move.
    pub fn centipawns(&self, s: &Sample) -> f32 {
        self.forward(s).0 * SCALE as f32
    }

    /// Squared error of one sample, and its gradient added into `grad` (laid out as
    /// [`PARTS`]).
    fn backward(&self, s: &Sample, grad: &mut [f32]) -> f32 {
        let (y, ours, theirs) = self.forward(s);
        let p = logistic(y * SLOPE);
        let error = p - s.target;
        let g = 2.0 * error * p * (1.0 - p) * SLOPE;
        let (inputs, rest) = grad.split_at_mut(PARTS[0]);
        let (bias, rest) = rest.split_at_mut(PARTS[1]);
        let (out, out_bias) = rest.split_at_mut(PARTS[2]);
        let b = usize::from(s.bucket);
        out_bias[b] += g;
        let out = &mut out[b * 2 * HIDDEN..(b + 1) * 2 * HIDDEN];
        for (half, (acc, on)) in [(&ours, &s.ours), (&theirs, &s.theirs)]
            .into_iter()
            .enumerate()
        {
            let weights = &self.output_row(s)[half * HIDDEN..(half + 1) * HIDDEN];
            let out = &mut out[half * HIDDEN..(half + 1) * HIDDEN];
            let mut d_acc = [0f32; HIDDEN];
            for h in 0..HIDDEN {
                out[h] += g * acc[h].clamp(0.0, 1.0);
                if acc[h] > 0.0 && acc[h] < 1.0 {
                    d_acc[h] = g * weights[h];
                }
            }
            bias.iter_mut().zip(&d_acc).for_each(|(b, d)| *b += d);
            for &i in on.iter() {
                let row = &mut inputs[i as usize * HIDDEN..(i as usize + 1) * HIDDEN];
                row.iter_mut().zip(&d_acc).for_each(|(r, d)| *r += d);
            }
        }
        error * error
    }

    fn params_mut(&mut self) -> [&mut [f32]; 4] {
        [
            &mut self.input_weights,
            &mut self.hidden_bias,
            &mut self.output_weights,
            &mut self.output_bias,
        ]
    }

    /// The integer network: each layer rounded on its scale.
    pub fn quantize(&self) -> Network {
        let round = |v: &[f32], scale: i32| -> Vec<i16> {
            v.iter()
                .map(|w| (w * scale as f32).round() as i16)
                .collect()
        };
        Network {
            input_weights: round(&self.input_weights, QA),
            hidden_bias: round(&self.hidden_bias, QA),
            output_weights: round(&self.output_weights, QB),
            output_bias: self
                .output_bias
                .iter()
                .map(|b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
        }
    }
}

/// Mean squared error over `samples`.
pub fn loss(net: &FloatNet, samples: &[Sample]) -> f64 {
    // Chunks summed in order: the same loss however the threads share the work.
    let chunks: Vec<f64> = samples
        .par_chunks(4096)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| f64::from((logistic(net.forward(s).0 * SLOPE) - s.target).powi(2)))
                .sum()
        })
        .collect();
    let total: f64 = chunks.iter().sum();
    total / samples.len().max(1) as f64
}

/// Splits samples into training and validation parts: every tenth block of
/// [`BLOCK`] positions (about a game) is held out.
pub fn split(samples: Vec<Sample>) -> (Vec<Sample>, Vec<Sample>) {
    let (mut train, mut validation) = (Vec::new(), Vec::new());
    for (i, s) in samples.into_iter().enumerate() {
        if (i / BLOCK) % 10 == 9 {
            validation.push(s);
        } else {
            train.push(s);
        }
    }
    (train, validation)
}

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct NetSettings {
    pub epochs: usize,
    /// Adam's step size.
    pub rate: f32,
    /// Positions per Adam step.
    pub batch: usize,
    pub seed: u64,
}

/// Adam's moments, one pair per parameter.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, net: &mut FloatNet, grad: &[f32], rate: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let mut at = 0;
        for part in net.params_mut() {
            for w in part.iter_mut() {
                let g = grad[at];
                self.m[at] = B1 * self.m[at] + (1.0 - B1) * g;
                self.v[at] = B2 * self.v[at] + (1.0 - B2) * g * g;
                let step = rate * (self.m[at] / c1) / ((self.v[at] / c2).sqrt() + 1e-8);
                *w = (*w - step).clamp(-CLIP, CLIP);
                at += 1;
            }
        }
    }
}

/// Trains `net` on `train`, keeping the epoch best on `validation` (the start itself
/// when no epoch beats it); `report` hears each epoch's number and its two losses. The
/// step size falls tenfold for the last quarter of the epochs. Setting `stop` ends the
/// run at the next batch; the epoch under way is dropped.
pub fn train(
    mut net: FloatNet,
    train: &mut [Sample],
    validation: &[Sample],
    settings: &NetSettings,
    stop: &AtomicBool,
    mut report: impl FnMut(usize, f64, f64),
) -> FloatNet {
    let size: usize = PARTS.iter().sum();
    let mut adam = Adam {
        m: vec![0.0; size],
        v: vec![0.0; size],
        t: 0,
    };
    let mut best = (loss(&net, validation), net.clone());
    let mut order_seed = settings.seed;
    for epoch in 1..=settings.epochs {
        shuffle(train, &mut order_seed);
        let rate = if epoch * 4 > settings.epochs * 3 {
            settings.rate / 10.0
        } else {
            settings.rate
        };
        let mut train_loss = 0.0;
        let batch_size = settings.batch.max(8);
        for batch in train.chunks(batch_size) {
            if stop.load(Ordering::Relaxed) {
                return best.1;
            }
            // The parts are summed in order, so a seed gives the same network however
            // the threads share the work.
            let parts: Vec<(Vec<f32>, f64)> = batch
                .par_chunks(batch_size.div_ceil(8))
                .map(|part| {
                    let mut grad = vec![0f32; size];
                    let sum: f64 = part
                        .iter()
                        .map(|s| f64::from(net.backward(s, &mut grad)))
                        .sum();
                    (grad, sum)
                })
                .collect();
            let (mut grad, sum) = parts
                .into_iter()
                .reduce(|(mut a, x), (b, y)| {
                    a.iter_mut().zip(&b).for_each(|(a, b)| *a += b);
                    (a, x + y)
                })
                .expect("a batch has samples");
            let n = batch.len() as f32;
            grad.iter_mut().for_each(|g| *g /= n);
            adam.step(&mut net, &grad, rate);
            train_loss += sum;
        }
        let train_loss = train_loss / train.len().max(1) as f64;
        let validation_loss = loss(&net, validation);
        report(epoch, train_loss, validation_loss);
        if validation_loss < best.0 {
            best = (validation_loss, net.clone());
        }
    }
    best.1
}

/// Fisher-Yates with a xorshift generator: the same seed, the same order.
fn shuffle(samples: &mut [Sample], seed: &mut u64) {
    for i in (1..samples.len()).rev() {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        samples.swap(i, (*seed % (i as u64 + 1)) as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_movegen::Chess;

    /// Lines where the side with the extra queen won: a trained network must see the
    /// queen, from either side, and its integer form must agree with its float form.
    fn queen_data() -> String {
        let mut text = String::new();
        let kings = [
            "4k3/8/8/8/8/8/8/4K3",
            "6k1/8/8/8/8/8/8/1K6",
            "k7/8/8/8/8/8/8/6K1",
        ];
        for (n, kings) in kings.iter().enumerate() {
            for i in 0..64 {
                let pos = Chess::from_fen(&format!("{kings} w - - 0 1")).unwrap();
                let square = feerie_movegen::Square::new(i as u8);
                let white = (i + n) % 2 == 0;
                let color = if white { Color::White } else { Color::Black };
                if pos.board().piece_at(square).is_some() {
                    continue;
                }
                let mut board = pos.board().clone();
                board.put(
                    square,
                    feerie_movegen::Piece::new(color, feerie_movegen::PieceKind::Queen),
                );
                let placement = board.fen_placement();
                for stm in ["w", "b"] {
                    // A queen giving check to the side not to move is no position.
                    let Ok(pos) = Chess::from_fen(&format!("{placement} {stm} - - 0 1")) else {
                        continue;
                    };
                    let (score, result) = if white { (900, "1.0") } else { (-900, "0.0") };
                    text.push_str(&format!("{} | {score} | {result}\n", pos.to_fen()));
                }
            }
        }
        text
    }

    #[test]
    fn a_stopped_training_keeps_the_best_finished_epoch() {
        let samples = samples::<Chess>("queens", &queen_data(), 0.5).unwrap();
        let mut train_set = samples.clone();
        let settings = NetSettings {
            epochs: 50,
            rate: 0.01,
            batch: 64,
            seed: 3,
        };
        let stop = AtomicBool::new(false);
        let mut seen = vec![loss(&FloatNet::random(3), &samples)];
        let net = train(
            FloatNet::random(3),
            &mut train_set,
            &samples,
            &settings,
            &stop,
            |epoch, _, v| {
                seen.push(v);
                stop.store(epoch == 2, Ordering::Relaxed);
            },
        );
        assert_eq!(seen.len(), 3, "the start and two epochs");
        let best = seen.iter().copied().fold(f64::INFINITY, f64::min);
        assert_eq!(loss(&net, &samples), best);
    }

    #[test]
    fn training_learns_an_extra_queen_and_rounding_keeps_it() {
        let samples = samples::<Chess>("queens", &queen_data(), 0.5).unwrap();
        assert!(samples.len() > 200, "{}", samples.len());
        let before = loss(&FloatNet::random(3), &samples);
        let mut train_set = samples.clone();
        let settings = NetSettings {
            epochs: 300,
            rate: 0.01,
            batch: 16_384,
            seed: 3,
        };
        let start = FloatNet::random(settings.seed);
        let go_on = AtomicBool::new(false);
        let net = train(
            start,
            &mut train_set,
            &samples,
            &settings,
            &go_on,
            |_, _, _| {},
        );
        let after = loss(&net, &samples);
        assert!(after < before / 4.0, "loss {before} -> {after}");
        let ints = net.quantize();
        for (s, line) in samples.iter().zip(queen_data().lines()) {
            let pos = Chess::from_fen(line.split('|').next().unwrap().trim()).unwrap();
            let float = net.centipawns(s);
            let int = ints.evaluate(pos.board(), pos.side_to_move());
            // Rounding each weight costs about a centipawn in a hundred.
            let tolerance = 5.0 + float.abs() / 50.0;
            assert!(
                (float - int as f32).abs() < tolerance,
                "{line}: {float} against {int}"
            );
            // The side to move with the queen is ahead, the other is behind.
            let white_queen = line.contains("| 900 |");
            let to_move_white = pos.side_to_move() == Color::White;
            assert_eq!(int > 100, white_queen == to_move_white, "{line}: {int}");
        }
    }

    /// The trainer's float network and its rounded integer form read the same bucket:
    /// a random network (whose buckets differ) scores alike in both forms, in
    /// positions of four buckets, either side to move.
    #[test]
    fn float_and_integer_forms_agree_in_every_bucket() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R b KQ - 0 8",
            "r4rk1/1p3ppp/p1n1p3/8/3P4/P4N2/1P3PPP/R4RK1 w - - 0 16",
            "8/5pk1/6p1/3r4/8/6P1/5PK1/2R5 b - - 0 40",
            "8/8/3k4/8/8/4K3/8/NNNN4 w - - 0 1",
            "8/8/3k4/8/8/4K3/8/8 b - - 0 1",
        ];
        let text: String = fens.iter().map(|f| format!("{f} | 0 | 0.5\n")).collect();
        let samples = samples::<Chess>("fens", &text, 0.5).unwrap();
        let mut buckets: Vec<u8> = samples.iter().map(|s| s.bucket).collect();
        buckets.dedup();
        assert_eq!(buckets, [7, 4, 1, 0], "the positions' buckets");
        // Weights that are integers on their scales, so rounding changes none of them.
        let ints = FloatNet::random(5).quantize();
        let net = FloatNet::from_network(&ints);
        for (s, fen) in samples.iter().zip(fens) {
            let pos = Chess::from_fen(fen).unwrap();
            let float = net.centipawns(s);
            let int = ints.evaluate(pos.board(), pos.side_to_move());
            assert!(
                (float - int as f32).abs() < 5.0 + float.abs() / 50.0,
                "{fen}: {float} against {int}"
            );
        }
    }

    #[test]
    fn a_bad_line_names_its_place() {
        let err = samples::<Chess>("f", "8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 2.0\n", 0.5)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("f:1:"), "{err}");
        let err = samples::<Chess>("f", "4k3/8/8/8/8/8/8/9 w - - 0 1 | 0 | 1.0\n", 0.5)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("f:1: bad FEN"), "{err}");
    }

    #[test]
    fn a_written_network_reads_back() {
        let net = FloatNet::random(9).quantize();
        assert_eq!(Network::from_bytes(&net.to_bytes()), Ok(net.clone()));
        // A network read back in floating point rounds to itself again.
        assert_eq!(FloatNet::from_network(&net).quantize(), net);
    }
}
