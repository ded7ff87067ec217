//! The match: the engine `Game` plus who plays it, scores and clocks. Every change, from a
//! new match to a single stone, arrives as a `MatchAction` message and is applied by one
//! system, in order, in `AppSystems::Apply`; the `Phase` follows in the same frame.

use crate::AppSystems;
use crate::screens::{Phase, Screen};
use bevy::prelude::*;
use gomoku_engine::ai::Level;
use gomoku_engine::record::Record;
use gomoku_engine::{Game, Outcome, Point, Rule, Stone};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Who makes a player's moves, and so which source of moves the match accepts for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A person at this machine: mouse, touch or keys.
    #[default]
    Human,
    /// This machine's search.
    Computer,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub kind: PlayerKind,
    /// Games won in this session; stays with the player when colours swap.
    pub score: u32,
}

/// Everything needed to start a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSetup {
    /// The player who takes black in the first game, then the other.
    pub players: [(String, PlayerKind); 2],
    pub rule: Rule,
    pub size: u8,
    pub level: Level,
}

impl Default for MatchSetup {
    fn default() -> Self {
        MatchSetup {
            players: [
                ("Black".into(), PlayerKind::Human),
                ("White".into(), PlayerKind::Human),
            ],
            rule: Rule::Freestyle,
            size: 15,
            level: Level::default(),
        }
    }
}

/// The one source of truth for the match on screen. Stones, markers and the HUD are views
/// of it.
#[derive(Resource, Debug)]
pub struct Match {
    pub game: Game,
    pub players: [Player; 2],
    /// Index into `players` of who plays black in the current game.
    pub black: usize,
    pub level: Level,
    /// The player credited with the current game's win, so undo can take it back.
    awarded: Option<usize>,
    /// Real time when the side to move began thinking.
    turn_started: Duration,
    /// Real time as of this frame.
    now: Duration,
    /// The last message worth showing the player (an illegal click, a load error...).
    pub notice: Option<String>,
}

impl Match {
    pub fn new(setup: &MatchSetup) -> Self {
        let game = Game::new(setup.size, setup.rule).unwrap_or_default();
        Match {
            game,
            players: setup.players.clone().map(|(name, kind)| Player {
                name,
                kind,
                score: 0,
            }),
            black: 0,
            level: setup.level,
            awarded: None,
            turn_started: Duration::ZERO,
            now: Duration::ZERO,
            notice: None,
        }
    }

    pub fn player_index(&self, stone: Stone) -> usize {
        match stone {
            Stone::Black => self.black,
            Stone::White => 1 - self.black,
        }
    }

    pub fn player(&self, stone: Stone) -> &Player {
        &self.players[self.player_index(stone)]
    }

    pub fn is_computer(&self, stone: Stone) -> bool {
        self.player(stone).kind == PlayerKind::Computer
    }

    pub fn against_computer(&self) -> bool {
        self.players.iter().any(|p| p.kind == PlayerKind::Computer)
    }

    /// Is the computer to move in a game that is still on?
    fn computer_to_move(&self) -> bool {
        !self.game.is_over() && self.is_computer(self.game.to_move())
    }

    /// The phase this match is in: the one answer to "whose move is it". The `Phase` state
    /// follows it in the frame an action changes it; systems read the state.
    pub fn phase(&self) -> Phase {
        if self.game.is_over() {
            Phase::Over
        } else if self.computer_to_move() {
            Phase::ComputerTurn
        } else {
            Phase::HumanTurn
        }
    }

    /// Against the computer, undo goes back to a position where a person is to move, so
    /// there must be a person's move to take back.
    pub fn can_undo(&self) -> bool {
        if self.against_computer() {
            (0..self.game.moves().len()).any(|i| !self.is_computer(Game::stone_of(i)))
        } else {
            self.game.can_undo()
        }
    }

    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// Total thinking time of `stone`'s player in this game, the running turn included.
    pub fn clock(&self, stone: Stone) -> Duration {
        let mut ms = self.game.thinking_ms(stone);
        if !self.game.is_over() && self.game.to_move() == stone {
            ms += self.now.saturating_sub(self.turn_started).as_millis() as u64;
        }
        Duration::from_millis(ms)
    }

    fn undo(&mut self) {
        if !self.can_undo() {
            return;
        }
        while self.game.undo().is_some() {
            if !self.computer_to_move() {
                break;
            }
        }
    }

    fn redo(&mut self) {
        while self.game.redo().is_some() {
            if !self.computer_to_move() {
                break;
            }
        }
    }

    fn place(&mut self, p: Point, by: PlayerKind) {
        let refusal = if self.game.is_over() {
            Some("The game is over: undo or start the next one.".to_string())
        } else {
            let player = self.player(self.game.to_move());
            (player.kind != by).then(|| format!("It is {}'s move.", player.name))
        };
        if let Some(why) = refusal {
            // A person clicking out of turn is told; a computer's answer that crossed an
            // undo or a new game is simply stale.
            match by {
                PlayerKind::Human => self.notice = Some(why),
                PlayerKind::Computer => debug!("a stale computer move at {p:?} was dropped"),
            }
            return;
        }
        let ms = self.now.saturating_sub(self.turn_started).as_millis();
        if let Err(e) = self
            .game
            .play_timed(p, Some(ms.min(u32::MAX as u128) as u32))
        {
            self.notice = Some(format!("Can't play there: {e}."));
        }
    }

