//! The board: points, stones, and the grid itself.

use std::fmt;

/// Smallest supported board side.
pub const MIN_SIZE: u8 = 5;
/// Largest supported board side (columns a..y in notation).
pub const MAX_SIZE: u8 = 25;
/// The usual Gomoku board.
pub const DEFAULT_SIZE: u8 = 15;

/// The four line directions a five can run in: horizontal, vertical and both diagonals.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// An intersection. `col` 0 is column `a` (left); `row` 0 is row `1` (the BOTTOM row), as
/// in the standard notation, so `h8` is `Point { col: 7, row: 7 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub col: u8,
    pub row: u8,
}

impl Point {
    pub const fn new(col: u8, row: u8) -> Self {
        Self { col, row }
    }

    /// The point `steps` away in direction `(dc, dr)`, if it stays on a board of `size`.
    pub fn offset(self, (dc, dr): (i8, i8), steps: i32, size: u8) -> Option<Point> {
        let c = self.col as i32 + dc as i32 * steps;
        let r = self.row as i32 + dr as i32 * steps;
        let s = size as i32;
        (c >= 0 && c < s && r >= 0 && r < s).then(|| Point::new(c as u8, r as u8))
    }
}

/// A stone colour; black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Stone::Black => "black",
            Stone::White => "white",
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board size outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError(pub u32);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not supported (use {MIN_SIZE} to {MAX_SIZE})",
            self.0
        )
    }
}

impl std::error::Error for SizeError {}

/// A square grid of intersections, each empty or holding a stone.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Stone>>,
    stones: usize,
}

impl Default for Board {
    fn default() -> Self {
        Board::new(DEFAULT_SIZE).expect("the default size is valid")
    }
}

impl Board {
    pub fn new(size: u8) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size as u32));
        }
        Ok(Board {
            size,
            cells: vec![None; size as usize * size as usize],
            stones: 0,
        })
    }

    /// A board holding `stones`, for setting up positions that no game order has to
    /// reach (problems, tests). Points must be on the board and distinct.
    pub fn from_stones(size: u8, stones: &[(Point, Stone)]) -> Result<Board, String> {
        let mut board = Board::new(size).map_err(|e| e.to_string())?;
        for &(p, stone) in stones {
            if !board.is_empty_at(p) {
                return Err(format!("({}, {}) is off the board or taken", p.col, p.row));
            }
            board.set(p, Some(stone));
        }
        Ok(board)
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn contains(&self, p: Point) -> bool {
        p.col < self.size && p.row < self.size
    }

    fn index(&self, p: Point) -> usize {
        p.row as usize * self.size as usize + p.col as usize
    }

    /// The stone at `p`; `None` for an empty point or one off the board.
    pub fn get(&self, p: Point) -> Option<Stone> {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    pub fn is_empty_at(&self, p: Point) -> bool {
        self.contains(p) && self.cells[self.index(p)].is_none()
    }

    /// Puts or removes a stone. Callers (the `Game`) check legality first.
    pub(crate) fn set(&mut self, p: Point, stone: Option<Stone>) {
        let i = self.index(p);
        match (self.cells[i].is_some(), stone.is_some()) {
            (false, true) => self.stones += 1,
            (true, false) => self.stones -= 1,
            _ => {}
        }
        self.cells[i] = stone;
    }

    pub fn stone_count(&self) -> usize {
        self.stones
    }

    pub fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }

    /// Every point of the board, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |row| (0..size).map(move |col| Point::new(col, row)))
    }

    /// The centre point (h8 on 15x15).
    pub fn center(&self) -> Point {
        Point::new(self.size / 2, self.size / 2)
    }

    /// How many same-coloured stones run from `p` (exclusive) in direction `dir`.
    pub fn run_length(&self, p: Point, dir: (i8, i8), stone: Stone) -> usize {
        let mut n = 0;
        while let Some(q) = p.offset(dir, n as i32 + 1, self.size) {
            if self.get(q) != Some(stone) {
                break;
            }
            n += 1;
        }
        n
    }
}

/// Every window of five consecutive points on a board of `size` (the classic web AIs'
/// "ways to win": 572 on 15x15).
pub fn five_windows(size: u8) -> Vec<[Point; 5]> {
    let mut out = Vec::new();
    for row in 0..size {
        for col in 0..size {
            let start = Point::new(col, row);
            for dir in DIRECTIONS {
                if start.offset(dir, 4, size).is_some() {
                    out.push(std::array::from_fn(|i| {
                        start.offset(dir, i as i32, size).expect("checked end")
                    }));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_range_are_rejected() {
        assert_eq!(Board::new(4), Err(SizeError(4)));
        assert_eq!(Board::new(26), Err(SizeError(26)));
        assert!(Board::new(5).is_ok());
        assert!(Board::new(25).is_ok());
    }

    #[test]
    fn fifteen_by_fifteen_has_572_windows() {
        assert_eq!(five_windows(15).len(), 572);
        // 5x5: 5 rows + 5 columns + 2 diagonals.
        assert_eq!(five_windows(5).len(), 12);
    }

    #[test]
    fn get_off_board_is_none_and_counts_track_set() {
        let mut b = Board::new(15).unwrap();
        assert_eq!(b.get(Point::new(15, 0)), None);
        b.set(Point::new(3, 4), Some(Stone::Black));
        b.set(Point::new(3, 4), Some(Stone::White));
        assert_eq!(b.stone_count(), 1);
        assert_eq!(b.get(Point::new(3, 4)), Some(Stone::White));
        b.set(Point::new(3, 4), None);
        assert_eq!(b.stone_count(), 0);
    }
}
