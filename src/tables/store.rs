//! The one module that touches table files: atomic writes (temporary name,
//! then rename), chunk files of unfinished runs, and finished tables with
//! their manifest. [`crate::tables::sweep`] and [`crate::tables::merge`] decide what to
//! write; this module decides how it reaches the disk.
//!
//! A finished table is written in the order solutions, hands, manifest, each
//! renamed into place when complete; the manifest's presence is what makes a
//! table (or shard part) complete. Chunk files follow the same rule: a small
//! marker listing the chunk's files with their checksums, renamed last,
//! marks a finished chunk.
//!
//! Reading is the mirror image: [`verify`] checks a manifest's own seal and
//! then the size and SHA-256 of every file it lists before any of them is
//! used, and a chunk whose marker does not verify is solved again.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use polars::prelude::{DataFrame, PolarsError, SchemaRef};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::tables::disk::{self, FolderLock, LockError};
pub use crate::tables::error::SweepError;
use crate::tables::layout::{self, Part};
use crate::tables::manifest::ManifestError;
use crate::tables::manifest::{
    FileEntry, Manifest, Params, RunRecord, Sealed, from_sealed_bytes, sealed_bytes,
};
use crate::tables::summary::Tally;
use crate::tables::table;
use crate::tables::verify::{self, VerifyError};

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> SweepError + '_ {
    move |source| SweepError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn table_err(path: &Path) -> impl FnOnce(PolarsError) -> SweepError + '_ {
    move |source| SweepError::Table {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes `bytes` to `path` through a temporary name in the same folder, so
/// `path` either does not exist or holds all of `bytes`, even if the process
/// is killed midway. (A rename within a folder is atomic.)
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SweepError> {
    disk::write_atomic(path, bytes).map_err(io_err(path))
}

pub fn read(path: &Path) -> Result<Vec<u8>, SweepError> {
    fs::read(path).map_err(io_err(path))
}

pub fn create_dir(path: &Path) -> Result<(), SweepError> {
    fs::create_dir_all(path).map_err(io_err(path))
}

/// The run record of an unfinished run in `partial`, if any.
pub fn read_run_record(partial: &Path) -> Result<Option<RunRecord>, SweepError> {
    let path = partial.join(layout::RUN_RECORD);
    if !path.exists() {
        return Ok(None);
    }
    let bytes = read(&path)?;
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|source| SweepError::Json { path, source })
}

pub fn write_run_record(partial: &Path, record: &RunRecord) -> Result<(), SweepError> {
    create_dir(partial)?;
    let bytes = serde_json::to_vec_pretty(record).expect("run record serializes");
    write_atomic(&partial.join(layout::RUN_RECORD), &bytes)
}

/// What a finished chunk's marker holds: its files with their checksums,
/// and the counts of its hands (so a resumed run need not count them
/// again), sealed like a manifest: a marker whose bytes changed, a count
/// among them, is no marker, and its chunk is solved again.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct ChunkMarker {
    files: Vec<FileEntry>,
    tally: Tally,
    marker_sha256: String,
}

impl Sealed for ChunkMarker {
    fn seal(&mut self) -> &mut String {
        &mut self.marker_sha256
    }
}

/// Writes the files of chunk `c` in order, then the marker that lists them
/// with their checksums and holds the chunk's `tally`: the marker's
/// presence is what makes the chunk done.
pub fn write_chunk(
    partial: &Path,
    c: usize,
    files: &[(String, Vec<u8>)],
    tally: &Tally,
) -> Result<(), SweepError> {
    let mut entries = Vec::new();
    for (name, bytes) in files {
        write_atomic(&partial.join(name), bytes)?;
        entries.push(FileEntry::of(name, 0, bytes));
    }
    let marker = ChunkMarker {
        files: entries,
        tally: tally.clone(),
        marker_sha256: String::new(),
    };
    write_atomic(
        &partial.join(layout::chunk_marker(c)),
        &sealed_bytes(&marker),
    )
}

/// How many finished chunks (with their markers) the unfinished run of
/// `part` in `dir` holds: what an interrupted run has kept.
pub fn finished_chunks(dir: &Path, part: Part) -> usize {
    list(&dir.join(part.partial()))
        .unwrap_or_default()
        .iter()
        .filter(|n| layout::is_chunk_marker(n))
        .count()
}

/// Whether `bytes` are the file `entry` lists: its size and SHA-256.
fn matches(entry: &FileEntry, bytes: &[u8]) -> bool {
    bytes.len() as u64 == entry.bytes && crate::tables::manifest::sha256_hex(bytes) == entry.sha256
}

