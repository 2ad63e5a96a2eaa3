//! What a sweep did: [`Tally`], counts over many hands that add up in any
//! grouping (so parallel chunks, shards and resumed runs share one fold), and
//! [`Summary`], the closing paragraph of a run; and [`Progress`], how a
//! caller watches a run advance (the command line draws a bar with it).

use std::ops::AddAssign;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::tables::reach::ReachRow;
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
/// added in any grouping give the same totals as one sequential pass. A
/// sweep folds one per hand as its rows are made ([`Tally::of`],
/// [`Tally::of_reach`]), keeps each chunk's beside its files, and writes
/// the total in the manifest; a merge adds its parts' manifests.
///
/// In a reach table (one row per hand and target) the counts other than
/// `hands` and `ways` are of rows: `solvable` rows, `solution_rows` all rows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub hands: u64,
    pub solvable: u64,
    pub integer_solvable: u64,
    pub needs_fraction: u64,
    pub solution_rows: u64,
    /// Deals (summed `deal_ways`) over all hands and over solvable hands
    /// (in a reach table: over solvable rows).
    pub ways: u128,
    pub solvable_ways: u128,
    /// Solvable rows per target of a reach table, from the low end of its
    /// range (empty for other tables; not part of the manifest).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_target: Vec<u64>,
}

impl Tally {
    /// The counts of one hand of a single-target table: its hand row and
    /// how many solution rows it wrote.
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
            per_target: Vec::new(),
        }
    }

    /// The counts of one hand of a reach table: its rows, one per target
    /// of the range starting at `lo`, ascending.
    pub fn of_reach(rows: &[ReachRow], lo: i64, width: usize) -> Tally {
        let mut t = Tally {
            per_target: vec![0; width],
            ..Tally::default()
        };
        let Some(first) = rows.first() else {
            return t;
        };
        let ways = first.deal_ways as u128;
        t.hands = 1;
        t.ways = ways;
        t.solution_rows = rows.len() as u64;
        for r in rows.iter().filter(|r| r.solvable) {
            t.solvable += 1;
            t.solvable_ways += ways;
            if r.integer_solvable {
                t.integer_solvable += 1;
            } else {
                t.needs_fraction += 1;
            }
            t.per_target[(r.target - lo) as usize] += 1;
        }
        t
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
        if self.per_target.len() < o.per_target.len() {
            self.per_target.resize(o.per_target.len(), 0);
        }
        for (a, b) in self.per_target.iter_mut().zip(o.per_target) {
            *a += b;
        }
    }
}

/// What one sweep did, for the closing paragraph.
#[derive(Clone, Debug)]
pub struct Summary {
    /// What was made and what it holds, in the words of its kind
    /// ([`crate::tables::kind::TableKind::headline`]).
    pub headline: String,
    pub tally: Tally,
    /// Chunks reused from an interrupted run, and all chunks.
    pub resumed_chunks: usize,
    pub chunks: usize,
    /// Nothing was computed: the table was already complete.
    pub already_complete: bool,
    pub elapsed: Duration,
    pub threads: usize,
    /// `Tables in data/...` (or `Table in`, for a kind of one file).
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
    /// One paragraph: what was made, then what the run took and where.
    pub fn paragraph(&self) -> String {
        let mut s = self.headline.clone();
        s += &how_long(
            self.already_complete,
            self.elapsed,
            self.threads,
            self.resumed_chunks,
            self.chunks,
        );
        s += &format!(" {}.", self.location);
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
    fn paragraph_states_what_then_time_and_place() {
        let s = Summary {
            headline: "Swept 4 hands.".into(),
            tally: Tally::default(),
            resumed_chunks: 1,
            chunks: 2,
            already_complete: false,
            elapsed: Duration::from_millis(1500),
            threads: 2,
            location: "Tables in data/k=4".into(),
        };
        assert_eq!(
            s.paragraph(),
            "Swept 4 hands. Took 1.50 s on 2 threads, resuming 1 of 2 chunks from an earlier run. \
             Tables in data/k=4."
        );
        let kept = Summary {
            already_complete: true,
            threads: 1,
            ..s
        };
        assert_eq!(
            kept.paragraph(),
            "Swept 4 hands. The table was already complete; nothing was recomputed. \
             Tables in data/k=4."
        );
    }

    #[test]
    fn one_of_a_thing_is_singular() {
        assert_eq!(counted(1, "hand"), "1 hand");
        assert_eq!(counted(0, "hand"), "0 hands");
        assert_eq!(counted(1, "solution class"), "1 solution class");
        assert_eq!(counted(9, "solution class"), "9 solution classes");
        assert_eq!(
            how_long(false, Duration::from_millis(30), 1, 0, 0),
            " Took 0.03 s on 1 thread."
        );
    }

    /// Tallies add in any grouping, per-target counts element by element.
    #[test]
    fn tallies_add_per_target_counts_too() {
        let a = Tally {
            hands: 1,
            per_target: vec![1, 0, 1],
            ..Tally::default()
        };
        let mut t = Tally::default();
        t += a.clone();
        t += a;
        assert_eq!((t.hands, t.per_target), (2, vec![2, 0, 2]));
    }
}
