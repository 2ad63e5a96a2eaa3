//! Reports: what a table says, as markdown and SVG charts a designer reads at
//! a glance.
//!
//! The flow is `query` (polars lazy queries: Parquet tables in, the plain
//! summaries of this module out) -> `render` (pure: summaries in, markdown
//! and chart bytes out) -> `files` (the one place that decides where report
//! files go and writes them, temporary name then rename). Rendering never
//! sees polars or paths, so snapshot tests feed it hand-made summaries.
//!
//! The explorer follows the same flow: `query::catalog` reads a table's
//! hands and solutions into a [`catalog::Catalog`], `explorer` renders it as
//! one self-contained HTML page, and `files` writes it beside the report.
//! `pick` chooses puzzle sets from a catalog (`census24 pick`), `sheet`
//! prints them, and `ops` says which operations a hand needs.

pub mod catalog;
pub mod explorer;
pub mod ops;
pub mod pick;
pub mod render;
pub mod sheet;
pub mod svg;

#[cfg(feature = "tables")]
pub mod files;
#[cfg(feature = "tables")]
pub mod query;
#[cfg(feature = "tables")]
pub mod rank;
#[cfg(feature = "tables")]
pub mod reach;

use crate::tables::layout::TableKey;

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
    /// The easiest solution (by the difficulty model's complexity when the
    /// table has it, otherwise the table's example); empty when unsolvable.
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
