//! The report of a large-sets census: the best and worst sets of large
//! numbers, overall and by the number of large tiles, plain and
//! draw-weighted, where the show's 25 50 75 100 stands, and three charts.
//! Pure: the sets' counts in, markdown and SVG out.

use std::cmp::Ordering;
use std::fmt::Write as _;

use crate::report::render::{Column, Rendered, markdown_table};
use crate::report::svg::{BarChart, LineChart, Series, fit_axis};
use crate::tables::large_sets::{Counts, LARGE_IN_SET, LargeKey, LargeSets, SetStat};

/// Sets listed at each end of the overall ranking, and of each number of
/// large tiles.
const LISTED: usize = 10;
const LISTED_BY_TILES: usize = 5;
/// The show's large numbers.
pub const STANDARD: &str = "25 50 75 100";

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
    tiles.map_or(s.all, |j| s.by_tiles[j])
}

/// Sets ranked by a share (best first).
fn ranked(sets: &[SetStat], tiles: Option<usize>, s: Share) -> Vec<(&SetStat, Counts)> {
    let mut v: Vec<(&SetStat, Counts)> = sets.iter().map(|x| (x, pick(x, tiles))).collect();
    v.sort_by(|a, b| by_share(a, b, s));
    v
}

/// The rank (1 = best) of the set named `name`, ties sharing the better rank.
fn rank_of(v: &[(&SetStat, Counts)], name: &str, s: Share) -> Option<usize> {
    let me = v.iter().find(|x| x.0.large == name)?;
    Some(
        1 + v
            .iter()
            .filter(|x| by_share(x, me, s) == Ordering::Less)
            .count(),
    )
}

