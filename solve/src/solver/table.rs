//! The transposition table: proven and refuted results of (position, kind of node,
//! remaining length), shared by the threads that search the first moves in parallel.
//!
//! One slot is one `AtomicU64` holding the full key with its lowest bit replaced by the
//! result, so a read never sees half of a write and no lock is needed. Keys are 64-bit
//! Zobrist keys salted with the node kind and length; a wrong hit needs two positions that
//! agree on all 63 stored bits, which an exhaustive solver can afford to ignore.

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored result is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Attacker to move: can it force the goal?
    Attack = 0,
    /// Defender to move: does every move lose?
    Defence = 1,
    /// Help play: is there a line of exactly this many half-moves?
    Help = 2,
    /// Series play: is there a series of exactly this many moves?
    Series = 3,
}

/// log2 of the number of slots for the shortest and for the longest searches: 8 bytes a
/// slot, so 128 KiB to 64 MiB, four times more slots per extra half-move. The table is
/// allocated zeroed by the system (bytemuck's `zeroed_slice_box`), so only the pages a
/// search touches cost anything; but slots are spread at random, so a search touches
/// about a page per stored result until it has touched them all, and a short problem
/// solved with a big table spends most of its time taking page faults.
const MIN_BITS: u32 = 14;
const MAX_BITS: u32 = 23;

pub(crate) struct Table {
    slots: Box<[AtomicU64]>,
    /// 64 - log2(slots): the shift that turns a key into a slot index.
    shift: u32,
}

impl Table {
    /// A table for a search of `half_moves` half-moves.
    pub(crate) fn for_length(half_moves: u32) -> Table {
        let bits = (MIN_BITS + 2 * half_moves.saturating_sub(2)).min(MAX_BITS);
        Table {
            slots: bytemuck::zeroed_slice_box(1usize << bits),
            shift: 64 - bits,
        }
    }

    /// The result stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<bool> {
        let stored = self.slots[self.slot(key)].load(Ordering::Relaxed);
        (stored != 0 && stored | 1 == key | 1).then_some(stored & 1 == 1)
    }

    #[inline]
    pub(crate) fn store(&self, key: u64, result: bool) {
        let word = (key & !1) | u64::from(result);
        self.slots[self.slot(key)].store(word.max(2), Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key >> self.shift) as usize
    }
}

/// The table key of a position key for one kind of node and one length.
#[inline]
pub(crate) fn salted(position_key: u64, kind: Kind, length: u32) -> u64 {
    position_key ^ mix((kind as u64) << 32 | u64::from(length))
}

/// A bijective scramble (splitmix64's finaliser): spreads small numbers over 64 bits.
#[inline]
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_both_results_under_their_own_keys() {
        let table = Table::for_length(4);
        let a = salted(0x1234_5678_9abc_def0, Kind::Attack, 2);
        let b = salted(0x1234_5678_9abc_def0, Kind::Attack, 3);
        assert_eq!(table.probe(a), None);
        table.store(a, true);
        table.store(b, false);
        assert_eq!(table.probe(a), Some(true));
        assert_eq!(table.probe(b), Some(false));
        assert_eq!(
            table.probe(salted(0x1234_5678_9abc_def0, Kind::Help, 2)),
            None
        );
    }
}
