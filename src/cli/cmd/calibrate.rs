//! `census24 calibrate`: read the players' measurements, solve each hand as
//! the sweep does, cross-validate and fit the model, write the model file and
//! print the validation figures. With `--play`, the measurements are play
//! pages' answers ([`crate::difficulty::play`]), graded and pooled first,
//! and the model file records its game, sources and validation.

use std::fs;
use std::path::PathBuf;

use anyhow::Context;

use crate::cli::args::{CalibrateArgs, game_of_spelling};
use crate::cli::cmd::outcome::Status;
use crate::difficulty::calibrate::{
    FOLDS, SEED, cross_validate, fit_model, parse_measurements, samples,
};
use crate::difficulty::model::Source;
use crate::difficulty::model::{Model, SETTINGS};
use crate::difficulty::play::{self, Answer, MIN_PUZZLES, MIN_SOLVES, play_settings};
use crate::game::presets::spelling;

/// The shipped model's file, which `--times` writes by default.
const SHIPPED_MODEL: &str = "data/human/difficulty-model.json";

pub fn run(args: CalibrateArgs) -> anyhow::Result<Status> {
    if !args.play.is_empty() {
        return run_play(&args);
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(SHIPPED_MODEL));
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
    write(&out, &model)?;
    print!("{}", validation.to_markdown());
    println!(
        "\nModel written to {} ({} trees per forest); rebuild to use it.",
        out.display(),
        SETTINGS.trees
    );
    Ok(Status::Done)
}

fn write(out: &std::path::Path, model: &Model) -> anyhow::Result<()> {
    crate::tables::disk::write_atomic(out, model.to_json().as_bytes())
        .with_context(|| format!("writing {}", out.display()))
}

/// `calibrate --play FILE...`.
fn run_play(args: &CalibrateArgs) -> anyhow::Result<Status> {
    let Some(out) = &args.out else {
        anyhow::bail!(
            "--play fits a model of your own players: name its file with --out (the built-in \
             model, {SHIPPED_MODEL}, is the four-card data's)"
        );
    };
    let mut answers: Vec<Answer> = Vec::new();
    let mut first: Option<(String, String)> = None;
    for path in &args.play {
        let shown = path.display().to_string();
        let text = fs::read_to_string(path).with_context(|| format!("reading {shown}"))?;
        let read = play::parse_play(&text)
            .map_err(|e| anyhow::anyhow!("{shown} is not a play CSV: {e}"))?;
        for a in read {
            match &first {
                None => first = Some((a.game.clone(), shown.clone())),
                Some((game, from)) if *game != a.game => anyhow::bail!(
                    "{shown} line {}: game \"{}\", but {from} plays \"{game}\": a model is fitted \
                     on one game (calibrate each game's files apart)",
                    a.line,
                    a.game
                ),
                Some(_) => {}
            }
            answers.push(a);
        }
    }
    let Some((spelled, _)) = first else {
        anyhow::bail!("the play files hold no answer");
    };
    let game = game_of_spelling(&spelled).map_err(anyhow::Error::msg)?;
    let files = args
        .play
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let pool = play::pool(&answers, &game).map_err(|e| anyhow::anyhow!("{files}: {e}"))?;
    let samples = play::samples(&pool, &game).map_err(anyhow::Error::msg)?;
    if samples.len() < MIN_PUZZLES {
        anyhow::bail!(
            "{} of the {} puzzles played have at least {MIN_SOLVES} correct solves; a model \
             needs {MIN_PUZZLES} such puzzles to fit and cross-validate: play more puzzles (or \
             with more players)",
            samples.len(),
            pool.puzzles.len()
        );
    }
    let (settings, folds) = play_settings(samples.len());
    let validation = cross_validate(&samples, settings, folds, SEED);
    let mut model = fit_model(&samples, settings);
    let source = Source {
        game: spelling(&game),
        players: format!(
            "{} player{}",
            pool.players,
            if pool.players == 1 { "" } else { "s" }
        ),
        puzzles: samples.len(),
        answers: Some(pool.answers),
        held_out_time: round3(validation.time.pooled),
        held_out_rate: round3(validation.rate.pooled),
        folds,
    };
    model.about = vec![
        "census24 difficulty model, written by `census24 calibrate --play`; do not edit by hand.".into(),
        format!("Fitted on the answers of play pages ({files}): {} graded, {} correct, pooled over {} puzzles, {} of them fitted (at least {MIN_SOLVES} correct solves).", pool.answers, pool.correct, pool.puzzles.len(), samples.len()),
        "Each forest is base + the leaf each tree reaches: a split is [feature, le, then, else]; go to then when the feature is at most le.".into(),
    ];
    model.source = Some(source);
    write(out, &model)?;
    print!("{}", validation.to_markdown());
    println!(
        "\n{} answers of {} players graded ({} correct), {} puzzles, {} fitted. Model of \
         --game {} written to {}: price with it by `--model {}` (sweep, report, pick, tasks, rank).",
        pool.answers,
        pool.players,
        pool.correct,
        pool.puzzles.len(),
        samples.len(),
        spelling(&game),
        out.display(),
        out.display()
    );
    Ok(Status::Done)
}

fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}
