//! The hand filter: which hands of a table a designer keeps, by tier,
//! predicted time, dissimilar solutions, fraction use and the operations a
//! hand needs. One type with one validation for every product that filters:
//! `census24 rank` lowers it to a polars predicate (`report::rank`),
//! `census24 pick` and the Python package's `puzzles` keep the hands it
//! [`admits`](HandFilter::admits), and the explorer page spells its filters
//! with the same names ([`Flag`]), carried in the page's data.
//!
//! Pure: no polars, no clap. Each bound is inclusive; a hand without a
//! prediction (unsolvable, or a table without difficulty) never passes.

use std::fmt;

use super::catalog::Entry;
use super::ops::Ops;
use crate::difficulty::{Prediction, Tier};
use crate::game::named::named;

/// A validated set of hand filters; the default keeps every hand with a
/// prediction.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandFilter {
    /// Only hands of these tiers (every tier when empty).
    pub tiers: Vec<Tier>,
    /// Bounds on the predicted mean solve time in seconds.
    pub min_time: Option<f64>,
    pub max_time: Option<f64>,
    /// Only hands that 80% of the players who solve them finish within this
    /// many seconds (their predicted p80 time at most this).
    pub time_limit: Option<f64>,
    /// Bounds on the number of dissimilar solutions.
    pub min_dissimilar: Option<u32>,
    pub max_dissimilar: Option<u32>,
    /// Only hands that need a fraction (`Some(true)`), or only hands that
    /// do not (`Some(false)`).
    pub needs_fraction: Option<bool>,
    /// Only hands that need one of these operation classes (any when empty).
    pub ops: Vec<Ops>,
}

/// What the time, tier and dissimilar filters look at in a hand or game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Figures {
    /// The prediction (`None`: none).
    pub prediction: Option<Prediction>,
    /// Dissimilar solutions (`None`: not counted).
    pub dissimilar: Option<u32>,
}

impl Figures {
    /// A hand's figures.
    pub fn of(e: &Entry) -> Figures {
        Figures {
            prediction: e.prediction,
            dissimilar: e.dissimilar,
        }
    }
}

named! {
    /// One filter as the products name it: `--min-time` on the command line,
    /// `min_time` in Python, `min-time` in the explorer page's address. Its
    /// name is the option's without its dashes; it displays as the option.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Flag {
        Tier => "tier",
        MinTime => "min-time",
        MaxTime => "max-time",
        TimeLimit => "time-limit",
        MinDissimilar => "min-dissimilar",
        MaxDissimilar => "max-dissimilar",
        NeedsFraction => "needs-fraction",
        Ops => "ops",
    }
    impl Display as "--{}";
}

impl Flag {
    /// The Python package's argument (`tiers` takes a list, hence the
    /// plural; the others are the name with underscores).
    pub fn argument(self) -> String {
        match self {
            Flag::Tier => "tiers".to_string(),
            other => other.name().replace('-', "_"),
        }
    }

    /// The field of [`HandFilter`] it sets, as the explorer's data names
    /// it.
    pub fn field(self) -> &'static str {
        match self {
            Flag::Tier => "tiers",
            Flag::MinTime => "min_time",
            Flag::MaxTime => "max_time",
            Flag::TimeLimit => "time_limit",
            Flag::MinDissimilar => "min_dissimilar",
            Flag::MaxDissimilar => "max_dissimilar",
            Flag::NeedsFraction => "needs_fraction",
            Flag::Ops => "ops",
        }
    }
}

/// A filter that keeps nothing for a reason the request itself shows.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FilterError {
    /// A time that is negative, infinite or not a number.
    #[error("{flag} {value} is not a number of seconds")]
    NotSeconds { flag: Flag, value: f64 },
    /// A lower bound above its upper bound.
    #[error("{low} {min} is above {high} {max}")]
    Empty {
        low: Flag,
        min: String,
        high: Flag,
        max: String,
    },
    /// A bound that no solvable hand meets.
    #[error("{flag} {value} keeps nothing: {why}")]
    Nothing {
        flag: Flag,
        value: String,
        why: &'static str,
    },
}

