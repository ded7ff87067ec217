//! The game tree behind `Game`: every move ever played from the start, each position's
//! moves in the order they were first played, so the first is the main line and the
//! others are its variations. A node is addressed by its path: the index of each move
//! among its siblings, from the start (`[0, 0, 1]` is the second move tried as move three
//! of the main line).

use super::Move;

/// A move and the moves played after it, main line first. Siblings never share a point.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Node {
    pub(super) mv: Move,
    pub(super) children: Vec<Node>,
}

/// The moves played from the empty board, main line first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Tree {
    roots: Vec<Node>,
}

impl Tree {
    /// The moves played from the position at `path`. `path` must be in the tree.
    pub(super) fn children(&self, path: &[usize]) -> &[Node] {
        path.iter()
            .fold(&self.roots, |children, &i| &children[i].children)
    }

    pub(super) fn children_mut(&mut self, path: &[usize]) -> &mut Vec<Node> {
        path.iter()
            .fold(&mut self.roots, |children, &i| &mut children[i].children)
    }

    /// Does `path` lead to a position of the tree (the empty path: the start)?
    pub(super) fn contains(&self, path: &[usize]) -> bool {
        let mut children = &self.roots;
        for &i in path {
            match children.get(i) {
                Some(node) => children = &node.children,
                None => return false,
            }
        }
        true
    }

    /// Extends `path` along each position's first move, to the end of its main line.
    pub(super) fn extend_main(&self, path: &mut Vec<usize>) {
        let mut children = self.children(path);
        while let Some(first) = children.first() {
            path.push(0);
            children = &first.children;
        }
    }

    /// The tree in reading order (see `TreeItem`).
    pub(super) fn items(&self) -> Vec<TreeItem<'_>> {
        let mut out = Vec::new();
        walk(&self.roots, &mut Vec::new(), 0, &mut out);
        out
    }
}

/// Writes the line that starts with `children[0]`, each move followed by its alternatives
/// (`children[1..]` and their lines) as variations, then the line goes on. Recurses only
/// into variations, so the depth is their nesting, not the length of a line.
fn walk<'a>(
    mut children: &'a [Node],
    path: &mut Vec<usize>,
    level: usize,
    out: &mut Vec<TreeItem<'a>>,
) {
    let start = path.len();
    while let Some(main) = children.first() {
        path.push(0);
        out.push(TreeItem::Move {
            mv: &main.mv,
            path: path.clone(),
            level,
        });
        path.pop();
        for (i, alternative) in children.iter().enumerate().skip(1) {
            out.push(TreeItem::VariationStart { level: level + 1 });
            path.push(i);
            out.push(TreeItem::Move {
                mv: &alternative.mv,
                path: path.clone(),
                level: level + 1,
            });
            walk(&alternative.children, path, level + 1, out);
            path.pop();
            out.push(TreeItem::VariationEnd { level: level + 1 });
        }
        path.push(0);
        children = &main.children;
    }
    path.truncate(start);
}

/// One entry of `Game::tree_items`: the tree in the order a reader follows it, as in a
/// chess PGN. The main line's moves come in order; right after a move come its
/// alternatives, each a variation (`VariationStart`, its moves with their own variations
/// nested, `VariationEnd`); then the line goes on after the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeItem<'a> {
    /// A move. `path` is its address (`Game::go_to`): `path.len()` is its move number,
    /// and its last index is 0 where the move continues the line before it. `level` is
    /// how deeply it is nested in variations: 0 on the main line.
    Move {
        mv: &'a Move,
        path: Vec<usize>,
        level: usize,
    },
    /// A variation opens at `level` (1 or more): its moves are alternatives to the move
    /// just before, until the matching `VariationEnd`.
    VariationStart { level: usize },
    /// The variation opened at `level` ends; the line it branched from goes on.
    VariationEnd { level: usize },
}

