//! The command line (and the browser's query string, read as one): what to start
//! straight into, what to look like, and what to capture or measure.

use crate::i18n::Language;
use crate::online::{ColourChoice, RoomCode};
use bevy::prelude::*;
use gomoku_engine::Rule;
use gomoku_engine::board::{MAX_SIZE, MIN_SIZE};
use gomoku_engine::time_control::TimeControl;
use std::path::PathBuf;

pub const USAGE: &str = "\
gomoku [options]
  --position MOVES    start straight into this position (e.g. h8i9h9)
  --screenshot FILE   save a PNG of the first full frames, then exit
  --stones NAME       stone skin (as named in assets/themes/default.skins.ron)
  --background NAME   board background
  --lines NAME        line colour
  --rule RULE         freestyle, standard or renju
  --size N            board size, 5 to 25 (default 15)
  --numbers           show move numbers
  --language TAG      en, zh-CN, zh-TW or ja (default, or another tag: the system's)
  --analysis          live analysis on (the engine's judgement beside the board)
  --review            open the review of the position's game at once
  --window WxH        window size in logical pixels (default 1280x800)
  --play              skip the menu: start a game with the remembered settings
  --menu              with --screenshot: capture the menu instead of a game
  --selfplay          the computer plays both sides
  --exit-after SECS   quit after this long, printing frame-time statistics
  --name NAME         your name
  --time CONTROL      two-player and online games: none, or minutes+seconds (5+3)
online play:
  --signal URL        the signalling server, ws://host:port
  --ice URL           a STUN or TURN server (repeat for more); none by default
  --ice-user NAME     its user name (TURN)
  --ice-credential S  its password (TURN)
  --host-signalling PORT  host the signalling server in this app (desktop)
  --create            create a room at once; its code shows in the menu
  --colours CHOICE    the room's colours: creator-black, creator-white, random, swap2
  --join CODE         join a room at once
  --online-bot        with --create or --join: the computer plays this side
  --headless          no window (desktop): a signalling host or an online bot
  --help              this text";

/// How the command line names `ColourChoice`s.
const COLOUR_CHOICES: [(&str, ColourChoice); 4] = [
    ("creator-black", ColourChoice::CreatorBlack),
    ("creator-white", ColourChoice::CreatorWhite),
    ("random", ColourChoice::Random),
    ("swap2", ColourChoice::Swap2),
];

/// Online play asked for on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineStart {
    Create,
    Join(RoomCode),
}

#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LaunchOptions {
    pub position: Option<String>,
    pub screenshot: Option<PathBuf>,
    pub stones: Option<String>,
    pub background: Option<String>,
    pub lines: Option<String>,
    pub rule: Option<Rule>,
    pub size: Option<u8>,
    pub numbers: bool,
    pub language: Option<Language>,
    pub analysis: bool,
    pub review: bool,
    pub window: Option<(u32, u32)>,
    pub play: bool,
    pub menu: bool,
    pub selfplay: bool,
    pub exit_after: Option<f32>,
    pub name: Option<String>,
    pub time_control: Option<TimeControl>,
    pub signal: Option<String>,
    pub ice_urls: Vec<String>,
    pub ice_user: Option<String>,
    pub ice_credential: Option<String>,
    pub host_signalling: Option<u16>,
    pub colours: Option<ColourChoice>,
    pub online: Option<OnlineStart>,
    pub online_bot: bool,
    pub headless: bool,
}

