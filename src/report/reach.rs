//! The per-target report of a reach table (`sweep --targets LO..HI`): for
//! every target of the range, how many hands make it, how many deals, how
//! many hands have exactly one dissimilar solution and how hard the model
//! predicts them; charts against the target, and the best targets, with
//! where 24 stands among them.
//!
//! [`reach_data`] reads the table (polars), [`render_reach`] is pure
//! (rows in, markdown, charts and a CSV out), [`write_reach_report`] writes
//! the files (temporary name, then rename).

use std::fmt::Write;
use std::path::{Path, PathBuf};

use super::query::ReportError;
use super::ratio;
use super::render::Rendered;
use super::svg::{BarChart, LineChart, Series};
use crate::difficulty::Tier;
use crate::game::deck::Deck;
use crate::tables::columns;
use crate::tables::disk;
use crate::tables::layout::{Part, ReachKey};

/// Chart and file names of a reach report.
pub const SOLVABLE_CHART: &str = "solvable-by-target.svg";
pub const UNIQUE_CHART: &str = "one-solution-by-target.svg";
pub const DIFFICULTY_CHART: &str = "difficulty-by-target.svg";
pub const TARGETS_CSV: &str = "targets.csv";
pub const LARGE_CHART: &str = "solved-by-large-tiles.svg";

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
    /// Hands whose closest value is within 5 (and 10) of the target, the
    /// target itself included; `None` without closest values.
    pub within5: Option<u64>,
    pub within10: Option<u64>,
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

/// One hand (a selection of tiles) of a reach table with closest values.
#[derive(Clone, Debug, PartialEq)]
pub struct HandStat {
    pub hand: String,
    /// Targets it makes exactly, and within 5 and 10 of.
    pub solvable: u64,
    pub within5: u64,
    pub within10: u64,
    pub deal_ways: u64,
    /// Its large tiles (see [`large_values`]).
    pub large: usize,
}

/// What a reach table's report reads from it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ReachData {
    pub targets: Vec<TargetRow>,
    /// Per hand, when the table has closest values (natural rules).
    pub hands: Vec<HandStat>,
    /// The deck's large values (empty when it has none).
    pub large: Vec<i64>,
}

/// The "large" values of a deck: values it holds once that are above every
/// value it holds more than once (25, 50, 75 and 100 in Countdown). Other
/// decks have none.
pub fn large_values(deck: Deck) -> Vec<i64> {
    let Deck::Multiset(m) = deck else {
        return Vec::new();
    };
    let top_multi = m.pairs().filter(|&(_, c)| c > 1).map(|(v, _)| v).max();
    match top_multi {
        None => Vec::new(),
        Some(top) => m
            .pairs()
            .filter(|&(v, c)| c == 1 && v > top)
            .map(|(v, _)| v)
            .collect(),
    }
}

