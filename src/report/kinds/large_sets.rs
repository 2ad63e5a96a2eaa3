//! The reports of censuses of sets of large numbers (`large_sets.parquet`):
//! each census's README.md with its charts and, for a range of sets, its
//! explorer page; a census shipped as its summary (`DATA/large-sets/`)
//! gets its explorer page from the summary; and the index's list of them.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use crate::report::EXPLORER;
use crate::report::explorer::sets_html;
use crate::report::kind::{Ctx, KindReport};
use crate::report::out::{README, write_files, write_rendered};
use crate::report::query::ReportError;
use crate::report::query::large::{large_data, reference};
use crate::report::render::Rendered;
use crate::report::render::large::{LargeReport, census_charts, render_large};
use crate::report::sets::{SetCounts, of_stats, read_sets};
use crate::tables::large_summary;
use crate::tables::layout::Part;
use crate::tables::manifest::KindName;
use crate::tables::registry::large_sets::{CHECKED_SETS, LargeKey, count_sets};
use crate::tables::registry::{FoundTable, Key, large_sets};
use crate::tables::store;

/// The censuses found, and the one shipped as its summary.
#[derive(Debug, Default)]
pub struct LargeSetsReport {
    /// The censuses with a table, and the summary's (when its report is
    /// in the reports folder), by partition.
    keys: Vec<LargeKey>,
    /// The census shipped as its summary, with its sets when its page is
    /// written.
    summary: Option<(LargeKey, Option<Vec<SetCounts>>)>,
}

impl KindReport for LargeSetsReport {
    fn kind(&self) -> KindName {
        large_sets::NAME
    }

    fn load(&mut self, ctx: &Ctx, found: Vec<FoundTable>) -> Result<(), ReportError> {
        for f in found {
            if let Key::Large(key) = f.key {
                if ctx.chosen(&key.partition()) {
                    store::verify(&f.dir, Part::Whole)?;
                }
                self.keys.push(key);
            }
        }
        // A census shipped as its summary (DATA/large-sets/, `just
        // large-sets`) has no table here: its report, made from the whole
        // table, is indexed when it is in the reports folder, and its
        // explorer page is made from the summary.
        let summary = ctx.data.join(large_summary::SUMMARY_DIR);
        if let Ok(m) = large_summary::read_manifest(&summary)
            && let Some(key) = LargeKey::from_partition(Path::new(&m.table))
            && !self.keys.contains(&key)
            && ctx.out.join(key.partition()).join(README).exists()
        {
            let sets = match ctx.chosen(&key.partition()) {
                true => {
                    Some(read_sets(ctx.data, &key).map_err(|e| ReportError::Sets(e.to_string()))?)
                }
                false => None,
            };
            self.keys.push(key.clone());
            self.keys.sort_by_key(|k| k.partition());
            self.summary = Some((key, sets));
        }
        Ok(())
    }

    fn write(&self, ctx: &Ctx) -> Result<Vec<PathBuf>, ReportError> {
        let mut written = Vec::new();
        for key in self.keys.iter().filter(|k| ctx.chosen(&k.partition())) {
            match &self.summary {
                // Its explorer page and its charts, from the summary.
                Some((summary, sets)) if summary == key => {
                    if let Some(sets) = sets {
                        written.extend(write_sets_page(ctx.out, key, sets)?);
                        write_census_charts(ctx.out, key, sets)?;
                    }
                }
                _ => written.extend(write_large_files(ctx.data, ctx.out, key)?),
            }
        }
        Ok(written)
    }

    fn index(&self, r: &mut Rendered) {
        if self.keys.is_empty() {
            return;
        }
        let md = &mut r.markdown;
        md.push_str("## Countdown with other large numbers\n\n");
        md.push_str(
            "Censuses of sets of large numbers (`census24 sweep --game countdown \
             --large-sets LO..HI`): which four large numbers make the numbers round \
             easiest and hardest.\n\n",
        );
        for key in &self.keys {
            // A census of a range of sets has its explorer page.
            let page = match crate::report::sets::rank_args(key) {
                Some(_) => format!(" ([explorer]({}/{EXPLORER}))", key.partition().display()),
                None => String::new(),
            };
            let _ = writeln!(
                md,
                "- [{}, targets {}]({}/README.md){page}",
                key.sets,
                key.targets,
                key.partition().display()
            );
        }
        md.push('\n');
    }

    fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// The explorer page of the census `key` of large sets, when its sets are
/// a range; returns it.
fn write_sets_page(
    out: &Path,
    key: &LargeKey,
    sets: &[SetCounts],
) -> Result<Option<PathBuf>, ReportError> {
    let Some(page) = sets_html(key, sets) else {
        return Ok(None);
    };
    let dir = out.join(key.partition());
    write_files(&dir, &[(EXPLORER, page.as_bytes())])?;
    Ok(Some(dir.join(EXPLORER)))
}

/// The charts of a census shipped as its summary, redrawn from it: they
/// read each set's share alone, which the summary holds, so they follow
/// the chart code as the whole table's would (the report's text, made from
/// the whole table, stays as it is).
fn write_census_charts(out: &Path, key: &LargeKey, sets: &[SetCounts]) -> Result<(), ReportError> {
    let shares: Vec<(&[i64], f64)> = sets
        .iter()
        .map(|s| (s.numbers.as_slice(), 100.0 * s.solvable_share()))
        .collect();
    let standard = match shares.iter().find(|s| s.0 == CHECKED_SETS[0]) {
        Some(s) => s.1,
        None => {
            let set = &count_sets(&CHECKED_SETS[..1], key.targets)[0];
            100.0 * of_stats(std::slice::from_ref(set))[0].solvable_share()
        }
    };
    let charts = census_charts(&shares, standard);
    let files: Vec<(&str, &[u8])> = charts
        .iter()
        .map(|(name, bytes)| (name.as_str(), bytes.as_slice()))
        .collect();
    write_files(&out.join(key.partition()), &files)
}

/// The README and the explorer page of the census `key` under `data`,
/// written into the same partition under `out` (the caller holds the
/// reports lock); returns them, README first.
fn write_large_files(data: &Path, out: &Path, key: &LargeKey) -> Result<Vec<PathBuf>, ReportError> {
    let dir = data.join(key.partition());
    let sets = large_data(&dir)?;
    let (standard, checks) = reference(key, &sets);
    let report = LargeReport {
        key,
        sets: &sets,
        table: dir
            .join(Part::Whole.file("large_sets"))
            .display()
            .to_string(),
        standard,
        checks,
    };
    let readme = write_rendered(&out.join(key.partition()), &render_large(&report))?;
    let page = write_sets_page(out, key, &of_stats(report.sets))?;
    Ok(std::iter::once(readme).chain(page).collect())
}
