//! The link to the other player: a matchbox WebRTC socket with one reliable, ordered data
//! channel, and its message loop, which this module owns so that the loop's end (a
//! signalling server that cannot be reached, a failure inside webrtc) is seen and shown
//! rather than lost on a task pool thread.

use bevy::log::warn;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};
use bevy_matchbox::matchbox_socket::{
    ChannelConfig, PeerId, PeerState, RtcIceServerConfig, WebRtcSocket,
};

/// The ICE servers a peer connection may use. None by default: two machines on one
/// network find each other without help, and nothing is sent anywhere unasked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IceServers {
    /// `stun:host:port` or `turn:host:port` addresses.
    pub urls: Vec<String>,
    pub username: Option<String>,
    pub credential: Option<String>,
}

impl IceServers {
    fn config(&self) -> RtcIceServerConfig {
        RtcIceServerConfig {
            urls: self.urls.clone(),
            username: self.username.clone(),
            credential: self.credential.clone(),
        }
    }
}

/// What happened on the link since the last poll, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    PeerConnected(PeerId),
    PeerDisconnected(PeerId),
    Received(PeerId, Box<[u8]>),
    /// The link is gone for good, and why.
    Closed(LinkFailure),
}

/// Why a link ended: a typed value the HUD words in the player's language; its English
/// `Display` is for the log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkFailure {
    /// The socket's channels are gone, with nothing more said.
    #[error("the connection closed")]
    Closed,
    /// The message loop ended without an error: the server hung up.
    #[error("the signalling server closed the connection")]
    ServerClosed,
    #[error("the signalling server could not be reached")]
    ServerUnreachable,
    #[error("the connection to the signalling server was cut")]
    ServerLost,
    /// The native WebRTC stack panicked, with its message (for the log and the curious).
    #[error("the network stack failed: {0}")]
    StackFailed(String),
}

impl LinkFailure {
    /// The socket's own error, variant by variant; its details go to the log.
    fn of_socket(error: &bevy_matchbox::matchbox_socket::Error) -> LinkFailure {
        use bevy_matchbox::matchbox_socket::Error;
        warn!("online: the message loop ended: {error} ({error:?})");
        match error {
            Error::ConnectionFailed(_) => LinkFailure::ServerUnreachable,
            Error::Disconnected(_) => LinkFailure::ServerLost,
        }
    }
}

/// An open link. Dropping it closes the socket and ends its loop.
pub struct PeerLink {
    socket: WebRtcSocket,
    /// The socket's message loop; finishes when the link fails or closes.
    driver: Option<Task<Result<(), LinkFailure>>>,
    closed: bool,
}

/// The game's messages travel on the first and only channel.
const GAME_CHANNEL: usize = 0;

impl PeerLink {
    /// Joins the signalling room at `room_url` (`ws://host:port/room`).
    pub fn open(room_url: &str, ice: &IceServers) -> PeerLink {
        let (socket, message_loop) = WebRtcSocket::builder(room_url)
            .ice_server(ice.config())
            .add_channel(ChannelConfig::reliable())
            // A server that is not there fails the link after a few tries, not never.
            .reconnect_attempts(Some(3))
            .build();
        PeerLink {
            socket,
            driver: Some(spawn_loop(message_loop)),
            closed: false,
        }
    }

    /// Everything that happened since the last call. After `Closed`, nothing more comes.
    pub fn poll(&mut self) -> Vec<LinkEvent> {
        let mut events = Vec::new();
        if self.closed {
            return events;
        }
        let ended = self.driver.as_mut().and_then(check_ready);
        let mut closed_because = None;
        match self.socket.try_update_peers() {
            Ok(changes) => {
                for (peer, state) in changes {
                    events.push(match state {
                        PeerState::Connected => LinkEvent::PeerConnected(peer),
                        PeerState::Disconnected => LinkEvent::PeerDisconnected(peer),
                    });
                }
                if let Ok(channel) = self.socket.get_channel_mut(GAME_CHANNEL) {
                    for (peer, packet) in channel.receive() {
                        events.push(LinkEvent::Received(peer, packet.to_vec().into()));
                    }
                }
            }
            Err(_) => closed_because = Some(LinkFailure::Closed),
        }
        // The loop's own result says more than the closed channel it leaves behind.
        if let Some(result) = ended {
            self.driver = None;
            closed_because = Some(match result {
                Ok(()) => LinkFailure::ServerClosed,
                Err(why) => why,
            });
        }
        if let Some(why) = closed_because {
            self.closed = true;
            events.push(LinkEvent::Closed(why));
        }
        events
    }

    /// Sends `bytes` to `peer`; false when the link can no longer send.
    pub fn send(&mut self, peer: PeerId, bytes: &[u8]) -> bool {
        let Ok(channel) = self.socket.get_channel_mut(GAME_CHANNEL) else {
            return false;
        };
        channel.try_send(bytes.to_vec().into(), peer).is_ok()
    }

    /// Has the signalling server placed this side in its room (it assigns an id then)?
    pub fn joined_room(&mut self) -> bool {
        self.socket.id().is_some()
    }
}

impl Drop for PeerLink {
    fn drop(&mut self) {
        self.socket.close();
    }
}

/// Runs the message loop on the I/O pool. A panic inside it (webrtc's native stack
/// unwraps some socket errors, e.g. when mDNS has no route) becomes an error of this link,
/// not a dead thread and a link that waits forever.
#[cfg(not(target_arch = "wasm32"))]
fn spawn_loop(
    mut message_loop: bevy_matchbox::matchbox_socket::MessageLoopFuture,
) -> Task<Result<(), LinkFailure>> {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::task::Poll;
    IoTaskPool::get().spawn(std::future::poll_fn(move |cx| {
        match catch_unwind(AssertUnwindSafe(|| message_loop.as_mut().poll(cx))) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(result)) => Poll::Ready(result.map_err(|e| LinkFailure::of_socket(&e))),
            Err(panic) => Poll::Ready(Err(LinkFailure::StackFailed(crate::search::panic_message(
                panic.as_ref(),
            )))),
        }
    }))
}

/// In the browser a panic aborts the module, so there is nothing to catch.
#[cfg(target_arch = "wasm32")]
fn spawn_loop(
    message_loop: bevy_matchbox::matchbox_socket::MessageLoopFuture,
) -> Task<Result<(), LinkFailure>> {
    IoTaskPool::get()
        .spawn(async move { message_loop.await.map_err(|e| LinkFailure::of_socket(&e)) })
}
