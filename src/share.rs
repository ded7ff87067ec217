//! Sharing a position: a PNG picture of the board (the window's frame cut to the board;
//! a file next to the saves on the desktop, a download in the browser), and in the
//! browser a link to the page that opens the same position and rule.

use crate::board::BoardLayout;
use crate::game_match::Match;
use crate::i18n::Texts;
use crate::storage::{StorageError, Store};
use crate::tr;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::PrimaryWindow;
use gomoku_engine::Game;
use gomoku_engine::notation::format_moves;

/// A player asks for a picture of the board (HUD button).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SaveBoardImage;

/// What the last share did, for the HUD: where the picture went, or why it did not.
#[derive(Resource, Default, Debug)]
pub struct ShareStatus(pub Option<Shared>);

/// One share's outcome.
#[derive(Debug)]
pub enum Shared {
    /// The link to this position is on the clipboard.
    LinkCopied {
        link: String,
    },
    /// The picture is kept: a file's path, or a download's name.
    PictureKept {
        place: String,
    },
    NoPicture(PictureError),
}

impl Shared {
    /// The outcome in the player's language.
    pub fn text(&self, texts: &Texts) -> String {
        match self {
            Shared::LinkCopied { link } => tr!(texts, "files.link-copied", link = link),
            Shared::PictureKept { place } => tr!(texts, "files.picture-saved", place = place),
            Shared::NoPicture(e) => tr!(texts, "files.no-picture", why = e.text(texts)),
        }
    }
}

/// Why no picture of the board was kept. The `Display` (English, with the image
/// library's own words) is for logs.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the frame cannot be read: {0}")]
    FrameUnreadable(String),
    #[error("the picture cannot be encoded: {0}")]
    Encoding(String),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

impl PictureError {
    pub fn text(&self, texts: &Texts) -> String {
        match self {
            PictureError::FrameUnreadable(_) => {
                tr!(texts, "files.picture-frame-unreadable").to_owned()
            }
            PictureError::Encoding(_) => tr!(texts, "files.picture-not-encoded").to_owned(),
            PictureError::Storage(e) => e.text(texts),
        }
    }
}

/// A part of a frame, in physical pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelRect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// The page's query that opens `game`'s position under its rule and size (read by
/// `launch::query`): `?play&rule=renju&size=15&position=h8i9`.
pub fn position_query(game: &Game) -> String {
    let moves = format_moves(game.points());
    let mut query = format!("?play&rule={}&size={}", game.rule().keyword(), game.size());
    if !moves.is_empty() {
        query += &format!("&position={moves}");
    }
    query
}

/// The board's square on the frame (margin and coordinates included), in physical
/// pixels, clamped to a frame of `frame` pixels.
pub fn board_pixels(layout: &BoardLayout, window: Vec2, scale: f32, frame: UVec2) -> PixelRect {
    let half = layout.half_extent_cells() * layout.cell;
    // World (y up, origin at the window's centre) to the frame's pixels (y down).
    let left = (layout.center.x - half + window.x / 2.0) * scale;
    let top = (window.y / 2.0 - layout.center.y - half) * scale;
    let side = 2.0 * half * scale;
    let x = left.max(0.0) as u32;
    let y = top.max(0.0) as u32;
    PixelRect {
        x: x.min(frame.x),
        y: y.min(frame.y),
        width: (side as u32).min(frame.x.saturating_sub(x)),
        height: (side as u32).min(frame.y.saturating_sub(y)),
    }
}

/// The part `rect` of a captured frame as PNG bytes.
pub fn png_of(frame: &Image, rect: PixelRect) -> Result<Vec<u8>, PictureError> {
    let picture = frame
        .clone()
        .try_into_dynamic()
        .map_err(|e| PictureError::FrameUnreadable(e.to_string()))?
        // The alpha channel of a frame is not transparency: a picture is opaque.
        .to_rgb8();
    let cut = image::imageops::crop_imm(&picture, rect.x, rect.y, rect.width, rect.height);
    let mut png = std::io::Cursor::new(Vec::new());
    cut.to_image()
        .write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| PictureError::Encoding(e.to_string()))?;
    Ok(png.into_inner())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShareStatus>()
        .add_message::<SaveBoardImage>()
        .add_systems(Update, capture_board);
}

