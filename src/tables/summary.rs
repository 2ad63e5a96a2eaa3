//! What a sweep did: [`Tally`], counts over many hands that add up in any
//! grouping (so parallel chunks, shards and resumed runs share one fold), and
//! [`Summary`], the closing paragraph of a run; and [`Progress`], how a
//! caller watches a run advance (the command line draws a bar with it).

use std::ops::AddAssign;
use std::time::Duration;

use crate::tables::rows::HandRow;

/// Watches a sweep as it goes. The sweep calls it from its parallel loop, so
/// it must be cheap and `Sync`; `()` watches nothing.
pub trait Progress: Sync {
    /// The run will go through `hands` hands.
    fn start(&self, hands: u64);
    /// `hands` more hands are done (solved now or reused from an earlier run).
    fn advance(&self, hands: u64);
    /// The run is over (finished, stopped or failed): clear any display.
    fn finish(&self);
}

impl Progress for () {
    fn start(&self, _: u64) {}
    fn advance(&self, _: u64) {}
    fn finish(&self) {}
}

/// Counts over many hands. Sums are exact integers, so tallies of chunks
/// added in any grouping give the same totals as one sequential pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub hands: u64,
    pub solvable: u64,
    pub integer_solvable: u64,
    pub needs_fraction: u64,
    pub solution_rows: u64,
    /// Deals (summed `deal_ways`) over all hands and over solvable hands.
    pub ways: u128,
    pub solvable_ways: u128,
}

impl Tally {
    pub fn of(row: &HandRow, solution_rows: usize) -> Tally {
        let ways = row.deal_ways as u128;
        Tally {
            hands: 1,
            solvable: row.solvable as u64,
            integer_solvable: row.integer_solvable as u64,
            needs_fraction: row.needs_fraction as u64,
            solution_rows: solution_rows as u64,
            ways,
            solvable_ways: if row.solvable { ways } else { 0 },
        }
    }

    /// Share of hands that are solvable (0 when there are none).
    pub fn solvable_share(&self) -> f64 {
        if self.hands == 0 {
            0.0
        } else {
            self.solvable as f64 / self.hands as f64
        }
    }

    /// Chance that a random deal is solvable.
    pub fn solvable_deal_share(&self) -> f64 {
        if self.ways == 0 {
            0.0
        } else {
            self.solvable_ways as f64 / self.ways as f64
        }
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, o: Tally) {
        self.hands += o.hands;
        self.solvable += o.solvable;
        self.integer_solvable += o.integer_solvable;
        self.needs_fraction += o.needs_fraction;
        self.solution_rows += o.solution_rows;
        self.ways += o.ways;
        self.solvable_ways += o.solvable_ways;
    }
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

/// A probability with four decimals, or as many more as it takes (up to
/// twelve) that one strictly between 0 and 1 does not print as 0 or 1: the
/// six-card deal odds once read "1.0000" while 3 hands fail.
pub fn probability(p: f64) -> String {
    let mut digits = 4;
    loop {
        let s = format!("{p:.digits$}");
        let rounded: f64 = s.parse().unwrap_or(p);
        let misleading = (rounded == 1.0 && p < 1.0) || (rounded == 0.0 && p > 0.0);
        if !misleading || digits >= 12 {
            return s;
        }
        digits += 1;
    }
}

impl Summary {
    /// One paragraph: hands, solvable, share, deck-weighted odds, time.
    pub fn paragraph(&self) -> String {
        let t = &self.tally;
        let mut s = format!(
            "Swept {} of {}: {} solvable ({:.2}%), {} of them only with fractions; \
             a random deal is solvable with probability {}.",
            counted(t.hands, "hand"),
            self.what,
            t.solvable,
            100.0 * t.solvable_share(),
            t.needs_fraction,
            probability(t.solvable_deal_share()),
        );
        if self.solutions {
            s += &format!(" {}.", counted(t.solution_rows, "solution class"));
        }
        s += &how_long(
            self.already_complete,
            self.elapsed,
            self.threads,
            self.resumed_chunks,
            self.chunks,
        );
        s += &format!(" Tables in {}.", self.location);
        s
    }
}

/// The sentence on what a run took: nothing when the table was already
/// complete, else its time, threads and the chunks reused from an earlier run.
pub fn how_long(
    already_complete: bool,
    elapsed: Duration,
    threads: usize,
    resumed_chunks: usize,
    chunks: usize,
) -> String {
    if already_complete {
        return " The table was already complete; nothing was recomputed.".to_string();
    }
    let mut s = format!(
        " Took {:.2} s on {}",
        elapsed.as_secs_f64(),
        counted(threads as u64, "thread")
    );
    if resumed_chunks > 0 {
        s += &format!(
            ", resuming {resumed_chunks} of {} from an earlier run",
            counted(chunks as u64, "chunk")
        );
    }
    s + "."
}

/// `n` and the noun, plural unless `n` is 1: `1 hand`, `3 solution classes`.
pub fn counted(n: u64, noun: &str) -> String {
    match (n, noun.ends_with('s')) {
        (1, _) => format!("{n} {noun}"),
        (_, true) => format!("{n} {noun}es"),
        (_, false) => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The six-card deal odds read "probability 1.0000" while 3 hands fail.
    #[test]
    fn a_probability_short_of_one_never_prints_as_one() {
        assert_eq!(probability(0.80461), "0.8046");
        assert_eq!(probability(1.0), "1.0000");
        assert_eq!(probability(0.0), "0.0000");
        assert_eq!(probability(0.999_998_7), "0.999999");
        assert_eq!(probability(0.000_001_2), "0.000001");
    }

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

    #[test]
    fn one_of_a_thing_is_singular() {
        assert_eq!(counted(1, "hand"), "1 hand");
        assert_eq!(counted(0, "hand"), "0 hands");
        assert_eq!(counted(1, "solution class"), "1 solution class");
        assert_eq!(counted(9, "solution class"), "9 solution classes");
        let s = Summary {
            what: format!(
                "{} from 24..24 (rational, target 24, deck none)",
                counted(1, "card")
            ),
            tally: Tally {
                hands: 1,
                solvable: 1,
                solution_rows: 1,
                ways: 1,
                solvable_ways: 1,
                ..Tally::default()
            },
            solutions: true,
            resumed_chunks: 0,
            chunks: 0,
            already_complete: false,
            elapsed: Duration::from_millis(30),
            threads: 1,
            location: "data/k=1".into(),
        };
        assert_eq!(
            s.paragraph(),
            "Swept 1 hand of 1 card from 24..24 (rational, target 24, deck none): 1 solvable \
             (100.00%), 0 of them only with fractions; a random deal is solvable with probability \
             1.0000. 1 solution class. Took 0.03 s on 1 thread. Tables in data/k=1."
        );
    }
}
