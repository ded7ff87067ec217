//! Hosting the signalling server inside the desktop app (`--host-signalling PORT`), so
//! two people on one network need no other program: the host's address is the `ws://`
//! address the other player enters. It is matchbox's own server, in full-mesh mode; a
//! room's two players find each other through it and then talk directly.

use bevy::prelude::*;
use bevy_matchbox::MatchboxServer;
use std::net::SocketAddr;

/// The running server and the address it listens on.
#[derive(Resource)]
pub struct HostedSignalling {
    pub address: SocketAddr,
    // Held, never read: dropping the server's task stops it.
    _server: MatchboxServer,
}

/// Binds `address` now, so a port in use is an error the caller can show (on the command
/// line, in English), then serves on the I/O task pool. Port 0 picks a free port (the tests' choice).
pub fn host(address: SocketAddr) -> Result<HostedSignalling, String> {
    let mut server = MatchboxServer::full_mesh_builder(address).build();
    let bound = server
        .bind()
        .map_err(|e| format!("could not host signalling on {address}: {e}"))?; // i18n: not shown
    info!("hosting signalling on ws://{bound}");
    Ok(HostedSignalling {
        address: bound,
        _server: MatchboxServer::from(server),
    })
}
