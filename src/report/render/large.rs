//! The report of a large-sets census: the answer in two sentences, the
//! best and worst sets overall and by the number of large tiles, plain and
//! draw-weighted, where the show's 25 50 75 100 stands (always: computed
//! when the census does not hold it), the figures to check against
//! published ones, and five charts (a heat map by smallest and largest
//! number, the distribution of shares with the standard set marked, the
//! share against each end of a set). Pure: the sets' counts in, markdown
//! and SVG out.

use std::cmp::Ordering;
use std::fmt::Write as _;

use crate::game::targets::TargetRange;
use crate::report::render::{Column, Rendered, markdown_table};
use crate::report::svg::{LineChart, Series};
use crate::report::svg_large::{HeatMap, Histogram};
use crate::tables::large_counts::Counts;
use crate::tables::registry::large_sets::{
    CHECKED_TARGETS, Check, LARGE_IN_SET, LargeKey, LargeSets, STANDARD, SetStat,
};

/// What the report of a census is made from.
#[derive(Clone, Debug)]
pub struct LargeReport<'a> {
    pub key: &'a LargeKey,
    /// Every set of the table, in table order.
    pub sets: &'a [SetStat],
    /// The table's path, as the report names it.
    pub table: String,
    /// The standard set's counts (the table's row, or computed).
    pub standard: SetStat,
    /// Sets counted over the target ranges published analyses use.
    pub checks: Vec<Check>,
}

/// Sets listed at each end of the overall ranking, and of each number of
/// large tiles.
const LISTED: usize = 10;
const LISTED_BY_TILES: usize = 5;
/// Which share a ranking reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Share {
    Unique,
    Weighted,
}

fn parts(c: &Counts, s: Share) -> (u64, u64) {
    match s {
        Share::Unique => (c.solvable, c.games),
        Share::Weighted => (c.solvable_weighted, c.games_weighted),
    }
}

