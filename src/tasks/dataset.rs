//! A task set as a dataset folder: `data/SPLIT.parquet` for each split and
//! a `README.md` dataset card whose YAML header (features, splits, licence,
//! configs) the Hugging Face `datasets` library reads, so that
//! `load_dataset("DIR")` gives one split per file.
//!
//! The folder is written under a temporary name beside DIR and renamed
//! into place: a killed run leaves no half-written dataset.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use polars::prelude::*;
use polars_io::prelude::{ParquetCompression, ParquetWriter, StatisticsOptions};

use super::{Task, TaskPlan, task_columns};
use crate::difficulty::figures;

/// Why a dataset folder could not be written.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    #[error("{0} exists and is not an empty folder: give a new --out")]
    Exists(PathBuf),
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("building {split}.parquet: {source}")]
    Table { split: String, source: PolarsError },
}

/// One split's tasks as a table, columns in [`task_columns`] order.
pub fn frame(tasks: &[Task]) -> PolarsResult<DataFrame> {
    // Card values are within the game's range (at most 32767), as in the
    // tables' `cards`.
    let mut cards = ListPrimitiveChunkedBuilder::<Int16Type>::new(
        "cards".into(),
        tasks.len(),
        tasks.iter().map(|t| t.cards.len()).sum(),
        DataType::Int16,
    );
    for t in tasks {
        let narrow: Vec<i16> = t.cards.iter().map(|&c| c as i16).collect();
        cards.append_slice(&narrow);
    }
    let s = |name: &str, f: &dyn Fn(&Task) -> Option<String>| {
        Column::new(name.into(), tasks.iter().map(f).collect::<Vec<_>>())
    };
    let i = |name: &str, f: &dyn Fn(&Task) -> Option<i64>| {
        Column::new(name.into(), tasks.iter().map(f).collect::<Vec<_>>())
    };
    let x = |name: &str, f: &dyn Fn(&Task) -> Option<f64>| {
        Column::new(name.into(), tasks.iter().map(f).collect::<Vec<_>>())
    };
    let mut columns = vec![
        s("id", &|t| Some(t.id.clone())),
        s("split", &|t| Some(t.split.clone())),
        s("hand", &|t| Some(t.hand.clone())),
        Column::from(cards.finish().into_series()),
        i("target", &|t| Some(t.target)),
        s("rules", &|t| Some(t.rules.clone())),
        s("use", &|t| Some(t.uses.clone())),
        Column::new(
            "solvable".into(),
            tasks.iter().map(|t| t.solvable).collect::<Vec<_>>(),
        ),
        s("simplest", &|t| t.simplest.clone()),
        s("steps", &|t| t.steps.clone()),
        Column::new(
            "dissimilar".into(),
            tasks.iter().map(|t| t.dissimilar).collect::<Vec<_>>(),
        ),
    ];
    for f in &figures::FIGURES {
        columns.push(x(f.name, &|t| t.predicted.0.map(|p| (f.get)(&p))));
    }
    columns.push(s(figures::TIER, &|t| {
        t.predicted.0.map(|p| p.tier.name().to_string())
    }));
    columns.push(i("closest", &|t| t.closest));
    DataFrame::new(tasks.len(), columns)
}

