//! The conversation with the other player. Every message that arrives is decoded and
//! judged by the engine before anything changes; a refused one is shown in the HUD and
//! logged, and changes nothing. What this side does (a stone, an offer, a resignation)
//! is applied here as a `MatchAction` and told to the other side.

use super::link::{LinkEvent, PeerLink};
use super::{
    ABANDON_AFTER, CHAT_LINES, ChatLine, ColourChoice, Connection, FLAG_GRACE, Failure, IceServers,
    Online, OnlineCommand, Question, REFUSALS_SHOWN, Refusal, Role, RoomCode, RoomSetup, Said,
};
use crate::game_match::{
    HeldFor, Match, MatchAction, MatchSetup, OpeningChosen, OpeningStep, PlayerKind, StonePlaced,
};
use crate::i18n::Texts;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::storage::Store;
use crate::tr;
use bevy::prelude::*;
use bevy_matchbox::matchbox_socket::PeerId;
use gomoku_engine::game::Ending;
use gomoku_engine::online::{
    self as wire, Action, ChatText, GameSettings, Message, Offers, Opening, PROTOCOL_VERSION,
    PlayerName, PositionHash, Proposal, ResumePlan, Side, WireError, WireSwap2Choice,
};
use gomoku_engine::swap2::{Swap2Choice, Swap2Stage};
use gomoku_engine::{Game, Outcome, Stone};
use rand::RngExt;
use std::collections::VecDeque;
use std::time::Duration;

/// How often the round trip is measured while linked.
const PING_EVERY: Duration = Duration::from_secs(2);

/// The private part of `Online`: the link and what the conversation has settled.
pub(super) struct PeerState {
    link: Option<PeerLink>,
    room_url: String,
    ice: IceServers,
    peer: Option<PeerId>,
    /// Who plays this side: a person, or this machine's computer.
    player: PlayerKind,
    /// The creator's choices, until the game is settled with the guest.
    offered: Option<RoomSetup>,
    /// The game both sides agreed on; set once, kept through reconnections.
    settings: Option<GameSettings>,
    /// Games started in this room; `NextGame` messages carry the next number.
    games: u32,
    /// The move count of the game when an ending was told to or heard from the peer.
    ending_told: Option<usize>,
    last_ping: Option<Duration>,
    /// Undo requests and draw offers of both sides, with the ply each was made at.
    pub(super) offers: Offers,
    /// Peers in the room besides the one played with: the one to adopt if the player's
    /// link drops and comes back under a new id.
    others: Vec<PeerId>,
    /// Messages from those peers, kept until one is adopted (its greeting may come
    /// before the old id is gone).
    early: Vec<(PeerId, Box<[u8]>)>,
    /// Peers refused for speaking another protocol version: nothing more is read from
    /// them (answering each of their messages would echo forever).
    refused_peers: Vec<PeerId>,
    /// Events read but not yet handled: handling stops for the frame after a message
    /// that changes how the next ones are judged (the game's settings, a Swap2 choice),
    /// until the match has applied it.
    backlog: VecDeque<LinkEvent>,
    /// Greetings sent to the current peer without its own in reply, and when the last
    /// went: a greeting sent the moment a peer appears can be lost (its end of the data
    /// channel may not be listening yet), so it is repeated, a few times.
    greetings: u32,
    greeted_at: Option<Duration>,
    /// Has the current peer's greeting arrived?
    heard: bool,
    /// This side's name as greetings carry it.
    greeting_name: PlayerName,
    pub(super) can_claim: bool,
}

impl PeerState {
    pub(super) fn settings_agreed(&self) -> Option<GameSettings> {
        self.settings
    }

    pub(super) fn games_started(&self) -> u32 {
        self.games
    }

    fn send(&mut self, message: &Message) {
        let (Some(link), Some(peer)) = (self.link.as_mut(), self.peer) else {
            debug!("not linked: {} not sent", message.kind());
            return;
        };
        match wire::encode(message) {
            Ok(text) => {
                if !link.send(peer, text.as_bytes()) {
                    warn!("the link refused a {} message", message.kind());
                }
            }
            Err(e) => error!(
                "a {} message of ours cannot be encoded: {e}", // i18n: not shown
                message.kind()
            ),
        }
    }
}

/// Most messages kept from peers waiting in the room.
const EARLY_MESSAGES: usize = 32;
/// Most peers remembered as refused.
const REFUSED_PEERS: usize = 8;

/// Greets `peer` as the one this side plays with. In a game already agreed (the other
/// player back after a lost connection) it also sends this side's moves to compare, and
/// repeats an ending this side declared while they were away. Messages the peer sent
/// while waiting are handled next, in order.
fn adopt(online: &mut Online, peer: PeerId, game_match: &Match, queue: &mut VecDeque<LinkEvent>) {
    online.peer.peer = Some(peer);
    online.peer.others.retain(|p| *p != peer);
    online.peer.greetings = 0;
    online.peer.greeted_at = None;
    online.peer.heard = false;
    online.connection = Connection::Greeting;
    greet(online, game_match);
    let state = &mut online.peer;
    let (theirs, others): (Vec<_>, Vec<_>) = std::mem::take(&mut state.early)
        .into_iter()
        .partition(|(from, _)| *from == peer);
    state.early = others;
    for (from, bytes) in theirs.into_iter().rev() {
        queue.push_front(LinkEvent::Received(from, bytes));
    }
}

