//! The win/draw/loss model of each variant (`UCI_ShowWDL`), fitted by
//! `tools/fit_wdl.py DATA` to Feerie's self-play (`feerie datagen --variant V --games 1000
//! --nodes 5000 --seed 1`, openings of books/): see docs/wdl.md. Each comment gives the
//! positions fitted, their games' results (White's wins, draws, Black's wins) and the
//! fit's log-loss against that of the results alone.

use feerie_eval::wdl::WdlModel;

// Refitted to the scores of the tenth network (trained on Stockfish's scores, which are
// narrower than the ninth's): `feerie datagen --variant chess --games 1000 --nodes 5000
// --threads 1 --seed 4 --book books/chess.epd`, `tools/fit_wdl.py DATA 20000 3000`.
// 22954 fitted; W/D/L 7575/7989/7390; log-loss 0.5679 (results alone 1.0981). On the
// second sample (`--second`) it scores 0.5666, the previous model (7816e3e's) 0.6008.
pub const CHESS_WDL: WdlModel = WdlModel {
    a: [423.4, -376.5],
    b: [132.7, -4.6],
};

// Refitted to the scores of the fourth network (2026-12-06): `feerie datagen --variant
// dynamo --games 1000 --nodes 5000 --threads 2 --seed 4 --book books/dynamo.epd`, the
// fourth network built in, `tools/fit_wdl.py DATA 20000 3000`. 21469 positions; W/D/L
// 9718/2218/9533; log-loss 0.5768 (results alone 0.9538). On the second sample 0.5773,
// the third network's model 0.5899.
pub const DYNAMO_WDL: WdlModel = WdlModel {
    a: [368.5, -363.2],
    b: [311.3, -55.2],
};

// Refitted to the fifth network's scores (2026-12-06): as Dynamo's with `--variant
// augsburg --threads 2`, the network built in (the engine of the fifth's commit),
// `fit_wdl.py DATA 18000 3000` (the file's 36418 lines, so that the second sample is
// other lines). 18209 positions; W/D/L 8080/2984/7145; log-loss 0.7357 (results alone
// 1.0240). On the second sample 0.7348, the fourth network's model 0.7402.
pub const AUGSBURG_WDL: WdlModel = WdlModel {
    a: [964.7, -947.1],
    b: [502.9, -150.3],
};

// Refitted to the fourth network's scores (2026-12-06): `feerie datagen --variant
// einstein --games 1000 --nodes 5000 --threads 1 --seed 4 --book books/einstein.epd`,
// the network by `--evalfile` in the engine of 8f69995, `fit_wdl.py DATA 20000 3000`.
// 20291 positions; W/D/L 1230/17846/1215; log-loss 0.3038 (results alone 0.4514). On
// the second sample 0.3033, the second network's model (kept for the third) 0.3167.
pub const EINSTEIN_WDL: WdlModel = WdlModel {
    a: [1435.3, -551.1],
    b: [226.7, 107.7],
};

// Refitted to the scores of the fourth network (2026-12-05): as Dynamo's with
// `--variant reverse-einstein --threads 1`, in the engine of 4212caf. 20055
// positions; W/D/L 9070/2199/8786; log-loss 0.4254 (results alone 0.9628). On the
// second sample 0.4282, the third network's model 0.4289.
pub const REVERSE_EINSTEIN_WDL: WdlModel = WdlModel {
    a: [245.3, -217.6],
    b: [69.8, 204.0],
};

// Refitted to the fourth network's scores (2026-12-06): as Dynamo's with `--variant
// anti-einstein --threads 2`, the network built in (the engine of its commit). 21964
// positions; W/D/L 371/20989/604; log-loss 0.1538 (results alone 0.2111). On the
// second sample 0.1541, the third network's model 0.1602.
pub const ANTI_EINSTEIN_WDL: WdlModel = WdlModel {
    a: [1330.5, 359.6],
    b: [155.1, 336.6],
};
