//! A per-thread cache of static evaluations, by position hash. Iterative deepening
//! visits most positions of the last iteration again, and the transposition table keeps
//! scores but not evaluations, so without it every revisit evaluates again.

/// Slots per thread: 256 KiB, small enough to stay near the core.
const SLOTS: usize = 1 << 15;
/// The hash bits a slot keeps, 16 to 63. The index fixes bits 0 to 14 and the
/// evaluation takes the low 16 bits of the slot, so only bit 15 goes unchecked.
const KEY_MASK: u64 = !0xFFFF;

/// Direct-mapped: a slot holds the hash's high 48 bits and the evaluation in the low 16.
#[derive(Debug)]
pub(crate) struct EvalCache {
    slots: Box<[u64]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            slots: vec![0; SLOTS].into_boxed_slice(),
        }
    }
}

impl EvalCache {
    /// The evaluation stored for `hash`, if any.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<i32> {
        let slot = self.slots[hash as usize % SLOTS];
        (slot != 0 && slot & KEY_MASK == hash & KEY_MASK).then_some(slot as u16 as i16 as i32)
    }

    /// Stores `eval` (within the 16-bit range, as every clamped evaluation is) for
    /// `hash`, over whatever the slot held.
    #[inline]
    pub fn put(&mut self, hash: u64, eval: i32) {
        debug_assert!(i16::try_from(eval).is_ok(), "evaluation {eval}");
        self.slots[hash as usize % SLOTS] = hash & KEY_MASK | eval as i16 as u16 as u64;
    }

    /// Forgets every evaluation (`ucinewgame`, `Clear Hash`), with the histories. A
    /// searcher's evaluator never changes, so the cache is never wrong, only old.
    pub fn clear(&mut self) {
        self.slots.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_evaluations_by_hash_and_tells_positions_apart() {
        let mut cache = EvalCache::default();
        let (a, b) = (0x1234_5678_9ABC_DEF0u64, 0x0FED_CBA9_8765_4321u64);
        assert_eq!(cache.get(a), None);
        cache.put(a, -31_000);
        cache.put(b, 517);
        assert_eq!(cache.get(a), Some(-31_000));
        assert_eq!(cache.get(b), Some(517));
        // Same slot, other key: a miss, then it replaces the first.
        let c = a ^ (1 << 40);
        assert_eq!(cache.get(c), None);
        cache.put(c, 0);
        assert_eq!((cache.get(c), cache.get(a)), (Some(0), None));
        cache.clear();
        assert_eq!(cache.get(b), None);
    }
}
