//! Transposition table: what earlier visits of a position (by Zobrist hash) learned.
//! One table may be shared by several search threads (Lazy SMP) and kept from one search
//! to the next: each slot is two atomic words, the entry and the key XOR the entry, so a
//! slot torn by two threads writing at once reads as "no entry" instead of as a wrong one.
//!
//! Slots come in buckets of four, one cache line: a position may sit in any slot of its
//! bucket, so a probe reads one line, and a new position displaces the least useful of
//! four entries (the shallowest, an earlier search's first) instead of whatever held its
//! one slot. A deep entry near the root is worth thousands of leaf entries, and a table
//! that always replaced lost them to the leaves of the same search.

use super::types::PackedMove;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// The depth of a slot nothing has been stored in: below every real depth (0 and up).
const EMPTY_DEPTH: i8 = -1;
/// Bytes one slot takes: two 64-bit words.
pub(crate) const SLOT_BYTES: usize = 16;
/// Slots per bucket: four slots of 16 bytes fill a 64-byte cache line.
const BUCKET_SLOTS: usize = 4;
/// Searches are counted modulo this (the generation's bits in a packed entry).
const GENERATIONS: u8 = 64;
/// Choosing which entry of a full bucket to displace, an entry counts this many plies
/// shallower for each search it is older than the current one (Stockfish's weighing): the
/// last move's deep entries still guide this one, but not for ever.
const AGE_PLIES: i32 = 8;

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
    /// Score, move, depth, bound and the search that stored it (`generation`) in one word
    /// (the key is kept beside it).
    fn pack(&self, generation: u8) -> u64 {
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
            | (u64::from(generation % GENERATIONS) << 58)
    }

    /// `None` for a word no entry was packed into.
    fn unpack(key: u64, word: u64) -> Option<Entry> {
        let bound = match (word >> 56) & 3 {
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

/// The search that stored a packed entry, modulo `GENERATIONS`.
fn generation_of(word: u64) -> u8 {
    (word >> 58) as u8
}

struct Slot {
    /// The key XOR `data`: a slot whose two words come from different writes fails the
    /// check.
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry held for `key`, if this slot holds one (and the packed word).
    fn read(&self, key: u64) -> Option<(Entry, u64)> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        Entry::unpack(key, data)
            .filter(|e| e.depth > EMPTY_DEPTH)
            .map(|e| (e, data))
    }

    fn write(&self, key: u64, data: u64) {
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// Four slots on one cache line.
#[repr(align(64))]
struct Bucket([Slot; BUCKET_SLOTS]);

pub(crate) struct Table {
    buckets: Vec<Bucket>,
    /// The current search, modulo `GENERATIONS` (`new_search`).
    generation: AtomicU8,
}

impl Table {
    /// `bits`: log2 of the number of slots (16 bytes each); at least one bucket's.
    pub(crate) fn new(bits: u32) -> Table {
        let buckets = (1usize << bits) / BUCKET_SLOTS;
        Table {
            buckets: (0..buckets.max(1))
                .map(|_| {
                    Bucket(std::array::from_fn(|_| Slot {
                        check: AtomicU64::new(0),
                        data: AtomicU64::new(0),
                    }))
                })
                .collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// The largest table (a power of two of slots) that fits in `bytes`, at least one
    /// bucket.
    pub(crate) fn fitting(bytes: usize) -> Table {
        Table::new(Table::slots_fitting(bytes).trailing_zeros())
    }

    /// The slots of `fitting(bytes)`.
    pub(crate) fn slots_fitting(bytes: usize) -> usize {
        let slots = (bytes / SLOT_BYTES).max(BUCKET_SLOTS);
        1 << (usize::BITS - 1 - slots.leading_zeros())
    }

    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[key as usize & (self.buckets.len() - 1)]
    }

    /// A new search begins: entries stored from now on are younger than all before, and
    /// a full bucket gives up the older ones first.
    pub(crate) fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        self.bucket(key)
            .0
            .iter()
            .find_map(|slot| slot.read(key))
            .map(|(e, _)| e)
    }

    /// Keeps the deeper of two entries for the same position. A new position takes the
    /// bucket's least useful slot: an empty one, else the shallowest once each entry's
    /// age is counted against it (`AGE_PLIES`); newer searches matter more, so a new
    /// position is always stored.
    pub(crate) fn put(&self, entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let slots = &self.bucket(entry.key).0;
        let data = entry.pack(generation);
        for slot in slots {
            if let Some((old, _)) = slot.read(entry.key) {
                if entry.depth >= old.depth || entry.bound == Bound::Exact {
                    slot.write(entry.key, data);
                }
                return;
            }
        }
        let usefulness = |slot: &Slot| {
            let word = slot.data.load(Ordering::Relaxed);
            let depth = (word >> 48) as u8 as i8;
            if (word >> 56) & 3 == 0 || depth <= EMPTY_DEPTH {
                return i32::MIN;
            }
            let age = (generation + GENERATIONS - generation_of(word)) % GENERATIONS;
            i32::from(depth) - AGE_PLIES * i32::from(age)
        };
        let victim = slots
            .iter()
            .min_by_key(|slot| usefulness(slot))
            .expect("a bucket has slots");
        victim.write(entry.key, data);
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
        assert_eq!(
            Table::fitting(0).bytes(),
            BUCKET_SLOTS * SLOT_BYTES,
            "at least one bucket"
        );
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
        let other = entry(21, 8, 2, 3, Bound::Exact).pack(0);
        t.bucket(5).0[0].data.store(other, Ordering::Relaxed);
        assert!(t.get(5).is_none());
        assert!(t.get(21).is_none());
    }

    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
    }

    /// A table of one bucket: every key shares it.
    fn one_bucket() -> Table {
        let t = Table::new(2);
        assert_eq!(t.buckets.len(), 1);
        t
    }

    #[test]
    fn positions_sharing_a_bucket_all_stay() {
        let t = one_bucket();
        for key in 1..=4 {
            t.put(entry(key, key as i32, 0, 3, Bound::Lower));
        }
        for key in 1..=4 {
            assert_eq!(t.get(key).map(|e| e.score), Some(key as i32), "key {key}");
        }
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry() {
        let t = one_bucket();
        for (key, depth) in [(1, 5), (2, 2), (3, 7), (4, 9)] {
            t.put(entry(key, 0, 0, depth, Bound::Upper));
        }
        t.put(entry(5, 0, 0, 1, Bound::Upper));
        assert!(t.get(5).is_some(), "a new position is always stored");
        assert!(t.get(2).is_none(), "the shallowest entry made room");
        for key in [1, 3, 4] {
            assert!(t.get(key).is_some(), "key {key} stays");
        }
    }

    #[test]
    fn an_earlier_search_entries_make_room_first() {
        let t = one_bucket();
        t.put(entry(1, 0, 0, 10, Bound::Exact));
        t.new_search();
        for (key, depth) in [(2, 3), (3, 4), (4, 5)] {
            t.put(entry(key, 0, 0, depth, Bound::Exact));
        }
        t.put(entry(5, 0, 0, 1, Bound::Exact));
        assert!(
            t.get(1).is_none(),
            "ten plies deep but a search old: worth two plies of this one"
        );
        for key in 2..=5 {
            assert!(t.get(key).is_some(), "key {key} stays");
        }
    }

    #[test]
    fn the_generation_wraps_without_touching_the_entry() {
        let t = one_bucket();
        for _ in 0..GENERATIONS as usize + 3 {
            t.new_search();
        }
        let e = entry(7, -5, 100, 12, Bound::Upper);
        t.put(e);
        assert_eq!(t.get(7), Some(e));
    }
}
