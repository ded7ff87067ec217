//! Transposition table: what earlier visits of a position (by Zobrist hash) learned.

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
    pub best: u16,
    pub depth: i8,
    pub bound: Bound,
}

impl Default for Entry {
    fn default() -> Self {
        Entry {
            key: 0,
            score: 0,
            best: u16::MAX,
            depth: -1,
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
        (e.key == key && e.depth >= 0).then_some(e)
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
