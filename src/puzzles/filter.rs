//! The hand filter: which hands of a table a designer keeps, by tier,
//! predicted time, solution count, fractions and the operations a hand
//! needs. One definition and one validation, used by `rank`, `pick`, the
//! explorer's page data and the Python package; the explorer's script
//! applies the same rules in JavaScript, and a browser test holds it to
//! this one.
//!
//! Pure: a hand's [`Facts`] in, a yes or no out.

use crate::difficulty::Tier;

use super::ops::Ops;

/// What the filter looks at in one hand (one row of a table: a hand and
/// its target). `None` where the table does not say: a table swept
/// without solutions has no difficulty, one without its solutions table no
/// operation class.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Facts {
    pub solvable: bool,
    pub time_s: Option<f64>,
    pub time_p80_s: Option<f64>,
    pub tier: Option<Tier>,
    pub dissimilar: Option<u32>,
    pub needs_fraction: bool,
    pub ops: Option<Ops>,
}

/// A validated filter; every bound inclusive, every empty list "any".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandFilter {
    /// Only hands of these tiers.
    pub tiers: Vec<Tier>,
    /// Bounds on the predicted mean solve time, seconds.
    pub min_time: Option<f64>,
    pub max_time: Option<f64>,
    /// Only hands that 80% of the players who solve them finish within
    /// this many seconds (`predicted_time_p80_s` at most this).
    pub time_limit: Option<f64>,
    /// Bounds on the number of dissimilar solutions.
    pub min_dissimilar: Option<u32>,
    pub max_dissimilar: Option<u32>,
    /// Only hands that need a fraction (`Some(true)`) or that do not.
    pub needs_fraction: Option<bool>,
    /// Only hands whose operation class (the least their solutions need)
    /// is one of these.
    pub ops: Vec<Ops>,
}

/// Why a filter cannot be used, naming the field as the options spell it
/// (`min-time`, the Python package's `min_time`: the caller words it).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FilterError {
    #[error("--{field} {value} is not a number of seconds")]
    BadTime { field: &'static str, value: f64 },
    #[error("--min-time {min} is above --max-time {max}")]
    EmptyTimes { min: f64, max: f64 },
    #[error("--min-dissimilar {min} is above --max-dissimilar {max}")]
    EmptyCounts { min: u32, max: u32 },
}

impl HandFilter {
    /// Fails on a bound that is not a number of seconds or on bounds that
    /// keep nothing, naming them.
    pub fn validate(self) -> Result<HandFilter, FilterError> {
        for (field, value) in [
            ("min-time", self.min_time),
            ("max-time", self.max_time),
            ("time-limit", self.time_limit),
        ] {
            if let Some(value) = value
                && !(value.is_finite() && value >= 0.0)
            {
                return Err(FilterError::BadTime { field, value });
            }
        }
        if let (Some(min), Some(max)) = (self.min_time, self.max_time)
            && min > max
        {
            return Err(FilterError::EmptyTimes { min, max });
        }
        if let (Some(min), Some(max)) = (self.min_dissimilar, self.max_dissimilar)
            && min > max
        {
            return Err(FilterError::EmptyCounts { min, max });
        }
        Ok(self)
    }

    /// Whether the filter asks about difficulty (a table without it cannot
    /// answer).
    pub fn needs_difficulty(&self) -> bool {
        !self.tiers.is_empty()
            || self.min_time.is_some()
            || self.max_time.is_some()
            || self.time_limit.is_some()
    }

    /// Whether a hand passes: it is solvable and rated, and every bound
    /// holds. A hand whose table does not say what a bound asks (its
    /// operation class, say) does not pass that bound.
    pub fn passes(&self, f: &Facts) -> bool {
        let Some(t) = f.time_s.filter(|_| f.solvable) else {
            return false;
        };
        self.min_time.is_none_or(|m| t >= m)
            && self.max_time.is_none_or(|m| t <= m)
            && self
                .time_limit
                .is_none_or(|m| f.time_p80_s.is_some_and(|p| p <= m))
            && (self.tiers.is_empty() || f.tier.is_some_and(|x| self.tiers.contains(&x)))
            && self
                .min_dissimilar
                .is_none_or(|m| f.dissimilar.is_some_and(|d| d >= m))
            && self
                .max_dissimilar
                .is_none_or(|m| f.dissimilar.is_some_and(|d| d <= m))
            && self.needs_fraction.is_none_or(|n| f.needs_fraction == n)
            && (self.ops.is_empty() || f.ops.is_some_and(|o| self.ops.contains(&o)))
    }

    /// The operations a set's answers may use: the largest class of
    /// [`HandFilter::ops`] (every operation when it is empty).
    pub fn allowed(&self) -> Ops {
        Ops::allowed(&self.ops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(time: f64, tier: Tier, dissimilar: u32, ops: Ops) -> Facts {
        Facts {
            solvable: true,
            time_s: Some(time),
            time_p80_s: Some(time * 2.0),
            tier: Some(tier),
            dissimilar: Some(dissimilar),
            needs_fraction: ops == Ops::Fraction,
            ops: Some(ops),
        }
    }

    #[test]
    fn every_bound_is_inclusive_and_an_empty_filter_keeps_every_rated_hand() {
        let h = hand(10.0, Tier::Medium, 3, Ops::Product);
        assert!(HandFilter::default().passes(&h));
        let f = |filter: HandFilter| filter.validate().unwrap().passes(&h);
        assert!(f(HandFilter { min_time: Some(10.0), max_time: Some(10.0), ..Default::default() }));
        assert!(!f(HandFilter { min_time: Some(10.5), ..Default::default() }));
        assert!(f(HandFilter { time_limit: Some(20.0), ..Default::default() }));
        assert!(!f(HandFilter { time_limit: Some(19.9), ..Default::default() }));
        assert!(f(HandFilter { tiers: vec![Tier::Easy, Tier::Medium], ..Default::default() }));
        assert!(!f(HandFilter { tiers: vec![Tier::Hard], ..Default::default() }));
        assert!(f(HandFilter { min_dissimilar: Some(3), max_dissimilar: Some(3), ..Default::default() }));
        assert!(!f(HandFilter { max_dissimilar: Some(2), ..Default::default() }));
        assert!(!f(HandFilter { needs_fraction: Some(true), ..Default::default() }));
        assert!(f(HandFilter { ops: vec![Ops::Product], ..Default::default() }));
        assert!(!f(HandFilter { ops: vec![Ops::AddSub], ..Default::default() }));
        // Unsolvable or unrated hands never pass.
        assert!(!HandFilter::default().passes(&Facts { solvable: false, ..h }));
        assert!(!HandFilter::default().passes(&Facts { time_s: None, ..h }));
    }

    #[test]
    fn contradictions_are_named() {
        let e = HandFilter { min_time: Some(9.0), max_time: Some(3.0), ..Default::default() };
        assert_eq!(e.validate(), Err(FilterError::EmptyTimes { min: 9.0, max: 3.0 }));
        let e = HandFilter { time_limit: Some(f64::NAN), ..Default::default() };
        assert!(matches!(e.validate(), Err(FilterError::BadTime { field: "time-limit", .. })));
        let e = HandFilter { min_dissimilar: Some(4), max_dissimilar: Some(1), ..Default::default() };
        assert_eq!(e.validate(), Err(FilterError::EmptyCounts { min: 4, max: 1 }));
    }
}
