//! The one place report bytes reach the disk: the reports folder's lock,
//! and the writers of a report's files, each under a temporary name,
//! renamed into place, so a reader never sees half a report. Every kind's
//! report ([`crate::report::kinds`]) writes through here.

use std::fs;
use std::path::{Path, PathBuf};

use super::query::ReportError;
use super::render::Rendered;
use crate::tables::disk;
use crate::tables::layout::Part;

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
pub fn lock_reports(out: &Path, wait: bool) -> Result<disk::FolderLock, ReportError> {
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
pub fn write_files(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), ReportError> {
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
pub fn write_rendered(dir: &Path, r: &Rendered) -> Result<PathBuf, ReportError> {
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
pub const README: &str = "README.md";
