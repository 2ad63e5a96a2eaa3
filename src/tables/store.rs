//! The one module that touches table files: atomic writes (temporary name,
//! then rename), chunk files of unfinished runs, and finished tables with
//! their manifest. [`crate::tables::sweep`] and [`crate::tables::merge`] decide what to
//! write; this module decides how it reaches the disk.
//!
//! A finished table is written in the order solutions, hands, manifest, each
//! renamed into place when complete; the manifest's presence is what makes a
//! table (or shard part) complete. Chunk files follow the same rule: the
//! hands file, renamed last, marks a finished chunk.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use polars::prelude::{DataFrame, PolarsError};
use sha2::{Digest, Sha256};
use tempfile::NamedTempFile;

use crate::tables::disk;
pub use crate::tables::error::SweepError;
use crate::tables::layout::{self, Part};
use crate::tables::manifest::{FileEntry, Manifest, Params, RunRecord};
use crate::tables::table;

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

/// The manifest at `path`, or `None` when there is none.
pub fn read_manifest(path: &Path) -> Result<Option<Manifest>, SweepError> {
    if !path.exists() {
        return Ok(None);
    }
    let bytes = read(path)?;
    Manifest::from_bytes(&bytes)
        .map(Some)
        .map_err(|source| SweepError::Json {
            path: path.to_path_buf(),
            source,
        })
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

/// Persists chunk `c`: its solutions as chunk-file bytes
/// ([`table::TableWriter::for_chunk`]) when the run makes them, then its
/// hands (last: the hands file marks the chunk done).
pub fn write_chunk(
    partial: &Path,
    c: usize,
    hands: &DataFrame,
    solutions: Option<&[u8]>,
) -> Result<(), SweepError> {
    if let Some(bytes) = solutions {
        write_atomic(&partial.join(layout::chunk_solutions(c)), bytes)?;
    }
    let path = partial.join(layout::chunk_hands(c));
    write_atomic(
        &path,
        &table::to_chunk_parquet(hands).map_err(table_err(&path))?,
    )
}

/// Writes one frame as a Parquet file, atomically.
pub fn write_frame(path: &Path, df: &mut DataFrame) -> Result<(), SweepError> {
    write_atomic(path, &table::to_parquet(df).map_err(table_err(path))?)
}

/// The frame of a Parquet file written by [`write_frame`], if it exists.
pub fn read_frame(path: &Path) -> Result<Option<DataFrame>, SweepError> {
    if !path.exists() {
        return Ok(None);
    }
    table::from_parquet(&read(path)?)
        .map_err(table_err(path))
        .map(Some)
}

/// The hands of chunk `c` of an earlier run, if that chunk finished.
pub fn read_chunk_hands(partial: &Path, c: usize) -> Result<Option<DataFrame>, SweepError> {
    read_frame(&partial.join(layout::chunk_hands(c)))
}

/// The solutions of finished chunk `c`, as frames of at most
/// [`table::CHUNK_GROUP_ROWS`] rows in row order: the final write holds one
/// such piece of a chunk at a time rather than the whole chunk decoded.
pub fn read_chunk_solutions(
    partial: &Path,
    c: usize,
) -> impl Iterator<Item = Result<DataFrame, SweepError>> {
    let path = partial.join(layout::chunk_solutions(c));
    let mut state = match read(&path) {
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
            let piece = table::from_parquet_slice(bytes, offset, len).map_err(table_err(&path));
            offset += len;
            Some(piece)
        }
    })
}

pub fn remove_partial(partial: &Path) -> Result<(), SweepError> {
    if partial.exists() {
        fs::remove_dir_all(partial).map_err(io_err(partial))?;
    }
    Ok(())
}

/// Writes a finished table (or shard part) into `dir`: the solutions table
/// streamed from `solutions` (frames in row order; `None` when the run made
/// no solutions), then the hands table, then the manifest. Returns the
/// manifest.
pub fn write_table<I>(
    dir: &Path,
    part: Part,
    parameters: Params,
    mut hands: DataFrame,
    solutions: Option<I>,
) -> Result<Manifest, SweepError>
where
    I: Iterator<Item = Result<DataFrame, SweepError>> + Send,
{
    create_dir(dir)?;
    // Hands first in the listing (it is the main table); solutions first on
    // disk, so a hands file is never without its solutions. The hands are
    // encoded while the solutions are written.
    let hands_path = dir.join(part.hands());
    // A thread of its own, not a rayon join: a rayon worker waiting for
    // polars would run the other task first instead of beside it.
    let (hands_bytes, solutions) = std::thread::scope(|s| {
        let sols =
            s.spawn(|| solutions.map(|frames| write_streamed(dir, &part.solutions(), frames)));
        let hands_bytes = table::to_parquet(&mut hands).map_err(table_err(&hands_path));
        (
            hands_bytes,
            sols.join().expect("the solutions writer does not panic"),
        )
    });
    let hands_bytes = hands_bytes?;
    let mut files = vec![FileEntry::of(&part.hands(), hands.height(), &hands_bytes)];
    let mut solution_rows = 0;
    if let Some(entry) = solutions.transpose()? {
        solution_rows = entry.rows as usize;
        files.push(entry);
    }
    write_atomic(&hands_path, &hands_bytes)?;
    let tally = table::tally(&hands, solution_rows).map_err(table_err(dir))?;
    let manifest = Manifest::new(parameters, &tally, files);
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

/// Streams a solutions table into `dir/name` through a temporary name.
fn write_streamed<I>(dir: &Path, name: &str, frames: I) -> Result<FileEntry, SweepError>
where
    I: Iterator<Item = Result<DataFrame, SweepError>>,
{
    let schema = table::solutions_frame(&[])
        .map_err(table_err(&dir.join(name)))?
        .schema()
        .clone();
    write_frames(dir, name, &schema, frames)
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
    let tmp = NamedTempFile::new_in(dir).map_err(io_err(dir))?;
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
    tmp.persist(&path).map_err(|e| SweepError::Io {
        path: path.clone(),
        source: e.error,
    })?;
    Ok(entry)
}

/// A file of a finished table, checked against its manifest entry.
pub fn read_checked(dir: &Path, entry: &FileEntry) -> Result<DataFrame, SweepError> {
    let path = dir.join(&entry.name);
    let bytes = read(&path)?;
    if crate::tables::manifest::sha256_hex(&bytes) != entry.sha256 {
        return Err(SweepError::Corrupt { path });
    }
    table::from_parquet(&bytes).map_err(table_err(&path))
}

/// Removes the files of a finished part, manifest last (so an interrupted
/// removal still leaves a part that is either complete or clearly partial).
pub fn remove_part(dir: &Path, manifest: &Manifest, part: Part) -> Result<(), SweepError> {
    for f in &manifest.files {
        let path = dir.join(&f.name);
        fs::remove_file(&path).map_err(io_err(&path))?;
    }
    let path = dir.join(part.manifest());
    fs::remove_file(&path).map_err(io_err(&path))
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
