//! The main menu: the language, who plays, the rule, the level and the skin.

use super::online;
use crate::game_match::MatchAction;
use crate::i18n::names::{level_key, rule_key};
use crate::i18n::{Language, Texts, language_of};
use crate::online::{Online, OnlineCommand};
use crate::screens::Screen;
use crate::settings::{Mode, Settings, persist};
use crate::storage::Store;
use crate::theme::catalog::{Named, chosen};
use crate::theme::{ActiveSkin, Skins};
use crate::tr;
use bevy::prelude::*;
use bevy_egui::EguiTextureHandle;
use bevy_egui::{EguiContexts, egui};
use gomoku_engine::Rule;
use gomoku_engine::ai::Level;

/// Below this width (logical pixels) the menu is laid out for a phone held upright.
const NARROW_MENU: f32 = 640.0;

pub(super) fn menu(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    texts: Res<Texts>,
    skins: Res<Skins>,
    skin: Option<Res<ActiveSkin>>,
    store: Res<Store>,
    mut actions: MessageWriter<MatchAction>,
    mut next: ResMut<NextState<Screen>>,
    room: Option<Res<Online>>,
    offered: Res<crate::online::autosave::OfferedResume>,
    mut online_requests: MessageWriter<OnlineCommand>,
    mut problem: Local<Option<online::RoomProblem>>,
) -> Result {
    // Textures for the skin preview: background, black stone, white stone.
    let preview = skin.map(|skin| {
        let mut texture = |h: &Handle<Image>| contexts.add_image(EguiTextureHandle::Weak(h.id()));
        (
            texture(&skin.background),
            [texture(&skin.stones[0]), texture(&skin.stones[1])],
            skin.line,
        )
    });
    let ctx = contexts.ctx_mut()?;
    let mut s = settings.clone();
    let mut start = false;
    let mut requests = Vec::new();
    // A phone held upright: the menu takes the screen, finger-sized, the preview under the
    // choices, and scrolls (by dragging) where it is taller than the screen.
    let screen = ctx.content_rect();
    let narrow = screen.width() < NARROW_MENU;
    let contents = |ui: &mut egui::Ui| {
        if narrow {
            super::touch_spacing(ui);
        }
        ui.vertical_centered(|ui| {
            ui.heading(tr!(texts, "menu.title"));
            ui.label(egui::RichText::new(tr!(texts, "menu.tagline")).weak());
        });
        ui.add_space(8.0);
        let beside = if narrow {
            egui::Layout::top_down(egui::Align::Min)
        } else {
            egui::Layout::left_to_right(egui::Align::Min)
        };
        ui.with_layout(beside, |ui| {
            egui::Grid::new("menu-grid")
                .num_columns(2)
                .spacing([16.0, 10.0])
                // Narrow, long choices wrap rather than run off the screen.
                .max_col_width(if narrow {
                    screen.width() - 150.0
                } else {
                    f32::INFINITY
                })
                .show(ui, |ui| {
                    language_row(ui, &texts, &mut s, narrow);

                    ui.label(tr!(texts, "menu.mode"));
                    ui.horizontal_wrapped(|ui| {
                        ui.radio_value(
                            &mut s.mode,
                            Mode::HumanVsComputer,
                            tr!(texts, "menu.mode-computer"),
                        );
                        ui.radio_value(
                            &mut s.mode,
                            Mode::HumanVsHuman,
                            tr!(texts, "menu.mode-two-players"),
                        );
                        ui.radio_value(&mut s.mode, Mode::Online, tr!(texts, "menu.mode-online"));
                    });
                    ui.end_row();

                    let vs_computer = s.mode == Mode::HumanVsComputer;
                    let is_online = s.mode == Mode::Online;
                    ui.label(if vs_computer || is_online {
                        tr!(texts, "menu.your-name")
                    } else {
                        tr!(texts, "menu.player-one")
                    });
                    // Left empty, a name is the default in the language in use, shown
                    // greyed in the field.
                    ui.add(
                        egui::TextEdit::singleline(&mut s.name_one)
                            .hint_text(tr!(texts, "common.default-player"))
                            .char_limit(24),
                    );
                    ui.end_row();
                    if s.mode == Mode::HumanVsHuman {
                        ui.label(tr!(texts, "menu.player-two"));
                        ui.add(
                            egui::TextEdit::singleline(&mut s.name_two)
                                .hint_text(tr!(texts, "common.default-friend"))
                                .char_limit(24),
                        );
                        ui.end_row();
                    }

                    if is_online {
                        online::menu_rows(ui, &texts, &mut s);
                    } else if vs_computer && s.swap2 {
                        // Under Swap2 the opening decides the colours: only who opens.
                        ui.label(tr!(texts, "menu.first-opening"));
                        ui.horizontal(|ui| {
                            ui.radio_value(
                                &mut s.one_plays_black,
                                true,
                                tr!(texts, "menu.you-open"),
                            );
                            ui.radio_value(
                                &mut s.one_plays_black,
                                false,
                                tr!(texts, "menu.computer-opens"),
                            );
                        });
                        ui.end_row();
                    } else {
                        ui.label(if vs_computer {
                            tr!(texts, "menu.you-play")
                        } else {
                            tr!(texts, "menu.player-one-plays")
                        });
                        ui.horizontal(|ui| {
                            ui.radio_value(
                                &mut s.one_plays_black,
                                true,
                                tr!(texts, "menu.black-moves-first"),
                            );
                            ui.radio_value(
                                &mut s.one_plays_black,
                                false,
                                tr!(texts, "common.white"),
                            );
                        });
                        ui.end_row();
                    }
                    if !vs_computer {
                        online::time_control_row(ui, &texts, &mut s);
                    }
                    if !is_online {
                        ui.label(tr!(texts, "menu.opening"));
                        ui.checkbox(
                            &mut s.swap2,
                            if vs_computer {
                                tr!(texts, "menu.swap2-computer")
                            } else {
                                tr!(texts, "menu.swap2-two-players")
                            },
                        );
                        ui.end_row();
                    }

                    if vs_computer {
                        ui.label(tr!(texts, "menu.level"));
                        egui::ComboBox::from_id_salt("level")
                            .selected_text(level_choice(&texts, s.level()))
                            .show_ui(ui, |ui| {
                                for level in Level::all() {
                                    ui.selectable_value(
                                        &mut s.level,
                                        level.number(),
                                        level_choice(&texts, level),
                                    );
                                }
                            });
                        ui.end_row();
                        #[cfg(not(target_arch = "wasm32"))]
                        computer_resources_rows(ui, &texts, &mut s);
                    }

                    ui.label(tr!(texts, "menu.rule"));
                    egui::ComboBox::from_id_salt("rule")
                        .selected_text(texts.text(rule_key(s.rule())))
                        .show_ui(ui, |ui| {
                            for rule in Rule::ALL {
                                if ui
                                    .selectable_label(s.rule() == rule, texts.text(rule_key(rule)))
                                    .clicked()
                                {
                                    s.rule = rule.keyword().to_string();
                                }
                            }
                        });
                    ui.end_row();

                    ui.label(tr!(texts, "menu.board"));
                    ui.horizontal(|ui| {
                        for size in [15u8, 19] {
                            ui.radio_value(
                                &mut s.size,
                                size,
                                tr!(texts, "menu.board-size", size = size),
                            );
                        }
                    });
                    ui.end_row();

                    let catalog = &skins.0;
                    skin_combo(
                        ui,
                        &texts,
                        ("stones", tr!(texts, "menu.stones")),
                        &mut s.stones,
                        &catalog.stones,
                    );
                    skin_combo(
                        ui,
                        &texts,
                        ("background", tr!(texts, "menu.background")),
                        &mut s.background,
                        &catalog.backgrounds,
                    );
                    skin_combo(
                        ui,
                        &texts,
                        ("lines", tr!(texts, "menu.lines")),
                        &mut s.lines,
                        &catalog.lines,
                    );

                    ui.label("");
                    ui.checkbox(&mut s.show_numbers, tr!(texts, "menu.show-numbers"));
                    ui.end_row();

                    ui.label(tr!(texts, "menu.touch"));
                    let mut confirm = s.tap_to_confirm.unwrap_or(false);
                    if ui
                        .checkbox(&mut confirm, tr!(texts, "menu.tap-twice"))
                        .on_hover_text(tr!(texts, "menu.tap-twice-hint"))
                        .changed()
                    {
                        s.tap_to_confirm = Some(confirm);
                    }
                    ui.end_row();

                    analysis_rows(ui, &texts, &mut s);
                    sound_row(ui, &texts, &mut s);
                });
            if let Some((background, stones, line)) = preview {
                ui.add_space(12.0);
                skin_preview(ui, background, stones, line);
            }
        });
        ui.add_space(10.0);
        if s.mode == Mode::Online {
            online::menu_actions(
                ui,
                &texts,
                &mut s,
                room.as_deref(),
                offered.0.as_ref(),
                &mut requests,
                &mut problem,
            );
            if let Some(problem) = problem.as_ref() {
                ui.colored_label(egui::Color32::from_rgb(230, 120, 60), problem.text(&texts));
            }
            return;
        }
        // Narrow, Start stays on screen under the scrolling choices (below).
        if narrow {
            return;
        }
        ui.vertical_centered(|ui| {
            start = ui.add(start_button(&texts)).clicked();
            ui.label(
                egui::RichText::new(tr!(texts, "menu.shortcuts"))
                    .small()
                    .weak(),
            );
        });
    };
    if narrow {
        let mut root = super::root_ui(ctx, "menu-root");
        let mut pinned_start = false;
        if settings.mode != Mode::Online {
            egui::Panel::bottom("menu-start").show(&mut root, |ui| {
                ui.add_space(8.0);
                ui.vertical_centered(|ui| pinned_start = ui.add(start_button(&texts)).clicked());
                ui.add_space(4.0);
            });
        }
        egui::CentralPanel::default_margins().show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink(false)
                .show(ui, contents);
        });
        start |= pinned_start;
    } else {
        // Its title bar is hidden: the title is only the window's id.
        egui::Window::new("menu-window")
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .min_width(420.0)
            .show(ctx, contents);
    }
    if s != *settings {
        *settings = s;
        persist(&store, &settings);
    }
    // Two separate calls: asking the context from inside `input` would lock it twice.
    let typing = ctx.egui_wants_keyboard_input();
    let enter = ctx.input(|i| i.key_pressed(egui::Key::Enter));
    if !requests.is_empty() {
        *problem = None;
    }
    online_requests.write_batch(requests);
    if settings.mode == Mode::Online {
        return Ok(());
    }
    if start || (enter && !typing) {
        actions.write(MatchAction::NewMatch(settings.match_setup_in(&texts)));
        next.set(Screen::Playing);
    }
    Ok(())
}

