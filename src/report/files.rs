//! Where report files go, and the only code that writes them.
//!
//! A table in `DATA/<partition>/` gets `OUT/<partition>/README.md` with its
//! charts and its explorer page (`explorer.html`) beside it; `OUT/README.md` indexes every table found under DATA,
//! with the family charts in `OUT/<family>/`. Every file is written under a
//! temporary name and renamed into place, so a reader never sees half a
//! report.

use std::fs;
use std::path::{Path, PathBuf};

use super::SizeSummary;
use super::catalog::MAX_CLASSES;
use super::explorer::{EXPLORER, explorer_html};
use super::query::{ReportError, Table, calibration, catalog, size_summary, table_summary};
use super::render::{Rendered, index, table_report};
use crate::difficulty::calibrate::{Measured, parse_measurements};
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::tables::disk;
use crate::tables::layout::{Part, TableKey};
use crate::tables::store::SweepError;

/// The players' measurements, relative to the data folder: the report of
/// the game they were measured on plots them against the predictions.
pub const MEASUREMENTS: &str = "human/four-card-solve-times.csv";

/// Whether `id` is the game the measurements are of (four cards of 1..13,
/// target 24, fractions allowed; any deck).
fn measured_game(id: &TableKey) -> bool {
    id.rules == Rules::Rational
        && id.target == Q::int(24)
        && (id.values.lo, id.values.hi) == (1, 13)
        && id.k == 4
}

/// The measurements beside the data folder, if there are any.
fn measurements(data: &Path) -> Result<Option<Vec<Measured>>, ReportError> {
    let path = data.join(MEASUREMENTS);
    if !path.is_file() {
        return Ok(None);
    }
    let text = fs::read_to_string(&path).map_err(|source| ReportError::Io {
        path: path.clone(),
        source,
    })?;
    parse_measurements(&text)
        .map(Some)
        .map_err(|e| ReportError::Io {
            path,
            source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        })
}

/// What `census24 report` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportPlan {
    /// The folder the sweep wrote tables into.
    pub data: PathBuf,
    /// The folder reports go into.
    pub out: PathBuf,
    /// Only the tables with these ids (all tables when `None`). The index
    /// always covers every table.
    pub only: Option<Vec<TableKey>>,
}

/// The default reports folder of a data folder: `reports` beside it
/// (`data` -> `reports`, `/x/data` -> `/x/reports`).
pub fn reports_beside(data: &Path) -> PathBuf {
    data.parent().unwrap_or(Path::new("")).join("reports")
}

/// A table found under the data folder.
#[derive(Clone, Debug)]
pub struct Found {
    pub id: TableKey,
    pub dir: PathBuf,
}

/// Every table under `data` (a partition folder with a manifest, a
/// hands table or shard parts: [`Table::read`] then says if it is not a
/// finished one), sorted by id: families together, hand sizes ascending.
pub fn discover(data: &Path) -> Result<Vec<Found>, ReportError> {
    if !data.is_dir() {
        return Err(ReportError::NoTables {
            dir: data.to_path_buf(),
        });
    }
    let dirs = disk::folders(data).map_err(|(path, source)| ReportError::Io { path, source })?;
    let mut found = Vec::new();
    for dir in dirs {
        let rel = dir.strip_prefix(data).unwrap_or(&dir);
        if let Some(id) = TableKey::from_partition(rel)
            && holds_table(&dir)?
        {
            found.push(Found { id, dir });
        }
    }
    found.sort_by_key(|f| f.id.sort_key());
    Ok(found)
}

/// Whether `dir` holds a table or the start of one: its manifest, a
/// table file, or shard parts.
pub(crate) fn holds_table(dir: &Path) -> Result<bool, ReportError> {
    let names = crate::tables::store::list(dir)?;
    let whole = Part::Whole;
    Ok(names.iter().any(|n| {
        [
            whole.manifest(),
            whole.hands(),
            whole.solutions(),
            whole.reach(),
        ]
        .contains(n)
            || Part::of_manifest_name(n).is_some()
    }))
}

/// How long a sweep's own report waits for another report into the same
/// folder to finish (a report takes seconds): two sweeps of one data folder
/// both get their reports.
const REPORT_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(120);

/// Whether `name` is a file a report writes (the temporaries a killed
/// report left are these, never a table's).
fn report_file(name: &str) -> bool {
    [".md", ".svg", ".html", ".csv"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// Takes the lock on the reports folder `out` (one writer at a time;
/// `wait` for a sweep's own report, none for `census24 report`) and removes
/// the temporaries that killed reports left in the folders it writes.
pub(crate) fn lock_reports(out: &Path, wait: bool) -> Result<disk::FolderLock, ReportError> {
    let wait = if wait {
        REPORT_LOCK_WAIT
    } else {
        std::time::Duration::ZERO
    };
    let lock =
        disk::lock_waiting(out, &Part::Whole.lock(), disk::Mode::Exclusive, wait).map_err(|e| {
            match e {
                disk::LockError::Busy(dir) => ReportError::Busy { dir },
                disk::LockError::Io(path, source) => ReportError::Io { path, source },
            }
        })?;
    let folders = disk::folders(out).map_err(|(path, source)| ReportError::Io { path, source })?;
    for dir in folders {
        disk::remove_temporaries(&dir, report_file)
            .map_err(|source| ReportError::Io { path: dir, source })?;
    }
    Ok(lock)
}

pub(crate) fn write_rendered(dir: &Path, r: &Rendered) -> Result<PathBuf, ReportError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ReportError::Io { path, source }
    };
    fs::create_dir_all(dir).map_err(io(dir))?;
    // Charts first, the README that shows them last.
    let readme = dir.join("README.md");
    let mut files: Vec<(PathBuf, &[u8])> = r
        .charts
        .iter()
        .map(|(name, bytes)| (dir.join(name), bytes.as_ref()))
        .collect();
    files.push((readme.clone(), r.markdown.as_bytes()));
    disk::write_atomic_all(&files).map_err(|(path, source)| ReportError::Io { path, source })?;
    Ok(readme)
}

