//! Tables: every hand of a game variant, solved and written as Parquet.
//!
//! The flow is `enumerate` (the hands of a sweep and their deal odds) ->
//! `rows` (one hand in, its hand row and solution rows out) -> `table` (the
//! one place that knows the Parquet schema) -> `store` (the one place that
//! writes table files: temporary name, then rename), driven by `sweep` (the
//! one driver, for every `kind` of table: `registry::one_target`,
//! `registry::reach`, `registry::large_sets`) and
//! joined from shards by `merge`. `layout` says where a table lives,
//! `manifest` what it holds and `verify` whether it still does.
//!
//! This layer uses [`crate::game`], [`crate::solve`], [`crate::canon`] and
//! [`crate::difficulty`]; it never sees clap or a terminal. The modules that
//! read or write Parquet need the `tables` feature (polars).

pub mod columns;
#[cfg(feature = "tables")]
pub mod disk;
pub mod enumerate;
#[cfg(feature = "tables")]
pub mod error;
#[cfg(feature = "tables")]
pub mod kind;
pub mod large_counts;
#[cfg(feature = "tables")]
pub mod large_shared;
pub mod large_summary;
pub mod layout;
pub mod manifest;
#[cfg(feature = "tables")]
pub mod merge;
pub mod reach;
pub mod registry;
pub mod rows;
#[cfg(feature = "tables")]
pub mod store;
pub mod summary;
#[cfg(feature = "tables")]
pub mod sweep;
#[cfg(feature = "tables")]
pub mod table;
pub mod verify;
