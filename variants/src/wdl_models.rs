//! The win/draw/loss model of each variant (`UCI_ShowWDL`), fitted by
//! `tools/fit_wdl.py DATA` to Feerie's self-play (`feerie datagen --variant V --games 1000
//! --nodes 5000 --seed 1`, openings of books/): see docs/wdl.md. Each comment gives the
//! positions fitted, their games' results (White's wins, draws, Black's wins) and the
//! fit's log-loss against that of the results alone.

use feerie_eval::wdl::WdlModel;

// Refitted to the engine of 7816e3e (chess playing with the fifth network, whose games
// are more drawn and whose scores convert less often than the linear evaluation's):
// `feerie datagen --variant chess --games 30000 --nodes 5000 --threads 2 --seed 81 --book
// books/chess.epd`, its first 835,761 positions. 20385 fitted; W/D/L 6319/7957/6109;
// log-loss 0.6597 (results alone 1.0914). On the second sample (`--second`) it scores
// 0.6651, the previous model (29ef6ae's) 0.8688.
pub const CHESS_WDL: WdlModel = WdlModel {
    a: [565.2, -524.7],
    b: [229.7, -117.1],
};

// 37995 positions; W/D/L 16179/4671/17145; log-loss 0.5739 (results alone 0.9803)
pub const DYNAMO_WDL: WdlModel = WdlModel {
    a: [406.2, -400.1],
    b: [168.4, 231.1],
};

// 24012 positions; W/D/L 10676/2572/10764; log-loss 0.6800 (results alone 0.9593)
// Kept for the tuned evaluation: on 1000 of its games (seed 3) it scores log-loss 0.7213,
// better than a refit (0.7451, the fit is not convex).
pub const AUGSBURG_WDL: WdlModel = WdlModel {
    a: [254.2, -233.8],
    b: [234.4, 23.8],
};

// 21484 positions; W/D/L 1205/18841/1438; log-loss 0.3423 (results alone 0.4577)
pub const EINSTEIN_WDL: WdlModel = WdlModel {
    a: [1445.6, 520.1],
    b: [243.0, 412.3],
};

// Refitted to the tuned evaluation's scores (its scale is about a quarter wider):
// `feerie datagen --variant reverse-einstein --games 1000 --nodes 5000 --seed 3`,
// `tools/fit_wdl.py DATA 20000 3000`. The previous model scored log-loss 0.6620 on it.
// 36256 positions; W/D/L 14929/5572/15755; log-loss 0.6195 (results alone 1.0154)
pub const REVERSE_EINSTEIN_WDL: WdlModel = WdlModel {
    a: [579.0, -523.0],
    b: [288.2, 259.3],
};

// 22083 positions; W/D/L 421/21488/174; log-loss 0.1048 (results alone 0.1402)
pub const ANTI_EINSTEIN_WDL: WdlModel = WdlModel {
    a: [1402.7, 749.2],
    b: [143.5, 293.2],
};