/// The marker of chunk `c`, if it is there and its seal holds.
fn chunk_marker(partial: &Path, c: usize) -> Option<ChunkMarker> {
    let bytes = fs::read(partial.join(layout::chunk_marker(c))).ok()?;
    from_sealed_bytes(&bytes).ok()
}

/// A finished chunk of an earlier run, as a resumed run takes it back.
#[derive(Debug)]
pub struct DoneChunk {
    pub tally: Tally,
    /// The chunk's files asked for by stem, decoded, in the order asked.
    pub frames: Vec<DataFrame>,
}

/// Chunk `c` of an earlier run, if its marker lists files that all match
/// it (each read and checked once), with the files of `stems` decoded;
/// `None` when the chunk is not done or damaged (it is then solved again).
pub fn read_chunk(
    partial: &Path,
    c: usize,
    stems: &[&str],
) -> Result<Option<DoneChunk>, SweepError> {
    let Some(marker) = chunk_marker(partial, c).filter(|m| !m.files.is_empty()) else {
        return Ok(None);
    };
    let files: Option<Vec<(String, Vec<u8>)>> = marker
        .files
        .into_iter()
        .map(|e| {
            let bytes = fs::read(partial.join(&e.name)).ok()?;
            matches(&e, &bytes).then_some((e.name, bytes))
        })
        .collect();
    let Some(files) = files else {
        return Ok(None);
    };
    let mut frames = Vec::with_capacity(stems.len());
    for stem in stems {
        let name = layout::chunk_file(c, stem);
        let Some((_, bytes)) = files.iter().find(|(n, _)| *n == name) else {
            return Ok(None);
        };
        frames.push(guarded(&partial.join(&name), || {
            table::from_parquet(bytes)
        })?);
    }
    Ok(Some(DoneChunk {
        tally: marker.tally,
        frames,
    }))
}

/// The bytes of `name` of chunk `c`, if the chunk is done and the file
/// matches its marker (the final write reads a finished chunk's files so).
fn read_chunk_file(partial: &Path, c: usize, name: &str) -> Option<Vec<u8>> {
    let entry = chunk_marker(partial, c)?
        .files
        .into_iter()
        .find(|e| e.name == name)?;
    let bytes = fs::read(partial.join(name)).ok()?;
    matches(&entry, &bytes).then_some(bytes)
}

/// The rows of file `stem` of finished chunk `c`, as frames of at most
/// [`table::CHUNK_GROUP_ROWS`] rows in row order: the final write holds one
/// such piece of a chunk at a time rather than the whole chunk decoded.
pub fn read_chunk_stream(
    partial: &Path,
    c: usize,
    stem: &str,
) -> impl Iterator<Item = Result<DataFrame, SweepError>> + use<> {
    let name = layout::chunk_file(c, stem);
    let path = partial.join(&name);
    let bytes = read_chunk_file(partial, c, &name).ok_or_else(|| SweepError::Unverified {
        path: path.clone(),
        what: format!(
            "does not match {} (changed while the run was writing)",
            layout::chunk_marker(c)
        ),
    });
    let mut state = match bytes {
        Ok(bytes) => table::parquet_rows(&bytes)
            .map(|rows| (Some(bytes), rows))
            .map_err(table_err(&path)),
        Err(e) => Err(e),
    };
    let mut offset = 0;
    std::iter::from_fn(move || match &mut state {
        Err(_) => {
            let failed = std::mem::replace(&mut state, Ok((None, 0)));
            failed.err().map(Err)
        }
        Ok((bytes, rows)) => {
            let bytes = bytes.as_ref()?;
            if offset >= *rows {
                return None;
            }
            let len = table::CHUNK_GROUP_ROWS.min(*rows - offset);
            let piece = guarded(&path, || table::from_parquet_slice(bytes, offset, len));
            offset += len;
            Some(piece)
        }
    })
}

/// Removes an unfinished run's folder (through a temporary name, so a kill
/// midway never leaves it half emptied under its own name).
pub fn remove_partial(partial: &Path) -> Result<(), SweepError> {
    disk::remove_folder(partial).map_err(io_err(partial))
}

/// The error of a lock that could not be taken.
fn lock_error(e: LockError) -> SweepError {
    match e {
        LockError::Busy(dir) => SweepError::Busy { dir },
        LockError::Io(path, source) => SweepError::Io { path, source },
    }
}

