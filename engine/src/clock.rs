//! A monotonic clock that also works in the browser, where `std::time::Instant` panics.

pub use web_time::{Duration, Instant};

/// Measures elapsed time from its creation.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch(Instant);

impl Default for Stopwatch {
    fn default() -> Self {
        Stopwatch::start()
    }
}

impl Stopwatch {
    pub fn start() -> Self {
        Stopwatch(Instant::now())
    }

    pub fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.elapsed().as_millis() as u64
    }
}
