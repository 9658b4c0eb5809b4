#[rustfmt::skip]
pub const TUNED: Weights = Weights {
    material: [97, 308, 329, 500, 951],
    king_edge: [-118, -37, -13, -2],
    king_open_line: -19,
    king_slider_contact: -30,
    king_leaper_contact: -19,
    piece_on_edge: [-3, -12, -13, -12, -21],
    mobility: 2,
    pawn_rank: [-9, 2, 3, 2, 13, 34, 70, 1],
    tempo: 12,
};
