//! A task set as a dataset folder: `data/SPLIT.parquet` for each split and
//! a `README.md` dataset card whose YAML header (features, splits, licence,
//! configs) the Hugging Face `datasets` library reads, so that
//! `load_dataset("DIR")` gives one split per file. The columns are
//! census24's own, or a trainer's ([`TaskFormat`]: verl, TRL,
//! reasoning-gym), and the card says how to train with them.
//!
//! The folder is written under a temporary name beside DIR and renamed
//! into place: a killed run leaves no half-written dataset.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use polars::prelude::*;
use polars_io::prelude::{ParquetCompression, ParquetWriter, StatisticsOptions};

use super::formats::{self, TaskFormat};
use super::prompt::Posed;
use super::{TaskPlan, posed_columns};
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

/// One split's tasks as a table of census24's columns, in
/// [`posed_columns`] order.
pub fn frame(posed: &[Posed]) -> PolarsResult<DataFrame> {
    let tasks: Vec<&super::Task> = posed.iter().map(|p| &p.task).collect();
    // Card values are within the game's range (at most 32767), as in the
    // tables' `cards`.
    let mut cards = ListPrimitiveChunkedBuilder::<Int16Type>::new(
        "cards".into(),
        tasks.len(),
        tasks.iter().map(|t| t.cards.len()).sum(),
        DataType::Int16,
    );
    for t in &tasks {
        let narrow: Vec<i16> = t.cards.iter().map(|&c| c as i16).collect();
        cards.append_slice(&narrow);
    }
    let s = |name: &str, f: &dyn Fn(&super::Task) -> Option<String>| {
        Column::new(name.into(), tasks.iter().map(|t| f(t)).collect::<Vec<_>>())
    };
    let i = |name: &str, f: &dyn Fn(&super::Task) -> Option<i64>| {
        Column::new(name.into(), tasks.iter().map(|t| f(t)).collect::<Vec<_>>())
    };
    let x = |name: &str, f: &dyn Fn(&super::Task) -> Option<f64>| {
        Column::new(name.into(), tasks.iter().map(|t| f(t)).collect::<Vec<_>>())
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
    columns.push(Column::new(
        "game".into(),
        posed.iter().map(|p| p.game).collect::<Vec<_>>(),
    ));
    columns.push(Column::new(
        "prompt".into(),
        posed.iter().map(|p| p.prompt.as_str()).collect::<Vec<_>>(),
    ));
    DataFrame::new(tasks.len(), columns)
}

/// The card's YAML header for `datasets`: licence, tags, each split's
/// file, the features (census24's columns; a trainer's nested columns are
/// left for `datasets` to read from the files) and each split's size.
fn card_header(plan: &TaskPlan, format: TaskFormat, posed: &[Posed], bytes: &[usize]) -> String {
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
    y.push_str("dataset_info:\n");
    if format == TaskFormat::Census24 {
        y.push_str("  features:\n");
        for (name, kind) in posed_columns() {
            match kind.strip_prefix("list:") {
                Some(inner) => {
                    let _ = writeln!(y, "  - name: {name}\n    sequence: {inner}");
                }
                None => {
                    let _ = writeln!(y, "  - name: {name}\n    dtype: {kind}");
                }
            }
        }
    }
    y.push_str("  splits:\n");
    for (s, b) in plan.splits.iter().zip(bytes) {
        let n = posed.iter().filter(|p| p.task.split == s.name).count();
        let _ = writeln!(
            y,
            "  - name: {}\n    num_bytes: {b}\n    num_examples: {n}",
            s.name
        );
    }
    y.push_str("---\n\n");
    y
}

/// The card's section on training with `format`'s rows: where each trainer
/// finds what, and the lines that wire the data and the reward. `dir` is
/// the folder as the command named it.
fn training(plan: &TaskPlan, format: TaskFormat, dir: &str) -> String {
    let first = plan.splits.first().map_or("train", |s| s.name.as_str());
    let last = plan.splits.last().map_or("test", |s| s.name.as_str());
    let text = match format {
        TaskFormat::Census24 => TRAIN_CENSUS24,
        TaskFormat::Verl => TRAIN_VERL,
        TaskFormat::Trl => TRAIN_TRL,
        TaskFormat::ReasoningGym => TRAIN_REASONING_GYM,
    };
    text.replace("{DIR}", dir)
        .replace("{FIRST}", first)
        .replace("{LAST}", last)
}

const TRAIN_CENSUS24: &str = "## Training\n\n\
Each row's `prompt` asks its task in words (the rules, the numbers, the target, the answer \
in `<answer>` tags). `census24.rewards` (the census24 Python package) grades replies, reading \
the game from the row's `cards`, `target`, `game`, `rules`, `use`, `solvable` and `closest`; \
TRL's GRPO trainer takes these rows as they are (a prompt string, the other columns passed \
to the reward as keyword arguments):\n\n\
```python\n\
from datasets import load_dataset\n\
from trl import GRPOConfig, GRPOTrainer\n\
from census24.rewards import countdown_reward\n\
\n\
data = load_dataset(\"{DIR}\")\n\
GRPOTrainer(model=\"Qwen/Qwen2.5-0.5B-Instruct\", reward_funcs=countdown_reward,\n\
            args=GRPOConfig(output_dir=\"grpo-census24\"), train_dataset=data[\"{FIRST}\"]).train()\n\
```\n\n\
`census24 tasks --format verl`, `--format trl` or `--format reasoning-gym` writes the same \
tasks in that trainer's own columns, with its wiring in the card.\n\n";

const TRAIN_VERL: &str = "## Training with verl\n\n\
The rows are verl's: `data_source` (`census24/GAME`), `prompt` (the chat, one user \
message), `ability` (`math`), `reward_model` (`style`: `rule`; `ground_truth`: the task's \
`cards`, `target`, `game`, `rules`, `use`, `solvable` and `closest`, what the reward reads \
back) and `extra_info` (`index`, the task's `id`, `split`, `hand`, `simplest`, `steps`, \
`dissimilar` and difficulty figures). census24's reward grades each response exactly, \
under the task's game:\n\n\
```sh\n\
python3 -m verl.trainer.main_ppo \\\n\
    data.train_files={DIR}/data/{FIRST}.parquet \\\n\
    data.val_files={DIR}/data/{LAST}.parquet \\\n\
    data.prompt_key=prompt \\\n\
    custom_reward_function.path=\"$(python3 -c 'import census24.rewards as r; print(r.__file__)')\" \\\n\
    custom_reward_function.name=verl_compute_score \\\n\
    actor_rollout_ref.model.path=Qwen/Qwen2.5-0.5B-Instruct   # and your other options\n\
```\n\n";

const TRAIN_TRL: &str = "## Training with TRL\n\n\
The rows are TRL's conversational prompts: `prompt` (the chat, one user message), then \
the columns the reward reads as keyword arguments (`cards`, `target`, `game`, `rules`, \
`use`, `solvable`, `closest`) and the task's `id`:\n\n\
```python\n\
from datasets import load_dataset\n\
from trl import GRPOConfig, GRPOTrainer\n\
from census24.rewards import countdown_reward\n\
\n\
data = load_dataset(\"{DIR}\")\n\
trainer = GRPOTrainer(\n\
    model=\"Qwen/Qwen2.5-0.5B-Instruct\",\n\
    reward_funcs=countdown_reward,   # 1.0 right, a near miss its points' share\n\
    args=GRPOConfig(output_dir=\"grpo-census24\"),\n\
    train_dataset=data[\"{FIRST}\"],\n\
    eval_dataset=data[\"{LAST}\"],\n\
)\n\
trainer.train()\n\
```\n\n";

const TRAIN_REASONING_GYM: &str = "## Evaluating and training as with reasoning-gym\n\n\
The rows are reasoning-gym entries: `question` (the prompt), `answer` (the simplest \
solution, or `no solution` for an unsolvable task) and `metadata` (`source_dataset`, `source_index` and \
every field of the task, among them what the reward reads: `cards`, `target`, `game`, \
`rules`, `use`, `solvable`, `closest`). `score_answer(answer, entry)` scores an answer as \
reasoning-gym's does, exactly:\n\n\
```python\n\
from datasets import load_dataset\n\
from reasoning_gym.utils import extract_answer\n\
from census24.rewards import score_answer\n\
\n\
data = load_dataset(\"{DIR}\")\n\
scores = [score_answer(extract_answer(model(entry[\"question\"])), entry)  # model: your model's call\n\
          for entry in data[\"{LAST}\"]]\n\
print(sum(scores) / len(scores))\n\
```\n\n";

/// The dataset card: a YAML header for `datasets`, then what the tasks
/// are, how they were made (`command`), how to train with them and what
/// each column holds. `bytes` holds the size of each split's Parquet
/// file, in split order; `dir` is the folder as the command named it.
pub fn card(
    plan: &TaskPlan,
    format: TaskFormat,
    posed: &[Posed],
    command: &str,
    bytes: &[usize],
    dir: &str,
) -> String {
    let mut y = card_header(plan, format, posed, bytes);
    let tasks: Vec<&super::Task> = posed.iter().map(|p| &p.task).collect();
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
         simplest solution's numbers. {model}\n\
         - `closest`: for a game that scores near misses, the reachable value nearest \
         the target of an unsolvable task.\n\
         - `game`: the named game each task is a hand of, so that a reward scores it \
         as that game scores (its `rules` and `use` are the row's); null for a game \
         that is no preset's.\n\
         - `prompt`: the task put in words: the game's rules, the numbers, the target \
         and the answer format (`<answer>...</answer>`).\n\n\
         Grade answers with `census24 check` (expressions or steps, exact) or the \
         Python package's `census24.check`.\n\n",
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
        },
        model = match &plan.model {
            None => "**The model is calibrated on people playing four cards for 24 only**: for \
                     other games its figures order tasks by effort but are not measured times."
                .to_string(),
            Some(m) => m.note(&plan.game),
        },
    );
    y.push_str(&training(plan, format, dir));
    y.push_str("## Columns\n\n| column | type |\n|---|---|\n");
    match (format, posed.first()) {
        (TaskFormat::Census24, _) | (_, None) => {
            for (name, kind) in posed_columns() {
                let _ = writeln!(y, "| `{name}` | {kind} |");
            }
        }
        (_, Some(sample)) => {
            for (name, kind) in formats::columns(format, sample) {
                let _ = writeln!(y, "| `{name}` | {} |", kind.words());
            }
        }
    }
    y.push_str(
        "\n## Licence\n\nThe tasks are facts of arithmetic, dedicated to the public \
         domain (CC0 1.0).\n",
    );
    y
}

