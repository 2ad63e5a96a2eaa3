//! The numeric axes of every chart, chosen from the data: where an axis
//! starts and ends, and the round values it marks.
//!
//! Ticks are the multiples of one round step (1, 2 or 5 times a power of
//! ten), whole numbers when every value is whole (targets, cards, counts),
//! so an axis over targets 1 to 25 never reads 2.5. A value axis starts at
//! zero when the data come near it (a bar always does), else it hugs the
//! data in round steps (a share between 98% and 100% is drawn on 98 to
//! 100, not flat along 0 to 100) and says so: [`Axis::cut`] is what the
//! chart writes beside it.

/// How many steps a value axis has at most (it has three to six).
pub const VALUE_STEPS: usize = 6;
/// How many ticks an axis along the chart's width has at most.
pub const WIDTH_TICKS: usize = 12;

/// Where a value axis starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// At zero (or at the value below zero a bar reaches): a bar's length is
    /// its value.
    Zero,
    /// At zero when the values come within their own spread of it, else
    /// at the round value below them: a line's shape.
    Fit,
}

/// An axis: its ends and the values marked on it, ascending.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub lo: f64,
    pub hi: f64,
    pub ticks: Vec<f64>,
}

/// Whether every value is a whole number (NaN, the gaps of a line, aside).
pub fn all_whole(values: &[f64]) -> bool {
    values
        .iter()
        .filter(|v| v.is_finite())
        .all(|v| v.fract() == 0.0)
}

/// The smallest round step (1, 2 or 5 times a power of ten; at least 1
/// for whole data) that cuts `lo..hi`, widened to its multiples, into at
/// most `steps` steps; with those multiples.
fn round_step(lo: f64, hi: f64, whole: bool, steps: usize) -> (f64, f64, f64) {
    for step in round_steps((hi - lo) / steps as f64, whole) {
        let (a, b) = ((lo / step + 1e-9).floor(), (hi / step - 1e-9).ceil());
        if b - a <= steps as f64 + 1e-9 {
            return (step, a * step, b * step);
        }
    }
    unreachable!("round_steps never ends")
}

/// The round steps from about `raw` up: 1, 2 and 5 times each power of
/// ten (from 1 for whole data), without end.
fn round_steps(raw: f64, whole: bool) -> impl Iterator<Item = f64> {
    let mut p = 10f64.powi(raw.max(1e-12).log10().floor() as i32);
    if whole {
        p = p.max(1.0);
    }
    std::iter::successors(Some(p), |p| Some(p * 10.0))
        .flat_map(|p| [1.0, 2.0, 5.0].map(|m| clean(m * p)))
}

/// `v` without the float dust of adding steps (98.2, not 98.20000000001).
fn clean(v: f64) -> f64 {
    (v * 1e9).round() / 1e9
}

/// The multiples of `step` from `lo` to `hi`, both ends counted.
fn multiples_of(step: f64, lo: f64, hi: f64) -> Vec<f64> {
    let first = (lo / step - 1e-9).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last).map(|k| clean(k as f64 * step)).collect()
}