/// Writes the reports of the plan's tables (each README.md, then its
/// explorer page) and the index; returns the README.md and explorer files
/// written, index last.
pub fn write_reports(plan: &ReportPlan) -> Result<Vec<PathBuf>, ReportError> {
    write_reports_with(plan, &[])
}

/// [`write_reports`], taking the tables in `fresh` from memory instead of
/// reading them back (a sweep's report of the table it has just written).
pub fn write_reports_with(
    plan: &ReportPlan,
    fresh: &[(TableKey, Table)],
) -> Result<Vec<PathBuf>, ReportError> {
    let found = discover(&plan.data)?;
    let reach = super::reach::discover_reach(&plan.data)?;
    if found.is_empty() && reach.is_empty() {
        return Err(ReportError::NoTables {
            dir: plan.data.clone(),
        });
    }
    if let Some(only) = &plan.only
        && let Some(missing) = only.iter().find(|id| !found.iter().any(|f| &f.id == *id))
    {
        return Err(ReportError::NoTables {
            dir: plan.data.join(missing.partition()),
        });
    }
    // Each table's hands are read once, for its size summary and its
    // report; every table (reach tables too) is verified before anything is
    // written.
    let mut found = found;
    let mut tables: Vec<Table> = Vec::with_capacity(found.len());
    let mut kept = Vec::with_capacity(found.len());
    for f in found {
        let table = match fresh.iter().find(|(id, _)| *id == f.id) {
            Some((_, t)) => t.clone(),
            None => match Table::read(&f.dir) {
                Ok(t) => t,
                // A sweep's own report indexes the other tables of its data
                // folder; one that is not finished (another process is
                // writing it, it is shard parts still to merge, or a run
                // that has not reached its manifest) is left out, as if it
                // were not there yet. A damaged one still fails.
                Err(ReportError::Data(
                    SweepError::Busy { .. }
                    | SweepError::OnlyParts { .. }
                    | SweepError::Unfinished { .. }
                    | SweepError::NoTable { .. },
                )) if plan.only.as_ref().is_some_and(|only| !only.contains(&f.id)) => {
                    continue;
                }
                Err(e) => return Err(e),
            },
        };
        tables.push(table);
        kept.push(f);
    }
    found = kept;
    if plan.only.is_none() {
        for key in &reach {
            crate::tables::store::verify(&plan.data.join(key.partition()), Part::Whole)?;
        }
    }
    let _lock = lock_reports(&plan.out, plan.only.is_some())?;
    let sizes: Vec<(TableKey, SizeSummary)> = found
        .iter()
        .zip(&tables)
        .map(|(f, t)| Ok((f.id, size_summary(t, f.id.k as u32)?)))
        .collect::<Result<_, ReportError>>()?;
    let selected = |f: &Found| plan.only.as_ref().is_none_or(|only| only.contains(&f.id));
    let measured = if found.iter().any(|f| selected(f) && measured_game(&f.id)) {
        measurements(&plan.data)?
    } else {
        None
    };
    let mut written = Vec::new();
    for (f, table) in found.iter().zip(&tables) {
        if !selected(f) {
            continue;
        }
        let dir = plan.out.join(f.id.partition());
        // The report and the explorer page are independent: each on a core
        // (on threads of their own: a rayon worker waiting for polars would
        // run the other task first instead of beside it).
        let (readme, page) = std::thread::scope(|s| {
            let page = s.spawn(|| {
                // The explorer lists every solution (from memory when the
                // sweep has just written the table).
                let page = explorer_html(&catalog(&f.id, table, MAX_CLASSES)?);
                let path = dir.join(EXPLORER);
                fs::create_dir_all(&dir).map_err(|source| ReportError::Io {
                    path: dir.clone(),
                    source,
                })?;
                disk::write_atomic(&path, page.as_bytes()).map_err(|source| ReportError::Io {
                    path: path.clone(),
                    source,
                })?;
                Ok::<_, ReportError>(path)
            });
            let readme = (|| {
                let mut summary = table_summary(&f.id, table)?;
                if let Some(m) = measured.as_deref().filter(|_| measured_game(&f.id)) {
                    summary.calibration = calibration(table, m)?;
                }
                let family: Vec<SizeSummary> = sizes
                    .iter()
                    .filter(|(id, _)| id.family() == f.id.family())
                    .map(|(_, s)| s.clone())
                    .collect();
                write_rendered(&dir, &table_report(&summary, &family))
            })();
            (
                readme,
                page.join().expect("the explorer thread does not panic"),
            )
        });
        written.push(readme?);
        written.push(page?);
    }
    // Reach tables are reported when all tables are (`census24 report`);
    // a sweep's own report names its table.
    if plan.only.is_none() {
        for key in &reach {
            written.push(super::reach::write_reach_report_locked(
                &plan.data, &plan.out, key,
            )?);
        }
    }
    written.push(write_rendered(&plan.out, &index(&sizes, &reach))?);
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_go_beside_the_data_folder() {
        assert_eq!(reports_beside(Path::new("data")), Path::new("reports"));
        assert_eq!(
            reports_beside(Path::new("/x/data")),
            Path::new("/x/reports")
        );
    }
}
