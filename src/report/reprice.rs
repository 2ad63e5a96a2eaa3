//! A table's figures priced by another model (`census24 report --model
//! FILE`): its predicted columns made again, each hand solved again for
//! the table's target (or every target of a reach table's range) and
//! priced by the model, exactly as `census24 sweep --model FILE` prices
//! the rows it writes. Every other column stays the table's.
//!
//! A table the model already priced (its manifest records the model) and
//! a table without predictions (swept with `--no-solutions`) are kept as
//! they are. Solving a table again costs about what sweeping it did, so a
//! table of more than [`MAX_REPRICED_HANDS`] hands is refused, with the
//! way round it: sweep it with the model.

use std::path::Path;
use std::sync::Arc;

use polars::prelude::*;
use rayon::prelude::*;

use super::query::reach::ReachRows;
use super::query::{ReportError, Table};
use crate::difficulty::Prediction;
use crate::difficulty::pricer::Pricer;
use crate::game::error::InputError;
use crate::game::hand::Hand;
use crate::puzzles::catalog::MAX_REPRICED_HANDS;
use crate::tables::columns;
use crate::tables::layout::{ReachKey, TableKey};
use crate::tables::reach::{ReachSpec, reach_rows_priced};
use crate::tables::table::{fill_difficulty_rank, replace_predictions};

/// Whether `frame` holds predictions to price again: its
/// `predicted_time_s` column has a value.
fn predicted(frame: &DataFrame) -> bool {
    frame
        .column(columns::PREDICTED_TIME_S)
        .is_ok_and(|c| c.null_count() < c.len())
}

/// Refuses a table of more than [`MAX_REPRICED_HANDS`] hands.
fn small_enough(hands: usize, path: &Path, sweep: &str) -> Result<(), ReportError> {
    if hands <= MAX_REPRICED_HANDS {
        return Ok(());
    }
    Err(ReportError::Repriced {
        path: path.to_path_buf(),
        source: InputError::Other(format!(
            "--model prices a table of at most {MAX_REPRICED_HANDS} hands again, this one has \
             {hands}: sweep it with the model (`census24 sweep {sweep} --model FILE`), or \
             report the other tables (--game, -k)"
        )),
    })
}

/// The strings of column `name` of `frame` (`path` names it in errors).
fn strings(frame: &DataFrame, name: &str, path: &Path) -> Result<Vec<Option<String>>, ReportError> {
    let err = |source| ReportError::Table {
        path: path.to_path_buf(),
        source,
    };
    let column = frame.column(name).map_err(err)?;
    Ok(column
        .str()
        .map_err(err)?
        .iter()
        .map(|s| s.map(str::to_string))
        .collect())
}

/// The one-target table `id` with its figures priced by `pricer`, its
/// places by difficulty made again.
pub fn one_target(id: &TableKey, table: Table, pricer: &Arc<Pricer>) -> Result<Table, ReportError> {
    let mut hands = table.hands_frame();
    if pricer.priced(table.model.as_ref()) || !predicted(&hands) {
        return Ok(table);
    }
    let path = table.hands_path.clone();
    small_enough(hands.height(), &path, &id.args())?;
    let names = strings(&hands, columns::HAND, &path)?;
    let solvable: Vec<bool> = hands
        .column(columns::SOLVABLE)
        .and_then(|c| Ok(c.bool()?.iter().map(|b| b == Some(true)).collect()))
        .map_err(|source| ReportError::Table {
            path: path.clone(),
            source,
        })?;
    let predictions = names
        .par_iter()
        .zip(&solvable)
        .map(|(name, &solvable)| {
            let Some(name) = name.as_deref().filter(|_| solvable) else {
                return Ok(None);
            };
            let hand = Hand::parse(name)?;
            let sols = crate::canon::solutions(&hand, id.target, id.rules)?;
            Ok(pricer.predict(&hand, id.target, &sols))
        })
        .collect::<Result<Vec<Option<Prediction>>, InputError>>()
        .map_err(|source| ReportError::Repriced {
            path: path.clone(),
            source,
        })?;
    replace_predictions(&mut hands, &predictions)
        .and_then(|()| fill_difficulty_rank(&mut hands))
        .map_err(|source| ReportError::Table { path, source })?;
    Ok(table.with_hands(hands, pricer.record()))
}

/// The rows of the reach table `key` with their figures priced by
/// `pricer`.
pub fn reach(
    key: &ReachKey,
    rows: ReachRows,
    pricer: &Arc<Pricer>,
) -> Result<ReachRows, ReportError> {
    if pricer.priced(rows.model.as_ref()) || !predicted(&rows.frame) {
        return Ok(rows);
    }
    let ReachRows {
        mut frame, path, ..
    } = rows;
    let path = path.as_path();
    let width = key.targets.width() as usize;
    small_enough(frame.height() / width.max(1), path, &key.args())?;
    let names = strings(&frame, columns::HAND, path)?;
    let spec = ReachSpec {
        targets: key.targets,
        rules: key.rules,
        uses: key.uses,
        values: key.values,
        deck: key.deck,
        objective: key.objective,
        solutions: true,
    };
    // Rows come hand by hand, one per target of the range in order.
    let predictions = names
        .par_chunks(width)
        .map(|rows| {
            let name = rows[0].as_deref().unwrap_or_default();
            if rows.iter().any(|r| r.as_deref() != Some(name)) || rows.len() != width {
                return Err(InputError::Other(format!(
                    "the rows of hand {name} are not one per target of {}",
                    key.targets
                )));
            }
            let rows = reach_rows_priced(&Hand::parse(name)?, &spec, pricer)?;
            Ok(rows.into_iter().map(|r| r.prediction).collect::<Vec<_>>())
        })
        .collect::<Result<Vec<_>, InputError>>()
        .map_err(|source| ReportError::Repriced {
            path: path.to_path_buf(),
            source,
        })?;
    let predictions: Vec<Option<Prediction>> = predictions.into_iter().flatten().collect();
    replace_predictions(&mut frame, &predictions).map_err(|source| ReportError::Table {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(ReachRows {
        frame,
        path: path.to_path_buf(),
        model: pricer.record(),
    })
}
