//! The in-game panel: players, scores, clocks, whose turn, and the game's buttons.

use super::{root_ui, stone_icon, touch_spacing};
use crate::ai::{AskHint, ComputerPlayer, Hint, RetryComputer};
use crate::board::layout::SIDE_PANEL_WIDTH;
use crate::board::{HudPlace, ReservedArea};
use crate::game_match::{HeldFor, Match, MatchAction, Notice};
use crate::i18n::Texts;
use crate::i18n::names::rule_key;
use crate::online::{Online, OnlineCommand};
use crate::screens::{Phase, Screen};
use crate::settings::{Settings, persist};
use crate::storage::Store;
use crate::tr;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gomoku_engine::board::{MAX_SIZE, MIN_SIZE};
use gomoku_engine::game::GameBuildError;
use gomoku_engine::notation::{NotationError, format_moves, format_point};
use gomoku_engine::renju::Forbidden;
use gomoku_engine::{Outcome, PlayError, Seat, Stone, Swap2Error, Swap2Stage};
use std::time::Duration;

/// The move-string field's text, kept while the player edits it.
#[derive(Default)]
pub(super) struct ImportField {
    text: String,
    shown_for: Option<String>,
}

/// The computer's and the hint's share of the HUD's world.
#[derive(SystemParam)]
pub(super) struct EngineHelp<'w> {
    computer: Res<'w, ComputerPlayer>,
    hint: Res<'w, Hint>,
    ask_hint: MessageWriter<'w, AskHint>,
    retry: MessageWriter<'w, RetryComputer>,
}

/// The HUD's online section's share of the world.
#[derive(SystemParam)]
pub(super) struct OnlinePanel<'w, 's> {
    room: Option<Res<'w, Online>>,
    requests: MessageWriter<'w, OnlineCommand>,
    /// The chat line being typed.
    chat_field: Local<'s, String>,
    texts: Res<'w, crate::i18n::Texts>,
}

fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