fn start_button(texts: &Texts) -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new(tr!(texts, "menu.start")).size(20.0))
        .min_size(egui::vec2(160.0, 40.0))
}

/// The language of every text, each named in itself so that anyone finds their own:
/// a combo box, or on a phone held upright buttons a finger can hit. The choice is
/// remembered with the others, and `i18n::follow_settings` changes the texts at once.
fn language_row(ui: &mut egui::Ui, texts: &Texts, s: &mut Settings, narrow: bool) {
    let current = language_of(s);
    let mut picked = None;
    ui.label(tr!(texts, "menu.language"));
    if narrow {
        ui.horizontal_wrapped(|ui| {
            for language in Language::ALL {
                if ui
                    .selectable_label(language == current, texts.autonym(language))
                    .clicked()
                {
                    picked = Some(language);
                }
            }
        });
    } else {
        egui::ComboBox::from_id_salt("language")
            .selected_text(texts.autonym(current))
            .show_ui(ui, |ui| {
                for language in Language::ALL {
                    if ui
                        .selectable_label(language == current, texts.autonym(language))
                        .clicked()
                    {
                        picked = Some(language);
                    }
                }
            });
    }
    ui.end_row();
    if let Some(language) = picked {
        // Chosen, even the system's own: it no longer follows the system.
        s.language = Some(language);
    }
}

