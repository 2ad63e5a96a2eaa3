//! Markdown and charts of a report, from summaries alone.
//!
//! Pure: the same summaries give the same bytes. File names of charts are
//! relative to the markdown that links them; `files` decides the folders.

use std::fmt::Write;

use super::explorer::EXPLORER;
use super::svg::{BarChart, LogScatter, Series};
use super::{HandList, SizeSummary, TableSummary, ratio};
use crate::difficulty::Tier;
use crate::tables::layout::{ReachKey, TableKey};

/// One rendered report: its markdown and the charts it links, by file name.
#[derive(Clone, Debug, PartialEq)]
pub struct Rendered {
    pub markdown: String,
    pub charts: Vec<(String, Vec<u8>)>,
}

/// Chart file names of a table's report.
pub const BY_SIZE_CHART: &str = "solvable-by-hand-size.svg";
pub const BY_VALUE_CHART: &str = "solvable-by-value.svg";
pub const COUNTS_CHART: &str = "solution-counts.svg";
pub const TIERS_CHART: &str = "tiers.svg";
pub const DEALS_CHART: &str = "deal-odds.svg";
pub const CALIBRATION_CHART: &str = "predicted-vs-measured-time.svg";

/// Chart file names of a family (one folder above its tables).
pub const FAMILY_SOLVABLE_CHART: &str = "solvable-by-hand-size.svg";
pub const FAMILY_TIERS_CHART: &str = "tiers-by-hand-size.svg";

fn pct(part: f64) -> String {
    format!("{:.2}%", part * 100.0)
}

fn tier_names() -> Vec<String> {
    Tier::ALL.iter().map(|t| t.name().to_string()).collect()
}

/// Buckets of dissimilar solution counts: 1 to 5 alone, then wider ranges.
const BUCKETS: [(u32, u32); 11] = [
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 10),
    (11, 20),
    (21, 50),
    (51, 100),
    (101, 200),
    (201, u32::MAX),
];

fn bucket_name((lo, hi): (u32, u32)) -> String {
    match (lo, hi) {
        (lo, hi) if lo == hi => lo.to_string(),
        (lo, u32::MAX) => format!("{lo}+"),
        (lo, hi) => format!("{lo}-{hi}"),
    }
}

/// Hands per bucket, dropping empty buckets past the last used one.
fn bucketed(counts: &[(u32, u64)]) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = BUCKETS
        .iter()
        .map(|&b| {
            let n = counts
                .iter()
                .filter(|(c, _)| (b.0..=b.1).contains(c))
                .map(|(_, n)| n)
                .sum();
            (bucket_name(b), n)
        })
        .collect();
    while out.len() > 1 && out.last().is_some_and(|(_, n)| *n == 0) {
        out.pop();
    }
    out
}