    /// A fresh game; a finished game's win stays credited.
    fn new_game(&mut self) {
        self.game.new_game();
        self.awarded = None;
    }

    /// Takes the saved game and its players' names; who is human or computer stays as
    /// chosen in the menu, so a saved game can be resumed in either mode.
    fn load(&mut self, record: &Record) {
        self.game = record.game.clone();
        self.awarded = None;
        self.players[self.black].name = record.black.clone();
        self.players[1 - self.black].name = record.white.clone();
        self.notice = Some(format!(
            "Loaded {} vs {}, {} moves.",
            record.black,
            record.white,
            record.game.moves().len()
        ));
    }

    /// Credits a win once, and takes the credit back if undo resumes the game.
    fn settle_score(&mut self) {
        match (self.game.outcome(), self.awarded) {
            (Outcome::Won { winner, .. }, None) => {
                let i = self.player_index(*winner);
                self.players[i].score += 1;
                self.awarded = Some(i);
            }
            (Outcome::Ongoing, Some(i)) => {
                self.players[i].score = self.players[i].score.saturating_sub(1);
                self.awarded = None;
            }
            _ => {}
        }
    }
}

/// A request to change the match. Applied in the order written, by `apply_actions` alone.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum MatchAction {
    /// Start a new match: new players, rule, board and level, scores from zero.
    NewMatch(MatchSetup),
    /// A stone for the side to move, from the source that plays it; refused (with a
    /// notice) when that side is not played by `by`.
    Place {
        at: Point,
        by: PlayerKind,
    },
    Undo,
    Redo,
    /// Start this game again with the same colours.
    Restart,
    /// Start the next game with colours swapped.
    NextGame,
    /// Replace the game with a loaded record.
    Load(Box<Record>),
    /// Replace the game with a position typed as a move string (`h8i9j10`).
    SetPosition(String),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MatchAction>()
        .insert_resource(Match::new(&MatchSetup::default()))
        .add_systems(
            Update,
            // Actions apply on every screen: a new match is set up before its board shows.
            (tick_clock, apply_actions, settle_phase)
                .chain()
                .in_set(AppSystems::Apply),
        )
        .add_systems(OnEnter(Screen::Playing), start_turn_clock);
}

fn tick_clock(time: Res<Time<Real>>, mut game_match: ResMut<Match>) {
    // Written through bypass: the clock ticks every frame, which is not a change of the match.
    game_match.bypass_change_detection().now = time.elapsed();
}

fn apply_actions(mut actions: MessageReader<MatchAction>, mut game_match: ResMut<Match>) {
    if actions.is_empty() {
        return;
    }
    let m = &mut *game_match;
    let before = m.game.moves().to_vec();
    for action in actions.read() {
        m.notice = None;
        match action {
            MatchAction::NewMatch(setup) => {
                let now = m.now;
                *m = Match::new(setup);
                m.now = now;
                m.turn_started = now;
            }
            MatchAction::Place { at, by } => m.place(*at, *by),
            MatchAction::Undo => m.undo(),
            MatchAction::Redo => m.redo(),
            MatchAction::Restart => m.new_game(),
            MatchAction::NextGame => {
                m.black = 1 - m.black;
                m.new_game();
            }
            MatchAction::Load(record) => m.load(record),
            MatchAction::SetPosition(text) => {
                match Game::from_move_string(m.game.size(), m.game.rule(), text) {
                    Ok(game) => {
                        m.game = game;
                        m.awarded = None;
                    }
                    Err(e) => m.notice = Some(format!("Could not import: {e}.")),
                }
            }
        }
        m.settle_score();
    }
    if m.game.moves() != before.as_slice() {
        m.turn_started = m.now;
    }
}

/// Brings `Phase` in line with the match within this frame, so the systems after `Apply`
/// (the computer, the views) and the next frame's input all see the phase of the match as
/// it now stands. Runs the state transitions only when the phase must change.
fn settle_phase(world: &mut World) {
    let Some(current) = world.get_resource::<State<Phase>>().map(|s| *s.get()) else {
        return; // No game on screen: the phase begins when the board does.
    };
    let wanted = world.resource::<Match>().phase();
    if current != wanted {
        world.resource_mut::<NextState<Phase>>().set(wanted);
        world.run_schedule(StateTransition);
    }
}

/// The side to move starts thinking when the board appears.
fn start_turn_clock(mut game_match: ResMut<Match>, time: Res<Time<Real>>) {
    game_match.now = time.elapsed();
    game_match.turn_started = time.elapsed();
}
