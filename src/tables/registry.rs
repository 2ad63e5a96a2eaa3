//! The registry of kinds of table: from the kind a manifest records to the
//! files the kind writes. What reads a finished table without making it
//! (a merge) asks here; the sweep driver asks the kind itself
//! ([`crate::tables::kind::TableKind::files`]), and both agree.

use crate::tables::kind::TableFile;
use crate::tables::manifest::{KindName, Params};
use crate::tables::{every_target, large_sets, one_target};

/// The files of a table made with `params`, in manifest order: what a
/// sweep writes and what a merge joins.
pub fn files_of(params: &Params) -> Vec<TableFile> {
    match params.kind {
        KindName::LargeSets => large_sets::files(),
        KindName::EveryTarget => every_target::files(),
        KindName::OneTarget => one_target::files(params.solutions && !params.counts_only),
    }
}