fn share(c: &Counts, s: Share) -> f64 {
    let (a, b) = parts(c, s);
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// Higher share first, exactly (cross-multiplied), then the set's name.
fn by_share(a: &(&SetStat, Counts), b: &(&SetStat, Counts), s: Share) -> Ordering {
    let (an, ad) = parts(&a.1, s);
    let (bn, bd) = parts(&b.1, s);
    ((bn as u128) * (ad as u128))
        .cmp(&((an as u128) * (bd as u128)))
        .then_with(|| a.0.numbers.cmp(&b.0.numbers))
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// The counts a ranking reads: all selections, or those with `tiles` large tiles.
fn pick(s: &SetStat, tiles: Option<usize>) -> Counts {
    tiles.map_or(s.all(), |j| s.by_tiles[j])
}

/// Sets ranked by a share (best first).
fn ranked(sets: &[SetStat], tiles: Option<usize>, s: Share) -> Vec<(&SetStat, Counts)> {
    let mut v: Vec<(&SetStat, Counts)> = sets.iter().map(|x| (x, pick(x, tiles))).collect();
    v.sort_by(|a, b| by_share(a, b, s));
    v
}

fn rows_of(v: &[(&SetStat, Counts)], ranks: impl Iterator<Item = usize>) -> Vec<Vec<String>> {
    v.iter()
        .zip(ranks)
        .map(|((set, c), r)| {
            vec![
                r.to_string(),
                set.large().clone(),
                pct(share(c, Share::Unique)),
                pct(share(c, Share::Weighted)),
                pct(c.near[0] as f64 / c.games.max(1) as f64),
                pct(c.near[1] as f64 / c.games.max(1) as f64),
            ]
        })
        .collect()
}

const HEADER: [&str; 6] = [
    "rank",
    "large",
    "solvable",
    "weighted",
    "within 5",
    "within 10",
];

/// The best and the worst `n` of a ranking as one table (all of it when
/// short), and the standard set's row after them when it is not among
/// them: its rank, or in brackets the rank it would take when the census
/// does not hold it.
fn ends(
    md: &mut String,
    v: &[(&SetStat, Counts)],
    n: usize,
    standard: Option<(&SetStat, Counts)>,
    s: Share,
) {
    let header: Vec<Column> = HEADER
        .iter()
        .enumerate()
        .map(|(i, h)| {
            if i == 1 {
                Column::left(h)
            } else {
                Column::right(h)
            }
        })
        .collect();
    let (mut rows, shown): (Vec<Vec<String>>, Vec<String>) = if v.len() <= 2 * n {
        (rows_of(v, 1..), v.iter().map(|x| x.0.large()).collect())
    } else {
        let mut rows = rows_of(&v[..n], 1..);
        rows.push(vec!["…".to_string(); HEADER.len()]);
        rows.extend(rows_of(&v[v.len() - n..], v.len() - n + 1..));
        let shown = v[..n]
            .iter()
            .chain(&v[v.len() - n..])
            .map(|x| x.0.large())
            .collect();
        (rows, shown)
    };
    if let Some(me) = standard
        && !shown.iter().any(|s| s == STANDARD)
    {
        let better = v
            .iter()
            .filter(|x| by_share(x, &me, s) == Ordering::Less)
            .count();
        let held = v.iter().any(|x| x.0.large() == STANDARD);
        let mut row = rows_of(&[me], std::iter::once(better + 1)).remove(0);
        if !held {
            row[0] = format!("({})", better + 1);
        }
        row[1] = format!("{STANDARD} (the show's)");
        rows.push(row);
    }
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The census in words, as a sentence's subject: `Every set of four large
/// numbers from 11 to 100 (2,555,190 sets)`, or the chosen sets.
fn census_phrase(key: &LargeKey, n: usize) -> String {
    match &key.sets {
        LargeSets::Range(r) => format!(
            "Every set of four large numbers from {} to {} ({} sets)",
            r.lo,
            r.hi,
            thousands(n as u64)
        ),
        LargeSets::Chosen(s) if s.len() == 1 => format!("The set {}", key.sets),
        LargeSets::Chosen(s) => {
            let names: Vec<String> = s
                .iter()
                .map(|s| s.map(|v| v.to_string()).join(" "))
                .collect();
            format!(
                "The sets {} and {}",
                names[..names.len() - 1].join(", "),
                names[names.len() - 1]
            )
        }
    }
}

/// The command that makes the census.
fn command(key: &LargeKey) -> String {
    let made = match &key.sets {
        LargeSets::Range(v) => format!("--large-sets {}..{}", v.lo, v.hi),
        LargeSets::Chosen(s) => s
            .iter()
            .map(|s| format!("--large \"{}\"", s.map(|v| v.to_string()).join(" ")))
            .collect::<Vec<_>>()
            .join(" "),
    };
    let t = key.targets;
    let targets = if (t.lo, t.hi) == (100, 999) {
        String::new()
    } else {
        format!(" --targets {}..{}", t.lo, t.hi)
    };
    format!("census24 sweep --game countdown {made}{targets}")
}

/// The rank of the standard set by a share: among the census's sets, or
/// the rank it would take (`None`: it is not one of them).
fn standard_rank(
    sets: &[SetStat],
    standard: &SetStat,
    tiles: Option<usize>,
    s: Share,
) -> (usize, bool) {
    let me = (standard, pick(standard, tiles));
    let better = sets
        .iter()
        .filter(|x| x.large() != STANDARD)
        .filter(|x| by_share(&(*x, pick(x, tiles)), &me, s) == Ordering::Less)
        .count();
    (better + 1, sets.iter().any(|x| x.large() == STANDARD))
}

/// The report of a census from its sets' counts.
pub fn render_large(r: &LargeReport) -> Rendered {
    let (key, sets) = (r.key, r.sets);
    let mut out = Rendered {
        markdown: String::new(),
        charts: Vec::new(),
    };
    let md = &mut out.markdown;
    let t = key.targets;
    let _ = writeln!(md, "# Countdown with other large numbers\n");
    let _ = writeln!(
        md,
        "{}, each played in place of {STANDARD}: the numbers round with the small \
         tiles 1 to 10 twice each, six tiles a game, targets {} to {}, positive whole \
         intermediate results, any of the six tiles used. Made by `{}`; the table is \
         `{}`.\n",
        census_phrase(key, sets.len()),
        t.lo,
        t.hi,
        command(key),
        r.table
    );
    if sets.is_empty() {
        md.push_str("The table holds no sets.\n");
        return out;
    }
    let by_unique = ranked(sets, None, Share::Unique);
    let by_weighted = ranked(sets, None, Share::Weighted);
    let std_all = (&r.standard, r.standard.all());
    answer(md, r, &by_unique, &by_weighted);
    md.push_str(
        "**How to read it.** A *game* is a selection of six tiles and a target. \
         *solvable* is the share of games whose target can be made exactly, every \
         distinct selection counted once. *weighted* counts each selection by the \
         ways to draw it from the 24 physical tiles (a pair of 7s can be drawn one \
         way, a 7 beside other numbers two ways, each large number is one tile): \
         under a number of large tiles it is the chance that a contestant who asks \
         for that many large tiles gets a solvable game, the small tiles and the \
         target drawn at random; over all selections it is the chance for six tiles \
         drawn at random from all 24. *within 5* and *within 10* are the shares of \
         games whose closest reachable value is that near (7 and 5 points on the \
         show), exact included.",
    );
    if !r.sets.iter().any(|s| s.large() == STANDARD) {
        md.push_str(
            " A rank in brackets is the rank the show's set would take: the census does \
             not hold it, so it was counted for reference.",
        );
    }
    md.push_str("\n\n");
    let _ = writeln!(md, "## Every selection\n");
    for (s, v, what) in [
        (Share::Unique, &by_unique, "by solvable share"),
        (Share::Weighted, &by_weighted, "by draw-weighted share"),
    ] {
        let _ = writeln!(md, "Best and worst sets {what}:\n");
        ends(md, v, LISTED, Some(std_all), s);
    }
    let _ = writeln!(md, "## By the number of large tiles\n");
    let zero = sets[0].by_tiles[0];
    let _ = writeln!(
        md,
        "With no large tile every set plays the same game: {} solvable, {} weighted.\n",
        pct(share(&zero, Share::Unique)),
        pct(share(&zero, Share::Weighted))
    );
    for j in 1..=LARGE_IN_SET {
        let v = ranked(sets, Some(j), Share::Weighted);
        let _ = writeln!(
            md,
            "{j} large tile{} (by draw-weighted share):\n",
            if j == 1 { "" } else { "s" }
        );
        ends(
            md,
            &v,
            LISTED_BY_TILES,
            Some((&r.standard, r.standard.by_tiles[j])),
            Share::Weighted,
        );
    }
    standing(md, r);
    charts(&mut out, r);
    checked(&mut out.markdown, r);
    out.markdown = out.markdown.trim_end().to_string() + "\n";
    out
}

/// The answer in two sentences: the easiest and the hardest set, and the
/// standard set's rank.
fn answer(
    md: &mut String,
    r: &LargeReport,
    by_unique: &[(&SetStat, Counts)],
    by_weighted: &[(&SetStat, Counts)],
) {
    let (best, worst) = (by_unique[0], by_unique[by_unique.len() - 1]);
    let (rank, held) = standard_rank(r.sets, &r.standard, None, Share::Unique);
    let (rank_w, _) = standard_rank(r.sets, &r.standard, None, Share::Weighted);
    let where_ = if held {
        let n = thousands(r.sets.len() as u64);
        format!(
            "ranks {} of {n} by that share ({} of {n} draw-weighted)",
            thousands(rank as u64),
            thousands(rank_w as u64)
        )
    } else {
        let n = thousands(r.sets.len() as u64 + 1);
        format!(
            "is not in this census; counted beside its sets, it would rank {} of {n} by that \
             share ({} of {n} draw-weighted)",
            thousands(rank as u64),
            thousands(rank_w as u64)
        )
    };
    let _ = writeln!(
        md,
        "**The answer.** The easiest set is **{}**: {} of its games can be solved exactly \
         ({} draw-weighted). The hardest is **{}**: {} ({}). The show's {STANDARD} solves {} \
         and {where_}; draw-weighted, the easiest set is {} ({}) and the hardest {} ({}).\n",
        best.0.large(),
        pct(share(&best.1, Share::Unique)),
        pct(share(&best.1, Share::Weighted)),
        worst.0.large(),
        pct(share(&worst.1, Share::Unique)),
        pct(share(&worst.1, Share::Weighted)),
        pct(share(&r.standard.all(), Share::Unique)),
        by_weighted[0].0.large(),
        pct(share(&by_weighted[0].1, Share::Weighted)),
        by_weighted[by_weighted.len() - 1].0.large(),
        pct(share(
            &by_weighted[by_weighted.len() - 1].1,
            Share::Weighted
        )),
    );
}

/// Where the standard set stands, overall and by large tiles.
fn standing(md: &mut String, r: &LargeReport) {
    let (_, held) = standard_rank(r.sets, &r.standard, None, Share::Unique);
    let _ = writeln!(md, "## Where {STANDARD} stands\n");
    if !held {
        let _ = writeln!(
            md,
            "The census does not hold the show's set; it was counted beside it, and its \
             ranks are those it would take among the census's {} sets and itself.\n",
            thousands(r.sets.len() as u64)
        );
    }
    let header = [
        Column::left("selections"),
        Column::right("solvable"),
        Column::right("rank"),
        Column::right("weighted"),
        Column::right("rank (weighted)"),
    ];
    let n = thousands(r.sets.len() as u64 + u64::from(!held));
    let mut rows = Vec::new();
    for tiles in [None, Some(1), Some(2), Some(3), Some(4)] {
        let c = pick(&r.standard, tiles);
        let rank = |s| {
            let (k, _) = standard_rank(r.sets, &r.standard, tiles, s);
            format!("{} of {n}", thousands(k as u64))
        };
        rows.push(vec![
            tiles.map_or("all".to_string(), |j| format!("{j} large")),
            pct(share(&c, Share::Unique)),
            rank(Share::Unique),
            pct(share(&c, Share::Weighted)),
            rank(Share::Weighted),
        ]);
    }
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
}

/// The figures published analyses can be checked against: each checked
/// set over each published range of targets.
fn checked(md: &mut String, r: &LargeReport) {
    if r.checks.is_empty() {
        return;
    }
    let _ = writeln!(md, "## Checked against\n");
    // The games of target 100 the show's set solves: its two rows' difference.
    let solved = |t: TargetRange| {
        r.checks
            .iter()
            .find(|c| c.targets == t && c.set.large() == STANDARD)
            .map(|c| c.set.all().solvable)
    };
    let hundred = match (solved(CHECKED_TARGETS[0]), solved(CHECKED_TARGETS[1])) {
        (Some(a), Some(b)) => format!(
            " ({} of the show's set's {} selections)",
            thousands(a - b),
            thousands(crate::tables::registry::large_sets::SELECTIONS_PER_SET)
        ),
        _ => String::new(),
    };
    let _ = write!(
        md,
        "Published analyses of the numbers round count the games of a set over the \
         targets 100 to 999 (900 targets) or over the show's 101 to 999 (899): the same \
         selections, but not the same games, so their shares differ by the target 100, \
         which nearly every selection makes{}. The counts of the two sets with published \
         figures, over both ranges:\n\n",
        hundred
    );
    let header = [
        Column::left("set"),
        Column::left("targets"),
        Column::right("games"),
        Column::right("solvable"),
        Column::right("share"),
        Column::right("weighted"),
        Column::right("within 10"),
    ];
    let rows: Vec<Vec<String>> = r
        .checks
        .iter()
        .map(|c| {
            let a = &c.set.all();
            vec![
                c.set.large().clone(),
                format!("{}..{}", c.targets.lo, c.targets.hi),
                thousands(a.games),
                thousands(a.solvable),
                pct(share(a, Share::Unique)),
                pct(share(a, Share::Weighted)),
                pct(a.near[1] as f64 / a.games.max(1) as f64),
            ]
        })
        .collect();
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
    md.push_str(
        "The row of 25 50 75 100 over 100..999 is also the Countdown census of this \
         tool (`census24 sweep --game countdown`, made by another engine: each \
         selection solved afresh): 10,871,986 of its 11,918,700 games, the same \
         count. The rows of 30 random sets agree with that engine too \
         (tests/integration/large_sets_cli.rs).\n",
    );
}

/// The worst, best and summed shares of some sets, and how many.
type Spread = (f64, f64, f64, usize);

/// The heat map of the share by smallest and largest number, the
/// distribution of shares with the standard set marked, and the share
/// against the sets' smallest and largest numbers.
fn charts(out: &mut Rendered, r: &LargeReport) {
    let shares: Vec<(&[i64], f64)> = r
        .sets
        .iter()
        .map(|s| (s.numbers.as_slice(), 100.0 * share(&s.all(), Share::Unique)))
        .collect();
    let standard = 100.0 * share(&r.standard.all(), Share::Unique);
    out.markdown.push_str(
        "## Charts\n\n\
         Each cell is the mean solvable share (every selection) of the sets with that \
         smallest and that largest number; the colours span the cells' values.\n\n\
         ![heat map by smallest and largest number](heat-map.svg)\n\n\
         ![the distribution of solvable shares](shares.svg)\n\n",
    );
    for (name, _) in CENSUS_CHARTS.iter().skip(2) {
        let title = if *name == "by-smallest.svg" {
            "smallest"
        } else {
            "largest"
        };
        let _ = writeln!(out.markdown, "![by {title} number]({name})\n");
    }
    out.charts.extend(census_charts(&shares, standard));
}

/// The census's charts by file name, and the one set of numbers each is
/// drawn against ("" for the heat map and the distribution).
pub const CENSUS_CHARTS: [(&str, &str); 4] = [
    ("heat-map.svg", ""),
    ("shares.svg", ""),
    ("by-smallest.svg", "smallest"),
    ("by-largest.svg", "largest"),
];

/// The census's charts ([`CENSUS_CHARTS`]) from each set's numbers
/// (ascending) and solvable share in percent (every selection), and the
/// standard set's share: what they read, so that a census shipped as its
/// summary (`data/large-sets/`) redraws them as its whole table would.
pub fn census_charts(sets: &[(&[i64], f64)], standard: f64) -> Vec<(String, Vec<u8>)> {
    let ends = |n: &[i64]| (n[0], *n.last().unwrap_or(&0));
    // The heat map: the mean share of the sets with each smallest and
    // largest number.
    let mut cells: std::collections::BTreeMap<(i64, i64), (f64, usize)> = Default::default();
    for &(n, v) in sets {
        let e = cells.entry(ends(n)).or_insert((0.0, 0));
        e.0 += v;
        e.1 += 1;
    }
    let heat = HeatMap {
        title: "Mean solvable share by the set's smallest and largest number".into(),
        x_label: "smallest large number".into(),
        y_label: "largest large number".into(),
        cells: cells
            .iter()
            .map(|(&(x, y), &(sum, n))| (x, y, sum / n as f64))
            .collect(),
        unit: "%".into(),
        mark: cells
            .contains_key(&(25, 100))
            .then(|| (25, 100, format!("{STANDARD}'s cell"))),
    };
    let mut charts = vec![(CENSUS_CHARTS[0].0.to_string(), heat.to_svg().into_bytes())];
    // The distribution, its range widened to hold the standard set.
    let lo = sets.iter().map(|s| s.1).fold(standard, f64::min);
    let hi = sets.iter().map(|s| s.1).fold(standard, f64::max);
    let step = nice_step((hi - lo) / 30.0);
    let from = (lo / step).floor() * step;
    let bins = (((hi - from) / step).floor() as usize + 1).max(1);
    let mut counts = vec![0.0; bins];
    for &(_, v) in sets {
        counts[(((v - from) / step) as usize).min(bins - 1)] += 1.0;
    }
    let hist = Histogram {
        title: "Sets of large numbers by solvable share (every selection)".into(),
        x_label: "solvable share (%)".into(),
        y_label: "sets".into(),
        from,
        step,
        counts,
        mark: Some((standard, format!("{STANDARD}: {standard:.2}%"))),
    };
    charts.push((CENSUS_CHARTS[1].0.to_string(), hist.to_svg().into_bytes()));
    for (name, title) in CENSUS_CHARTS.iter().skip(2) {
        let mut by: std::collections::BTreeMap<i64, Spread> = Default::default();
        for &(n, v) in sets {
            let x = if *title == "smallest" {
                ends(n).0
            } else {
                ends(n).1
            };
            let e = by
                .entry(x)
                .or_insert((f64::INFINITY, f64::NEG_INFINITY, 0.0, 0));
            e.0 = e.0.min(v);
            e.1 = e.1.max(v);
            e.2 += v;
            e.3 += 1;
        }
        let xs: Vec<f64> = by.keys().map(|&x| x as f64).collect();
        let col = |f: &dyn Fn(&Spread) -> f64| -> Vec<f64> { by.values().map(f).collect() };
        let chart = LineChart {
            title: format!("Solvable share against the set's {title} number"),
            x_label: format!("{title} large number"),
            y_label: "solvable share (%)".into(),
            xs,
            series: vec![
                Series::new("best", col(&|e| e.1)),
                Series::new("mean", col(&|e| e.2 / e.3 as f64)),
                Series::new("worst", col(&|e| e.0)),
            ],
            y_bounds: (0.0, 100.0),
            mark: None,
        };
        charts.push((name.to_string(), chart.to_svg().into_bytes()));
    }
    charts
}

/// A round bin width at least `raw` (a percentage point, 0.01 at least):
/// 1, 2 or 5 times a power of ten.
fn nice_step(raw: f64) -> f64 {
    let raw = raw.max(0.01);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&c| c >= raw - 1e-12)
        .unwrap_or(10.0 * p)
}