/// The report of one table; `family` holds every table of its family (this
/// one included), ordered by hand size, for the comparison by hand size.
pub fn table_report(t: &TableSummary, family: &[SizeSummary]) -> Rendered {
    let s = &t.size;
    let k = s.k;
    let cards = if k == 1 { "card" } else { "cards" };
    let mut md = String::new();
    let mut charts = Vec::new();
    let _ = writeln!(md, "# Target {} with {k} {cards}\n", t.id.target);
    let _ = writeln!(
        md,
        "{}. Written by `census24 report` from the tables in `{}/`; \
         regenerate with `just report`.\n",
        capitalize(&t.id.family_title()),
        t.id.partition().display()
    );
    let _ = writeln!(
        md,
        "Every hand of this table, with filters, sorting, its solutions and puzzle sets, is in \
         [{EXPLORER}]({EXPLORER}): open it in a browser (one file, nothing to install).\n"
    );

    md.push_str("## In short\n\n");
    let _ = writeln!(
        md,
        "- **{} of {} hands are solvable** ({}): {} with whole-number steps only, {} only through a fraction.",
        s.solvable,
        s.hands,
        pct(s.share_solvable()),
        t.integer_solvable,
        t.fraction_only.total
    );
    let _ = writeln!(
        md,
        "- **A random deal of {k} {cards} is solvable with probability {:.4}** ({}), \
         each hand weighted by the number of ways the deck deals it.",
        s.deal_solvable,
        pct(s.deal_solvable)
    );
    match s.tiers {
        Some(tiers) => {
            let _ = writeln!(
                md,
                "- **Difficulty tiers** of the {} solvable hands by predicted mean solve time \
                 (docs/DIFFICULTY.md): {} easy, {} medium, {} hard, {} expert.",
                s.solvable, tiers[0], tiers[1], tiers[2], tiers[3]
            );
        }
        None => md.push_str(
            "- No difficulty: this table was swept without solutions (`--no-solutions`).\n",
        ),
    }
    md.push('\n');

    md.push_str("## Share solvable by hand size\n\n");
    let _ = writeln!(
        md,
        "Tables of the same family found next to this one. A deal counts each \
         hand by the ways the deck deals it, so it weighs hands of distinct \
         cards more than hands of repeated cards.\n"
    );
    let _ = writeln!(md, "![Share solvable by hand size]({BY_SIZE_CHART})\n");
    md.push_str("| cards | hands | solvable | share of hands | share of deals |\n");
    md.push_str("|---:|---:|---:|---:|---:|\n");
    for f in family {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            f.k,
            f.hands,
            f.solvable,
            pct(f.share_solvable()),
            pct(f.deal_solvable)
        );
    }
    md.push('\n');
    charts.push((
        BY_SIZE_CHART.to_string(),
        solvable_by_size_chart(family).to_svg().into_bytes(),
    ));

    md.push_str("## Solvability by card value\n\n");
    md.push_str(
        "Of the hands holding at least one card of a value, the share that is solvable.\n\n",
    );
    let _ = writeln!(md, "![Solvability by card value]({BY_VALUE_CHART})\n");
    md.push_str("| value | hands with it | solvable | share |\n|---:|---:|---:|---:|\n");
    for v in &t.by_value {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            v.value,
            v.hands,
            v.solvable,
            pct(ratio(v.solvable, v.hands))
        );
    }
    md.push('\n');
    let by_value = BarChart {
        title: format!("Share of {k}-card hands holding a value that are solvable"),
        x_label: "card value".into(),
        y_label: "solvable (%)".into(),
        categories: t.by_value.iter().map(|v| v.value.to_string()).collect(),
        series: vec![Series {
            name: "solvable".into(),
            values: t
                .by_value
                .iter()
                .map(|v| 100.0 * ratio(v.solvable, v.hands))
                .collect(),
        }],
        y_max: Some(100.0),
        unit: "%".into(),
        decimals: 0,
    };
    charts.push((BY_VALUE_CHART.to_string(), by_value.to_svg().into_bytes()));

    if let Some(counts) = &t.solution_counts {
        md.push_str("## Distinct solutions\n\n");
        md.push_str(
            "Solvable hands by their number of dissimilar solutions (the level \
             players count; docs/DISTINCT.md).\n\n",
        );
        let _ = writeln!(md, "![Distinct solutions]({COUNTS_CHART})\n");
        let buckets = bucketed(counts);
        md.push_str("| dissimilar solutions | hands |\n|---:|---:|\n");
        for (name, n) in &buckets {
            let _ = writeln!(md, "| {name} | {n} |");
        }
        md.push('\n');
        let chart = BarChart {
            title: format!("Solvable {k}-card hands by number of distinct solutions"),
            x_label: "dissimilar solutions".into(),
            y_label: "hands".into(),
            categories: buckets.iter().map(|b| b.0.clone()).collect(),
            series: vec![Series {
                name: "hands".into(),
                values: buckets.iter().map(|b| b.1 as f64).collect(),
            }],
            y_max: None,
            unit: String::new(),
            decimals: 0,
        };
        charts.push((COUNTS_CHART.to_string(), chart.to_svg().into_bytes()));
    }

    if let (Some(tiers), Some(deals)) = (s.tiers, t.deal_tiers) {
        md.push_str("## Difficulty tiers\n\n");
        md.push_str(
            "Tiers cut the predicted mean solve time of docs/DIFFICULTY.md: easy under 7 s, \
             medium 7 to 12 s, hard 12 to 25 s, expert 25 s and more. The model was calibrated \
             on players' times for four-card hands and 24; for other games its figures are \
             extrapolations. The last column is the chance that a random deal is solvable and \
             in the tier.\n\n",
        );
        let _ = writeln!(md, "![Difficulty tiers]({TIERS_CHART})\n");
        md.push_str(
            "| tier | hands | share of solvable | share of deals |\n|---|---:|---:|---:|\n",
        );
        for (i, tier) in Tier::ALL.iter().enumerate() {
            let _ = writeln!(
                md,
                "| {tier} | {} | {} | {} |",
                tiers[i],
                pct(ratio(tiers[i], s.solvable)),
                pct(deals[i])
            );
        }
        let unsolvable_deals = (1.0 - s.deal_solvable).max(0.0);
        let _ = writeln!(
            md,
            "| unsolvable | {} | | {} |\n",
            s.hands - s.solvable,
            pct(unsolvable_deals)
        );
        let _ = writeln!(md, "![What a random deal is]({DEALS_CHART})\n");
        let chart = BarChart {
            title: format!("Solvable {k}-card hands by difficulty tier"),
            x_label: "tier".into(),
            y_label: "hands".into(),
            categories: tier_names(),
            series: vec![Series {
                name: "hands".into(),
                values: tiers.iter().map(|&n| n as f64).collect(),
            }],
            y_max: None,
            unit: String::new(),
            decimals: 0,
        };
        charts.push((TIERS_CHART.to_string(), chart.to_svg().into_bytes()));
        let mut categories = tier_names();
        categories.push("unsolvable".into());
        let mut values: Vec<f64> = deals.iter().map(|p| 100.0 * p).collect();
        values.push(100.0 * unsolvable_deals);
        let chart = BarChart {
            title: format!("What a random deal of {k} {cards} is"),
            x_label: "tier of the dealt hand".into(),
            y_label: "probability (%)".into(),
            categories,
            series: vec![Series {
                name: "deals".into(),
                values,
            }],
            y_max: None,
            unit: "%".into(),
            decimals: 1,
        };
        charts.push((DEALS_CHART.to_string(), chart.to_svg().into_bytes()));
    }

    if let Some(c) = &t.calibration {
        md.push_str("## Predicted against measured solve time\n\n");
        let _ = writeln!(
            md,
            "The {} hands that players of 4nums.com timed (data/human/), their mean solve time \
             against the model's prediction, both in seconds on logarithmic scales. The model was \
             fitted on these hands, so their Spearman rank correlation here, {:.3}, flatters it; \
             on hands it did not see (cross-validation, docs/DIFFICULTY.md) it is lower. \
             Predictions gather toward the middle: the model rarely predicts the slowest times \
             players showed.\n",
            c.points.len(),
            c.spearman
        );
        let _ = writeln!(
            md,
            "![Predicted against measured time]({CALIBRATION_CHART})\n"
        );
        let chart = LogScatter {
            title: "Mean solve time: predicted against measured".into(),
            x_label: "measured mean solve time (s)".into(),
            y_label: "predicted mean solve time (s)".into(),
            points: c.points.clone(),
            lo: 3.0,
            hi: 300.0,
            ticks: vec![5.0, 10.0, 20.0, 50.0, 100.0, 200.0],
        };
        charts.push((CALIBRATION_CHART.to_string(), chart.to_svg().into_bytes()));
    }

    if s.tiers.is_some() && s.solvable > 0 {
        let _ = writeln!(
            md,
            "## The {} hardest solvable hands\n",
            t.hardest.shown.len()
        );
        md.push_str(
            "Slowest predicted mean solve time first, each with its easiest solution \
             (lowest complexity). `census24 rank` prints longer and filtered rankings.\n\n",
        );
        list_table(&mut md, &t.hardest, true, None);
    }

    let _ = writeln!(
        md,
        "## Hands solvable only with fractions ({})\n",
        t.fraction_only.total
    );
    md.push_str("Every solution passes through a number that is not whole.\n\n");
    let all = format!("census24 rank -k {k} --needs-fraction --all");
    list_table(&mut md, &t.fraction_only, s.tiers.is_some(), Some(all));

    if t.solution_counts.is_some() {
        let _ = writeln!(
            md,
            "## Hands with exactly one dissimilar solution ({})\n",
            t.one_solution.total
        );
        let all = format!("census24 rank -k {k} --max-solutions 1 --all");
        list_table(&mut md, &t.one_solution, s.tiers.is_some(), Some(all));
    }

    let _ = writeln!(md, "## Unsolvable hands ({})\n", t.unsolvable.total);
    if t.unsolvable.total == 0 {
        md.push_str("None.\n\n");
    } else if (t.unsolvable.shown.len() as u64) < t.unsolvable.total {
        // A partial list of unsolvable hands says little; the table has them all.
        md.push_str(
            "Too many to list here: they are the rows of `hands.parquet` where `solvable` is false.\n\n",
        );
    } else {
        let hands: Vec<&str> = t.unsolvable.shown.iter().map(|l| l.hand.as_str()).collect();
        for line in hands.chunks(8) {
            let _ = writeln!(
                md,
                "{}  ",
                line.iter()
                    .map(|h| format!("`{h}`"))
                    .collect::<Vec<_>>()
                    .join(" · ")
            );
        }
        md.push('\n');
    }
    let md = md.trim_end().to_string() + "\n";
    Rendered {
        markdown: md,
        charts,
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A list as a markdown table; `all` is the command that prints every hand
/// of the list when it is cut short.
fn list_table(md: &mut String, list: &HandList, difficulty: bool, all: Option<String>) {
    if list.shown.is_empty() {
        md.push_str("None.\n\n");
        return;
    }
    if difficulty {
        md.push_str(
            "| hand | predicted time | solve rate | difficulty | tier | solutions | easiest solution |\n\
             |---|---:|---:|---:|---|---:|---|\n",
        );
    } else {
        md.push_str("| hand | solutions | a solution |\n|---|---:|---|\n");
    }
    for l in &list.shown {
        let sols = l.dissimilar.map_or(String::new(), |d| d.to_string());
        if difficulty {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {sols} | `{}` |",
                l.hand,
                l.time_s.map_or(String::new(), |t| format!("{t:.1} s")),
                l.solve_rate
                    .map_or(String::new(), |r| format!("{:.0}%", 100.0 * r)),
                l.difficulty.map_or(String::new(), |d| format!("{d:.1}")),
                l.tier.as_deref().unwrap_or(""),
                l.solution
            );
        } else {
            let _ = writeln!(md, "| {} | {sols} | `{}` |", l.hand, l.solution);
        }
    }
    md.push('\n');
    if let Some(all) = all.filter(|_| (list.shown.len() as u64) < list.total) {
        let _ = writeln!(
            md,
            "The first {} of {} are shown, in hand order; `{all}` prints them all.\n",
            list.shown.len(),
            list.total
        );
    }
}

