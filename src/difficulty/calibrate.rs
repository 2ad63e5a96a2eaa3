//! Calibration: the players' measurements in, a fitted model and honest
//! validation figures out.
//!
//! Pure: text and numbers in, a [`Model`] and a [`Validation`] out; reading
//! the CSV file and writing the model file are the command's
//! (`census24 calibrate`). Validation is 10-fold cross-validation
//! with folds fixed by [`SEED`]: every hand is predicted by a model that did
//! not see it, and the Spearman rank correlation of those predictions with
//! the measurements is the figure (for the time, the solve rate and the
//! p80 of the times). The hand-priced effort (docs/DIFFICULTY.md) is scored
//! on the same hands beside it.

use std::fmt::Write;

use super::features::{COUNT, Features, NAMES};
use super::model::{Model, Predictor, Settings, fit};
use crate::canon::solutions;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;

/// The game the measurements are of: four cards, 24, fractions allowed.
pub const TARGET: Q = Q::int(24);
pub const RULES: Rules = Rules::Rational;

/// Seed of the fold assignment.
pub const SEED: u64 = 24;
pub use super::model::FOLDS;
/// Solve rates are clamped to this distance from 0 and 1 before taking log
/// odds, so that a hand every player solved does not weigh infinitely.
const RATE_MARGIN: f64 = 0.005;

/// One measured hand of the players' file.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// Cards ascending, space separated, as in the tables.
    pub hand: String,
    /// Mean time of the players who solved it, seconds.
    pub mean_time_s: f64,
    /// Share of attempts that ended solved.
    pub solved_rate: f64,
    /// Mean and standard deviation of the solvers' times once the slowest
    /// and fastest are trimmed, seconds.
    pub trimmed_mean_time_s: f64,
    pub trimmed_std_time_s: f64,
}

impl Measured {
    /// The measured time within which 80% of the solvers finish: the
    /// log-normal quantile of the trimmed mean and standard deviation
    /// ([`super::p80_of`]), the quantity the spread forest is judged by.
    pub fn p80_s(&self) -> f64 {
        super::p80_of(
            self.trimmed_mean_time_s,
            self.trimmed_std_time_s / self.trimmed_mean_time_s,
        )
    }
}

/// Reads the players' CSV (`hand,mean_time_s,solved_rate,
/// trimmed_mean_time_s,trimmed_std_time_s` with a header row, in any
/// order); other columns are ignored. Times must be positive.
pub fn parse_measurements(text: &str) -> Result<Vec<Measured>, String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines
        .next()
        .ok_or("the file is empty")?
        .split(',')
        .map(str::trim)
        .collect();
    let at = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .ok_or_else(|| format!("no column \"{name}\" in the header"))
    };
    let (h, t, r) = (at("hand")?, at("mean_time_s")?, at("solved_rate")?);
    let (tm, ts) = (at("trimmed_mean_time_s")?, at("trimmed_std_time_s")?);
    lines
        .enumerate()
        .map(|(n, line)| {
            let cells: Vec<&str> = line.split(',').map(str::trim).collect();
            let cell = |i: usize| {
                cells
                    .get(i)
                    .copied()
                    .ok_or_else(|| format!("line {}: too few columns", n + 2))
            };
            let num = |i: usize| -> Result<f64, String> {
                let c = cell(i)?;
                c.parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("line {}: \"{c}\" is not a number", n + 2))
            };
            let positive = |i: usize| -> Result<f64, String> {
                let v = num(i)?;
                if v > 0.0 {
                    Ok(v)
                } else {
                    Err(format!(
                        "line {}: {} \"{}\" is not positive",
                        n + 2,
                        header[i],
                        cell(i)?
                    ))
                }
            };
            Ok(Measured {
                hand: cell(h)?.to_string(),
                mean_time_s: positive(t)?,
                solved_rate: num(r)?,
                trimmed_mean_time_s: positive(tm)?,
                trimmed_std_time_s: positive(ts)?,
            })
        })
        .collect()
}

