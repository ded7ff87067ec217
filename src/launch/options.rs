//! The command line (and the browser's query string, read as one): what to start
//! straight into, what to look like, and what to capture or measure.

use bevy::prelude::*;
use gomoku_engine::Rule;
use std::path::PathBuf;

pub const USAGE: &str = "\
gomoku [options]
  --position MOVES    start straight into this position (e.g. h8i9h9)
  --screenshot FILE   save a PNG of the first full frames, then exit
  --stones NAME       stone skin (as named in assets/themes/default.skins.ron)
  --background NAME   board background
  --lines NAME        line colour
  --rule RULE         freestyle, standard or renju
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

    /// Does this launch skip the menu?
    pub fn straight_to_game(&self) -> bool {
        !self.menu
            && (self.play || self.position.is_some() || self.screenshot.is_some() || self.selfplay)
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
    fn the_usage_names_every_rule() {
        for rule in Rule::ALL {
            assert!(USAGE.contains(rule.keyword()), "{}", rule.keyword());
        }
        assert_eq!(
            parse(&["--rule", "renju"]).unwrap().unwrap().rule,
            Some(Rule::Renju)
        );
        assert!(parse(&["--rule", "go"]).is_err());
    }
}