/// One split's rows (`posed`, in its order) as Parquet bytes laid out as
/// `format`; `sample`: a task of the set, whose row gives the columns'
/// types when the split is empty.
pub fn split_bytes(format: TaskFormat, posed: &[Posed], sample: &Posed) -> PolarsResult<Vec<u8>> {
    if format == TaskFormat::Census24 {
        let mut df = frame(posed)?;
        let mut bytes = Vec::new();
        ParquetWriter::new(&mut bytes)
            .with_compression(ParquetCompression::Zstd(None))
            .with_statistics(StatisticsOptions::empty())
            .finish(&mut df)?;
        return Ok(bytes);
    }
    let rows = formats::rows(format, posed);
    super::parquet::to_parquet(&formats::columns(format, sample), &rows)
}

/// Writes the dataset folder `dir`: every split's Parquet file in
/// `format`'s columns and the card, under a temporary name, then renamed
/// into place.
pub fn write(
    dir: &Path,
    plan: &TaskPlan,
    format: TaskFormat,
    posed: &[Posed],
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
        let rows: Vec<Posed> = posed
            .iter()
            .filter(|p| p.task.split == s.name)
            .cloned()
            .collect();
        let table = |source| DatasetError::Table {
            split: s.name.clone(),
            source,
        };
        let sample = posed
            .first()
            .ok_or_else(|| table(PolarsError::NoData("no task".into())))?;
        let bytes = split_bytes(format, &rows, sample).map_err(table)?;
        let path = data.join(format!("{}.parquet", s.name));
        sizes.push(bytes.len());
        std::fs::write(&path, bytes).map_err(io(&path))?;
    }
    let readme = tmp.path().join("README.md");
    let named = dir.display().to_string();
    let text = card(plan, format, posed, command, &sizes, &named);
    std::fs::write(&readme, text).map_err(io(&readme))?;
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
    use crate::tasks::prompt::{Template, pose};

    #[test]
    fn the_table_has_the_task_columns_in_order() {
        let mut plan = TaskPlan::of_game(presets::game("countdown").unwrap());
        plan.count = 4;
        plan.unsolvable = 0.5;
        let set = crate::tasks::make(&plan).unwrap();
        let posed = pose(&plan, &Template::default(), set.tasks);
        let df = frame(&posed).unwrap();
        let names: Vec<&str> = df.get_column_names().iter().map(|n| n.as_str()).collect();
        assert_eq!(
            names,
            posed_columns().iter().map(|c| c.0).collect::<Vec<_>>()
        );
        assert_eq!(df.height(), 4);
    }
}
