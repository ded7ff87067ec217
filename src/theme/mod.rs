//! Skins: loading the catalogue, and resolving the menu's choice into images and colours.

pub mod catalog;
pub mod paint;

use crate::screens::Screen;
use crate::settings::Settings;
use bevy::asset::{LoadState, RecursiveDependencyLoadState};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use catalog::{BackgroundLook, SkinCatalog, SkinCatalogLoader, StoneLook, chosen, parse_color};

pub const CATALOG_PATH: &str = "themes/default.skins.ron";

/// The catalogue in use: the data file once loaded, the built-in one before or without it.
#[derive(Resource, Clone, Debug, Default)]
pub struct Skins(pub SkinCatalog);

#[derive(Resource)]
struct CatalogHandle(Handle<SkinCatalog>);

/// Where to go once loading is done (the menu, unless launched straight into a game).
#[derive(Resource, Clone, Copy, Debug)]
pub struct AfterLoading(pub Screen);

impl Default for AfterLoading {
    fn default() -> Self {
        AfterLoading(Screen::Menu)
    }
}

/// The chosen skin, ready to draw.
#[derive(Resource, Clone, Debug)]
pub struct ActiveSkin {
    /// Black's and white's stone images.
    pub stones: [Handle<Image>; 2],
    pub background: Handle<Image>,
    pub line: Color,
    pub marks: MarkPalette,
}

/// The board's marks, ready to draw (see `catalog::MarkColours`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MarkPalette {
    pub last_move: Color,
    pub hint: Color,
    pub forbidden: Color,
    pub victory: Color,
    pub board_shadow: Color,
}

/// Painted images by key, so switching skins back and forth paints each only once.
#[derive(Resource, Default)]
pub struct PaintCache(HashMap<String, Handle<Image>>);

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<SkinCatalog>()
        .register_asset_loader(SkinCatalogLoader)
        .init_resource::<Skins>()
        .init_resource::<AfterLoading>()
        .init_resource::<PaintCache>()
        .add_systems(OnEnter(Screen::Loading), start_loading)
        .add_systems(Update, finish_loading.run_if(in_state(Screen::Loading)))
        .add_systems(OnEnter(Screen::Playing), apply_skin)
        // The menu previews the chosen skin.
        .add_systems(OnEnter(Screen::Menu), apply_skin)
        .add_systems(
            Update,
            apply_skin.run_if(in_state(Screen::Menu).and_then(resource_changed::<Settings>)),
        );
}

fn start_loading(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(CatalogHandle(assets.load(CATALOG_PATH)));
}

fn finish_loading(
    handle: Res<CatalogHandle>,
    assets: Res<AssetServer>,
    catalogs: Res<Assets<SkinCatalog>>,
    after: Res<AfterLoading>,
    mut skins: ResMut<Skins>,
    mut next: ResMut<NextState<Screen>>,
) {
    match (
        assets.load_state(&handle.0),
        assets.recursive_dependency_load_state(&handle.0),
    ) {
        (LoadState::Failed(e), _) => {
            error!("skins could not be loaded, using the built-in skin: {e}")
        }
        (LoadState::Loaded, RecursiveDependencyLoadState::Loaded) => {
            if let Some(catalog) = catalogs.get(&handle.0) {
                skins.0 = catalog.clone();
            }
        }
        (LoadState::Loaded, RecursiveDependencyLoadState::Failed(e)) => {
            // The data is fine; a texture is missing. Offer the skins, that one shows blank.
            error!("a skin texture could not be loaded: {e}");
            if let Some(catalog) = catalogs.get(&handle.0) {
                skins.0 = catalog.clone();
            }
        }
        _ => return,
    }
    next.set(after.0);
}

/// Resolves the settings' skin names (falling back to each list's first entry).
pub fn apply_skin(
    mut commands: Commands,
    settings: Res<Settings>,
    skins: Res<Skins>,
    assets: Option<Res<AssetServer>>,
    mut images: ResMut<Assets<Image>>,
    mut cache: ResMut<PaintCache>,
) {
    let catalog = &skins.0;
    let mut painted = |key: String, paint: &dyn Fn() -> Image| {
        cache
            .0
            .entry(key)
            .or_insert_with(|| images.add(paint()))
            .clone()
    };
    let color = |c: &str| parse_color(c).unwrap_or(Color::BLACK);

    let stones = match chosen(&catalog.stones, &settings.stones).map(|s| (&s.name, &s.look)) {
        Some((name, StoneLook::Shaded { black, white })) => [black, white]
            .map(|c| painted(format!("{name}/{c}"), &|| paint::stone(color(c), None, 1.0))),
        Some((
            name,
            StoneLook::Flat {
                black,
                white,
                outline,
            },
        )) => [black, white].map(|c| {
            painted(format!("{name}/{c}"), &|| {
                paint::stone(color(c), Some(color(outline)), 0.0)
            })
        }),
        Some((_, StoneLook::Textured { black, white })) => [black, white].map(|p| {
            assets
                .as_ref()
                .map(|a| a.load(p.clone()))
                .unwrap_or_default()
        }),
        None => [Color::BLACK, Color::WHITE]
            .map(|c| painted(format!("{c:?}"), &|| paint::stone(c, None, 1.0))),
    };

    let background =
        match chosen(&catalog.backgrounds, &settings.background).map(|b| (&b.name, &b.look)) {
            Some((name, BackgroundLook::Wood { light, dark })) => {
                painted(format!("wood/{name}"), &|| {
                    paint::wood(color(light), color(dark), 512)
                })
            }
            Some((_, BackgroundLook::Plain(c))) => {
                painted(format!("plain/{c}"), &|| paint::plain(color(c)))
            }
            Some((_, BackgroundLook::Image(path))) => assets
                .as_ref()
                .map(|a| a.load(path.clone()))
                .unwrap_or_default(),
            None => painted("plain/default".into(), &|| {
                paint::plain(Color::srgb(0.85, 0.7, 0.45))
            }),
        };

    let line = chosen(&catalog.lines, &settings.lines).map_or(Color::BLACK, |l| color(&l.color));
    let m = &catalog.marks;
    let marks = MarkPalette {
        last_move: color(&m.last_move),
        hint: color(&m.hint),
        forbidden: color(&m.forbidden),
        victory: color(&m.victory),
        board_shadow: color(&m.board_shadow),
    };
    commands.insert_resource(ActiveSkin {
        stones,
        background,
        line,
        marks,
    });
}
