use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;
use gomoku::launch::{LaunchOptions, USAGE};

fn main() -> AppExit {
    #[cfg(not(target_arch = "wasm32"))]
    let args: Vec<String> = std::env::args().skip(1).collect();
    #[cfg(target_arch = "wasm32")]
    let args = gomoku::launch::browser::page_args();
    let options = match LaunchOptions::parse(args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return AppExit::Success;
        }
        Err(e) => {
            eprintln!("{e}");
            return AppExit::error();
        }
    };
    #[cfg(not(target_arch = "wasm32"))]
    if options.headless {
        return gomoku::launch::headless::run(options, asset_plugin());
    }
    let (width, height) = options.window.unwrap_or((1280, 800));
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(asset_plugin()).set(WindowPlugin {
        primary_window: Some(Window {
            // Named in the player's language once the texts are in (`gui::name_window`).
            title: String::new(),
            resolution: WindowResolution::new(width, height),
            // In the browser: draw into index.html's canvas and follow its size.
            canvas: Some("#gomoku".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .insert_resource(options)
    .add_plugins((
        gomoku::core_plugin,
        gomoku::gui::plugin,
        gomoku::launch::plugin,
        gomoku::sound::output_plugin,
    ));
    app.run()
}

/// Assets load from `./assets` when run from the project folder (any build profile),
/// otherwise from beside the executable (Bevy's default, for installed copies).
#[cfg(not(target_arch = "wasm32"))]
fn asset_plugin() -> AssetPlugin {
    let local = std::env::current_dir()
        .map(|d| d.join("assets"))
        .ok()
        .filter(|d| d.is_dir());
    match local {
        Some(dir) if std::env::var_os("BEVY_ASSET_ROOT").is_none() => AssetPlugin {
            file_path: dir.to_string_lossy().into_owned(),
            ..default()
        },
        _ => AssetPlugin::default(),
    }
}

/// The browser serves no `.meta` files; asking for them only produces 404s.
#[cfg(target_arch = "wasm32")]
fn asset_plugin() -> AssetPlugin {
    AssetPlugin {
        meta_check: bevy::asset::AssetMetaCheck::Never,
        ..default()
    }
}
