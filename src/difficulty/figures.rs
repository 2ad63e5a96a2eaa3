//! How a prediction is written wherever it is carried: the columns of the
//! hands and reach tables, the fields of a task, the rows `rank` and `pick`
//! print, the dataset card's features. Each number of a [`Prediction`] is
//! one entry of [`FIGURES`]: its column name, what it means, the decimals
//! it prints with, and how it is taken from and put into a prediction. The
//! tier follows them as the column [`TIER`]. Every writer and reader of a
//! prediction loops over this list, so a figure is added here (and computed
//! in [`super::prediction`]) and in no other file.
//!
//! Pure: no I/O, no polars.

use serde::Serialize;
use serde::ser::SerializeMap;

use super::{Prediction, Tier};

/// One number of a prediction as tables and rows carry it.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// Its column name (in tables, tasks, printed rows and JSON).
    pub name: &'static str,
    /// What it means, with its unit and when it is null (data/README.md).
    pub meaning: &'static str,
    /// Decimals the table and CSV formats print it with.
    pub decimals: usize,
    /// The figure of a prediction.
    pub get: fn(&Prediction) -> f64,
    /// Sets the figure of a prediction (reading a table back).
    pub set: fn(&mut Prediction, f64),
}

/// Declares each figure as a constant of its own and [`FIGURES`], the
/// list in column order: `CONST = "column", field, decimals, "meaning";`.
macro_rules! figures {
    ($($(#[$doc:meta])* $konst:ident = $name:literal, $field:ident, $decimals:literal, $meaning:literal;)*) => {
        $($(#[$doc])* pub const $konst: Figure = Figure {
            name: $name,
            meaning: $meaning,
            decimals: $decimals,
            get: |p| p.$field,
            set: |p, x| p.$field = x,
        };)*
        /// The numbers of a prediction, in their column order.
        pub const FIGURES: [Figure; [$($name),*].len()] = [$($konst),*];
    };
}

figures! {
    TIME_S = "predicted_time_s", time_s, 2, "predicted mean solve time of the players who solve it, seconds (docs/DIFFICULTY.md); null when unsolvable, left out where solutions are not counted";
    TIME_P80_S = "predicted_time_p80_s", time_p80_s, 2, "predicted time within which 80% of the players who solve it do so, seconds; null with `predicted_time_s`";
    SOLVE_RATE = "predicted_solve_rate", solve_rate, 3, "predicted share of attempts that end solved; null with `predicted_time_s`";
    DIFFICULTY = "difficulty", difficulty, 1, "0 to 100, `50 * log10(predicted_time_s / 2)` clamped; null with `predicted_time_s`";
}

/// The column of the tier, after the figures.
pub const TIER: &str = "tier";

/// What the tier column means.
pub const TIER_MEANING: &str = "easy, medium, hard or expert by predicted seconds, an ordered enum (text in DuckDB: see the tier recipe); null with `predicted_time_s`";

/// The column names of a prediction, in order: the figures, then the tier.
pub fn names() -> Vec<&'static str> {
    FIGURES.iter().map(|f| f.name).chain([TIER]).collect()
}

/// The figure named `name`, if a prediction has one.
pub fn figure(name: &str) -> Option<&'static Figure> {
    FIGURES.iter().find(|f| f.name == name)
}

impl Prediction {
    /// The prediction of these figures (one per entry of [`FIGURES`], in
    /// order) and tier, as a table holds them.
    pub fn from_figures(values: &[f64], tier: Tier) -> Prediction {
        // Any prediction, its every figure and its tier then replaced.
        let mut p = super::prediction(0.0, 0.0, 0.0);
        p.tier = tier;
        for (f, &x) in FIGURES.iter().zip(values) {
            (f.set)(&mut p, x);
        }
        p
    }
}

/// A prediction or none, as a row carries it: flattened into a row
/// (`#[serde(flatten)]`), it writes one field per column of [`names`],
/// each null when there is no prediction.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Predicted(pub Option<Prediction>);

impl Predicted {
    /// The predicted mean solve time, if any.
    pub fn time_s(&self) -> Option<f64> {
        self.0.map(|p| p.time_s)
    }

    /// The tier's name, empty without a prediction.
    pub fn tier_name(&self) -> &'static str {
        self.0.map(|p| p.tier.name()).unwrap_or_default()
    }
}

impl Serialize for Predicted {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(FIGURES.len() + 1))?;
        for f in &FIGURES {
            map.serialize_entry(f.name, &self.0.map(|p| (f.get)(&p)))?;
        }
        map.serialize_entry(TIER, &self.0.map(|p| p.tier.name()))?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prediction_reads_back_from_its_figures() {
        let p = super::super::prediction(3.0, 0.5, -1.0);
        let values: Vec<f64> = FIGURES.iter().map(|f| (f.get)(&p)).collect();
        assert_eq!(Prediction::from_figures(&values, p.tier), p);
    }

    #[test]
    fn a_row_carries_every_column_or_nulls() {
        let p = super::super::prediction(3.0, 0.5, -1.0);
        let v = serde_json::to_value(Predicted(Some(p))).unwrap();
        assert_eq!(v["predicted_time_s"], p.time_s);
        assert_eq!(v["predicted_time_p80_s"], p.time_p80_s);
        assert_eq!(v["tier"], p.tier.name());
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        let mut want = names();
        want.sort_unstable();
        let mut got = keys.clone();
        got.sort_unstable();
        assert_eq!(got, want);
        let none = serde_json::to_value(Predicted(None)).unwrap();
        assert!(none.as_object().unwrap().values().all(|x| x.is_null()));
    }
}
