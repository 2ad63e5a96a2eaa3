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

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::features::{self, Features};
use super::model::{FOLDS, Model, Predictor, Source};
use super::prediction::{Prediction, prediction};
use super::span::Span;
use crate::canon::{Sketch, Solutions};
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
    /// The file it was read from; `None` for the embedded model (also when
    /// read from a file of the same bytes: its figures are the tables').
    pub file: Option<String>,
    pub source: Source,
    /// SHA-256 of the model file's bytes.
    pub sha256: String,
}

/// Which model priced a table's figures, as its manifest records it: the
/// model file's name (without its folder, so a table made on another
/// machine records the same), the SHA-256 of its bytes and what it was
/// fitted on. Tables priced by the built-in model record none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelRecord {
    pub file: String,
    pub sha256: String,
    pub source: Source,
}

// A record is read from a model file or a manifest, whose numbers are
// never NaN: equality is total, as the manifest's parameters need.
impl Eq for ModelRecord {}

impl ModelRecord {
    /// [`Pricer::note`] of the model this record names.
    pub fn note(&self, game: &Game) -> String {
        note(Some(&self.file), &self.source, game)
    }
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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
        let sha256 = sha256_hex(text);
        // The embedded model's own bytes are the embedded model.
        let builtin = file.is_none() || SHIPPED.sha256 == sha256;
        Ok(Pricer {
            time: Predictor::of(&m.time)?,
            rate: Predictor::of(&m.solve_rate)?,
            spread: Predictor::of(&m.spread)?,
            file: file.filter(|_| !builtin).map(str::to_string),
            source: m.source.unwrap_or_else(shipped_source),
            sha256,
        })
    }

    /// What a table's manifest records of this model: `None` for the
    /// built-in model.
    pub fn record(&self) -> Option<ModelRecord> {
        let file = self.file.as_deref()?;
        let name = std::path::Path::new(file)
            .file_name()
            .map_or_else(|| file.to_string(), |n| n.to_string_lossy().into_owned());
        Some(ModelRecord {
            file: name,
            sha256: self.sha256.clone(),
            source: self.source.clone(),
        })
    }

    /// Whether this model priced a table whose manifest records `record`
    /// (`None`: the built-in model).
    pub fn priced(&self, record: Option<&ModelRecord>) -> bool {
        match record {
            None => self.file.is_none(),
            Some(r) => r.sha256 == self.sha256,
        }
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
        features::features(hand, target, solutions).map(|f| self.predict_features(&f))
    }

    /// [`Pricer::predict`] of a fewest selection: numbers of which no
    /// fewer reach `target` under the game's rules
    /// ([`features::features_of_fewest`]); the same prediction, with less
    /// work.
    pub fn predict_fewest(
        &self,
        hand: &Hand,
        target: Q,
        solutions: &Solutions,
    ) -> Option<Prediction> {
        features::features_of_fewest(hand, target, solutions).map(|f| self.predict_features(&f))
    }

    /// [`Pricer::predict`] with the complexity of each class already known
    /// ([`super::effort::costs`]).
    pub fn predict_costed(
        &self,
        hand: &Hand,
        target: Q,
        solutions: &Solutions,
        costs: &[f64],
    ) -> Option<Prediction> {
        features::features_costed(hand, target, solutions, costs).map(|f| self.predict_features(&f))
    }

    /// [`Pricer::predict`] of a hand's solutions as a [`Sketch`]: the same
    /// prediction.
    pub fn predict_sketched(&self, hand: &Hand, target: Q, sketch: &Sketch) -> Option<Prediction> {
        let costs = super::effort::sketch_costs(sketch, target);
        features::features_sketched(hand, target, sketch, &costs).map(|f| self.predict_features(&f))
    }

    /// [`Pricer::predict`] with the derivations already counted for a
    /// range of targets ([`Span`]): the same prediction, without counting
    /// them again for each target.
    pub fn predict_in(
        &self,
        hand: &Hand,
        target: Q,
        solutions: &Solutions,
        span: &Span,
    ) -> Option<Prediction> {
        if !target.is_integer() {
            return self.predict(hand, target, solutions);
        }
        features::features_with(hand, target, solutions, &span.at(target.numer()))
            .map(|f| self.predict_features(&f))
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
        note(self.file.as_deref(), &self.source, game)
    }
}

/// [`Pricer::note`] of the model file `file` (`None`: the built-in model)
/// fitted on `s`: the one sentence, whether the model is at hand or only
/// recorded in a table's manifest.
fn note(file: Option<&str>, s: &Source, game: &Game) -> String {
    let which = match file {
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
    if s.game != spelling(game) {
        note += &format!(
            "; for --game {} they are extrapolated from those players",
            spelling(game)
        );
    }
    note + "."
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded model's own bytes read from a file are the built-in
    /// model: no file named, nothing for a manifest to record, so tables
    /// priced by it keep their bytes.
    #[test]
    fn the_built_in_model_read_as_a_file_is_the_built_in_model() {
        let p = Pricer::from_json(MODEL_JSON, Some("data/human/difficulty-model.json")).unwrap();
        assert_eq!(&p, Pricer::shipped());
        assert_eq!(p.record(), None);
        assert!(p.priced(None));
    }

    /// Another model file is recorded by its name (without its folder) and
    /// the SHA-256 of its bytes, and the record says the note the model
    /// says.
    #[test]
    fn a_model_file_is_recorded_by_name_and_bytes() {
        let mut model = Model::from_json(MODEL_JSON).unwrap();
        model.source = Some(Source {
            game: "krypto".into(),
            players: "5 players".into(),
            ..shipped_source()
        });
        let text = model.to_json();
        let p = Pricer::from_json(&text, Some("/tmp/club/krypto.json")).unwrap();
        let r = p.record().unwrap();
        assert_eq!(r.file, "krypto.json");
        assert_eq!(r.sha256, sha256_hex(&text));
        assert!(p.priced(Some(&r)) && !p.priced(None));
        assert!(!Pricer::shipped().priced(Some(&r)));
        let game = crate::game::presets::standard();
        assert_eq!(
            r.note(&game),
            p.note(&game)
                .replace("/tmp/club/krypto.json", "krypto.json")
        );
        assert!(
            r.note(&game)
                .contains("fitted on 5 players playing --game krypto")
        );
        assert!(r.note(&game).ends_with("extrapolated from those players."));
    }
}
