//! Where report files go: the report of every table and the index.
//!
//! A table in `DATA/<partition>/` gets `OUT/<partition>/README.md` with its
//! charts and its explorer page (`explorer.html`) beside it;
//! `OUT/README.md` indexes every table found under DATA, with the family
//! charts in `OUT/<family>/`. This module finds the tables and loops over
//! the kinds ([`crate::report::kinds`]): each reads its tables, then, under
//! the reports lock ([`crate::report::out`]), writes its reports and its
//! section of the index. The atlas and the cover are written here too.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::atlas;
use super::kind::Ctx;
use super::kinds::readers;
use super::out::{README, lock_reports, write_rendered};
use super::query::{ReportError, Table, table_summary};
use super::render::atlas::render_atlas;
use super::render::{Rendered, index};
use crate::difficulty::pricer::Pricer;
use crate::tables::disk;
use crate::tables::layout::{Part, TableKey};
use crate::tables::registry::{DiscoverError, Key, discover};

/// What `census24 report` does.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportPlan {
    /// The folder the sweep wrote tables into.
    pub data: PathBuf,
    /// The folder reports go into.
    pub out: PathBuf,
    /// Only the tables in these folders (partitions, of any kind; all
    /// tables when `None`). The index always covers every table.
    pub only: Option<Vec<PathBuf>>,
    /// The model file that prices the figures (`--model`); `None`: each
    /// table's own ([`crate::report::reprice`]).
    pub model: Option<Arc<Pricer>>,
}

/// The default reports folder of a data folder: `reports` beside it
/// (`data` -> `reports`, `/x/data` -> `/x/reports`).
pub fn reports_beside(data: &Path) -> PathBuf {
    data.parent().unwrap_or(Path::new("")).join("reports")
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
    if let Some(only) = &plan.only {
        let partitions = all.partitions();
        if let Some(missing) = only.iter().find(|p| !partitions.contains(p)) {
            return Err(DiscoverError::NoTables {
                dir: plan.data.join(missing),
            }
            .into());
        }
    }
    let ctx = Ctx {
        data: &plan.data,
        out: &plan.out,
        only: plan.only.as_deref(),
        fresh,
        model: plan.model.as_ref(),
    };
    // Every table is read or verified before anything is written.
    let mut kinds = readers();
    for kind in &mut kinds {
        let found = (all.found.iter())
            .filter(|f| f.key.kind() == kind.kind())
            .cloned()
            .collect();
        kind.load(&ctx, found)?;
    }
    let _lock = lock_reports(&plan.out, plan.only.is_some())?;
    let mut written = Vec::new();
    for kind in &kinds {
        written.extend(kind.write(&ctx)?);
    }
    let atlas = plan.out.join(atlas::ATLAS_DIR).join(README).exists();
    let empty = kinds.iter().all(|k| k.is_empty());
    let sections = |r: &mut Rendered| kinds.iter().for_each(|k| k.index(r));
    written.push(write_rendered(&plan.out, &index(atlas, empty, sections))?);
    Ok(written)
}

/// Writes the report of the table `key` under `data` into the same
/// partition under `out`, without the index, its figures priced by
/// `model` when given; returns its README. A sweep's own report of a
/// reach table or a census of large sets: it waits for another report
/// into `out`.
pub fn write_table_report(
    data: &Path,
    out: &Path,
    key: &Key,
    model: Option<&Arc<Pricer>>,
) -> Result<PathBuf, ReportError> {
    let found = discover(data)?
        .found
        .into_iter()
        .filter(|f| f.key == *key)
        .collect::<Vec<_>>();
    let only = [key.partition()];
    let ctx = Ctx {
        data,
        out,
        only: Some(&only),
        fresh: &[],
        model,
    };
    disk::undo_new_folders(out, || {
        let mut kind = readers()
            .into_iter()
            .find(|k| k.kind() == key.kind())
            .expect("every kind has its reader");
        kind.load(&ctx, found)?;
        let _lock = lock_reports(out, true)?;
        kind.write(&ctx)?.into_iter().next().ok_or_else(|| {
            ReportError::from(DiscoverError::NoTables {
                dir: data.join(key.partition()),
            })
        })
    })
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
    fn every_kind_is_read_once_in_order() {
        let kinds: Vec<_> = readers().iter().map(|k| k.kind()).collect();
        let names: Vec<_> = crate::tables::registry::KINDS
            .iter()
            .map(|e| e.name.clone())
            .collect();
        assert_eq!(kinds, names);
    }

    #[test]
    fn reports_go_beside_the_data_folder() {
        assert_eq!(reports_beside(Path::new("data")), Path::new("reports"));
        assert_eq!(
            reports_beside(Path::new("/x/data")),
            Path::new("/x/reports")
        );
    }
}