/// Every target's row (and, with closest values, every hand's), from the
/// table in `dir`. Rows are read column by column without copying them
/// out: the Countdown census has twelve million.
pub fn reach_data(key: &ReachKey, dir: &Path) -> Result<ReachData, ReportError> {
    let manifest = crate::tables::store::verify(dir, Part::Whole)?;
    let path = dir.join(Part::Whole.reach());
    let entry = manifest
        .files
        .iter()
        .find(|f| f.name == Part::Whole.reach())
        .ok_or_else(|| crate::tables::store::SweepError::Unverified {
            path: dir.join(Part::Whole.manifest()),
            what: format!("does not list {}", Part::Whole.reach()),
        })?;
    let df = crate::tables::store::read_checked(dir, entry)?;
    let err = |source| ReportError::Table {
        path: path.clone(),
        source,
    };
    let column = |name: &str| df.column(name).map_err(err);
    let targets = column(columns::TARGET)?.i32().map_err(err)?;
    let solvable = column(columns::SOLVABLE)?.bool().map_err(err)?;
    let dissimilar = column(columns::DISSIMILAR)?.u32().map_err(err)?;
    let ways = column(columns::DEAL_WAYS)?.u64().map_err(err)?;
    let difficulty = column(columns::DIFFICULTY)?.f64().map_err(err)?;
    let tier = column(columns::TIER)?
        .cast(&polars::prelude::DataType::String)
        .map_err(err)?;
    let tier = tier.str().map_err(err)?;
    let hand = column(columns::HAND)?.str().map_err(err)?;
    let distance = match df.column(columns::DISTANCE) {
        Ok(c) => Some(c.u32().map_err(err)?),
        Err(_) => None,
    };
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
            within5: None,
            within10: None,
        })
        .collect();
    let large = large_values(key.deck);
    let mut hands: Vec<HandStat> = Vec::new();
    let mut deals = vec![(0u128, 0u128); width];
    let mut sums = vec![(0.0f64, 0u64); width];
    let mut last_hand: Option<&str> = None;
    for i in 0..df.height() {
        let Some(t) = targets.get(i) else { continue };
        let at = (t as i64 - lo) as usize;
        let (r, w) = (&mut rows[at], ways.get(i).unwrap_or(0));
        r.hands += 1;
        deals[at].0 += w as u128;
        if let Some(d) = dissimilar.get(i) {
            *r.one_solution.get_or_insert(0) += u64::from(d == 1);
        }
        let ok = solvable.get(i) == Some(true);
        if ok {
            r.solvable += 1;
            deals[at].1 += w as u128;
            if let Some(d) = difficulty.get(i) {
                sums[at].0 += d;
                sums[at].1 += 1;
            }
            if let Some(t) = tier.get(i).and_then(|s| s.parse::<Tier>().ok()) {
                r.tiers[t as usize] += 1;
            }
        }
        if let Some(dist) = distance.and_then(|d| d.get(i)) {
            *r.within5.get_or_insert(0) += u64::from(dist <= 5);
            *r.within10.get_or_insert(0) += u64::from(dist <= 10);
            let h = hand.get(i);
            if h != last_hand {
                let name = h.unwrap_or_default().to_string();
                let count = name
                    .split(' ')
                    .filter(|c| c.parse::<i64>().is_ok_and(|v| large.contains(&v)))
                    .count();
                hands.push(HandStat {
                    hand: name,
                    solvable: 0,
                    within5: 0,
                    within10: 0,
                    deal_ways: w,
                    large: count,
                });
                last_hand = h;
            }
            let s = hands.last_mut().expect("pushed at the hand's first row");
            s.solvable += u64::from(ok);
            s.within5 += u64::from(dist <= 5);
            s.within10 += u64::from(dist <= 10);
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
    Ok(ReachData {
        targets: rows,
        hands,
        large,
    })
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
pub fn render_reach(key: &ReachKey, data: &ReachData) -> Rendered {
    let rows = &data.targets[..];
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
         Made by `{}`.\n",
        key.family_title(),
        hands,
        key.targets.width(),
        made_by(key, counted)
    );
    let by_solvable = best_by(rows, |r| Some(r.solvable as f64));
    let by_unique = best_by(rows, |r| r.one_solution.map(|n| n as f64));
    let by_spread = best_by(rows, spread_score);
    let row_of = |t: i64| rows.iter().find(|r| r.target == t);

    m.push_str("## Headline\n\n");
    if let Some(&(t, best)) = by_solvable.first() {
        let r = row_of(t).expect("a target of the rows");
        let tied: Vec<String> = by_solvable
            .iter()
            .skip(1)
            .take_while(|(_, s)| *s == best)
            .map(|(t, _)| t.to_string())
            .collect();
        let tie = if tied.is_empty() {
            String::new()
        } else {
            format!(", tied with {}", tied.join(", "))
        };
        let _ = writeln!(
            m,
            "- Most solvable target: **{t}**, made by {} of {} hands ({:.2}%; {:.2}% of deals){tie}.",
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
    type Show = fn(f64) -> String;
    type Column<'a> = (&'a str, &'a [(i64, f64)], Show);
    let mut columns: Vec<Column> =
        vec![("most solvable hands", &by_solvable, |s| format!("{s:.0}"))];
    if counted {
        columns.push(("most hands with one solution", &by_unique, |s| {
            format!("{s:.0}")
        }));
    }
    if predicted {
        columns.push(("best spread of difficulty", &by_spread, |s| {
            format!("{s:.3}")
        }));
    }
    let _ = writeln!(
        m,
        "| place | {} |\n|---|{}",
        columns.iter().map(|c| c.0).collect::<Vec<_>>().join(" | "),
        "---|".repeat(columns.len())
    );
    for i in 0..BEST {
        let cells: Vec<String> = columns
            .iter()
            .map(|(_, order, show)| {
                order
                    .get(i)
                    .map_or(String::new(), |(t, s)| format!("{t} ({})", show(*s)))
            })
            .collect();
        let _ = writeln!(m, "| {} | {} |", i + 1, cells.join(" | "));
    }
    if predicted {
        m.push_str(
            "\nSpread of difficulty: how evenly a target's solvable hands fall into the four tiers \
             (easy, medium, hard, expert by predicted time): the entropy of the tier shares over \
             ln 4, 1 when each tier holds a quarter. Ranked among targets that at least half the \
             hands make.",
        );
    }
    if counted {
        m.push_str(" One solution: exactly one dissimilar solution (docs/DISTINCT.md).");
    }
    m.push_str(if predicted || counted { "\n\n" } else { "\n" });
    let closest_charts = if data.hands.is_empty() {
        Vec::new()
    } else {
        closest_sections(&mut m, key, data)
    };

    let xs: Vec<f64> = rows.iter().map(|r| r.target as f64).collect();
    let mark = key.targets.contains(24).then(|| (24.0, "24".to_string()));
    let mut charts = closest_charts;
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
    // Columns the table has: counts and difficulty, or closest values.
    let closest = rows.iter().any(|r| r.within5.is_some());
    let mut head = vec![columns::TARGET, "solvable hands", "share", "deals solvable"];
    if counted {
        head.push("one solution");
    }
    if predicted {
        head.extend(["mean difficulty", "easy", "medium", "hard", "expert"]);
    }
    if closest {
        head.extend(["within 5", "within 10"]);
    }
    let _ = writeln!(
        m,
        "| {} |\n|{}",
        head.join(" | "),
        "---|".repeat(head.len())
    );
    let mut csv = String::from(
        "target,hands,solvable,share,deal_share,one_solution,mean_difficulty,easy,medium,hard,expert,within5,within10\n",
    );
    let opt = |v: Option<u64>| v.map_or(String::new(), |n| n.to_string());
    for r in rows {
        // Tier counts only where the table has predictions.
        let tier = |i: usize| {
            if predicted {
                r.tiers[i].to_string()
            } else {
                String::new()
            }
        };
        let mut cells = vec![
            r.target.to_string(),
            r.solvable.to_string(),
            format!("{:.2}%", 100.0 * r.share()),
            format!("{:.2}%", 100.0 * r.deal_share),
        ];
        if counted {
            cells.push(opt(r.one_solution));
        }
        if predicted {
            cells.push(fmt_opt(r.mean_difficulty, 1));
            cells.extend(r.tiers.iter().map(u64::to_string));
        }
        if closest {
            cells.push(pct(r.within5.unwrap_or(0), r.hands));
            cells.push(pct(r.within10.unwrap_or(0), r.hands));
        }
        let _ = writeln!(m, "| {} |", cells.join(" | "));
        let _ = writeln!(
            csv,
            "{},{},{},{:.6},{:.6},{},{},{},{},{},{},{},{}",
            r.target,
            r.hands,
            r.solvable,
            r.share(),
            r.deal_share,
            opt(r.one_solution),
            r.mean_difficulty
                .map_or(String::new(), |d| format!("{d:.2}")),
            tier(0),
            tier(1),
            tier(2),
            tier(3),
            opt(r.within5),
            opt(r.within10)
        );
    }
    m.push_str("\n</details>\n");
    charts.push((TARGETS_CSV.to_string(), csv.into_bytes()));
    Rendered {
        markdown: m,
        charts,
    }
}

fn pct(part: u64, whole: u64) -> String {
    format!("{:.2}%", 100.0 * ratio(part, whole))
}

/// The sections of a table with closest values (natural rules): games
/// within 5 and 10, by number of large tiles, the hardest targets, the
/// worst and best selections.
fn closest_sections(m: &mut String, key: &ReachKey, data: &ReachData) -> Vec<(String, Vec<u8>)> {
    let mut charts = Vec::new();
    let rows = &data.targets;
    let hands = &data.hands;
    let width = rows.len() as u64;
    let games = hands.len() as u64 * width;
    let sum = |f: fn(&HandStat) -> u64| hands.iter().map(f).sum::<u64>();
    let (exact, w5, w10) = (sum(|h| h.solvable), sum(|h| h.within5), sum(|h| h.within10));
    m.push_str("## Games: exact, within 5, within 10\n\n");
    let _ = writeln!(
        m,
        "A game is one selection of {} cards and one target; each of the {} selections meets each of \
         the {} targets once ({} games), as the published analyses count them. A game is solved when \
         some selection of the cards{} makes the target exactly; otherwise the closest reachable \
         value counts, as in the show's scoring (within 5 or within 10 of the target).\n",
        key.k,
        hands.len(),
        width,
        games,
        if key.uses == crate::game::rules::Use::Any {
            " (any, each at most once)"
        } else {
            ""
        }
    );
    let _ = writeln!(
        m,
        "| games | solved exactly | within 5 | within 10 |\n|---|---|---|---|\n| {games} | {} | {} | {} |\n",
        pct(exact, games),
        pct(w5, games),
        pct(w10, games)
    );
    if !data.large.is_empty() {
        let large = data
            .large
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            m,
            "### By number of large tiles\n\nLarge tiles: {large}. \"Weighted\" is the share of games \
             solved when the contestant asks for that many large tiles and the tiles are drawn at \
             random: each selection weighs its number of draws (`deal_ways`) among the draws with \
             that many large tiles.\n"
        );
        m.push_str("| large tiles | selections | games | solved exactly | weighted by draw odds | within 5 | within 10 |\n|---|---|---|---|---|---|---|\n");
        let most = hands.iter().map(|h| h.large).max().unwrap_or(0);
        let mut shares = Vec::new();
        for n in 0..=most {
            let group: Vec<&HandStat> = hands.iter().filter(|h| h.large == n).collect();
            if group.is_empty() {
                continue;
            }
            let g = group.len() as u64 * width;
            let s: u64 = group.iter().map(|h| h.solvable).sum();
            let (num, den) = group.iter().fold((0u128, 0u128), |(a, b), h| {
                (
                    a + h.deal_ways as u128 * h.solvable as u128,
                    b + h.deal_ways as u128 * width as u128,
                )
            });
            let weighted = if den == 0 {
                0.0
            } else {
                num as f64 / den as f64
            };
            let _ = writeln!(
                m,
                "| {n} | {} | {g} | {} | {:.2}% | {} | {} |",
                group.len(),
                pct(s, g),
                100.0 * weighted,
                pct(group.iter().map(|h| h.within5).sum(), g),
                pct(group.iter().map(|h| h.within10).sum(), g)
            );
            shares.push((n, 100.0 * ratio(s, g), 100.0 * weighted));
        }
        let chart = BarChart {
            title: "Games solved exactly, by number of large tiles".into(),
            x_label: "large tiles in the selection".into(),
            y_label: "games solved (%)".into(),
            categories: shares.iter().map(|s| s.0.to_string()).collect(),
            series: vec![
                Series {
                    name: "every selection alike".into(),
                    values: shares.iter().map(|s| s.1).collect(),
                },
                Series {
                    name: "weighted by draw odds".into(),
                    values: shares.iter().map(|s| s.2).collect(),
                },
            ],
            y_max: Some(100.0),
            unit: "%".into(),
            decimals: 1,
        };
        let _ = writeln!(
            m,
            "\n![Games solved by number of large tiles]({LARGE_CHART})\n"
        );
        charts.push((LARGE_CHART.to_string(), chart.to_svg().into_bytes()));
    }
    let mut hardest: Vec<&TargetRow> = rows.iter().collect();
    hardest.sort_by(|a, b| a.solvable.cmp(&b.solvable).then(a.target.cmp(&b.target)));
    m.push_str("### Hardest targets\n\n| target | selections that make it | within 5 | within 10 |\n|---|---|---|---|\n");
    for r in hardest.iter().take(BEST) {
        let _ = writeln!(
            m,
            "| {} | {} ({}) | {} | {} |",
            r.target,
            r.solvable,
            pct(r.solvable, r.hands),
            pct(r.within5.unwrap_or(0), r.hands),
            pct(r.within10.unwrap_or(0), r.hands)
        );
    }
    let mut order: Vec<&HandStat> = hands.iter().collect();
    order.sort_by(|a, b| a.solvable.cmp(&b.solvable).then(a.hand.cmp(&b.hand)));
    m.push_str("\n### Worst selections\n\n| selection | targets made | targets within 5 | targets within 10 |\n|---|---|---|---|\n");
    for h in order.iter().take(BEST) {
        let _ = writeln!(
            m,
            "| {} | {} of {width} | {} | {} |",
            h.hand, h.solvable, h.within5, h.within10
        );
    }
    let perfect = hands.iter().filter(|h| h.solvable == width).count();
    let _ = writeln!(
        m,
        "\n### Best selections\n\n{perfect} of {} selections make every target from {} to {}.\n",
        hands.len(),
        key.targets.lo,
        key.targets.hi
    );
    if perfect > 0 {
        let first: Vec<&str> = hands
            .iter()
            .filter(|h| h.solvable == width)
            .take(BEST)
            .map(|h| h.hand.as_str())
            .collect();
        let _ = writeln!(
            m,
            "The first {} of them in sorted order: {}.\n",
            first.len(),
            first.join("; ")
        );
    }
    if perfect < hands.len() {
        m.push_str(
            "The selections that make the most targets without making them all, the most first \
             (ties in reverse sorted order):\n\n| selection | targets made |\n|---|---|\n",
        );
        for h in order.iter().rev().filter(|h| h.solvable < width).take(BEST) {
            let _ = writeln!(m, "| {} | {} of {width} |", h.hand, h.solvable);
        }
    }
    m.push('\n');
    charts
}

/// The command that makes the table of `key`.
fn made_by(key: &ReachKey, counted: bool) -> String {
    let countdown = ReachKey {
        rules: crate::game::rules::Rules::Natural,
        uses: crate::game::rules::Use::Any,
        targets: crate::game::targets::TargetRange { lo: 100, hi: 999 },
        values: key.values,
        deck: Deck::Multiset(crate::game::deck::Multiset::countdown()),
        k: 6,
    };
    if *key == countdown {
        return "census24 sweep --game countdown".to_string();
    }
    let mut c = format!(
        "census24 sweep --hand-size {} --targets {} --rules {}",
        key.k, key.targets, key.rules
    );
    if key.uses == crate::game::rules::Use::Any {
        c += " --use any";
    }
    match key.deck {
        Deck::Multiset(_) => c += &format!(" --deck {}", key.deck),
        _ => c += &format!(" --values {} --deck {}", key.values, key.deck),
    }
    if !counted && key.uses == crate::game::rules::Use::All {
        c += " --no-solutions";
    }
    c
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
    // A sweep's own report: it waits for another report into `out`.
    let _lock = super::files::lock_reports(out, true)?;
    write_reach_report_locked(data, out, key)
}

/// [`write_reach_report`] for a caller that holds the reports lock.
pub(crate) fn write_reach_report_locked(
    data: &Path,
    out: &Path,
    key: &ReachKey,
) -> Result<PathBuf, ReportError> {
    let dir = data.join(key.partition());
    let data = reach_data(key, &dir)?;
    super::files::write_rendered(&out.join(key.partition()), &render_reach(key, &data))
}

/// Every reach table under `data` (a reach partition folder with a
/// manifest, a table or shard parts), sorted by partition.
pub fn discover_reach(data: &Path) -> Result<Vec<ReachKey>, ReportError> {
    let dirs = disk::folders(data).map_err(|(path, source)| ReportError::Io { path, source })?;
    let mut found = Vec::new();
    for d in &dirs {
        if let Some(key) = ReachKey::from_partition(d.strip_prefix(data).unwrap_or(d))
            && super::files::holds_table(d)?
        {
            found.push(key);
        }
    }
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
            within5: None,
            within10: None,
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
            uses: crate::game::rules::Use::All,
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
        let data = ReachData {
            targets: rows,
            ..ReachData::default()
        };
        let r = render_reach(&key, &data);
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
        assert!(
            String::from_utf8_lossy(csv).contains("24,10,9,0.900000,0.900000,1,30.00,3,2,2,2,,")
        );
    }

    /// The Countdown sections from hand-made hand statistics: shares,
    /// large tiles, draw weights, worst and best selections.
    #[test]
    fn closest_sections_count_games_and_weigh_draws() {
        let key = ReachKey {
            rules: crate::game::rules::Rules::Natural,
            uses: crate::game::rules::Use::Any,
            targets: crate::game::targets::TargetRange::new(100, 101).unwrap(),
            values: crate::game::deck::ValueRange::new(1, 100).unwrap(),
            deck: "countdown".parse().unwrap(),
            k: 6,
        };
        let t = |target, solvable, w5| TargetRow {
            target,
            hands: 2,
            solvable,
            deal_share: 0.0,
            one_solution: None,
            mean_difficulty: None,
            tiers: [0; 4],
            within5: Some(w5),
            within10: Some(2),
        };
        let h = |hand: &str, solvable, ways, large| HandStat {
            hand: hand.into(),
            solvable,
            within5: solvable,
            within10: 2,
            deal_ways: ways,
            large,
        };
        let data = ReachData {
            targets: vec![t(100, 2, 2), t(101, 0, 0)],
            hands: vec![h("1 1 2 2 3 3", 0, 1, 0), h("3 6 25 50 75 100", 2, 2, 4)],
            large: large_values(key.deck),
        };
        assert_eq!(data.large, [25, 50, 75, 100]);
        let r = render_reach(&key, &data);
        let md = &r.markdown;
        assert!(md.contains("| 4 | 50.00% | 50.00% | 100.00% |"), "{md}");
        assert!(md.contains("| 0 | 1 | 2 | 0.00% | 0.00% |"), "{md}");
        assert!(md.contains("| 4 | 1 | 2 | 100.00% | 100.00% |"), "{md}");
        assert!(md.contains("| 1 1 2 2 3 3 | 0 of 2 | 0 | 2 |"), "{md}");
        assert!(md.contains("1 of 2 selections make every target"), "{md}");
        assert!(r.charts.iter().any(|(n, _)| n == LARGE_CHART));
        assert!(large_values(crate::game::deck::Deck::Copies(4)).is_empty());
    }
}
