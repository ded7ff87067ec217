//! The game's tree in the app: going back and playing another move keeps a variation;
//! the match's actions and Shift+arrows walk, switch, promote and delete; saves carry
//! the tree.

use super::*;
use gomoku::input::Hover;
use gomoku_engine::game::Sibling;
use gomoku_engine::notation::format_moves;

fn game(app: &App) -> &Game {
    &app.world().resource::<Match>().game
}

/// The moves on the board, as a move string.
fn position(app: &App) -> String {
    format_moves(game(app).points())
}

fn main_line(app: &App) -> String {
    format_moves(game(app).main_line().map(|m| m.point))
}

/// The stones on screen, in move order, as a move string.
fn stone_string(app: &mut App) -> String {
    format_moves(stones(app).into_iter().map(|(_, p)| p))
}

#[test]
fn going_back_and_playing_another_move_keeps_the_old_line_as_a_variation() {
    let mut app = two_humans();
    play(&mut app, "h8i9j10");
    act(&mut app, MatchAction::Undo);
    play(&mut app, "k11");
    assert_eq!(position(&app), "h8i9k11");
    assert_eq!(stone_string(&mut app), "h8i9k11");
    assert_eq!(main_line(&app), "h8i9j10");
    assert_eq!(game(&app).variation_of_last(), Some((1, 2)));
    // Back at the branch, redo goes into the variation it came back from.
    act(&mut app, MatchAction::Undo);
    assert_eq!(game(&app).next_moves().len(), 2);
    act(&mut app, MatchAction::Redo);
    assert_eq!(position(&app), "h8i9k11");
}

#[test]
fn switching_promoting_deleting_and_going_to_a_move_through_the_actions() {
    let mut app = two_humans();
    play(&mut app, "h8i9j10");
    act(&mut app, MatchAction::Undo);
    play(&mut app, "k11l12");
    act(&mut app, MatchAction::Undo);
    // Up: the previous variation of k11 is the main line's j10.
    act(&mut app, MatchAction::SwitchVariation(Sibling::Previous));
    assert_eq!(position(&app), "h8i9j10");
    assert_eq!(stone_string(&mut app), "h8i9j10");
    let m = app.world().resource::<Match>();
    assert!(!m.can_switch_variation(Sibling::Previous));
    assert!(m.can_switch_variation(Sibling::Next));
    assert!(!m.can_promote());
    act(&mut app, MatchAction::SwitchVariation(Sibling::Next));
    assert_eq!(position(&app), "h8i9k11");
    // The variation's own line ahead: l12.
    act(&mut app, MatchAction::Redo);
    assert_eq!(position(&app), "h8i9k11l12");
    act(&mut app, MatchAction::PromoteLine);
    assert_eq!(main_line(&app), "h8i9k11l12");
    assert_eq!(position(&app), "h8i9k11l12");
    assert!(game(&app).on_main_line());
    // A click in the move list: the old main line's j10, now the second of its siblings.
    act(&mut app, MatchAction::GoTo(vec![0, 0, 1]));
    assert_eq!(position(&app), "h8i9j10");
    assert_eq!(stone_string(&mut app), "h8i9j10");
    act(&mut app, MatchAction::GoTo(vec![0, 0, 7]));
    assert_eq!(
        position(&app),
        "h8i9j10",
        "a path not in the tree changes nothing"
    );
    // Delete j10: back to i9, and only k11's line is left.
    act(&mut app, MatchAction::DeleteMove);
    assert_eq!(position(&app), "h8i9");
    assert_eq!(stone_string(&mut app), "h8i9");
    assert_eq!(game(&app).next_moves().len(), 1);
    assert_eq!(main_line(&app), "h8i9k11l12");
}

#[test]
fn shift_arrows_walk_the_tree_and_plain_arrows_still_move_the_cursor() {
    let mut app = two_humans();
    play(&mut app, "h8i9");
    act(&mut app, MatchAction::Undo);
    play(&mut app, "j10");
    press(&mut app, &[KeyCode::ShiftLeft, KeyCode::ArrowLeft]);
    assert_eq!(position(&app), "h8");
    press(&mut app, &[KeyCode::ShiftLeft, KeyCode::ArrowRight]);
    assert_eq!(position(&app), "h8j10");
    press(&mut app, &[KeyCode::ShiftRight, KeyCode::ArrowUp]);
    assert_eq!(position(&app), "h8i9");
    press(&mut app, &[KeyCode::ShiftLeft, KeyCode::ArrowDown]);
    assert_eq!(position(&app), "h8j10");
    assert_eq!(stone_string(&mut app), "h8j10");
    // Shift+arrows leave the board cursor alone; plain arrows move it as before.
    assert_eq!(app.world().resource::<Hover>().0, None);
    press(&mut app, &[KeyCode::ArrowUp]);
    assert_eq!(app.world().resource::<Hover>().0, Some(pt("j11")));
    assert_eq!(position(&app), "h8j10");
}