impl FilterError {
    /// The filter at fault (the lower bound of an empty range).
    pub fn flag(&self) -> Flag {
        match self {
            FilterError::NotSeconds { flag, .. } => *flag,
            FilterError::Empty { low, .. } => *low,
            FilterError::Nothing { flag, .. } => *flag,
        }
    }

    /// The message after the filter's name, every other filter it names
    /// spelled by `spell` (the Python package says `max_time 3` where the
    /// command line says `--max-time 3`).
    pub fn detail(&self, spell: impl Fn(Flag) -> String) -> String {
        match self {
            FilterError::NotSeconds { value, .. } => {
                format!("{value} is not a number of seconds")
            }
            FilterError::Empty { min, high, max, .. } => {
                format!("{min} is above {} {max}", spell(*high))
            }
            FilterError::Nothing { value, why, .. } => format!("{value} keeps nothing: {why}"),
        }
    }
}

impl HandFilter {
    /// Fails on a time that is not a number of seconds or on a range that
    /// keeps nothing, naming the filter and its value.
    pub fn validate(self) -> Result<HandFilter, FilterError> {
        for (flag, value) in [
            (Flag::MinTime, self.min_time),
            (Flag::MaxTime, self.max_time),
            (Flag::TimeLimit, self.time_limit),
        ] {
            if let Some(value) = value
                && !(value.is_finite() && value >= 0.0)
            {
                return Err(FilterError::NotSeconds { flag, value });
            }
        }
        if let (Some(min), Some(max)) = (self.min_time, self.max_time)
            && min > max
        {
            return Err(empty(Flag::MinTime, min, Flag::MaxTime, max));
        }
        if let (Some(min), Some(max)) = (self.min_dissimilar, self.max_dissimilar)
            && min > max
        {
            return Err(empty(Flag::MinDissimilar, min, Flag::MaxDissimilar, max));
        }
        if self.max_dissimilar == Some(0) {
            return Err(FilterError::Nothing {
                flag: Flag::MaxDissimilar,
                value: "0".into(),
                why: "a solvable hand has at least one dissimilar solution",
            });
        }
        // The tiers are bands of predicted time: a time range outside every
        // band asked keeps nothing.
        if !self.tiers.is_empty() {
            let names = || {
                let names: Vec<&str> = self.tiers.iter().map(|t| t.name()).collect();
                names.join(",")
            };
            let (lo, hi) = (
                self.min_time.unwrap_or(0.0),
                self.max_time.unwrap_or(f64::INFINITY),
            );
            let bands = || self.tiers.iter().map(|t| t.seconds());
            if let Some(max) = self.max_time
                && bands().all(|(from, _)| from > max)
            {
                return Err(empty(Flag::Tier, names(), Flag::MaxTime, max));
            }
            if let Some(min) = self.min_time
                && bands().all(|(_, to)| to <= min)
            {
                return Err(empty(Flag::MinTime, min, Flag::Tier, names()));
            }
            if !bands().any(|(from, to)| from <= hi && lo < to) {
                return Err(FilterError::Nothing {
                    flag: Flag::Tier,
                    value: names(),
                    why: "no tier asked has a predicted time in the range asked",
                });
            }
        }
        Ok(self)
    }

    /// Whether a hand of this operation class passes `--ops` (`None`: the
    /// hand is unsolvable, or its table has no solutions).
    pub fn admits_ops(&self, ops: Option<Ops>) -> bool {
        self.ops.is_empty() || ops.is_some_and(|o| self.ops.contains(&o))
    }

    /// Whether the hand passes every filter.
    pub fn admits(&self, e: &Entry) -> bool {
        self.admits_figures(&Figures::of(e)) && self.admits_solutions(e)
    }

    /// Whether a hand passes the filters that read its solutions
    /// (`--needs-fraction`, `--ops`; see [`HandFilter::beyond_figures`]).
    pub fn admits_solutions(&self, e: &Entry) -> bool {
        self.needs_fraction.is_none_or(|f| e.needs_fraction == f) && self.admits_ops(e.ops)
    }

