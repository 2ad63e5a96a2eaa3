//! Reports: what a table says, as markdown and SVG charts a designer reads at
//! a glance.
//!
//! Both kinds of table, a single target's hands table and a reach
//! reach table, go through the same three steps, each importing only the
//! ones after it:
//!
//! - `files` finds the tables under a data folder, takes the reports lock
//!   and is the one writer of report files (temporary name, then rename);
//! - `query` (polars: Parquet tables in, the plain summaries of this module
//!   out; `query::reach` for reach tables);
//! - `render` (pure: summaries in, markdown, chart and CSV bytes out;
//!   `render::reach` for reach tables). Rendering never sees polars or
//!   paths, so snapshot tests feed it hand-made summaries.
//!
//! The explorer follows the same flow: `query::catalog` reads a table's
//! hands and solutions into a [`crate::puzzles::catalog::Catalog`],
//! `explorer` renders it as one self-contained HTML page, and `files`
//! writes it beside the report. `rank` ranks a table's hands (or, through
//! `games`, a reach table's games). The puzzle products themselves (the
//! catalog, operations, the hand filter, pick and the sheet) are
//! [`crate::puzzles`], free of polars.

pub mod atlas;
pub mod axis;
pub mod explorer;
#[cfg(feature = "tables")]
pub mod games;
pub mod render;
pub mod svg;
pub mod svg_large;

#[cfg(feature = "tables")]
pub mod data_index;
#[cfg(feature = "tables")]
pub mod data_recipes;
#[cfg(feature = "tables")]
pub mod files;
#[cfg(feature = "tables")]
pub mod kind;
#[cfg(feature = "tables")]
pub mod kinds;
#[cfg(feature = "tables")]
pub mod out;
#[cfg(feature = "tables")]
pub mod query;
#[cfg(feature = "tables")]
pub mod rank;
#[cfg(feature = "tables")]
pub mod reprice;
pub mod sets;

use crate::tables::layout::TableKey;

// The explorer pages (report::explorer): their name and what they hold, read
// by the reports that link them and by the queries that feed them.

/// The page's file name, beside the table's README.md.
pub const EXPLORER: &str = "explorer.html";

/// The largest table that gets an explorer page: one page holds every
/// hand, and past this (seven cards and up) it would take tens of
/// megabytes; `census24 rank` and `pick` read such tables directly.
pub const MAX_EXPLORER_HANDS: usize = 20_000;

/// How many games the page of a reach table holds: the first this many of
/// its solvable games in the order `census24 pick` draws them with its
/// default seed ([`crate::report::games::drawn`]), so that a set the page makes under
/// filters `pick` has is the set `pick` prints. Each game takes about 190
/// bytes of the page.
pub const PAGE_GAMES: usize = 5_000;

/// Counts of one table that are compared across hand sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct SizeSummary {
    pub k: u32,
    pub hands: u64,
    pub solvable: u64,
    /// Probability that a random deal of `k` cards is solvable.
    pub deal_solvable: f64,
    /// Hands per tier, easy to expert; `None` when the table has no
    /// difficulty (made without solutions, or before the model existed).
    pub tiers: Option<[u64; 4]>,
}

impl SizeSummary {
    pub fn share_solvable(&self) -> f64 {
        ratio(self.solvable, self.hands)
    }
}

/// How hands containing one card value fare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueRow {
    pub value: i64,
    /// Hands containing at least one card of this value.
    pub hands: u64,
    pub solvable: u64,
}

/// A hand in one of the report's lists.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    pub hand: String,
    /// Predicted mean solve time, seconds.
    pub time_s: Option<f64>,
    /// Predicted solve rate.
    pub solve_rate: Option<f64>,
    pub difficulty: Option<f64>,
    pub tier: Option<String>,
    pub dissimilar: Option<u32>,
    /// The table's `simplest` solution (its first structural class in the
    /// canonical simplicity order); empty when unsolvable.
    pub solution: String,
}

/// A list of hands that may be cut short: `shown` holds at most the list's
/// cap, `total` counts them all.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HandList {
    pub total: u64,
    pub shown: Vec<Listed>,
}

