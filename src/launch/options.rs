//! Command-line options: start straight into a position, take a screenshot and exit, or
//! let the computer play itself and report frame times (for automated looks and
//! measurements).

use crate::ai::Thinking;
use crate::game_match::{Match, MatchAction, PlayerKind};
use crate::input::PointerDisabled;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::AfterLoading;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use gomoku_engine::Rule;
use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "\
gomoku [options]
  --position MOVES    start straight into this position (e.g. h8i9h9)
  --screenshot FILE   save a PNG of the first full frames, then exit
  --stones NAME       stone skin (as named in assets/themes/default.skins.ron)
  --background NAME   board background
  --lines NAME        line colour
  --rule RULE         freestyle or standard
  --numbers           show move numbers
  --window WxH        window size in logical pixels (default 1280x800)
  --play              skip the menu: start a game with the remembered settings
  --menu              with --screenshot: capture the menu instead of a game
  --selfplay          the computer plays both sides
  --exit-after SECS   quit after this long, printing frame-time statistics
  --help              this text";

#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LaunchOptions {
    pub position: Option<String>,
    pub screenshot: Option<PathBuf>,
    pub stones: Option<String>,
    pub background: Option<String>,
    pub lines: Option<String>,
    pub rule: Option<Rule>,
    pub numbers: bool,
    pub window: Option<(u32, u32)>,
    pub play: bool,
    pub menu: bool,
    pub selfplay: bool,
    pub exit_after: Option<f32>,
}

impl LaunchOptions {
    /// Parses arguments (without the program name). `Ok(None)` means `--help`.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<LaunchOptions>, String> {
        let mut o = LaunchOptions::default();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
            match flag.as_str() {
                "--position" => o.position = Some(value()?),
                "--screenshot" => o.screenshot = Some(PathBuf::from(value()?)),
                "--stones" => o.stones = Some(value()?),
                "--background" => o.background = Some(value()?),
                "--lines" => o.lines = Some(value()?),
                "--rule" => o.rule = Some(value()?.parse()?),
                "--numbers" => o.numbers = true,
                "--window" => {
                    let v = value()?;
                    let parsed = v
                        .split_once('x')
                        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
                    o.window = Some(
                        parsed
                            .filter(|&(w, h): &(u32, u32)| w >= 200 && h >= 200)
                            .ok_or_else(|| format!("bad window size '{v}' (e.g. 1280x800)"))?,
                    );
                }
                "--play" => o.play = true,
                "--menu" => o.menu = true,
                "--selfplay" => o.selfplay = true,
                "--exit-after" => {
                    let v = value()?;
                    o.exit_after = Some(
                        v.parse()
                            .ok()
                            .filter(|s: &f32| *s > 0.0)
                            .ok_or_else(|| format!("bad duration '{v}'"))?,
                    );
                }
                "--help" | "-h" => return Ok(None),
                other => return Err(format!("unknown option '{other}'\n{USAGE}")),
            }
        }
        Ok(Some(o))
    }

    /// The browser's stand-in for a command line: `?play&position=h8i9&stones=Flat` reads
    /// as `--play --position h8i9 --stones Flat`.
    pub fn args_from_query(query: &str) -> Vec<String> {
        let decode = |s: &str| {
            let s = s.replace('+', " ");
            let bytes = s.as_bytes();
            let mut out = Vec::with_capacity(bytes.len());
            let mut i = 0;
            while i < bytes.len() {
                let hex = (bytes[i] == b'%' && i + 2 < bytes.len())
                    .then(|| {
                        s.get(i + 1..i + 3)
                            .and_then(|h| u8::from_str_radix(h, 16).ok())
                    })
                    .flatten();
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                    }
                    None => {
                        out.push(bytes[i]);
                        i += 1;
                    }
                }
            }
            String::from_utf8_lossy(&out).into_owned()
        };
        let mut args = Vec::new();
        for pair in query
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            args.push(format!("--{}", decode(key)));
            if !value.is_empty() {
                args.push(decode(value));
            }
        }
        args
    }

    /// Does this launch skip the menu?
    pub fn straight_to_game(&self) -> bool {
        !self.menu
            && (self.play || self.position.is_some() || self.screenshot.is_some() || self.selfplay)
    }
}

/// Frame times seen while the computer thinks versus not.
#[derive(Resource, Default, Debug)]
pub struct FrameStats {
    pub idle: (u32, Duration, Duration),
    pub thinking: (u32, Duration, Duration),
}

pub fn plugin(app: &mut App) {
    let options = app
        .world()
        .get_resource::<LaunchOptions>()
        .cloned()
        .unwrap_or_default();
    if options.screenshot.is_some() {
        // A stray pointer would leave a hover stone in the picture.
        app.insert_resource(PointerDisabled);
    }
    if options.straight_to_game() {
        app.insert_resource(AfterLoading(Screen::Playing));
        let mut settings = app.world().resource::<Settings>().clone();
        if let Some(s) = &options.stones {
            settings.stones = s.clone();
        }
        if let Some(b) = &options.background {
            settings.background = b.clone();
        }
        if let Some(l) = &options.lines {
            settings.lines = l.clone();
        }
        if let Some(r) = options.rule {
            settings.rule = r.keyword().to_string();
        }
        settings.show_numbers |= options.numbers;
        let mut setup = settings.match_setup();
        if options.selfplay {
            setup.players = [
                ("Computer A".into(), PlayerKind::Computer),
                ("Computer B".into(), PlayerKind::Computer),
            ];
        }
        app.insert_resource(settings)
            .insert_resource(Match::new(&setup));
        app.add_systems(OnEnter(Screen::Playing), set_up_position);
    }
    app.init_resource::<FrameStats>()
        .init_resource::<ScreenshotVerdict>()
        .add_systems(Last, (record_frames, take_screenshot, exit_when_done));
}

