//! Transposition table shared by all search threads, made only of atomics.
//!
//! Each slot is two `AtomicU64`: the data word and `key ^ data`. A reader accepts a slot
//! only when the two words XOR back to its key, so a slot torn by a concurrent writer is
//! rejected rather than misread (the lockless scheme of Hyatt and Mann). Four slots make
//! a 64-byte bucket, one cache line.
//!
//! Data word layout:
//!
//! | bits  | field |
//! |-------|-------|
//! | 0-31  | move (`MoveCode::to_bits`, 0 = none) |
//! | 32-47 | score (i16, mate scores relative to the node) |
//! | 48-55 | depth (0 = quiescence) |
//! | 56-57 | bound (1 exact, 2 lower, 3 upper; 0 = empty slot) |
//! | 58-63 | age (search generation, 6 bits) |

use crate::Bound;
use crate::value::MATE;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

const SLOTS: usize = 4;
const AGE_MASK: u8 = 63;

#[derive(Debug, Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; SLOTS],
}

/// What a probe returns. The move is raw bits: the caller checks it is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    pub mv: u32,
    /// Score relative to the node (convert with `value::from_tt`).
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Debug)]
pub struct TransTable {
    buckets: Vec<Bucket>,
    age: u8,
}

fn pack(mv: u32, score: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let b = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    mv as u64
        | ((score as i16 as u16 as u64) << 32)
        | ((depth.clamp(0, 255) as u64) << 48)
        | (b << 56)
        | (((age & AGE_MASK) as u64) << 58)
}

fn unpack(data: u64) -> TtEntry {
    TtEntry {
        mv: data as u32,
        score: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 255) as i32,
        bound: match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

fn age_of(data: u64) -> u8 {
    (data >> 58) as u8 & AGE_MASK
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 255) as i32
}

impl TransTable {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> TransTable {
        TransTable::try_new(mb).unwrap_or_else(|| panic!("cannot allocate a {mb} MiB table"))
    }

    /// A table of `mb` MiB, or `None` when the memory cannot be had: an allocation
    /// failure must never abort the engine.
    pub fn try_new(mb: usize) -> Option<TransTable> {
        let bytes = mb.max(1).saturating_mul(1024 * 1024);
        TransTable::with_buckets((bytes / std::mem::size_of::<Bucket>()).max(1))
    }

    /// The smallest table (one bucket): what stands in while a large one is replaced,
    /// so the old and the new are never allocated at once.
    pub fn tiny() -> TransTable {
        TransTable::with_buckets(1).expect("one bucket")
    }