pub(super) fn hud(
    mut contexts: EguiContexts,
    game_match: Res<Match>,
    phase: Res<State<Phase>>,
    texts: Res<Texts>,
    mut help: EngineHelp,
    mut settings: ResMut<Settings>,
    store: Res<Store>,
    place: Res<HudPlace>,
    mut reserved: ResMut<ReservedArea>,
    mut actions: MessageWriter<MatchAction>,
    mut keep: super::share::KeepAndShare,
    mut next: ResMut<NextState<Screen>>,
    mut field: Local<ImportField>,
    mut online: OnlinePanel,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx, "hud-root");
    let game = &game_match.game;
    // Changed inside the panel, stored after it: no storage work inside UI closures.
    let mut show_numbers = None;
    let mut mute = None;
    let mut analysis = None;
    let mut online_out = super::online::HudRequests::default();
    let is_online = online.room.is_some();
    let below = place.is_below();
    let name = |stone: Stone| game_match.player(stone).name.as_str();
    let contents = |ui: &mut egui::Ui| {
        let rule = texts.text(rule_key(game.rule()));
        if below {
            touch_spacing(ui);
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                ui.strong(tr!(texts, "hud.title"));
                ui.label(egui::RichText::new(rule).weak());
            });
            // Side by side, to leave the panel's height to the controls.
            ui.columns(2, |columns| {
                for (ui, stone) in columns.iter_mut().zip([Stone::Black, Stone::White]) {
                    player_card(ui, &texts, &game_match, stone, true);
                }
            });
        } else {
            ui.add_space(6.0);
            ui.heading(tr!(texts, "hud.title"));
            ui.label(egui::RichText::new(rule).weak());
            ui.separator();
            for stone in [Stone::Black, Stone::White] {
                player_card(ui, &texts, &game_match, stone, false);
            }
        }

        ui.add_space(4.0);
        let thinking = help.computer.is_thinking();
        let status = match game.outcome() {
            Outcome::Won { winner, .. } => tr!(texts, "hud.wins", name = name(*winner)),
            Outcome::Draw => tr!(texts, "hud.draw-full").to_owned(),
            Outcome::Resigned { winner } => tr!(
                texts,
                "hud.resigned",
                loser = name(winner.opponent()),
                winner = name(*winner)
            ),
            Outcome::OutOfTime { winner } => tr!(
                texts,
                "hud.lost-on-time",
                loser = name(winner.opponent()),
                winner = name(*winner)
            ),
            Outcome::DrawAgreed => tr!(texts, "hud.draw-agreed").to_owned(),
            Outcome::Ongoing if thinking => tr!(texts, "hud.thinking").to_owned(),
            Outcome::Ongoing if *phase.get() == Phase::RemoteTurn => {
                tr!(texts, "hud.waiting-for", name = name(game.to_move()))
            }
            Outcome::Ongoing => tr!(texts, "hud.to-move", name = name(game.to_move())),
        };
        ui.horizontal(|ui| {
            if thinking {
                ui.add(egui::Spinner::new().size(16.0));
            }
            ui.label(egui::RichText::new(status).strong());
        });
        if let Some(trouble) = &help.computer.trouble {
            let warn = egui::Color32::from_rgb(230, 120, 60);
            let reason = texts.text(trouble.last.key());
            if trouble.gave_up() {
                ui.colored_label(warn, tr!(texts, "hud.computer-gave-up", reason = reason));
                ui.horizontal(|ui| {
                    if ui.button(tr!(texts, "hud.retry")).clicked() {
                        help.retry.write(RetryComputer);
                    }
                    if ui.button(tr!(texts, "hud.back-to-menu")).clicked() {
                        next.set(Screen::Menu);
                    }
                });
            } else {
                ui.colored_label(
                    warn,
                    tr!(
                        texts,
                        "hud.computer-retrying",
                        reason = reason,
                        attempt = trouble.attempts + 1,
                        max = crate::ai::MAX_ATTEMPTS
                    ),
                );
            }
        }
        ui.label(tr!(
            texts,
            "hud.move-number",
            number = game.moves().len() + usize::from(!game.is_over())
        ));
        let mut opening_actions = Vec::new();
        super::opening::swap2_section(ui, &texts, &game_match, &mut opening_actions);
        actions.write_batch(opening_actions);
        if let Some(room) = online.room.as_deref() {
            super::online::hud_section(
                ui,
                &online.texts,
                room,
                game.is_over(),
                &mut online.chat_field,
                &mut online_out,
            );
        }
        ui.separator();

        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    game_match.can_undo(),
                    egui::Button::new(tr!(texts, "hud.undo")),
                )
                .on_hover_text(tr!(texts, "hud.undo-key"))
                .clicked()
            {
                actions.write(MatchAction::Undo);
            }
            if ui
                .add_enabled(
                    game_match.can_redo(),
                    egui::Button::new(tr!(texts, "hud.redo")),
                )
                .on_hover_text(tr!(texts, "hud.redo-key"))
                .clicked()
            {
                actions.write(MatchAction::Redo);
            }
            if ui
                .add_enabled(!is_online, egui::Button::new(tr!(texts, "hud.restart")))
                .clicked()
            {
                actions.write(MatchAction::Restart);
            }
        });
        ui.horizontal(|ui| {
            // Online, the engine's help would be a third player at the board.
            let can_ask = !is_online
                && *phase.get() == Phase::HumanTurn
                && help.hint.point(&game_match).is_none()
                && !help.hint.is_searching();
            if ui
                .add_enabled(can_ask, egui::Button::new(tr!(texts, "hud.hint")))
                .on_hover_text(tr!(texts, "hud.hint-tip"))
                .clicked()
            {
                help.ask_hint.write(AskHint);
            }
            if help.hint.is_searching() {
                ui.add(egui::Spinner::new().size(16.0));
                ui.label(tr!(texts, "hud.hint-looking"));
            } else if let Some(p) = help.hint.point(&game_match) {
                ui.label(tr!(texts, "hud.hint-try", point = format_point(p)));
            }
            let mut analysing = settings.analysis;
            if ui
                .add_enabled_ui(!is_online, |ui| {
                    ui.toggle_value(&mut analysing, tr!(texts, "hud.analysis"))
                })
                .inner
                .on_hover_text(tr!(texts, "hud.analysis-tip"))
                .changed()
            {
                analysis = Some(analysing);
            }
        });
        super::share::keep_and_share_row(ui, &mut keep, &game_match, is_online);
        // Wrapped: in some languages the menu button and the two boxes outgrow the panel.
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr!(texts, "hud.menu"))
                .on_hover_text(tr!(texts, "hud.menu-key"))
                .clicked()
            {
                next.set(Screen::Menu);
            }
            let mut numbers = settings.show_numbers;
            if ui
                .checkbox(&mut numbers, tr!(texts, "hud.move-numbers"))
                .changed()
            {
                show_numbers = Some(numbers);
            }
            // The volume is in the menu; muting is wanted mid-game (M does it too).
            let mut muted = settings.sound_muted;
            if ui.checkbox(&mut muted, tr!(texts, "sound.mute")).changed() {
                mute = Some(muted);
            }
        });
        ui.separator();

        let mut tree_actions = Vec::new();
        let changed = game_match.is_changed();
        super::move_tree::section(ui, &texts, &game_match, changed, &mut tree_actions);
        actions.write_batch(tree_actions);
        ui.separator();

        ui.label(tr!(texts, "hud.main-line"));
        // Refilled only when the moves change (checked when the match changes), so a
        // player's edit, or a rejected paste, stays in the field.
        if game_match.is_changed() || field.shown_for.is_none() {
            let current = format_moves(game.main_line().map(|m| m.point));
            if field.shown_for.as_ref() != Some(&current) {
                field.text = current.clone();
                field.shown_for = Some(current);
            }
        }
        ui.add(
            egui::TextEdit::multiline(&mut field.text)
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .font(egui::TextStyle::Monospace),
        );
        if ui
            .add_enabled(
                !is_online,
                egui::Button::new(tr!(texts, "hud.set-position")),
            )
            .clicked()
        {
            actions.write(MatchAction::SetPosition(field.text.clone()));
        }

        let notice = game_match.notice.as_ref().map(|n| notice_text(&texts, n));
        let hint_failure = help
            .hint
            .failure
            .as_ref()
            .map(|failure| tr!(texts, "hud.no-hint", reason = texts.text(failure.key())));
        let kept_and_shared: Vec<String> = keep.notices().collect();
        for message in [notice, hint_failure]
            .into_iter()
            .flatten()
            .chain(kept_and_shared)
        {
            ui.add_space(4.0);
            ui.colored_label(egui::Color32::from_rgb(230, 170, 60), message);
        }
    };
    let (right, bottom) = match *place {
        HudPlace::Right => {
            let panel = egui::Panel::right("hud")
                .exact_size(SIDE_PANEL_WIDTH)
                .resizable(false)
                .show(&mut root, contents);
            (panel.response.rect.width(), 0.0)
        }
        // Under the board (a phone held upright): what does not fit scrolls, by dragging.
        HudPlace::Below { height } => {
            let panel = egui::Panel::bottom("hud-below")
                .exact_size(height)
                .resizable(false)
                .show(&mut root, |ui| {
                    egui::ScrollArea::vertical()
                        .auto_shrink(false)
                        .show(ui, contents);
                });
            (0.0, panel.response.rect.height())
        }
    };
    if (reserved.right, reserved.bottom) != (right, bottom) {
        reserved.right = right;
        reserved.bottom = bottom;
    }
    if online_out.leave {
        // Leaving the board leaves the room (`online`).
        next.set(Screen::Menu);
    }
    online.requests.write_batch(online_out.commands);
    if let Some(numbers) = show_numbers {
        settings.show_numbers = numbers;
        persist(&store, &settings);
    }
    if let Some(muted) = mute {
        settings.sound_muted = muted;
        persist(&store, &settings);
    }
    if let Some(on) = analysis {
        settings.analysis = on;
        persist(&store, &settings);
    }
    Ok(())
}

