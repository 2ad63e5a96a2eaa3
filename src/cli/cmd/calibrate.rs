//! `census24 calibrate`: read the players' measurements, solve each hand as
//! the sweep does, cross-validate and fit the model, write the model file and
//! print the validation figures.

use std::fs;

use anyhow::Context;

use crate::cli::args::CalibrateArgs;
use crate::cli::cmd::outcome::Status;
use crate::difficulty::calibrate::{
    FOLDS, SEED, cross_validate, fit_model, parse_measurements, samples,
};
use crate::difficulty::model::SETTINGS;

pub fn run(args: CalibrateArgs) -> anyhow::Result<Status> {
    let text = fs::read_to_string(&args.times)
        .with_context(|| format!("reading {}", args.times.display()))?;
    let measured = parse_measurements(&text)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("{} is not a measurements file", args.times.display()))?;
    let samples = samples(measured)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("in {}", args.times.display()))?;
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
