//! Which model prices the figures: the model embedded in the binary
//! (fitted on players of four-card 24) or a model file that `census24
//! calibrate --play` wrote from players of a game (`--model FILE`), with
//! what each was fitted on and how it was validated, and the sentence every
//! output that shows figures prints about it.
//!
//! Pure: a model's text in, a [`Pricer`] out; a prediction is a function
//! of the pricer and the hand. A model fitted on one game may price
//! another: its figures are then extrapolations, and the sentence says so
//! (as the embedded model's do for every game but four-card 24); nothing
//! is refused, so a classroom's four-card model can still price a
//! five-card sheet.

use std::sync::LazyLock;

use super::features::Features;
use super::model::{FOLDS, Model, Predictor, Source};
use super::prediction::{Prediction, prediction};
use crate::canon::Solutions;
use crate::game::family::Game;
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::presets::{self, spelling};

/// The embedded model's validation (docs/DIFFICULTY.md; the test
/// `cross_validation_figures_are_the_recorded_ones` recomputes it).
pub const SHIPPED_HELD_OUT: [f64; 3] = [0.809, 0.891, 0.795];

/// The model file, as checked in and embedded at build time.
pub const MODEL_JSON: &str = include_str!("../../data/human/difficulty-model.json");

/// What the embedded model was fitted on (its file records no source).
pub fn shipped_source() -> Source {
    Source {
        game: presets::DEFAULT.to_string(),
        players: "the players of 4nums.com".to_string(),
        puzzles: 903,
        answers: None,
        held_out_time: SHIPPED_HELD_OUT[0],
        held_out_rate: SHIPPED_HELD_OUT[1],
        folds: FOLDS,
    }
}

/// A model ready to price hands, with where it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Pricer {
    time: Predictor,
    rate: Predictor,
    spread: Predictor,
    /// The file it was read from; `None` for the embedded model.
    pub file: Option<String>,
    pub source: Source,
}

static SHIPPED: LazyLock<Pricer> = LazyLock::new(|| {
    Pricer::from_json(MODEL_JSON, None).expect("the embedded model file is valid")
});

impl Pricer {
    /// The model embedded in the binary.
    pub fn shipped() -> &'static Pricer {
        &SHIPPED
    }

    /// A model file's pricer; `file` names it in what outputs say. A file
    /// without a `source` is the embedded model's kind (fitted on the
    /// four-card data).
    pub fn from_json(text: &str, file: Option<&str>) -> Result<Pricer, String> {
        let m = Model::from_json(text)?;
        Ok(Pricer {
            time: Predictor::of(&m.time)?,
            rate: Predictor::of(&m.solve_rate)?,
            spread: Predictor::of(&m.spread)?,
            file: file.map(str::to_string),
            source: m.source.unwrap_or_else(shipped_source),
        })
    }

    /// The prediction of this model for these features.
    pub fn predict_features(&self, f: &Features) -> Prediction {
        prediction(
            self.time.value(&f.values),
            self.rate.value(&f.values),
            self.spread.value(&f.values),
        )
    }

    /// The prediction for a hand with these solutions for `target`;
    /// `None` when it has no solution.
    pub fn predict(&self, hand: &Hand, target: Q, solutions: &Solutions) -> Option<Prediction> {
        super::features::features(hand, target, solutions).map(|f| self.predict_features(&f))
    }

    /// Whether it was fitted on players of `game`.
    pub fn fitted_on(&self, game: &Game) -> bool {
        self.source.game == spelling(game)
    }

    /// One sentence for the outputs that show figures of `game`: which
    /// model priced them, what it was fitted on and its validation, and
    /// whether the figures are extrapolated (the model fitted on another
    /// game).
    pub fn note(&self, game: &Game) -> String {
        let s = &self.source;
        let which = match &self.file {
            Some(f) => format!("the model {f}"),
            None => "the built-in model".to_string(),
        };
        let answers = s
            .answers
            .map(|a| format!(", {a} answers"))
            .unwrap_or_default();
        let mut note = format!(
            "Predicted times and solve rates come from {which}, fitted on {} playing --game {} ({} \
             puzzles{answers}; held-out Spearman rho {:.3} on time, {:.3} on solve rate, {} folds)",
            s.players, s.game, s.puzzles, s.held_out_time, s.held_out_rate, s.folds
        );
        if !self.fitted_on(game) {
            note += &format!(
                "; for --game {} they are extrapolated from those players",
                spelling(game)
            );
        }
        note + "."
    }
}
