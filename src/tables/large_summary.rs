//! The per-set summary of a census of large sets: what `data/` ships in
//! place of the whole census's table (2,555,190 sets make a table of
//! 148 MB; the summary keeps each set's solvable games by number of large
//! tiles in 14 MB). `just large-sets` makes the whole table and then
//! this summary from it.
//!
//! Two files in `DATA/large-sets/`: `sets.parquet`, one row per set in
//! table order (`large_1` to `large_4`, the numbers ascending;
//! `solvable_0` to `solvable_4`, the games solved exactly with that many
//! large tiles in the selection; `games_0` to `games_4`, the games there
//! are with that many, the same on every row, so that the file alone gives
//! each share), and `manifest.json`, written last and
//! sealed like a table's manifest: the census, the whole table it was made
//! from (its partition and the SHA-256 of its `large_sets.parquet`), the
//! games of each number of large tiles (the same for every set: its
//! selections times the targets) and the file's size and SHA-256. A reader
//! ([`read`]) trusts the rows only when all of these agree.

use std::path::Path;

#[cfg(feature = "tables")]
use polars::polars_utils::compression::ZstdLevel;
#[cfg(feature = "tables")]
use polars::prelude::*;
#[cfg(feature = "tables")]
use polars_io::prelude::{ParquetReader, StatisticsOptions};
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[cfg(feature = "tables")]
use crate::tables::columns::{SET_GAMES, SET_LARGE, SET_SOLVABLE};
#[cfg(feature = "tables")]
use crate::tables::large_counts::Counts;
#[cfg(feature = "tables")]
use crate::tables::manifest::sealed_bytes;
use crate::tables::manifest::{FileEntry, Sealed, from_sealed_bytes, sha256_hex};
use crate::tables::registry::large_sets::LARGE_IN_SET;
#[cfg(feature = "tables")]
use crate::tables::registry::large_sets::{LargeKey, SetStat};

/// The summary's folder under the data folder.
pub const SUMMARY_DIR: &str = "large-sets";
/// One row per set.
pub const SETS_FILE: &str = "sets.parquet";
/// What the rows are, sealed; written last.
pub const SUMMARY_MANIFEST: &str = "manifest.json";

/// `DATA/large-sets/manifest.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryManifest {
    pub tool: String,
    pub tool_version: String,
    /// `every set of four from 11..100, targets 100..999`.
    pub census: String,
    /// The whole table's folder under its data folder.
    pub table: String,
    /// The SHA-256 of the whole table's `large_sets.parquet`.
    pub table_sha256: String,
    pub sets: u64,
    /// Every set's games with 0 to 4 large tiles in the selection.
    pub games_by_tiles: [u64; LARGE_IN_SET + 1],
    pub files: Vec<FileEntry>,
    pub manifest_sha256: String,
}

impl Sealed for SummaryManifest {
    fn seal(&mut self) -> &mut String {
        &mut self.manifest_sha256
    }
}

/// One set's row: its numbers and its solvable games by large tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetSolvable {
    pub numbers: [i64; LARGE_IN_SET],
    pub solvable: [u64; LARGE_IN_SET + 1],
}

impl SetSolvable {
    /// Solvable games over every selection.
    pub fn total(&self) -> u64 {
        self.solvable.iter().sum()
    }
}

/// Why a summary could not be made or read: one line naming the file or
/// the set.
#[derive(Debug, Error)]
pub enum SummaryError {
    #[error("{file}: {what}")]
    Bad { file: String, what: String },
    #[cfg(feature = "tables")]
    #[error("{file}: {source}")]
    Table { file: String, source: PolarsError },
}

fn bad(file: &str, what: impl Into<String>) -> SummaryError {
    SummaryError::Bad {
        file: file.to_string(),
        what: what.into(),
    }
}