/// Which sibling of the current last move `Game::switch_variation` goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sibling {
    /// The one before it, toward the main line.
    Previous,
    /// The one after it.
    Next,
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Point, Stone};
    use crate::game::{Ending, Game, Move, Outcome, Sibling, TreeItem};
    use crate::notation::{format_point, parse_moves, parse_point};
    use crate::record::Record;
    use crate::rules::Rule;
    use proptest::prelude::*;

    fn pt(s: &str) -> Point {
        parse_point(s, 15).unwrap()
    }

    fn pts(moves: &str) -> Vec<Point> {
        parse_moves(moves, 15).unwrap()
    }

    fn game(moves: &str) -> Game {
        Game::from_moves(15, Rule::Freestyle, pts(moves)).unwrap()
    }

    fn points<'a>(moves: impl Iterator<Item = &'a Move>) -> String {
        moves.map(|m| format_point(m.point)).collect()
    }

    /// The tree as a reader sees it: moves, variations in parentheses, `*` after the
    /// current move.
    fn shape(g: &Game) -> String {
        let mut out = String::new();
        for item in g.tree_items() {
            match item {
                TreeItem::Move { mv, path, .. } => {
                    out += &format!(" {}", format_point(mv.point));
                    if path == g.current_path() {
                        out += "*";
                    }
                }
                TreeItem::VariationStart { .. } => out += " (",
                TreeItem::VariationEnd { .. } => out += " )",
            }
        }
        out
    }

    #[test]
    fn going_back_and_playing_another_move_keeps_the_old_line() {
        let mut g = game("h8i9j10");
        g.undo();
        g.play(pt("k11")).unwrap();
        assert_eq!(shape(&g), " h8 i9 j10 ( k11* )");
        assert_eq!(points(g.main_line()), "h8i9j10");
        assert!(!g.on_main_line());
        assert_eq!(g.variation_of_last(), Some((1, 2)));
        g.undo();
        // Back at the branch: both moves are there, redo takes the one it came back from.
        assert_eq!(points(g.next_moves()), "j10k11");
        assert_eq!(g.redo_choice(), Some(1));
        assert_eq!(g.redo(), Some(pt("k11")));
    }

    #[test]
    fn playing_a_move_already_there_walks_into_it() {
        let mut g = game("h8i9j10");
        g.undo_all();
        g.play_timed(pt("h8"), Some(70)).unwrap();
        // The same node, and its line ahead, with the new time.
        assert_eq!(g.next_moves().len(), 1);
        assert_eq!(points(g.redo_moves()), "i9j10");
        assert_eq!(g.moves()[0].time_ms, Some(70));
        g.redo_all();
        assert_eq!(shape(&g), " h8 i9 j10*");
    }

    #[test]
    fn redo_follows_the_line_it_came_back_from() {
        let mut g = game("h8i9j10k11");
        g.undo();
        g.undo();
        g.play(pt("a1")).unwrap();
        g.play(pt("a2")).unwrap();
        g.undo_all();
        assert_eq!(points(g.redo_moves()), "h8i9a1a2");
        g.redo_all();
        assert_eq!(points(g.moves().iter()), "h8i9a1a2");
        // Going back to the main line's move follows the main line again.
        assert!(g.go_to(&[0, 0, 0]));
        assert_eq!(points(g.redo_moves()), "k11");
    }

    #[test]
    fn switching_variations_replaces_the_last_move() {
        let mut g = game("h8i9");
        for p in ["j10", "k11", "l12"] {
            g.undo();
            g.play(pt(p)).unwrap();
        }
        assert_eq!(shape(&g), " h8 i9 ( j10 ) ( k11 ) ( l12* )");
        assert_eq!(g.switch_variation(Sibling::Next), None);
        assert_eq!(g.switch_variation(Sibling::Previous), Some(pt("k11")));
        assert_eq!(g.switch_variation(Sibling::Previous), Some(pt("j10")));
        assert_eq!(g.switch_variation(Sibling::Previous), Some(pt("i9")));
        assert!(g.on_main_line());
        assert_eq!(g.switch_variation(Sibling::Previous), None);
        assert_eq!(g.board().get(pt("i9")), Some(Stone::White));
        assert_eq!(g.board().stone_count(), 2);
        // At the start there is no last move to switch.
        g.undo_all();
        assert_eq!(g.switch_variation(Sibling::Next), None);
        // The first move has no sibling here.
        g.redo();
        assert_eq!(g.variation_of_last(), Some((0, 1)));
        assert_eq!(g.switch_variation(Sibling::Next), None);
    }

    #[test]
    fn switching_follows_the_new_variations_main_line() {
        let mut g = game("h8i9j10");
        g.undo_all();
        g.play(pt("a1")).unwrap();
        g.play(pt("a2")).unwrap();
        g.undo();
        assert_eq!(g.switch_variation(Sibling::Previous), Some(pt("h8")));
        assert_eq!(points(g.redo_moves()), "i9j10");
        assert_eq!(g.switch_variation(Sibling::Next), Some(pt("a1")));
        assert_eq!(points(g.redo_moves()), "a2");
    }

    #[test]
    fn promoting_makes_the_current_line_the_main_line() {
        let mut g = game("h8i9j10k11");
        g.go_to(&[0]);
        g.play(pt("a1")).unwrap();
        g.play(pt("a2")).unwrap();
        g.undo();
        g.play(pt("a3")).unwrap();
        assert_eq!(shape(&g), " h8 i9 ( a1 a2 ( a3* ) ) j10 k11");
        let position = g.moves().to_vec();
        assert!(g.promote_line());
        assert_eq!(shape(&g), " h8 a1 ( i9 j10 k11 ) a3* ( a2 )");
        assert_eq!(points(g.main_line()), "h8a1a3");
        assert!(g.on_main_line());
        assert_eq!(g.moves(), position.as_slice());
        assert!(!g.promote_line());
        // The old main line is a variation now, still whole.
        assert!(g.go_to(&[0, 1, 0, 0]));
        assert_eq!(points(g.moves().iter()), "h8i9j10k11");
    }

    #[test]
    fn promoting_keeps_the_position_and_its_ending() {
        let mut g = game("h8i9");
        g.undo();
        g.play(pt("j10")).unwrap();
        g.end(Ending::Resign(Stone::Black)).unwrap();
        let outcome = g.outcome().clone();
        assert!(g.promote_line());
        assert_eq!(g.outcome(), &outcome);
        assert_eq!(points(g.main_line()), "h8j10");
    }

    #[test]
    fn deleting_a_move_removes_it_and_all_after_it() {
        let mut g = game("h8i9j10");
        g.undo();
        g.play(pt("a1")).unwrap();
        g.play(pt("a2")).unwrap();
        // In a variation: a2 goes, back to a1.
        assert_eq!(g.delete_move(), Some(pt("a2")));
        assert_eq!(shape(&g), " h8 i9 j10 ( a1* )");
        assert!(!g.can_redo());
        // On the main line: j10 goes, a1 becomes the main line.
        g.go_to(&[0, 0, 0]);
        assert_eq!(g.delete_move(), Some(pt("j10")));
        assert_eq!(shape(&g), " h8 i9* a1");
        assert_eq!(points(g.redo_moves()), "a1");
        assert_eq!(points(g.main_line()), "h8i9a1");
        assert_eq!(g.delete_move(), Some(pt("i9")));
        assert_eq!(g.delete_move(), Some(pt("h8")));
        assert_eq!(g.delete_move(), None);
        assert_eq!(g, Game::default());
    }

    #[test]
    fn deleting_drops_an_ending_like_undo() {
        let mut g = game("h8i9");
        g.end(Ending::DrawAgreed).unwrap();
        assert_eq!(g.delete_move(), Some(pt("i9")));
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        assert_eq!(g, game("h8"));
    }

    #[test]
    fn go_to_keeps_the_line_along_it_and_refuses_what_is_not_there() {
        let mut g = game("h8i9j10");
        g.undo();
        g.play(pt("a1")).unwrap();
        let before = g.clone();
        assert!(!g.go_to(&[0, 0, 2]));
        assert!(!g.go_to(&[1]));
        assert_eq!(g, before);
        assert!(g.go_to(&[0]));
        assert_eq!(points(g.redo_moves()), "i9a1");
        assert!(g.go_to(&[0, 0, 0]));
        assert_eq!(points(g.moves().iter()), "h8i9j10");
        assert!(g.go_to(&[]));
        assert_eq!(points(g.redo_moves()), "h8i9j10");
    }

    #[test]
    fn an_ending_stops_redo_while_it_stands_and_leaving_the_position_drops_it() {
        let mut g = game("h8i9j10");
        g.undo();
        g.end(Ending::Resign(Stone::Black)).unwrap();
        assert!(!g.can_redo());
        assert_eq!(g.redo_choice(), None);
        // Forward by hand leaves the position, so the ending goes.
        assert!(g.go_to(&[0, 0, 0]));
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        assert_eq!(g.board().stone_count(), 3);
        // So does switching the last move.
        g.play(pt("a1")).unwrap();
        g.end(Ending::DrawAgreed).unwrap();
        g.undo();
        g.play(pt("a2")).unwrap();
        g.end(Ending::DrawAgreed).unwrap();
        assert_eq!(g.switch_variation(Sibling::Previous), Some(pt("a1")));
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        // Going to the position it is in keeps it.
        g.end(Ending::DrawAgreed).unwrap();
        let path = g.current_path().to_vec();
        assert!(g.go_to(&path));
        assert_eq!(g.outcome(), &Outcome::DrawAgreed);
    }

    #[test]
    fn a_win_in_a_variation_ends_the_game_there_only() {
        let mut g = game("a1b1a2b2a3b3a4b4");
        g.play(pt("c5")).unwrap();
        g.undo();
        g.play(pt("a5")).unwrap();
        assert_eq!(g.outcome().winner(), Some(Stone::Black));
        assert!(g.next_moves().len() == 0);
        assert_eq!(g.switch_variation(Sibling::Previous), Some(pt("c5")));
        assert_eq!(g.outcome(), &Outcome::Ongoing);
        assert_eq!(g.switch_variation(Sibling::Next), Some(pt("a5")));
        assert!(g.is_over());
    }

    #[test]
    fn a_line_of_points_is_found_wherever_it_sits_in_the_tree() {
        let mut g = game("h8i9h9");
        g.undo();
        g.play(pt("j10")).unwrap();
        assert_eq!(g.path_of(&pts("h8i9j10")), Some(vec![0, 0, 1]));
        assert_eq!(g.path_of(&pts("h8i9h9")), Some(vec![0, 0, 0]));
        assert_eq!(g.path_of(&[]), Some(vec![]));
        assert_eq!(g.path_of(&pts("h8a1")), None, "not a line of this tree");
        g.go_to(&[0, 0, 1]);
        g.promote_line();
        assert_eq!(
            g.path_of(&pts("h8i9j10")),
            Some(vec![0, 0, 0]),
            "after a promotion"
        );
    }

    #[test]
    fn new_game_empties_the_tree() {
        let mut g = game("h8i9");
        g.undo();
        g.play(pt("a1")).unwrap();
        g.new_game();
        assert_eq!(g, Game::default());
        assert!(g.tree_items().is_empty());
    }

    /// One step a player can take in the tree.
    #[derive(Clone, Debug)]
    enum Op {
        Play(u8, u8),
        Back,
        Forward,
        Switch(Sibling),
        Promote,
        Delete,
        /// Go to the n-th move of the tree in reading order (modulo its size).
        GoTo(usize),
        End(Ending),
    }

    fn op() -> impl Strategy<Value = Op> {
        let sibling = prop_oneof![Just(Sibling::Previous), Just(Sibling::Next)];
        let ending = prop_oneof![
            Just(Ending::Resign(Stone::Black)),
            Just(Ending::OutOfTime(Stone::White)),
            Just(Ending::DrawAgreed),
        ];
        prop_oneof![
            // A small corner of the board, so lines meet, repeat and win.
            6 => (0u8..6, 0u8..6).prop_map(|(c, r)| Op::Play(c, r)),
            3 => Just(Op::Back),
            2 => Just(Op::Forward),
            2 => sibling.prop_map(Op::Switch),
            1 => Just(Op::Promote),
            1 => Just(Op::Delete),
            1 => any::<usize>().prop_map(Op::GoTo),
            1 => ending.prop_map(Op::End),
        ]
    }

    /// Checks every invariant `Game` documents, from the outside: each path of the tree
    /// replays, siblings differ, decided positions end their line, the position is the
    /// line's start and the board its stones, redo plays the line on.
    fn assert_consistent(g: &Game) {
        let items = g.tree_items();
        let mut paths = Vec::new();
        for item in &items {
            if let TreeItem::Move { mv, path, .. } = item {
                // Replays: the path's moves from the start, each legal.
                let mut replay = Game::new(g.size(), g.rule()).unwrap();
                let mut at = g.clone();
                assert!(at.go_to(path), "{path:?} is listed but not in the tree");
                for m in at.moves() {
                    replay.play(m.point).expect("every path replays");
                }
                assert_eq!(at.moves().last().unwrap(), *mv);
                assert_eq!(replay.board(), at.board());
                if replay.is_over() {
                    assert_eq!(at.next_moves().len(), 0, "a decided position has no moves");
                }
                let siblings: Vec<Point> = {
                    let mut parent = at.clone();
                    parent.undo();
                    parent.next_moves().map(|m| m.point).collect()
                };
                let mut unique = siblings.clone();
                unique.sort_by_key(|p| (p.col, p.row));
                unique.dedup();
                assert_eq!(unique.len(), siblings.len(), "siblings differ");
                paths.push(path.clone());
            }
        }
        // Every node once, in reading order.
        let mut sorted = paths.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), paths.len());
        // The position: the current path's moves, and the board holds exactly them.
        let mut at = g.clone();
        let path = g.current_path().to_vec();
        assert!(path.is_empty() || paths.contains(&path));
        assert!(at.go_to(&path));
        let mut board = Board::new(g.size()).unwrap();
        for (i, m) in g.moves().iter().enumerate() {
            board.set(m.point, Some(Game::stone_of(i)));
        }
        assert_eq!(g.board(), &board);
        // The outcome: the board's, or an ending while the board left the game open.
        let replayed = Game::from_moves(g.size(), g.rule(), g.points()).unwrap();
        match g.outcome().ending() {
            Some(_) => assert_eq!(replayed.outcome(), &Outcome::Ongoing),
            None => assert_eq!(g.outcome(), replayed.outcome()),
        }
        // Redo plays the line on to a leaf, and nothing while the game is over.
        let ahead: Vec<Move> = g.redo_moves().copied().collect();
        assert_eq!(g.can_redo(), !ahead.is_empty());
        if g.is_over() {
            assert!(ahead.is_empty());
        } else {
            let mut on = g.clone();
            on.redo_all();
            assert_eq!(on.next_moves().len(), 0, "the line ends at a leaf");
            assert_eq!(&on.moves()[g.moves().len()..], ahead.as_slice());
        }
        // The main line is the first moves' line.
        let main: Vec<usize> = vec![0; g.main_line().count()];
        assert!(main.is_empty() || paths.contains(&main));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn any_steps_keep_a_consistent_tree_that_saves_and_loads_the_same(
            standard in any::<bool>(),
            ops in prop::collection::vec(op(), 0..80),
        ) {
            let rule = if standard { Rule::Standard } else { Rule::Freestyle };
            let mut g = Game::new(15, rule).unwrap();
            for op in ops {
                let before = g.clone();
                let changed = match op {
                    Op::Play(c, r) => g.play(Point::new(c, r)).is_ok(),
                    Op::Back => g.undo().is_some() || before.outcome().is_over(),
                    Op::Forward => g.redo().is_some(),
                    Op::Switch(to) => g.switch_variation(to).is_some(),
                    Op::Promote => g.promote_line(),
                    Op::Delete => g.delete_move().is_some(),
                    Op::GoTo(n) => {
                        let paths: Vec<Vec<usize>> = g
                            .tree_items()
                            .into_iter()
                            .filter_map(|item| match item {
                                TreeItem::Move { path, .. } => Some(path),
                                _ => None,
                            })
                            .collect();
                        let path = if paths.is_empty() { Vec::new() } else { paths[n % paths.len()].clone() };
                        prop_assert!(g.go_to(&path));
                        prop_assert_eq!(g.current_path(), path.as_slice());
                        path != before.current_path()
                    }
                    Op::End(ending) => g.end(ending).is_ok(),
                };
                if !changed {
                    prop_assert_eq!(&g, &before, "a refused step changed the game");
                }
                assert_consistent(&g);
                let text = Record::new(g.clone(), "A", "B").to_text();
                let back = Record::parse(&text);
                prop_assert!(back.is_ok(), "{:?}\n{}", back, text);
                let back = back.unwrap();
                prop_assert_eq!(&back.game, &g, "{}", text);
                prop_assert_eq!(back.to_text(), text);
            }
        }
    }
}
