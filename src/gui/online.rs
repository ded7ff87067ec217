//! Online play in egui: the menu's room panel (create, join, waiting for the other
//! player) and the HUD's section (connection, questions, offers, chat). What online play
//! keeps as typed values (the connection, a refusal, a chat answer) is worded here, in
//! the player's language.

use crate::i18n::Texts;
use crate::online::room::SignalUrlError;
use crate::online::{
    ColourChoice, Connection, Failure, LinkFailure, Online, OnlineCommand, Question, Refusal,
    RoomCode, Said, room::RoomCodeError,
};
use crate::settings::Settings;
use crate::tr;
use bevy_egui::egui;
use gomoku_engine::online::{Action, PROTOCOL_VERSION, PeerError, Proposal, Side, WireError};
use gomoku_engine::time_control::TimeControl;
use gomoku_engine::{PlayError, Point};

const WARN: egui::Color32 = egui::Color32::from_rgb(230, 120, 60);

/// The colour choices, in the menu's order.
const COLOUR_CHOICES: [ColourChoice; 4] = [
    ColourChoice::CreatorBlack,
    ColourChoice::CreatorWhite,
    ColourChoice::Random,
    ColourChoice::Swap2,
];

fn colour_label(texts: &Texts, choice: ColourChoice) -> &str {
    match choice {
        ColourChoice::CreatorBlack => tr!(texts, "online.colour.creator-black"),
        ColourChoice::CreatorWhite => tr!(texts, "online.colour.creator-white"),
        ColourChoice::Random => tr!(texts, "online.colour.random"),
        ColourChoice::Swap2 => tr!(texts, "online.colour.swap2"),
    }
}

/// A combo box over the time control presets; a custom control from the command line
/// stays selectable as it is.
pub(super) fn time_control_row(ui: &mut egui::Ui, texts: &Texts, s: &mut Settings) {
    ui.label(tr!(texts, "online.time"));
    let current = s.time_control();
    egui::ComboBox::from_id_salt("time-control")
        .selected_text(time_label(texts, current))
        .show_ui(ui, |ui| {
            for control in TimeControl::PRESETS {
                if ui
                    .selectable_label(control == current, time_label(texts, control))
                    .clicked()
                {
                    s.time_control = control.to_string();
                }
            }
        });
    ui.end_row();
}

fn time_label(texts: &Texts, control: TimeControl) -> String {
    match control {
        TimeControl::Unlimited => tr!(texts, "online.no-clock").to_string(),
        // "5+3": minutes and seconds, the same in every language.
        TimeControl::Fischer { .. } => tr!(texts, "online.fischer", control = control.to_string()),
    }
}

/// The rows of the menu's grid that only online play has.
pub(super) fn menu_rows(ui: &mut egui::Ui, texts: &Texts, s: &mut Settings) {
    ui.label(tr!(texts, "online.signalling"));
    ui.add(
        egui::TextEdit::singleline(&mut s.signal)
            .hint_text("ws://host:3536")
            .desired_width(220.0),
    )
    .on_hover_text(tr!(texts, "online.signalling-help"));
    ui.end_row();

    ui.label(tr!(texts, "online.ice-servers"));
    ui.add(
        egui::TextEdit::singleline(&mut s.ice_urls)
            .hint_text(tr!(texts, "online.ice-hint"))
            .desired_width(220.0),
    );
    ui.end_row();
    if !s.ice_urls.trim().is_empty() {
        ui.label(tr!(texts, "online.turn-user"));
        ui.horizontal(|ui| {
            ui.add(egui::TextEdit::singleline(&mut s.ice_username).desired_width(90.0));
            ui.add(
                egui::TextEdit::singleline(&mut s.ice_credential)
                    .password(true)
                    .hint_text(tr!(texts, "online.password"))
                    .desired_width(110.0),
            );
        });
        ui.end_row();
    }

    ui.label(tr!(texts, "online.colours"));
    egui::ComboBox::from_id_salt("online-colours")
        .selected_text(colour_label(texts, s.online_colours))
        .show_ui(ui, |ui| {
            for choice in COLOUR_CHOICES {
                ui.selectable_value(&mut s.online_colours, choice, colour_label(texts, choice));
            }
        });
    ui.end_row();
}