/// A measured hand with its features and today's effort.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub measured: Measured,
    pub features: Features,
    /// Today's (hand-priced) effort of docs/DIFFICULTY.md.
    pub effort: f64,
}

impl Sample {
    fn ln_time(&self) -> f64 {
        self.measured.mean_time_s.ln()
    }

    fn log_odds(&self) -> f64 {
        let r = self
            .measured
            .solved_rate
            .clamp(RATE_MARGIN, 1.0 - RATE_MARGIN);
        (r / (1.0 - r)).ln()
    }

    fn ln_cv(&self) -> f64 {
        (self.measured.trimmed_std_time_s / self.measured.trimmed_mean_time_s).ln()
    }
}

/// The measured hands with their features and effort, each solved for
/// [`TARGET`] under [`RULES`] as a sweep solves it.
pub fn samples(measured: Vec<Measured>) -> Result<Vec<Sample>, String> {
    measured
        .into_iter()
        .map(|m| {
            let hand = Hand::parse(&m.hand).map_err(|e| format!("hand \"{}\": {e}", m.hand))?;
            let sols =
                solutions(&hand, TARGET, RULES).map_err(|e| format!("hand \"{}\": {e}", m.hand))?;
            let (Some(features), Some(e)) = (
                super::features::features(&hand, TARGET, &sols),
                super::effort::effort(&sols, TARGET),
            ) else {
                return Err(format!("hand \"{}\" has no solution for 24", m.hand));
            };
            Ok(Sample {
                measured: m,
                features,
                effort: e.effort,
            })
        })
        .collect()
}

