//! The rows each trainer reads, made from posed tasks: census24's own (the
//! columns of [`super::posed_columns`]), verl's, TRL's and
//! reasoning-gym's. Each trainer's row is a tree of typed [`Value`]s, so
//! that the same row is written as a JSON line or a Parquet row with the
//! same names and types; every field of a task is named in
//! [`super::posed_columns`] and taken from there, and the fields a reward
//! reads back are [`REWARD_FIELDS`].
//!
//! Pure: tasks in, rows out.

use serde::Serialize;
use serde::ser::SerializeMap;

use super::posed_columns;
use super::prompt::Posed;
use crate::game::error::InputError;
use crate::game::named::named;

named! {
    /// What the rows of `census24 tasks` are laid out for.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum TaskFormat {
        /// census24's own columns (the task, its game and prompt, its
        /// difficulty figures).
        #[default]
        Census24 => "census24",
        /// verl's RL dataset: data_source, prompt (chat messages), ability,
        /// reward_model {style, ground_truth}, extra_info.
        Verl => "verl",
        /// TRL's GRPO trainer: prompt (chat messages) and the columns the
        /// reward reads as keyword arguments.
        Trl => "trl",
        /// A reasoning-gym dataset: question, answer, metadata.
        ReasoningGym => "reasoning-gym",
    }
    impl FromStr else InputError::unknown("format");
}

/// The fields the rewards (`census24.rewards`) read a task from, as each
/// trainer passes them: verl's `reward_model.ground_truth`, TRL's keyword
/// arguments, reasoning-gym's `metadata`.
pub const REWARD_FIELDS: [&str; 7] = [
    "cards", "target", "rules", "use", "solvable", "closest", "game",
];

/// What verl's `ability` column says of every task.
pub const ABILITY: &str = "math";

/// A column's type.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Str,
    Int,
    Float,
    Bool,
    List(Box<Kind>),
    Struct(Vec<(&'static str, Kind)>),
}

impl Kind {
    /// The type of a task column, from its `datasets` feature type in
    /// [`super::posed_columns`] (every integer is an int64 here).
    fn of_feature(feature: &str) -> Kind {
        match feature {
            "string" => Kind::Str,
            "bool" => Kind::Bool,
            "float64" => Kind::Float,
            f if f.starts_with("list:") => Kind::List(Box::new(Kind::of_feature(&f[5..]))),
            _ => Kind::Int,
        }
    }

    /// The type in words, as a dataset card's table of columns gives it:
    /// `list<struct<role: string, content: string>>`.
    pub fn words(&self) -> String {
        match self {
            Kind::Str => "string".into(),
            Kind::Int => "int64".into(),
            Kind::Float => "float64".into(),
            Kind::Bool => "bool".into(),
            Kind::List(k) => format!("list<{}>", k.words()),
            Kind::Struct(fields) => {
                let inner: Vec<String> = fields
                    .iter()
                    .map(|(n, k)| format!("{n}: {}", k.words()))
                    .collect();
                format!("struct<{}>", inner.join(", "))
            }
        }
    }
}

/// One value of a row, typed even when null (so that a column has one
/// type whatever its first row holds).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(Option<String>),
    Int(Option<i64>),
    Float(Option<f64>),
    Bool(Option<bool>),
    /// The items' type, and the items.
    List(Kind, Vec<Value>),
    Struct(Row),
}

/// A row: named values, in column order.
pub type Row = Vec<(&'static str, Value)>;

impl Value {
    pub fn kind(&self) -> Kind {
        match self {
            Value::Str(_) => Kind::Str,
            Value::Int(_) => Kind::Int,
            Value::Float(_) => Kind::Float,
            Value::Bool(_) => Kind::Bool,
            Value::List(k, _) => Kind::List(Box::new(k.clone())),
            Value::Struct(fields) => {
                Kind::Struct(fields.iter().map(|(n, v)| (*n, v.kind())).collect())
            }
        }
    }

    fn text(s: impl Into<String>) -> Value {
        Value::Str(Some(s.into()))
    }

    /// A task field from its JSON, as a value of `kind`.
    fn of_json(v: &serde_json::Value, kind: &Kind) -> Value {
        match kind {
            Kind::Str => Value::Str(v.as_str().map(str::to_string)),
            Kind::Int => Value::Int(v.as_i64()),
            Kind::Float => Value::Float(v.as_f64()),
            Kind::Bool => Value::Bool(v.as_bool()),
            Kind::List(item) => Value::List(
                (**item).clone(),
                v.as_array()
                    .into_iter()
                    .flatten()
                    .map(|x| Value::of_json(x, item))
                    .collect(),
            ),
            Kind::Struct(_) => unreachable!("a task field is no struct"),
        }
    }
}

impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Str(v) => v.serialize(s),
            Value::Int(v) => v.serialize(s),
            Value::Float(v) => v.serialize(s),
            Value::Bool(v) => v.serialize(s),
            Value::List(_, items) => items.serialize(s),
            Value::Struct(fields) => serialize_row(fields, s),
        }
    }
}

