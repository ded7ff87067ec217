//! The board on screen: its layout, and the entities that mirror the match.

pub mod layout;
pub mod view;
pub mod zoom;

pub use layout::{BoardLayout, HudPlace, ReservedArea};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((layout::plugin, view::plugin, zoom::plugin));
}
