//! Where report files go, and the only code that writes them.
//!
//! A table in `DATA/<partition>/` gets `OUT/<partition>/README.md` with its
//! charts and its explorer page (`explorer.html`) beside it; a reach table
//! gets its README.md, charts and `targets.csv` the same way;
//! `OUT/README.md` indexes every table found under DATA, with the family
//! charts in `OUT/<family>/`. This module finds the tables, holds the
//! reports lock, asks `query` for summaries and `render` for bytes, and
//! writes them: every file under a temporary name, renamed into place, so
//! a reader never sees half a report.

use std::fs;
use std::path::{Path, PathBuf};

use super::SizeSummary;
use super::atlas;
use super::explorer::{explorer_html, games_html, sets_html};
use super::games;
use super::query::large::{large_data, reference};
use super::query::reach::reach_data;
use super::query::{
    ReportError, Table, calibration, catalog, measured_game, measurements, size_summary,
    table_summary,
};
use super::render::atlas::render_atlas;
use super::render::large::{LargeReport, census_charts, render_large};
use super::render::reach::render_reach;
use super::render::{Rendered, index, table_report};
use super::sets::{SetCounts, of_stats, read_sets};
use crate::difficulty::calibrate::Measured;
use crate::puzzles::catalog::MAX_CLASSES;
use crate::puzzles::pick::DEFAULT_SEED;
use crate::report::{EXPLORER, PAGE_GAMES};
use crate::tables::disk;
use crate::tables::large_sets::{CHECKED_SETS, LargeKey, count_sets};
use crate::tables::large_summary;
use crate::tables::layout::{Part, ReachKey, TableKey};
use crate::tables::registry::{DiscoverError, FoundTable, Tables, discover};
use crate::tables::store::{self, SweepError};

/// What `census24 report` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportPlan {
    /// The folder the sweep wrote tables into.
    pub data: PathBuf,
    /// The folder reports go into.
    pub out: PathBuf,
    /// Only the tables in these folders (partitions, of any kind; all
    /// tables when `None`). The index always covers every table.
    pub only: Option<Vec<PathBuf>>,
}

/// The default reports folder of a data folder: `reports` beside it
/// (`data` -> `reports`, `/x/data` -> `/x/reports`).
pub fn reports_beside(data: &Path) -> PathBuf {
    data.parent().unwrap_or(Path::new("")).join("reports")
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
fn lock_reports(out: &Path, wait: bool) -> Result<disk::FolderLock, ReportError> {
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

/// Writes `files` (names relative to `dir`, in this order) into `dir`,
/// creating it: the one place report bytes reach the disk.
fn write_files(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), ReportError> {
    fs::create_dir_all(dir).map_err(|source| ReportError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let files: Vec<(PathBuf, &[u8])> = files
        .iter()
        .map(|&(name, bytes)| (dir.join(name), bytes))
        .collect();
    // A name may hold folders (the index's charts of a family of tables,
    // whose own reports another run may have written).
    for (path, _) in &files {
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|source| ReportError::Io {
                path: parent.to_path_buf(),
                source,
            })?;
        }
    }
    disk::write_atomic_all(&files).map_err(|(path, source)| ReportError::Io { path, source })
}

/// Writes a rendered report into `dir`: its charts first, the README that
/// shows them last; returns the README.
fn write_rendered(dir: &Path, r: &Rendered) -> Result<PathBuf, ReportError> {
    let mut files: Vec<(&str, &[u8])> = r
        .charts
        .iter()
        .map(|(name, bytes)| (name.as_str(), bytes.as_slice()))
        .collect();
    files.push((README, r.markdown.as_bytes()));
    write_files(dir, &files)?;
    Ok(dir.join(README))
}

/// The markdown file of every report.
const README: &str = "README.md";

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
    disk::undo_new_folders(&plan.out, || write_reports_in(plan, fresh))
}