impl Axis {
    /// A value axis holding `values` (NaN gaps left out), inside `bounds`
    /// (0 to 100 for a share), in at most [`VALUE_STEPS`] round steps.
    pub fn of_values(values: &[f64], bounds: (f64, f64), base: Base) -> Axis {
        let whole = all_whole(values);
        let finite = || values.iter().copied().filter(|v| v.is_finite());
        let (min, max) = (
            finite().fold(f64::INFINITY, f64::min).max(bounds.0),
            finite().fold(f64::NEG_INFINITY, f64::max).min(bounds.1),
        );
        if !(min.is_finite() && max.is_finite()) || max < min {
            return Axis::spanning(0.0, 1.0, false, VALUE_STEPS + 1);
        }
        let from_zero = base == Base::Zero || (min >= 0.0 && min <= max - min);
        let (mut lo, mut hi) = (min, max);
        if from_zero {
            lo = lo.min(0.0).max(bounds.0);
            hi = hi.max(0.0);
        }
        if hi <= lo {
            // Every value the same: a unit of room, above unless a bound
            // is there.
            let unit = if whole { 1.0 } else { lo.abs().max(1.0) * 0.01 };
            if hi + unit <= bounds.1 {
                hi += unit;
            } else {
                lo -= unit;
            }
        }
        let (step, mut a, mut b) = round_step(lo, hi, whole, VALUE_STEPS);
        // A line's lowest or highest point on (or a hair off) the axis's
        // end gets a step of room, unless the end is a bound (100%) or a
        // bar's zero.
        let touch = 0.005 * (b - a);
        if base == Base::Fit && !from_zero && min - a < touch && a - step >= bounds.0 {
            a -= step;
        }
        if base == Base::Fit && b - max < touch && b + step <= bounds.1 {
            b += step;
        }
        let (a, b) = (a.max(bounds.0), b.min(bounds.1));
        Axis {
            lo: clean(a),
            hi: clean(b),
            ticks: multiples_of(step, a, b),
        }
    }

    /// An axis from `lo` to `hi` exactly (such as the first and last target
    /// of a range), marked at most `most` times at the multiples of a round
    /// step between them: whole ones for `whole` data.
    pub fn spanning(lo: f64, hi: f64, whole: bool, most: usize) -> Axis {
        let hi = if hi > lo { hi } else { lo + 1.0 };
        let ticks = round_steps((hi - lo) / most.max(1) as f64, whole)
            .map(|step| multiples_of(step, lo, hi))
            .find(|t| t.len() <= most.max(2))
            .unwrap_or_default();
        Axis { lo, hi, ticks }
    }

    /// Where `v` lies along the axis: 0 at `lo`, 1 at `hi` (clamped).
    pub fn fraction(&self, v: f64) -> f64 {
        ((v - self.lo) / (self.hi - self.lo).max(f64::MIN_POSITIVE)).clamp(0.0, 1.0)
    }

    /// The step between ticks (the span when there is one tick).
    pub fn step(&self) -> f64 {
        match self.ticks.as_slice() {
            [a, b, ..] => b - a,
            _ => self.hi - self.lo,
        }
    }

