//! A shipped table, checked as `census24` checks it before reading
//! ([`census24::tables::verify`]): the manifest's seal, the folder its
//! manifest names, and every listed file's size and SHA-256. The bytes
//! handed to polars are the bytes that were checked.

use std::path::{Path, PathBuf};

use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyPermissionError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use census24::game::deck::ValueRange;
use census24::game::error::one_line;
use census24::game::family::Targets;
use census24::game::presets::Choice;
use census24::game::targets::TargetRange;
use census24::tables::large_summary;
use census24::tables::layout::Part;
use census24::tables::registry::Key;
use census24::tables::verify::{self, VerifyError};

use crate::args::{self, given, type_error, value_error};

pyo3::create_exception!(
    census24,
    TableError,
    PyValueError,
    "A table that does not verify: its manifest's seal is broken, it lies in \
     another table's folder, or a file's size or SHA-256 differs from what \
     its manifest lists."
);

/// A folder argument: a str or an `os.PathLike`.
fn folder(obj: &Bound<'_, PyAny>, arg: &str) -> PyResult<PathBuf> {
    if (obj.is_instance_of::<PyString>() || obj.hasattr("__fspath__")?)
        && let Ok(p) = obj.extract::<PathBuf>()
    {
        return Ok(p);
    }
    Err(type_error(
        arg,
        format!(
            "expected a folder as a str or a pathlib.Path, not {}",
            obj.get_type().name()?
        ),
    ))
}

/// A range argument: `"LO..HI"` (the command line's spelling) or a pair of
/// ints `(LO, HI)`.
fn range<T>(
    obj: &Bound<'_, PyAny>,
    arg: &str,
    new: impl Fn(i64, i64) -> Result<T, String>,
    parse: impl Fn(&str) -> Result<T, String>,
) -> PyResult<T> {
    if let Ok(s) = obj.downcast::<PyString>() {
        return parse(&s.to_string_lossy()).map_err(|e| value_error(arg, e));
    }
    if obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyList>() {
        let items = args::sequence(obj, arg, "ints")?;
        if let [lo, hi] = items.as_slice() {
            let lo = args::int_in(lo, &format!("{arg}[0]"), i64::MIN, i64::MAX)?;
            let hi = args::int_in(hi, &format!("{arg}[1]"), i64::MIN, i64::MAX)?;
            return new(lo, hi).map_err(|e| value_error(arg, e));
        }
        return Err(value_error(
            arg,
            format!("expected (LO, HI), not {} items", items.len()),
        ));
    }
    Err(type_error(
        arg,
        format!(
            "expected \"LO..HI\" or a pair (LO, HI), not {}",
            obj.get_type().name()?
        ),
    ))
}

/// The folder of the table of a game under `data`: the preset `game`
/// names (the standard 24 when None) with each argument given replacing its
/// field, as `census24 sweep` files it: a one-target table, or for a game
/// of a target range (`targets`, or a preset such as countdown) its reach
/// table.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn table_folder(
    data: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
    hand_size: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    targets: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    uses: &Bound<'_, PyAny>,
    values: &Bound<'_, PyAny>,
    deck: &Bound<'_, PyAny>,
) -> PyResult<PathBuf> {
    let data = folder(data, "data")?;
    let one = given(target, |t| args::target(t, "target").map(Targets::One))?;
    let many = given(targets, |t| {
        range(
            t,
            "targets",
            |lo, hi| TargetRange::new(lo, hi).map_err(|e| e.to_string()),
            |s| s.parse::<TargetRange>().map_err(|e| e.to_string()),
        )
        .map(Targets::Range)
    })?;
    if one.is_some() && many.is_some() {
        return Err(value_error(
            "targets",
            "give target (a one-target table) or targets (a reach table), not both",
        ));
    }
    let choice = Choice {
        preset: given(game, args::preset)?,
        targets: one.or(many),
        rules: given(rules, |r| args::named(r, "rules", "\"rational\""))?,
        uses: given(uses, |u| args::named(u, "use", "\"all\""))?,
        hand_size: given(hand_size, |k| {
            args::int_in(k, "hand_size", 1, i64::from(u16::MAX)).map(|k| k as usize)
        })?,
        values: given(values, |v| {
            range(
                v,
                "values",
                |lo, hi| ValueRange::new(lo, hi).map_err(|e| e.to_string()),
                |s| s.parse::<ValueRange>().map_err(|e| e.to_string()),
            )
        })?,
        deck: given(deck, args::deck)?,
        objective: None,
    };
    let game = choice.game();
    let partition = match Key::of_game(&game) {
        Some(key) => key.partition(),
        None => {
            return Err(value_error(
                "use",
                "a table of one target uses every card; tables of use any are reach tables (give targets)",
            ));
        }
    };
    Ok(data.join(partition))
}