/// A player's stone, name, score and clock; `compact` (half the width of a phone) puts the
/// score and clock under the stone and name.
fn player_card(ui: &mut egui::Ui, texts: &Texts, game_match: &Match, stone: Stone, compact: bool) {
    let game = &game_match.game;
    let player = game_match.player(stone);
    let active = !game.is_over() && game.to_move() == stone;
    let won = game.outcome().winner() == Some(stone);
    let stroke = if active || won {
        egui::Stroke::new(2.0, egui::Color32::from_rgb(235, 180, 60))
    } else {
        egui::Stroke::new(1.0, egui::Color32::from_gray(70))
    };
    let name = egui::RichText::new(&player.name).size(if compact { 15.0 } else { 17.0 });
    let name = if active { name.strong() } else { name };
    // Under a time control, what is left; otherwise the time spent.
    let (clock, low) = match game_match.time_left(stone) {
        Some(left) => (left, left < Duration::from_secs(10)),
        None => (game_match.clock(stone), false),
    };
    let stats = egui::RichText::new(tr!(
        texts,
        "hud.wins-and-clock",
        wins = player.score,
        clock = clock_text(clock)
    ))
    .monospace();
    let stats = if low && active {
        stats.color(egui::Color32::from_rgb(230, 90, 60))
    } else {
        stats
    };
    let icon = |ui: &mut egui::Ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
        stone_icon(ui.painter(), rect.center(), 11.0, stone == Stone::Black);
    };
    egui::Frame::group(ui.style())
        .stroke(stroke)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            if compact {
                ui.spacing_mut().item_spacing.y = 2.0;
                ui.horizontal(|ui| {
                    icon(ui);
                    ui.add(egui::Label::new(name).truncate());
                });
                ui.label(stats);
            } else {
                ui.horizontal(|ui| {
                    icon(ui);
                    ui.vertical(|ui| {
                        ui.label(name);
                        ui.label(stats);
                    });
                });
            }
        });
}