    /// Whether the axis leaves out zero though its values are all on one
    /// side of it: a chart then says where it starts.
    pub fn cut(&self) -> bool {
        self.lo > 0.0 || self.hi < 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole_ticks(a: &Axis) -> bool {
        a.ticks.iter().all(|t| t.fract() == 0.0)
    }

    /// Krypto's targets 1 to 25 were marked 2.5, 7.5, 12.5 (issue 46):
    /// an axis over whole targets is marked at whole targets only.
    #[test]
    fn whole_targets_get_whole_ticks() {
        let xs: Vec<f64> = (1..=25).map(f64::from).collect();
        assert!(all_whole(&xs));
        let a = Axis::spanning(1.0, 25.0, true, WIDTH_TICKS);
        assert!(whole_ticks(&a), "{:?}", a.ticks);
        assert_eq!(
            a.ticks,
            (1..=12).map(|t| f64::from(2 * t)).collect::<Vec<_>>()
        );
        for (lo, hi) in [(1.0, 3.0), (1.0, 7.0), (2.0, 10.0), (1.0, 13.0), (0.0, 1.0)] {
            let a = Axis::spanning(lo, hi, true, WIDTH_TICKS);
            assert!(
                whole_ticks(&a) && !a.ticks.is_empty(),
                "{lo}..{hi}: {:?}",
                a.ticks
            );
            assert!(a.ticks.len() <= WIDTH_TICKS);
        }
        let a = Axis::spanning(100.0, 999.0, true, WIDTH_TICKS);
        assert_eq!(
            a.ticks,
            (1..=9).map(|t| f64::from(100 * t)).collect::<Vec<_>>()
        );
    }

    /// Krypto's shares, all between 98% and 100%, were drawn flat along a
    /// 0-to-100 axis (issue 46): the axis hugs them in round steps.
    #[test]
    fn shares_in_a_narrow_band_get_a_narrow_axis_that_says_it_is_cut() {
        let values = [98.3, 99.1, 99.97, 100.0, 98.9];
        let a = Axis::of_values(&values, (0.0, 100.0), Base::Fit);
        assert_eq!((a.lo, a.hi), (98.0, 100.0));
        assert_eq!(a.ticks, vec![98.0, 98.5, 99.0, 99.5, 100.0]);
        assert!(a.cut());
        // A bar still starts at zero.
        let bars = Axis::of_values(&values, (0.0, 100.0), Base::Zero);
        assert_eq!((bars.lo, bars.hi), (0.0, 100.0));
        assert!(!bars.cut());
    }

    /// The shares by a set's largest number (88.3% to 93.05%) were drawn
    /// on 88 to 98, its top half empty (issue 46): the axis ends a step
    /// above them.
    #[test]
    fn an_axis_leaves_no_empty_band() {
        let a = Axis::of_values(&[88.3, 90.0, 93.05], (0.0, 100.0), Base::Fit);
        assert_eq!((a.lo, a.hi), (88.0, 94.0));
        for (values, bounds) in [
            (vec![88.3, 93.05], (0.0, 100.0)),
            (vec![68.0, 100.0], (0.0, 100.0)),
            (vec![30.2, 55.4], (0.0, 100.0)),
            (vec![0.0, 782.0], (0.0, f64::INFINITY)),
            (vec![3.0, 515.0], (0.0, f64::INFINITY)),
            (vec![6.0, 11.0], (0.0, f64::INFINITY)),
        ] {
            let a = Axis::of_values(&values, bounds, Base::Fit);
            let (min, max) = (values[0], values[1]);
            assert!(a.lo <= min && a.hi >= max, "{values:?}: {a:?}");
            // At most one step of the axis is empty at either end.
            let step = a.step();
            assert!(
                min - a.lo <= step && a.hi - max <= step,
                "{values:?}: {a:?}"
            );
            assert!((3..=VALUE_STEPS + 3).contains(&a.ticks.len()), "{a:?}");
        }
    }

    /// A tier chart was marked at 160, 320, 480, 640 (issue 46): counts
    /// are marked at round values.
    #[test]
    fn counts_are_marked_at_round_values() {
        let a = Axis::of_values(
            &[289.0, 782.0, 206.0, 85.0],
            (0.0, f64::INFINITY),
            Base::Zero,
        );
        assert_eq!(a.ticks, vec![0.0, 200.0, 400.0, 600.0, 800.0]);
        let a = Axis::of_values(&[515.0, 427.0, 1.0], (0.0, f64::INFINITY), Base::Zero);
        assert_eq!(
            a.ticks,
            (0..=6).map(|t| f64::from(100 * t)).collect::<Vec<_>>()
        );
        // Cards, 6 to 11: whole steps, not 2.2, 4.4...
        let a = Axis::of_values(&[6.0, 11.0], (0.0, f64::INFINITY), Base::Zero);
        assert_eq!(a.ticks, vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);
        // A few small counts: whole steps of one.
        let a = Axis::of_values(&[1.0, 3.0], (0.0, f64::INFINITY), Base::Zero);
        assert_eq!(a.ticks, vec![0.0, 1.0, 2.0, 3.0]);
    }

    /// Every step is 1, 2 or 5 times a power of ten, whatever the data.
    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        for (lo, hi) in [
            (0.0, 0.3),
            (12.0, 77.0),
            (99.9, 100.0),
            (3.0, 3.0),
            (0.0, 0.0),
            (-4.0, 9.0),
        ] {
            let a = Axis::of_values(&[lo, hi], (f64::NEG_INFINITY, f64::INFINITY), Base::Fit);
            assert!(a.lo <= lo && a.hi >= hi && a.hi > a.lo, "{lo} {hi}: {a:?}");
            let step = a.step();
            let m = step / 10f64.powf(step.log10().floor());
            assert!(
                [1.0, 2.0, 5.0].iter().any(|r| (m - r).abs() < 1e-6),
                "{lo} {hi}: {step}"
            );
        }
    }
}
