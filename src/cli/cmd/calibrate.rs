//! `census24 calibrate`: read the players' measurements, solve each hand as
//! the sweep does, cross-validate and fit the model, write the model file and
//! print the validation figures.

use std::fs;

use anyhow::{Context, bail};

use crate::canon::solutions;
use crate::cli::args::CalibrateArgs;
use crate::cli::cmd::Status;
use crate::difficulty::calibrate::{
    FOLDS, SEED, Sample, cross_validate, fit_model, parse_measurements,
};
use crate::difficulty::model::SETTINGS;
use crate::difficulty::{effort, features};
use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;

/// The game the measurements are of: four cards, 24, fractions allowed.
const TARGET: Q = Q::int(24);
const RULES: Rules = Rules::Rational;

pub fn run(args: CalibrateArgs) -> anyhow::Result<Status> {
    let text = fs::read_to_string(&args.times)
        .with_context(|| format!("reading {}", args.times.display()))?;
    let measured = parse_measurements(&text)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("{} is not a measurements file", args.times.display()))?;
    let mut samples = Vec::with_capacity(measured.len());
    for m in measured {
        let hand = Hand::parse(&m.hand).with_context(|| format!("hand \"{}\"", m.hand))?;
        let sols = solutions(&hand, TARGET, RULES)?;
        let (Some(f), Some(e)) = (
            features::features(&hand, TARGET, &sols),
            effort::effort(&sols, TARGET),
        ) else {
            bail!("hand \"{}\" has no solution for 24", m.hand);
        };
        samples.push(Sample {
            measured: m,
            features: f,
            effort: e.effort,
        });
    }
    let validation = cross_validate(&samples, SETTINGS, FOLDS, SEED);
    let model = fit_model(&samples, SETTINGS);
    let json = model.to_json();
    crate::tables::disk::write_atomic(&args.out, json.as_bytes())
        .with_context(|| format!("writing {}", args.out.display()))?;
    print!("{}", validation.to_markdown());
    println!(
        "\nModel written to {} ({} trees per forest); rebuild to use it.",
        args.out.display(),
        SETTINGS.trees
    );
    Ok(Status::Done)
}