/// The locks a writer of one part holds: for a shard, the whole table's
/// shared and its own exclusive; for a whole table, its own exclusive. So
/// shards of a table run side by side, and a whole-table sweep or a merge
/// excludes them all.
#[derive(Debug)]
pub struct PartLock {
    _locks: Vec<FolderLock>,
}

/// Takes the locks of `part` in `dir` ([`PartLock`]) and removes the
/// temporaries that killed runs of this part left there and in its
/// unfinished run's folder. Held until dropped.
pub fn lock_part(dir: &Path, part: Part) -> Result<PartLock, SweepError> {
    let mut locks = Vec::new();
    if part != Part::Whole {
        locks.push(disk::lock(dir, &Part::Whole.lock(), disk::Mode::Shared).map_err(lock_error)?);
    }
    locks.push(lock_own(dir, part)?);
    Ok(PartLock { _locks: locks })
}

/// The part's own exclusive lock alone (a merge, which holds the whole
/// table's exclusively, takes each part's so), and the removal of the
/// temporaries its killed runs left.
pub fn lock_own(dir: &Path, part: Part) -> Result<FolderLock, SweepError> {
    let lock = disk::lock(dir, &part.lock(), disk::Mode::Exclusive).map_err(lock_error)?;
    disk::remove_temporaries(dir, |t| part.owns(t)).map_err(io_err(dir))?;
    let partial = dir.join(part.partial());
    disk::remove_temporaries(&partial, |_| true).map_err(io_err(&partial))?;
    Ok(lock)
}

/// What a run finds where its table goes.
#[derive(Debug)]
pub enum Before {
    /// No manifest: nothing finished is there.
    Nothing,
    /// A finished table with these parameters, every file verified (only
    /// asked for with `skip_complete`).
    Complete(Box<Manifest>),
    /// A manifest that the run replaces: same parameters and no
    /// `skip_complete`, or a table that does not verify (damaged, or of an
    /// earlier census24).
    Remake,
}

/// Looks at the manifest of `part` in `dir` before a run with `params`
/// starts. A table made with other parameters is an error naming them;
/// with `skip_complete`, a table that verifies is kept and one that does
/// not is made again.
pub fn before_run(
    dir: &Path,
    part: Part,
    params: &Params,
    skip_complete: bool,
) -> Result<Before, SweepError> {
    let path = dir.join(part.manifest());
    let bytes = match fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Before::Nothing),
        Err(source) => return Err(SweepError::Io { path, source }),
    };
    // The parameters are compared only if the manifest can be trusted (or
    // is an earlier census24's, without a seal): a damaged one is replaced.
    let m = match Manifest::from_checked_bytes(&bytes) {
        Ok(m) => m,
        Err(ManifestError::Unsealed) => match Manifest::from_bytes(&bytes) {
            Ok(m) => m,
            Err(_) => return Ok(Before::Remake),
        },
        Err(_) => return Ok(Before::Remake),
    };
    let diff = m.parameters.differences(params);
    if !diff.is_empty() {
        return Err(SweepError::Mismatch {
            path,
            diff: diff.join("; "),
        });
    }
    if skip_complete && let Ok(m) = verify_held(dir, part) {
        return Ok(Before::Complete(Box::new(m)));
    }
    Ok(Before::Remake)
}

/// The manifest of the finished `part` in `dir`, once its own seal and the
/// size and SHA-256 of every file it lists are checked. Any difference is
/// an error naming the file and what differs (or, while another census24
/// process holds the part's lock, that it is being written).
pub fn verify(dir: &Path, part: Part) -> Result<Manifest, SweepError> {
    verify_held(dir, part).map_err(|e| {
        // Shards hold the whole table's lock (shared) as they write.
        if disk::is_locked(dir, &part.lock()) || disk::is_locked(dir, &Part::Whole.lock()) {
            SweepError::Busy {
                dir: dir.to_path_buf(),
            }
        } else {
            e
        }
    })
}

/// [`verify`] for a caller that holds the part's lock itself (a busy lock
/// is then its own). The checks are [`verify::verify_table`]'s, which the
/// Python package runs too; this adds why a folder has no finished part.
pub fn verify_held(dir: &Path, part: Part) -> Result<Manifest, SweepError> {
    verify::verify_table(dir, &part.manifest()).map_err(|e| match e {
        VerifyError::NoManifest { .. } => no_manifest(dir, part),
        VerifyError::Io { path, source } => SweepError::Io { path, source },
        VerifyError::BadManifest { path, source } => SweepError::BadManifest { path, source },
        VerifyError::WrongFolder(w) => SweepError::WrongFolder(w),
        VerifyError::Unverified { path, what } => SweepError::Unverified { path, what },
    })
}