fn rows_of(v: &[(&SetStat, Counts)], ranks: impl Iterator<Item = usize>) -> Vec<Vec<String>> {
    v.iter()
        .zip(ranks)
        .map(|((set, c), r)| {
            vec![
                r.to_string(),
                set.large.clone(),
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

/// The best and the worst `n` of a ranking as one table (all of it when short).
fn ends(md: &mut String, v: &[(&SetStat, Counts)], n: usize) {
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
    let rows = if v.len() <= 2 * n {
        rows_of(v, 1..)
    } else {
        let mut rows = rows_of(&v[..n], 1..);
        rows.push(vec!["…".to_string(); HEADER.len()]);
        rows.extend(rows_of(&v[v.len() - n..], v.len() - n + 1..));
        rows
    };
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
}

/// The report of the census `key` from its sets' counts.
pub fn render_large(key: &LargeKey, sets: &[SetStat]) -> Rendered {
    let mut r = Rendered {
        markdown: String::new(),
        charts: Vec::new(),
    };
    let md = &mut r.markdown;
    let t = key.targets;
    let _ = writeln!(md, "# Countdown with other large numbers\n");
    let made = match &key.sets {
        LargeSets::Range(v) => format!("--large-sets {}..{}", v.lo, v.hi),
        LargeSets::Chosen(s) => s
            .iter()
            .map(|s| format!("--large \"{}\"", s.map(|v| v.to_string()).join(" ")))
            .collect::<Vec<_>>()
            .join(" "),
    };
    let _ = writeln!(
        md,
        "{} ({} sets): the numbers round with four other large numbers, the small \
         tiles 1 to 10 twice each, six tiles a game, targets {} to {}, positive whole \
         intermediate results, any of the six tiles used. Made by `census24 sweep \
         --game countdown {made}`; the table is `large_sets.parquet` beside this \
         report's table folder.\n",
        key.sets,
        sets.len(),
        t.lo,
        t.hi
    );
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
         show), exact included.\n\n",
    );
    if sets.is_empty() {
        md.push_str("The table holds no sets.\n");
        return r;
    }
    let _ = writeln!(md, "## Every selection\n");
    for (s, what) in [
        (Share::Unique, "by solvable share"),
        (Share::Weighted, "by draw-weighted share"),
    ] {
        let v = ranked(sets, None, s);
        let _ = writeln!(md, "Best and worst sets {what}:\n");
        ends(md, &v, LISTED);
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
        ends(md, &v, LISTED_BY_TILES);
    }
    if sets.iter().any(|s| s.large == STANDARD) {
        let _ = writeln!(md, "## Where {STANDARD} stands\n");
        let header = [
            Column::left("selections"),
            Column::right("solvable"),
            Column::right("rank"),
            Column::right("weighted"),
            Column::right("rank (weighted)"),
        ];
        let mut rows = Vec::new();
        for tiles in [None, Some(1), Some(2), Some(3), Some(4)] {
            let me = sets.iter().find(|s| s.large == STANDARD).expect("checked");
            let c = pick(me, tiles);
            let rank = |s| {
                let v = ranked(sets, tiles, s);
                format!(
                    "{} of {}",
                    rank_of(&v, STANDARD, s).expect("present"),
                    v.len()
                )
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
    charts(&mut r, sets);
    r.markdown = r.markdown.trim_end().to_string() + "\n";
    r
}

/// The worst, best and summed shares of some sets, and how many.
type Spread = (f64, f64, f64, usize);

/// The distribution of solvable shares, and the share against the sets'
/// smallest and largest numbers.
fn charts(r: &mut Rendered, sets: &[SetStat]) {
    let shares: Vec<f64> = sets.iter().map(|s| share(&s.all, Share::Unique)).collect();
    let lo = shares.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi = shares.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    // Bins a tenth of a percentage point wide at least, twenty at most.
    let step = (((hi - lo) * 1000.0 / 20.0).ceil().max(1.0)) / 1000.0;
    let first = (lo / step).floor() * step;
    let bins = (((hi - first) / step).floor() as usize + 1).min(40);
    let mut counts = vec![0.0; bins];
    for s in &shares {
        counts[(((s - first) / step) as usize).min(bins - 1)] += 1.0;
    }
    let cats = (0..bins)
        .map(|i| format!("{:.1}", 100.0 * (first + step * i as f64)))
        .collect();
    let hist = BarChart::new(
        "Sets of large numbers by solvable share (every selection)",
        "solvable share from (%)",
        "sets",
        cats,
        vec![Series::new("sets", counts)],
    );
    r.markdown
        .push_str("## Charts\n\n![solvable shares](shares.svg)\n\n");
    r.charts
        .push(("shares.svg".into(), hist.to_svg().into_bytes()));
    for (name, which, title) in [
        ("by-smallest.svg", 0usize, "smallest"),
        ("by-largest.svg", 1, "largest"),
    ] {
        let mut by: std::collections::BTreeMap<i64, Spread> = Default::default();
        for (s, &v) in sets.iter().zip(&shares) {
            let x = if which == 0 {
                s.numbers[0]
            } else {
                *s.numbers.last().unwrap_or(&0)
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
        let col = |f: &dyn Fn(&Spread) -> f64| -> Vec<f64> {
            by.values().map(|e| 100.0 * f(e)).collect()
        };
        let series = vec![
            Series::new("best", col(&|e| e.1)),
            Series::new("mean", col(&|e| e.2 / e.3 as f64)),
            Series::new("worst", col(&|e| e.0)),
        ];
        let values = || series.iter().flat_map(|s| s.values.iter().copied());
        let (y_min, y_max) = fit_axis(
            values().fold(f64::INFINITY, f64::min),
            values().fold(f64::NEG_INFINITY, f64::max),
            (0.0, 100.0),
        );
        let chart = LineChart {
            title: format!("Solvable share against the set's {title} number"),
            x_label: format!("{title} large number"),
            y_label: "solvable share (%)".into(),
            xs,
            series,
            y_min,
            y_max,
            mark: None,
        };
        let _ = writeln!(r.markdown, "![by {title} number]({name})\n");
        r.charts.push((name.into(), chart.to_svg().into_bytes()));
    }
}
