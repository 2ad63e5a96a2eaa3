//! The reports of one-target tables (`hands.parquet`, `solutions.parquet`):
//! each table's README.md with its charts and its explorer page, and the
//! index's section per family of tables (its tables by hand size and two
//! charts). The size summaries of a family are read from every table of
//! it, so every one-target table is read, reported or not.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::difficulty::calibrate::Measured;
use crate::difficulty::pricer::{ModelRecord, Pricer};
use crate::puzzles::catalog::MAX_CLASSES;
use crate::report::EXPLORER;
use crate::report::SizeSummary;
use crate::report::explorer::explorer_html;
use crate::report::kind::{Ctx, KindReport};
use crate::report::out::{write_files, write_rendered};
use crate::report::query::{
    ReportError, Table, calibration, catalog, measured_game, measurements, size_summary,
    table_summary,
};
use crate::report::render::{Rendered, index_family, table_report};
use crate::tables::layout::TableKey;
use crate::tables::manifest::KindName;
use crate::tables::registry::{FoundTable, Key, one_target};
use crate::tables::store::SweepError;

/// The one-target tables, read.
#[derive(Debug, Default)]
pub struct OneTargetReport {
    /// Each table with its hands, read once (or taken from a sweep's
    /// memory).
    tables: Vec<(TableKey, PathBuf, Table)>,
    /// Every table's size summary, in the same order.
    sizes: Vec<(TableKey, SizeSummary)>,
    /// The players' measurements, when a chosen table is of their game.
    measured: Option<Vec<Measured>>,
    /// The model file the report prices by (`None`: the built-in model):
    /// the index compares the tiers of the tables it priced.
    model: Option<ModelRecord>,
}

impl KindReport for OneTargetReport {
    fn kind(&self) -> KindName {
        one_target::NAME
    }

    fn load(&mut self, ctx: &Ctx, found: Vec<FoundTable>) -> Result<(), ReportError> {
        for f in found {
            let Key::OneTarget(id) = f.key else {
                continue;
            };
            if let Some(table) = read_table(ctx, id, &f.dir)? {
                let table = match ctx.model {
                    Some(p) if ctx.chosen(&id.partition()) => {
                        crate::report::reprice::one_target(&id, table, p)?
                    }
                    _ => table,
                };
                self.tables.push((id, f.dir, table));
            }
        }
        self.model = ctx.model.and_then(|p| p.record());
        self.sizes = self
            .tables
            .iter()
            .map(|(id, _, t)| Ok((*id, size_summary(t, id.k as u32)?)))
            .collect::<Result<_, ReportError>>()?;
        if self
            .tables
            .iter()
            .any(|(id, _, _)| ctx.chosen(&id.partition()) && measured_game(id))
        {
            self.measured = measurements(ctx.data)?;
        }
        Ok(())
    }

    fn write(&self, ctx: &Ctx) -> Result<Vec<PathBuf>, ReportError> {
        let mut written = Vec::new();
        for (id, _, table) in &self.tables {
            if !ctx.chosen(&id.partition()) {
                continue;
            }
            // Tiers are compared across sizes only between tables priced
            // by one model.
            let family: Vec<SizeSummary> = (self.sizes.iter().zip(&self.tables))
                .filter(|((other, _), _)| other.family() == id.family())
                .map(|((_, s), (_, _, t))| priced_alike(s, t, table.model.as_ref()))
                .collect();
            let measured = self.measured.as_deref().filter(|_| measured_game(id));
            let dir = ctx.out.join(id.partition());
            let model = ctx.model.filter(|p| p.priced(table.model.as_ref()));
            written.extend(write_table_files(
                &dir, id, table, &family, measured, model,
            )?);
        }
        Ok(written)
    }

    fn index(&self, r: &mut Rendered) {
        let sizes: Vec<(TableKey, SizeSummary)> = (self.sizes.iter().zip(&self.tables))
            .map(|((id, s), (_, _, t))| (*id, priced_alike(s, t, self.model.as_ref())))
            .collect();
        for group in sizes.chunk_by(|a, b| a.0.family() == b.0.family()) {
            index_family(r, group);
        }
    }

    fn is_empty(&self) -> bool {
        self.sizes.is_empty()
    }
}

/// The table `id` in `dir` with its hands read once (for the size summary
/// and the report), or taken from the sweep's memory. A table not finished
/// is left out of a sweep's own report (`None`); a damaged one fails.
fn read_table(ctx: &Ctx, id: TableKey, dir: &Path) -> Result<Option<Table>, ReportError> {
    if let Some((_, t)) = ctx.fresh.iter().find(|(fresh, _)| *fresh == id) {
        return Ok(Some(t.clone()));
    }
    match Table::read(dir) {
        Ok(t) => Ok(Some(t)),
        // A sweep's own report indexes the other tables of its data
        // folder; one that is not finished (another process is writing
        // it, it is shard parts still to merge, or a run that has not
        // reached its manifest) is left out, as if it were not there yet.
        // A damaged one still fails.
        Err(ReportError::Data(
            SweepError::Busy { .. }
            | SweepError::OnlyParts { .. }
            | SweepError::Unfinished { .. }
            | SweepError::NoTable { .. },
        )) if ctx.only.is_some() && !ctx.chosen(&id.partition()) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The size summary `s` of `table`, with its tiers only when the table's
/// figures were priced by the model `model` records (`None`: the built-in
/// model).
fn priced_alike(s: &SizeSummary, table: &Table, model: Option<&ModelRecord>) -> SizeSummary {
    let mut s = s.clone();
    if table.model.as_ref().map(|m| &m.sha256) != model.map(|m| &m.sha256) {
        s.tiers = None;
    }
    s
}

/// Writes one table's report (with `family`, the size summaries of its
/// family, and the players' measurements when it is their game and the
/// built-in model priced it) and its explorer page (when
/// [`Table::explorable`]) into `dir`, the page's play within some
/// operations priced by `model` (the model file that priced the table,
/// when at hand); returns the files written, README first.
fn write_table_files(
    dir: &Path,
    id: &TableKey,
    table: &Table,
    family: &[SizeSummary],
    measured: Option<&[Measured]>,
    model: Option<&Arc<Pricer>>,
) -> Result<Vec<PathBuf>, ReportError> {
    let readme = || {
        let mut summary = table_summary(id, table)?;
        // The players' times were fitted by the built-in model: its own
        // calibration, not another model's.
        if let Some(m) = measured.filter(|_| table.model.is_none()) {
            summary.calibration = calibration(table, m)?;
        }
        write_rendered(dir, &table_report(&summary, family))
    };
    if !table.explorable() {
        return Ok(vec![readme()?]);
    }
    // The report and the explorer page are independent: each on a core
    // (on threads of their own: a rayon worker waiting for polars would
    // run the other task first instead of beside it).
    let (readme, page) = std::thread::scope(|s| {
        let page = s.spawn(|| {
            // The explorer lists every solution (from memory when the
            // sweep has just written the table).
            let mut cat = catalog(id, table, MAX_CLASSES)?;
            cat.model = model.cloned();
            let page = explorer_html(&cat, table.model.as_ref());
            write_files(dir, &[(EXPLORER, page.as_bytes())])?;
            Ok::<_, ReportError>(dir.join(EXPLORER))
        });
        (
            readme(),
            page.join().expect("the explorer thread does not panic"),
        )
    });
    Ok(vec![readme?, page?])
}
