//! Puzzle products over a table's hands, free of polars (what Python binds):
//! the hands of a table for browsing with their solutions (`catalog`), the
//! operations a hand needs (`ops`), the one hand filter with its validation
//! (`filter`), choosing puzzle sets (`pick`) and printing them as a sheet
//! (`sheet`).
//!
//! The Parquet side (reading a table into a catalog, rankings, reports and
//! the explorer page) is [`crate::report`]; the task source, which deals
//! and works out games of any game of the family, is [`crate::tasks`].

pub mod catalog;
pub mod filter;
pub mod ops;
pub mod pick;
pub mod play;
pub mod sheet;