/// Captures the next frame and keeps its board square as a picture.
fn capture_board(
    mut asks: MessageReader<SaveBoardImage>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    game_match: Res<Match>,
) {
    if asks.read().count() == 0 {
        return;
    }
    let (layout, size, scale) = (*layout, window.size(), window.scale_factor());
    let moves = game_match.game.moves().len();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>,
              store: Res<Store>,
              mut status: ResMut<ShareStatus>| {
            let frame = captured.image.size();
            let rect = board_pixels(&layout, size, scale, frame);
            let written =
                png_of(&captured.image, rect).and_then(|png| Ok(store.0.write_image(&png)?));
            status.0 = Some(match written {
                Ok(place) => {
                    info!("the board after {moves} moves: {place}");
                    Shared::PictureKept { place }
                }
                Err(e) => {
                    warn!("no picture of the board: {e}");
                    Shared::NoPicture(e)
                }
            });
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::Rule;

    #[test]
    fn the_query_names_rule_size_and_moves() {
        let game = Game::from_move_string(19, Rule::Renju, "j10k11").unwrap();
        assert_eq!(
            position_query(&game),
            "?play&rule=renju&size=19&position=j10k11"
        );
        let empty = Game::new(15, Rule::Freestyle).unwrap();
        assert_eq!(position_query(&empty), "?play&rule=freestyle&size=15");
    }

    #[test]
    fn the_query_reads_back_as_the_same_position() {
        let game = Game::from_move_string(15, Rule::Standard, "h8i9h10").unwrap();
        let args = crate::launch::query::args_from_query(&position_query(&game));
        let options = crate::launch::LaunchOptions::parse(args).unwrap().unwrap();
        assert_eq!(options.rule, Some(Rule::Standard));
        assert_eq!(options.size, Some(15));
        assert_eq!(options.position.as_deref(), Some("h8i9h10"));
        assert!(options.play);
    }

    #[test]
    fn the_board_square_is_cut_from_the_frame_in_physical_pixels() {
        // A 15-line board of 40-pixel cells centred 145 px left of a 1280x800 window's
        // centre, on a screen of scale 2: 16 cells wide, 640 logical pixels.
        let layout = BoardLayout {
            center: Vec2::new(-145.0, 0.0),
            cell: 40.0,
            size: 15,
        };
        let rect = board_pixels(
            &layout,
            Vec2::new(1280.0, 800.0),
            2.0,
            UVec2::new(2560, 1600),
        );
        assert_eq!(
            rect,
            PixelRect {
                x: (640.0 - 145.0 - 320.0) as u32 * 2,
                y: 80 * 2,
                width: 1280,
                height: 1280
            }
        );
        // A frame smaller than the layout says (a resize in flight) is never overrun.
        let small = board_pixels(&layout, Vec2::new(1280.0, 800.0), 2.0, UVec2::new(600, 400));
        assert!(small.x + small.width <= 600 && small.y + small.height <= 400);
    }

    #[test]
    fn a_picture_is_the_cut_square_as_png() {
        let frame = Image::new_fill(
            bevy::render::render_resource::Extent3d {
                width: 8,
                height: 6,
                depth_or_array_layers: 1,
            },
            bevy::render::render_resource::TextureDimension::D2,
            &[10, 20, 30, 255],
            bevy::render::render_resource::TextureFormat::Rgba8UnormSrgb,
            default(),
        );
        let rect = PixelRect {
            x: 2,
            y: 1,
            width: 4,
            height: 4,
        };
        let png = png_of(&frame, rect).unwrap();
        let back = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(back.dimensions(), (4, 4));
        assert_eq!(back.get_pixel(0, 0).0, [10, 20, 30]);
    }
}
