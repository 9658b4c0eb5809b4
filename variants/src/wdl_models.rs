//! The win/draw/loss model of each variant (`UCI_ShowWDL`), fitted by
//! `tools/fit_wdl.py DATA` to Feerie's self-play (`feerie datagen --variant V --games 1000
//! --nodes 5000`, openings of books/): see docs/wdl.md. A new network can change what
//! its scores mean for the result, so each model is checked, and refitted when a refit
//! predicts better, whenever its variant takes a new network; docs/log/wdl.md records
//! the games, commit and log-loss of every fit.

use feerie_eval::wdl::WdlModel;

// Fitted to the games of the tenth network, the first trained on Stockfish's scores,
// which are narrower than Feerie's own; the later networks kept it.
pub const CHESS_WDL: WdlModel = WdlModel {
    a: [423.4, -376.5],
    b: [132.7, -4.6],
};

// Fitted to the games of the fourth network.
pub const DYNAMO_WDL: WdlModel = WdlModel {
    a: [368.5, -363.2],
    b: [311.3, -55.2],
};

// Fitted to the games of the fifth network.
pub const AUGSBURG_WDL: WdlModel = WdlModel {
    a: [964.7, -947.1],
    b: [502.9, -150.3],
};

// Fitted to the games of the fourth network; the fifth kept it.
pub const EINSTEIN_WDL: WdlModel = WdlModel {
    a: [1435.3, -551.1],
    b: [226.7, 107.7],
};

// Fitted to the games of the fourth network.
pub const REVERSE_EINSTEIN_WDL: WdlModel = WdlModel {
    a: [245.3, -217.6],
    b: [69.8, 204.0],
};

// Fitted to the games of the fourth network.
pub const ANTI_EINSTEIN_WDL: WdlModel = WdlModel {
    a: [1330.5, 359.6],
    b: [155.1, 336.6],
};
