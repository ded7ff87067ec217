//! Transposition table: what earlier visits of a position (by Zobrist hash) learned.
//! One table may be shared by several search threads (Lazy SMP) and kept from one search
//! to the next: each slot is two atomic words, the entry and the key XOR the entry, so a
//! slot torn by two threads writing at once reads as "no entry" instead of as a wrong one.
//!
//! Slots come in buckets of four, one cache line: a position may sit in any slot of its
//! bucket, so a probe reads one line, and a new position displaces the least useful of
//! four entries (the shallowest, each counted shallower the older its search) instead of
//! whatever held its one slot. A deep entry near the root is worth thousands of leaf
//! entries, and a table that always replaced lost them to the leaves of the same search.

use super::types::PackedMove;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// The depth of a slot nothing has been stored in: below every real depth (0 and up).
const EMPTY_DEPTH: i8 = -1;
/// Bytes one slot takes: two 64-bit words.
pub(crate) const SLOT_BYTES: usize = 16;
/// Slots per bucket: four slots of 16 bytes fill a 64-byte cache line.
const BUCKET_SLOTS: usize = 4;
/// Choosing which entry of a full bucket to displace, an entry counts this many plies
/// shallower for each search it is older than the current one (Stockfish's weighing): the
/// last move's deep entries still guide this one, but not for ever.
const AGE_PLIES: i32 = 8;

/// Where each field sits in a packed entry: the score in the low 32 bits, then the move
/// (plus one; 0 for none), the depth, the bound and the generation.
const MOVE_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const GENERATION_SHIFT: u32 = 58;

/// Which search stored an entry, counted modulo `Generation::COUNT` (the bits a packed
/// entry has left for it). An entry `COUNT` searches old reads as new; a bucket seldom
/// keeps one that long (each search counts an old entry shallower still), and a wrong age
/// only misjudges which entry to give up, never what an entry says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Generation(u8);

impl Generation {
    const COUNT: u8 = 1 << (u64::BITS - GENERATION_SHIFT);

    /// The generation of search number `searches` (any count: 256 is a multiple of
    /// `COUNT`, so a wrapping counter stays consistent).
    fn of(searches: u8) -> Generation {
        Generation(searches % Self::COUNT)
    }

    /// How many searches `older` came before this one.
    fn searches_since(self, older: Generation) -> u8 {
        self.0.wrapping_sub(older.0) % Self::COUNT
    }
}

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
    fn pack(&self, generation: Generation) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best = self.best.get().map_or(0, |m| m as u64 + 1);
        (self.score as u32 as u64)
            | (best << MOVE_SHIFT)
            | ((self.depth as u8 as u64) << DEPTH_SHIFT)
            | (bound << BOUND_SHIFT)
            | (u64::from(generation.0) << GENERATION_SHIFT)
    }

    /// `None` for a word no entry was packed into.
    fn unpack(key: u64, word: u64) -> Option<Entry> {
        let bound = match (word >> BOUND_SHIFT) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let best = ((word >> MOVE_SHIFT) & 0xFFFF) as usize;
        Some(Entry {
            key,
            score: word as u32 as i32,
            best: match best {
                0 => PackedMove::NONE,
                m => PackedMove::new(m - 1),
            },
            depth: (word >> DEPTH_SHIFT) as u8 as i8,
            bound,
        })
    }
}

/// The search that stored a packed entry.
fn generation_of(word: u64) -> Generation {
    Generation((word >> GENERATION_SHIFT) as u8)
}

struct Slot {
    /// The key XOR `data`: a slot whose two words come from different writes fails the
    /// check.
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry held for `key`, if this slot holds one, and the search that stored it.
    fn read(&self, key: u64) -> Option<(Entry, Generation)> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        Entry::unpack(key, data)
            .filter(|e| e.depth > EMPTY_DEPTH)
            .map(|e| (e, generation_of(data)))
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
    /// Searches begun on this table (`new_search`), wrapping: its `Generation` is the
    /// current search's.
    searches: AtomicU8,
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
            searches: AtomicU8::new(0),
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
        self.searches.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> Generation {
        Generation::of(self.searches.load(Ordering::Relaxed))
    }

