//! The reports of reach tables (`reach.parquet`, every target of a range):
//! each table's README.md with its charts and `targets.csv`, its explorer
//! page (the games `pick` draws first), and the index's list of them.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::difficulty::figures::Predicted;
use crate::difficulty::pricer::Pricer;
use crate::puzzles::pick::DEFAULT_SEED;
use crate::report::explorer::games_html;
use crate::report::games;
use crate::report::kind::{Ctx, KindReport};
use crate::report::out::{write_files, write_rendered};
use crate::report::query::ReportError;
use crate::report::query::reach::{reach_data, read_reach};
use crate::report::render::Rendered;
use crate::report::render::reach::render_reach;
use crate::report::reprice;
use crate::report::{EXPLORER, PAGE_GAMES};
use crate::tables::layout::{Part, ReachKey};
use crate::tables::manifest::KindName;
use crate::tables::registry::{FoundTable, Key, reach};
use crate::tables::store;

/// The reach tables found.
#[derive(Debug, Default)]
pub struct ReachReport {
    keys: Vec<ReachKey>,
}

impl KindReport for ReachReport {
    fn kind(&self) -> KindName {
        reach::NAME
    }

    fn load(&mut self, ctx: &Ctx, found: Vec<FoundTable>) -> Result<(), ReportError> {
        for f in found {
            if let Key::Reach(key) = f.key {
                if ctx.chosen(&key.partition()) {
                    store::verify(&f.dir, Part::Whole)?;
                }
                self.keys.push(key);
            }
        }
        Ok(())
    }

    fn write(&self, ctx: &Ctx) -> Result<Vec<PathBuf>, ReportError> {
        let mut written = Vec::new();
        for key in self.keys.iter().filter(|k| ctx.chosen(&k.partition())) {
            written.extend(write_reach_files(ctx.data, ctx.out, key, ctx.model)?);
        }
        Ok(written)
    }

    fn index(&self, r: &mut Rendered) {
        if self.keys.is_empty() {
            return;
        }
        let md = &mut r.markdown;
        md.push_str("## Every target at once\n\n");
        md.push_str(
            "Reach tables (`census24 sweep --targets LO..HI`): every hand against every \
             target of a range, with the best targets and where 24 stands.\n\n",
        );
        for key in &self.keys {
            let _ = writeln!(
                md,
                "- [{} cards: {}]({}/README.md)",
                key.k,
                key.family_title(),
                key.partition().display()
            );
        }
        md.push('\n');
    }

    fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// The README and the explorer page of the reach table `key` under `data`,
/// written into the same partition under `out` (the caller holds the
/// reports lock); returns them, README first.
fn write_reach_files(
    data: &Path,
    out: &Path,
    key: &ReachKey,
    model: Option<&Arc<Pricer>>,
) -> Result<Vec<PathBuf>, ReportError> {
    let dir = out.join(key.partition());
    // The explorer page: the games `pick` draws first, worked out again
    // (priced by the report's model file, if any).
    let rows = games::read(data, key, key.targets)?;
    let mut drawn = games::drawn(key.game(), &rows, PAGE_GAMES, DEFAULT_SEED, model.cloned())
        .map_err(|source| ReportError::Games {
            path: data.join(key.partition()),
            source,
        })?;
    let (games, all) = (rows.solvable_count(), rows.len());
    drop(rows);
    let table = read_reach(&data.join(key.partition()))?;
    let table = match model {
        Some(p) => reprice::reach(key, table, p)?,
        None => table,
    };
    // A table priced by a model file that is not at hand: the games show
    // the table's figures, that model's (every card is played, so the
    // table's row is the game's).
    let substitute = table.model.is_some() && model.is_none();
    let wanted: Vec<(&str, i64)> = match substitute {
        true => drawn.iter().map(|t| (t.hand.as_str(), t.target)).collect(),
        false => Vec::new(),
    };
    let (summary, table_figures) = reach_data(key, table, &wanted)?;
    drop(wanted);
    if substitute {
        for (t, p) in drawn.iter_mut().zip(table_figures) {
            t.predicted = Predicted(p);
        }
    }
    let game = key.game();
    let note = match (&summary.model, model) {
        (Some(recorded), _) => recorded.note(&game),
        (None, Some(p)) => p.note(&game),
        (None, None) => Pricer::shipped().note(&game),
    };
    let page = games_html(key, &drawn, games, all, note);
    write_files(&dir, &[(EXPLORER, page.as_bytes())])?;
    Ok(vec![
        write_rendered(&dir, &render_reach(key, &summary))?,
        dir.join(EXPLORER),
    ])
}
