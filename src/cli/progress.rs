//! The progress bar of long runs.
//!
//! The bar goes to stderr, and only when stderr is a terminal and the user did
//! not ask for `--quiet`: piped or logged output stays clean. The driver
//! advances it from its parallel loop; the solver never sees it.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::tables::summary::Progress;

/// A bar counting hands (its length is set when the sweep starts), or a
/// hidden one that costs nothing.
pub fn hands_bar(quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} hands ({rate}/s, ETA {eta})",
        )
        .expect("the template is valid")
        // indicatif's {per_sec} prints four decimals; whole hands per second read better.
        .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0}", s.per_sec());
        }),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A spinner with `message` while one long search runs, or a hidden one
/// when stderr is not a terminal. Clear it with `finish_and_clear`.
pub fn search_spinner(message: String) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .expect("the template is valid"),
    );
    bar.set_message(message);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

impl Progress for ProgressBar {
    fn start(&self, hands: u64) {
        self.set_length(hands);
    }

    fn advance(&self, hands: u64) {
        self.inc(hands);
    }

    fn finish(&self) {
        self.finish_and_clear();
    }
}