/// Why there is no finished `part` in `dir`: only shard parts, files
/// without a manifest (an unfinished run), or nothing at all.
fn no_manifest(dir: &Path, part: Part) -> SweepError {
    let names = list(dir).unwrap_or_default();
    if part == Part::Whole && names.iter().any(|n| Part::of_manifest_name(n).is_some()) {
        return SweepError::OnlyParts {
            dir: dir.to_path_buf(),
        };
    }
    if let Some(file) = names.iter().find(|n| part.is_table_file(n)) {
        return SweepError::Unfinished {
            path: dir.join(file),
            manifest: part.manifest(),
        };
    }
    SweepError::NoTable {
        dir: dir.to_path_buf(),
    }
}

/// Frames in row order, as the final write streams them to a file.
pub type Frames<'a> = Box<dyn Iterator<Item = Result<DataFrame, SweepError>> + Send + 'a>;

/// The rows of one Parquet file of a finished table, as [`write_table`]
/// takes them.
pub enum Content<'a> {
    /// A whole frame in memory (a hands table), encoded while the streamed
    /// files are written.
    Whole(DataFrame),
    /// Frames with the columns of the schema, streamed to disk so that
    /// memory never holds the whole file (solutions, reach rows).
    Streamed(SchemaRef, Frames<'a>),
}

impl std::fmt::Debug for Content<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Content::Whole(df) => f.debug_tuple("Whole").field(&df.shape()).finish(),
            Content::Streamed(schema, _) => f.debug_tuple("Streamed").field(schema).finish(),
        }
    }
}