/// Why the menu could not create or join a room, worded when shown (the language may
/// change while it is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum RoomProblem {
    Signal(SignalUrlError),
    Code(RoomCodeError),
}

impl RoomProblem {
    pub(super) fn text(&self, texts: &Texts) -> String {
        match self {
            RoomProblem::Signal(SignalUrlError::NotWebSocket(address)) => {
                tr!(texts, "online.problem.not-websocket", address = address)
            }
            RoomProblem::Signal(SignalUrlError::NoHost(address)) => {
                tr!(texts, "online.problem.no-host", address = address)
            }
            RoomProblem::Code(e) => tr!(texts, "online.problem.bad-code", code = e.typed()),
        }
    }
}

/// The menu's buttons for online play, or the room being waited in.
pub(super) fn menu_actions(
    ui: &mut egui::Ui,
    texts: &Texts,
    s: &mut Settings,
    online: Option<&Online>,
    offered: Option<&crate::online::autosave::Resumable>,
    requests: &mut Vec<OnlineCommand>,
    problem: &mut Option<RoomProblem>,
) {
    if let Some(online) = online {
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(tr!(texts, "online.room", code = online.code.as_str()))
                    .size(22.0)
                    .strong(),
            );
            ui.label(tr!(texts, "online.tell-code"));
            #[cfg(target_arch = "wasm32")]
            if let Some(page) = crate::launch::browser::page_address() {
                let link = format!("{page}?join={}&signal={}", online.code, s.signal.trim());
                ui.hyperlink_to(tr!(texts, "online.room-link"), &link);
                if ui.button(tr!(texts, "online.copy-link")).clicked() {
                    ui.ctx().copy_text(link);
                }
            }
            ui.label(connection_label(texts, &online.connection));
            if let Connection::Failed(_) = online.connection {
                if ui.button(tr!(texts, "online.try-again")).clicked() {
                    requests.push(OnlineCommand::Reconnect);
                }
            } else {
                ui.add(egui::Spinner::new());
            }
            if ui.button(tr!(texts, "common.cancel")).clicked() {
                requests.push(OnlineCommand::Leave);
            }
        });
        return;
    }
    let player = crate::game_match::PlayerKind::Human;
    if let Some(kept) = offered {
        // An older keeper may have kept no name for the other player.
        let name = match kept.peer_name.as_str() {
            "" => tr!(texts, "online.opponent"),
            name => name,
        };
        let label = tr!(
            texts,
            "online.resume",
            name = name,
            code = kept.code.as_str(),
            count = kept.record.game.moves().len(),
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
                egui::RichText::new(tr!(texts, "online.create")).size(18.0),
            ))
            .clicked()
        {
            match crate::online::room::check_signal_url(&s.signal) {
                Ok(()) => requests.push(OnlineCommand::Create {
                    name: s.player_name_in(texts),
                    setup: s.room_setup(),
                    network: s.network(),
                    player,
                }),
                Err(e) => *problem = Some(RoomProblem::Signal(e)),
            }
        }
        ui.separator();
        ui.add(
            egui::TextEdit::singleline(&mut s.room)
                .hint_text(tr!(texts, "online.code-hint"))
                .desired_width(130.0),
        );
        if ui
            .add(egui::Button::new(
                egui::RichText::new(tr!(texts, "online.join")).size(18.0),
            ))
            .clicked()
        {
            let checked = crate::online::room::check_signal_url(&s.signal)
                .map_err(RoomProblem::Signal)
                .and_then(|()| RoomCode::parse(&s.room).map_err(RoomProblem::Code));
            match checked {
                Ok(code) => requests.push(OnlineCommand::Join {
                    name: s.player_name_in(texts),
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
    texts: &Texts,
    online: &Online,
    game_over: bool,
    chat_field: &mut String,
    out: &mut HudRequests,
) {
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(tr!(texts, "online.room", code = online.code.as_str())).strong(),
        );
        if let Some(rtt) = online.round_trip {
            let ms = tr!(texts, "online.round-trip", ms = rtt.as_millis() as u64);
            ui.label(egui::RichText::new(ms).weak())
                .on_hover_text(tr!(texts, "online.round-trip-help"));
        }
    });
    let linked = online.connection == Connection::Connected;
    let label = connection_label(texts, &online.connection);
    if linked {
        ui.label(label);
    } else {
        ui.colored_label(WARN, label);
    }
    if let Connection::Failed(_) = online.connection
        && ui.button(tr!(texts, "online.reconnect")).clicked()
    {
        out.commands.push(OnlineCommand::Reconnect);
    }

    let peer = online
        .peer_name
        .as_deref()
        .unwrap_or_else(|| tr!(texts, "online.opponent"));
    if let Some(question) = online.question() {
        let text = match question {
            Question::Undo => tr!(texts, "online.asks-undo", name = peer),
            Question::Draw => tr!(texts, "online.offers-draw", name = peer),
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
            if ui.button(tr!(texts, "online.accept")).clicked() {
                out.commands.push(yes);
            }
            if ui.button(tr!(texts, "online.decline")).clicked() {
                out.commands.push(no);
            }
        });
    }
    if let Some(asked) = online.asked() {
        let waiting = match asked {
            Question::Undo => tr!(texts, "online.undo-waits", name = peer),
            Question::Draw => tr!(texts, "online.draw-waits", name = peer),
        };
        ui.label(egui::RichText::new(waiting).weak());
    }
    if !game_over {
        ui.horizontal(|ui| {
            let free = linked && online.asked().is_none();
            if ui
                .add_enabled(free, egui::Button::new(tr!(texts, "online.ask-undo")))
                .clicked()
            {
                out.commands.push(OnlineCommand::AskUndo);
            }
            if ui
                .add_enabled(free, egui::Button::new(tr!(texts, "online.offer-draw")))
                .clicked()
            {
                out.commands.push(OnlineCommand::OfferDraw);
            }
        });
        ui.horizontal(|ui| {
            if ui.button(tr!(texts, "online.resign")).clicked() {
                out.commands.push(OnlineCommand::Resign);
            }
            if online.can_claim() && ui.button(tr!(texts, "online.claim-win")).clicked() {
                out.commands.push(OnlineCommand::ClaimWin);
            }
        });
    }
    if ui.button(tr!(texts, "online.leave")).clicked() {
        out.leave = true;
    }

    for refusal in &online.refused {
        let why = refusal_text(texts, refusal);
        ui.colored_label(WARN, tr!(texts, "online.refused", why = why));
    }

    ui.separator();
    egui::ScrollArea::vertical()
        .max_height(110.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in &online.chat {
                let text = match &line.said {
                    // Shown as typed.
                    Said::Text(text) => text.as_str(),
                    Said::DeclinedUndo => tr!(texts, "online.chat.declines-undo"),
                    Said::DeclinedDraw => tr!(texts, "online.chat.declines-draw"),
                };
                ui.label(tr!(
                    texts,
                    "online.chat.line",
                    name = &line.from,
                    text = text
                ));
            }
        });
    let field = ui.add(
        egui::TextEdit::singleline(chat_field)
            .hint_text(tr!(texts, "online.chat.hint"))
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

/// How the link stands, in a line.
pub(super) fn connection_label(texts: &Texts, connection: &Connection) -> String {
    match connection {
        Connection::Connecting => tr!(texts, "online.state.connecting").to_string(),
        Connection::WaitingForOpponent => tr!(texts, "online.state.waiting").to_string(),
        Connection::Greeting => tr!(texts, "online.state.greeting").to_string(),
        Connection::Connected => tr!(texts, "online.state.connected").to_string(),
        Connection::OpponentLost { .. } => tr!(texts, "online.state.opponent-lost").to_string(),
        Connection::OpponentLeft => tr!(texts, "online.state.opponent-left").to_string(),
        Connection::Failed(why) => {
            let why = failure_text(texts, why);
            tr!(texts, "online.state.failed", why = why)
        }
    }
}

fn failure_text(texts: &Texts, failure: &Failure) -> String {
    match failure {
        Failure::Link(LinkFailure::Closed) => tr!(texts, "online.failure.closed").to_string(),
        Failure::Link(LinkFailure::ServerClosed) => {
            tr!(texts, "online.failure.server-closed").to_string()
        }
        Failure::Link(LinkFailure::ServerUnreachable) => {
            tr!(texts, "online.failure.server-unreachable").to_string()
        }
        Failure::Link(LinkFailure::ServerLost) => {
            tr!(texts, "online.failure.server-lost").to_string()
        }
        // The stack's own words are technical English, for whoever reports the problem.
        Failure::Link(LinkFailure::StackFailed(detail)) => {
            tr!(texts, "online.failure.stack-failed", detail = detail)
        }
        Failure::NoAnswer => tr!(texts, "online.failure.no-answer").to_string(),
        Failure::OtherVersion { theirs } => tr!(
            texts,
            "online.failure.other-version",
            theirs = *theirs,
            ours = PROTOCOL_VERSION
        ),
    }
}

/// Why a message of the other player was refused, as the HUD lists it.
fn refusal_text(texts: &Texts, refusal: &Refusal) -> String {
    match refusal {
        Refusal::Unreadable(e) => wire_error_text(texts, e),
        Refusal::Judged(e) => peer_error_text(texts, e),
        // The kind is the protocol's own word for the message ("move", "draw-offer").
        Refusal::OutOfPlace(kind) => tr!(texts, "online.refusal.out-of-place", kind = *kind),
        Refusal::Swap2NotAwaited(_) => tr!(texts, "online.refusal.swap2-not-awaited").to_string(),
        Refusal::Swap2NotTheirs => tr!(texts, "online.refusal.swap2-not-theirs").to_string(),
        Refusal::FalseFlagClaim => tr!(texts, "online.refusal.false-flag-claim").to_string(),
    }
}

fn wire_error_text(texts: &Texts, error: &WireError) -> String {
    match error {
        WireError::TooLong { bytes } => tr!(texts, "online.wire.too-long", bytes = *bytes),
        WireError::NotGomoku => tr!(texts, "online.wire.not-gomoku").to_string(),
        WireError::BadVersion => tr!(texts, "online.wire.bad-version").to_string(),
        WireError::OtherVersion(version) => {
            tr!(texts, "online.wire.other-version", version = *version)
        }
        WireError::NotUtf8 => tr!(texts, "online.wire.not-utf8").to_string(),
        WireError::UnknownKind(kind) => tr!(texts, "online.wire.unknown-kind", kind = kind),
        WireError::BadField { kind, field } => {
            tr!(texts, "online.wire.bad-field", kind = *kind, field = *field)
        }
        WireError::ExtraField { kind } => tr!(texts, "online.wire.extra-field", kind = *kind),
        // The text's own fault (empty, too long, a control character) goes to the log.
        WireError::BadText { kind, error: _ } => {
            tr!(texts, "online.wire.bad-text", kind = *kind)
        }
    }
}

/// A point as the board's edges name it ("h8"); one off any board, as coordinates.
fn point_name(point: Point) -> String {
    if point.col < 26 {
        gomoku_engine::notation::format_point(point)
    } else {
        format!("({}, {})", point.col, point.row)
    }
}

fn action_name(texts: &Texts, action: Action) -> &str {
    match action {
        Action::Move => tr!(texts, "online.action.move"),
        Action::UndoRequest => tr!(texts, "online.action.undo-request"),
        Action::UndoAnswer => tr!(texts, "online.action.undo-answer"),
        Action::DrawOffer => tr!(texts, "online.action.draw-offer"),
        Action::DrawAnswer => tr!(texts, "online.action.draw-answer"),
        Action::Resign => tr!(texts, "online.action.resign"),
        Action::Swap2Choice => tr!(texts, "online.action.swap2-choice"),
        Action::ColourChoice => tr!(texts, "online.action.colour-choice"),
        Action::Resume => tr!(texts, "online.action.resume"),
    }
}

fn proposal_name(texts: &Texts, proposal: Proposal) -> &str {
    match proposal {
        Proposal::Undo => tr!(texts, "online.action.undo-request"),
        Proposal::Draw => tr!(texts, "online.action.draw-offer"),
    }
}

/// "The opponent's" or "your" move, request...: one text per side, so that each
/// language can place the possessive as it needs.
fn whose_action(texts: &Texts, by: Side, action: &str) -> String {
    match by {
        Side::Local => tr!(texts, "online.side.yours", action = action),
        Side::Peer => tr!(texts, "online.side.theirs", action = action),
    }
}

fn peer_error_text(texts: &Texts, error: &PeerError) -> String {
    match error {
        PeerError::GameOver { by, action } => {
            let what = whose_action(texts, *by, action_name(texts, *action));
            tr!(texts, "online.refusal.game-over", what = what)
        }
        PeerError::OutOfTurn { at } => {
            tr!(texts, "online.refusal.out-of-turn", point = point_name(*at))
        }
        PeerError::WrongPly {
            by,
            action,
            got,
            expected,
        } => {
            let what = whose_action(texts, *by, action_name(texts, *action));
            if got < expected {
                tr!(texts, "online.refusal.earlier-position", what = what)
            } else {
                tr!(texts, "online.refusal.later-position", what = what)
            }
        }
        PeerError::OffBoard { at, size } => tr!(
            texts,
            "online.refusal.off-board",
            point = point_name(*at),
            size = *size
        ),
        PeerError::Illegal { at, why } => {
            let point = point_name(*at);
            match why {
                PlayError::Occupied(_) => tr!(texts, "online.refusal.occupied", point = point),
                PlayError::Forbidden(..) => tr!(texts, "online.refusal.forbidden", point = point),
                PlayError::OffBoard(_) => {
                    tr!(texts, "online.refusal.illegal-off-board", point = point)
                }
                PlayError::GameOver => {
                    tr!(texts, "online.refusal.illegal-game-over", point = point)
                }
            }
        }
        PeerError::PositionsDiffer { at } => {
            tr!(
                texts,
                "online.refusal.positions-differ",
                point = point_name(*at)
            )
        }
        PeerError::AlreadyPending { by, proposal } => {
            let what = whose_action(texts, *by, proposal_name(texts, *proposal));
            tr!(texts, "online.refusal.already-pending", what = what)
        }
        PeerError::NothingToAnswer { by, proposal } => {
            let proposal = proposal_name(texts, *proposal);
            match by {
                Side::Local => tr!(
                    texts,
                    "online.refusal.you-answered-nothing",
                    proposal = proposal
                ),
                Side::Peer => tr!(
                    texts,
                    "online.refusal.they-answered-nothing",
                    proposal = proposal
                ),
            }
        }
        PeerError::NothingToUndo { by } => match by {
            Side::Local => tr!(texts, "online.refusal.you-have-nothing-to-undo").to_string(),
            Side::Peer => tr!(texts, "online.refusal.they-have-nothing-to-undo").to_string(),
        },
        PeerError::ResumeIllegal { index, why: _ } => {
            tr!(texts, "online.refusal.resume-illegal", number = index + 1)
        }
        PeerError::ResumeHashMismatch => tr!(texts, "online.refusal.resume-hash").to_string(),
        PeerError::Diverged { agreed } => {
            tr!(texts, "online.refusal.diverged", number = *agreed)
        }
        PeerError::ResumeForeignMove { ply } => tr!(
            texts,
            "online.refusal.resume-foreign-move",
            number = ply + 1
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use gomoku_engine::online::TextError;
    use std::time::Duration;

    /// One of each typed value online play shows, each variant at least once.
    fn everything_shown() -> (Vec<Connection>, Vec<Refusal>) {
        let h8 = Point::new(7, 7);
        let failures = [
            Failure::Link(LinkFailure::Closed),
            Failure::Link(LinkFailure::ServerClosed),
            Failure::Link(LinkFailure::ServerUnreachable),
            Failure::Link(LinkFailure::ServerLost),
            Failure::Link(LinkFailure::StackFailed("no route to host".into())),
            Failure::NoAnswer,
            Failure::OtherVersion { theirs: 9 },
        ];
        let connections = [
            Connection::Connecting,
            Connection::WaitingForOpponent,
            Connection::Greeting,
            Connection::Connected,
            Connection::OpponentLost {
                since: Duration::ZERO,
            },
            Connection::OpponentLeft,
        ]
        .into_iter()
        .chain(failures.map(Connection::Failed))
        .collect();
        let wire = [
            WireError::TooLong { bytes: 9000 },
            WireError::NotGomoku,
            WireError::BadVersion,
            WireError::OtherVersion(9),
            WireError::NotUtf8,
            WireError::UnknownKind("dance".into()),
            WireError::BadField {
                kind: "move",
                field: "ply",
            },
            WireError::ExtraField { kind: "bye" },
            WireError::BadText {
                kind: "chat",
                error: TextError::Empty,
            },
        ];
        let actions = [
            Action::Move,
            Action::UndoRequest,
            Action::UndoAnswer,
            Action::DrawOffer,
            Action::DrawAnswer,
            Action::Resign,
            Action::Swap2Choice,
            Action::ColourChoice,
            Action::Resume,
        ];
        let mut judged = Vec::new();
        for (i, action) in actions.into_iter().enumerate() {
            let by = [Side::Local, Side::Peer][i % 2];
            judged.push(PeerError::GameOver { by, action });
            judged.push(PeerError::WrongPly {
                by,
                action,
                got: 2,
                expected: 3,
            });
            judged.push(PeerError::WrongPly {
                by,
                action,
                got: 4,
                expected: 3,
            });
        }
        for by in [Side::Local, Side::Peer] {
            for proposal in [Proposal::Undo, Proposal::Draw] {
                judged.push(PeerError::AlreadyPending { by, proposal });
                judged.push(PeerError::NothingToAnswer { by, proposal });
            }
            judged.push(PeerError::NothingToUndo { by });
        }
        let forbidden = gomoku_engine::renju::Forbidden::DoubleThree;
        judged.extend([
            PeerError::OutOfTurn { at: h8 },
            PeerError::OffBoard {
                at: Point::new(30, 2),
                size: 15,
            },
            PeerError::Illegal {
                at: h8,
                why: PlayError::Occupied(h8),
            },
            PeerError::Illegal {
                at: h8,
                why: PlayError::Forbidden(h8, forbidden),
            },
            PeerError::Illegal {
                at: h8,
                why: PlayError::OffBoard(h8),
            },
            PeerError::Illegal {
                at: h8,
                why: PlayError::GameOver,
            },
            PeerError::PositionsDiffer { at: h8 },
            PeerError::ResumeIllegal {
                index: 3,
                why: PlayError::GameOver,
            },
            PeerError::ResumeHashMismatch,
            PeerError::Diverged { agreed: 5 },
            PeerError::ResumeForeignMove { ply: 6 },
        ]);
        let refusals = wire
            .into_iter()
            .map(Refusal::Unreadable)
            .chain(judged.into_iter().map(Refusal::Judged))
            .chain([
                Refusal::OutOfPlace("settings"),
                Refusal::Swap2NotAwaited(None),
                Refusal::Swap2NotTheirs,
                Refusal::FalseFlagClaim,
            ])
            .collect();
        (connections, refusals)
    }

    /// A text with a key or an argument left in it was not worded.
    fn assert_worded(text: &str, language: Language) {
        assert!(
            !text.contains("online.") && !text.contains('{') && !text.contains('}'),
            "{language:?}: {text}"
        );
    }

    #[test]
    fn every_connection_state_and_refusal_is_worded_in_every_language() {
        let (connections, refusals) = everything_shown();
        for language in Language::ALL {
            let texts = Texts::new(language);
            for connection in &connections {
                assert_worded(&connection_label(&texts, connection), language);
            }
            for refusal in &refusals {
                assert_worded(&refusal_text(&texts, refusal), language);
            }
            for problem in [
                RoomProblem::Signal(SignalUrlError::NotWebSocket("http://x".into())),
                RoomProblem::Signal(SignalUrlError::NoHost("ws://".into())),
                RoomProblem::Code(RoomCode::parse("tiger 42").unwrap_err()),
            ] {
                assert_worded(&problem.text(&texts), language);
            }
        }
    }

    #[test]
    fn refusals_name_the_move_and_whose_it_was() {
        let english = Texts::new(Language::English);
        let japanese = Texts::new(Language::Japanese);
        let late = Refusal::Judged(PeerError::GameOver {
            by: Side::Peer,
            action: Action::DrawOffer,
        });
        assert_eq!(
            refusal_text(&english, &late),
            "the opponent's draw offer came after the game ended"
        );
        assert_eq!(
            refusal_text(&japanese, &late),
            "相手の引き分けの提案が終局後に届きました"
        );
        let taken = Refusal::Judged(PeerError::Illegal {
            at: Point::new(7, 7),
            why: PlayError::Occupied(Point::new(7, 7)),
        });
        assert_eq!(
            refusal_text(&english, &taken),
            "the opponent's move at h8 is illegal: already taken"
        );
        let failed = Connection::Failed(Failure::OtherVersion { theirs: 9 });
        assert!(connection_label(&english, &failed).contains(&format!(
            "version 9 of the online protocol, this one {PROTOCOL_VERSION}"
        )),);
    }
}