    fn with_buckets(n: usize) -> Option<TransTable> {
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(n).ok()?;
        buckets.resize_with(n, Bucket::default);
        Some(TransTable { buckets, age: 0 })
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            for s in &mut b.slots {
                *s.key.get_mut() = 0;
                *s.data.get_mut() = 0;
            }
        }
        self.age = 0;
    }

    /// Starts a new search generation: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & AGE_MASK;
    }

    #[inline]
    fn bucket(&self, hash: u64) -> &Bucket {
        // Multiply-shift maps the hash onto any table size without a modulo.
        let i = ((hash as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    pub fn probe(&self, hash: u64) -> Option<TtEntry> {
        self.bucket(hash).slots.iter().find_map(|s| {
            let data = s.data.load(Relaxed);
            let key = s.key.load(Relaxed);
            (data != 0 && key ^ data == hash).then(|| unpack(data))
        })
    }

    /// Stores a result. Keeps the old move when the new result has none; otherwise
    /// replaces the same position's entry unless it is much deeper and from this search,
    /// or else the shallowest, oldest slot of the bucket.
    pub fn store(&self, hash: u64, mv: u32, score: i32, depth: i32, bound: Bound) {
        // The score must fit the 16-bit field and be a real score (never a window
        // bound such as ±INFINITY); the depth must fit its 8-bit field unclamped.
        debug_assert!((-MATE..=MATE).contains(&score), "TT score {score}");
        debug_assert!((0..=255).contains(&depth), "TT depth {depth}");
        let bucket = self.bucket(hash);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for s in &bucket.slots {
            let data = s.data.load(Relaxed);
            let key = s.key.load(Relaxed);
            if data == 0 {
                if victim_worth > i32::MIN {
                    victim = s;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if key ^ data == hash {
                let old = unpack(data);
                if bound != Bound::Exact && age_of(data) == self.age && old.depth > depth + 3 {
                    return;
                }
                let mv = if mv == 0 { old.mv } else { mv };
                write(s, hash, pack(mv, score, depth, bound, self.age));
                return;
            }
            let stale = (self.age.wrapping_sub(age_of(data)) & AGE_MASK) as i32;
            let worth = depth_of(data) - 8 * stale;
            if worth < victim_worth {
                victim = s;
                victim_worth = worth;
            }
        }
        write(victim, hash, pack(mv, score, depth, bound, self.age));
    }

    /// Permille of slots filled in this search, sampled over the first 1000 buckets.
    pub fn hashfull(&self) -> u32 {
        let sample = &self.buckets[..self.buckets.len().min(1000)];
        let used = sample
            .iter()
            .flat_map(|b| b.slots.iter())
            .filter(|s| {
                let d = s.data.load(Relaxed);
                d != 0 && age_of(d) == self.age
            })
            .count();
        (used * 1000 / (sample.len() * SLOTS)) as u32
    }
}

#[inline]
fn write(s: &Slot, hash: u64, data: u64) {
    s.key.store(hash ^ data, Relaxed);
    s.data.store(data, Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{MATE, from_tt, to_tt};

    #[test]
    fn store_then_probe() {
        let tt = TransTable::new(1);
        assert_eq!(tt.probe(0xDEAD_BEEF), None);
        tt.store(0xDEAD_BEEF, 1234, -77, 9, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF).expect("stored");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (1234, -77, 9, Bound::Lower)
        );
        assert_eq!(tt.probe(0xDEAD_BEEE), None);
    }

    #[test]
    fn keeps_move_when_new_result_has_none() {
        let tt = TransTable::new(1);
        tt.store(42, 777, 10, 3, Bound::Exact);
        tt.store(42, 0, 20, 4, Bound::Upper);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.mv, e.score, e.depth), (777, 20, 4));
    }

    #[test]
    fn mate_score_survives_table_with_ply_adjustment() {
        let tt = TransTable::new(1);
        // Mate in 3 plies from a node at ply 5 (root-relative MATE - 8).
        tt.store(7, 1, to_tt(MATE - 8, 5), 6, Bound::Exact);
        let e = tt.probe(7).unwrap();
        assert_eq!(from_tt(e.score, 5), MATE - 8);
        assert_eq!(from_tt(e.score, 2), MATE - 5);
        tt.store(8, 1, to_tt(-MATE + 6, 6), 6, Bound::Exact);
        assert_eq!(from_tt(tt.probe(8).unwrap().score, 6), -MATE + 6);
    }

    #[test]
    fn concurrent_writers_never_yield_mixed_entries() {
        // Threads hammer a tiny table with entries whose fields are all derived from the
        // key; any hit whose fields do not match its key would be a torn read accepted.
        let tt = TransTable::new(1);
        let fields = |k: u64| {
            (
                (k >> 7) as u32 | 1,
                (k % 2000) as i32 - 1000,
                (k % 60) as i32,
            )
        };
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for i in 0..50_000u64 {
                        let k = (i * 4 + t).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                        let (mv, score, depth) = fields(k);
                        tt.store(k, mv, score, depth, Bound::Lower);
                        let j = (i * 4 + (t + 1) % 4).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                        if let Some(e) = tt.probe(j) {
                            assert_eq!((e.mv, e.score, e.depth), fields(j));
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn bucket_replacement_keeps_table_usable() {
        let mut tt = TransTable::new(1);
        // Many keys into a tiny table: every store must be probe-able right after.
        for k in 1..10_000u64 {
            let h = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tt.store(h, k as u32, k as i32 % 1000, (k % 20) as i32, Bound::Exact);
            assert_eq!(tt.probe(h).unwrap().mv, k as u32);
        }
        assert!(tt.hashfull() > 0);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
    }
}
