//! Which rows of stones win.

use crate::board::{Board, DIRECTIONS, Point, Stone};
use std::fmt;
use std::str::FromStr;

/// The winning condition of a game. Kept as a value of the game so that further rules
/// (Renju) slot in without changing the `Game` API.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; an overline (six or more) does not.
    Standard,
    /// Renju: black must make exactly five and may not play a double three, double four
    /// or overline (see `crate::renju`); white wins with five or more.
    Renju,
}

impl Rule {
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// The keyword used in save files and settings.
    pub fn keyword(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// A short name for menus.
    pub fn label(self) -> &'static str {
        match self {
            Rule::Freestyle => "Freestyle (five or more)",
            Rule::Standard => "Standard (exactly five)",
            Rule::Renju => "Renju (black: no 3-3, 4-4, overline)",
        }
    }

    /// Does a run of `len` stones of `stone` win?
    pub fn is_winning_run(self, len: usize, stone: Stone) -> bool {
        match (self, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => len >= 5,
            (Rule::Standard, _) | (Rule::Renju, Stone::Black) => len == 5,
        }
    }

    /// Does this rule forbid some moves to `stone`?
    pub fn has_forbidden_moves(self, stone: Stone) -> bool {
        self == Rule::Renju && stone == Stone::Black
    }

    /// The winning row that the stone at `last` belongs to, if any, as the points of the
    /// whole run in order along the line (five, or more for a freestyle overline).
    pub fn winning_line(self, board: &Board, last: Point) -> Option<Vec<Point>> {
        let stone = board.get(last)?;
        let size = board.size();
        DIRECTIONS.into_iter().find_map(|dir| {
            let back = (-dir.0, -dir.1);
            let before = board.run_length(last, back, stone);
            let after = board.run_length(last, dir, stone);
            let len = before + 1 + after;
            self.is_winning_run(len, stone).then(|| {
                (-(before as i32)..=after as i32)
                    .map(|k| last.offset(dir, k, size).expect("run is on the board"))
                    .collect()
            })
        })
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

impl FromStr for Rule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rule::ALL
            .into_iter()
            .find(|r| r.keyword().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown rule '{s}' (expected freestyle, standard or renju)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn board_with(size: u8, stones: &[(u8, u8, Stone)]) -> Board {
        let mut b = Board::new(size).unwrap();
        for &(c, r, s) in stones {
            b.set(Point::new(c, r), Some(s));
        }
        b
    }

    #[test]
    fn five_wins_both_rules_and_overline_only_freestyle() {
        let five: Vec<_> = (2..7).map(|c| (c, 3, Stone::Black)).collect();
        let b = board_with(15, &five);
        for rule in Rule::ALL {
            let line = rule.winning_line(&b, Point::new(4, 3)).unwrap();
            assert_eq!(line.first(), Some(&Point::new(2, 3)));
            assert_eq!(line.len(), 5);
        }
        let six: Vec<_> = (2..8).map(|c| (c, 3, Stone::White)).collect();
        let b = board_with(15, &six);
        assert_eq!(
            Rule::Freestyle
                .winning_line(&b, Point::new(7, 3))
                .map(|l| l.len()),
            Some(6)
        );
        assert_eq!(Rule::Standard.winning_line(&b, Point::new(7, 3)), None);
    }

    #[test]
    fn diagonals_and_edges() {
        // Anti-diagonal touching the bottom-right corner.
        let stones: Vec<_> = (0..5).map(|k| (14 - k, k, Stone::Black)).collect();
        let b = board_with(15, &stones);
        assert!(Rule::Standard.winning_line(&b, Point::new(14, 0)).is_some());
        let four: Vec<_> = (0..4).map(|k| (k, k, Stone::White)).collect();
        assert!(
            Rule::Freestyle
                .winning_line(&board_with(15, &four), Point::new(0, 0))
                .is_none()
        );
    }

    #[test]
    fn standard_five_in_another_direction_wins_despite_an_overline() {
        let mut stones: Vec<_> = (0..6).map(|c| (c, 5, Stone::Black)).collect();
        stones.extend((1..5).map(|r| (3, 5 + r, Stone::Black)));
        let b = board_with(15, &stones);
        let line = Rule::Standard.winning_line(&b, Point::new(3, 5)).unwrap();
        assert!(line.iter().all(|p| p.col == 3));
    }

    /// Brute force: every maximal run on the board, by scanning from each run's start.
    fn brute_force_winners(b: &Board, rule: Rule) -> Vec<Point> {
        let size = b.size();
        let mut out = Vec::new();
        for p in b.points() {
            let Some(s) = b.get(p) else { continue };
            for dir in DIRECTIONS {
                let prev = p.offset((-dir.0, -dir.1), 1, size);
                if prev.is_some_and(|q| b.get(q) == Some(s)) {
                    continue; // not the start of a run
                }
                let mut run = vec![p];
                while let Some(q) = run.last().unwrap().offset(dir, 1, size) {
                    if b.get(q) != Some(s) {
                        break;
                    }
                    run.push(q);
                }
                if rule.is_winning_run(run.len(), s) {
                    out.extend(run);
                }
            }
        }
        out
    }

    proptest! {
        #[test]
        fn win_check_agrees_with_brute_force(
            size in 5u8..=12,
            cells in prop::collection::vec(0u8..3, 144),
        ) {
            let mut b = Board::new(size).unwrap();
            for (i, p) in b.points().collect::<Vec<_>>().into_iter().enumerate() {
                let s = match cells[i] { 0 => None, 1 => Some(Stone::Black), _ => Some(Stone::White) };
                b.set(p, s);
            }
            for rule in Rule::ALL {
                let winners = brute_force_winners(&b, rule);
                for p in b.points() {
                    let line = rule.winning_line(&b, p);
                    prop_assert_eq!(line.is_some(), winners.contains(&p), "{:?} at {:?}", rule, p);
                    if let Some(line) = line {
                        prop_assert!(line.contains(&p));
                        prop_assert!(line.iter().all(|q| b.get(*q) == b.get(p)));
                    }
                }
            }
        }
    }
}