/// The dataset card: a YAML header for `datasets`, then what the tasks
/// are, how they were made (`command`) and what each column means.
/// `bytes` holds the size of each split's Parquet file, in split order.
pub fn card(plan: &TaskPlan, tasks: &[Task], command: &str, bytes: &[usize]) -> String {
    let mut y = String::from("---\n");
    y.push_str("license: cc0-1.0\n");
    y.push_str("pretty_name: census24 tasks\n");
    y.push_str("tags:\n- arithmetic\n- reasoning\n- 24-game\n- countdown\n");
    y.push_str("configs:\n- config_name: default\n  data_files:\n");
    for s in &plan.splits {
        let _ = writeln!(
            y,
            "  - split: {}\n    path: data/{}.parquet",
            s.name, s.name
        );
    }
    y.push_str("dataset_info:\n  features:\n");
    for (name, kind) in task_columns() {
        match kind.strip_prefix("list:") {
            Some(inner) => {
                let _ = writeln!(y, "  - name: {name}\n    sequence: {inner}");
            }
            None => {
                let _ = writeln!(y, "  - name: {name}\n    dtype: {kind}");
            }
        }
    }
    y.push_str("  splits:\n");
    for (s, b) in plan.splits.iter().zip(bytes) {
        let n = tasks.iter().filter(|t| t.split == s.name).count();
        let _ = writeln!(
            y,
            "  - name: {}\n    num_bytes: {b}\n    num_examples: {n}",
            s.name
        );
    }
    y.push_str("---\n\n");
    let game = plan.game.describe();
    let solvable = tasks.iter().filter(|t| t.solvable).count();
    let _ = write!(
        y,
        "# census24 tasks\n\n\
         {} tasks of the game: {game}; {} numbers per task. {solvable} are solvable{}.\n\n\
         Made by census24 {} with:\n\n```\n{command}\n```\n\n\
         The same command makes the same files.\n\n\
         ## How the tasks were made\n\n\
         Each task's numbers and target are dealt as the game deals them, from a \
         seeded generator; no task appears twice, nor two that are the same up to \
         the order of their numbers, and the splits share no task. Each split holds \
         its share of every hand size{}. The exact solver decides every task (exact \
         rational arithmetic).\n\n\
         - `simplest`: with every number used, the simplest of the hand's structural \
         classes of solutions; with any selection, a solution using as few numbers \
         as any does, the simplest over that selection. `steps` writes it one \
         `a op b = c (left: ...)` a line.\n\
         - `dissimilar`: solutions that differ in more than a neutral part (docs/DISTINCT.md), \
         over every selection with any-selection play; null where not counted.\n\
         - `predicted_time_s`, `predicted_time_p80_s`, `predicted_solve_rate`, \
         `difficulty` (0-100), `tier`: the census24 difficulty model run on the \
         simplest solution's numbers. **The model is calibrated on people playing four \
         cards for 24 only**: for other games its figures order tasks by effort but \
         are not measured times.\n\
         - `closest`: for a game that scores near misses, the reachable value nearest \
         the target of an unsolvable task.\n\n\
         Grade answers with `census24 check` (expressions or steps, exact) or the \
         Python package's `census24.check`.\n\n\
         ## Columns\n\n| column | type |\n|---|---|\n",
        tasks.len(),
        match plan.hand_sizes {
            (lo, hi) if lo == hi => lo.to_string(),
            (lo, hi) => format!("{lo} to {hi}"),
        },
        match tasks.len() - solvable {
            0 => String::new(),
            n => format!("; the other {n} have no solution, proven by an exhaustive search"),
        },
        env!("CARGO_PKG_VERSION"),
        if plan.stratify {
            " and, among the solvable, every tier"
        } else {
            ""
        }
    );
    for (name, kind) in task_columns() {
        let _ = writeln!(y, "| `{name}` | {kind} |");
    }
    y.push_str(
        "\n## Licence\n\nThe tasks are facts of arithmetic, dedicated to the public \
         domain (CC0 1.0).\n",
    );
    y
}

/// Writes the dataset folder `dir`: every split's Parquet file and the
/// card, under a temporary name, then renamed into place.
pub fn write(
    dir: &Path,
    plan: &TaskPlan,
    tasks: &[Task],
    command: &str,
) -> Result<(), DatasetError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| DatasetError::Io { path, source }
    };
    if dir.exists() && (!dir.is_dir() || std::fs::read_dir(dir).map_err(io(dir))?.next().is_some())
    {
        return Err(DatasetError::Exists(dir.to_path_buf()));
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(io(&parent))?;
    let tmp = tempfile::Builder::new()
        .prefix(".census24-tasks-")
        .tempdir_in(&parent)
        .map_err(io(&parent))?;
    let data = tmp.path().join("data");
    std::fs::create_dir(&data).map_err(io(&data))?;
    let mut sizes = Vec::new();
    for s in &plan.splits {
        let rows: Vec<Task> = tasks
            .iter()
            .filter(|t| t.split == s.name)
            .cloned()
            .collect();
        let table = |source| DatasetError::Table {
            split: s.name.clone(),
            source,
        };
        let mut df = frame(&rows).map_err(table)?;
        let mut bytes = Vec::new();
        ParquetWriter::new(&mut bytes)
            .with_compression(ParquetCompression::Zstd(None))
            .with_statistics(StatisticsOptions::empty())
            .finish(&mut df)
            .map_err(table)?;
        let path = data.join(format!("{}.parquet", s.name));
        sizes.push(bytes.len());
        std::fs::write(&path, bytes).map_err(io(&path))?;
    }
    let readme = tmp.path().join("README.md");
    std::fs::write(&readme, card(plan, tasks, command, &sizes)).map_err(io(&readme))?;
    if dir.exists() {
        std::fs::remove_dir(dir).map_err(io(dir))?;
    }
    let kept = tmp.keep();
    std::fs::rename(&kept, dir).map_err(io(dir))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::presets;

    #[test]
    fn the_table_has_the_task_columns_in_order() {
        let mut plan = TaskPlan::of_game(presets::game("countdown").unwrap());
        plan.count = 4;
        plan.unsolvable = 0.5;
        let set = crate::tasks::make(&plan).unwrap();
        let df = frame(&set.tasks).unwrap();
        let names: Vec<&str> = df.get_column_names().iter().map(|n| n.as_str()).collect();
        assert_eq!(
            names,
            task_columns().iter().map(|c| c.0).collect::<Vec<_>>()
        );
        assert_eq!(df.height(), 4);
    }
}
