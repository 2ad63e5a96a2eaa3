//! The index of a data folder, `DATA/README.md`, written by `census24
//! report`: every table a manifest seals (its folder, kind and files with
//! their rows), the glob that reads each file kind in one scan with polars
//! and with DuckDB (and every hive table at once), the recipes of
//! [`crate::report::data_recipes`], and each file kind's columns with
//! their types and meanings ([`crate::tables::columns::meaning`]). One
//! walk over the manifests finds every kind, whatever wrote it.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::fs::File;
use std::path::{Path, PathBuf};

use polars::prelude::*;

use crate::report::data_recipes;
use crate::report::query::{ReportError, guarded};
use crate::report::render::large::thousands;
use crate::tables::columns::{HIVE_KEYS, meaning};
use crate::tables::registry::DiscoverError;

/// The index's file name in the data folder.
pub const DATA_README: &str = "README.md";

/// A column's name and its type as shown.
type Shown = (String, String);

/// One sealed folder: its manifest's kind and files.
struct Sealed {
    /// The folder, relative to the data folder, with `/`.
    folder: String,
    kind: String,
    /// The game its manifest records (its title, else every field in
    /// words); empty where none is recorded.
    game: String,
    /// Each file's name and rows.
    files: Vec<(String, u64)>,
}

/// The index of the tables under `data`, as Markdown.
pub fn data_index(data: &Path) -> Result<String, ReportError> {
    let sealed = walk(data)?;
    if sealed.is_empty() {
        return Err(DiscoverError::NoTables {
            dir: data.to_path_buf(),
        }
        .into());
    }
    // Each file kind (by name): the folders holding it and its rows.
    let mut kinds: BTreeMap<&str, Vec<(&str, u64)>> = BTreeMap::new();
    for s in &sealed {
        for (name, rows) in &s.files {
            kinds.entry(name).or_default().push((&s.folder, *rows));
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# The tables in this folder\n\n\
         Written by `census24 report` from the tables' manifests (do not edit:\n\
         `just report` remakes it). Each folder's `manifest.json` seals its files:\n\
         rows, bytes and SHA-256 of each (`census24.read_table` in Python checks\n\
         them before reading). The folder names are hive keys, the same for every\n\
         kind, each a string but `k` (a number):\n"
    );
    for (key, what) in HIVE_KEYS {
        let _ = writeln!(out, "- `{key}`: {what}");
    }
    reads(&mut out, &sealed, &kinds, |folder, name| {
        columns(&data.join(folder).join(name)).unwrap_or_default()
    });
    // Each file's columns; a kind's are those of its widest file (a table
    // leaves out the columns it does not compute, and says which below).
    let mut of_file: BTreeMap<(&str, &str), Vec<(String, String)>> = BTreeMap::new();
    for (name, held) in &kinds {
        for (folder, _) in held {
            of_file.insert((folder, name), columns(&data.join(folder).join(name))?);
        }
    }
    // Each kind's columns: its widest file's, then any other file's that
    // those lack (a reach table of natural rules has the nearest values but
    // may lack the counts), each with the folder that shows it.
    let widest: BTreeMap<&str, Vec<(&str, Shown)>> = kinds
        .iter()
        .map(|(name, held)| {
            let mut files: Vec<&str> = held.iter().map(|(folder, _)| *folder).collect();
            files.sort_by_key(|f| std::cmp::Reverse(of_file[&(*f, *name)].len()));
            // A table kind's own columns first (those of a table that
            // computes everything), then any the files hold beside them.
            let mut all: Vec<(&str, Shown)> = own_columns(name)
                .into_iter()
                .map(|c| (files[0], c))
                .collect();
            for folder in files {
                for c in &of_file[&(folder, *name)] {
                    if !all.iter().any(|(_, (n, _))| n == &c.0) {
                        all.push((folder, c.clone()));
                    }
                }
            }
            (*name, all)
        })
        .collect();
    let _ = writeln!(
        out,
        "\n## Tables\n\nA table leaves out of its files the columns it does not compute\n\
         (`--no-solutions`: no counts of solutions and nothing that follows from\n\
         them; a reach table's nearest values: natural rules only), rather than\n\
         write them empty; the last column names them. Read together, the\n\
         options above fill them in as nulls.\n\n\
         | folder | kind | game | files (rows) | columns left out |\n|---|---|---|---|---|"
    );
    for s in &sealed {
        let files: Vec<String> = s
            .files
            .iter()
            .map(|(n, r)| format!("`{n}` ({})", thousands(*r)))
            .collect();
        let mut left_out: Vec<String> = Vec::new();
        for (name, _) in &s.files {
            let have = &of_file[&(s.folder.as_str(), name.as_str())];
            left_out.extend(
                widest[name.as_str()]
                    .iter()
                    .filter(|(_, (c, _))| !have.iter().any(|(h, _)| h == c))
                    .map(|(_, (c, _))| format!("`{c}`")),
            );
        }
        let left_out = match left_out.is_empty() {
            true => "none".to_string(),
            false => left_out.join(", "),
        };
        let _ = writeln!(
            out,
            "| `{}/` | {} | {} | {} | {left_out} |",
            s.folder,
            s.kind,
            s.game,
            files.join(", ")
        );
    }
    let dealt: Vec<&str> = sealed
        .iter()
        .filter(|s| s.folder.split('/').any(|p| p.starts_with("targets=dealt-")))
        .filter(|s| s.files.iter().any(|(n, _)| n == "reach.parquet"))
        .map(|s| s.folder.as_str())
        .collect();
    out.push_str(&data_recipes::recipes(data, &dealt)?);
    let _ = writeln!(
        out,
        "\n## Columns\n\n\
         Types as polars reads them; the CSV files' as polars and DuckDB infer them\n\
         (`i64` is DuckDB's BIGINT, `f64` DOUBLE, `str` VARCHAR). DuckDB reads the\n\
         `tier` enum as text (see the tier recipe)."
    );
    for name in kinds.keys() {
        let all = &widest[name];
        let _ = writeln!(
            out,
            "\n### `{name}`\n\n| column | type | meaning |\n|---|---|---|"
        );
        for (folder, (column, dtype)) in all {
            let what = meaning(name, column).ok_or_else(|| {
                ReportError::Atlas(format!(
                    "{}: column {column} has no meaning in tables::columns::MEANINGS",
                    data.join(folder).join(name).display()
                ))
            })?;
            let what = what.replace('|', "\\|");
            let _ = writeln!(out, "| `{column}` | {dtype} | {what} |");
        }
    }
    Ok(out)
}

/// The table of reads: each file kind's, then every hive Parquet file's.
fn reads(
    out: &mut String,
    sealed: &[Sealed],
    kinds: &BTreeMap<&str, Vec<(&str, u64)>>,
    of_file: impl Fn(&str, &str) -> Vec<Shown>,
) {
    let _ = writeln!(
        out,
        "\n## Reading each kind of file in one scan\n\n{}\n\n\
         | file | tables | rows | polars | DuckDB |\n|---|---:|---:|---|---|",
        data_recipes::READS_INTRO
    );
    for (name, held) in kinds {
        let rows: u64 = held.iter().map(|(_, r)| r).sum();
        let (mut polars, mut duckdb) = globs(name, held.iter().map(|(f, _)| *f));
        // Tables that leave out different columns: polars takes a glob's
        // columns from its first file, so each file is scanned and the
        // scans joined by name (DuckDB's `union_by_name`).
        let differ = name.ends_with(".parquet")
            && held
                .windows(2)
                .any(|w| of_file(w[0].0, name) != of_file(w[1].0, name));
        if differ {
            let scans: Vec<String> = held
                .iter()
                .map(|(f, _)| {
                    format!("pl.scan_parquet(\"data/{f}/{name}\", hive_partitioning=True)")
                })
                .collect();
            polars = format!(
                "pl.concat([{}], how=\"diagonal_relaxed\")",
                scans.join(", ")
            );
            duckdb = format!(
                "read_parquet('data/**/{name}', hive_partitioning=true, union_by_name=true)"
            );
        }
        let _ = writeln!(
            out,
            "| `{name}` | {} | {} | `{polars}` | `{duckdb}` |",
            held.len(),
            thousands(rows)
        );
    }
    let hive: Vec<u64> = sealed
        .iter()
        .filter(|s| in_hive(&s.folder))
        .filter(|s| s.files.iter().any(|(n, _)| n.ends_with(".parquet")))
        .map(|s| {
            s.files
                .iter()
                .filter(|(n, _)| n.ends_with(".parquet"))
                .map(|(_, r)| r)
                .sum()
        })
        .collect();
    let (polars, duckdb) = data_recipes::every_hive_read();
    let _ = writeln!(
        out,
        "| `rules=*/**/*.parquet` | {} | {} | `{polars}` | `{duckdb}` |",
        hive.len(),
        thousands(hive.iter().sum())
    );
}

/// Whether a folder (relative to the data folder) is a hive folder: every
/// part a `key=value`.
fn in_hive(folder: &str) -> bool {
    !folder.is_empty() && folder.split('/').all(|part| part.contains('='))
}

/// Every folder under `data` with a manifest, in path order (hidden
/// folders, such as a sweep's unfinished `.partial`, skipped).
fn walk(data: &Path) -> Result<Vec<Sealed>, ReportError> {
    let mut found = Vec::new();
    let mut stack = vec![data.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let io = |source| ReportError::Io {
            path: dir.clone(),
            source,
        };
        let mut subdirs: Vec<PathBuf> = Vec::new();
        for entry in std::fs::read_dir(&dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            let hidden = path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if path.is_dir() && !hidden {
                subdirs.push(path);
            }
        }
        let manifest = dir.join("manifest.json");
        if manifest.is_file() {
            found.push(sealed(data, &dir, &manifest)?);
        }
        subdirs.sort();
        stack.extend(subdirs.into_iter().rev());
    }
    found.sort_by_cached_key(|s| in_order(&s.folder));
    Ok(found)
}

/// A folder's sort key: its parts, `k=N` by the number (k=2 before k=10).
fn in_order(folder: &str) -> Vec<(String, u64)> {
    folder
        .split('/')
        .map(
            |part| match part.strip_prefix("k=").map(str::parse::<u64>) {
                Some(Ok(k)) => ("k=".to_string(), k),
                _ => (part.to_string(), 0),
            },
        )
        .collect()
}

/// The kind and files a manifest lists.
fn sealed(data: &Path, dir: &Path, manifest: &Path) -> Result<Sealed, ReportError> {
    let bytes = std::fs::read(manifest).map_err(|source| ReportError::Io {
        path: manifest.to_path_buf(),
        source,
    })?;
    let bad = |what: &str| ReportError::Atlas(format!("{}: {what}", manifest.display()));
    let json: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| bad(&format!("not JSON: {e}")))?;
    let files = json["files"]
        .as_array()
        .ok_or_else(|| bad("no list of files"))?
        .iter()
        .map(|f| match (f["name"].as_str(), f["rows"].as_u64()) {
            (Some(name), Some(rows)) => Ok((name.to_string(), rows)),
            _ => Err(bad("a file without its name and rows")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let folder = dir
        .strip_prefix(data)
        .unwrap_or(dir)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    let kind = json["parameters"]["kind"]
        .as_str()
        .or(json["kind"].as_str())
        .unwrap_or(&folder)
        .to_string();
    let record = &json["parameters"]["game"];
    let game = record["title"]
        .as_str()
        .or(record["describe"].as_str())
        .unwrap_or_default()
        .to_string();
    Ok(Sealed {
        folder,
        kind,
        game,
        files,
    })
}

/// The polars and DuckDB reads of every file `name` in `folders`: a hive
/// glob when each lies in a hive folder, else the one file.
fn globs<'a>(name: &str, mut folders: impl Iterator<Item = &'a str>) -> (String, String) {
    let hive = folders.all(in_hive);
    if hive && name.ends_with(".parquet") {
        (
            format!("pl.scan_parquet(\"data/**/{name}\", hive_partitioning=True)"),
            format!("read_parquet('data/**/{name}', hive_partitioning=true)"),
        )
    } else if name.ends_with(".parquet") {
        (
            format!("pl.scan_parquet(\"data/*/{name}\")"),
            format!("read_parquet('data/*/{name}')"),
        )
    } else {
        (
            format!("pl.scan_csv(\"data/*/{name}\")"),
            format!("read_csv('data/*/{name}')"),
        )
    }
}

/// Every column of the table file `name` (`hands.parquet`,
/// `reach.parquet`) as a table that computes everything writes it, with
/// its type; none for other files.
fn own_columns(name: &str) -> Vec<(String, String)> {
    let full = match name {
        "hands.parquet" => crate::tables::table::hands_frame(&[]),
        "reach.parquet" => crate::tables::table::reach_frame(&[]),
        _ => return Vec::new(),
    };
    full.map(|df| {
        df.columns()
            .iter()
            .map(|c| (c.name().to_string(), shown_type(c.dtype())))
            .collect()
    })
    .unwrap_or_default()
}

/// A file's columns and their types as polars shows them.
fn columns(path: &Path) -> Result<Vec<(String, String)>, ReportError> {
    let io = |source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    };
    if path.extension().is_some_and(|e| e == "csv") {
        let text = std::fs::read_to_string(path).map_err(io)?;
        return Ok(csv_types(&text));
    }
    guarded(path, || {
        let file = File::open(path).map_err(io)?;
        let schema = ParquetReader::new(file)
            .schema()
            .map_err(|source| ReportError::Table {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(schema
            .iter_values()
            .map(|field| {
                let dtype = DataType::from_arrow_field(field);
                (field.name.to_string(), shown_type(&dtype))
            })
            .collect())
    })
}

/// A CSV file's columns and the types polars and DuckDB infer for them
/// (as polars prints them): `i64` when every value given is a whole
/// number, `f64` when every one is a number, else `str`; an empty field is
/// a null. The atlas's files quote nothing and hold no comma in a field.
fn csv_types(text: &str) -> Vec<(String, String)> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let mut kinds = vec![(true, true, false); header.len()];
    for line in lines.filter(|l| !l.is_empty()) {
        for (field, (int, float, seen)) in line.split(',').zip(kinds.iter_mut()) {
            if field.is_empty() {
                continue;
            }
            *seen = true;
            *int &= field.parse::<i64>().is_ok();
            *float &= field.parse::<f64>().is_ok();
        }
    }
    header
        .into_iter()
        .zip(kinds)
        .map(|(name, kind)| {
            let shown = match kind {
                (true, _, true) => "i64",
                (false, true, true) => "f64",
                _ => "str",
            };
            (name.to_string(), shown.to_string())
        })
        .collect()
}

/// A type as polars prints it, an enum with its categories.
fn shown_type(dtype: &DataType) -> String {
    match dtype {
        DataType::Enum(categories, _) => format!(
            "enum ({})",
            categories
                .categories()
                .values_iter()
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_columns_have_the_types_polars_and_duckdb_infer() {
        let text = "deck,target,smallest_k,share,hand\nx4,1,,0.5,8 11\nnone,2,6,1,3\n";
        let types: Vec<(String, String)> = csv_types(text);
        let shown: Vec<(&str, &str)> = types
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("deck", "str"),
                ("target", "i64"),
                ("smallest_k", "i64"),
                ("share", "f64"),
                ("hand", "str"),
            ]
        );
        // A column with no value at all is text.
        assert_eq!(csv_types("a,b\n1,\n")[1].1, "str");
    }

    #[test]
    fn only_key_value_folders_are_hive_folders() {
        assert!(in_hive("rules=natural/use=all/k=5"));
        assert!(!in_hive("large-sets"));
        assert!(!in_hive(""));
    }
}
