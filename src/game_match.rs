//! The match: the engine `Game` plus who plays it, scores and clocks. Every change, from a
//! new match to a single stone, arrives as a `MatchAction` message and is applied by one
//! system, in order, in `AppSystems::Apply`; the `Phase` follows in the same frame.

use crate::AppSystems;
use crate::screens::{Phase, Screen};
use bevy::prelude::*;
use gomoku_engine::ai::Level;
use gomoku_engine::game::{Ending, GameBuildError, Sibling};
use gomoku_engine::record::Record;
use gomoku_engine::swap2::{Seat, Swap2, Swap2Choice, Swap2Error, Swap2Stage};
use gomoku_engine::time_control::TimeControl;
use gomoku_engine::{Game, PlayError, Point, Rule, Stone};
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
    /// A person on another machine, whose moves arrive over the network.
    Remote,
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
    pub time_control: TimeControl,
    /// Open each game with Swap2: the first player of `players` opens the first game.
    pub swap2: bool,
}

impl Default for MatchSetup {
    fn default() -> Self {
        // Names for tests and the match held before the first: the menu, a launch option
        // or the online room names the players of every match a board shows.
        MatchSetup {
            players: [
                ("Black".into(), PlayerKind::Human), // i18n: not shown
                ("White".into(), PlayerKind::Human), // i18n: not shown
            ],
            rule: Rule::Freestyle,
            size: 15,
            level: Level::default(),
            time_control: TimeControl::Unlimited,
            swap2: false,
        }
    }
}

/// What the player is told about an action the match refused, or a game it loaded: the
/// GUI words it in the player's language (which may change while it shows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A stone after the game ended.
    GameOver,
    /// Swap2, at three stones: no stone while `chooser` picks a colour or to place two
    /// more.
    Swap2AwaitsChoice { chooser: String },
    /// Swap2, at five stones: no stone while `chooser` picks a colour.
    Swap2AwaitsColour { chooser: String },
    /// This machine's moves are held, for the reason `Match::held` gives.
    Held(HeldFor),
    /// A person's stone while `player` is to move.
    NotYourMove { player: String },
    /// A person's Swap2 choice while `player` is to choose.
    NotYourChoice { player: String },
    /// The engine refused the stone.
    CannotPlay(PlayError),
    /// The engine refused the Swap2 choice.
    Swap2Refused(Swap2Error),
    /// A review asked to show another position during an online game.
    BoardStaysOnline,
    /// A saved game replaced the one on the board.
    Loaded {
        black: String,
        white: String,
        moves: usize,
    },
    /// The typed move string makes no game.
    CannotImport(GameBuildError),
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
    pub time_control: TimeControl,
    /// Does each game open with Swap2?
    uses_swap2: bool,
    /// The Swap2 opening of the current game: none without Swap2, or for a game loaded
    /// or set up from moves (its colours are as recorded).
    opening: Option<Swap2>,
    /// Index into `players` of who opens the current game under Swap2 (its first seat).
    opener: usize,
    /// The player credited with the current game's win, so undo can take it back.
    awarded: Option<usize>,
    /// Real time when the side to move began thinking.
    turn_started: Duration,
    /// Real time as of this frame.
    now: Duration,
    /// The last message worth showing the player (an illegal click, a load error...).
    pub notice: Option<Notice>,
    /// Why this machine's moves are held, if they are: online, while this side waits for
    /// the answer to its take-back request or draw offer (a move would cross it).
    pub held: Option<HeldFor>,
}

