//! `census24 merge` as a library: join complete sets of shard parts into the
//! whole table a single run writes, byte for byte.
//!
//! Shards are contiguous slices of the sorted hands, so the whole table is the
//! parts stacked in shard order. Each part is checked against the checksum in
//! its manifest before use, and the parts are removed once the whole table
//! (manifest last) is in place: left beside it they would be read twice by a
//! `**/hands*.parquet` scan.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::tables::layout::{Part, Shard};
use crate::tables::manifest::{FileEntry, Manifest, Params};
use crate::tables::store::{self, Content, SweepError};
use crate::tables::summary::Tally;
use crate::tables::{disk, registry};

/// One merged table.
#[derive(Clone, Debug)]
pub struct Merged {
    pub dir: PathBuf,
    pub parts: u32,
    pub manifest: Manifest,
}

/// Every folder under `root` (itself included) holding shard manifests, sorted.
pub fn find_part_dirs(root: &Path) -> Result<Vec<PathBuf>, SweepError> {
    // Unfinished runs (hidden folders) are not parts; the walk skips them.
    let dirs = disk::folders(root).map_err(|(path, source)| SweepError::Io { path, source })?;
    let mut found = Vec::new();
    for dir in dirs {
        if store::list(&dir)?
            .iter()
            .any(|n| Part::of_manifest_name(n).is_some())
        {
            found.push(dir);
        }
    }
    Ok(found)
}

/// Merges every complete part set under `root`. Every set is locked and
/// checked first: one that is incomplete, mixed or damaged stops the merge,
/// naming it, before anything is written. With no parts left but whole
/// tables there (a merge that already ran, or was killed after its last
/// step), there is nothing to do.
pub fn merge_all(root: &Path) -> Result<Vec<Merged>, SweepError> {
    let mut dirs = find_part_dirs(root)?;
    // A folder reached twice (through a link) is merged once, under its
    // own path (the one its manifest's partition ends), not the link's.
    let through_link = |d: &PathBuf| match (std::fs::canonicalize(d), std::path::absolute(d)) {
        (Ok(c), Ok(a)) => c != a,
        _ => false,
    };
    dirs.sort_by_key(|d| through_link(d));
    let mut seen = std::collections::HashSet::new();
    dirs.retain(|d| seen.insert(std::fs::canonicalize(d).unwrap_or_else(|_| d.clone())));
    dirs.sort();
    if dirs.is_empty() && !holds_whole_tables(root)? {
        return Err(SweepError::Conflict(format!(
            "no shard parts (manifest.part-I-of-N.json) under {}",
            root.display()
        )));
    }
    let mut sets = Vec::new();
    for dir in &dirs {
        // Parts that another merge joined between the listing and the lock.
        if let Some(set) = prepare(dir)? {
            sets.push(set);
        }
    }
    sets.into_iter().map(join).collect()
}

/// A set of parts in one folder, locked and checked, ready to be joined.
struct PartSet {
    dir: PathBuf,
    parts: BTreeMap<u32, (Shard, Manifest)>,
    /// The whole table's parameters.
    params: Params,
    /// The whole table, when a merge killed while it removed the parts has
    /// already written it.
    joined: Option<Manifest>,
    _whole: store::PartLock,
    _parts: Vec<disk::FolderLock>,
}

/// The missing shards named in a message: the first few, then how many more.
const MISSING_SHOWN: usize = 10;

/// Whether some folder under `root` holds a whole table's manifest.
fn holds_whole_tables(root: &Path) -> Result<bool, SweepError> {
    let dirs = disk::folders(root).map_err(|(path, source)| SweepError::Io { path, source })?;
    Ok(dirs
        .iter()
        .any(|d| d.join(Part::Whole.manifest()).is_file()))
}

