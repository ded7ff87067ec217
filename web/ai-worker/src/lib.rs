//! The engine's search for the browser. The game, on the page's main thread, posts a
//! request line (`gomoku_engine::ai::wire`) to a Web Worker running this module, so a
//! long search never stalls a frame. Cancelling terminates the worker.
//!
//! The worker keeps one engine for its life, so its transposition table carries over from
//! one request to the next: a second analysis of a position (or the move after it) starts
//! from what the first one learned.

use gomoku_engine::ai::{Engine, Resources, wire};
use std::sync::atomic::AtomicBool;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The worker's one engine (a worker is one thread).
    static ENGINE: Engine = Engine::new(Resources::default());
}

/// Answers one search request line with a reply line, or `error <why>`.
#[wasm_bindgen]
pub fn answer(request: &str) -> String {
    match wire::decode_request(request) {
        Ok((game, settings)) => {
            // The worker is terminated to cancel, so this flag is never set.
            let info =
                ENGINE.with(|engine| engine.search(&game, &settings, &AtomicBool::new(false)));
            wire::encode_reply(info.as_ref())
        }
        Err(e) => format!("error {e}"),
    }
}

/// Answers one analysis request line: calls `report` with each intermediate analysis
/// line (a JS string), then returns the last analysis line, or `error <why>`.
#[wasm_bindgen]
pub fn analyse(request: &str, report: &js_sys::Function) -> String {
    analyse_reporting(request, &mut |line| {
        // A report the page's callback throws on is lost; the analysis goes on.
        let _ = report.call1(&JsValue::NULL, &JsValue::from_str(line));
    })
}

/// `analyse` with the reports handed to a Rust closure: what the JS entry point wraps.
pub fn analyse_reporting(request: &str, report: &mut dyn FnMut(&str)) -> String {
    match wire::decode_analysis_request(request) {
        Ok((game, settings)) => {
            let found = ENGINE.with(|engine| {
                engine.analyse(&game, &settings, &AtomicBool::new(false), &mut |a| {
                    report(&wire::encode_analysis(Some(a)))
                })
            });
            wire::encode_analysis(found.as_ref())
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

    #[test]
    fn analyses_report_each_iteration_and_answer_with_the_last() {
        let mut reports = Vec::new();
        let last = analyse_reporting("analyse 15 freestyle 2 0 20000 h8i9h9i8", &mut |line| {
            reports.push(line.to_string())
        });
        assert!(!reports.is_empty());
        assert_eq!(reports.last(), Some(&last));
        let analysis = wire::decode_analysis(&last, 15).unwrap().unwrap();
        assert_eq!(analysis.lines.len(), 2);
        // The kept table: after a longer analysis, the same small one goes deeper.
        analyse_reporting("analyse 15 freestyle 2 0 300000 h8i9h9i8", &mut |_| {});
        let again = analyse_reporting("analyse 15 freestyle 2 0 20000 h8i9h9i8", &mut |_| {});
        let again = wire::decode_analysis(&again, 15).unwrap().unwrap();
        assert!(
            again.depth > analysis.depth,
            "{} then {}",
            analysis.depth,
            again.depth
        );
        assert_eq!(
            analyse_reporting(
                "analyse 15 freestyle 1 0 100 a1b1a2b2a3b3a4b4a5",
                &mut |_| {}
            ),
            "none"
        );
        let mut called = false;
        let bad = analyse_reporting("analyse 15 freestyle 0 0 100 -", &mut |_| called = true);
        assert!(bad.starts_with("error"), "{bad}");
        assert!(!called);
    }
}