fn set_up_position(options: Res<LaunchOptions>, mut actions: MessageWriter<MatchAction>) {
    if let Some(moves) = &options.position {
        actions.write(MatchAction::Import(moves.clone()));
    }
}

fn record_frames(
    time: Res<Time<Real>>,
    thinking: Res<Thinking>,
    state: Res<State<Screen>>,
    mut stats: ResMut<FrameStats>,
) {
    if *state.get() != Screen::Playing {
        return;
    }
    let dt = time.delta();
    let slot = if thinking.0.is_some() {
        &mut stats.thinking
    } else {
        &mut stats.idle
    };
    slot.0 += 1;
    slot.1 += dt;
    slot.2 = slot.2.max(dt);
}

/// What the captured frame looked like: `Err` when it is blank (one flat colour).
#[derive(Resource, Default, Debug)]
pub struct ScreenshotVerdict(pub Option<Result<String, String>>);

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
    let summary = format!("{} colours, luminance spread {spread:.1}", seen.len());
    if seen.len() >= 32 && spread >= 12.0 {
        Ok(summary)
    } else {
        Err(format!("blank frame: {summary}"))
    }
}

/// Frames to wait in the game before capturing: stones have settled and egui has laid out.
const SCREENSHOT_FRAME: u32 = 40;

fn take_screenshot(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    state: Res<State<Screen>>,
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
        // In a game, judge the area left of the HUD, where the board is.
        let hud = if options.menu {
            0
        } else {
            crate::gui::HUD_WIDTH as usize
        };
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()))
            .observe(
                move |captured: On<ScreenshotCaptured>, mut verdict: ResMut<ScreenshotVerdict>| {
                    let w = captured.image.width() as usize;
                    let keep = w.saturating_sub(hud).max(1);
                    let pixels = captured.image.data.as_deref().unwrap_or_default();
                    let area: Vec<u8> = pixels
                        .chunks_exact(w * 4)
                        .flat_map(|row| row[..keep * 4].iter().copied())
                        .collect();
                    verdict.0 = Some(judge_pixels(&area));
                },
            );
    }
}

fn exit_when_done(
    options: Res<LaunchOptions>,
    time: Res<Time<Real>>,
    stats: Res<FrameStats>,
    game_match: Option<Res<Match>>,
    verdict: Res<ScreenshotVerdict>,
    mut exit: MessageWriter<AppExit>,
    mut waited: Local<u32>,
) {
    if let (Some(path), Some(verdict)) = (&options.screenshot, &verdict.0)
        && path.is_file()
    {
        // The file appears once written; give the writer a few frames to finish.
        *waited += 1;
        if *waited > 5 {
            match verdict {
                Ok(summary) => {
                    println!("screenshot saved to {} ({summary})", path.display());
                    exit.write(AppExit::Success);
                }
                Err(e) => {
                    eprintln!("screenshot {}: {e}", path.display());
                    exit.write(AppExit::error());
                }
            }
        }
    }
    if let Some(secs) = options.exit_after
        && time.elapsed_secs() >= secs
    {
        let report = |(n, total, max): (u32, Duration, Duration)| {
            let mean = if n > 0 {
                total.as_secs_f64() * 1000.0 / n as f64
            } else {
                0.0
            };
            format!(
                "{n} frames, mean {mean:.1} ms, longest {:.1} ms",
                max.as_secs_f64() * 1000.0
            )
        };
        println!("frames while idle:     {}", report(stats.idle));
        println!("frames while thinking: {}", report(stats.thinking));
        if let Some(m) = game_match {
            println!("moves played: {}", m.game.moves().len());
        }
        exit.write(AppExit::Success);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<LaunchOptions>, String> {
        LaunchOptions::parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn options_parse_and_reject_nonsense() {
        let o = parse(&[
            "--position",
            "h8i9",
            "--screenshot",
            "a.png",
            "--window",
            "800x600",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(o.position.as_deref(), Some("h8i9"));
        assert_eq!(o.window, Some((800, 600)));
        assert!(o.straight_to_game());
        assert_eq!(parse(&["--help"]), Ok(None));
        assert!(parse(&["--window", "big"]).is_err());
        assert!(parse(&["--position"]).is_err());
        assert!(parse(&["--bogus"]).is_err());
        assert!(!parse(&[]).unwrap().unwrap().straight_to_game());
    }

    #[test]
    fn query_strings_read_as_arguments() {
        let args = LaunchOptions::args_from_query("?play&position=h8i9&stones=Jade+%26+Onyx");
        assert_eq!(
            args,
            ["--play", "--position", "h8i9", "--stones", "Jade & Onyx"]
        );
        let o = LaunchOptions::parse(args).unwrap().unwrap();
        assert!(o.play && o.straight_to_game());
        assert_eq!(o.stones.as_deref(), Some("Jade & Onyx"));
        assert!(LaunchOptions::args_from_query("").is_empty());
        assert_eq!(LaunchOptions::args_from_query("?x=%zz"), ["--x", "%zz"]);
    }

    #[test]
    fn a_flat_frame_is_judged_blank() {
        let flat = [40u8, 42, 48, 255].repeat(1000);
        assert!(judge_pixels(&flat).is_err());
        let varied: Vec<u8> = (0..4000u32).map(|i| ((i * 37) % 251) as u8).collect();
        assert!(judge_pixels(&varied).is_ok());
    }
}