/// A level as the menu lists it: its number and its name.
fn level_choice(texts: &Texts, level: Level) -> String {
    tr!(
        texts,
        "menu.level-choice",
        number = level.number(),
        level = texts.text(level_key(level))
    )
}

/// A combo box over skins, with its id (the same in every language) and its label. Each
/// skin shows its name in the player's language where it is a shipped one (a player's
/// own shows its own name); an unknown or empty choice shows the first entry.
fn skin_combo<T: Named>(
    ui: &mut egui::Ui,
    texts: &Texts,
    (id, label): (&str, &str),
    choice: &mut String,
    items: &[T],
) {
    let shown = |item: &T| texts.text_or(&item.key(), item.name()).to_owned();
    ui.label(label);
    let current = chosen(items, choice);
    let current_name = current.map_or("", Named::name).to_owned();
    egui::ComboBox::from_id_salt(id)
        .selected_text(current.map(shown).unwrap_or_default())
        .show_ui(ui, |ui| {
            for item in items {
                if ui
                    .selectable_label(item.name() == current_name, shown(item))
                    .clicked()
                {
                    *choice = item.name().to_string();
                }
            }
        });
    ui.end_row();
}

/// A corner of a board in the chosen skin, with a few stones on it.
fn skin_preview(
    ui: &mut egui::Ui,
    background: egui::TextureId,
    stones: [egui::TextureId; 2],
    line: Color,
) {
    let side = 190.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(0.45, 0.45));
    painter.image(background, rect, uv, egui::Color32::WHITE);
    let c = line.to_srgba();
    let ink = egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    );
    let cells = 5;
    let step = side / (cells as f32 + 1.0);
    let at = |i: usize, j: usize| {
        rect.min + egui::vec2(step * (i as f32 + 1.0), step * (j as f32 + 1.0))
    };
    for i in 0..cells {
        painter.line_segment([at(i, 0), at(i, cells - 1)], egui::Stroke::new(1.2, ink));
        painter.line_segment([at(0, i), at(cells - 1, i)], egui::Stroke::new(1.2, ink));
    }
    painter.circle_filled(at(2, 2), 3.0, ink);
    let full = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    for (i, j, colour) in [(1, 1, 0), (2, 2, 1), (2, 1, 0), (3, 2, 1), (3, 3, 0)] {
        let stone = egui::Rect::from_center_size(at(i, j), egui::vec2(step * 1.04, step * 1.04));
        painter.image(stones[colour], stone, full, egui::Color32::WHITE);
    }
}