/// Everything a table's report states.
#[derive(Clone, Debug, PartialEq)]
pub struct TableSummary {
    pub id: TableKey,
    /// The model file that priced the figures, as the manifest records it
    /// (`None`: the built-in model).
    pub model: Option<crate::difficulty::pricer::ModelRecord>,
    pub size: SizeSummary,
    pub integer_solvable: u64,
    /// Deals with a solution per tier, as probabilities (easy to expert).
    pub deal_tiers: Option<[f64; 4]>,
    pub by_value: Vec<ValueRow>,
    /// (dissimilar solutions, solvable hands with that many); `None` when
    /// solutions were not enumerated.
    pub solution_counts: Option<Vec<(u32, u64)>>,
    pub hardest: HandList,
    pub fraction_only: HandList,
    pub one_solution: HandList,
    pub unsolvable: HandList,
    /// The players' measurements against the model's predictions, for the
    /// game the model was fitted on; `None` for every other table.
    pub calibration: Option<Calibration>,
}

/// Measured against predicted mean solve time of the calibration hands.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// (measured seconds, predicted seconds), one per measured hand in the table.
    pub points: Vec<(f64, f64)>,
    /// Spearman rank correlation of the two (in sample: the model saw these hands).
    pub spearman: f64,
}

/// How many of the hardest hands a report lists.
pub const HARDEST: usize = 50;
/// The most hands any other list shows; a longer list names the command
/// that prints it whole.
pub const LIST_CAP: usize = 200;

/// `part / whole`, 0 for an empty whole.
pub fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// What one target of a reach table comes to.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetRow {
    pub target: i64,
    pub hands: u64,
    pub solvable: u64,
    /// Share of deals (weighted by deal odds) that are solvable.
    pub deal_share: f64,
    /// The deals of this target (the sum of its rows' `deal_ways`) and the
    /// solvable ones.
    pub deals: u128,
    pub solvable_deals: u128,
    /// The hands the deck deals with this target (`deal_ways > 0`: where
    /// the objective is dealt after the hand, a hand holding every copy
    /// of the target's card leaves none to deal), and the solvable ones.
    pub dealable: u64,
    pub dealable_solvable: u64,
    /// Hands with exactly one dissimilar solution; `None` without counts.
    pub one_solution: Option<u64>,
    /// Mean 0-100 difficulty of the solvable hands; `None` without predictions.
    pub mean_difficulty: Option<f64>,
    /// Solvable hands per tier, easy to expert.
    pub tiers: [u64; 4],
    /// Hands whose closest value is within 5 (and 10) of the target, the
    /// target itself included; `None` without closest values.
    pub within5: Option<u64>,
    pub within10: Option<u64>,
}

impl TargetRow {
    /// The row of `target` before any hand is counted: every count zero,
    /// every optional figure absent.
    pub fn empty(target: i64) -> TargetRow {
        TargetRow {
            target,
            hands: 0,
            solvable: 0,
            deal_share: 0.0,
            deals: 0,
            solvable_deals: 0,
            dealable: 0,
            dealable_solvable: 0,
            one_solution: None,
            mean_difficulty: None,
            tiers: [0; 4],
            within5: None,
            within10: None,
        }
    }

    pub fn share(&self) -> f64 {
        ratio(self.solvable, self.hands)
    }

    /// How evenly the solvable hands spread over the four tiers: the
    /// entropy of the tier shares over its largest value, `ln 4`; 1 when
    /// each tier holds a quarter, 0 when one holds them all.
    pub fn balance(&self) -> f64 {
        let n: u64 = self.tiers.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let h: f64 = self
            .tiers
            .iter()
            .filter(|&&c| c > 0)
            .map(|&c| {
                let p = c as f64 / n as f64;
                -p * p.ln()
            })
            .sum();
        h / 4f64.ln()
    }
}

/// One hand (a selection of tiles) of a reach table with closest values.
#[derive(Clone, Debug, PartialEq)]
pub struct HandStat {
    pub hand: String,
    /// Targets it makes exactly, and within 5 and 10 of.
    pub solvable: u64,
    pub within5: u64,
    pub within10: u64,
    pub deal_ways: u64,
    /// Its large tiles (the game's [`crate::game::family::Draw::large_values`]).
    pub large: usize,
}

/// What a reach table's report reads from it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ReachData {
    pub targets: Vec<TargetRow>,
    /// The model file that priced the figures, as the manifest records it
    /// (`None`: the built-in model).
    pub model: Option<crate::difficulty::pricer::ModelRecord>,
    /// Per hand, for a game that scores near misses (its table has closest
    /// values).
    pub hands: Vec<HandStat>,
    /// The deck's large values (empty when it has none).
    pub large: Vec<i64>,
}
