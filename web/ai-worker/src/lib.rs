//! The engine's search for the browser. The game, on the page's main thread, posts a
//! request line (`gomoku_engine::ai::wire`) to a Web Worker running this module, so a
//! long search never stalls a frame. Cancelling terminates the worker.

use gomoku_engine::ai::{search, wire};
use std::sync::atomic::AtomicBool;
use wasm_bindgen::prelude::*;

/// Answers one request line with a reply line, or `error <why>`.
#[wasm_bindgen]
pub fn answer(request: &str) -> String {
    match wire::decode_request(request) {
        Ok((game, settings)) => {
            // The worker is terminated to cancel, so this flag is never set.
            let info = search(&game, &settings, &AtomicBool::new(false));
            wire::encode_reply(info.as_ref())
        }
        Err(e) => format!("error {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_requests_and_reports_bad_ones() {
        assert_eq!(
            answer("15 freestyle 1 100 0 -").split(' ').next(),
            Some("h8")
        );
        assert_eq!(answer("15 freestyle 1 100 0 a1b1a2b2a3b3a4b4a5"), "none");
        assert!(answer("15 freestyle 1 100 0 zz9").starts_with("error"));
    }
}