/// The other player's name online, or what stands for it until their greeting.
fn peer_or_opponent<'a>(texts: &'a Texts, peer: &'a Option<String>) -> &'a str {
    peer.as_deref()
        .unwrap_or_else(|| tr!(texts, "online.opponent"))
}

/// What the player reads of a notice from the match.
pub(super) fn notice_text(texts: &Texts, notice: &Notice) -> String {
    match notice {
        Notice::GameOver => tr!(texts, "game.over-undo-or-next").to_owned(),
        Notice::Swap2AwaitsChoice { chooser } => {
            tr!(texts, "game.swap2-awaits-choice", chooser = chooser)
        }
        Notice::Swap2AwaitsColour { chooser } => {
            tr!(texts, "game.swap2-awaits-colour", chooser = chooser)
        }
        Notice::Held(HeldFor::TakeBack { peer }) => {
            tr!(
                texts,
                "online.held-undo",
                name = peer_or_opponent(texts, peer)
            )
        }
        Notice::Held(HeldFor::Draw { peer }) => {
            tr!(
                texts,
                "online.held-draw",
                name = peer_or_opponent(texts, peer)
            )
        }
        Notice::NotYourMove { player } => tr!(texts, "game.not-your-move", player = player),
        Notice::NotYourChoice { player } => tr!(texts, "game.not-your-choice", player = player),
        Notice::CannotPlay(error) => {
            tr!(
                texts,
                "game.cannot-play",
                reason = play_error_text(texts, error)
            )
        }
        Notice::Swap2Refused(error) => {
            tr!(
                texts,
                "game.swap2-refused",
                reason = swap2_error_text(texts, error)
            )
        }
        Notice::BoardStaysOnline => tr!(texts, "game.board-stays-online").to_owned(),
        Notice::Loaded {
            black,
            white,
            moves,
        } => tr!(
            texts,
            "game.loaded",
            black = black,
            white = white,
            count = *moves
        ),
        Notice::CannotImport(error) => {
            tr!(
                texts,
                "game.cannot-import",
                reason = build_error_text(texts, error)
            )
        }
    }
}