    /// Why a ranking or a puzzle set of the table `table` holds nothing:
    /// no hand passes the filters given, or, with none given, no hand of
    /// the table is solvable (what `rank` and `pick` say on stderr).
    pub fn nothing_passes(&self, table: &std::path::Path) -> String {
        match *self == HandFilter::default() {
            true => format!("no hand of {} is solvable", table.display()),
            false => format!("no hand of {} passes these filters", table.display()),
        }
    }

    /// Whether a game with these figures passes the filters on predicted
    /// time, tier and dissimilar solutions (the others are not looked at:
    /// see [`HandFilter::beyond_figures`]). A game without a prediction
    /// never passes.
    pub fn admits_figures(&self, f: &Figures) -> bool {
        let Some(p) = f.prediction else { return false };
        let t = p.time_s;
        let within = |x: Option<u32>, min: Option<u32>, max: Option<u32>| {
            (min.is_none() && max.is_none())
                || x.is_some_and(|x| min.is_none_or(|m| x >= m) && max.is_none_or(|m| x <= m))
        };
        self.min_time.is_none_or(|m| t >= m)
            && self.max_time.is_none_or(|m| t <= m)
            && self.time_limit.is_none_or(|m| p.time_p80_s <= m)
            && (self.tiers.is_empty() || self.tiers.contains(&p.tier))
            && within(f.dissimilar, self.min_dissimilar, self.max_dissimilar)
    }

    /// The first filter given that needs a hand's solutions, not only its
    /// [`Figures`] (`--needs-fraction`, `--ops`): a ranking that works
    /// games out from a reach table refuses it by name.
    pub fn beyond_figures(&self) -> Option<Flag> {
        if self.needs_fraction.is_some() {
            Some(Flag::NeedsFraction)
        } else if !self.ops.is_empty() {
            Some(Flag::Ops)
        } else {
            None
        }
    }

    /// The operations a set of the hands kept may be answered with: the
    /// largest class of `--ops` (every operation when it is empty).
    pub fn allowed(&self) -> Ops {
        Ops::allowed(&self.ops)
    }
}

fn empty(low: Flag, min: impl fmt::Display, high: Flag, max: impl fmt::Display) -> FilterError {
    FilterError::Empty {
        low,
        min: min.to_string(),
        high,
        max: max.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_filters_name_the_flag_and_the_value() {
        let bad = |f: HandFilter| f.validate().unwrap_err().to_string();
        assert_eq!(
            bad(HandFilter {
                min_time: Some(9.0),
                max_time: Some(3.5),
                ..HandFilter::default()
            }),
            "--min-time 9 is above --max-time 3.5"
        );
        assert_eq!(
            bad(HandFilter {
                time_limit: Some(-1.0),
                ..HandFilter::default()
            }),
            "--time-limit -1 is not a number of seconds"
        );
        assert_eq!(
            bad(HandFilter {
                max_time: Some(f64::NAN),
                ..HandFilter::default()
            }),
            "--max-time NaN is not a number of seconds"
        );
        assert_eq!(
            bad(HandFilter {
                min_dissimilar: Some(5),
                max_dissimilar: Some(2),
                ..HandFilter::default()
            }),
            "--min-dissimilar 5 is above --max-dissimilar 2"
        );
        let equal = HandFilter {
            min_dissimilar: Some(2),
            max_dissimilar: Some(2),
            min_time: Some(4.0),
            max_time: Some(4.0),
            ..HandFilter::default()
        };
        assert_eq!(equal.clone().validate(), Ok(equal));
    }

    #[test]
    fn python_spells_the_same_message_with_its_arguments() {
        let e = HandFilter {
            min_time: Some(9.0),
            max_time: Some(3.0),
            ..HandFilter::default()
        }
        .validate()
        .unwrap_err();
        let python = format!("{}: {}", e.flag().argument(), e.detail(Flag::argument));
        assert_eq!(python, "min_time: 9 is above max_time 3");
        assert_eq!(
            format!("{} {}", e.flag(), e.detail(|f| f.to_string())),
            e.to_string()
        );
        assert_eq!(Flag::Tier.argument(), "tiers");
        assert_eq!(Flag::NeedsFraction.argument(), "needs_fraction");
    }
}
