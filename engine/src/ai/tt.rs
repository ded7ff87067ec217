//! Transposition table: what earlier visits of a position (by Zobrist hash) learned.

use super::types::PackedMove;

/// The depth of a slot nothing has been stored in: below every real depth (0 and up).
const EMPTY_DEPTH: i8 = -1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub best: PackedMove,
    pub depth: i8,
    pub bound: Bound,
}

impl Default for Entry {
    fn default() -> Self {
        Entry {
            key: 0,
            score: 0,
            best: PackedMove::NONE,
            depth: EMPTY_DEPTH,
            bound: Bound::Upper,
        }
    }
}

pub(crate) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// `bits`: log2 of the number of entries (16 bytes each).
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            entries: vec![Entry::default(); 1 << bits],
        }
    }

    fn slot(&self, key: u64) -> usize {
        key as usize & (self.entries.len() - 1)
    }

    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && e.depth > EMPTY_DEPTH).then_some(e)
    }

    /// Keeps the deeper of two entries for the same position; a different position
    /// always replaces (newer searches matter more).
    pub(crate) fn put(&mut self, entry: Entry) {
        let i = self.slot(entry.key);
        let old = &mut self.entries[i];
        if old.key != entry.key || entry.depth >= old.depth || entry.bound == Bound::Exact {
            *old = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_stays_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }

    #[test]
    fn a_stored_entry_comes_back_with_its_move() {
        let mut t = Table::new(4);
        assert!(
            t.get(0).is_none(),
            "an empty slot is no entry, even for key 0"
        );
        t.put(Entry {
            key: 5,
            score: 7,
            best: PackedMove::new(112),
            depth: 3,
            bound: Bound::Exact,
        });
        let e = t.get(5).unwrap();
        assert_eq!((e.score, e.best.get(), e.depth), (7, Some(112), 3));
        assert!(t.get(5 + 16).is_none(), "same slot, other key");
    }
}
