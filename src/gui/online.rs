//! Online play in egui: the menu's room panel (create, join, waiting for the other
//! player) and the HUD's section (connection, questions, offers, chat).

use crate::online::{ColourChoice, Connection, Online, OnlineCommand, Question, RoomCode};
use crate::settings::Settings;
use bevy_egui::egui;
use gomoku_engine::time_control::TimeControl;

const WARN: egui::Color32 = egui::Color32::from_rgb(230, 120, 60);

/// The colour choices as the menu names them.
const COLOUR_LABELS: [(ColourChoice, &str); 4] = [
    (ColourChoice::CreatorBlack, "I take black"),
    (ColourChoice::CreatorWhite, "I take white"),
    (ColourChoice::Random, "Random"),
    (ColourChoice::Swap2, "Swap2 opening"),
];

/// A combo box over the time control presets; a custom control from the command line
/// stays selectable as it is.
pub(super) fn time_control_row(ui: &mut egui::Ui, s: &mut Settings) {
    ui.label("Time");
    let current = s.time_control();
    egui::ComboBox::from_id_salt("time-control")
        .selected_text(time_label(current))
        .show_ui(ui, |ui| {
            for control in TimeControl::PRESETS {
                if ui
                    .selectable_label(control == current, time_label(control))
                    .clicked()
                {
                    s.time_control = control.to_string();
                }
            }
        });
    ui.end_row();
}

fn time_label(control: TimeControl) -> String {
    match control {
        TimeControl::Unlimited => "No clock".into(),
        TimeControl::Fischer { .. } => format!("{control} (minutes + seconds a move)"),
    }
}

/// The rows of the menu's grid that only online play has.
pub(super) fn menu_rows(ui: &mut egui::Ui, s: &mut Settings) {
    ui.label("Signalling");
    ui.add(
        egui::TextEdit::singleline(&mut s.signal)
            .hint_text("ws://host:3536")
            .desired_width(220.0),
    )
    .on_hover_text(
        "On a LAN one player runs `gomoku --host-signalling 3536` and the other enters \
         ws://THAT-MACHINE:3536; across the internet, a matchbox_server behind TLS (wss://).",
    );
    ui.end_row();

    ui.label("ICE servers");
    ui.add(
        egui::TextEdit::singleline(&mut s.ice_urls)
            .hint_text("none (LAN); e.g. turn:host:3478")
            .desired_width(220.0),
    );
    ui.end_row();
    if !s.ice_urls.trim().is_empty() {
        ui.label("TURN user");
        ui.horizontal(|ui| {
            ui.add(egui::TextEdit::singleline(&mut s.ice_username).desired_width(90.0));
            ui.add(
                egui::TextEdit::singleline(&mut s.ice_credential)
                    .password(true)
                    .hint_text("password")
                    .desired_width(110.0),
            );
        });
        ui.end_row();
    }

    ui.label("Colours");
    egui::ComboBox::from_id_salt("online-colours")
        .selected_text(colour_label(s.online_colours))
        .show_ui(ui, |ui| {
            for (choice, label) in COLOUR_LABELS {
                ui.selectable_value(&mut s.online_colours, choice, label);
            }
        });
    ui.end_row();
}

fn colour_label(choice: ColourChoice) -> &'static str {
    COLOUR_LABELS
        .iter()
        .find(|(c, _)| *c == choice)
        .map_or("", |(_, label)| label)
}

/// The menu's buttons for online play, or the room being waited in.
pub(super) fn menu_actions(
    ui: &mut egui::Ui,
    s: &mut Settings,
    online: Option<&Online>,
    offered: Option<&crate::online::autosave::Resumable>,
    requests: &mut Vec<OnlineCommand>,
    problem: &mut Option<String>,
) {
    if let Some(online) = online {
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(format!("Room {}", online.code))
                    .size(22.0)
                    .strong(),
            );
            ui.label("Tell the other player this code.");
            #[cfg(target_arch = "wasm32")]
            if let Some(page) = crate::launch::browser::page_address() {
                let link = format!("{page}?join={}&signal={}", online.code, s.signal.trim());
                ui.hyperlink_to("Link to this room", &link);
                if ui.button("Copy the link").clicked() {
                    ui.ctx().copy_text(link);
                }
            }
            ui.label(online.connection.label());
            if let Connection::Failed(_) = online.connection {
                if ui.button("Try again").clicked() {
                    requests.push(OnlineCommand::Reconnect);
                }
            } else {
                ui.add(egui::Spinner::new());
            }
            if ui.button("Cancel").clicked() {
                requests.push(OnlineCommand::Leave);
            }
        });
        return;
    }
    let player = crate::game_match::PlayerKind::Human;
    if let Some(kept) = offered {
        let label = format!(
            "Resume the game against {} in room {} ({} moves)",
            kept.peer_name,
            kept.code,
            kept.record.game.moves().len()
        );
        if ui.button(label).clicked() {
            requests.push(OnlineCommand::Resume {
                network: s.network(),
                player,
            });
        }
    }
    ui.horizontal(|ui| {
        if ui
            .add(egui::Button::new(
                egui::RichText::new("Create room").size(18.0),
            ))
            .clicked()
        {
            match crate::online::room::check_signal_url(&s.signal) {
                Ok(()) => requests.push(OnlineCommand::Create {
                    name: s.player_name(),
                    setup: s.room_setup(),
                    network: s.network(),
                    player,
                }),
                Err(e) => *problem = Some(e),
            }
        }
        ui.separator();
        ui.add(
            egui::TextEdit::singleline(&mut s.room)
                .hint_text("code, e.g. tiger-42")
                .desired_width(130.0),
        );
        if ui
            .add(egui::Button::new(egui::RichText::new("Join").size(18.0)))
            .clicked()
        {
            let checked = crate::online::room::check_signal_url(&s.signal)
                .and_then(|()| RoomCode::parse(&s.room).map_err(|e| e.to_string()));
            match checked {
                Ok(code) => requests.push(OnlineCommand::Join {
                    name: s.player_name(),
                    code,
                    network: s.network(),
                    player,
                }),
                Err(e) => *problem = Some(e),
            }
        }
    });
}

