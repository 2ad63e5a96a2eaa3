//! The per-target report of a reach table (`sweep --targets LO..HI`): for
//! every target of the range, how many hands make it, how many deals, how
//! many hands have exactly one dissimilar solution and how hard the model
//! predicts them; charts against the target, and the best targets, with
//! where 24 stands among them.
//!
//! [`target_rows`] reads the table (polars), [`render_reach`] is pure
//! (rows in, markdown, charts and a CSV out), [`write_reach_report`] writes
//! the files (temporary name, then rename).

use std::fmt::Write;
use std::path::{Path, PathBuf};

use polars::prelude::*;

use super::query::{Cols, ReportError, run, scan};
use super::ratio;
use super::render::Rendered;
use super::svg::{LineChart, Series};
use crate::difficulty::Tier;
use crate::tables::disk;
use crate::tables::layout::{Part, ReachKey};

/// Chart and file names of a reach report.
pub const SOLVABLE_CHART: &str = "solvable-by-target.svg";
pub const UNIQUE_CHART: &str = "one-solution-by-target.svg";
pub const DIFFICULTY_CHART: &str = "difficulty-by-target.svg";
pub const TARGETS_CSV: &str = "targets.csv";

/// How many targets each "best" list shows.
pub const BEST: usize = 10;

/// What one target of a reach table comes to.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetRow {
    pub target: i64,
    pub hands: u64,
    pub solvable: u64,
    /// Share of deals (weighted by deal odds) that are solvable.
    pub deal_share: f64,
    /// Hands with exactly one dissimilar solution; `None` without counts.
    pub one_solution: Option<u64>,
    /// Mean 0-100 difficulty of the solvable hands; `None` without predictions.
    pub mean_difficulty: Option<f64>,
    /// Solvable hands per tier, easy to expert.
    pub tiers: [u64; 4],
}

impl TargetRow {
    pub fn share(&self) -> f64 {
        ratio(self.solvable, self.hands)
    }

    /// How evenly the solvable hands spread over the four tiers: the
    /// entropy of the tier shares over its largest value, `ln 4`; 1 when
    /// each tier holds a quarter, 0 when one holds them all.
    pub fn balance(&self) -> f64 {
        let n: u64 = self.tiers.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let h: f64 = self
            .tiers
            .iter()
            .filter(|&&c| c > 0)
            .map(|&c| {
                let p = c as f64 / n as f64;
                -p * p.ln()
            })
            .sum();
        h / 4f64.ln()
    }
}

/// Every target's row, from the table in `dir`.
pub fn target_rows(key: &ReachKey, dir: &Path) -> Result<Vec<TargetRow>, ReportError> {
    let path = dir.join(Part::Whole.reach());
    let df = run(
        &path,
        scan(&path)?.select([
            col("target"),
            col("solvable"),
            col("dissimilar"),
            col("deal_ways"),
            col("difficulty"),
            col("tier"),
        ]),
    )?;
    let c = Cols {
        df: &df,
        path: &path,
    };
    let targets = c.u64s_signed("target")?;
    let solvable = c.u64s("solvable")?;
    let dissimilar = c.u64s("dissimilar")?;
    let ways = c.u64s("deal_ways")?;
    let difficulty = c.f64s("difficulty")?;
    let tier = c.strs("tier")?;
    let (lo, width) = (key.targets.lo, key.targets.width() as usize);
    let mut rows: Vec<TargetRow> = (0..width)
        .map(|i| TargetRow {
            target: lo + i as i64,
            hands: 0,
            solvable: 0,
            deal_share: 0.0,
            one_solution: None,
            mean_difficulty: None,
            tiers: [0; 4],
        })
        .collect();
    let mut deals = vec![(0u128, 0u128); width];
    let mut sums = vec![(0.0f64, 0u64); width];
    for i in 0..df.height() {
        let Some(t) = targets[i] else { continue };
        let at = (t - lo) as usize;
        let (r, w) = (&mut rows[at], ways[i].unwrap_or(0) as u128);
        r.hands += 1;
        deals[at].0 += w;
        if let Some(d) = dissimilar[i] {
            *r.one_solution.get_or_insert(0) += u64::from(d == 1);
        }
        if solvable[i] == Some(1) {
            r.solvable += 1;
            deals[at].1 += w;
            if let Some(d) = difficulty[i] {
                sums[at].0 += d;
                sums[at].1 += 1;
            }
            if let Some(t) = tier[i].as_deref().and_then(|s| s.parse::<Tier>().ok()) {
                r.tiers[t as usize] += 1;
            }
        }
    }
    for (r, ((all, good), (sum, n))) in rows.iter_mut().zip(deals.into_iter().zip(sums)) {
        r.deal_share = if all == 0 {
            0.0
        } else {
            good as f64 / all as f64
        };
        r.mean_difficulty = (n > 0).then(|| sum / n as f64);
    }
    Ok(rows)
}