/// Writes a finished table (or shard part) into `dir`: its `files` (name
/// and rows, in the order the manifest lists them), the streamed ones
/// first, then those held whole, then the manifest with `tally`. So a
/// hands file is never without its solutions, and the manifest, written
/// last, is what makes the table complete. Returns the manifest.
pub fn write_table(
    dir: &Path,
    part: Part,
    parameters: &Params,
    tally: &Tally,
    files: Vec<(String, Content<'_>)>,
) -> Result<Manifest, SweepError> {
    create_dir(dir)?;
    let mut whole = Vec::new();
    let mut streamed = Vec::new();
    for (i, (name, content)) in files.into_iter().enumerate() {
        match content {
            Content::Whole(df) => whole.push((i, name, df)),
            Content::Streamed(schema, frames) => streamed.push((i, name, schema, frames)),
        }
    }
    // A thread of its own, not a rayon join: a rayon worker waiting for
    // polars would run the other task first instead of beside it.
    let (encoded, written) = std::thread::scope(|s| {
        let writer = s.spawn(|| {
            streamed
                .into_iter()
                .map(|(i, name, schema, frames)| {
                    Ok((i, write_frames(dir, &name, &schema, frames)?))
                })
                .collect::<Result<Vec<_>, SweepError>>()
        });
        let encoded: Result<Vec<_>, SweepError> = whole
            .into_iter()
            .map(|(i, name, mut df)| {
                let bytes = table::to_parquet(&mut df).map_err(table_err(&dir.join(&name)))?;
                Ok((i, name, df.height(), bytes))
            })
            .collect();
        let written = writer.join().expect("the table writer does not panic");
        (encoded, written)
    });
    let mut entries = written?;
    for (i, name, rows, bytes) in encoded? {
        write_atomic(&dir.join(&name), &bytes)?;
        entries.push((i, FileEntry::of(&name, rows, &bytes)));
    }
    entries.sort_by_key(|(i, _)| *i);
    let files = entries.into_iter().map(|(_, e)| e).collect();
    let manifest = Manifest::new(parameters.clone(), tally, files);
    write_atomic(&dir.join(part.manifest()), &manifest.to_bytes())?;
    Ok(manifest)
}

/// Passes bytes through to a file while hashing and counting them, so a
/// large table is checksummed without being held in memory.
struct Hashing<W> {
    inner: W,
    hasher: Sha256,
    bytes: u64,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Streams frames with the columns of `schema` into one Parquet file
/// `dir/name`, through a temporary name, hashing it on the way.
pub fn write_frames<I>(
    dir: &Path,
    name: &str,
    schema: &polars::prelude::Schema,
    frames: I,
) -> Result<FileEntry, SweepError>
where
    I: Iterator<Item = Result<DataFrame, SweepError>>,
{
    let path = dir.join(name);
    let tmp = disk::temporary_for(&path).map_err(io_err(dir))?;
    let file = tmp.reopen().map_err(io_err(tmp.path()))?;
    let mut out = Hashing {
        inner: BufWriter::new(file),
        hasher: Sha256::new(),
        bytes: 0,
    };
    let mut writer = table::TableWriter::new(&mut out, schema).map_err(table_err(&path))?;
    for frame in frames {
        writer.push(frame?).map_err(table_err(&path))?;
    }
    let rows = writer.finish().map_err(table_err(&path))?;
    out.flush().map_err(io_err(tmp.path()))?;
    let Hashing { hasher, bytes, .. } = out;
    let entry = FileEntry {
        name: name.to_string(),
        rows: rows as u64,
        bytes,
        sha256: crate::tables::manifest::to_hex(&hasher.finalize()),
    };
    tmp.as_file().sync_data().map_err(io_err(tmp.path()))?;
    disk::persist(tmp, &path).map_err(io_err(&path))?;
    Ok(entry)
}

/// A file of a finished table, checked against its manifest entry (again:
/// [`verify`] checked it before, and a reader must not trust a file that
/// changed since).
pub fn read_checked(dir: &Path, entry: &FileEntry) -> Result<DataFrame, SweepError> {
    read_checked_with(dir, entry, table::from_parquet)
}

/// [`read_checked`] of a finished table's file for its readers: a column
/// its table leaves out ([`table::Computed`]) comes back as nulls of its
/// type ([`table::with_absent`]), so every reader sees its kind's columns.
pub fn read_whole(dir: &Path, entry: &FileEntry) -> Result<DataFrame, SweepError> {
    let stem = stem_of(&entry.name);
    read_checked_with(dir, entry, |bytes| {
        table::with_absent(stem, table::from_parquet(bytes)?)
    })
}

/// [`read_whole`] of only the columns `columns`.
pub fn read_checked_columns(
    dir: &Path,
    entry: &FileEntry,
    columns: &[&str],
) -> Result<DataFrame, SweepError> {
    let stem = stem_of(&entry.name);
    read_checked_with(dir, entry, |bytes| {
        table::from_parquet_columns_of(bytes, stem, columns)
    })
}

/// `hands` of `hands.parquet`.
fn stem_of(name: &str) -> &str {
    name.strip_suffix(".parquet").unwrap_or(name)
}

/// A file of a finished table, checked against its manifest entry, handed
/// to `parse` as its bytes: a reader that folds the rows piece by piece
/// ([`table::from_parquet_slice`]) rather than decoding them all at once.
pub fn read_checked_with<T>(
    dir: &Path,
    entry: &FileEntry,
    parse: impl FnOnce(&[u8]) -> Result<T, PolarsError>,
) -> Result<T, SweepError> {
    let path = dir.join(&entry.name);
    let bytes = read(&path)?;
    if !matches(entry, &bytes) {
        return Err(SweepError::Unverified {
            path,
            what: "changed after it was verified".to_string(),
        });
    }
    guarded(&path, || parse(&bytes))
}

/// Runs a Parquet read of `path`, turning both its error and a panic inside
/// the reader into an error naming the file.
pub fn guarded<T>(
    path: &Path,
    read: impl FnOnce() -> Result<T, PolarsError>,
) -> Result<T, SweepError> {
    match disk::catch_panic(read) {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(source)) => Err(SweepError::Table {
            path: path.to_path_buf(),
            source,
        }),
        Err(message) => Err(SweepError::Panicked {
            path: path.to_path_buf(),
            message,
        }),
    }
}

/// Removes the files of a finished part, manifest last (so an interrupted
/// removal still leaves a part that is either complete or clearly partial).
/// The files are those of the part's names ([`Part::is_table_file`]), not
/// names read from its manifest.
pub fn remove_part(dir: &Path, part: Part) -> Result<(), SweepError> {
    let names = list(dir)?;
    for name in names.into_iter().filter(|n| part.is_table_file(n)) {
        let path = dir.join(name);
        match disk::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_err(&path)(e)),
            _ => {}
        }
    }
    let path = dir.join(part.manifest());
    disk::remove_file(&path).map_err(io_err(&path))
}

/// Names of the entries of `dir`, sorted (empty if it does not exist).
pub fn list(dir: &Path) -> Result<Vec<String>, SweepError> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut names = Vec::new();
    for e in fs::read_dir(dir).map_err(io_err(dir))? {
        let e = e.map_err(io_err(dir))?;
        names.push(e.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    Ok(names)
}