    /// Asks the processor to start loading `key`'s bucket into the cache, without
    /// waiting for it: the search calls this before making a move whose position it
    /// will look up, so the memory access overlaps the board's update instead of
    /// stalling the look-up (the table is larger than the processor's nearer caches,
    /// and its probes were a tenth of the search's time under `perf`). Only a hint; on
    /// processors other than x86-64 it does nothing.
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch reads nothing the program sees and cannot fault (the
            // address is a live bucket anyway); SSE, which it needs, is part of every
            // x86-64 processor.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
            }
        }
        // Elsewhere the key is not needed.
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        self.bucket(key)
            .0
            .iter()
            .find_map(|slot| slot.read(key))
            .map(|(entry, _)| entry)
    }

    /// Keeps the deeper of two entries for the same position; the one kept counts as
    /// this search's (it is in use again). A new position takes the bucket's least
    /// useful slot: an empty one, else the shallowest once each entry's age is counted
    /// against it (`AGE_PLIES`); newer searches matter more, so a new position is always
    /// stored.
    pub(crate) fn put(&self, entry: Entry) {
        let generation = self.generation();
        let slots = &self.bucket(entry.key).0;
        for slot in slots {
            if let Some((old, stamped)) = slot.read(entry.key) {
                if entry.depth >= old.depth || entry.bound == Bound::Exact {
                    slot.write(entry.key, entry.pack(generation));
                } else if stamped != generation {
                    // Only a stale stamp is rewritten: fewer writes for other threads to
                    // race with.
                    slot.write(entry.key, old.pack(generation));
                }
                return;
            }
        }
        let usefulness = |slot: &Slot| {
            let word = slot.data.load(Ordering::Relaxed);
            Entry::unpack(0, word)
                .filter(|e| e.depth > EMPTY_DEPTH)
                .map_or(i32::MIN, |e| {
                    let age = generation.searches_since(generation_of(word));
                    i32::from(e.depth) - AGE_PLIES * i32::from(age)
                })
        };
        let victim = slots
            .iter()
            .min_by_key(|slot| usefulness(slot))
            .expect("a bucket has slots");
        victim.write(entry.key, entry.pack(generation));
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
        assert!(t.get(5 + 16).is_none(), "same bucket, other key");
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
        assert_eq!(occupied(&t, 5), 1, "nor is it stored beside it");
        t.put(entry(5, 9, 2, 2, Bound::Exact));
        assert_eq!(t.get(5).unwrap().depth, 2, "an exact score always replaces");
        assert_eq!(occupied(&t, 5), 1, "in the same slot");
    }

    /// The slots of `key`'s bucket that hold anything.
    fn occupied(t: &Table, key: u64) -> usize {
        t.bucket(key)
            .0
            .iter()
            .filter(|slot| slot.data.load(Ordering::Relaxed) != 0)
            .count()
    }

    #[test]
    fn a_torn_slot_reads_as_no_entry() {
        let t = Table::new(4);
        t.put(entry(5, 7, 1, 6, Bound::Lower));
        // Another thread's write to the same slot, half done: its data but our check.
        let other = entry(21, 8, 2, 3, Bound::Exact).pack(Generation(0));
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
        assert_eq!(
            after_a_fifth(&t, &[(1, 5), (2, 2), (3, 7), (4, 9)]),
            [1, 3, 4]
        );
    }

    /// Fills `t`'s one bucket with `entries` (key, depth) in this search, then stores a
    /// fifth position, one ply deep; returns which of the keys stayed.
    fn after_a_fifth(t: &Table, entries: &[(u64, i8)]) -> Vec<u64> {
        for &(key, depth) in entries {
            t.put(entry(key, 0, 0, depth, Bound::Exact));
        }
        t.put(entry(99, 0, 0, 1, Bound::Exact));
        assert!(t.get(99).is_some(), "a new position is always stored");
        (1..=4).filter(|&key| t.get(key).is_some()).collect()
    }

    /// An entry `depth` plies deep stored after `searches` searches, then three entries
    /// of the next search and a fifth: which of the four keys stayed.
    fn a_search_later(searches: u8, depth: i8) -> Vec<u64> {
        let t = one_bucket();
        for _ in 0..searches {
            t.new_search();
        }
        t.put(entry(1, 0, 0, depth, Bound::Exact));
        t.new_search();
        after_a_fifth(&t, &[(2, 3), (3, 4), (4, 5)])
    }

    #[test]
    fn an_entry_counts_eight_plies_shallower_for_each_search_it_is_older() {
        // A search old, ten plies deep is worth two of this search's plies and makes room
        // before a three-ply entry; twelve plies deep is worth four and stays (with nine
        // plies a search it would tie at three and go first: the weight is pinned at 8).
        assert_eq!(a_search_later(0, 10), [2, 3, 4]);
        assert_eq!(a_search_later(0, 12), [1, 3, 4]);
    }

    #[test]
    fn an_entry_in_use_again_counts_as_this_searchs() {
        let t = one_bucket();
        t.put(entry(1, 0, 0, 10, Bound::Exact));
        t.new_search();
        // This search meets position 1 again, more shallowly: the old entry stays, and
        // is this search's now.
        t.put(entry(1, 0, 0, 2, Bound::Upper));
        assert_eq!(t.get(1).unwrap().depth, 10);
        assert_eq!(after_a_fifth(&t, &[(2, 3), (3, 4), (4, 5)]), [1, 3, 4]);
    }

    #[test]
    fn ages_count_across_the_generations_wrap() {
        // Stored in the last generation before the wrap, met in the first after it: one
        // search old, as without a wrap (neither none nor sixty-three).
        let last = Generation::COUNT - 1;
        assert_eq!(a_search_later(last, 10), [2, 3, 4]);
        assert_eq!(a_search_later(last, 20), [1, 3, 4]);
    }

    #[test]
    fn the_search_counter_wraps_without_touching_the_entry() {
        let t = one_bucket();
        for _ in 0..100 {
            t.new_search();
        }
        // 100 searches: the generation wrapped at `Generation::COUNT` to 36.
        assert_eq!(t.generation(), Generation(36));
        let e = entry(7, -5, 100, 12, Bound::Upper);
        t.put(e);
        assert_eq!(t.get(7), Some(e));
    }
}