/// Targets ordered best first by `score` (ties: the smaller target first).
fn best_by(rows: &[TargetRow], score: impl Fn(&TargetRow) -> Option<f64>) -> Vec<(i64, f64)> {
    let mut v: Vec<(i64, f64)> = rows
        .iter()
        .filter_map(|r| score(r).map(|s| (r.target, s)))
        .collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// The place of `target` in an ordering (1 the best), if it is in it.
fn place_of(order: &[(i64, f64)], target: i64) -> Option<usize> {
    order.iter().position(|(t, _)| *t == target).map(|p| p + 1)
}

/// Targets whose spread of difficulty is ranked: at least half the hands
/// solvable, so that a target a few hands make does not top the list.
fn spread_score(r: &TargetRow) -> Option<f64> {
    (r.mean_difficulty.is_some() && r.share() >= 0.5).then(|| r.balance())
}

fn fmt_opt(v: Option<f64>, decimals: usize) -> String {
    v.map_or("–".to_string(), |v| format!("{v:.decimals$}"))
}

/// The report of one reach table.
pub fn render_reach(key: &ReachKey, rows: &[TargetRow]) -> Rendered {
    let mut m = String::new();
    let hands = rows.first().map_or(0, |r| r.hands);
    let counted = rows.iter().any(|r| r.one_solution.is_some());
    let predicted = rows.iter().any(|r| r.mean_difficulty.is_some());
    let _ = writeln!(
        m,
        "# Every target from {} to {}: {} cards\n",
        key.targets.lo, key.targets.hi, key.k
    );
    let _ = writeln!(
        m,
        "{}. {} hands, each solved once for all {} targets (`reach.parquet`, one row per hand and target). \
         Made by `census24 sweep --hand-size {} --targets {} --rules {} --values {} --deck {}`.\n",
        key.family_title(),
        hands,
        key.targets.width(),
        key.k,
        key.targets,
        key.rules,
        key.values,
        key.deck
    );
    let by_solvable = best_by(rows, |r| Some(r.solvable as f64));
    let by_unique = best_by(rows, |r| r.one_solution.map(|n| n as f64));
    let by_spread = best_by(rows, spread_score);
    let row_of = |t: i64| rows.iter().find(|r| r.target == t);

    m.push_str("## Headline\n\n");
    if let Some(&(t, _)) = by_solvable.first() {
        let r = row_of(t).expect("a target of the rows");
        let _ = writeln!(
            m,
            "- Most solvable target: **{t}**, made by {} of {} hands ({:.2}%; {:.2}% of deals).",
            r.solvable,
            r.hands,
            100.0 * r.share(),
            100.0 * r.deal_share
        );
    }
    let unreachable = rows.iter().filter(|r| r.solvable == 0).count();
    let _ = writeln!(
        m,
        "- Targets no hand makes: {unreachable} of {}{}.",
        rows.len(),
        rows.iter()
            .find(|r| r.solvable == 0)
            .map(|r| format!(" (the smallest is {})", r.target))
            .unwrap_or_default()
    );
    if let Some(r) = row_of(24) {
        let mut s = format!(
            "- **24**: made by {} hands ({:.2}%; {:.2}% of deals), place {} of {} by solvable hands",
            r.solvable,
            100.0 * r.share(),
            100.0 * r.deal_share,
            place_of(&by_solvable, 24).unwrap_or(0),
            rows.len()
        );
        if let (Some(n), Some(p)) = (r.one_solution, place_of(&by_unique, 24)) {
            let _ = write!(s, "; {n} hands with one solution (place {p})");
        }
        if let Some(p) = place_of(&by_spread, 24) {
            let _ = write!(
                s,
                "; spread of difficulty {:.3} (place {p} of {})",
                r.balance(),
                by_spread.len()
            );
        }
        s.push('.');
        m.push_str(&s);
        m.push('\n');
    }
    m.push('\n');

    m.push_str("## Best targets\n\n");
    m.push_str("| place | most solvable hands | most hands with one solution | best spread of difficulty |\n|---|---|---|---|\n");
    for i in 0..BEST {
        let cell = |order: &[(i64, f64)], show: &dyn Fn(f64) -> String| {
            order
                .get(i)
                .map_or("".to_string(), |(t, s)| format!("{t} ({})", show(*s)))
        };
        let _ = writeln!(
            m,
            "| {} | {} | {} | {} |",
            i + 1,
            cell(&by_solvable, &|s| format!("{s:.0}")),
            cell(&by_unique, &|s| format!("{s:.0}")),
            cell(&by_spread, &|s| format!("{s:.3}")),
        );
    }
    m.push_str(
        "\nSpread of difficulty: how evenly a target's solvable hands fall into the four tiers \
         (easy, medium, hard, expert by predicted time): the entropy of the tier shares over \
         ln 4, 1 when each tier holds a quarter. Ranked among targets that at least half the \
         hands make. One solution: exactly one dissimilar solution (docs/DISTINCT.md).\n\n",
    );

    let xs: Vec<f64> = rows.iter().map(|r| r.target as f64).collect();
    let mark = key.targets.contains(24).then(|| (24.0, "24".to_string()));
    let mut charts = Vec::new();
    let share = LineChart {
        title: format!(
            "Share of {}-card hands and deals that make each target",
            key.k
        ),
        x_label: "target".into(),
        y_label: "share solvable (%)".into(),
        xs: xs.clone(),
        series: vec![
            Series {
                name: "hands".into(),
                values: rows.iter().map(|r| 100.0 * r.share()).collect(),
            },
            Series {
                name: "deals".into(),
                values: rows.iter().map(|r| 100.0 * r.deal_share).collect(),
            },
        ],
        y_max: 100.0,
        mark: mark.clone(),
    };
    charts.push((SOLVABLE_CHART.to_string(), share.to_svg().into_bytes()));
    m.push_str("## Charts\n\n");
    let _ = writeln!(m, "![Share solvable by target]({SOLVABLE_CHART})\n");
    if counted {
        let unique = LineChart {
            title: format!("Share of {}-card hands with exactly one solution", key.k),
            x_label: "target".into(),
            y_label: "hands with one dissimilar solution (%)".into(),
            xs: xs.clone(),
            series: vec![Series {
                name: "one solution".into(),
                values: rows
                    .iter()
                    .map(|r| 100.0 * ratio(r.one_solution.unwrap_or(0), r.hands))
                    .collect(),
            }],
            y_max: nice_max(
                rows.iter()
                    .map(|r| 100.0 * ratio(r.one_solution.unwrap_or(0), r.hands)),
            ),
            mark: mark.clone(),
        };
        charts.push((UNIQUE_CHART.to_string(), unique.to_svg().into_bytes()));
        let _ = writeln!(m, "![Share with one solution by target]({UNIQUE_CHART})\n");
    }
    if predicted {
        let diff = LineChart {
            title: format!(
                "Mean predicted difficulty of the solvable {}-card hands",
                key.k
            ),
            x_label: "target".into(),
            y_label: "mean difficulty (0-100)".into(),
            xs,
            series: vec![Series {
                name: "difficulty".into(),
                values: rows
                    .iter()
                    .map(|r| r.mean_difficulty.unwrap_or(0.0))
                    .collect(),
            }],
            y_max: 100.0,
            mark,
        };
        charts.push((DIFFICULTY_CHART.to_string(), diff.to_svg().into_bytes()));
        let _ = writeln!(m, "![Mean difficulty by target]({DIFFICULTY_CHART})\n");
        m.push_str(
            "Difficulty is the model's prediction (docs/DIFFICULTY.md), calibrated on players' \
             times for four-card hands and target 24; for other targets it is an extrapolation.\n\n",
        );
    }

    let _ = writeln!(
        m,
        "## Every target\n\nAlso as [{TARGETS_CSV}]({TARGETS_CSV}).\n\n<details><summary>{} targets</summary>\n",
        rows.len()
    );
    m.push_str("| target | solvable hands | share | deals solvable | one solution | mean difficulty | easy | medium | hard | expert |\n|---|---|---|---|---|---|---|---|---|---|\n");
    let mut csv = String::from(
        "target,hands,solvable,share,deal_share,one_solution,mean_difficulty,easy,medium,hard,expert\n",
    );
    for r in rows {
        let one = r.one_solution.map_or("–".to_string(), |n| n.to_string());
        let _ = writeln!(
            m,
            "| {} | {} | {:.2}% | {:.2}% | {one} | {} | {} | {} | {} | {} |",
            r.target,
            r.solvable,
            100.0 * r.share(),
            100.0 * r.deal_share,
            fmt_opt(r.mean_difficulty, 1),
            r.tiers[0],
            r.tiers[1],
            r.tiers[2],
            r.tiers[3]
        );
        let _ = writeln!(
            csv,
            "{},{},{},{:.6},{:.6},{},{},{},{},{},{}",
            r.target,
            r.hands,
            r.solvable,
            r.share(),
            r.deal_share,
            r.one_solution.map_or(String::new(), |n| n.to_string()),
            r.mean_difficulty
                .map_or(String::new(), |d| format!("{d:.2}")),
            r.tiers[0],
            r.tiers[1],
            r.tiers[2],
            r.tiers[3]
        );
    }
    m.push_str("\n</details>\n");
    charts.push((TARGETS_CSV.to_string(), csv.into_bytes()));
    Rendered {
        markdown: m,
        charts,
    }
}

/// A round top for a percentage axis holding `values`.
fn nice_max(values: impl Iterator<Item = f64>) -> f64 {
    let top = values.fold(0.0, f64::max);
    [5.0, 10.0, 20.0, 25.0, 50.0, 100.0]
        .into_iter()
        .find(|&c| c >= top)
        .unwrap_or(100.0)
}

/// Writes the report of the reach table `key` under `data` into the same
/// partition under `out`; returns the markdown file.
pub fn write_reach_report(data: &Path, out: &Path, key: &ReachKey) -> Result<PathBuf, ReportError> {
    let dir = data.join(key.partition());
    if !dir.join(Part::Whole.reach()).is_file() {
        return Err(ReportError::NoTables { dir });
    }
    let rows = target_rows(key, &dir)?;
    super::files::write_rendered(&out.join(key.partition()), &render_reach(key, &rows))
}

/// Every whole reach table under `data`, sorted by partition.
pub fn discover_reach(data: &Path) -> Result<Vec<ReachKey>, ReportError> {
    let dirs = disk::folders(data).map_err(|(path, source)| ReportError::Io { path, source })?;
    let mut found: Vec<ReachKey> = dirs
        .iter()
        .filter(|d| d.join(Part::Whole.reach()).is_file())
        .filter_map(|d| ReachKey::from_partition(d.strip_prefix(data).unwrap_or(d)))
        .collect();
    found.sort_by_key(|k| k.partition());
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(target: i64, solvable: u64, one: u64, tiers: [u64; 4]) -> TargetRow {
        TargetRow {
            target,
            hands: 10,
            solvable,
            deal_share: solvable as f64 / 10.0,
            one_solution: Some(one),
            mean_difficulty: Some(30.0),
            tiers,
        }
    }

    #[test]
    fn balance_is_one_for_even_tiers_and_zero_for_one() {
        assert_eq!(row(1, 8, 0, [2, 2, 2, 2]).balance(), 1.0);
        assert_eq!(row(1, 8, 0, [8, 0, 0, 0]).balance(), 0.0);
        assert!((row(1, 8, 0, [4, 4, 0, 0]).balance() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn best_targets_and_the_place_of_24() {
        let key = ReachKey {
            rules: crate::game::rules::Rules::Rational,
            targets: crate::game::targets::TargetRange::new(23, 25).unwrap(),
            values: crate::game::deck::ValueRange::new(1, 13).unwrap(),
            deck: crate::game::deck::Deck::Copies(4),
            k: 4,
        };
        let rows = vec![
            row(23, 6, 3, [6, 0, 0, 0]),
            row(24, 9, 1, [3, 2, 2, 2]),
            row(25, 9, 2, [5, 4, 0, 0]),
        ];
        let r = render_reach(&key, &rows);
        assert!(
            r.markdown.contains("Most solvable target: **24**"),
            "{}",
            r.markdown
        );
        assert!(
            r.markdown.contains("place 1 of 3 by solvable hands"),
            "{}",
            r.markdown
        );
        assert!(
            r.markdown.contains("| 1 | 24 (9) | 23 (3) | 24 (0.987) |"),
            "{}",
            r.markdown
        );
        let csv = &r.charts.iter().find(|(n, _)| n == TARGETS_CSV).unwrap().1;
        assert!(String::from_utf8_lossy(csv).contains("24,10,9,0.900000,0.900000,1,30.00,3,2,2,2"));
    }
}
