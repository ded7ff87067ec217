//! `--headless`: the game without a window or a GPU, for a machine that only hosts
//! signalling (`--host-signalling`) or lets the computer play a room's side
//! (`--online-bot`). It runs 30 frames a second and says what it does in the log.

use super::LaunchOptions;
use bevy::app::ScheduleRunnerPlugin;
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::log::LogPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::time::Duration;

/// Runs the headless app until it exits (`--exit-after`, or a signal).
pub fn run(options: LaunchOptions, assets: AssetPlugin) -> AppExit {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(Duration::from_secs_f64(
            1.0 / 30.0,
        ))),
        LogPlugin::default(),
        StatesPlugin,
        assets,
    ))
    .init_asset::<Image>()
    .register_asset_loader(UndrawnImage)
    .init_resource::<ButtonInput<MouseButton>>()
    .init_resource::<ButtonInput<KeyCode>>()
    .insert_resource(options)
    .add_plugins((crate::core_plugin, super::plugin));
    app.run()
}

/// The skins' textures, which nothing draws here, as placeholders: the skin catalogue
/// still loads (the screens wait for it) without decoding images for no one. (Bevy's own
/// image loader needs the renderer's list of texture formats.)
#[derive(Default, TypePath)]
struct UndrawnImage;

impl AssetLoader for UndrawnImage {
    type Asset = Image;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        _reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<Image, std::io::Error> {
        Ok(Image::default())
    }

    fn extensions(&self) -> &[&str] {
        &["png"]
    }
}