/// What this machine waits for the other player (`peer`, their name if known) to answer
/// before its moves go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeldFor {
    TakeBack { peer: Option<String> },
    Draw { peer: Option<String> },
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
            time_control: setup.time_control,
            uses_swap2: setup.swap2,
            opening: setup.swap2.then(Swap2::new),
            opener: 0,
            awarded: None,
            turn_started: Duration::ZERO,
            now: Duration::ZERO,
            notice: None,
            held: None,
        }
    }

    pub fn player_index(&self, stone: Stone) -> usize {
        match stone {
            Stone::Black => self.black,
            Stone::White => 1 - self.black,
        }
    }

    fn seat_index(&self, seat: Seat) -> usize {
        match seat {
            Seat::First => self.opener,
            Seat::Second => 1 - self.opener,
        }
    }

    /// The Swap2 opening's stage, while it is undecided.
    pub fn swap2_stage(&self) -> Option<Swap2Stage> {
        self.swap2_stage_in(&self.game)
    }

    /// `swap2_stage` for `game`, a position of this match.
    pub fn swap2_stage_in(&self, game: &Game) -> Option<Swap2Stage> {
        let stage = self.opening.as_ref()?.stage(game);
        (!matches!(stage, Swap2Stage::Decided { .. })).then_some(stage)
    }

    /// Index into `players` of who acts next: places the next stone or, in a Swap2
    /// opening, makes the choice it waits for.
    pub fn mover(&self) -> usize {
        self.mover_in(&self.game)
    }

    /// `mover` for `game`, a position of this match (the network player judges a peer's
    /// move in the position it was sent for).
    pub fn mover_in(&self, game: &Game) -> usize {
        match &self.opening {
            Some(opening) if self.swap2_stage_in(game).is_some() => {
                self.seat_index(opening.to_act(game))
            }
            _ => self.player_index(game.to_move()),
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

    /// Is one of the players on another machine? Then moves are taken back only by
    /// agreement (`TakeBack`), never by this side's undo alone.
    pub fn is_online(&self) -> bool {
        self.players.iter().any(|p| p.kind == PlayerKind::Remote)
    }

    /// Is the computer to move in a game that is still on?
    fn computer_to_move(&self) -> bool {
        !self.game.is_over() && self.players[self.mover()].kind == PlayerKind::Computer
    }

    /// The phase this match is in: the one answer to "whose move is it". The `Phase` state
    /// follows it in the frame an action changes it; systems read the state.
    pub fn phase(&self) -> Phase {
        if self.game.is_over() {
            Phase::Over
        } else {
            match self.players[self.mover()].kind {
                PlayerKind::Human => Phase::HumanTurn,
                PlayerKind::Computer => Phase::ComputerTurn,
                PlayerKind::Remote => Phase::RemoteTurn,
            }
        }
    }

    /// Against the computer, undo goes back to a position where a person is to move, so
    /// there must be a person's move to take back.
    pub fn can_undo(&self) -> bool {
        if self.is_online() {
            false
        } else if self.against_computer() {
            (0..self.game.moves().len()).any(|i| !self.is_computer(Game::stone_of(i)))
        } else {
            self.game.can_undo()
        }
    }

    pub fn can_redo(&self) -> bool {
        !self.is_online() && self.game.can_redo()
    }

    /// May the players walk the game's tree (switch variations, go to a move, promote or
    /// delete)? Not online, where both machines keep one line, and not while the computer
    /// is to move: its search is for this position. Undo and redo are `can_undo` and
    /// `can_redo`.
    pub fn can_navigate(&self) -> bool {
        !self.is_online() && !self.computer_to_move()
    }

    /// Is there a sibling of the last move that way to switch to?
    pub fn can_switch_variation(&self, to: Sibling) -> bool {
        self.can_navigate()
            && self
                .game
                .variation_of_last()
                .is_some_and(|(index, count)| match to {
                    Sibling::Previous => index > 0,
                    Sibling::Next => index + 1 < count,
                })
    }

    /// Is the current position off the main line, so its line can be promoted?
    pub fn can_promote(&self) -> bool {
        self.can_navigate() && !self.game.on_main_line()
    }

    /// Is there a move to delete? Against the computer, as with undo, one of a person's.
    pub fn can_delete(&self) -> bool {
        self.can_navigate()
            && if self.against_computer() {
                (0..self.game.moves().len()).any(|i| !self.is_computer(Game::stone_of(i)))
            } else {
                !self.game.moves().is_empty()
            }
    }

    /// How long the side to move has been thinking. The clocks start once the Swap2
    /// opening has decided the colours: until then stones are placed by seat, not by
    /// colour, and no colour's clock is the placer's.
    pub fn running(&self) -> Duration {
        if self.swap2_stage().is_some() {
            Duration::ZERO
        } else {
            self.now.saturating_sub(self.turn_started)
        }
    }

    /// Total thinking time of `stone`'s player in this game, the running turn included.
    pub fn clock(&self, stone: Stone) -> Duration {
        let mut ms = self.game.thinking_ms(stone);
        if !self.game.is_over() && self.game.to_move() == stone {
            ms += self.running().as_millis() as u64;
        }
        Duration::from_millis(ms)
    }

    /// What `stone`'s player has left under the time control, or `None` without one.
    pub fn time_left(&self, stone: Stone) -> Option<Duration> {
        self.time_control
            .remaining_now(&self.game, stone, self.running())
    }

    /// Steps back along the line, keeping it for redo; against the computer, back to a
    /// person's turn.
    fn undo(&mut self) {
        if !self.can_undo() {
            return;
        }
        while self.game.undo().is_some() {
            self.settle_colours();
            if !self.computer_to_move() {
                break;
            }
        }
    }

    /// Steps forward along the line: into the variation last stepped back from, or the
    /// main line; against the computer, on through its reply.
    fn redo(&mut self) {
        while self.game.redo().is_some() {
            self.settle_colours();
            if !self.computer_to_move() {
                break;
            }
        }
    }

    /// Replaces the last move by its sibling variation.
    fn switch_variation(&mut self, to: Sibling) {
        if self.can_switch_variation(to) {
            self.jump(|game| {
                game.switch_variation(to);
            });
        }
    }

    /// Goes to the move at `path` in the tree (a click in the move list). Against the
    /// computer, a position where it is to move goes on along the line to its recorded
    /// reply, as redo does; with none, it thinks.
    fn go_to(&mut self, path: &[usize]) {
        if !self.can_navigate() {
            return;
        }
        self.jump(|game| {
            game.go_to(path);
        });
        while self.computer_to_move() && self.game.redo().is_some() {
            self.settle_colours();
        }
    }

    fn promote_line(&mut self) {
        if self.can_promote() {
            self.game.promote_line();
        }
    }

    /// Deletes the current move and everything after it. Against the computer its reply
    /// goes with the person's move before it, back to a person's turn, as undo steps back.
    fn delete_move(&mut self) {
        if !self.can_delete() {
            return;
        }
        while self.game.delete_move().is_some() {
            self.settle_colours();
            if !self.computer_to_move() {
                break;
            }
        }
    }

    /// Moves the game in its tree with `step`, then forgets the Swap2 choices made past
    /// the lowest move the jump passed through (where the old and new paths part), as undo
    /// does on its way back, and settles the colours.
    fn jump(&mut self, step: impl FnOnce(&mut Game)) {
        let before = self.game.current_path().to_vec();
        step(&mut self.game);
        if let Some(opening) = &mut self.opening {
            let low = before
                .iter()
                .zip(self.game.current_path())
                .take_while(|(a, b)| a == b)
                .count();
            let mut at_low = self.game.clone();
            while at_low.moves().len() > low {
                at_low.undo();
            }
            opening.after_undo(&at_low);
        }
        self.settle_colours();
    }

    /// Places `p` for the side to move if `by` plays it; `used` is the thinking time when
    /// another machine measured it, otherwise the time since the turn began here.
    fn place(&mut self, p: Point, by: PlayerKind, used: Option<Duration>) -> Option<StonePlaced> {
        let refusal = if self.game.is_over() {
            Some(Notice::GameOver)
        } else if let Some(stage @ (Swap2Stage::SecondChooses | Swap2Stage::FirstChooses)) =
            self.swap2_stage()
        {
            let chooser = self.players[self.mover()].name.clone();
            Some(match stage {
                Swap2Stage::SecondChooses => Notice::Swap2AwaitsChoice { chooser },
                _ => Notice::Swap2AwaitsColour { chooser },
            })
        } else if let (Some(why), false) = (&self.held, by == PlayerKind::Remote) {
            Some(Notice::Held(why.clone()))
        } else {
            let player = &self.players[self.mover()];
            (player.kind != by).then(|| Notice::NotYourMove {
                player: player.name.clone(),
            })
        };
        if let Some(why) = refusal {
            // A person clicking out of turn is told; a computer's answer that crossed an
            // undo or a new game is simply stale.
            match by {
                PlayerKind::Human => self.notice = Some(why),
                PlayerKind::Computer => {
                    debug!("a stale computer move at {p:?} was dropped");
                }
                PlayerKind::Remote => {
                    warn!("a peer move at {p:?} out of turn was dropped: {why:?}");
                }
            }
            return None;
        }
        // A peer's reported time, except in the opening, where no clock runs.
        let used = match used {
            Some(_) if self.swap2_stage().is_some() => Duration::ZERO,
            Some(used) => used,
            None => self.running(),
        };
        let ms = used.as_millis().min(u32::MAX as u128) as u32;
        let ply = self.game.moves().len();
        match self.game.play_timed(p, Some(ms)) {
            Ok(_) => Some(StonePlaced {
                ply,
                at: p,
                by,
                used: Duration::from_millis(u64::from(ms)),
            }),
            Err(e) => {
                self.notice = Some(Notice::CannotPlay(e));
                None
            }
        }
    }

    /// A Swap2 choice by the chooser the opening waits for, if `by` plays that seat.
    fn choose(&mut self, step: OpeningStep, by: PlayerKind) -> Option<OpeningChosen> {
        let ply = self.game.moves().len();
        let seat = self.opening.as_ref()?.to_act(&self.game);
        let chooser = &self.players[self.seat_index(seat)];
        if chooser.kind != by {
            if by == PlayerKind::Human {
                self.notice = Some(Notice::NotYourChoice {
                    player: chooser.name.clone(),
                });
            }
            return None;
        }
        let opening = self.opening.as_mut()?;
        let chosen = match step {
            OpeningStep::Choose(choice) => opening.choose(&self.game, seat, choice),
            OpeningStep::Colour(colour) => opening.choose_colour(&self.game, seat, colour),
        };
        match chosen {
            Ok(()) => {
                self.settle_colours();
                // The next stone's thinking starts now.
                self.turn_started = self.now;
                Some(OpeningChosen { ply, step, by })
            }
            Err(e) => {
                self.notice = Some(Notice::Swap2Refused(e));
                None
            }
        }
    }

    /// Who has black: decided by the Swap2 opening once it is; until then the opener
    /// places the black stones.
    fn settle_colours(&mut self) {
        if let Some(opening) = &mut self.opening {
            opening.after_undo(&self.game);
            self.black = match opening.black(&self.game) {
                Some(seat) => self.seat_index(seat),
                None => self.opener,
            };
        }
    }

    /// Ends the game off the board (resignation, agreed draw, a fallen flag).
    fn end(&mut self, ending: Ending) {
        if let Err(e) = self.game.end(ending) {
            debug!("ending {ending:?} refused: {e}");
        }
    }

    /// Shows the position at `path` in the game's tree, whoever is to move there: a review
    /// shows any position of its game (and the computer waits while it is open, so unlike
    /// `go_to` nothing is replayed after it). Not online, where the board is both
    /// machines'.
    fn show_position(&mut self, path: &[usize]) {
        if self.is_online() {
            self.notice = Some(Notice::BoardStaysOnline);
            return;
        }
        self.jump(|game| {
            game.go_to(path);
        });
    }

    /// Takes back `plies` moves agreed with the other player. Online the game keeps one
    /// line on both machines (no redo, no variations), so the moves are deleted, not kept
    /// as a line to redo.
    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            if self.game.delete_move().is_none() {
                // No move left: only a declared ending can go.
                self.game.undo();
                break;
            }
        }
        self.settle_colours();
    }

    /// The side to move loses when its flag falls.
    fn check_flag(&mut self) -> bool {
        let side = self.game.to_move();
        let local = self.player(side).kind != PlayerKind::Remote;
        // A peer's flag is judged by its own machine, which measures its thinking
        // without the network's delay, and says so.
        if local && self.time_control.is_out_of_time(&self.game, self.running()) {
            self.end(Ending::OutOfTime(side));
            return true;
        }
        false
    }

    /// A fresh game; a finished game's win stays credited.
    fn new_game(&mut self) {
        self.game.new_game();
        self.awarded = None;
        // Also when the last game ended before a move: its time is not the new one's.
        self.turn_started = self.now;
        if self.uses_swap2 {
            self.opening = Some(Swap2::new());
            self.black = self.opener;
        }
    }

    /// Takes the saved game and its players' names; who is human or computer stays as
    /// chosen in the menu, so a saved game can be resumed in either mode.
    fn load(&mut self, record: &Record) {
        self.game = record.game.clone();
        self.awarded = None;
        self.players[self.black].name = record.black.clone();
        self.players[1 - self.black].name = record.white.clone();
        self.notice = Some(Notice::Loaded {
            black: record.black.clone(),
            white: record.white.clone(),
            moves: record.game.moves().len(),
        });
    }

    /// Credits a win once, and takes the credit back if undo resumes the game.
    fn settle_score(&mut self) {
        match (self.game.outcome().winner(), self.awarded) {
            (Some(winner), None) => {
                let i = self.player_index(winner);
                self.players[i].score += 1;
                self.awarded = Some(i);
            }
            (None, Some(i)) if !self.game.is_over() => {
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
    /// Replace the last move by its previous or next sibling variation.
    SwitchVariation(Sibling),
    /// Make the current line the main line.
    PromoteLine,
    /// Delete the current move and every move after it.
    DeleteMove,
    /// Go to the move at this path in the game's tree (see `TreeItem`).
    GoTo(Vec<usize>),
    /// A stone from the player on another machine, with the thinking time it reports:
    /// that machine measures its own player's turn, without the network's delay.
    PeerMove {
        at: Point,
        used: Duration,
    },
    /// End the game off the board: a resignation, an agreed draw, a fallen flag.
    End(Ending),
    /// A choice the Swap2 opening waits for, by the player of that seat.
    Swap2 {
        step: OpeningStep,
        by: PlayerKind,
    },
    /// Take back this many moves, as both players agreed (online play).
    TakeBack {
        plies: usize,
    },
    /// Show the position at this path of the tree (child indices from the start), whoever
    /// is to move: a review's chart or marked move.
    ShowPosition(Vec<usize>),
    /// Start this game again with the same colours.
    Restart,
    /// Start the next game with colours swapped.
    NextGame,
    /// Replace the game with a loaded record.
    Load(Box<Record>),
    /// Replace the game with a position typed as a move string (`h8i9j10`).
    SetPosition(String),
}

/// A Swap2 choice: the second player's after three stones, or the opener's colour after
/// five.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningStep {
    Choose(Swap2Choice),
    Colour(Stone),
}

/// A Swap2 choice the match accepted, told like `StonePlaced`.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct OpeningChosen {
    /// The number of moves on the board when it was made.
    pub ply: usize,
    pub step: OpeningStep,
    pub by: PlayerKind,
}

