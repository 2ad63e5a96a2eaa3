//! The shared counts of a census of large sets (its selections with one,
//! two and three large tiles, per combination of large numbers), made once
//! and kept in a sealed file beside the table, so that the shards of a
//! census pay for them once rather than once each.
//!
//! A run of a range census (whole or a shard) reads the file when it is
//! there and sound. Otherwise it takes the folder's shared-counts lock
//! (waiting while another run holds it: the first shard of an array makes
//! the counts while the others wait, idle, then read them), makes every
//! combination's counts on its workers and writes the file. A census of
//! chosen sets (at most 32) makes its few combinations on its workers and
//! writes nothing.
//!
//! Two files, in the table's folder:
//! - `shared_counts.bin`: one record per combination, in
//!   the order of the census's combinations: its numbers as three
//!   little-endian `u16` (0 for none), then the eight counts of
//!   [`Counts`] as little-endian `u64`;
//! - `shared_counts.json`, written last: the census it belongs to, the
//!   tool's version, and the first file's size and SHA-256, sealed like a
//!   manifest ([`Sealed`]).
//!
//! A reader trusts the counts only when the seal, the census, the version
//! and the checksum all agree; any other file is ignored, the counts made
//! again and both files replaced (a temporary name, then a rename, as every
//! file: a run killed while writing leaves the old files or none).

use std::path::Path;
use std::time::Duration;

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::tables::disk;
use crate::tables::error::SweepError;
use crate::tables::large_counts::{Combo, Counts, decode, encode};
use crate::tables::manifest::{FileEntry, Sealed, from_sealed_bytes, sealed_bytes};

/// The counts, one record per combination.
pub const COUNTS_FILE: &str = "shared_counts.bin";
/// What they are and their checksum, sealed; written last.
pub const SEAL_FILE: &str = "shared_counts.json";
/// Held by the run that makes them; the others wait.
const LOCK: &str = ".census24.shared.lock";
/// How long a run waits for another to make them: a week (an array's
/// other tasks wait while its first one works).
const WAIT: Duration = Duration::from_secs(7 * 24 * 3600);
/// `shared_counts.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedSeal {
    /// `census24 0.1.0`.
    pub tool: String,
    /// The census: its sets and targets.
    pub census: String,
    /// The combinations counted.
    pub combinations: u64,
    /// `shared_counts.bin`.
    pub file: FileEntry,
    pub seal_sha256: String,
}

impl Sealed for SharedSeal {
    fn seal(&mut self) -> &mut String {
        &mut self.seal_sha256
    }
}

fn tool() -> String {
    format!("census24 {}", env!("CARGO_PKG_VERSION"))
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> SweepError + '_ {
    move |source| SweepError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The shared counts of the census named `census` (its sets and targets),
/// for the combinations `want`, before its sets are solved in `dir`: read
/// back, or made by `make` (and, for a `range` census, written).
pub fn prepare(
    census: &str,
    range: bool,
    want: &[Combo],
    make: impl FnOnce() -> Vec<Counts>,
    dir: &Path,
) -> Result<FxHashMap<Combo, Counts>, SweepError> {
    let zip = |counts: Vec<Counts>| want.iter().copied().zip(counts).collect();
    if !range {
        return Ok(zip(make()));
    }
    if let Some(counts) = read(census, want, dir) {
        return Ok(counts);
    }
    let lock = disk::lock_waiting(dir, LOCK, disk::Mode::Exclusive, WAIT).map_err(|e| match e {
        disk::LockError::Busy(dir) => SweepError::Busy { dir },
        disk::LockError::Io(path, source) => SweepError::Io { path, source },
    })?;
    // Another run may have made them while this one waited.
    if let Some(counts) = read(census, want, dir) {
        return Ok(counts);
    }
    if lock.held {
        disk::remove_temporaries(dir, |t| t == COUNTS_FILE || t == SEAL_FILE)
            .map_err(io_err(dir))?;
    }
    let counts = make();
    let bytes = encode(want, &counts);
    let seal = SharedSeal {
        tool: tool(),
        census: census.to_string(),
        combinations: want.len() as u64,
        file: FileEntry::of(COUNTS_FILE, want.len(), &bytes),
        seal_sha256: String::new(),
    };
    let path = dir.join(COUNTS_FILE);
    disk::write_atomic(&path, &bytes).map_err(io_err(&path))?;
    let path = dir.join(SEAL_FILE);
    disk::write_atomic(&path, &sealed_bytes(&seal)).map_err(io_err(&path))?;
    Ok(zip(counts))
}

/// The counts in `dir`, if its files are there, sound, of the census named
/// `census` and hold every combination of `want` and none else.
pub fn read(census: &str, want: &[Combo], dir: &Path) -> Option<FxHashMap<Combo, Counts>> {
    let seal: SharedSeal = from_sealed_bytes(&std::fs::read(dir.join(SEAL_FILE)).ok()?).ok()?;
    if seal.tool != tool() || seal.census != census {
        return None;
    }
    let bytes = std::fs::read(dir.join(COUNTS_FILE)).ok()?;
    if FileEntry::of(COUNTS_FILE, seal.combinations as usize, &bytes) != seal.file {
        return None;
    }
    let counts = decode(&bytes)?;
    (counts.len() == want.len() && want.iter().all(|c| counts.contains_key(c))).then_some(counts)
}
