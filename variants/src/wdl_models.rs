//! The win/draw/loss model of each variant (`UCI_ShowWDL`), fitted by
//! `tools/fit_wdl.py DATA` to Feerie's self-play (`feerie datagen --variant V --games 1000
//! --nodes 5000 --seed 1`, openings of books/): see docs/wdl.md. Each comment gives the
//! positions fitted, their games' results (White's wins, draws, Black's wins) and the
//! fit's log-loss against that of the results alone.

use feerie_eval::wdl::WdlModel;

// 20718 positions; W/D/L 7874/5087/7757; log-loss 0.6135 (results alone 1.0803)
pub const CHESS_WDL: WdlModel = WdlModel {
    a: [282.9, -240.3],
    b: [95.5, 71.7],
};

// 37995 positions; W/D/L 16179/4671/17145; log-loss 0.5739 (results alone 0.9803)
pub const DYNAMO_WDL: WdlModel = WdlModel {
    a: [406.2, -400.1],
    b: [168.4, 231.1],
};

// 24012 positions; W/D/L 10676/2572/10764; log-loss 0.6800 (results alone 0.9593)
pub const AUGSBURG_WDL: WdlModel = WdlModel {
    a: [254.2, -233.8],
    b: [234.4, 23.8],
};

// 21484 positions; W/D/L 1205/18841/1438; log-loss 0.3423 (results alone 0.4577)
pub const EINSTEIN_WDL: WdlModel = WdlModel {
    a: [1445.6, 520.1],
    b: [243.0, 412.3],
};

// 37341 positions; W/D/L 16922/3120/17299; log-loss 0.6267 (results alone 0.9225)
pub const REVERSE_EINSTEIN_WDL: WdlModel = WdlModel {
    a: [278.9, -245.5],
    b: [219.4, 360.8],
};

// 22083 positions; W/D/L 421/21488/174; log-loss 0.1048 (results alone 0.1402)
pub const ANTI_EINSTEIN_WDL: WdlModel = WdlModel {
    a: [1402.7, 749.2],
    b: [143.5, 293.2],
};