/// How often an unanswered greeting is repeated, and how many times in all.
const GREET_AGAIN_AFTER: Duration = Duration::from_secs(1);
const GREETINGS: u32 = 10;

/// Sends this side's greeting and, in a game already agreed, its moves to compare and
/// an ending it declared while the other player was away.
fn greet(online: &mut Online, game_match: &Match) {
    let state = &mut online.peer;
    state.greetings += 1;
    let name = state.greeting_name.clone();
    state.send(&Message::Hello {
        version: PROTOCOL_VERSION,
        name,
    });
    if state.settings.is_some() {
        let game = &game_match.game;
        state.send(&wire::resume_message(game));
        let ply = game.moves().len() as u32;
        let ours = our_stone(game_match);
        match game.outcome() {
            Outcome::Resigned { winner } if *winner != ours => {
                state.send(&Message::Resign { ply });
            }
            Outcome::OutOfTime { winner } if *winner != ours => {
                state.send(&Message::OutOfTime { ply });
            }
            _ => {}
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn open(
    commands: &mut Commands,
    role: Role,
    name: &str,
    code: RoomCode,
    network: &super::Network,
    player: PlayerKind,
    offered: Option<RoomSetup>,
    texts: &Texts,
) {
    let room_url = code.url(&network.signal);
    let link = PeerLink::open(&room_url, &network.ice);
    info!("online: {role:?} of room {code} at {room_url}");
    // A name with nothing a greeting can carry (only spaces) goes out as the default one.
    let greeting_name = PlayerName::lossy(name)
        .or_else(|| PlayerName::lossy(tr!(texts, "common.default-player")))
        .unwrap_or_else(|| PlayerName::new("?").expect("a plain name is a valid name")); // i18n: not shown
    commands.insert_resource(Online {
        role,
        code,
        our_name: name.chars().take(wire::MAX_NAME_CHARS).collect(),
        peer_name: None,
        connection: Connection::Connecting,
        round_trip: None,
        chat: Vec::new(),
        refused: Vec::new(),
        refused_total: 0,
        peer: PeerState {
            link: Some(link),
            room_url,
            ice: network.ice.clone(),
            peer: None,
            player,
            offered,
            settings: None,
            games: 0,
            ending_told: None,
            last_ping: None,
            offers: Offers::new(),
            others: Vec::new(),
            early: Vec::new(),
            refused_peers: Vec::new(),
            backlog: VecDeque::new(),
            greetings: 0,
            greeted_at: None,
            heard: false,
            greeting_name,
            can_claim: false,
        },
    });
}

/// The stone this machine plays in the current game.
fn our_stone(game_match: &Match) -> Stone {
    if game_match.player(Stone::Black).kind == PlayerKind::Remote {
        Stone::White
    } else {
        Stone::Black
    }
}

pub(super) fn run_commands(
    mut requests: MessageReader<OnlineCommand>,
    mut commands: Commands,
    mut online: Option<ResMut<Online>>,
    game_match: Res<Match>,
    store: Res<Store>,
    settings: Res<Settings>,
    texts: Res<Texts>,
    mut actions: MessageWriter<MatchAction>,
) {
    for request in requests.read() {
        match request {
            OnlineCommand::Create {
                name,
                setup,
                network,
                player,
            } => {
                let code = RoomCode::random(&mut super::fresh_rng());
                open(
                    &mut commands,
                    Role::Host,
                    name,
                    code,
                    network,
                    *player,
                    Some(setup.clone()),
                    &texts,
                );
            }
            OnlineCommand::Join {
                name,
                code,
                network,
                player,
            } => open(
                &mut commands,
                Role::Guest,
                name,
                code.clone(),
                network,
                *player,
                None,
                &texts,
            ),
            OnlineCommand::Resume { network, player } => {
                let Some(kept) = super::autosave::resumable(&store) else {
                    warn!("no online game to resume");
                    continue;
                };
                let settings_agreed = kept.settings;
                let games = kept.games;
                let peer_name = kept.peer_name.clone();
                open_resumed(
                    &mut commands,
                    &kept,
                    network,
                    *player,
                    &texts,
                    move |online| {
                        online.peer.settings = Some(settings_agreed);
                        online.peer.games = games;
                        online.peer_name = Some(peer_name);
                    },
                );
                resume_kept(&kept, *player, &settings, &mut actions);
            }
            OnlineCommand::Leave => {
                if let Some(online) = online.as_mut() {
                    leave(&mut commands, online, &store);
                }
                online = None;
            }
            other => {
                let Some(online) = online.as_mut() else {
                    warn!("{other:?} without an online game");
                    continue;
                };
                in_room(other, online, &game_match, &mut actions);
            }
        }
    }
}

/// Says goodbye and closes the link: dropping the resource drops the link with it. A game
/// left on purpose is nothing to come back to, so it is no longer kept.
fn leave(commands: &mut Commands, online: &mut Online, store: &Store) {
    online.peer.send(&Message::Bye);
    // Dropping the link at once would cancel its loop before the goodbye is out.
    if let Some(link) = online.peer.link.take() {
        commands.queue(move |world: &mut World| {
            let until = web_time::Instant::now() + LINGER;
            world.resource_mut::<ClosingLinks>().0.push((link, until));
        });
    }
    commands.remove_resource::<Online>();
    if let Err(e) = store.0.clear_online_game() {
        warn!("the kept online game could not be forgotten: {e}");
    }
}

/// Leaving the board (Esc, the HUD's menu button, the game-over panel) leaves the room:
/// a game on a screen nobody watches would only run down this side's clock.
pub(super) fn leave_with_the_board(
    mut commands: Commands,
    online: Option<ResMut<Online>>,
    store: Res<Store>,
) {
    if let Some(mut online) = online {
        leave(&mut commands, &mut online, &store);
    }
}

/// How long a link stays open after this side left, for its goodbye to go out.
const LINGER: Duration = Duration::from_secs(1);

/// Links of rooms just left, closed once their last messages had time to go.
#[derive(Resource, Default)]
pub(super) struct ClosingLinks(Vec<(PeerLink, web_time::Instant)>);

pub(super) fn close_lingering_links(mut closing: ResMut<ClosingLinks>) {
    if closing.0.is_empty() {
        return;
    }
    let now = web_time::Instant::now();
    closing.0.retain_mut(|(link, until)| {
        link.poll(); // Keeps the socket's peer list drained while it lingers.
        now < *until
    });
}

/// Opens the kept game's room again in its role; `agreed` restores what the two sides had
/// settled (applied once the resource exists).
fn open_resumed(
    commands: &mut Commands,
    kept: &super::autosave::Resumable,
    network: &super::Network,
    player: PlayerKind,
    texts: &Texts,
    agreed: impl FnOnce(&mut Online) + Send + 'static,
) {
    open(
        commands,
        kept.role,
        &kept.our_name,
        kept.code.clone(),
        network,
        player,
        None,
        texts,
    );
    commands.queue(move |world: &mut World| {
        if let Some(mut online) = world.get_resource_mut::<Online>() {
            agreed(&mut online);
        }
    });
}

/// Sets up the kept game again: the match as it was agreed, then its moves.
fn resume_kept(
    kept: &super::autosave::Resumable,
    player: PlayerKind,
    settings: &Settings,
    actions: &mut MessageWriter<MatchAction>,
) {
    let us = (kept.our_name.clone(), player);
    let them = (kept.peer_name.clone(), PlayerKind::Remote);
    let players = if kept.black_is_ours {
        [us, them]
    } else {
        [them, us]
    };
    actions.write(MatchAction::NewMatch(MatchSetup {
        players,
        rule: kept.settings.rule,
        size: kept.settings.size,
        level: settings.level(),
        time_control: kept.settings.time_control,
        swap2: kept.settings.opening == Opening::Swap2,
    }));
    actions.write(MatchAction::Load(Box::new(kept.record.clone())));
}

/// A command for a room this side is in.
fn in_room(
    request: &OnlineCommand,
    online: &mut Online,
    game_match: &Match,
    actions: &mut MessageWriter<MatchAction>,
) {
    let game = &game_match.game;
    let ply = game.moves().len() as u32;
    let ours = our_stone(game_match);
    let playing = online.peer.settings.is_some() && !game.is_over();
    let offers = &mut online.peer.offers;
    match request {
        OnlineCommand::Reconnect => {
            // Drops this link (the other side sees this player go) and joins the room
            // again; both sides then compare their games and go on.
            online.peer.link = None;
            online.peer.link = Some(PeerLink::open(&online.peer.room_url, &online.peer.ice));
            online.peer.peer = None;
            online.peer.others.clear();
            online.connection = Connection::Connecting;
        }
        // Undo counts moves by colour, which the Swap2 opening does not follow.
        OnlineCommand::AskUndo if playing && game_match.swap2_stage().is_none() => {
            match offers.request_undo(Side::Local, ours, ply, game) {
                Ok(()) => online.peer.send(&Message::UndoRequest { ply }),
                Err(e) => debug!("no undo request: {e}"), // i18n: not shown
            }
        }
        OnlineCommand::AnswerUndo(accepted) => {
            answer(online, Proposal::Undo, *accepted, game_match, actions);
        }
        OnlineCommand::OfferDraw if playing => match offers.offer_draw(Side::Local, ply, game) {
            Ok(()) => online.peer.send(&Message::DrawOffer { ply }),
            Err(e) => debug!("no draw offer: {e}"), // i18n: not shown
        },
        OnlineCommand::AnswerDraw(accepted) => {
            answer(online, Proposal::Draw, *accepted, game_match, actions);
        }
        OnlineCommand::Resign if playing => {
            online.peer.send(&Message::Resign { ply });
            online.peer.ending_told = Some(game.moves().len());
            actions.write(MatchAction::End(Ending::Resign(ours)));
        }
        OnlineCommand::ClaimWin if playing && online.peer.can_claim => {
            // Their clock ran out here, or they left; either way the win is ours, and
            // they are told if they are still listening.
            online.peer.send(&Message::OutOfTime { ply });
            online.peer.ending_told = Some(game.moves().len());
            actions.write(MatchAction::End(Ending::OutOfTime(ours.opponent())));
        }
        OnlineCommand::Chat(text) => {
            let clean: String = text.chars().filter(|c| !c.is_control()).collect();
            let clipped: String = clean.trim().chars().take(wire::MAX_CHAT_CHARS).collect();
            if let Some(text) = ChatText::lossy(&clipped) {
                let from = online.our_name.clone();
                push_chat(online, from, Said::Text(text.as_str().to_string()));
                online.peer.send(&Message::Chat(text));
            }
        }
        OnlineCommand::NextGame if game.is_over() && online.peer.settings.is_some() => {
            online.peer.games += 1;
            let number = online.peer.games;
            online.peer.send(&Message::NextGame { number });
            start_next_game(online, actions);
        }
        other => debug!("{other:?} does not apply now"), // i18n: not shown
    }
}

/// This side's answer to the other player's take-back request or draw offer: told to
/// them, and, if accepted, applied here as it will be there.
fn answer(
    online: &mut Online,
    proposal: Proposal,
    accepted: bool,
    game_match: &Match,
    actions: &mut MessageWriter<MatchAction>,
) {
    let game = &game_match.game;
    let ply = game.moves().len() as u32;
    if let Err(e) = online.peer.offers.answer(proposal, Side::Local, ply, game) {
        debug!("no {proposal:?} to answer: {e}");
        return;
    }
    online.peer.send(&match proposal {
        Proposal::Undo => Message::UndoAnswer { ply, accepted },
        Proposal::Draw => Message::DrawAnswer { ply, accepted },
    });
    if !accepted {
        return;
    }
    match proposal {
        Proposal::Undo => {
            let plies = wire::undo_count(game, our_stone(game_match).opponent());
            actions.write(MatchAction::TakeBack { plies });
        }
        Proposal::Draw => {
            online.peer.ending_told = Some(game.moves().len());
            actions.write(MatchAction::End(Ending::DrawAgreed));
        }
    }
}

fn start_next_game(online: &mut Online, actions: &mut MessageWriter<MatchAction>) {
    online.peer.ending_told = None;
    online.peer.offers = Offers::new();
    actions.write(MatchAction::NextGame);
}

fn push_chat(online: &mut Online, from: String, said: Said) {
    online.chat.push(ChatLine { from, said });
    let excess = online.chat.len().saturating_sub(CHAT_LINES);
    online.chat.drain(..excess);
}

fn refuse(online: &mut Online, why: Refusal) {
    warn!("online: refused: {why}");
    online.refused.push(why);
    online.refused_total += 1;
    let excess = online.refused.len().saturating_sub(REFUSALS_SHOWN);
    online.refused.drain(..excess);
}

/// Reads the link: peers arriving and leaving, and their messages.
pub(super) fn pump_link(
    online: Option<ResMut<Online>>,
    game_match: Res<Match>,
    settings: Res<Settings>,
    texts: Res<Texts>,
    time: Res<Time<Real>>,
    mut actions: MessageWriter<MatchAction>,
) {
    let Some(mut online) = online else {
        return;
    };
    let online = &mut *online;
    let Some(link) = online.peer.link.as_mut() else {
        return;
    };
    let in_room = link.joined_room();
    let events = link.poll();
    if in_room && online.connection == Connection::Connecting {
        online.connection = Connection::WaitingForOpponent;
    }
    let mut queue: VecDeque<LinkEvent> = std::mem::take(&mut online.peer.backlog);
    queue.extend(events);
    if queue.is_empty() {
        return; // Most frames: no copy of the game for nothing.
    }
    let mut game = game_match.game.clone();
    while let Some(event) = queue.pop_front() {
        let from_refused = match &event {
            LinkEvent::PeerConnected(peer) | LinkEvent::Received(peer, _) => {
                online.peer.refused_peers.contains(peer)
            }
            _ => false,
        };
        if from_refused {
            continue;
        }
        match event {
            LinkEvent::PeerConnected(peer) if online.peer.peer.is_none() => {
                adopt(online, peer, &game_match, &mut queue);
            }
            // Adopted already, on its first message.
            LinkEvent::PeerConnected(peer) if online.peer.peer == Some(peer) => {}
            LinkEvent::PeerConnected(peer) => {
                // Full-mesh rooms let anyone in; this game is for two. A newcomer may be
                // the other player back under a new id before the old one is gone.
                info!("online: another peer {peer} in the room waits");
                if !online.peer.others.contains(&peer) {
                    online.peer.others.push(peer);
                }
            }
            LinkEvent::PeerDisconnected(peer) if online.peer.peer == Some(peer) => {
                online.peer.peer = None;
                if let Some(next) = online.peer.others.pop() {
                    adopt(online, next, &game_match, &mut queue);
                } else if online.connection != Connection::OpponentLeft {
                    online.connection = Connection::OpponentLost {
                        since: time.elapsed(),
                    };
                }
            }
            LinkEvent::PeerDisconnected(peer) => {
                online.peer.others.retain(|p| *p != peer);
                online.peer.early.retain(|(from, _)| *from != peer);
            }
            LinkEvent::Received(peer, bytes) if online.peer.peer == Some(peer) => {
                let message = wire::decode(&bytes);
                let pause = receive(
                    online,
                    peer,
                    message,
                    &game_match,
                    &mut game,
                    &settings,
                    &texts,
                    &time,
                    &mut actions,
                );
                if pause {
                    break;
                }
            }
            LinkEvent::Received(peer, bytes) if online.peer.peer.is_none() => {
                // Data can come before the link reports the peer connected: it is the
                // other player, here before the news.
                queue.push_front(LinkEvent::Received(peer, bytes));
                adopt(online, peer, &game_match, &mut queue);
            }
            LinkEvent::Received(peer, bytes) => {
                // Most likely the other player back under a new id while the old one
                // lingers: kept for when it is adopted.
                if !online.peer.others.contains(&peer) {
                    online.peer.others.push(peer);
                }
                if online.peer.early.len() < EARLY_MESSAGES {
                    online.peer.early.push((peer, bytes));
                }
            }
            LinkEvent::Closed(why) => {
                warn!("online: link closed: {why}");
                online.peer.link = None;
                online.peer.peer = None;
                online.connection = Connection::Failed(Failure::Link(why));
                queue.clear();
                break;
            }
        }
    }
    online.peer.backlog = queue;
}

/// One message from the other player. `game` is this frame's view of the game, kept
/// up to date with the moves accepted so far this frame, so that two moves in one frame
/// are each judged in their own position.
#[allow(clippy::too_many_arguments)]
fn receive(
    online: &mut Online,
    from: PeerId,
    message: Result<Message, WireError>,
    game_match: &Match,
    game: &mut Game,
    settings: &Settings,
    texts: &Texts,
    time: &Time<Real>,
    actions: &mut MessageWriter<MatchAction>,
) -> bool {
    let message = match message {
        Ok(message) => message,
        Err(WireError::OtherVersion(theirs)) => {
            online.peer.send(&Message::VersionRefused {
                ours: PROTOCOL_VERSION,
            });
            // The link stays open so the refusal reaches them; nothing more is read from
            // or sent to this peer.
            online.connection = Connection::Failed(Failure::OtherVersion { theirs });
            online.peer.peer = None;
            online.peer.refused_peers.push(from);
            let excess = online
                .peer
                .refused_peers
                .len()
                .saturating_sub(REFUSED_PEERS);
            online.peer.refused_peers.drain(..excess);
            return true;
        }
        Err(e) => {
            refuse(online, Refusal::Unreadable(e));
            return false;
        }
    };
    // Handling stops for this frame after these, until the match has applied them.
    let pause = matches!(
        message,
        Message::Settings(_) | Message::Swap2Choice { .. } | Message::ColourChoice { .. }
    ) || (matches!(message, Message::Hello { .. })
        && online.role == Role::Host
        && online.peer.settings.is_none());
    let ply = game.moves().len() as u32;
    let started = online.peer.settings.is_some();
    let peer_stone = our_stone(game_match).opponent();
    let offers = &mut online.peer.offers;
    let judged: Result<(), Refusal> = match message {
        Message::Hello { version: _, name } => {
            online.peer_name = Some(name.as_str().to_string());
            let again = std::mem::replace(&mut online.peer.heard, true);
            if again {
                // Greeted again: ours did not arrive. Answered, a bounded number of
                // times, so two greetings that cross cannot echo for long.
                if online.peer.greetings < GREETINGS {
                    greet(online, game_match);
                }
            } else if started {
                // Back after a lost connection; the games were sent to compare when the
                // peer was adopted.
                online.connection = Connection::Connected;
            } else if online.role == Role::Host
                && let Some(setup) = online.peer.offered.clone()
            {
                let agreed = settle(&setup);
                online.peer.send(&Message::Settings(agreed));
                start_match(online, agreed, settings, texts, actions);
            }
            Ok(())
        }
        Message::VersionRefused { ours } => {
            online.connection = Connection::Failed(Failure::OtherVersion { theirs: ours });
            online.peer.peer = None;
            Ok(())
        }
        Message::Settings(agreed) if online.role == Role::Guest && !started => {
            start_match(online, agreed, settings, texts, actions);
            Ok(())
        }
        Message::Move {
            ply: their_ply,
            at,
            used_ms,
            hash,
        } if started => {
            let turn = placing_side(game_match, game);
            wire::check_peer_move(game, turn, their_ply, at, hash)
                .map(|point| {
                    let _ = game.play_timed(point, Some(used_ms));
                    actions.write(MatchAction::PeerMove {
                        at: point,
                        used: Duration::from_millis(u64::from(used_ms)),
                    });
                })
                .map_err(Refusal::Judged)
        }
        Message::Swap2Choice { ply: at, choice } if started => {
            let choice = match choice {
                WireSwap2Choice::TakeWhite => Swap2Choice::TakeWhite,
                WireSwap2Choice::TakeBlack => Swap2Choice::TakeBlack,
                WireSwap2Choice::PlaceTwo => Swap2Choice::PlaceTwo,
            };
            peer_choice(
                game_match,
                game,
                at,
                Action::Swap2Choice,
                OpeningStep::Choose(choice),
            )
            .map(|action| {
                actions.write(action);
            })
        }
        Message::ColourChoice { ply: at, colour } if started => peer_choice(
            game_match,
            game,
            at,
            Action::ColourChoice,
            OpeningStep::Colour(colour),
        )
        .map(|action| {
            actions.write(action);
        }),
        Message::UndoRequest { ply: asked_at } if started => offers
            .request_undo(Side::Peer, peer_stone, asked_at, game)
            .map_err(Refusal::Judged),
        Message::UndoAnswer {
            ply: answered_at,
            accepted,
        } => match offers.answer(Proposal::Undo, Side::Peer, answered_at, game) {
            Ok(()) if accepted => {
                let plies = wire::undo_count(game, peer_stone.opponent());
                for _ in 0..plies {
                    game.undo();
                }
                actions.write(MatchAction::TakeBack { plies });
                Ok(())
            }
            Ok(()) => {
                let who = peer_label(online, texts);
                push_chat(online, who, Said::DeclinedUndo);
                Ok(())
            }
            Err(e) => Err(Refusal::Judged(e)),
        },
        Message::DrawOffer { ply: offered_at } if started => offers
            .offer_draw(Side::Peer, offered_at, game)
            .map_err(Refusal::Judged),
        Message::DrawAnswer {
            ply: answered_at,
            accepted,
        } => match offers.answer(Proposal::Draw, Side::Peer, answered_at, game) {
            Ok(()) if accepted => {
                online.peer.ending_told = Some(ply as usize);
                actions.write(MatchAction::End(Ending::DrawAgreed));
                Ok(())
            }
            Ok(()) => {
                let who = peer_label(online, texts);
                push_chat(online, who, Said::DeclinedDraw);
                Ok(())
            }
            Err(e) => Err(Refusal::Judged(e)),
        },
        Message::Resign { ply: at } if started => wire::check_resign(game, at)
            .map(|()| {
                online.peer.ending_told = Some(ply as usize);
                actions.write(MatchAction::End(Ending::Resign(peer_stone)));
            })
            .map_err(Refusal::Judged),
        Message::OutOfTime { ply: at } if started && at == ply && !game.is_over() => {
            // Either their own flag fell, or they claim ours: each side's machine is the
            // judge of its own clock, so a claim of ours is checked against it, with the
            // network's delay forgiven.
            let ours = peer_stone.opponent();
            let ending = if game.to_move() == peer_stone {
                Some(Ending::OutOfTime(peer_stone))
            } else {
                let running = game_match.running().saturating_add(FLAG_GRACE);
                game_match
                    .time_control
                    .is_out_of_time(game, running)
                    .then_some(Ending::OutOfTime(ours))
            };
            match ending {
                Some(ending) => {
                    online.peer.ending_told = Some(ply as usize);
                    actions.write(MatchAction::End(ending));
                    Ok(())
                }
                None => Err(Refusal::FalseFlagClaim),
            }
        }
        Message::Chat(text) => {
            let who = peer_label(online, texts);
            push_chat(online, who, Said::Text(text.as_str().to_string()));
            Ok(())
        }
        Message::Ping { nonce } => {
            online.peer.send(&Message::Pong { nonce });
            Ok(())
        }
        Message::Pong { nonce } => {
            let sent = Duration::from_millis(u64::from(nonce));
            let now = time.elapsed();
            if sent <= now {
                online.round_trip = Some(now - sent);
            }
            Ok(())
        }
        Message::NextGame { number } if game.is_over() && number == online.peer.games + 1 => {
            online.peer.games = number;
            start_next_game(online, actions);
            Ok(())
        }
        // Both pressed "next game" at once: each already started it.
        Message::NextGame { number } if number == online.peer.games => Ok(()),
        Message::Resume { moves, hash } if started => {
            // Only the peer's own stones may be added by a resume. During an undecided
            // Swap2 opening stones are placed by seat and choices come between them, so
            // no catching up is trusted there (a rare case: the opening is five moves).
            let in_opening = game_match.swap2_stage_in(game).is_some();
            let peer_places = |ply: usize| !in_opening && Game::stone_of(ply) == peer_stone;
            online.connection = Connection::Connected;
            match wire::resume_check(game, &moves, hash, peer_places) {
                Ok(ResumePlan::InStep) | Ok(ResumePlan::PeerCatchesUp { .. }) => Ok(()),
                Ok(ResumePlan::CatchUp(missing)) => {
                    for m in missing {
                        let _ = game.play_timed(m.point, m.time_ms);
                        actions.write(MatchAction::PeerMove {
                            at: m.point,
                            used: Duration::from_millis(u64::from(m.time_ms.unwrap_or(0))),
                        });
                    }
                    Ok(())
                }
                Err(e) => Err(Refusal::Judged(e)),
            }
        }
        Message::Bye => {
            online.connection = Connection::OpponentLeft;
            online.peer.peer = None;
            Ok(())
        }
        other => Err(Refusal::OutOfPlace(other.kind())),
    };
    if let Err(why) = judged {
        refuse(online, why);
    }
    pause
}

/// Who places the next stone in `game`: the peer only on its own turn and not while the
/// Swap2 opening waits for a choice.
fn placing_side(game_match: &Match, game: &Game) -> Side {
    let peer_to_act = game_match.players[game_match.mover_in(game)].kind == PlayerKind::Remote;
    let choosing = matches!(
        game_match.swap2_stage_in(game),
        Some(Swap2Stage::SecondChooses | Swap2Stage::FirstChooses)
    );
    if peer_to_act && !choosing {
        Side::Peer
    } else {
        Side::Local
    }
}

/// Judges the peer's Swap2 choice made at `ply`: the opening must wait for this choice,
/// from the peer's seat, in this position.
fn peer_choice(
    game_match: &Match,
    game: &Game,
    ply: u32,
    action: Action,
    step: OpeningStep,
) -> Result<MatchAction, Refusal> {
    wire::check_ply(game, Side::Peer, action, ply).map_err(Refusal::Judged)?;
    let stage = game_match.swap2_stage_in(game);
    let waits_for_it = matches!(
        (stage, step),
        (Some(Swap2Stage::SecondChooses), OpeningStep::Choose(_))
            | (Some(Swap2Stage::FirstChooses), OpeningStep::Colour(_))
    );
    if !waits_for_it {
        return Err(Refusal::Swap2NotAwaited(stage));
    }
    if game_match.players[game_match.mover_in(game)].kind != PlayerKind::Remote {
        return Err(Refusal::Swap2NotTheirs);
    }
    Ok(MatchAction::Swap2 {
        step,
        by: PlayerKind::Remote,
    })
}

/// The other player's name, or what stands for it before their greeting arrives (which
/// may come after the game's settings: a first greeting can be lost). It becomes their
/// name in the match, so it is in the language of the moment.
fn peer_label(online: &Online, texts: &Texts) -> String {
    online
        .peer_name
        .clone()
        .unwrap_or_else(|| tr!(texts, "online.opponent").to_string())
}

/// The creator's choices, with a random colour drawn now.
fn settle(setup: &RoomSetup) -> GameSettings {
    let opening = match setup.colours {
        ColourChoice::CreatorBlack => Opening::HostBlack,
        ColourChoice::CreatorWhite => Opening::GuestBlack,
        ColourChoice::Random if super::fresh_rng().random_bool(0.5) => Opening::HostBlack,
        ColourChoice::Random => Opening::GuestBlack,
        ColourChoice::Swap2 => Opening::Swap2,
    };
    GameSettings {
        rule: setup.rule,
        size: setup.size,
        time_control: setup.time_control,
        opening,
    }
}

/// Sets up the match both sides agreed on.
fn start_match(
    online: &mut Online,
    agreed: GameSettings,
    settings: &Settings,
    texts: &Texts,
    actions: &mut MessageWriter<MatchAction>,
) {
    let us = (online.our_name.clone(), online.peer.player);
    let them = (peer_label(online, texts), PlayerKind::Remote);
    // Under Swap2 the host opens, and places the first (black) stone.
    let host_black = matches!(agreed.opening, Opening::HostBlack | Opening::Swap2);
    let we_are_black = host_black == (online.role == Role::Host);
    let peer_name = them.0.clone();
    let players = if we_are_black { [us, them] } else { [them, us] };
    actions.write(MatchAction::NewMatch(MatchSetup {
        players,
        rule: agreed.rule,
        size: agreed.size,
        level: settings.level(),
        time_control: agreed.time_control,
        swap2: agreed.opening == Opening::Swap2,
    }));
    info!(
        "online: game agreed with {}: {} {}x{}, clock {}, {:?}", // i18n: not shown
        peer_name, agreed.rule, agreed.size, agreed.size, agreed.time_control, agreed.opening
    );
    online.peer.settings = Some(agreed);
    online.peer.games = 1;
    online.connection = Connection::Connected;
}

/// Shows the board once both sides agreed on the game. Runs on the menu only, so a game
/// agreed while the app still loads waits for it.
pub(super) fn show_the_board(online: Option<Res<Online>>, mut next: ResMut<NextState<Screen>>) {
    if online.is_some_and(|o| o.peer.settings.is_some()) {
        next.set(Screen::Playing);
    }
}

/// Tells the other player each stone placed on this side.
pub(super) fn send_placed_stones(
    online: Option<ResMut<Online>>,
    mut placed: MessageReader<StonePlaced>,
    game_match: Res<Match>,
) {
    let Some(mut online) = online else {
        placed.clear();
        return;
    };
    let game = &game_match.game;
    if game_match.is_changed() {
        // A question asked about another position no longer stands.
        online.peer.offers.sync(game);
    }
    for stone in placed.read() {
        if stone.by == PlayerKind::Remote {
            continue;
        }
        // The hash is of the position just after this stone.
        let Some(prefix) = game.moves().get(..=stone.ply) else {
            continue;
        };
        let hash = PositionHash::of_moves(game.rule(), game.size(), prefix.iter().map(|m| m.point));
        online.peer.send(&Message::Move {
            ply: stone.ply as u32,
            at: stone.at,
            used_ms: stone.used.as_millis().min(u32::MAX as u128) as u32,
            hash,
        });
    }
}

/// Tells the other player each Swap2 choice made on this side.
pub(super) fn send_opening_choices(
    online: Option<ResMut<Online>>,
    mut chosen: MessageReader<OpeningChosen>,
) {
    let Some(mut online) = online else {
        chosen.clear();
        return;
    };
    for choice in chosen.read().filter(|c| c.by != PlayerKind::Remote) {
        let ply = choice.ply as u32;
        online.peer.send(&match choice.step {
            OpeningStep::Choose(choice) => Message::Swap2Choice {
                ply,
                choice: match choice {
                    Swap2Choice::TakeWhite => WireSwap2Choice::TakeWhite,
                    Swap2Choice::TakeBlack => WireSwap2Choice::TakeBlack,
                    Swap2Choice::PlaceTwo => WireSwap2Choice::PlaceTwo,
                },
            },
            OpeningStep::Colour(colour) => Message::ColourChoice { ply, colour },
        });
    }
}

/// Tells the other player when this side's flag fell (the match ended the game).
pub(super) fn report_endings(
    online: Option<ResMut<Online>>,
    game_match: Res<Match>,
    mut logged: Local<Option<(usize, bool)>>,
) {
    let Some(mut online) = online else {
        return;
    };
    let game = &game_match.game;
    let ply = game.moves().len();
    // The log says how each game ended (a headless bot has nothing else to show).
    if *logged != Some((ply, game.is_over())) {
        *logged = Some((ply, game.is_over()));
        if game.is_over() {
            let result = match game.outcome() {
                // For the log only.
                Outcome::Won { winner, .. } => format!("{winner} won with five in a row"), // i18n: not shown
                Outcome::Resigned { winner } => format!("{winner} won by resignation"), // i18n: not shown
                Outcome::OutOfTime { winner } => format!("{winner} won on time"), // i18n: not shown
                Outcome::Draw => "a draw: the board is full".to_string(),         // i18n: not shown
                Outcome::DrawAgreed => "a draw by agreement".to_string(),         // i18n: not shown
                Outcome::Ongoing => "ongoing".to_string(),
            };
            info!(
                "online: game over after {ply} moves, {result}; moves {}", // i18n: not shown
                gomoku_engine::notation::format_moves(game.points())
            );
        }
    }
    if online.peer.ending_told == Some(ply) || online.peer.settings.is_none() {
        return;
    }
    if let Outcome::OutOfTime { winner } = game.outcome()
        && *winner != our_stone(&game_match)
    {
        online.peer.ending_told = Some(ply);
        online.peer.send(&Message::OutOfTime { ply: ply as u32 });
    }
}

/// Holds this machine's moves while it waits for the answer to its own take-back request
/// or draw offer: a move would cross the answer, which would then be judged on two
/// different positions by the two machines.
///
pub(super) fn hold_moves_while_asking(online: Option<Res<Online>>, mut game_match: ResMut<Match>) {
    let held = online.and_then(|o| {
        let peer = o.peer_name.clone();
        Some(match o.asked()? {
            Question::Undo => HeldFor::TakeBack { peer },
            Question::Draw => HeldFor::Draw { peer },
        })
    });
    if game_match.held != held {
        // Not a change of the game: nobody needs to redraw for it.
        game_match.bypass_change_detection().held = held;
    }
}

/// Measures the round trip and decides whether a win can be claimed.
pub(super) fn watch_connection(
    online: Option<ResMut<Online>>,
    game_match: Res<Match>,
    time: Res<Time<Real>>,
) {
    let Some(mut online) = online else {
        return;
    };
    let now = time.elapsed();
    let linked = online.peer.peer.is_some();
    if linked && !online.peer.heard {
        let due = match online.peer.greeted_at {
            // Greeted when adopted, this frame.
            None => {
                online.peer.greeted_at = Some(now);
                false
            }
            Some(at) => now.saturating_sub(at) >= GREET_AGAIN_AFTER,
        };
        if due && online.peer.greetings < GREETINGS {
            online.peer.greeted_at = Some(now);
            greet(&mut online, &game_match);
        } else if due {
            online.peer.peer = None;
            online.connection = Connection::Failed(Failure::NoAnswer);
        }
    }
    if linked
        && online
            .peer
            .last_ping
            .is_none_or(|last| now.saturating_sub(last) >= PING_EVERY)
    {
        online.peer.last_ping = Some(now);
        let nonce = now.as_millis().min(u32::MAX as u128) as u32;
        online.peer.send(&Message::Ping { nonce });
    }
    let game = &game_match.game;
    let peer_stone = our_stone(&game_match).opponent();
    let peer_out_of_time = game.to_move() == peer_stone
        && game_match
            .time_control
            .is_out_of_time(game, game_match.running().saturating_sub(FLAG_GRACE));
    let abandoned = match online.connection {
        Connection::OpponentLost { since } => now.saturating_sub(since) >= ABANDON_AFTER,
        Connection::OpponentLeft => true,
        _ => false,
    };
    let can_claim =
        online.peer.settings.is_some() && !game.is_over() && (peer_out_of_time || abandoned);
    if online.peer.can_claim != can_claim {
        online.peer.can_claim = can_claim;
    }
}
