//! `UCI_Elo` to `Skill Level`: the calibration table of docs/levels.md (chess matches
//! against Stockfish's own `UCI_Elo` levels), read between its points by straight lines,
//! so any Elo in the option's range gives a (fractional) level.

/// (level, Elo on Stockfish 15.1's `UCI_Elo` scale), rising in both: measured in chess
/// at 2+0.02 with the network evaluation (docs/levels.md: 40 to 80 games per point
/// against Stockfish, so each point is known to about ±80 to ±110 Elo; levels 0 and 4
/// are below Stockfish's lowest 1350 and are extrapolated from matches between levels,
/// at half their self-play difference). Level 20 is the full engine.
const TABLE: [(f64, f64); 7] = [
    (0.0, 1100.0),
    (4.0, 1150.0),
    (8.0, 1305.0),
    (12.0, 1650.0),
    (16.0, 1955.0),
    (19.0, 2000.0),
    (20.0, 2100.0),
];

/// The lowest and highest `UCI_Elo` (the table's ends).
pub const MIN_ELO: i64 = TABLE[0].1 as i64;
pub const MAX_ELO: i64 = TABLE[TABLE.len() - 1].1 as i64;

/// The level that plays at about `elo` (clamped to the table).
pub fn level_for_elo(elo: i64) -> f64 {
    let elo = (elo as f64).clamp(TABLE[0].1, TABLE[TABLE.len() - 1].1);
    let upper = TABLE
        .iter()
        .position(|&(_, e)| e >= elo)
        .unwrap_or(0)
        .max(1);
    let ((l0, e0), (l1, e1)) = (TABLE[upper - 1], TABLE[upper]);
    l0 + (l1 - l0) * (elo - e0) / (e1 - e0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's level menu (gui/page/levels.js) shows the Elo of each level from its
    /// own copy of this table (the page has no other way to know it): the two must agree.
    #[test]
    fn the_pages_level_menu_has_this_table() {
        let page = include_str!("../../gui/page/levels.js");
        let line = page
            .lines()
            .find(|line| line.starts_with("const CALIBRATION = "))
            .expect("levels.js has its CALIBRATION line");
        let written: Vec<String> = TABLE
            .iter()
            .map(|&(level, elo)| format!("[{level}, {elo}]"))
            .collect();
        assert_eq!(
            line,
            format!("const CALIBRATION = [{}];", written.join(", "))
        );
    }

    #[test]
    fn the_table_rises() {
        for pair in TABLE.windows(2) {
            assert!(pair[1].0 > pair[0].0 && pair[1].1 > pair[0].1);
        }
        assert_eq!(TABLE[TABLE.len() - 1].0, feerie_search::skill::FULL_LEVEL);
    }

    #[test]
    fn the_ends_and_the_points_give_their_levels() {
        assert_eq!(level_for_elo(MIN_ELO), 0.0);
        assert_eq!(level_for_elo(MIN_ELO - 500), 0.0);
        assert_eq!(level_for_elo(MAX_ELO), 20.0);
        assert_eq!(level_for_elo(MAX_ELO + 500), 20.0);
        for (level, elo) in TABLE {
            assert!((level_for_elo(elo as i64) - level).abs() < 1e-9);
        }
    }

    #[test]
    fn between_points_the_level_is_interpolated() {
        let (a, b) = (TABLE[1], TABLE[2]);
        let mid = level_for_elo(((a.1 + b.1) / 2.0) as i64);
        assert!((mid - (a.0 + b.0) / 2.0).abs() < 0.05, "{mid}");
        let levels: Vec<f64> = (MIN_ELO..=MAX_ELO).map(level_for_elo).collect();
        assert!(levels.windows(2).all(|p| p[1] >= p[0]));
    }
}
