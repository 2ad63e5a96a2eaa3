//! The reading side of a kind of table: what `census24 report` (and a
//! sweep's own report) does with the tables of one kind. Each kind
//! implements [`KindReport`] once, in its own file under `kinds/`;
//! [`crate::report::kinds::readers`] lists them and
//! [`crate::report::files`] loops over that list, so a report names no
//! kind.
//!
//! A report runs in three passes over the kinds, in
//! [`crate::tables::registry::KINDS`] order: every kind
//! [`KindReport::load`]s (reads and verifies) its tables before anything is
//! written, then, under the reports lock, every kind
//! [`KindReport::write`]s its reports and pages, and last every kind adds
//! its section to the reports index ([`KindReport::index`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::query::{ReportError, Table};
use super::render::Rendered;
use crate::difficulty::pricer::Pricer;
use crate::tables::layout::TableKey;
use crate::tables::manifest::KindName;
use crate::tables::registry::FoundTable;

/// What every kind's report is given: the report's plan
/// ([`crate::report::files::ReportPlan`]) and the tables a sweep has just
/// written (reported from memory, not read back).
#[derive(Debug)]
pub struct Ctx<'a> {
    /// The folder the tables are in.
    pub data: &'a Path,
    /// The reports folder.
    pub out: &'a Path,
    /// Only the tables in these folders (all when `None`).
    pub only: Option<&'a [PathBuf]>,
    pub fresh: &'a [(TableKey, Table)],
    /// The model file that prices the figures (`report --model`); `None`:
    /// each table's own.
    pub model: Option<&'a Arc<Pricer>>,
}

impl Ctx<'_> {
    /// Whether the table at `partition` is reported (the index always
    /// covers every table).
    pub fn chosen(&self, partition: &Path) -> bool {
        self.only
            .is_none_or(|only| only.iter().any(|p| p == partition))
    }
}

/// A kind of table as `census24 report` reads it.
pub trait KindReport {
    /// The kind it reads.
    fn kind(&self) -> KindName;

    /// Takes the kind's tables found under the data folder (in
    /// [`crate::tables::registry::discover`] order) and reads or verifies
    /// what its reports need, before anything is written.
    fn load(&mut self, ctx: &Ctx, found: Vec<FoundTable>) -> Result<(), ReportError>;

    /// Writes the reports and pages of its chosen tables (the caller holds
    /// the reports lock); returns the files, each table's README first.
    fn write(&self, ctx: &Ctx) -> Result<Vec<PathBuf>, ReportError>;

    /// Its section of the reports index (`OUT/README.md`), with its
    /// charts; nothing when it has no tables.
    fn index(&self, r: &mut Rendered);

    /// Whether it has a table to index.
    fn is_empty(&self) -> bool;
}
