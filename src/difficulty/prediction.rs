//! What the model says of a hand: the [`Prediction`] (mean time, solve
//! rate, p80, difficulty and tier) made from the forests' raw values, the
//! 0-100 difficulty of a time and the tiers. Pure numbers; which model
//! made the raw values is [`super::pricer`]'s.

use crate::game::error::InputError;
use crate::game::named::named;

/// Predicted time of a hand at difficulty 0 and 100: the score is
/// `50 * log10(time / 2 s)`, so every tenfold of time adds 50 points.
pub const TIME_AT_0: f64 = 2.0;
pub const TIME_AT_100: f64 = 200.0;

named! {
    /// How hard a hand is, by its predicted mean solve time.
    /// The boundaries are [`Tier::MEDIUM_FROM`], [`Tier::HARD_FROM`] and
    /// [`Tier::EXPERT_FROM`]; the variants' docs are the command line's help.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Tier {
        /// Under 7 seconds.
        Easy => "easy",
        /// 7 to under 12 seconds.
        Medium => "medium",
        /// 12 to under 25 seconds.
        Hard => "hard",
        /// 25 seconds and more.
        Expert => "expert",
    }
    impl FromStr else InputError::unknown("tier");
}

impl Tier {
    /// Seconds at which the medium, hard and expert tiers begin
    /// (docs/DIFFICULTY.md says why).
    pub const MEDIUM_FROM: f64 = 7.0;
    pub const HARD_FROM: f64 = 12.0;
    pub const EXPERT_FROM: f64 = 25.0;

    /// The tier of a predicted mean solve time in seconds.
    pub fn of(seconds: f64) -> Tier {
        match seconds {
            s if s < Tier::MEDIUM_FROM => Tier::Easy,
            s if s < Tier::HARD_FROM => Tier::Medium,
            s if s < Tier::EXPERT_FROM => Tier::Hard,
            _ => Tier::Expert,
        }
    }

    /// The predicted times of the tier: from the first, to under the
    /// second (infinite for expert).
    pub fn seconds(self) -> (f64, f64) {
        match self {
            Tier::Easy => (0.0, Tier::MEDIUM_FROM),
            Tier::Medium => (Tier::MEDIUM_FROM, Tier::HARD_FROM),
            Tier::Hard => (Tier::HARD_FROM, Tier::EXPERT_FROM),
            Tier::Expert => (Tier::EXPERT_FROM, f64::INFINITY),
        }
    }
}

/// What the model says about one solvable hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// Predicted mean solve time of the players who solve it, in seconds,
    /// rounded to 0.01.
    pub time_s: f64,
    /// Predicted share of attempts that end solved, rounded to 0.001.
    pub solve_rate: f64,
    /// Predicted time within which 80% of the players who solve the hand
    /// do so, in seconds, rounded to 0.01 ([`p80_of`]); never below
    /// `time_s`.
    pub time_p80_s: f64,
    /// 0 to 100, [`difficulty_of`] the time, rounded to 0.1.
    pub difficulty: f64,
    pub tier: Tier,
}

/// The 0-100 difficulty of a predicted time: `50 * log10(time / 2 s)`,
/// clamped to 0..100 and rounded to 0.1. Monotone: a longer time never
/// scores lower.
pub fn difficulty_of(seconds: f64) -> f64 {
    let d = 50.0 * (seconds / TIME_AT_0).log10();
    (d.clamp(0.0, 100.0) * 10.0).round() / 10.0
}

/// The 0.8 quantile of the standard normal distribution.
const Z80: f64 = 0.8416;

/// The time within which 80% of the solvers finish, for solve times of mean
/// `mean` and standard deviation `cv * mean`, taken as log-normal: solve
/// times are positive and skewed to the right (a few players take many
/// times the typical time), and a log-normal is the simplest such law that
/// a mean and a standard deviation fix. With `sigma^2 = ln(1 + cv^2)` and
/// `mu = ln(mean) - sigma^2 / 2`, the quantile is `exp(mu + 0.8416 sigma)`.
/// It is `mean` times a factor of `cv` alone, so it grows with the mean;
/// the factor is above 1 for every `cv` up to about 4 (the measured hands
/// lie between 0.27 and 0.74), and the result is kept at least `mean`.
pub fn p80_of(mean: f64, cv: f64) -> f64 {
    let s2 = cv.mul_add(cv, 1.0).ln();
    let factor = (Z80 * s2.sqrt() - s2 / 2.0).exp();
    mean * factor.max(1.0)
}

/// A prediction from the three forests' raw values (ln seconds, log odds,
/// ln of the coefficient of variation of the solve times).
pub fn prediction(ln_time: f64, log_odds: f64, ln_cv: f64) -> Prediction {
    let mean = ln_time.exp();
    let time_s = (mean * 100.0).round() / 100.0;
    let solve_rate = 1.0 / (1.0 + (-log_odds).exp());
    Prediction {
        time_s,
        solve_rate: (solve_rate * 1000.0).round() / 1000.0,
        time_p80_s: (p80_of(mean, ln_cv.exp()) * 100.0).round() / 100.0,
        difficulty: difficulty_of(time_s),
        tier: Tier::of(time_s),
    }
}