/// What the HUD's online section asks to have done.
#[derive(Default)]
pub(super) struct HudRequests {
    pub commands: Vec<OnlineCommand>,
    pub leave: bool,
}

/// The HUD's online section: the link, the other player's questions, offers and chat.
pub(super) fn hud_section(
    ui: &mut egui::Ui,
    online: &Online,
    game_over: bool,
    chat_field: &mut String,
    out: &mut HudRequests,
) {
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(format!("Room {}", online.code)).strong());
        if let Some(rtt) = online.round_trip {
            ui.label(egui::RichText::new(format!("{} ms", rtt.as_millis())).weak())
                .on_hover_text("round trip to the other player");
        }
    });
    let linked = online.connection == Connection::Connected;
    let label = online.connection.label();
    if linked {
        ui.label(label);
    } else {
        ui.colored_label(WARN, label);
    }
    if let Connection::Failed(_) = online.connection
        && ui.button("Reconnect").clicked()
    {
        out.commands.push(OnlineCommand::Reconnect);
    }

    let peer = online.peer_name.as_deref().unwrap_or("The other player");
    if let Some(question) = online.question() {
        let text = match question {
            Question::Undo => format!("{peer} asks to take back a move."),
            Question::Draw => format!("{peer} offers a draw."),
        };
        ui.colored_label(egui::Color32::from_rgb(235, 180, 60), text);
        ui.horizontal(|ui| {
            let (yes, no) = match question {
                Question::Undo => (
                    OnlineCommand::AnswerUndo(true),
                    OnlineCommand::AnswerUndo(false),
                ),
                Question::Draw => (
                    OnlineCommand::AnswerDraw(true),
                    OnlineCommand::AnswerDraw(false),
                ),
            };
            if ui.button("Accept").clicked() {
                out.commands.push(yes);
            }
            if ui.button("Decline").clicked() {
                out.commands.push(no);
            }
        });
    }
    if let Some(asked) = online.asked() {
        let what = match asked {
            Question::Undo => "take-back request",
            Question::Draw => "draw offer",
        };
        ui.label(egui::RichText::new(format!("Your {what} waits for {peer}…")).weak());
    }
    if !game_over {
        ui.horizontal(|ui| {
            let free = linked && online.asked().is_none();
            if ui
                .add_enabled(free, egui::Button::new("Ask to take back"))
                .clicked()
            {
                out.commands.push(OnlineCommand::AskUndo);
            }
            if ui
                .add_enabled(free, egui::Button::new("Offer draw"))
                .clicked()
            {
                out.commands.push(OnlineCommand::OfferDraw);
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Resign").clicked() {
                out.commands.push(OnlineCommand::Resign);
            }
            if online.can_claim() && ui.button("Claim the win").clicked() {
                out.commands.push(OnlineCommand::ClaimWin);
            }
        });
    }
    if ui.button("Leave the room").clicked() {
        out.leave = true;
    }

    for refusal in &online.refused {
        ui.colored_label(WARN, format!("Refused: {refusal}"));
    }

    ui.separator();
    egui::ScrollArea::vertical()
        .max_height(110.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in &online.chat {
                ui.label(format!("{}: {}", line.from, line.text));
            }
        });
    let field = ui.add(
        egui::TextEdit::singleline(chat_field)
            .hint_text("Say something, Enter to send")
            .char_limit(gomoku_engine::online::MAX_CHAT_CHARS)
            .desired_width(f32::INFINITY),
    );
    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        let text = std::mem::take(chat_field);
        if !text.trim().is_empty() {
            out.commands.push(OnlineCommand::Chat(text));
        }
        field.request_focus();
    }
}