#[cfg(feature = "tables")]
/// The summary's files of the census `key`, from its sets (table order)
/// and the bytes' SHA-256 of the whole table they were read from, in the
/// order they are to be written (the manifest last).
pub fn summary_files(
    key: &LargeKey,
    sets: &[SetStat],
    table_sha256: &str,
) -> Result<Vec<(&'static str, Vec<u8>)>, SummaryError> {
    let games: [u64; LARGE_IN_SET + 1] =
        std::array::from_fn(|j| sets.first().map_or(0, |s| s.by_tiles[j].games));
    let rows = sets
        .iter()
        .map(|s| {
            let numbers = s.numbers;
            let solvable = std::array::from_fn(|j| s.by_tiles[j].solvable);
            for (j, &want) in games.iter().enumerate() {
                let c: &Counts = &s.by_tiles[j];
                if c.games != want {
                    return Err(bad(
                        SETS_FILE,
                        format!(
                            "set {} has {} games with {j} large tiles, not {}",
                            s.large(),
                            c.games,
                            want
                        ),
                    ));
                }
            }
            Ok(SetSolvable { numbers, solvable })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let manifest = SummaryManifest {
        tool: "census24".to_string(),
        tool_version: env!("CARGO_PKG_VERSION").to_string(),
        census: format!("{}, targets {}", key.sets, key.targets),
        table: key.partition().to_string_lossy().replace('\\', "/"),
        table_sha256: table_sha256.to_string(),
        sets: sets.len() as u64,
        games_by_tiles: games,
        files: Vec::new(),
        manifest_sha256: String::new(),
    };
    files_of(manifest, &rows)
}

#[cfg(feature = "tables")]
/// The summary's files of `rows` under `manifest` (its file entry and seal
/// made here): `sets.parquet`, then `manifest.json`.
fn files_of(
    mut manifest: SummaryManifest,
    rows: &[SetSolvable],
) -> Result<Vec<(&'static str, Vec<u8>)>, SummaryError> {
    let bytes = sets_parquet(rows, &manifest.games_by_tiles)?;
    manifest.files = vec![FileEntry::of(SETS_FILE, rows.len(), &bytes)];
    manifest.manifest_sha256 = String::new();
    Ok(vec![
        (SETS_FILE, bytes),
        (SUMMARY_MANIFEST, sealed_bytes(&manifest)),
    ])
}

// A column for each of a set's numbers and each count of large tiles.
#[cfg(feature = "tables")]
const _: () = assert!(
    SET_LARGE.len() == LARGE_IN_SET
        && SET_SOLVABLE.len() == LARGE_IN_SET + 1
        && SET_GAMES.len() == LARGE_IN_SET + 1
);

/// zstd level of `sets.parquet`: the tightest, as the file is shipped in
/// the repository and written once.
#[cfg(feature = "tables")]
const SETS_ZSTD_LEVEL: i32 = 22;

#[cfg(feature = "tables")]
/// `sets.parquet` of `rows`: each set's numbers (`large_1` to `large_4`,
/// u16), its solvable games by large tiles (`solvable_0` to `solvable_4`,
/// u32), and the games there are by large tiles (`games_0` to `games_4`,
/// u32, the same on every row), so that the file alone gives every share.
///
/// The file is shipped in the repository, so it is written for size: one
/// row group, every column delta-encoded (`DELTA_BINARY_PACKED`: rows come
/// in table order, and neighbouring sets share three numbers and have
/// close counts), then zstd at [`SETS_ZSTD_LEVEL`], and no statistics. For
/// the census's 2,555,190 sets, polars' own choice (nine row groups of
/// plain or dictionary pages) made 23,162,852 bytes; this makes
/// 14,387,595. polars, pyarrow and DuckDB read it. A count must be below
/// 2^31: Parquet stores a u32 as a 32-bit signed integer, and pyarrow
/// refuses delta pages whose values straddle 2^31 (a set has at most
/// 13,243,000 games). Same rows, same bytes.
fn sets_parquet(
    rows: &[SetSolvable],
    games: &[u64; LARGE_IN_SET + 1],
) -> Result<Vec<u8>, SummaryError> {
    use polars_arrow::array::{Array, PrimitiveArray};
    use polars_arrow::datatypes::{ArrowSchema, Field};
    use polars_parquet::write::{CompressionOptions, Encoding, Version, WriteOptions};

    let count = |what: &str, x: u64, row: Option<&SetSolvable>| {
        u32::try_from(x)
            .ok()
            .filter(|&c| c <= i32::MAX as u32)
            .ok_or_else(|| {
                let of = row.map_or(String::new(), |r| format!("set {:?} has ", r.numbers));
                bad(SETS_FILE, format!("{of}{x} {what}, not below 2^31"))
            })
    };
    let mut columns: Vec<(String, Box<dyn Array>)> = Vec::new();
    for (i, name) in SET_LARGE.iter().enumerate() {
        let v = rows
            .iter()
            .map(|r| {
                u16::try_from(r.numbers[i]).map_err(|_| {
                    bad(
                        SETS_FILE,
                        format!("set {:?} is not four numbers below 65536", r.numbers),
                    )
                })
            })
            .collect::<Result<Vec<u16>, _>>()?;
        columns.push((name.to_string(), PrimitiveArray::from_vec(v).boxed()));
    }
    for (j, name) in SET_SOLVABLE.iter().enumerate() {
        let v = rows
            .iter()
            .map(|r| count("solvable games", r.solvable[j], Some(r)))
            .collect::<Result<Vec<u32>, _>>()?;
        columns.push((name.to_string(), PrimitiveArray::from_vec(v).boxed()));
    }
    for (name, &g) in SET_GAMES.iter().zip(games) {
        let g = count("games", g, None)?;
        columns.push((
            name.to_string(),
            PrimitiveArray::from_vec(vec![g; rows.len()]).boxed(),
        ));
    }
    let err = |source| SummaryError::Table {
        file: SETS_FILE.to_string(),
        source,
    };
    let schema: ArrowSchema = columns
        .iter()
        .map(|(name, array)| Field::new(name.as_str().into(), array.dtype().clone(), true))
        .collect();
    let options = WriteOptions {
        statistics: StatisticsOptions::empty(),
        version: Version::V1,
        compression: CompressionOptions::Zstd(Some(
            ZstdLevel::try_new(SETS_ZSTD_LEVEL).map_err(err)?,
        )),
        data_page_size: None,
    };
    let encodings = vec![vec![Encoding::DeltaBinaryPacked]; columns.len()];
    let arrays = columns.into_iter().map(|(_, a)| a).collect();
    crate::tables::table::arrow_parquet(schema, arrays, rows.len(), options, encodings).map_err(err)
}

#[cfg(feature = "tables")]
/// Writes the summary in `dir` again in today's form, from its own rows
/// (a summary written before `sets.parquet` held the games by large
/// tiles gains them): its census, table and games unchanged, the file and
/// the seal new; the bytes a fresh `just large-sets` writes. Returns
/// whether anything changed.
pub fn rewrite(dir: &Path) -> Result<bool, SummaryError> {
    let (manifest, rows) = read(dir)?;
    let mut today = manifest.clone();
    today.tool_version = env!("CARGO_PKG_VERSION").to_string();
    let files = files_of(today, &rows)?;
    let same = files
        .iter()
        .all(|(name, bytes)| std::fs::read(dir.join(name)).is_ok_and(|b| &b == bytes));
    if same {
        return Ok(false);
    }
    for (name, bytes) in &files {
        let path = dir.join(name);
        crate::tables::disk::write_atomic(&path, bytes)
            .map_err(|e| bad(&path.display().to_string(), e.to_string()))?;
    }
    Ok(true)
}

/// The summary in `dir`: its manifest, if its seal holds, and the bytes of
/// `sets.parquet`, if they have the size and SHA-256 it lists (no polars:
/// the Python package reads it through this).
pub fn verified(dir: &Path) -> Result<(SummaryManifest, Vec<u8>), SummaryError> {
    let manifest = read_manifest(dir)?;
    let path = dir.join(SETS_FILE);
    let file = path.display().to_string();
    let entry = manifest
        .files
        .iter()
        .find(|f| f.name == SETS_FILE)
        .ok_or_else(|| bad(&file, format!("is not listed in its {SUMMARY_MANIFEST}")))?;
    let bytes = std::fs::read(&path).map_err(|e| bad(&file, e.to_string()))?;
    if bytes.len() as u64 != entry.bytes || sha256_hex(&bytes) != entry.sha256 {
        return Err(bad(
            &file,
            format!(
                "does not match the size and SHA-256 its {SUMMARY_MANIFEST} lists (the file was \
                 changed or damaged): make it again with `just large-sets`"
            ),
        ));
    }
    Ok((manifest, bytes))
}

/// The summary's manifest in `dir`, if its seal holds.
pub fn read_manifest(dir: &Path) -> Result<SummaryManifest, SummaryError> {
    let path = dir.join(SUMMARY_MANIFEST);
    let file = path.display().to_string();
    let bytes = std::fs::read(&path).map_err(|e| bad(&file, e.to_string()))?;
    from_sealed_bytes(&bytes).map_err(|e| bad(&file, e.to_string()))
}

#[cfg(feature = "tables")]
/// The summary in `dir` (`DATA/large-sets`): its manifest and rows, only
/// when the manifest's seal holds and the file has the size, SHA-256 and
/// rows it lists.
pub fn read(dir: &Path) -> Result<(SummaryManifest, Vec<SetSolvable>), SummaryError> {
    let (manifest, bytes) = verified(dir)?;
    let file = dir.join(SETS_FILE).display().to_string();
    let entry = manifest
        .files
        .iter()
        .find(|f| f.name == SETS_FILE)
        .expect("a verified summary lists its sets");
    let err = |source| SummaryError::Table {
        file: file.clone(),
        source,
    };
    let df = ParquetReader::new(std::io::Cursor::new(bytes))
        .finish()
        .map_err(err)?;
    if df.height() as u64 != entry.rows || entry.rows != manifest.sets {
        return Err(bad(
            &file,
            format!(
                "holds {} rows, not the {} sets its manifest lists",
                df.height(),
                manifest.sets
            ),
        ));
    }
    // The columns read as written (u16 numbers, u32 counts: a strict cast
    // to their own type copies nothing) and zipped into rows in one pass;
    // widening all nine to 64 bits first held 180 MB more at the peak.
    let typed = |name: &str, to: DataType| -> Result<Column, SummaryError> {
        df.column(name).map_err(err)?.strict_cast(&to).map_err(err)
    };
    let large = SET_LARGE
        .iter()
        .map(|name| typed(name, DataType::UInt16))
        .collect::<Result<Vec<_>, _>>()?;
    let solvable = SET_SOLVABLE
        .iter()
        .map(|name| typed(name, DataType::UInt32))
        .collect::<Result<Vec<_>, _>>()?;
    let mut large = large
        .iter()
        .map(|c| Ok(c.u16().map_err(err)?.into_no_null_iter()))
        .collect::<Result<Vec<_>, SummaryError>>()?;
    let mut solvable = solvable
        .iter()
        .map(|c| Ok(c.u32().map_err(err)?.into_no_null_iter()))
        .collect::<Result<Vec<_>, SummaryError>>()?;
    // A summary written before the games by large tiles were a column has
    // none; one that has them holds the manifest's on every row.
    for (j, &want) in manifest.games_by_tiles.iter().enumerate() {
        let name = SET_GAMES[j];
        if df.schema().contains(name) {
            let c = typed(name, DataType::UInt32)?;
            if c.u32()
                .map_err(err)?
                .iter()
                .any(|g| g.map(u64::from) != Some(want))
            {
                return Err(bad(
                    &file,
                    format!("{name} is not {want} on every row, as its manifest lists"),
                ));
            }
        }
    }
    // Every column has the frame's height.
    let rows = (0..df.height())
        .map(|_| SetSolvable {
            numbers: std::array::from_fn(|i| i64::from(large[i].next().unwrap_or_default())),
            solvable: std::array::from_fn(|j| u64::from(solvable[j].next().unwrap_or_default())),
        })
        .collect();
    Ok((manifest, rows))
}

#[cfg(all(test, feature = "tables"))]
mod tests {
    use super::*;
    use crate::game::targets::TargetRange;
    use crate::tables::registry::large_sets::{LargeSets, count_sets};
    use polars_io::prelude::{ParquetCompression, ParquetWriter};

    /// `sets.parquet` is written for size and read as written: one row
    /// group even past polars' own 262,144 rows, every page delta-encoded,
    /// each column's own type (u16 numbers, u32 counts) in order; a count
    /// of 2^31 or more is refused in one line naming it.
    #[test]
    fn the_sets_file_is_one_row_group_of_delta_pages() {
        use polars_parquet::parquet::page::CompressedPage;
        use polars_parquet::parquet::read::{get_page_iterator, read_metadata};
        use polars_parquet::write::Encoding;
        let rows: Vec<SetSolvable> = (0..300_000u64)
            .map(|i| SetSolvable {
                numbers: [11, 20, 40, 60].map(|n| n + i as i64 % 7),
                solvable: std::array::from_fn(|j| (i * 7_919 + j as u64 * 104_729) % 5_000_000),
            })
            .collect();
        let games = [5_000_000; LARGE_IN_SET + 1];
        let bytes = sets_parquet(&rows, &games).unwrap();
        let meta = read_metadata(&mut std::io::Cursor::new(&bytes)).unwrap();
        assert_eq!(meta.row_groups.len(), 1);
        let columns = meta.row_groups[0].parquet_columns();
        assert_eq!(columns.len(), 3 * LARGE_IN_SET + 2);
        for column in columns {
            let at = std::io::Cursor::new(bytes.clone().into());
            for page in get_page_iterator(column, at, Vec::new(), usize::MAX).unwrap() {
                match page.unwrap() {
                    CompressedPage::Data(p) => assert_eq!(
                        Encoding::try_from(p.header().encoding()).unwrap(),
                        Encoding::DeltaBinaryPacked
                    ),
                    CompressedPage::Dict(_) => panic!("a dictionary page"),
                }
            }
        }
        let df = ParquetReader::new(std::io::Cursor::new(bytes))
            .finish()
            .unwrap();
        let names: Vec<String> = SET_LARGE
            .iter()
            .chain(&SET_SOLVABLE)
            .chain(&SET_GAMES)
            .map(|name| name.to_string())
            .collect();
        let got: Vec<(String, DataType)> = df
            .columns()
            .iter()
            .map(|c| (c.name().to_string(), c.dtype().clone()))
            .collect();
        let want: Vec<(String, DataType)> = names
            .into_iter()
            .enumerate()
            .map(|(i, n)| {
                let t = if i < LARGE_IN_SET {
                    DataType::UInt16
                } else {
                    DataType::UInt32
                };
                (n, t)
            })
            .collect();
        assert_eq!(got, want);
        let second = df.column(SET_SOLVABLE[2]).unwrap().u32().unwrap();
        assert!((0..rows.len()).all(|i| second.get(i) == Some(rows[i].solvable[2] as u32)));
        let mut big = rows[..2].to_vec();
        big[1].solvable[3] = 1 << 31;
        let e = sets_parquet(&big, &games).unwrap_err().to_string();
        assert!(
            e.contains("2147483648 solvable games, not below 2^31"),
            "{e}"
        );
        assert_eq!(e.lines().count(), 1);
    }

    /// Two sets counted for 100..199, summarised and read back: the same
    /// numbers and solvable games; a changed byte in the file is refused in
    /// one line naming it.
    #[test]
    fn a_summary_reads_back_its_sets_and_refuses_a_changed_byte() {
        let targets = TargetRange { lo: 100, hi: 199 };
        let chosen = [[12, 16, 18, 24], [25, 50, 75, 100]];
        let sets = count_sets(&chosen, targets);
        let key = LargeKey {
            sets: LargeSets::chosen(&chosen.map(|s| s.to_vec())).unwrap(),
            targets,
        };
        let files = summary_files(&key, &sets, "ab").unwrap();
        let tmp = tempfile::TempDir::new().unwrap();
        for (name, bytes) in &files {
            std::fs::write(tmp.path().join(name), bytes).unwrap();
        }
        let (manifest, rows) = read(tmp.path()).unwrap();
        assert_eq!(manifest.sets, 2);
        assert_eq!(manifest.games_by_tiles.iter().sum::<u64>(), 13_243 * 100);
        for (row, set) in rows.iter().zip(&sets) {
            assert_eq!(row.numbers.to_vec(), set.numbers);
            assert_eq!(row.total(), set.all().solvable);
            assert!((0..=LARGE_IN_SET).all(|j| row.solvable[j] == set.by_tiles[j].solvable));
        }
        // Today's form: rewriting changes nothing. A summary of the form
        // before the games were a column reads the same, and is rewritten
        // to the bytes a fresh summary has.
        assert!(!rewrite(tmp.path()).unwrap());
        let mut old = ParquetReader::new(std::io::Cursor::new(files[0].1.clone()))
            .finish()
            .unwrap()
            .drop_many(SET_GAMES);
        let mut old_bytes = Vec::new();
        ParquetWriter::new(&mut old_bytes)
            .with_compression(ParquetCompression::Zstd(Some(
                ZstdLevel::try_new(SETS_ZSTD_LEVEL).unwrap(),
            )))
            .with_statistics(StatisticsOptions::empty())
            .finish(&mut old)
            .unwrap();
        let mut old_manifest = manifest.clone();
        old_manifest.files = vec![FileEntry::of(SETS_FILE, 2, &old_bytes)];
        old_manifest.manifest_sha256 = String::new();
        std::fs::write(tmp.path().join(SETS_FILE), &old_bytes).unwrap();
        std::fs::write(
            tmp.path().join(SUMMARY_MANIFEST),
            sealed_bytes(&old_manifest),
        )
        .unwrap();
        assert_eq!(read(tmp.path()).unwrap().1, rows);
        assert!(rewrite(tmp.path()).unwrap());
        for (name, bytes) in &files {
            assert_eq!(
                &std::fs::read(tmp.path().join(name)).unwrap(),
                bytes,
                "{name}"
            );
        }
        let mut bytes = files[0].1.clone();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(tmp.path().join(SETS_FILE), &bytes).unwrap();
        let e = read(tmp.path()).unwrap_err().to_string();
        assert!(
            e.contains("sets.parquet: does not match the size and SHA-256"),
            "{e}"
        );
        assert_eq!(e.lines().count(), 1);
    }
}