/// A stone that went onto the board, told by the match to whoever must pass it on (the
/// network player sends the local player's stones to the other machine).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct StonePlaced {
    /// The number of moves before this one.
    pub ply: usize,
    pub at: Point,
    pub by: PlayerKind,
    /// The thinking time recorded with it.
    pub used: Duration,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MatchAction>()
        .add_message::<StonePlaced>()
        .add_message::<OpeningChosen>()
        .insert_resource(Match::new(&MatchSetup::default()))
        .add_systems(
            Update,
            // Actions apply on every screen: a new match is set up before its board shows.
            (tick_clock, apply_actions, watch_flags, settle_phase)
                .chain()
                .in_set(AppSystems::Apply),
        )
        .add_systems(OnEnter(Screen::Playing), start_turn_clock);
}

fn tick_clock(time: Res<Time<Real>>, mut game_match: ResMut<Match>) {
    // Written through bypass: the clock ticks every frame, which is not a change of the match.
    game_match.bypass_change_detection().now = time.elapsed();
}

fn apply_actions(
    mut actions: MessageReader<MatchAction>,
    mut game_match: ResMut<Match>,
    mut placed: MessageWriter<StonePlaced>,
    mut opening_chosen: MessageWriter<OpeningChosen>,
) {
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
            MatchAction::Place { at, by } => {
                if let Some(stone) = m.place(*at, *by, None) {
                    placed.write(stone);
                }
            }
            MatchAction::PeerMove { at, used } => {
                if let Some(stone) = m.place(*at, PlayerKind::Remote, Some(*used)) {
                    placed.write(stone);
                }
            }
            MatchAction::End(ending) => m.end(*ending),
            MatchAction::TakeBack { plies } => m.take_back(*plies),
            MatchAction::ShowPosition(path) => m.show_position(path),
            MatchAction::Undo => m.undo(),
            MatchAction::Redo => m.redo(),
            MatchAction::SwitchVariation(to) => m.switch_variation(*to),
            MatchAction::PromoteLine => m.promote_line(),
            MatchAction::DeleteMove => m.delete_move(),
            MatchAction::GoTo(path) => m.go_to(path),
            MatchAction::Restart => m.new_game(),
            MatchAction::NextGame => {
                m.black = 1 - m.black;
                m.opener = 1 - m.opener;
                m.new_game();
            }
            MatchAction::Swap2 { step, by } => {
                if let Some(chosen) = m.choose(*step, *by) {
                    opening_chosen.write(chosen);
                }
            }
            MatchAction::Load(record) => {
                m.opening = None;
                m.load(record);
            }
            MatchAction::SetPosition(text) => {
                match Game::from_move_string(m.game.size(), m.game.rule(), text) {
                    Ok(game) => {
                        m.opening = None;
                        m.game = game;
                        m.awarded = None;
                    }
                    Err(e) => m.notice = Some(Notice::CannotImport(e)),
                }
            }
        }
        m.settle_score();
    }
    if m.game.moves() != before.as_slice() {
        m.turn_started = m.now;
    }
}

/// A local player whose time runs out loses, in the frame it happens.
fn watch_flags(mut game_match: ResMut<Match>) {
    let m = game_match.bypass_change_detection();
    if m.game.is_over() || !m.time_control.is_timed() {
        return;
    }
    if m.check_flag() {
        m.settle_score();
        game_match.set_changed();
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
