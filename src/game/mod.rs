//! The game: exact numbers, rule sets, hands, expression trees, and the
//! grading of an answer against them.
//!
//! This is the bottom layer. It knows what a card, a target, an operation
//! and a legal intermediate result are, and nothing about solving, tables,
//! files or the command line. It uses only the standard library, `serde`
//! and `thiserror`; every other layer may use it. (With the `cli` feature,
//! clap's `ValueEnum` is derived on the rule sets, so that the command line
//! lists them; the core build has no clap.)

pub mod deck;
pub mod error;
pub mod expr;
pub mod extract;
pub mod family;
pub mod grade;
pub mod hand;
pub mod named;
pub mod number;
pub mod presets;
pub mod rules;
pub mod steps;
pub mod targets;
pub mod unsolvable;
pub mod uses;
pub mod verdict;

#[cfg(test)]
pub(crate) mod proptests;
