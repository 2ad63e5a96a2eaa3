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
//!   [`LargeSetsKind::combinations`] order: its numbers as three
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
use crate::tables::large_sets::{Combo, Counts, LargeSets, LargeSetsKind, combo_of, numbers_of};
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
/// Bytes of one record: three numbers and eight counts.
const RECORD: usize = 3 * 2 + 8 * 8;

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

fn census(kind: &LargeSetsKind) -> String {
    format!("{}, targets {}", kind.key.sets, kind.key.targets)
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> SweepError + '_ {
    move |source| SweepError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Gives `kind` its shared counts before its sets are solved in `dir`:
/// read back, or made on `pool` (and, for a range, written).
pub fn prepare(
    kind: &LargeSetsKind,
    dir: &Path,
    pool: &rayon::ThreadPool,
) -> Result<(), SweepError> {
    let make = || {
        let combos = kind.combinations();
        let counts = pool.install(|| kind.count_combinations(&combos));
        (combos, counts)
    };
    if !matches!(kind.key.sets, LargeSets::Range(_)) {
        let (combos, counts) = make();
        kind.take_shared(combos.into_iter().zip(counts).collect());
        return Ok(());
    }
    if let Some(counts) = read(kind, dir) {
        kind.take_shared(counts);
        return Ok(());
    }
    let lock = disk::lock_waiting(dir, LOCK, disk::Mode::Exclusive, WAIT).map_err(|e| match e {
        disk::LockError::Busy(dir) => SweepError::Busy { dir },
        disk::LockError::Io(path, source) => SweepError::Io { path, source },
    })?;
    // Another run may have made them while this one waited.
    if let Some(counts) = read(kind, dir) {
        kind.take_shared(counts);
        return Ok(());
    }
    if lock.held {
        disk::remove_temporaries(dir, |t| t == COUNTS_FILE || t == SEAL_FILE)
            .map_err(io_err(dir))?;
    }
    let (combos, counts) = make();
    let bytes = encode(&combos, &counts);
    let seal = SharedSeal {
        tool: tool(),
        census: census(kind),
        combinations: combos.len() as u64,
        file: FileEntry::of(COUNTS_FILE, combos.len(), &bytes),
        seal_sha256: String::new(),
    };
    let path = dir.join(COUNTS_FILE);
    disk::write_atomic(&path, &bytes).map_err(io_err(&path))?;
    let path = dir.join(SEAL_FILE);
    disk::write_atomic(&path, &sealed_bytes(&seal)).map_err(io_err(&path))?;
    kind.take_shared(combos.into_iter().zip(counts).collect());
    Ok(())
}

/// The counts in `dir`, if its files are there, sound and of this census.
pub fn read(kind: &LargeSetsKind, dir: &Path) -> Option<FxHashMap<Combo, Counts>> {
    let seal: SharedSeal = from_sealed_bytes(&std::fs::read(dir.join(SEAL_FILE)).ok()?).ok()?;
    if seal.tool != tool() || seal.census != census(kind) {
        return None;
    }
    let bytes = std::fs::read(dir.join(COUNTS_FILE)).ok()?;
    if FileEntry::of(COUNTS_FILE, seal.combinations as usize, &bytes) != seal.file {
        return None;
    }
    let counts = decode(&bytes)?;
    // Every combination of the census, none else.
    let want = kind.combinations();
    (counts.len() == want.len() && want.iter().all(|c| counts.contains_key(c))).then_some(counts)
}

fn encode(combos: &[Combo], counts: &[Counts]) -> Vec<u8> {
    let mut out = Vec::with_capacity(combos.len() * RECORD);
    for (&combo, c) in combos.iter().zip(counts) {
        let mut numbers = numbers_of(combo);
        numbers.resize(3, 0);
        for v in numbers {
            out.extend_from_slice(&(v as u16).to_le_bytes());
        }
        for v in [
            c.games,
            c.solvable,
            c.near[0],
            c.near[1],
            c.games_weighted,
            c.solvable_weighted,
            c.near_weighted[0],
            c.near_weighted[1],
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out
}

fn decode(bytes: &[u8]) -> Option<FxHashMap<Combo, Counts>> {
    if !bytes.len().is_multiple_of(RECORD) {
        return None;
    }
    let mut out = FxHashMap::default();
    for r in bytes.chunks_exact(RECORD) {
        let numbers: Vec<i64> = (0..3)
            .map(|i| u16::from_le_bytes([r[2 * i], r[2 * i + 1]]) as i64)
            .take_while(|&v| v != 0)
            .collect();
        let v: Vec<u64> = (0..8)
            .map(|i| u64::from_le_bytes(r[6 + 8 * i..14 + 8 * i].try_into().expect("8 bytes")))
            .collect();
        let c = Counts {
            games: v[0],
            solvable: v[1],
            near: [v[2], v[3]],
            games_weighted: v[4],
            solvable_weighted: v[5],
            near_weighted: [v[6], v[7]],
        };
        out.insert(combo_of(&numbers), c);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let combos = vec![
            combo_of(&[11]),
            combo_of(&[11, 12]),
            combo_of(&[98, 99, 100]),
        ];
        let counts: Vec<Counts> = (0..3u64)
            .map(|i| Counts {
                games: 1 + i,
                solvable: 2 + i,
                near: [3 + i, 4 + i],
                games_weighted: 5 + i,
                solvable_weighted: 6 + i,
                near_weighted: [7 + i, u64::MAX - i],
            })
            .collect();
        let bytes = encode(&combos, &counts);
        assert_eq!(bytes.len(), 3 * RECORD);
        let back = decode(&bytes).unwrap();
        for (c, n) in combos.iter().zip(&counts) {
            assert_eq!(back[c], *n);
        }
        assert!(decode(&bytes[1..]).is_none());
    }
}
