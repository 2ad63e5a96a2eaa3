//! Difficulty: how long people take to solve a hand, and how many give up.
//!
//! A model calibrated on real players (docs/DIFFICULTY.md): the mean solve
//! time, the solve rate and the spread of the solve times that players of
//! 4nums.com showed on four-card hands for 24, predicted from quantities of
//! the hand ([`features`])
//! by gradient-boosted trees ([`model`]) whose parameters live in
//! `data/human/difficulty-model.json` and are refitted by
//! `census24 calibrate` ([`calibrate`]).
//!
//! Pure and deterministic: a hand and its solutions in, numbers out. From the
//! predicted time follow the 0-100 **difficulty** ([`difficulty_of`]), the
//! **tier** ([`Tier`]) and the **rank** in a table ([`ranks`]). A hand
//! without solutions has no prediction (there is nothing to find).

pub mod calibrate;
pub mod effort;
pub mod features;
pub mod figures;
pub mod model;
pub mod play;
pub mod prediction;
pub mod pricer;
pub mod span;

use crate::canon::Solutions;
use crate::game::error::InputError;
use crate::game::family::Game;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::solve::{Closest, Search, solve_hand_using};
pub use effort::{class_complexity, complexity};
pub use features::Features;
pub use prediction::{Prediction, TIME_AT_0, TIME_AT_100, Tier, difficulty_of, p80_of, prediction};
pub use pricer::MODEL_JSON;

/// The prediction of the shipped model for these features.
pub fn predict_features(f: &Features) -> Prediction {
    pricer::Pricer::shipped().predict_features(f)
}

/// The prediction for a hand with these solutions for `target`; `None` when
/// it has no solution.
pub fn predict(hand: &Hand, target: Q, solutions: &Solutions) -> Option<Prediction> {
    features::features(hand, target, solutions).map(|f| predict_features(&f))
}

/// [`predict`] with the complexity of each class already known
/// ([`effort::costs`]).
pub fn predict_costed(
    hand: &Hand,
    target: Q,
    solutions: &Solutions,
    costs: &[f64],
) -> Option<Prediction> {
    pricer::Pricer::shipped().predict_costed(hand, target, solutions, costs)
}

/// [`predict`] with the derivations already counted for a range of
/// targets ([`span::Span`]): the same prediction, without counting them
/// again for each target.
pub fn predict_in(
    hand: &Hand,
    target: Q,
    solutions: &Solutions,
    span: &span::Span,
) -> Option<Prediction> {
    pricer::Pricer::shipped().predict_in(hand, target, solutions, span)
}

/// The numbers a player of `game` uses on `hand` for `target`, which the
/// model is run on: every card, or with any selection (Countdown,
/// Digits) the cards of the solution the solver finds first; `None` when
/// the exhaustive search proves there is no solution. What `census24
/// tasks` predicts and `census24 calibrate --play` fits.
pub fn played_selection(hand: &Hand, target: Q, game: &Game) -> Result<Option<Hand>, InputError> {
    let search = Search {
        closest: Closest::Exact,
        deck: game.deck,
        ..Search::default()
    };
    let outcome = solve_hand_using(hand, target, game.rules, game.uses, &search)?;
    let solved = outcome.solved(target);
    match outcome.expr.filter(|_| solved) {
        Some(found) => Hand::new(found.cards()).map(Some),
        None => Ok(None),
    }
}

/// Places by predicted time, 1 the hardest (slowest), for a whole table:
/// equal times share the better place and the next place skips
/// ("1, 2, 2, 4"), so a place never depends on row order. Hands without a
/// prediction have no place.
pub fn ranks(times: &[Option<f64>]) -> Vec<Option<u32>> {
    let mut order: Vec<(f64, usize)> = times
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (s, i)))
        .collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out = vec![None; times.len()];
    let mut place = 0;
    for (n, &(time, i)) in order.iter().enumerate() {
        if n == 0 || time != order[n - 1].0 {
            place = n as u32 + 1;
        }
        out[i] = Some(place);
    }
    out
}

#[cfg(test)]
mod tests;