fn write_reports_in(
    plan: &ReportPlan,
    fresh: &[(TableKey, Table)],
) -> Result<Vec<PathBuf>, ReportError> {
    let all = discover(&plan.data)?;
    if all.is_empty() {
        return Err(DiscoverError::NoTables {
            dir: plan.data.clone(),
        }
        .into());
    }
    let chosen = |partition: PathBuf| {
        plan.only
            .as_ref()
            .is_none_or(|only| only.contains(&partition))
    };
    if let Some(only) = &plan.only {
        let partitions = all.partitions();
        if let Some(missing) = only.iter().find(|p| !partitions.contains(p)) {
            return Err(DiscoverError::NoTables {
                dir: plan.data.join(missing),
            }
            .into());
        }
    }
    // Every table (reach and large-set tables too) is verified before
    // anything is written.
    let Tables {
        one_target: found,
        reach,
        large,
    } = all;
    let tables = read_tables(plan, found, fresh)?;
    let partitions = reach.iter().map(|k| k.partition());
    for partition in partitions.chain(large.iter().map(|k| k.partition())) {
        if chosen(partition.clone()) {
            store::verify(&plan.data.join(partition), Part::Whole)?;
        }
    }
    let _lock = lock_reports(&plan.out, plan.only.is_some())?;
    let sizes: Vec<(TableKey, SizeSummary)> = tables
        .iter()
        .map(|(f, t)| Ok((f.id, size_summary(t, f.id.k as u32)?)))
        .collect::<Result<_, ReportError>>()?;
    let selected = |f: &FoundTable| chosen(f.id.partition());
    let measured = if tables
        .iter()
        .any(|(f, _)| selected(f) && measured_game(&f.id))
    {
        measurements(&plan.data)?
    } else {
        None
    };
    let mut written = Vec::new();
    for (f, table) in tables.iter().filter(|(f, _)| selected(f)) {
        let family: Vec<SizeSummary> = sizes
            .iter()
            .filter(|(id, _)| id.family() == f.id.family())
            .map(|(_, s)| s.clone())
            .collect();
        let measured = measured.as_deref().filter(|_| measured_game(&f.id));
        let dir = plan.out.join(f.id.partition());
        written.extend(write_table_files(&dir, f, table, &family, measured)?);
    }
    for key in reach.iter().filter(|k| chosen(k.partition())) {
        written.extend(write_reach_files(&plan.data, &plan.out, key)?);
    }
    for key in large.iter().filter(|k| chosen(k.partition())) {
        written.extend(write_large_files(&plan.data, &plan.out, key)?);
    }
    let atlas = plan.out.join(atlas::ATLAS_DIR).join(README).exists();
    let mut large = large;
    // A census shipped as its summary (DATA/large-sets/, `just large-sets`)
    // has no table here: its report, made from the whole table, is indexed
    // when it is in the reports folder.
    let summary = plan.data.join(large_summary::SUMMARY_DIR);
    if let Ok(m) = large_summary::read_manifest(&summary)
        && let Some(key) = LargeKey::from_partition(Path::new(&m.table))
        && !large.contains(&key)
        && plan.out.join(key.partition()).join(README).exists()
    {
        // Its explorer page and its charts, from the summary.
        if chosen(key.partition()) {
            let sets = read_sets(&plan.data, &key).map_err(|e| ReportError::Sets(e.to_string()))?;
            written.extend(write_sets_page(&plan.out, &key, &sets)?);
            write_census_charts(&plan.out, &key, &sets)?;
        }
        large.push(key);
        large.sort_by_key(|k| k.partition());
    }
    written.push(write_rendered(
        &plan.out,
        &index(&sizes, &reach, &large, atlas),
    )?);
    Ok(written)
}

/// The found tables with their hands read once (for the size summary and
/// the report), or taken from `fresh`. A table not finished is left out
/// of a sweep's own report (see below); a damaged one fails.
fn read_tables(
    plan: &ReportPlan,
    found: Vec<FoundTable>,
    fresh: &[(TableKey, Table)],
) -> Result<Vec<(FoundTable, Table)>, ReportError> {
    let mut tables = Vec::with_capacity(found.len());
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
                )) if plan
                    .only
                    .as_ref()
                    .is_some_and(|only| !only.contains(&f.id.partition())) =>
                {
                    continue;
                }
                Err(e) => return Err(e),
            },
        };
        tables.push((f, table));
    }
    Ok(tables)
}