/// A row as a JSON object, its fields in order.
pub fn serialize_row<S: serde::Serializer>(row: &Row, s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(row.len()))?;
    for (name, v) in row {
        map.serialize_entry(name, v)?;
    }
    map.end()
}

/// A row that serializes as one JSON object.
#[derive(Debug)]
pub struct JsonRow(pub Row);

impl Serialize for JsonRow {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_row(&self.0, s)
    }
}

/// The task's fields that `keep` keeps, in [`super::posed_columns`] order.
fn fields(task: &serde_json::Value, keep: impl Fn(&str) -> bool) -> Row {
    posed_columns()
        .into_iter()
        .filter(|(name, _)| keep(name))
        .map(|(name, feature)| {
            (
                name,
                Value::of_json(&task[name], &Kind::of_feature(feature)),
            )
        })
        .collect()
}

/// The task's fields the rewards read ([`REWARD_FIELDS`]).
fn reward_fields(task: &serde_json::Value) -> Row {
    fields(task, |n| REWARD_FIELDS.contains(&n))
}

/// The prompt as one user message of a chat.
fn chat(prompt: &str) -> Value {
    let message = vec![
        ("role", Value::text("user")),
        ("content", Value::text(prompt)),
    ];
    Value::List(
        Value::Struct(message.clone()).kind(),
        vec![Value::Struct(message)],
    )
}

/// Where a task comes from, as verl's `data_source` and reasoning-gym's
/// `source_dataset` name it: `census24/countdown`, `census24/custom` for a
/// game that is no preset.
pub fn data_source(p: &Posed) -> String {
    format!("census24/{}", p.game.unwrap_or("custom"))
}

/// The reference answer of a task: its simplest solution, or `no
/// solution` for an unsolvable task (right in every game,
/// [`crate::game::unsolvable`]).
fn answer(p: &Posed) -> String {
    p.task
        .simplest
        .clone()
        .unwrap_or_else(|| "no solution".to_string())
}

/// Task `index` (its place in its split) as `format` lays it out.
pub fn row(format: TaskFormat, p: &Posed, index: usize) -> Row {
    let task = serde_json::to_value(p).expect("a task serializes");
    match format {
        TaskFormat::Census24 => fields(&task, |_| true),
        TaskFormat::Verl => {
            let mut extra = vec![("index", Value::Int(Some(index as i64)))];
            extra.extend(fields(&task, |n| {
                !REWARD_FIELDS.contains(&n) && n != "prompt"
            }));
            vec![
                ("data_source", Value::text(data_source(p))),
                ("prompt", chat(&p.prompt)),
                ("ability", Value::text(ABILITY)),
                (
                    "reward_model",
                    Value::Struct(vec![
                        ("style", Value::text("rule")),
                        ("ground_truth", Value::Struct(reward_fields(&task))),
                    ]),
                ),
                ("extra_info", Value::Struct(extra)),
            ]
        }
        TaskFormat::Trl => {
            let mut row = vec![("prompt", chat(&p.prompt))];
            row.extend(fields(&task, |n| n == "id" || REWARD_FIELDS.contains(&n)));
            row
        }
        TaskFormat::ReasoningGym => {
            let mut meta = vec![
                ("source_dataset", Value::text(data_source(p))),
                ("source_index", Value::Int(Some(index as i64))),
            ];
            meta.extend(fields(&task, |n| n != "prompt"));
            vec![
                ("question", Value::text(p.prompt.clone())),
                ("answer", Value::text(answer(p))),
                ("metadata", Value::Struct(meta)),
            ]
        }
    }
}

/// Every task of `posed` (split by split, each in its order) as `format`
/// lays it out, numbered within its split.
pub fn rows(format: TaskFormat, posed: &[Posed]) -> Vec<Row> {
    let mut split: Option<&str> = None;
    let mut index = 0;
    posed
        .iter()
        .map(|p| {
            if split != Some(p.task.split.as_str()) {
                split = Some(p.task.split.as_str());
                index = 0;
            }
            index += 1;
            row(format, p, index - 1)
        })
        .collect()
}

/// The columns of `format`'s rows and their types: those of a row (every
/// row of a format has the same).
pub fn columns(format: TaskFormat, sample: &Posed) -> Vec<(&'static str, Kind)> {
    row(format, sample, 0)
        .into_iter()
        .map(|(n, v)| (n, v.kind()))
        .collect()
}

/// The format named `s` (its `FromStr`, for the Python package).
pub fn parse(s: &str) -> Result<TaskFormat, InputError> {
    s.parse()
}
