//! Transposition table: what earlier visits of a position (by Zobrist hash) learned.
//! One table may be shared by several search threads (Lazy SMP) and kept from one search
//! to the next: each slot is two atomic words, the entry and the key XOR the entry, so a
//! slot torn by two threads writing at once reads as "no entry" instead of as a wrong one.

use super::types::PackedMove;
use std::sync::atomic::{AtomicU64, Ordering};

/// The depth of a slot nothing has been stored in: below every real depth (0 and up).
const EMPTY_DEPTH: i8 = -1;
/// Bytes one slot takes: two 64-bit words.
pub(crate) const SLOT_BYTES: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub best: PackedMove,
    pub depth: i8,
    pub bound: Bound,
}

impl Entry {
    /// Score, move, depth and bound in one word (the key is kept beside it).
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best = self.best.get().map_or(0, |m| m as u64 + 1);
        (self.score as u32 as u64)
            | (best << 32)
            | ((self.depth as u8 as u64) << 48)
            | (bound << 56)
    }

    /// `None` for a word no entry was packed into.
    fn unpack(key: u64, word: u64) -> Option<Entry> {
        let bound = match word >> 56 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let best = ((word >> 32) & 0xFFFF) as usize;
        Some(Entry {
            key,
            score: word as u32 as i32,
            best: match best {
                0 => PackedMove::NONE,
                m => PackedMove::new(m - 1),
            },
            depth: (word >> 48) as u8 as i8,
            bound,
        })
    }
}

struct Slot {
    /// The key XOR `data`: a slot whose two words come from different writes fails the
    /// check.
    check: AtomicU64,
    data: AtomicU64,
}

pub(crate) struct Table {
    slots: Vec<Slot>,
}

impl Table {
    /// `bits`: log2 of the number of slots (16 bytes each).
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            slots: (0..1usize << bits)
                .map(|_| Slot {
                    check: AtomicU64::new(0),
                    data: AtomicU64::new(0),
                })
                .collect(),
        }
    }

    /// The largest table (a power of two of slots) that fits in `bytes`, at least one slot.
    pub(crate) fn fitting(bytes: usize) -> Table {
        Table::new(Table::slots_fitting(bytes).trailing_zeros())
    }

    /// The slots of `fitting(bytes)`.
    pub(crate) fn slots_fitting(bytes: usize) -> usize {
        let slots = (bytes / SLOT_BYTES).max(1);
        1 << (usize::BITS - 1 - slots.leading_zeros())
    }

    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[key as usize & (self.slots.len() - 1)]
    }

    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        Entry::unpack(key, data).filter(|e| e.depth > EMPTY_DEPTH)
    }

    /// Keeps the deeper of two entries for the same position; a different position
    /// always replaces (newer searches matter more).
    pub(crate) fn put(&self, entry: Entry) {
        let slot = self.slot(entry.key);
        if let Some(old) = self.get(entry.key)
            && entry.depth < old.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        let data = entry.pack();
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(entry.key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, score: i32, best: usize, depth: i8, bound: Bound) -> Entry {
        Entry {
            key,
            score,
            best: PackedMove::new(best),
            depth,
            bound,
        }
    }

    #[test]
    fn a_slot_stays_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Slot>(), SLOT_BYTES);
        assert_eq!(Table::new(4).bytes(), 16 * SLOT_BYTES);
        assert_eq!(
            Table::fitting(1000).bytes(),
            32 * SLOT_BYTES,
            "1000 B holds 62 slots"
        );
        assert_eq!(Table::fitting(0).bytes(), SLOT_BYTES);
    }

    #[test]
    fn a_stored_entry_comes_back_with_its_move() {
        let t = Table::new(4);
        assert!(
            t.get(0).is_none(),
            "an empty slot is no entry, even for key 0"
        );
        t.put(entry(5, 7, 112, 3, Bound::Exact));
        let e = t.get(5).unwrap();
        assert_eq!((e.score, e.best.get(), e.depth), (7, Some(112), 3));
        assert!(t.get(5 + 16).is_none(), "same slot, other key");
    }

    #[test]
    fn every_field_survives_packing() {
        let t = Table::new(4);
        for (score, best, depth, bound) in [
            (-1_000_000, 0, 0, Bound::Lower),
            (999_990, 624, 127, Bound::Upper),
            (0, 300, 5, Bound::Exact),
        ] {
            let e = entry(9, score, best, depth, bound);
            t.put(e);
            assert_eq!(t.get(9), Some(e));
        }
        let none = Entry {
            best: PackedMove::NONE,
            ..entry(3, 1, 0, 1, Bound::Upper)
        };
        t.put(none);
        assert_eq!(t.get(3), Some(none));
    }

    #[test]
    fn a_shallower_bound_does_not_replace_a_deeper_entry() {
        let t = Table::new(4);
        t.put(entry(5, 7, 1, 6, Bound::Lower));
        t.put(entry(5, 9, 2, 2, Bound::Upper));
        assert_eq!(t.get(5).unwrap().depth, 6);
        t.put(entry(5, 9, 2, 2, Bound::Exact));
        assert_eq!(t.get(5).unwrap().depth, 2, "an exact score always replaces");
    }

    #[test]
    fn a_torn_slot_reads_as_no_entry() {
        let t = Table::new(4);
        t.put(entry(5, 7, 1, 6, Bound::Lower));
        // Another thread's write to the same slot, half done: its data but our check.
        let other = entry(21, 8, 2, 3, Bound::Exact).pack();
        t.slot(5).data.store(other, Ordering::Relaxed);
        assert!(t.get(5).is_none());
        assert!(t.get(21).is_none());
    }
}