/// Why the engine refused a stone, as a clause for `game.cannot-play`.
fn play_error_text(texts: &Texts, error: &PlayError) -> String {
    match error {
        PlayError::OffBoard(p) => tr!(texts, "game.play-error.off-board", col = p.col, row = p.row),
        PlayError::Occupied(p) => {
            tr!(texts, "game.play-error.occupied", point = format_point(*p))
        }
        PlayError::GameOver => tr!(texts, "game.error.game-over").to_owned(),
        PlayError::Forbidden(p, why) => {
            let why = match why {
                Forbidden::DoubleThree => tr!(texts, "game.forbidden.double-three"),
                Forbidden::DoubleFour => tr!(texts, "game.forbidden.double-four"),
                Forbidden::Overline => tr!(texts, "game.forbidden.overline"),
            };
            tr!(
                texts,
                "game.play-error.forbidden",
                point = format_point(*p),
                why = why
            )
        }
    }
}

/// Why the engine refused a Swap2 choice, as a clause for `game.swap2-refused`.
fn swap2_error_text(texts: &Texts, error: &Swap2Error) -> String {
    let seat = |seat: &Seat| match seat {
        Seat::First => tr!(texts, "game.seat.first"),
        Seat::Second => tr!(texts, "game.seat.second"),
    };
    match error {
        Swap2Error::WrongSeat { by, to_act } => tr!(
            texts,
            "game.swap2-error.wrong-seat",
            to_act = seat(to_act),
            by = seat(by)
        ),
        Swap2Error::WrongStage(stage) => {
            let now = match stage {
                Swap2Stage::PlaceThree => tr!(texts, "game.swap2-stage.place-three"),
                Swap2Stage::SecondChooses => tr!(texts, "game.swap2-stage.second-chooses"),
                Swap2Stage::PlaceTwo => tr!(texts, "game.swap2-stage.place-two"),
                Swap2Stage::FirstChooses => tr!(texts, "game.swap2-stage.first-chooses"),
                Swap2Stage::Decided { .. } => tr!(texts, "game.swap2-stage.decided"),
            };
            tr!(texts, "game.swap2-error.wrong-stage", now = now)
        }
        Swap2Error::GameOver => tr!(texts, "game.error.game-over").to_owned(),
    }
}

/// Why a move string makes no game, as a clause for `game.cannot-import`.
fn build_error_text(texts: &Texts, error: &GameBuildError) -> String {
    match error {
        GameBuildError::Size(size) => tr!(
            texts,
            "game.build-error.size",
            size = size.0,
            min = MIN_SIZE,
            max = MAX_SIZE
        ),
        GameBuildError::Notation(error) => notation_error_text(texts, error),
        GameBuildError::Move { index, error } => tr!(
            texts,
            "game.build-error.move",
            number = index + 1,
            reason = play_error_text(texts, error)
        ),
    }
}

/// The reasons the engine's notation gives, its English words (matched, not shown), and
/// the keys of their texts. The engine names no kind of reason; a test checks that each
/// reason it gives is here.
// One line a reason, for the marker: formatted by hand.
#[rustfmt::skip]
const NOTATION_REASONS: [(&str, &str); 5] = [
    ("a point starts with a column letter", "game.notation.column-letter"), // i18n: not shown
    ("a column letter must be followed by a row number", "game.notation.row-number"), // i18n: not shown
    ("column is off the board", "game.notation.column-off"), // i18n: not shown
    ("row is off the board", "game.notation.row-off"), // i18n: not shown
    ("expected exactly one point", "game.notation.one-point"), // i18n: not shown
];

