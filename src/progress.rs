//! The progress bar of long runs and the one-paragraph summary at the end.
//!
//! The bar goes to stderr, and only when stderr is a terminal and the user did
//! not ask for `--quiet`: piped or logged output stays clean. The driver
//! advances it from its parallel loop; the solver never sees it.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::rows::Tally;

/// A bar counting hands, or a hidden one that costs nothing.
pub fn hands_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
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

/// What one sweep did, for the closing paragraph.
#[derive(Clone, Debug)]
pub struct Summary {
    /// `4 cards from 1..13 (rational, target 24, deck 4)`, or with a shard.
    pub what: String,
    pub tally: Tally,
    pub solutions: bool,
    /// Chunks reused from an interrupted run, and all chunks.
    pub resumed_chunks: usize,
    pub chunks: usize,
    /// Nothing was computed: the table was already complete.
    pub already_complete: bool,
    pub elapsed: Duration,
    pub threads: usize,
    pub location: String,
}

impl Summary {
    /// One paragraph: hands, solvable, share, deck-weighted odds, time.
    pub fn paragraph(&self) -> String {
        let t = &self.tally;
        let mut s = format!(
            "Swept {} hands of {}: {} solvable ({:.2}%), {} of them only with fractions; \
             a random deal is solvable with probability {:.4}.",
            t.hands,
            self.what,
            t.solvable,
            100.0 * t.solvable_share(),
            t.needs_fraction,
            t.solvable_deal_share(),
        );
        if self.solutions {
            s += &format!(" {} solution classes.", t.solution_rows);
        }
        if self.already_complete {
            s += " The table was already complete; nothing was recomputed.";
        } else {
            s += &format!(
                " Took {:.2} s on {} threads",
                self.elapsed.as_secs_f64(),
                self.threads
            );
            if self.resumed_chunks > 0 {
                s += &format!(
                    ", resuming {} of {} chunks from an earlier run",
                    self.resumed_chunks, self.chunks
                );
            }
            s += ".";
        }
        s += &format!(" Tables in {}.", self.location);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraph_states_counts_share_and_time() {
        let s = Summary {
            what: "4 cards from 1..13 (rational, target 24, deck 4)".into(),
            tally: Tally {
                hands: 4,
                solvable: 3,
                needs_fraction: 1,
                solution_rows: 9,
                ways: 10,
                solvable_ways: 5,
                ..Tally::default()
            },
            solutions: true,
            resumed_chunks: 1,
            chunks: 2,
            already_complete: false,
            elapsed: Duration::from_millis(1500),
            threads: 2,
            location: "data/k=4".into(),
        };
        assert_eq!(
            s.paragraph(),
            "Swept 4 hands of 4 cards from 1..13 (rational, target 24, deck 4): 3 solvable (75.00%), \
             1 of them only with fractions; a random deal is solvable with probability 0.5000. \
             9 solution classes. Took 1.50 s on 2 threads, resuming 1 of 2 chunks from an earlier run. \
             Tables in data/k=4."
        );
    }
}