/// The computer's threads and table memory (the desktop's: the browser's worker has one
/// thread and its own small table).
#[cfg(not(target_arch = "wasm32"))]
fn computer_resources_rows(ui: &mut egui::Ui, texts: &Texts, s: &mut Settings) {
    use crate::settings::COMPUTER_MEMORY_CHOICES_MIB;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads_label = |n: u8| match n {
        0 => tr!(
            texts,
            "menu.threads-automatic",
            count = gomoku_engine::ai::Threads::all_cores_but_one().get()
        ),
        n => tr!(texts, "menu.threads", count = n),
    };
    ui.label(tr!(texts, "menu.computer-threads"));
    egui::ComboBox::from_id_salt("computer_threads")
        .selected_text(threads_label(s.computer_threads))
        .show_ui(ui, |ui| {
            for n in 0..=cores.min(usize::from(u8::MAX)) as u8 {
                ui.selectable_value(&mut s.computer_threads, n, threads_label(n));
            }
        });
    ui.end_row();
    ui.label(tr!(texts, "menu.computer-memory"));
    let memory_label = |mib: u16| tr!(texts, "menu.memory-mib", mib = mib);
    egui::ComboBox::from_id_salt("computer_memory")
        .selected_text(memory_label(s.computer_memory_mib))
        .show_ui(ui, |ui| {
            for mib in COMPUTER_MEMORY_CHOICES_MIB {
                ui.selectable_value(&mut s.computer_memory_mib, mib, memory_label(mib));
            }
        });
    ui.end_row();
}

/// Mute and volume (the menu stores every change of `s`).
fn sound_row(ui: &mut egui::Ui, texts: &Texts, s: &mut Settings) {
    ui.label(tr!(texts, "sound.heading"));
    ui.horizontal(|ui| super::sound::sound_controls(ui, s, texts));
    ui.end_row();
}

/// Live analysis (on, and whether its best line always shows) and the review's budget.
fn analysis_rows(ui: &mut egui::Ui, texts: &Texts, s: &mut Settings) {
    use crate::settings::REVIEW_BUDGET_CHOICES_MS;
    ui.label(tr!(texts, "menu.analysis"));
    ui.horizontal(|ui| {
        ui.checkbox(&mut s.analysis, tr!(texts, "menu.analysis-live"))
            .on_hover_text(tr!(texts, "menu.analysis-live-hint"));
        ui.add_enabled(
            s.analysis,
            egui::Checkbox::new(
                &mut s.analysis_line_always,
                tr!(texts, "menu.analysis-line-always"),
            ),
        );
    });
    ui.end_row();
    ui.label(tr!(texts, "menu.review"));
    let budget_label = |ms: u32| tr!(texts, "menu.review-ms", ms = ms);
    egui::ComboBox::from_id_salt("review_ms")
        .selected_text(budget_label(s.review_ms))
        .show_ui(ui, |ui| {
            for ms in REVIEW_BUDGET_CHOICES_MS {
                ui.selectable_value(&mut s.review_ms, ms, budget_label(ms));
            }
        });
    ui.end_row();
}
