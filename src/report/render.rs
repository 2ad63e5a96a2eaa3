//! Markdown and charts of a report, from summaries alone.
//!
//! Pure: the same summaries give the same bytes. File names of charts are
//! relative to the markdown that links them; `files` decides the folders.

use std::fmt::Write;

pub mod atlas;
pub mod large;
pub mod reach;

use super::svg::{BarChart, LogScatter, Series};
use super::{Calibration, HandList, Listed, SizeSummary, TableSummary, ratio};
use crate::difficulty::Tier;
use crate::report::EXPLORER;
use crate::tables::layout::TableKey;

/// One rendered report: its markdown and the charts it links, by file name.
#[derive(Clone, Debug, PartialEq)]
pub struct Rendered {
    pub markdown: String,
    pub charts: Vec<(String, Vec<u8>)>,
}

impl Rendered {
    /// Adds the chart `svg` under the file name `name`.
    pub(crate) fn chart(&mut self, name: &str, svg: String) {
        self.charts.push((name.to_string(), svg.into_bytes()));
    }
}

/// A column of a markdown table: its header and how its cells align.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column<'a> {
    pub name: &'a str,
    pub right: bool,
}

impl<'a> Column<'a> {
    pub fn left(name: &'a str) -> Column<'a> {
        Column { name, right: false }
    }

    pub fn right(name: &'a str) -> Column<'a> {
        Column { name, right: true }
    }

    /// Left-aligned columns named `names`.
    pub fn all_left(names: &[&'a str]) -> Vec<Column<'a>> {
        names.iter().copied().map(Column::left).collect()
    }
}

/// A markdown table: the header, the alignment line (`---` or `---:`),
/// then one line per row, every line ending in a newline. Cells are written
/// as they are, a space on each side; every table of the reports is made
/// here.
pub fn markdown_table<S: AsRef<str>>(header: &[Column], rows: &[Vec<S>]) -> String {
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let cells: Vec<&str> = cells.collect();
        format!("| {} |\n", cells.join(" | "))
    };
    let mut out = line(&mut header.iter().map(|c| c.name));
    out.push('|');
    for c in header {
        out.push_str(if c.right { "---:|" } else { "---|" });
    }
    out.push('\n');
    for row in rows {
        out.push_str(&line(&mut row.iter().map(AsRef::as_ref)));
    }
    out
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

pub(crate) fn pct(part: f64) -> String {
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
    let mut r = Rendered {
        markdown: intro(t),
        charts: Vec::new(),
    };
    in_short(&mut r.markdown, t);
    by_size(&mut r, family);
    by_value(&mut r, t);
    if let Some(counts) = &t.solution_counts {
        distinct_solutions(&mut r, t.size.k, counts);
    }
    if let (Some(tiers), Some(deals)) = (t.size.tiers, t.deal_tiers) {
        difficulty_tiers(&mut r, t, tiers, deals);
    }
    if let Some(c) = &t.calibration {
        calibration(&mut r, c);
    }
    hand_lists(&mut r.markdown, t);
    r.markdown = r.markdown.trim_end().to_string() + "\n";
    r
}

/// "cards", or "card" for one.
fn cards(k: u32) -> &'static str {
    if k == 1 { "card" } else { "cards" }
}

/// The title, where the report comes from and the explorer page.
fn intro(t: &TableSummary) -> String {
    format!(
        "# {}\n\n\
         {}. Written by `census24 report` from the tables in `{}/`; \
         regenerate with `just report`.\n\n\
         Every hand of this table, with filters, sorting, its solutions and puzzle sets, is in \
         [{EXPLORER}]({EXPLORER}): open it in a browser (one file, nothing to install).\n\n",
        t.id.title(),
        capitalize(&t.id.family_title()),
        t.id.partition().display()
    )
}

/// The headline counts: solvable hands and deals, and the tiers.
fn in_short(md: &mut String, t: &TableSummary) {
    let (s, k) = (&t.size, t.size.k);
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
        "- **A random deal of {k} {} is solvable with probability {:.4}** ({}), \
         each hand weighted by the number of ways the deck deals it.",
        cards(k),
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
}

/// The tables of the family side by side: share solvable by hand size.
fn by_size(r: &mut Rendered, family: &[SizeSummary]) {
    let md = &mut r.markdown;
    md.push_str("## Share solvable by hand size\n\n");
    let _ = writeln!(
        md,
        "Tables of the same family found next to this one. A deal counts each \
         hand by the ways the deck deals it, so it weighs hands of distinct \
         cards more than hands of repeated cards.\n"
    );
    let _ = writeln!(md, "![Share solvable by hand size]({BY_SIZE_CHART})\n");
    let header = SIZE_COLUMNS.map(Column::right);
    let rows: Vec<Vec<String>> = family.iter().map(size_cells).collect();
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
    r.chart(BY_SIZE_CHART, solvable_by_size_chart(family).to_svg());
}

/// Of the hands holding a card value, the share solvable.
fn by_value(r: &mut Rendered, t: &TableSummary) {
    let md = &mut r.markdown;
    md.push_str("## Solvability by card value\n\n");
    md.push_str(
        "Of the hands holding at least one card of a value, the share that is solvable.\n\n",
    );
    let _ = writeln!(md, "![Solvability by card value]({BY_VALUE_CHART})\n");
    let header = [
        Column::right("value"),
        Column::right("hands with it"),
        Column::right("solvable"),
        Column::right("share"),
    ];
    let rows: Vec<Vec<String>> = t
        .by_value
        .iter()
        .map(|v| {
            vec![
                v.value.to_string(),
                v.hands.to_string(),
                v.solvable.to_string(),
                pct(ratio(v.solvable, v.hands)),
            ]
        })
        .collect();
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
    let chart = BarChart::new(
        format!(
            "Share of {}-card hands holding a value that are solvable",
            t.size.k
        ),
        "card value",
        "solvable (%)",
        t.by_value.iter().map(|v| v.value.to_string()).collect(),
        vec![Series::new(
            "solvable",
            t.by_value
                .iter()
                .map(|v| 100.0 * ratio(v.solvable, v.hands))
                .collect(),
        )],
    )
    .percent(Some(100.0), 0);
    r.chart(BY_VALUE_CHART, chart.to_svg());
}

/// Solvable hands by their number of dissimilar solutions, bucketed.
fn distinct_solutions(r: &mut Rendered, k: u32, counts: &[(u32, u64)]) {
    let md = &mut r.markdown;
    md.push_str("## Distinct solutions\n\n");
    md.push_str(
        "Solvable hands by their number of dissimilar solutions (the level \
         players count; docs/DISTINCT.md).\n\n",
    );
    let _ = writeln!(md, "![Distinct solutions]({COUNTS_CHART})\n");
    let buckets = bucketed(counts);
    let header = [
        Column::right("dissimilar solutions"),
        Column::right("hands"),
    ];
    let rows: Vec<Vec<String>> = buckets
        .iter()
        .map(|(name, n)| vec![name.clone(), n.to_string()])
        .collect();
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
    let chart = BarChart::new(
        format!("Solvable {k}-card hands by number of distinct solutions"),
        "dissimilar solutions",
        "hands",
        buckets.iter().map(|b| b.0.clone()).collect(),
        vec![Series::new(
            "hands",
            buckets.iter().map(|b| b.1 as f64).collect(),
        )],
    );
    r.chart(COUNTS_CHART, chart.to_svg());
}

/// Hands and deals per difficulty tier, with their two charts, and which
/// model priced them.
fn difficulty_tiers(r: &mut Rendered, t: &TableSummary, tiers: [u64; 4], deals: [f64; 4]) {
    let (s, k) = (&t.size, t.size.k);
    let md = &mut r.markdown;
    md.push_str("## Difficulty tiers\n\n");
    md.push_str("Tiers cut the predicted mean solve time of docs/DIFFICULTY.md: easy under 7 s, ");
    md.push_str("medium 7 to 12 s, hard 12 to 25 s, expert 25 s and more. ");
    match &t.model {
        None => md.push_str(
            "The model was calibrated on players' times for four-card hands and 24; for other \
             games its figures are extrapolations. ",
        ),
        Some(m) => {
            md.push_str(&m.note(&t.id.game()));
            md.push(' ');
        }
    }
    md.push_str(
        "The last column is the chance that a random deal is solvable and in the tier.\n\n",
    );
    let _ = writeln!(md, "![Difficulty tiers]({TIERS_CHART})\n");
    let header = [
        Column::left("tier"),
        Column::right("hands"),
        Column::right("share of solvable"),
        Column::right("share of deals"),
    ];
    let unsolvable_deals = (1.0 - s.deal_solvable).max(0.0);
    let mut rows: Vec<Vec<String>> = Tier::ALL
        .iter()
        .enumerate()
        .map(|(i, tier)| {
            vec![
                tier.to_string(),
                tiers[i].to_string(),
                pct(ratio(tiers[i], s.solvable)),
                pct(deals[i]),
            ]
        })
        .collect();
    // Unsolvable hands have no share of the solvable: the cell is left
    // blank, written `| |` as the report always had it (one space, where
    // an empty cell would give two).
    rows.push(vec![
        "unsolvable".into(),
        format!("{} |", s.hands - s.solvable),
        pct(unsolvable_deals),
    ]);
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
    let _ = writeln!(md, "![What a random deal is]({DEALS_CHART})\n");
    let chart = BarChart::new(
        format!("Solvable {k}-card hands by difficulty tier"),
        "tier",
        "hands",
        tier_names(),
        vec![Series::new(
            "hands",
            tiers.iter().map(|&n| n as f64).collect(),
        )],
    );
    r.chart(TIERS_CHART, chart.to_svg());
    let mut categories = tier_names();
    categories.push("unsolvable".into());
    let mut values: Vec<f64> = deals.iter().map(|p| 100.0 * p).collect();
    values.push(100.0 * unsolvable_deals);
    let chart = BarChart::new(
        format!("What a random deal of {k} {} is", cards(k)),
        "tier of the dealt hand",
        "probability (%)",
        categories,
        vec![Series::new("deals", values)],
    )
    .percent(None, 1);
    r.chart(DEALS_CHART, chart.to_svg());
}

/// The model's predictions against the players' measured times.
fn calibration(r: &mut Rendered, c: &Calibration) {
    let md = &mut r.markdown;
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
    r.chart(CALIBRATION_CHART, chart.to_svg());
}

/// The lists of hands: hardest, fraction only, one solution, unsolvable.
fn hand_lists(md: &mut String, t: &TableSummary) {
    let (s, k) = (&t.size, t.size.k);
    if s.tiers.is_some() && s.solvable > 0 {
        let _ = writeln!(
            md,
            "## The {} hardest solvable hands\n",
            t.hardest.shown.len()
        );
        md.push_str(
            "Slowest predicted mean solve time first, each with its simplest solution \
             (the `simplest` column of `hands.parquet`). `census24 rank` prints longer and \
             filtered rankings.\n\n",
        );
        list_table(md, &t.hardest, true, None);
    }

    let _ = writeln!(
        md,
        "## Hands solvable only with fractions ({})\n",
        t.fraction_only.total
    );
    md.push_str("Every solution passes through a number that is not whole.\n\n");
    let all = format!("census24 rank -k {k} --needs-fraction --all");
    list_table(md, &t.fraction_only, s.tiers.is_some(), Some(all));

    if t.solution_counts.is_some() {
        let _ = writeln!(
            md,
            "## Hands with exactly one dissimilar solution ({})\n",
            t.one_solution.total
        );
        let all = format!("census24 rank -k {k} --max-dissimilar 1 --all");
        list_table(md, &t.one_solution, s.tiers.is_some(), Some(all));
    }
    unsolvable(md, &t.unsolvable);
}

/// The unsolvable hands, eight to a line, when the list is whole.
fn unsolvable(md: &mut String, list: &HandList) {
    let _ = writeln!(md, "## Unsolvable hands ({})\n", list.total);
    if list.total == 0 {
        md.push_str("None.\n\n");
    } else if (list.shown.len() as u64) < list.total {
        // A partial list of unsolvable hands says little; the table has them all.
        md.push_str(
            "Too many to list here: they are the rows of `hands.parquet` where `solvable` is false.\n\n",
        );
    } else {
        let hands: Vec<&str> = list.shown.iter().map(|l| l.hand.as_str()).collect();
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
    let header = if difficulty {
        vec![
            Column::left("hand"),
            Column::right("predicted time"),
            Column::right("solve rate"),
            Column::right("difficulty"),
            Column::left("tier"),
            Column::right("solutions"),
            Column::left("simplest solution"),
        ]
    } else {
        vec![
            Column::left("hand"),
            Column::right("solutions"),
            Column::left("a solution"),
        ]
    };
    let row = |l: &Listed| {
        let sols = l.dissimilar.map_or(String::new(), |d| d.to_string());
        let solution = format!("`{}`", l.solution);
        if !difficulty {
            return vec![l.hand.clone(), sols, solution];
        }
        vec![
            l.hand.clone(),
            l.time_s.map_or(String::new(), |t| format!("{t:.1} s")),
            l.solve_rate
                .map_or(String::new(), |r| format!("{:.0}%", 100.0 * r)),
            l.difficulty.map_or(String::new(), |d| format!("{d:.1}")),
            l.tier.clone().unwrap_or_default(),
            sols,
            solution,
        ]
    };
    let rows: Vec<Vec<String>> = list.shown.iter().map(row).collect();
    md.push_str(&markdown_table(&header, &rows));
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

/// The columns of a table's line in a comparison by hand size.
pub(crate) const SIZE_COLUMNS: [&str; 5] = [
    "cards",
    "hands",
    "solvable",
    "share of hands",
    "share of deals",
];

/// The cells under [`SIZE_COLUMNS`] of one table.
pub(crate) fn size_cells(s: &SizeSummary) -> Vec<String> {
    vec![
        s.k.to_string(),
        s.hands.to_string(),
        s.solvable.to_string(),
        pct(s.share_solvable()),
        pct(s.deal_solvable),
    ]
}

fn solvable_by_size_chart(family: &[SizeSummary]) -> BarChart {
    BarChart::new(
        "Share solvable by hand size",
        "cards in the hand",
        "solvable (%)",
        family.iter().map(|f| f.k.to_string()).collect(),
        vec![
            Series::new(
                "distinct hands",
                family.iter().map(|f| 100.0 * f.share_solvable()).collect(),
            ),
            Series::new(
                "random deals",
                family.iter().map(|f| 100.0 * f.deal_solvable).collect(),
            ),
        ],
    )
    .percent(Some(100.0), 1)
}

/// `reports/README.md`: its head, then every kind's section as `sections`
/// writes them (one-target tables first, families side by side by hand
/// size: [`index_family`]); `empty` when there is no table. Chart names
/// are relative to the reports folder.
pub fn index(atlas: bool, empty: bool, sections: impl FnOnce(&mut Rendered)) -> Rendered {
    let mut r = Rendered {
        markdown: String::new(),
        charts: Vec::new(),
    };
    r.markdown.push_str("# census24 reports\n\n");
    r.markdown.push_str(
        "One report per table, written by `census24 report` (regenerate with \
         `just report`). Difficulty tiers follow docs/DIFFICULTY.md; a deal \
         weighs each hand by the ways the deck deals it.\n\n",
    );
    if atlas {
        r.markdown.push_str(
            "**[The atlas](atlas/README.md)**: the 24 game from one to ten cards, for a \
             52-card deck and for independent draws side by side, with every unsolvable \
             hand from six cards up and the smallest hand size at which every hand makes \
             each target 1 to 100 (`census24 report --atlas`).\n\n",
        );
    }
    if empty {
        r.markdown.push_str("No tables found.\n");
    }
    sections(&mut r);
    r.markdown = r.markdown.trim_end().to_string() + "\n";
    r
}

/// One family of the index: its tables by hand size and its two charts.
pub fn index_family(r: &mut Rendered, group: &[(TableKey, SizeSummary)]) {
    let md = &mut r.markdown;
    let _ = writeln!(md, "## {}\n", capitalize(&group[0].0.family_title()));
    let mut header: Vec<Column> = SIZE_COLUMNS.map(Column::right).to_vec();
    header.extend(Tier::ALL.map(|t| Column::right(t.name())));
    header.push(Column::left("report"));
    let rows: Vec<Vec<String>> = group
        .iter()
        .map(|(id, s)| {
            let tiers = s.tiers.map_or(vec![String::new(); 4], |t| {
                t.iter().map(u64::to_string).collect()
            });
            let mut row = size_cells(s);
            row.extend(tiers);
            row.push(format!(
                "[k={}]({}/README.md)",
                id.k,
                id.partition().display()
            ));
            row
        })
        .collect();
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
    let sizes: Vec<SizeSummary> = group.iter().map(|(_, s)| s.clone()).collect();
    let dir = group[0].0.family().display().to_string();
    let solvable = format!("{dir}/{FAMILY_SOLVABLE_CHART}");
    let _ = writeln!(md, "![Share solvable by hand size]({solvable})\n");
    r.chart(&solvable, solvable_by_size_chart(&sizes).to_svg());
    let with_tiers: Vec<&SizeSummary> = sizes.iter().filter(|s| s.tiers.is_some()).collect();
    if !with_tiers.is_empty() {
        let path = format!("{dir}/{FAMILY_TIERS_CHART}");
        let _ = writeln!(r.markdown, "![Difficulty tiers by hand size]({path})\n");
        let series = Tier::ALL
            .iter()
            .enumerate()
            .map(|(t, tier)| {
                let shares = with_tiers
                    .iter()
                    .map(|s| 100.0 * ratio(s.tiers.map_or(0, |x| x[t]), s.solvable));
                Series::new(tier.name(), shares.collect())
            })
            .collect();
        let chart = BarChart::new(
            "Solvable hands by difficulty tier and hand size",
            "cards in the hand",
            "share of solvable hands (%)",
            with_tiers.iter().map(|s| s.k.to_string()).collect(),
            series,
        )
        .percent(Some(100.0), 0);
        r.chart(&path, chart.to_svg());
    }
}

#[cfg(test)]
mod tests;