/// Writes one table's report (with `family`, the size summaries of its
/// family, and the players' measurements when it is their game) and its
/// explorer page (when [`Table::explorable`]) into `dir`; returns the files
/// written, README first.
fn write_table_files(
    dir: &Path,
    f: &FoundTable,
    table: &Table,
    family: &[SizeSummary],
    measured: Option<&[Measured]>,
) -> Result<Vec<PathBuf>, ReportError> {
    let readme = || {
        let mut summary = table_summary(&f.id, table)?;
        if let Some(m) = measured {
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
            let page = explorer_html(&catalog(&f.id, table, MAX_CLASSES)?);
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

/// Writes the report of the reach table `key` under `data` into the same
/// partition under `out`; returns the markdown file. A sweep's own report:
/// it waits for another report into `out`.
pub fn write_reach_report(data: &Path, out: &Path, key: &ReachKey) -> Result<PathBuf, ReportError> {
    disk::undo_new_folders(out, || {
        let _lock = lock_reports(out, true)?;
        Ok(write_reach_files(data, out, key)?.remove(0))
    })
}

/// [`write_reach_report`] for a caller that holds the reports lock: the
/// README and the explorer page; returns them, README first.
fn write_reach_files(data: &Path, out: &Path, key: &ReachKey) -> Result<Vec<PathBuf>, ReportError> {
    let summary = reach_data(key, &data.join(key.partition()))?;
    let dir = out.join(key.partition());
    // The explorer page: the games `pick` draws first, worked out again.
    let rows = games::read(data, key, key.targets)?;
    let drawn = games::drawn(key.game(), &rows, PAGE_GAMES, DEFAULT_SEED).map_err(|source| {
        ReportError::Games {
            path: data.join(key.partition()),
            source,
        }
    })?;
    let page = games_html(key, &drawn, rows.solvable_count(), rows.len());
    write_files(&dir, &[(EXPLORER, page.as_bytes())])?;
    Ok(vec![
        write_rendered(&dir, &render_reach(key, &summary))?,
        dir.join(EXPLORER),
    ])
}

/// Writes the report of the large-sets census `key` under `data` into the
/// same partition under `out`; returns the markdown file. A sweep's own
/// report: it waits for another report into `out`.
pub fn write_large_report(data: &Path, out: &Path, key: &LargeKey) -> Result<PathBuf, ReportError> {
    disk::undo_new_folders(out, || {
        let _lock = lock_reports(out, true)?;
        Ok(write_large_files(data, out, key)?.remove(0))
    })
}

/// The explorer page of the census `key` of large sets, when its sets are
/// a range; returns it.
fn write_sets_page(
    out: &Path,
    key: &LargeKey,
    sets: &[SetCounts],
) -> Result<Option<PathBuf>, ReportError> {
    let Some(page) = sets_html(key, sets) else {
        return Ok(None);
    };
    let dir = out.join(key.partition());
    write_files(&dir, &[(EXPLORER, page.as_bytes())])?;
    Ok(Some(dir.join(EXPLORER)))
}

/// The charts of a census shipped as its summary, redrawn from it: they
/// read each set's share alone, which the summary holds, so they follow
/// the chart code as the whole table's would (the report's text, made from
/// the whole table, stays as it is).
fn write_census_charts(out: &Path, key: &LargeKey, sets: &[SetCounts]) -> Result<(), ReportError> {
    let shares: Vec<(&[i64], f64)> = sets
        .iter()
        .map(|s| (s.numbers.as_slice(), 100.0 * s.solvable_share()))
        .collect();
    let standard = match shares.iter().find(|s| s.0 == CHECKED_SETS[0]) {
        Some(s) => s.1,
        None => {
            let set = &count_sets(&CHECKED_SETS[..1], key.targets)[0];
            100.0 * of_stats(std::slice::from_ref(set))[0].solvable_share()
        }
    };
    let charts = census_charts(&shares, standard);
    let files: Vec<(&str, &[u8])> = charts
        .iter()
        .map(|(name, bytes)| (name.as_str(), bytes.as_slice()))
        .collect();
    write_files(&out.join(key.partition()), &files)
}

/// [`write_large_report`] for a caller that holds the reports lock:
/// returns the README, then the explorer page.
fn write_large_files(data: &Path, out: &Path, key: &LargeKey) -> Result<Vec<PathBuf>, ReportError> {
    let dir = data.join(key.partition());
    let sets = large_data(&dir)?;
    let (standard, checks) = reference(key, &sets);
    let report = LargeReport {
        key,
        sets: &sets,
        table: dir
            .join(Part::Whole.file("large_sets"))
            .display()
            .to_string(),
        standard,
        checks,
    };
    let readme = write_rendered(&out.join(key.partition()), &render_large(&report))?;
    let page = write_sets_page(out, key, &of_stats(report.sets))?;
    Ok(std::iter::once(readme).chain(page).collect())
}

/// Solves the atlas's part that no table holds (`census24 cover`: the
/// cover of the plan's targets and the chart's shares, for both decks) and
/// writes it into `DATA/atlas/` (each file under a temporary name, then
/// renamed). `progress` hears each step as it starts. Returns the files.
pub fn write_cover(
    data: &Path,
    plan: &atlas::Plan,
    progress: &dyn Fn(&str),
) -> Result<Vec<PathBuf>, ReportError> {
    let solved = atlas::DECKS
        .iter()
        .map(|&deck| atlas::solve_deck(plan, deck, progress))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ReportError::Atlas(e.to_string()))?;
    let dir = data.join(atlas::ATLAS_DIR);
    fs::create_dir_all(&dir).map_err(|source| ReportError::Io {
        path: dir.clone(),
        source,
    })?;
    // The manifest comes last and replaces the old one last: a run killed
    // midway leaves files that do not match it, which the report refuses.
    let mut written = Vec::new();
    for (name, bytes) in atlas::cover_files(plan, &solved) {
        let path = dir.join(name);
        disk::write_atomic(&path, &bytes).map_err(|source| ReportError::Io {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}

/// Writes the atlas (`census24 report --atlas`) into `OUT/atlas/`: the
/// target-24 tables of every hand size found under `data` for both decks,
/// beside what `census24 cover` wrote into `DATA/atlas/`. Returns the
/// markdown file.
pub fn write_atlas(data: &Path, out: &Path) -> Result<PathBuf, ReportError> {
    disk::undo_new_folders(out, || write_atlas_in(data, out))
}

fn write_atlas_in(data: &Path, out: &Path) -> Result<PathBuf, ReportError> {
    let dir = data.join(atlas::ATLAS_DIR);
    let read = |name: &str| match fs::read(dir.join(name)) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{name}: {e}")),
    };
    let (plan, solved) = atlas::read_solved(read).map_err(|e| {
        ReportError::Atlas(format!(
            "{}: {e} (make it with `census24 cover --out {}`)",
            dir.display(),
            data.display()
        ))
    })?;
    let mut decks = Vec::new();
    for solved in solved {
        let deck = solved.deck;
        let mut sizes = Vec::new();
        let mut missing = Vec::new();
        for k in 1..=plan.max_k {
            let id = atlas::key(k, deck);
            let dir = data.join(id.partition());
            if !dir.join(Part::Whole.manifest()).exists() {
                missing.push(k);
                continue;
            }
            sizes.push(table_summary(&id, &Table::read(&dir)?)?);
        }
        decks.push(atlas::DeckAtlas {
            deck,
            sizes,
            missing,
            solved,
        });
    }
    let _lock = lock_reports(out, true)?;
    write_rendered(&out.join(atlas::ATLAS_DIR), &render_atlas(&plan, &decks))
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
