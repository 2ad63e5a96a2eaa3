//! Where report files go, and the only code that writes them.
//!
//! A table in `DATA/<partition>/` gets `OUT/<partition>/README.md` and its
//! charts beside it; `OUT/README.md` indexes every table found under DATA,
//! with the family charts in `OUT/<family>/`. Every file is written under a
//! temporary name and renamed into place, so a reader never sees half a
//! report.

use std::fs;
use std::path::{Path, PathBuf};

use super::query::{ReportError, TableFiles, calibration, size_summary, table_summary};
use super::render::{Rendered, index, table_report};
use super::{SizeSummary, TableId};
use crate::difficulty::calibrate::{Measured, parse_measurements};
use crate::layout::{TableKey, target_folder};

/// The players' measurements, relative to the data folder: the report of
/// the game they were measured on plots them against the predictions.
pub const MEASUREMENTS: &str = "human/four-card-solve-times.csv";

/// Whether `id` is the game the measurements are of (four cards of 1..13,
/// target 24, fractions allowed; any deck).
fn measured_game(id: &TableId) -> bool {
    id.rules == "rational" && id.target == "24" && id.values == "1-13" && id.k == 4
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
    pub only: Option<Vec<TableId>>,
}

/// The default reports folder of a data folder: `reports` beside it
/// (`data` -> `reports`, `/x/data` -> `/x/reports`).
pub fn reports_beside(data: &Path) -> PathBuf {
    data.parent().unwrap_or(Path::new("")).join("reports")
}

impl From<&TableKey> for TableId {
    fn from(k: &TableKey) -> TableId {
        TableId {
            rules: k.rules.to_string(),
            target: target_folder(k.target),
            values: format!("{}-{}", k.values.lo, k.values.hi),
            deck: k.deck.to_string(),
            k: k.k as u32,
        }
    }
}

/// A table found under the data folder.
#[derive(Clone, Debug)]
pub struct Found {
    pub id: TableId,
    pub dir: PathBuf,
}

/// The id of a table from its partition path relative to the data folder,
/// or `None` when the path is not a partition path.
pub fn parse_partition(rel: &Path) -> Option<TableId> {
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let [rules, target, values, deck, k] = parts.as_slice() else {
        return None;
    };
    let value = |s: &str, key: &str| s.strip_prefix(key)?.strip_prefix('=').map(str::to_string);
    Some(TableId {
        rules: value(rules, "rules")?,
        target: value(target, "target")?,
        values: value(values, "values")?,
        deck: value(deck, "deck")?,
        k: value(k, "k")?.parse().ok()?,
    })
}

/// Every whole table (a folder with `hands.parquet`) under `data`, sorted
/// by id: families together, hand sizes ascending.
pub fn discover(data: &Path) -> Result<Vec<Found>, ReportError> {
    if !data.is_dir() {
        return Err(ReportError::NoTables {
            dir: data.to_path_buf(),
        });
    }
    let mut found = Vec::new();
    let mut stack = vec![data.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = fs::read_dir(&dir).map_err(|source| ReportError::Io {
            path: dir.clone(),
            source,
        })?;
        for entry in entries {
            let entry = entry.map_err(|source| ReportError::Io {
                path: dir.clone(),
                source,
            })?;
            let path = entry.path();
            // Hidden folders hold unfinished runs, never tables.
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else if entry.file_name() == "hands.parquet" {
                let rel = dir.strip_prefix(data).unwrap_or(&dir);
                if let Some(id) = parse_partition(rel) {
                    found.push(Found {
                        id,
                        dir: dir.clone(),
                    });
                }
            }
        }
    }
    found.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(found)
}

/// Writes `bytes` to `path` through a temporary name beside it.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ReportError> {
    let io = |source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io)?;
    }
    // The process id keeps two writers of one report (parallel sweeps of
    // sibling tables refresh the same index) off each other's temporary file.
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    fs::write(&tmp, bytes).map_err(io)?;
    fs::rename(&tmp, path).map_err(io)
}

fn write_rendered(dir: &Path, r: &Rendered) -> Result<PathBuf, ReportError> {
    for (name, bytes) in &r.charts {
        write_atomic(&dir.join(name), bytes)?;
    }
    let readme = dir.join("README.md");
    write_atomic(&readme, r.markdown.as_bytes())?;
    Ok(readme)
}

/// Writes the reports of the plan's tables and the index; returns the
/// markdown files written, index last.
pub fn write_reports(plan: &ReportPlan) -> Result<Vec<PathBuf>, ReportError> {
    let found = discover(&plan.data)?;
    if found.is_empty() {
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
    let sizes: Vec<(TableId, SizeSummary)> = found
        .iter()
        .map(|f| {
            Ok((
                f.id.clone(),
                size_summary(&TableFiles::in_dir(&f.dir), f.id.k)?,
            ))
        })
        .collect::<Result<_, ReportError>>()?;
    let mut written = Vec::new();
    let mut measured = None;
    for f in &found {
        if plan.only.as_ref().is_some_and(|only| !only.contains(&f.id)) {
            continue;
        }
        let files = TableFiles::in_dir(&f.dir);
        let mut summary = table_summary(&f.id, &files)?;
        if measured_game(&f.id) {
            if measured.is_none() {
                measured = Some(measurements(&plan.data)?);
            }
            if let Some(Some(m)) = &measured {
                summary.calibration = calibration(&files, m)?;
            }
        }
        let family: Vec<SizeSummary> = sizes
            .iter()
            .filter(|(id, _)| id.family() == f.id.family())
            .map(|(_, s)| s.clone())
            .collect();
        let rendered = table_report(&summary, &family);
        written.push(write_rendered(&plan.out.join(f.id.partition()), &rendered)?);
    }
    written.push(write_rendered(&plan.out, &index(&sizes))?);
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_paths_parse_and_others_do_not() {
        let id =
            parse_partition(Path::new("rules=rational/target=24/values=1-13/deck=4/k=4")).unwrap();
        assert_eq!(
            (id.rules.as_str(), id.target.as_str(), id.k),
            ("rational", "24", 4)
        );
        assert_eq!(
            id.partition(),
            Path::new("rules=rational/target=24/values=1-13/deck=4/k=4")
        );
        assert!(
            parse_partition(Path::new("rules=rational/target=24/values=1-13/deck=4")).is_none()
        );
        assert!(
            parse_partition(Path::new("rules=rational/target=24/values=1-13/deck=4/k=x")).is_none()
        );
        assert!(parse_partition(Path::new("a/b/c/d/e")).is_none());
    }

    #[test]
    fn report_folders_mirror_table_folders() {
        use crate::enumerate::{Deck, ValueRange};
        use crate::number::Q;
        use crate::rules::Rules;
        for (target, deck) in [
            (Q::int(24), Deck::Copies(4)),
            (Q::new(-7, 2).unwrap(), Deck::Unlimited),
        ] {
            let key = TableKey {
                rules: Rules::Natural,
                target,
                values: ValueRange::new(1, 10).unwrap(),
                deck,
                k: 3,
            };
            assert_eq!(TableId::from(&key).partition(), key.partition());
            assert_eq!(parse_partition(&key.partition()), Some(TableId::from(&key)));
        }
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
