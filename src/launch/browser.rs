//! A read-only window onto the game for the browser tests: `window.gomokuState` holds the
//! frame count, the screen, the move string, the hint shown, and the board's placement in
//! CSS pixels.

use crate::ai::{Hint, Thinking};
use crate::board::BoardLayout;
use crate::game_match::Match;
use crate::screens::Screen;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gomoku_engine::notation::{format_moves, format_point};
use wasm_bindgen::JsValue;

pub fn plugin(app: &mut App) {
    app.add_systems(Last, publish);
}

fn publish(
    mut frames: Local<u64>,
    screen: Res<State<Screen>>,
    game_match: Res<Match>,
    layout: Res<BoardLayout>,
    thinking: Res<Thinking>,
    hint: Res<Hint>,
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
    set("thinking", JsValue::from_bool(thinking.0.is_some()));
    let hinted = hint
        .point(&game_match)
        .map(format_point)
        .unwrap_or_default();
    set("hint", hinted.into());
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
    let _ = js_sys::Reflect::set(&js_window, &"gomokuState".into(), &state);
}