/// The folder `dir` once it is one: a path where no folder is (missing,
/// empty, a file, under a file, too long, holding a NUL) has no table,
/// a `FileNotFoundError` as read_table documents, never another `OSError`;
/// a folder that may not be read is a `PermissionError`.
fn table_dir(dir: &Path) -> PyResult<PathBuf> {
    let none = |why: &str| {
        PyFileNotFoundError::new_err(one_line(&format!("no table in {}: {why}", shown_path(dir))))
    };
    if dir.as_os_str().is_empty() {
        return Err(none("the path is empty"));
    }
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(none("it is a file, not a table's folder")),
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            return Err(PyPermissionError::new_err(one_line(&format!(
                "{}: {e}",
                shown_path(dir)
            ))));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let manifest = Part::Whole.manifest();
            return Err(none(&format!("{manifest} is missing (no such folder)")));
        }
        Err(e) => return Err(none(&format!("no such folder ({e})"))),
    }
    // The manifest's partition must be the end of the folder: a relative
    // path ("." inside the table) is made absolute first, without
    // following links (a linked data folder keeps its names).
    std::path::absolute(dir).map_err(|e| none(&e.to_string()))
}

/// A path as an error shows it: at most 200 characters of it.
fn shown_path(dir: &Path) -> String {
    let full = dir.display().to_string();
    if full.is_empty() {
        return "\"\"".to_string();
    }
    match full.char_indices().nth(200) {
        Some((end, _)) => format!("{}...", &full[..end]),
        None => full,
    }
}

/// A verification failure as Python raises it: no table there is a
/// `FileNotFoundError`, a file that cannot be read an `OSError`, and a
/// table that does not verify a [`TableError`].
fn table_error(e: VerifyError) -> PyErr {
    let text = one_line(&e.to_string());
    match e {
        VerifyError::NoManifest { .. } => PyFileNotFoundError::new_err(text),
        VerifyError::Io { .. } => PyOSError::new_err(text),
        _ => TableError::new_err(text),
    }
}

/// The bytes of the file `file` (`"hands"`, `"solutions"`, `"reach"`...;
/// None for the first file the manifest lists, the table's main one) of
/// the table in `dir`, and its name, once the table verifies: the
/// manifest's seal, its folder, and the size and SHA-256 of every file it
/// lists, the asked file's from the very bytes returned.
#[pyfunction]
pub fn verified_file<'py>(
    py: Python<'py>,
    dir: &Bound<'py, PyAny>,
    file: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
    let dir = table_dir(&folder(dir, "path")?)?;
    let file = if file.is_none() {
        None
    } else {
        Some(args::text(file, "file", "\"hands\"")?)
    };
    // The summary of a census of large sets (`data/large-sets/`) is sealed
    // by a manifest of its own: its one file is its sets.
    if large_summary::read_manifest(&dir).is_ok() {
        if let Some(f) = file.as_deref().filter(|f| !SUMMARY_FILES.contains(f)) {
            return Err(value_error(
                "file",
                format!(
                    "the summary in {} has no {f} (its manifest lists {})",
                    dir.display(),
                    large_summary::SETS_FILE
                ),
            ));
        }
        let (_, bytes) = py
            .allow_threads(|| large_summary::verified(&dir))
            .map_err(|e| TableError::new_err(one_line(&e.to_string())))?;
        return Ok((
            PyBytes::new(py, &bytes),
            large_summary::SETS_FILE.to_string(),
        ));
    }
    let manifest = Part::Whole.manifest();
    let (bytes, name) = py
        .allow_threads(|| read(&dir, &manifest, file.as_deref()))
        .map_err(|e| match e {
            Fault::Verify(e) => table_error(e),
            Fault::NoSuchFile(message) => value_error("file", message),
        })?;
    Ok((PyBytes::new(py, &bytes), name))
}

/// What `file` may name in a summary of large sets.
const SUMMARY_FILES: [&str; 2] = ["sets", large_summary::SETS_FILE];

/// Why a file was not returned.
enum Fault {
    Verify(VerifyError),
    /// The table lists no such file.
    NoSuchFile(String),
}

/// Every listed file checked, the asked one read whole.
fn read(dir: &Path, manifest: &str, file: Option<&str>) -> Result<(Vec<u8>, String), Fault> {
    let m = verify::read_manifest(dir, manifest).map_err(Fault::Verify)?;
    let listed: Vec<&str> = m.files.iter().map(|f| f.name.as_str()).collect();
    let wanted = match file {
        None => m.files.first().map(|f| f.name.clone()),
        Some(f) if f.ends_with(".parquet") => Some(f.to_string()),
        Some(f) => Some(Part::Whole.file(f)),
    };
    let Some(wanted) = wanted.filter(|w| listed.contains(&w.as_str())) else {
        return Err(Fault::NoSuchFile(format!(
            "the table in {} has no {} (its manifest lists {})",
            dir.display(),
            file.unwrap_or("file"),
            if listed.is_empty() {
                "no file".to_string()
            } else {
                listed.join(", ")
            }
        )));
    };
    let mut kept = None;
    for f in &m.files {
        if f.name == wanted {
            kept = Some(verify::read_file(dir, manifest, f).map_err(Fault::Verify)?);
        } else {
            verify::check_file(dir, manifest, f).map_err(Fault::Verify)?;
        }
    }
    Ok((kept.expect("the wanted file is listed"), wanted))
}