impl LaunchOptions {
    /// Parses arguments (without the program name). `Ok(None)` means `--help`.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<LaunchOptions>, String> {
        let mut o = LaunchOptions::default();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value")); // i18n: not shown
            match flag.as_str() {
                "--position" => o.position = Some(value()?),
                "--screenshot" => o.screenshot = Some(PathBuf::from(value()?)),
                "--stones" => o.stones = Some(value()?),
                "--background" => o.background = Some(value()?),
                "--lines" => o.lines = Some(value()?),
                "--rule" => o.rule = Some(value()?.parse()?),
                "--size" => {
                    let v = value()?;
                    let size = v
                        .parse()
                        .ok()
                        .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
                        .ok_or_else(|| {
                            format!("bad board size '{v}' (use {MIN_SIZE} to {MAX_SIZE})") // i18n: not shown
                        })?;
                    o.size = Some(size);
                }
                "--numbers" => o.numbers = true,
                "--language" => {
                    // One the game does not speak means the system's: a shared link with
                    // `?language=ko` must still open the game.
                    o.language = Language::from_tag(&value()?);
                }
                "--analysis" => o.analysis = true,
                "--review" => o.review = true,
                "--window" => {
                    let v = value()?;
                    let parsed = v
                        .split_once('x')
                        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
                    o.window = Some(
                        parsed
                            .filter(|&(w, h): &(u32, u32)| w >= 200 && h >= 200)
                            .ok_or_else(|| format!("bad window size '{v}' (e.g. 1280x800)"))?, // i18n: not shown
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
                            .ok_or_else(|| format!("bad duration '{v}'"))?, // i18n: not shown
                    );
                }
                "--name" => o.name = Some(value()?),
                "--time" => o.time_control = Some(value()?.parse().map_err(|e| format!("{e}"))?),
                "--signal" => {
                    let url = value()?;
                    crate::online::room::check_signal_url(&url)?;
                    o.signal = Some(url);
                }
                "--ice" => o.ice_urls.push(value()?),
                "--ice-user" => o.ice_user = Some(value()?),
                "--ice-credential" => o.ice_credential = Some(value()?),
                "--host-signalling" => {
                    let v = value()?;
                    o.host_signalling = Some(v.parse().map_err(|_| format!("bad port '{v}'"))?); // i18n: not shown
                }
                "--create" => o.online = Some(OnlineStart::Create),
                "--join" => {
                    let code = RoomCode::parse(&value()?).map_err(|e| e.to_string())?;
                    o.online = Some(OnlineStart::Join(code));
                }
                "--colours" => {
                    let v = value()?;
                    o.colours = Some(
                        COLOUR_CHOICES
                            .iter()
                            .find(|(name, _)| *name == v)
                            .map(|(_, choice)| *choice)
                            .ok_or_else(|| format!("bad colours '{v}' (e.g. random)"))?, // i18n: not shown
                    );
                }
                "--online-bot" => o.online_bot = true,
                "--headless" => o.headless = true,
                "--help" | "-h" => return Ok(None),
                other => return Err(format!("unknown option '{other}'\n{USAGE}")), // i18n: not shown
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
        assert_eq!(parse(&["--size", "19"]).unwrap().unwrap().size, Some(19));
        assert_eq!(
            parse(&["--language", "zh-TW"]).unwrap().unwrap().language,
            Some(Language::TraditionalChinese)
        );
        assert_eq!(
            parse(&["--language", "fr"]).unwrap().unwrap().language,
            None
        );
        assert!(parse(&["--language"]).is_err());
        assert!(parse(&["--size", "4"]).is_err());
        assert!(parse(&["--size", "x"]).is_err());
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

    #[test]
    fn online_options_parse_and_reject_nonsense() {
        let o = parse(&[
            "--join",
            "Tiger-42",
            "--signal",
            "ws://127.0.0.1:3536",
            "--ice",
            "turn:127.0.0.1:3478",
            "--time",
            "5+3",
            "--online-bot",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(
            o.online,
            Some(OnlineStart::Join(RoomCode::parse("tiger-42").unwrap()))
        );
        assert_eq!(o.ice_urls, ["turn:127.0.0.1:3478"]);
        assert_eq!(o.time_control, Some(TimeControl::fischer(5, 3)));
        assert!(o.online_bot);
        assert_eq!(
            parse(&["--colours", "swap2"]).unwrap().unwrap().colours,
            Some(ColourChoice::Swap2)
        );
        for bad in [
            &["--join", "a b"][..],
            &["--signal", "http://x"],
            &["--time", "fast"],
            &["--host-signalling", "99999"],
            &["--colours", "pink"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