/// The words at the top of the model file.
pub fn about() -> Vec<String> {
    [
        "census24 difficulty model, written by `census24 calibrate` (`just calibrate`); do not edit by hand.",
        "Fitted on data/human/four-card-solve-times.csv: mean solve time, solve rate and spread of the times of the players of",
        "4nums.com on 903 four-card hands for 24, as published with the Tree of Thoughts study (Yao et al., 2023).",
        "Each forest is base + the leaf each tree reaches: a split is [feature, le, then, else]; go to then when the feature is at most le.",
        "Features are defined in docs/DIFFICULTY.md and src/difficulty/features.rs.",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Fits the three forests on `samples`.
pub fn fit_model(samples: &[Sample], settings: Settings) -> Model {
    let x: Vec<[f64; COUNT]> = samples.iter().map(|s| s.features.values).collect();
    let ln_time: Vec<f64> = samples.iter().map(Sample::ln_time).collect();
    let log_odds: Vec<f64> = samples.iter().map(Sample::log_odds).collect();
    let ln_cv: Vec<f64> = samples.iter().map(Sample::ln_cv).collect();
    Model {
        about: about(),
        features: NAMES.iter().map(|s| s.to_string()).collect(),
        settings,
        time: fit(&x, &ln_time, settings, "ln(mean solve time in seconds)"),
        solve_rate: fit(
            &x,
            &log_odds,
            settings,
            "ln(rate / (1 - rate)) of the solve rate",
        ),
        spread: fit(
            &x,
            &ln_cv,
            settings,
            "ln(trimmed std / trimmed mean) of the solvers' times",
        ),
        source: None,
    }
}

/// The fold of each sample: a seeded shuffle dealt round-robin.
pub fn folds(n: usize, folds: usize, seed: u64) -> Vec<usize> {
    let mut state = seed;
    // splitmix64: tiny, fixed, and the same on every machine.
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    let mut fold = vec![0; n];
    for (pos, &i) in order.iter().enumerate() {
        fold[i] = pos % folds;
    }
    fold
}

/// Ranks from 1, ties sharing the mean of their places.
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&a, &b| v[a].total_cmp(&v[b]).then(a.cmp(&b)));
    let mut out = vec![0.0; v.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && v[order[j + 1]] == v[order[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &o in &order[i..=j] {
            out[o] = mean;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rank correlation (Pearson's on ranks, ties averaged); 0 when
/// either side is constant.
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in ra.iter().zip(&rb) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    if saa == 0.0 || sbb == 0.0 {
        0.0
    } else {
        sab / (saa * sbb).sqrt()
    }
}

/// Spearman figures of one model against the measurements.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spearman {
    /// Over every hand at once (each predicted by the model of its fold).
    pub pooled: f64,
    /// Mean, lowest and highest over the folds.
    pub fold_mean: f64,
    pub fold_min: f64,
    pub fold_max: f64,
}

/// The cross-validation of the model beside today's.
#[derive(Clone, Debug, PartialEq)]
pub struct Validation {
    pub hands: usize,
    pub folds: usize,
    pub seed: u64,
    /// Calibrated model: predicted time against measured time.
    pub time: Spearman,
    /// Calibrated model: predicted solve rate against measured solve rate.
    pub rate: Spearman,
    /// Today's effort against measured time.
    pub effort_time: Spearman,
    /// Today's effort (negated: more effort, fewer solves) against measured solve rate.
    pub effort_rate: Spearman,
    /// Calibrated model: predicted p80 against the measured p80
    /// ([`Measured::p80_s`]).
    pub p80: Spearman,
    /// Today's effort against the measured p80.
    pub effort_p80: Spearman,
    /// Each hand's out-of-fold prediction: (seconds, solve rate, p80 seconds).
    pub predicted: Vec<(f64, f64, f64)>,
}

fn figures(fold: &[usize], k: usize, predicted: &[f64], measured: &[f64]) -> Spearman {
    let per: Vec<f64> = (0..k)
        .map(|f| {
            let idx: Vec<usize> = (0..fold.len()).filter(|&i| fold[i] == f).collect();
            let p: Vec<f64> = idx.iter().map(|&i| predicted[i]).collect();
            let m: Vec<f64> = idx.iter().map(|&i| measured[i]).collect();
            spearman(&p, &m)
        })
        .collect();
    Spearman {
        pooled: spearman(predicted, measured),
        fold_mean: per.iter().sum::<f64>() / k as f64,
        fold_min: per.iter().copied().fold(f64::INFINITY, f64::min),
        fold_max: per.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    }
}

/// Cross-validates the model on `samples` with `k` folds fixed by `seed`.
pub fn cross_validate(samples: &[Sample], settings: Settings, k: usize, seed: u64) -> Validation {
    let fold = folds(samples.len(), k, seed);
    let mut ln_time = vec![0.0; samples.len()];
    let mut log_odds = vec![0.0; samples.len()];
    let mut ln_cv = vec![0.0; samples.len()];
    for f in 0..k {
        let train: Vec<Sample> = samples
            .iter()
            .zip(&fold)
            .filter(|&(_, &g)| g != f)
            .map(|(s, _)| s.clone())
            .collect();
        let m = fit_model(&train, settings);
        let [pt, pr, pc] = [&m.time, &m.solve_rate, &m.spread]
            .map(|forest| Predictor::of(forest).expect("fitted features exist"));
        for (i, s) in samples.iter().enumerate() {
            if fold[i] == f {
                ln_time[i] = pt.value(&s.features.values);
                log_odds[i] = pr.value(&s.features.values);
                ln_cv[i] = pc.value(&s.features.values);
            }
        }
    }
    let predicted: Vec<(f64, f64, f64)> = (0..samples.len())
        .map(|i| {
            let p = super::prediction(ln_time[i], log_odds[i], ln_cv[i]);
            (p.time_s, p.solve_rate, p.time_p80_s)
        })
        .collect();
    // Unrounded, as the time and rate figures rank the forests' raw values.
    let p80: Vec<f64> = (0..samples.len())
        .map(|i| super::p80_of(ln_time[i].exp(), ln_cv[i].exp()))
        .collect();
    let measured_p80: Vec<f64> = samples.iter().map(|s| s.measured.p80_s()).collect();
    let time: Vec<f64> = samples.iter().map(|s| s.measured.mean_time_s).collect();
    let rate: Vec<f64> = samples.iter().map(|s| s.measured.solved_rate).collect();
    let effort: Vec<f64> = samples.iter().map(|s| s.effort).collect();
    let easiness: Vec<f64> = effort.iter().map(|e| -e).collect();
    Validation {
        hands: samples.len(),
        folds: k,
        seed,
        time: figures(&fold, k, &ln_time, &time),
        rate: figures(&fold, k, &log_odds, &rate),
        effort_time: figures(&fold, k, &effort, &time),
        effort_rate: figures(&fold, k, &easiness, &rate),
        p80: figures(&fold, k, &p80, &measured_p80),
        effort_p80: figures(&fold, k, &effort, &measured_p80),
        predicted,
    }
}

impl Validation {
    /// The figures as the markdown table docs/DIFFICULTY.md shows.
    pub fn to_markdown(&self) -> String {
        let mut out = format!(
            "{}-fold cross-validation on {} hands (folds fixed by seed {}): Spearman rank correlation \
             with what players measured, over all hands (each predicted by the model that did not see \
             it) and per fold (mean, lowest to highest).\n\n\
             | model | time: all hands | time: folds | solve rate: all hands | solve rate: folds | p80: all hands | p80: folds |\n\
             |---|---:|---:|---:|---:|---:|---:|\n",
            self.folds, self.hands, self.seed
        );
        let cell = |f: &Spearman| {
            (
                format!("{:.3}", f.pooled),
                format!(
                    "{:.3} ({:.3} to {:.3})",
                    f.fold_mean, f.fold_min, f.fold_max
                ),
            )
        };
        for (name, t, r, q) in [
            ("calibrated (this model)", &self.time, &self.rate, &self.p80),
            (
                "hand-priced effort (before)",
                &self.effort_time,
                &self.effort_rate,
                &self.effort_p80,
            ),
        ] {
            let (tp, tf) = cell(t);
            let (rp, rf) = cell(r);
            let (qp, qf) = cell(q);
            let _ = writeln!(out, "| {name} | {tp} | {tf} | {rp} | {rf} | {qp} | {qf} |");
        }
        out.push_str(
            "\np80: the time within which 80% of the solvers finish, log-normal from a mean and a \
             standard deviation (measured: the trimmed ones; predicted: the predicted mean time and \
             coefficient of variation).\n",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_ranks() {
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]), 1.0);
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), -1.0);
        assert_eq!(ranks(&[5.0, 1.0, 5.0, 2.0]), [3.5, 1.0, 3.5, 2.0]);
        assert_eq!(spearman(&[1.0, 1.0], &[1.0, 2.0]), 0.0);
    }

    #[test]
    fn folds_are_balanced_and_fixed_by_the_seed() {
        let f = folds(903, 10, SEED);
        for k in 0..10 {
            let n = f.iter().filter(|&&x| x == k).count();
            assert!(n == 90 || n == 91, "fold {k} has {n}");
        }
        assert_eq!(f, folds(903, 10, SEED));
        assert_ne!(f, folds(903, 10, SEED + 1));
    }

    #[test]
    fn measurements_parse_and_errors_name_the_problem() {
        let head = "hand,mean_time_s,solved_rate,trimmed_mean_time_s,trimmed_std_time_s";
        let text =
            format!("{head},other\n1 1 1 8,4.48,0.9880,4.66,1.25,x\n\n3 3 8 8,70,0.5,60,30,y\n");
        let m = parse_measurements(&text).unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(m[1].hand, "3 3 8 8");
        assert_eq!(m[0].mean_time_s, 4.48);
        assert_eq!(m[0].trimmed_std_time_s, 1.25);
        let err = parse_measurements(&format!("{head}\n1 2 3 4,fast,1,5,1\n")).unwrap_err();
        assert!(err.contains("\"fast\""), "{err}");
        let err = parse_measurements(&format!("{head}\n1 2 3 4,5,1,0,1\n")).unwrap_err();
        assert!(
            err.contains("trimmed_mean_time_s \"0\" is not positive"),
            "{err}"
        );
        assert!(
            parse_measurements("hand,time\n")
                .unwrap_err()
                .contains("mean_time_s")
        );
    }
}