/// Locks and checks the parts in one table folder (`None`: none are left).
fn prepare(dir: &Path) -> Result<Option<PartSet>, SweepError> {
    // The whole table's lock (which no running shard lets be taken), then
    // every part's own.
    let whole_lock = store::lock_part(dir, Part::Whole)?;
    let mut shards = Vec::new();
    let mut locks = Vec::new();
    for name in store::list(dir)? {
        if let Some(s) = Part::of_manifest_name(&name) {
            locks.push(store::lock_own(dir, Part::Shard(s))?);
            shards.push(s);
        }
    }
    if shards.is_empty() {
        return Ok(None);
    }
    // Parts are verified before they are joined; once the whole table is in
    // place (a merge killed while it removed them) they are only removed.
    let joined = dir.join(Part::Whole.manifest()).exists();
    let mut parts: BTreeMap<u32, (Shard, Manifest)> = BTreeMap::new();
    for s in shards {
        let m = match joined {
            false => store::verify_held(dir, Part::Shard(s))?,
            true => {
                let path = dir.join(Part::Shard(s).manifest());
                Manifest::from_bytes(&store::read(&path)?)
                    .map_err(|source| SweepError::Json { path, source })?
            }
        };
        parts.insert(s.index, (s, m));
    }
    let count = parts
        .values()
        .next()
        .map(|(s, _)| s.count)
        .expect("a folder with part manifests has parts");
    if let Some((s, _)) = parts.values().find(|(s, _)| s.count != count) {
        return Err(SweepError::Conflict(format!(
            "{} mixes splits: parts of {count} and of {} shards",
            dir.display(),
            s.count
        )));
    }
    if joined {
        // A merge killed after it wrote the whole table, while it removed
        // the parts: finish it, if the whole table is theirs.
        let whole = store::verify_held(dir, Part::Whole)?;
        let same = parts.values().all(|(_, m)| {
            let mut p = m.parameters.clone();
            p.shard = None;
            whole.parameters.differences(&p).is_empty()
        });
        if !same {
            return Err(SweepError::Conflict(format!(
                "{} already holds the whole table, made with other parameters than its parts; \
                 remove it or the parts",
                dir.display()
            )));
        }
        let params = whole.parameters.clone();
        return Ok(Some(PartSet {
            dir: dir.to_path_buf(),
            parts,
            params,
            joined: Some(whole),
            _whole: whole_lock,
            _parts: locks,
        }));
    }
    // Counted, not listed: a declared split can be of billions of shards.
    let missing = u64::from(count) - parts.len() as u64;
    if missing > 0 {
        let shown: Vec<String> = (1..=count)
            .filter(|i| !parts.contains_key(i))
            .take(MISSING_SHOWN)
            .map(|i| format!("{i}/{count}"))
            .collect();
        let more = match missing - shown.len() as u64 {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        return Err(SweepError::Conflict(format!(
            "{} is missing shard{} {}{more} (run `census24 sweep --shard I/N` with the same options for each)",
            dir.display(),
            if missing > 1 { "s" } else { "" },
            shown.join(", ")
        )));
    }

    let mut whole_params = parts[&1].1.parameters.clone();
    whole_params.shard = None;
    for (s, m) in parts.values() {
        let mut p = m.parameters.clone();
        p.shard = None;
        let diff = whole_params.differences(&p);
        if !diff.is_empty() {
            return Err(SweepError::Mismatch {
                path: dir.join(Part::Shard(*s).manifest()),
                diff: diff.join("; "),
            });
        }
    }
    Ok(Some(PartSet {
        dir: dir.to_path_buf(),
        parts,
        params: whole_params,
        joined: None,
        _whole: whole_lock,
        _parts: locks,
    }))
}

/// Joins a checked set into the whole table, then removes its parts. The
/// whole table's files are its kind's ([`registry::files_of`]): each one held
/// whole (hands) is the parts' stacked and completed, each other one the
/// parts' streamed in shard order; its counts are the parts' summed.
fn join(set: PartSet) -> Result<Merged, SweepError> {
    let (dir, parts) = (set.dir.as_path(), &set.parts);
    if let Some(whole) = set.joined.clone() {
        return finish(dir, parts, whole);
    }
    let entry = |s: &Shard, m: &Manifest, stem: &str| -> Result<FileEntry, SweepError> {
        let name = Part::Shard(*s).file(stem);
        m.files
            .iter()
            .find(|f| f.name == name)
            .cloned()
            .ok_or_else(|| {
                SweepError::Conflict(format!(
                    "{} does not list {name}",
                    dir.join(Part::Shard(*s).manifest()).display()
                ))
            })
    };
    let table_err = |source| SweepError::Table {
        path: dir.to_path_buf(),
        source,
    };
    let mut files = Vec::new();
    for file in registry::files_of(&set.params).map_err(SweepError::Conflict)? {
        let content = match file.whole {
            Some(_) => {
                let mut frames = Vec::new();
                for (s, m) in parts.values() {
                    frames.push(store::read_checked(dir, &entry(s, m, file.stem)?)?);
                }
                // The parts have no places by difficulty: those need every hand.
                Content::Whole(file.join(frames, Part::Whole).map_err(table_err)?)
            }
            None => {
                let schema = (file.empty)().map_err(table_err)?.schema().clone();
                let frames = parts
                    .values()
                    .map(move |(s, m)| store::read_checked(dir, &entry(s, m, file.stem)?));
                Content::Streamed(schema, Box::new(frames))
            }
        };
        files.push((Part::Whole.file(file.stem), content));
    }
    let mut tally = Tally::default();
    for (_, m) in parts.values() {
        tally += m.tally();
    }
    let manifest = store::write_table(dir, Part::Whole, &set.params, &tally, files)?;
    finish(dir, parts, manifest)
}

/// Removes the merged parts (the whole table is in place, manifest last, so
/// a merge killed here is finished by the next one) and says what was done.
fn finish(
    dir: &Path,
    parts: &BTreeMap<u32, (Shard, Manifest)>,
    manifest: Manifest,
) -> Result<Merged, SweepError> {
    for (s, _) in parts.values() {
        store::remove_part(dir, Part::Shard(*s))?;
    }
    Ok(Merged {
        dir: dir.to_path_buf(),
        parts: parts.len() as u32,
        manifest,
    })
}
