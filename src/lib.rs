//! census24 settles the "24 game" family by exhaustion.
//!
//! The layers, each a folder whose `mod.rs` says what it may use, from the
//! bottom up (a layer uses only the layers below it):
//!
//! - [`game`]: exact rationals, rule sets, hands, expression trees.
//! - [`solve`]: the exact subset-DP solver (and `--closest`), big hands.
//! - [`canon`]: distinct solutions (canonical forms, dissimilar grouping)
//!   and the expression census.
//! - [`difficulty`]: how hard a hand is for a person.
//! - [`tables`]: every hand of a variant, as rows and Parquet tables.
//! - [`export`]: the one writer of the rows commands print (table, CSV,
//!   JSON, JSON lines).
//! - [`tasks`]: puzzles for training and evaluating models, each proven.
//! - [`report`]: markdown reports, charts and rankings read from the tables.
//! - [`cli`]: the `census24` command line.
//!
//! `game`, `solve`, `canon` and `difficulty` build without any feature (no
//! polars, clap, indicatif or allocator); the `tables` feature adds Parquet,
//! and `cli` (the default) the command line. docs/ARCHITECTURE.md draws the
//! data flow: hand -> solver -> classes -> rows -> Parquet -> report.

pub mod canon;
#[cfg(feature = "cli")]
pub mod cli;
pub mod difficulty;
pub mod export;
pub mod game;
pub mod puzzles;
pub mod report;
pub mod solve;
pub mod tables;
pub mod tasks;

pub use canon::{Class, Distinct, Solutions, solutions};
pub use game::error::{EvalError, InputError};
pub use game::expr::{Expr, Op};
pub use game::hand::Hand;
pub use game::number::Q;
pub use game::rules::Rules;
pub use solve::{Closest, Outcome, solve, solve_closest};
