//! `--screenshot FILE`: capture a frame once the board (or the menu) has settled, judge
//! that it is not blank, save it and exit, non-zero for a blank frame.

use super::LaunchOptions;
use crate::board::BoardLayout;
use crate::input::PointerDisabled;
use crate::screens::Screen;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::PrimaryWindow;

/// Frames to wait in the game before capturing: stones have settled and egui has laid out.
const SCREENSHOT_FRAME: u32 = 40;
/// Frames to wait after the file appears, so its writer has finished.
const FRAMES_TO_FINISH_WRITING: u32 = 5;

/// What the captured frame looked like: `Err` when it is blank (one flat colour).
#[derive(Resource, Default, Debug)]
pub struct ScreenshotVerdict(pub Option<Result<String, String>>);

pub(super) fn plugin(app: &mut App) {
    let wanted = app
        .world()
        .get_resource::<LaunchOptions>()
        .is_some_and(|o| o.screenshot.is_some());
    if !wanted {
        return;
    }
    // A stray pointer would leave a hover stone in the picture.
    app.insert_resource(PointerDisabled)
        .init_resource::<ScreenshotVerdict>()
        .add_systems(Last, (take_screenshot, exit_when_saved));
}

/// Judges a captured frame: a rendered board has many colours and real contrast.
pub fn judge_pixels(rgba: &[u8]) -> Result<String, String> {
    let mut seen = std::collections::HashSet::new();
    let (mut sum, mut sum_sq, mut n) = (0.0f64, 0.0f64, 0.0f64);
    for px in rgba.chunks_exact(4) {
        seen.insert((px[0] >> 3, px[1] >> 3, px[2] >> 3));
        let luma = 0.3 * px[0] as f64 + 0.59 * px[1] as f64 + 0.11 * px[2] as f64;
        sum += luma;
        sum_sq += luma * luma;
        n += 1.0;
    }
    let mean = sum / n.max(1.0);
    let spread = (sum_sq / n.max(1.0) - mean * mean).max(0.0).sqrt();
    let summary = format!("{} colours, luminance spread {spread:.1}", seen.len()); // i18n: not shown
    if seen.len() >= 32 && spread >= 12.0 {
        Ok(summary)
    } else {
        Err(format!("blank frame: {summary}")) // i18n: not shown
    }
}

fn take_screenshot(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    state: Res<State<Screen>>,
    layout: Res<BoardLayout>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut frames: Local<u32>,
) {
    let Some(path) = &options.screenshot else {
        return;
    };
    if *state.get() == Screen::Loading {
        return;
    }
    *frames += 1;
    if *frames == SCREENSHOT_FRAME {
        // In a game, judge the board's square (the panels around it are flat); the menu,
        // the whole frame. As fractions of the window, since the image is in physical pixels.
        let area = match window.single() {
            Ok(w) if !options.menu => {
                let half = layout.half_extent_cells() * layout.cell;
                let centre = Vec2::new(
                    w.width() / 2.0 + layout.center.x,
                    w.height() / 2.0 - layout.center.y,
                );
                let size = Vec2::new(w.width(), w.height());
                let r = Rect::from_center_half_size(centre, Vec2::splat(half))
                    .intersect(Rect::from_corners(Vec2::ZERO, size));
                Rect::from_corners(r.min / size, r.max / size)
            }
            _ => Rect::new(0.0, 0.0, 1.0, 1.0),
        };
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()))
            .observe(
                move |captured: On<ScreenshotCaptured>, mut verdict: ResMut<ScreenshotVerdict>| {
                    let (w, h) = (
                        captured.image.width() as usize,
                        captured.image.height() as usize,
                    );
                    let span = |from: f32, to: f32, n: usize| {
                        let start = ((from * n as f32) as usize).min(n.saturating_sub(1));
                        start..((to * n as f32) as usize).clamp(start + 1, n)
                    };
                    let (cols, rows) = (
                        span(area.min.x, area.max.x, w),
                        span(area.min.y, area.max.y, h),
                    );
                    let pixels = captured.image.data.as_deref().unwrap_or_default();
                    let kept: Vec<u8> = pixels
                        .chunks_exact(w * 4)
                        .skip(rows.start)
                        .take(rows.len())
                        .flat_map(|row| row[cols.start * 4..cols.end * 4].iter().copied())
                        .collect();
                    verdict.0 = Some(judge_pixels(&kept));
                },
            );
    }
}

fn exit_when_saved(
    options: Res<LaunchOptions>,
    verdict: Res<ScreenshotVerdict>,
    mut exit: MessageWriter<AppExit>,
    mut waited: Local<u32>,
) {
    let (Some(path), Some(verdict)) = (&options.screenshot, &verdict.0) else {
        return;
    };
    if !path.is_file() {
        return;
    }
    *waited += 1;
    if *waited <= FRAMES_TO_FINISH_WRITING {
        return;
    }
    match verdict {
        Ok(summary) => {
            println!("screenshot saved to {} ({summary})", path.display()); // i18n: not shown
            exit.write(AppExit::Success);
        }
        Err(e) => {
            eprintln!("screenshot {}: {e}", path.display());
            exit.write(AppExit::error());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_frame_is_judged_blank() {
        let flat = [40u8, 42, 48, 255].repeat(1000);
        assert!(judge_pixels(&flat).is_err());
        let varied: Vec<u8> = (0..4000u32).map(|i| ((i * 37) % 251) as u8).collect();
        assert!(judge_pixels(&varied).is_ok());
    }
}