/// A move string's unreadable token, where it is and why.
fn notation_error_text(texts: &Texts, error: &NotationError) -> String {
    let reason = NOTATION_REASONS
        .iter()
        .find(|(words, _)| *words == error.reason)
        .map_or(tr!(texts, "game.notation.unreadable"), |(_, key)| {
            texts.text(key)
        });
    tr!(
        texts,
        "game.notation-error",
        token = &error.token,
        position = error.offset + 1,
        reason = reason
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use gomoku_engine::notation::{parse_moves, parse_point};
    use gomoku_engine::{Game, Point, Rule};

    #[test]
    fn notices_read_in_the_players_language_with_the_engines_reasons() {
        let english = Texts::new(Language::English);
        let h8 = Point::new(7, 7);
        let forbidden = Notice::CannotPlay(PlayError::Forbidden(h8, Forbidden::DoubleThree));
        assert_eq!(
            notice_text(&english, &forbidden),
            "Can't play there: h8 is forbidden for black (double three)."
        );
        let japanese = Texts::new(Language::Japanese);
        assert_eq!(
            notice_text(&japanese, &forbidden),
            "そこには打てません：h8 は黒の禁手です（三三）。"
        );
        let loaded = |moves| Notice::Loaded {
            black: "Cho".into(),
            white: "Dee".into(),
            moves,
        };
        assert_eq!(
            notice_text(&english, &loaded(1)),
            "Loaded Cho vs Dee, 1 move."
        );
        assert_eq!(
            notice_text(&english, &loaded(12)),
            "Loaded Cho vs Dee, 12 moves."
        );
        let wrong_stage = Notice::Swap2Refused(Swap2Error::WrongStage(Swap2Stage::PlaceTwo));
        assert_eq!(
            notice_text(&english, &wrong_stage),
            "Swap2: that choice is not open now: two more stones are being placed."
        );
        let import = Game::from_move_string(15, Rule::Freestyle, "h8h8").unwrap_err();
        assert_eq!(
            notice_text(&english, &Notice::CannotImport(import)),
            "Could not import: move 2: h8 is already taken."
        );
    }

    #[test]
    fn every_reason_the_notation_gives_has_its_own_text() {
        let english = Texts::new(Language::English);
        let unreadable = english.text("game.notation.unreadable");
        let errors = ["h8 5", "h8 h", "h8 z1", "h8 h99"]
            .map(|text| parse_moves(text, 15).unwrap_err())
            .into_iter()
            .chain([parse_point("h8 i9", 15).unwrap_err()]);
        for error in errors {
            let text = notation_error_text(&english, &error);
            assert!(!text.contains(unreadable), "{error}: {text}");
            // The English text is the engine's own.
            assert_eq!(text, error.to_string());
        }
    }

    #[test]
    fn every_language_words_every_notice_with_its_arguments_filled() {
        let notices = [
            Notice::GameOver,
            Notice::Swap2AwaitsChoice {
                chooser: "Ann".into(),
            },
            Notice::Swap2AwaitsColour {
                chooser: "Ann".into(),
            },
            Notice::NotYourMove {
                player: "Ann".into(),
            },
            Notice::NotYourChoice {
                player: "Ann".into(),
            },
            Notice::CannotPlay(PlayError::OffBoard(Point::new(15, 3))),
            Notice::CannotPlay(PlayError::Occupied(Point::new(7, 7))),
            Notice::CannotPlay(PlayError::GameOver),
            Notice::CannotPlay(PlayError::Forbidden(Point::new(7, 7), Forbidden::Overline)),
            Notice::Swap2Refused(Swap2Error::WrongSeat {
                by: Seat::First,
                to_act: Seat::Second,
            }),
            Notice::Swap2Refused(Swap2Error::WrongStage(Swap2Stage::Decided {
                black: Seat::First,
            })),
            Notice::Swap2Refused(Swap2Error::GameOver),
            Notice::BoardStaysOnline,
            Notice::Loaded {
                black: "Ann".into(),
                white: "Bob".into(),
                moves: 3,
            },
            Notice::CannotImport(GameBuildError::Size(gomoku_engine::board::SizeError(40))),
            Notice::CannotImport(Game::from_move_string(15, Rule::Freestyle, "h8 zz").unwrap_err()),
        ];
        for language in Language::ALL {
            let texts = Texts::new(language);
            for notice in &notices {
                let text = notice_text(&texts, notice);
                assert!(
                    !text.contains('{') && !text.contains(".notation."),
                    "{language:?}, {notice:?}: {text}"
                );
            }
        }
    }
}