#[test]
fn against_the_computer_the_tree_keeps_its_replies_and_steps_in_pairs() {
    let mut app = human_vs_computer();
    play(&mut app, "h8");
    computer_answers(&mut app, "i9");
    act(&mut app, MatchAction::Undo);
    assert_eq!(position(&app), "");
    play(&mut app, "a1");
    computer_answers(&mut app, "b2");
    assert_eq!(position(&app), "a1b2");
    assert_eq!(main_line(&app), "h8i9");
    // Going to the person's h8 goes on to the computer's recorded reply.
    act(&mut app, MatchAction::GoTo(vec![0]));
    assert_eq!(position(&app), "h8i9");
    assert_eq!(phase(&app), Phase::HumanTurn);
    assert!(app.world().resource::<FakeSearch>().pending.is_empty());
    // Deleting takes the reply and the person's move with it, back to a person's turn.
    act(&mut app, MatchAction::DeleteMove);
    assert_eq!(position(&app), "");
    assert_eq!(phase(&app), Phase::HumanTurn);
    assert_eq!(main_line(&app), "a1b2");
    act(&mut app, MatchAction::Redo);
    assert_eq!(position(&app), "a1b2");
}

#[test]
fn while_the_computer_is_to_move_the_tree_is_not_walked() {
    let mut app = human_vs_computer();
    play(&mut app, "h8");
    computer_answers(&mut app, "i9");
    act(&mut app, MatchAction::Undo);
    play(&mut app, "a1");
    assert_eq!(phase(&app), Phase::ComputerTurn);
    assert!(!app.world().resource::<Match>().can_navigate());
    act(&mut app, MatchAction::GoTo(vec![0, 0]));
    act(&mut app, MatchAction::SwitchVariation(Sibling::Previous));
    act(&mut app, MatchAction::PromoteLine);
    assert_eq!(position(&app), "a1");
    assert_eq!(main_line(&app), "h8i9");
}

#[test]
fn online_take_backs_leave_one_line_and_the_tree_is_not_walked() {
    let mut app = app_with(MatchSetup {
        players: [
            ("Ann".into(), PlayerKind::Human),
            ("Bo".into(), PlayerKind::Remote),
        ],
        ..MatchSetup::default()
    });
    play(&mut app, "h8");
    act(
        &mut app,
        MatchAction::PeerMove {
            at: pt("i9"),
            used: Duration::from_millis(5),
        },
    );
    act(&mut app, MatchAction::TakeBack { plies: 1 });
    assert_eq!(position(&app), "h8");
    assert_eq!(
        game(&app).next_moves().len(),
        0,
        "the taken-back move is gone"
    );
    act(
        &mut app,
        MatchAction::PeerMove {
            at: pt("j10"),
            used: Duration::from_millis(5),
        },
    );
    assert_eq!(game(&app).variation_of_last(), Some((0, 1)));
    let m = app.world().resource::<Match>();
    assert!(!m.can_navigate() && !m.can_delete() && !m.can_promote());
    act(&mut app, MatchAction::GoTo(vec![0]));
    act(&mut app, MatchAction::DeleteMove);
    assert_eq!(position(&app), "h8j10");
}

#[test]
fn a_save_carries_the_tree_and_the_position_in_it() {
    let mut app = two_humans();
    play(&mut app, "h8i9j10");
    act(&mut app, MatchAction::Undo);
    play(&mut app, "k11");
    act(&mut app, MatchAction::Undo);
    let before = game(&app).clone();
    app.world_mut().write_message(SaveAction::SaveGame);
    app.update();
    act(&mut app, MatchAction::Restart);
    assert_eq!(position(&app), "");
    app.world_mut().write_message(SaveAction::ListSaves);
    app.update();
    let id = {
        let shelf = app.world().resource::<SaveShelf>();
        let listing = shelf.listing.as_ref().unwrap().as_ref().unwrap();
        listing[0].entry.id.clone()
    };
    let text = app.world().resource::<Store>().0.read_save(&id).unwrap();
    assert!(text.starts_with("gomoku-record 2\n"), "{text}");
    assert!(text.contains("\nvariation\n  move k11 "), "{text}");
    assert!(text.contains("\nposition h8 i9\n"), "{text}");
    app.world_mut().write_message(SaveAction::Load(id));
    app.update();
    app.update();
    assert_eq!(game(&app), &before);
    assert_eq!(stone_string(&mut app), "h8i9");
    act(&mut app, MatchAction::Redo);
    assert_eq!(position(&app), "h8i9k11");
}
