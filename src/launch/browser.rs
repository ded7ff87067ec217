//! The page's side of a launch: its query string stands for the command line, and
//! `window.gomokuState` is a read-only window onto the game for the browser tests: the
//! frame count, the screen, the move string, whether the computer thinks or is in
//! trouble, the hint shown, live analysis's candidates and depth, the review's progress,
//! the online room and its connection, the board's placement in CSS pixels, where the HUD
//! is, and tap-to-confirm's setting and the stone it shows.

use crate::ai::{ComputerPlayer, Hint};
use crate::analysis::LiveAnalysis;
use crate::board::{BoardLayout, HudPlace};
use crate::game_match::Match;
use crate::input::TapPreview;
use crate::online::Online;
use crate::review::GameReview;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::share::ShareStatus;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gomoku_engine::notation::{format_moves, format_point};
use wasm_bindgen::JsValue;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, publish);
}

/// The page's address without its query: the base of a room's link.
pub fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

/// Does the browser report a touch screen (`navigator.maxTouchPoints` above 0)?
pub fn has_touch_screen() -> bool {
    let get = |target: &JsValue, key: &str| js_sys::Reflect::get(target, &key.into()).ok();
    web_sys::window()
        .and_then(|w| get(&w, "navigator"))
        .and_then(|navigator| get(&navigator, "maxTouchPoints"))
        .and_then(|points| points.as_f64())
        .is_some_and(|points| points > 0.0)
}

/// The arguments the page's query string (`?play&...`) stands for.
pub fn page_args() -> Vec<String> {
    let get = |target: &JsValue, key: &str| js_sys::Reflect::get(target, &key.into()).ok();
    let query = web_sys::window()
        .and_then(|w| get(&w, "location"))
        .and_then(|location| get(&location, "search"))
        .and_then(|search| search.as_string())
        .unwrap_or_default();
    super::query::args_from_query(&query)
}

fn publish(
    mut frames: Local<u64>,
    screen: Res<State<Screen>>,
    game_match: Res<Match>,
    layout: Res<BoardLayout>,
    computer: Res<ComputerPlayer>,
    hint: Res<Hint>,
    (live, review, shared): (Res<LiveAnalysis>, Res<GameReview>, Option<Res<ShareStatus>>),
    online: Option<Res<Online>>,
    (place, preview, settings): (Res<HudPlace>, Res<TapPreview>, Res<Settings>),
    window: Query<&Window, With<PrimaryWindow>>,
) {
    *frames += 1;
    let Some(js_window) = web_sys::window() else {
        return;
    };
    let Ok(window) = window.single() else { return };
    let state = js_sys::Object::new();
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&state, &key.into(), &value);
    };
    set("frames", JsValue::from_f64(*frames as f64));
    set("screen", format!("{:?}", screen.get()).into());
    set("moves", format_moves(game_match.game.points()).into());
    set("over", JsValue::from_bool(game_match.game.is_over()));
    set("thinking", JsValue::from_bool(computer.is_thinking()));
    let trouble = computer.trouble.as_ref().map_or(String::new(), |t| {
        let state = if t.gave_up() { "gave-up" } else { "retrying" };
        format!("{state} after {} failures: {}", t.attempts, t.last) // i18n: not shown
    });
    set("computerTrouble", trouble.into());
    let hinted = hint
        .point(&game_match)
        .map(format_point)
        .unwrap_or_default();
    set("hint", hinted.into());
    let analysis = live.of(&game_match.game);
    let candidates: Vec<String> = analysis
        .map(|a| a.lines.iter().map(|l| format_point(l.pv[0])).collect())
        .unwrap_or_default();
    set("candidates", candidates.join(" ").into());
    set(
        "analysisDepth",
        JsValue::from_f64(analysis.map_or(0.0, |a| a.depth as f64)),
    );
    let reviewed = review.current.as_ref().filter(|_| review.open);
    let progress = reviewed.map_or(String::new(), |r| {
        let (done, total) = r.progress();
        format!("{done}/{total}")
    });
    set("review", progress.into());
    let marked = reviewed.map_or(0, |r| {
        r.moves.iter().filter(|m| m.severity.is_some()).count()
    });
    set("reviewMarks", JsValue::from_f64(marked as f64));
    // For the tests' eyes: which outcome, not its words in the player's language.
    let shared = shared
        .and_then(|s| s.0.as_ref().map(|shared| format!("{shared:?}")))
        .unwrap_or_default();
    set("shared", shared.into());
    let (room, connection, refused) = online.as_deref().map_or_else(
        || (String::new(), String::new(), 0.0),
        |o| {
            (
                o.code.to_string(),
                format!("{:?}", o.connection),
                o.refused_total as f64,
            )
        },
    );
    set("room", room.into());
    set("connection", connection.into());
    set("refused", JsValue::from_f64(refused));
    // Board centre in CSS pixels from the canvas's top-left, and the cell size.
    set(
        "centerX",
        JsValue::from_f64((window.width() / 2.0 + layout.center.x) as f64),
    );
    set(
        "centerY",
        JsValue::from_f64((window.height() / 2.0 - layout.center.y) as f64),
    );
    set("cell", JsValue::from_f64(layout.cell as f64));
    set("size", JsValue::from_f64(layout.size as f64));
    // `right` (a side panel) or `below HEIGHT` (under the board), in CSS pixels.
    let hud = match *place {
        HudPlace::Right => "right".to_string(),
        HudPlace::Below { height } => format!("below {height}"), // i18n: not shown
    };
    set("hud", hud.into());
    let confirm = match settings.tap_to_confirm {
        Some(on) => JsValue::from_bool(on),
        None => JsValue::NULL,
    };
    set("tapToConfirm", confirm);
    let shown = preview
        .point(&game_match)
        .map(format_point)
        .unwrap_or_default();
    set("preview", shown.into());
    let _ = js_sys::Reflect::set(&js_window, &"gomokuState".into(), &state);
}
