//! Zobrist keys from a `const` splitmix64 stream: the same on every build and platform.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

/// Number of piece codes with their own keys: 12 orthodox coloured pieces, and room for
/// variant-specific codes (Augsburg component counts).
pub const PIECE_CODES: usize = 64;

static PIECE_SQUARE: [u64; PIECE_CODES * 64] = keys(0x0F0E_0D0C_0B0A_0908);
static CASTLING: [u64; 16] = keys(0x1111_2222_3333_4444);
static EN_PASSANT: [u64; 64] = keys(0x5555_6666_7777_8888);
/// XORed in when black is to move.
pub const SIDE: u64 = keys::<1>(0xABCD_EF01_2345_6789)[0];

/// Key of piece code `code` (< `PIECE_CODES`) on square index `sq`.
#[inline]
pub fn piece(code: usize, sq: usize) -> u64 {
    PIECE_SQUARE[code * 64 + sq]
}

/// Key of a castling-rights mask (4 bits).
#[inline]
pub fn castling(rights: u8) -> u64 {
    CASTLING[rights as usize & 15]
}

/// Key of an en passant target square index.
#[inline]
pub fn en_passant(sq: usize) -> u64 {
    EN_PASSANT[sq]
}