fn solvable_by_size_chart(family: &[SizeSummary]) -> BarChart {
    BarChart {
        title: "Share solvable by hand size".into(),
        x_label: "cards in the hand".into(),
        y_label: "solvable (%)".into(),
        categories: family.iter().map(|f| f.k.to_string()).collect(),
        series: vec![
            Series {
                name: "distinct hands".into(),
                values: family.iter().map(|f| 100.0 * f.share_solvable()).collect(),
            },
            Series {
                name: "random deals".into(),
                values: family.iter().map(|f| 100.0 * f.deal_solvable).collect(),
            },
        ],
        y_max: Some(100.0),
        unit: "%".into(),
        decimals: 1,
    }
}

/// `reports/README.md`: every report, families side by side by hand size.
/// `tables` is sorted by id, so families come together, hand sizes ascending.
/// Chart names are relative to the reports folder.
pub fn index(tables: &[(TableKey, SizeSummary)], reach: &[ReachKey]) -> Rendered {
    let mut md = String::new();
    let mut charts = Vec::new();
    md.push_str("# census24 reports\n\n");
    md.push_str(
        "One report per table, written by `census24 report` (regenerate with \
         `just report`). Difficulty tiers follow docs/DIFFICULTY.md; a deal \
         weighs each hand by the ways the deck deals it.\n\n",
    );
    if tables.is_empty() && reach.is_empty() {
        md.push_str("No tables found.\n");
    }
    let mut i = 0;
    while i < tables.len() {
        let fam = tables[i].0.family();
        let j = tables[i..]
            .iter()
            .position(|(id, _)| id.family() != fam)
            .map_or(tables.len(), |n| i + n);
        let group = &tables[i..j];
        let _ = writeln!(md, "## {}\n", capitalize(&group[0].0.family_title()));
        md.push_str(
            "| cards | hands | solvable | share of hands | share of deals | easy | medium | hard | expert | report |\n",
        );
        md.push_str("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (id, s) in group {
            let tiers = s.tiers.map_or(vec![String::new(); 4], |t| {
                t.iter().map(u64::to_string).collect()
            });
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | [k={}]({}/README.md) |",
                s.k,
                s.hands,
                s.solvable,
                pct(s.share_solvable()),
                pct(s.deal_solvable),
                tiers.join(" | "),
                id.k,
                id.partition().display()
            );
        }
        md.push('\n');
        let sizes: Vec<SizeSummary> = group.iter().map(|(_, s)| s.clone()).collect();
        let dir = fam.display().to_string();
        let solvable = format!("{dir}/{FAMILY_SOLVABLE_CHART}");
        let _ = writeln!(md, "![Share solvable by hand size]({solvable})\n");
        charts.push((
            solvable,
            solvable_by_size_chart(&sizes).to_svg().into_bytes(),
        ));
        let with_tiers: Vec<&SizeSummary> = sizes.iter().filter(|s| s.tiers.is_some()).collect();
        if !with_tiers.is_empty() {
            let path = format!("{dir}/{FAMILY_TIERS_CHART}");
            let _ = writeln!(md, "![Difficulty tiers by hand size]({path})\n");
            let chart = BarChart {
                title: "Solvable hands by difficulty tier and hand size".into(),
                x_label: "cards in the hand".into(),
                y_label: "share of solvable hands (%)".into(),
                categories: with_tiers.iter().map(|s| s.k.to_string()).collect(),
                series: Tier::ALL
                    .iter()
                    .enumerate()
                    .map(|(t, tier)| Series {
                        name: tier.name().into(),
                        values: with_tiers
                            .iter()
                            .map(|s| 100.0 * ratio(s.tiers.map_or(0, |x| x[t]), s.solvable))
                            .collect(),
                    })
                    .collect(),
                y_max: Some(100.0),
                unit: "%".into(),
                decimals: 0,
            };
            charts.push((path, chart.to_svg().into_bytes()));
        }
        i = j;
    }
    if !reach.is_empty() {
        md.push_str("## Every target at once\n\n");
        md.push_str(
            "Reach tables (`census24 sweep --targets LO..HI`): every hand against every \
             target of a range, with the best targets and where 24 stands.\n\n",
        );
        for key in reach {
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
    let md = md.trim_end().to_string() + "\n";
    Rendered {
        markdown: md,
        charts,
    }
}

#[cfg(test)]
mod tests;
