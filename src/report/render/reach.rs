//! The report of a reach table (`sweep --targets LO..HI`), from its
//! [`ReachData`] alone: for every target of the range, how many hands make
//! it, how many deals, how many hands have exactly one dissimilar solution
//! and how hard the model predicts them; charts against the target, and the
//! best targets, with where 24 stands among them. A game that scores near
//! misses within 5 and 10 (Countdown) adds its games within 5 and 10, the
//! hardest targets and the worst and best selections (a game scored by
//! other bands, Digits', gets none of them yet); one whose player asks for
//! large tiles ([`crate::game::family::Draw::LargeAsked`]), its games by
//! number of large tiles. What a table shows follows its game, never its
//! rules alone.
//!
//! Pure: the same data give the same bytes.

use std::fmt::Write;

use crate::game::family::Objective;
use crate::game::presets::own_target;
use crate::report::{EXPLORER, PAGE_GAMES};
use crate::tasks::MIN_CANDIDATES;

use super::{Column, Rendered, markdown_table};
use crate::game::rules::Use;
use crate::report::svg::{BarChart, LineChart, Series};
use crate::report::{HandStat, ReachData, TargetRow, ratio};
use crate::tables::columns;
use crate::tables::layout::ReachKey;

/// Chart and file names of a reach report.
pub const SOLVABLE_CHART: &str = "solvable-by-target.svg";
pub const UNIQUE_CHART: &str = "one-solution-by-target.svg";
pub const DIFFICULTY_CHART: &str = "difficulty-by-target.svg";
pub const TARGETS_CSV: &str = "targets.csv";
pub const LARGE_CHART: &str = "solved-by-large-tiles.svg";

/// How many targets each "best" list shows.
pub const BEST: usize = 10;

/// What the sections of a reach report share: the rows, which columns the
/// table has and the targets ranked three ways.
struct View<'a> {
    key: &'a ReachKey,
    rows: &'a [TargetRow],
    /// The table counts solutions (one-solution column).
    counted: bool,
    /// The table has difficulty predictions.
    predicted: bool,
    /// The model file that priced them (`None`: the built-in model).
    model: Option<&'a crate::difficulty::pricer::ModelRecord>,
    by_solvable: Vec<(i64, f64)>,
    by_unique: Vec<(i64, f64)>,
    by_spread: Vec<(i64, f64)>,
}

impl<'a> View<'a> {
    fn new(key: &'a ReachKey, rows: &'a [TargetRow]) -> View<'a> {
        View {
            key,
            rows,
            counted: rows.iter().any(|r| r.one_solution.is_some()),
            predicted: rows.iter().any(|r| r.mean_difficulty.is_some()),
            model: None,
            by_solvable: best_by(rows, |r| Some(r.solvable as f64)),
            by_unique: best_by(rows, |r| r.one_solution.map(|n| n as f64)),
            by_spread: best_by(rows, spread_score),
        }
    }

    fn row_of(&self, target: i64) -> Option<&'a TargetRow> {
        self.rows.iter().find(|r| r.target == target)
    }
}

/// The report of one reach table.
pub fn render_reach(key: &ReachKey, data: &ReachData) -> Rendered {
    let v = View {
        model: data.model.as_ref(),
        ..View::new(key, &data.targets)
    };
    let mut m = intro(&v);
    if key.objective == Objective::Dealt {
        dealt_section(&mut m, &v);
    }
    headline(&mut m, &v);
    best_targets(&mut m, &v);
    let mut charts = if data.hands.is_empty() {
        Vec::new()
    } else {
        closest_sections(&mut m, key, data)
    };
    target_charts(&mut m, &mut charts, &v);
    let csv = every_target_csv(&mut m, &v);
    charts.push((TARGETS_CSV.to_string(), csv.into_bytes()));
    Rendered {
        markdown: m,
        charts,
    }
}

/// A game whose target is dealt from the deck after the hand (Krypto): its
/// games plain and as dealt, and what the published count measures.
fn dealt_section(m: &mut String, v: &View) {
    let games: u64 = v.rows.iter().map(|r| r.hands).sum();
    let solvable: u64 = v.rows.iter().map(|r| r.solvable).sum();
    let deals: u128 = v.rows.iter().map(|r| r.deals).sum();
    let good: u128 = v.rows.iter().map(|r| r.solvable_deals).sum();
    let share = |a: u128, b: u128| {
        if b == 0 {
            0.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    let dealable: u64 = v.rows.iter().map(|r| r.dealable).sum();
    let dealable_solvable: u64 = v.rows.iter().map(|r| r.dealable_solvable).sum();
    m.push_str("## Dealt from the deck\n\n");
    let _ = writeln!(
        m,
        "- Games the deck can deal (a hand, then an objective card from the cards left; \
         `deal_ways > 0`): {dealable}, of which {dealable_solvable} solvable ({:.2}%) and {} not.",
        share(dealable_solvable as u128, dealable as u128),
        dealable - dealable_solvable
    );
    let _ = writeln!(
        m,
        "- Every pair of a hand and an objective, dealable or not (one row each in \
         `reach.parquet`): {games}, of which {solvable} solvable ({:.2}%) and {} not; {} pairs \
         the deck cannot deal (`deal_ways = 0`: the hand holds every copy of the objective's \
         card), {} of them unsolvable. The counts of hands below count these pairs too; the \
         shares of deals do not.",
        share(solvable as u128, games as u128),
        games - solvable,
        games - dealable,
        (games - solvable) - (dealable - dealable_solvable)
    );
    let _ = writeln!(
        m,
        "- Deals (the hand's cards, then the objective card from the {} left): {deals}, of which {good} \
         solvable (**{:.4}%**): each game weighs the ways the deck deals it (`deal_ways`).",
        v.key
            .deck
            .cards(v.key.values)
            .map_or(0, |c| c - v.key.k as u64),
        share(good, deals)
    );
    m.push_str(
        "- Checked against: the published count of 61,910 unsolvable games under tournament rules \
         (whole, non-negative intermediates) counts five cards and an objective from 1..25 as \
         multisets, without the deck's copy limits; `census24 sweep --game krypto --rules natural \
         --deck none --objective set` reproduces it (a test keeps it). No deal-weighted census of \
         the real deck is published.\n\n",
    );
}

/// The title and what the table is.
fn intro(v: &View) -> String {
    let key = v.key;
    let hands = v.rows.first().map_or(0, |r| r.hands);
    format!(
        "# {}\n\n\
         {}. {} hands, each solved once for all {} targets (`reach.parquet`, one row per hand \
         and target). Made by `{}`.\n\n\
         Its solvable games in the order `census24 pick` draws them, up to {PAGE_GAMES} from \
         the first {MIN_CANDIDATES} draws, each worked out (predicted time, tier, simplest solution and its steps), with filters, \
         sorting and puzzle sets, are in [{EXPLORER}]({EXPLORER}): open it in a browser (one \
         file, nothing to install). `census24 rank` and `census24 pick` read every game.\n\n",
        key.title(),
        key.family_title(),
        hands,
        key.targets.width(),
        made_by(key, v.counted)
    )
}

/// The most solvable target, the targets no hand makes and where 24 stands.
fn headline(m: &mut String, v: &View) {
    m.push_str("## Headline\n\n");
    if let Some(&(t, best)) = v.by_solvable.first() {
        let r = v.row_of(t).expect("a target of the rows");
        let tied: Vec<String> = v
            .by_solvable
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
    let unreachable = v.rows.iter().filter(|r| r.solvable == 0).count();
    let _ = writeln!(
        m,
        "- Targets no hand makes: {unreachable} of {}{}.",
        v.rows.len(),
        v.rows
            .iter()
            .find(|r| r.solvable == 0)
            .map(|r| format!(" (the smallest is {})", r.target))
            .unwrap_or_default()
    );
    if let Some(r) = v.row_of(24) {
        m.push_str(&place_of_24(v, r));
        m.push('\n');
    }
    m.push('\n');
}

/// The headline line of target 24: its counts and its places.
fn place_of_24(v: &View, r: &TargetRow) -> String {
    let mut s = format!(
        "- **24**: made by {} hands ({:.2}%; {:.2}% of deals), place {} of {} by solvable hands",
        r.solvable,
        100.0 * r.share(),
        100.0 * r.deal_share,
        place_of(&v.by_solvable, 24).unwrap_or(0),
        v.rows.len()
    );
    if let (Some(n), Some(p)) = (r.one_solution, place_of(&v.by_unique, 24)) {
        let _ = write!(s, "; {n} hands with one solution (place {p})");
    }
    if let Some(p) = place_of(&v.by_spread, 24) {
        let _ = write!(
            s,
            "; spread of difficulty {:.3} (place {p} of {})",
            r.balance(),
            v.by_spread.len()
        );
    }
    s.push('.');
    s
}

/// The ten best targets by each ranking the table has.
fn best_targets(m: &mut String, v: &View) {
    m.push_str("## Best targets\n\n");
    type Show = fn(f64) -> String;
    type Ranking<'a> = (&'a str, &'a [(i64, f64)], Show);
    let whole: Show = |s| format!("{s:.0}");
    let mut rankings: Vec<Ranking> = vec![("most solvable hands", &v.by_solvable, whole)];
    if v.counted {
        rankings.push(("most hands with one solution", &v.by_unique, whole));
    }
    if v.predicted {
        rankings.push(("best spread of difficulty", &v.by_spread, |s| {
            format!("{s:.3}")
        }));
    }
    let mut header = vec!["place"];
    header.extend(rankings.iter().map(|c| c.0));
    let rows: Vec<Vec<String>> = (0..BEST)
        .map(|i| {
            let mut cells = vec![(i + 1).to_string()];
            cells.extend(rankings.iter().map(|(_, order, show)| {
                order
                    .get(i)
                    .map_or(String::new(), |(t, s)| format!("{t} ({})", show(*s)))
            }));
            cells
        })
        .collect();
    m.push_str(&markdown_table(&Column::all_left(&header), &rows));
    if v.predicted {
        m.push_str(
            "\nSpread of difficulty: how evenly a target's solvable hands fall into the four tiers \
             (easy, medium, hard, expert by predicted time): the entropy of the tier shares over \
             ln 4, 1 when each tier holds a quarter. Ranked among targets that at least half the \
             hands make.",
        );
    }
    if v.counted {
        m.push_str(" One solution: exactly one dissimilar solution (docs/DISTINCT.md).");
    }
    m.push_str(if v.predicted || v.counted {
        "\n\n"
    } else {
        "\n"
    });
}

/// The charts against the target, linked from a "Charts" section.
fn target_charts(m: &mut String, charts: &mut Vec<(String, Vec<u8>)>, v: &View) {
    let (k, rows) = (v.key.k, v.rows);
    // The game's own target, where the range holds it (24 among the 24
    // game's cards): Krypto's and Countdown's targets change every game.
    let mark = own_target(&v.key.game())
        .filter(|t| t.is_integer() && v.key.targets.contains(t.numer()))
        .map(|t| (t.numer() as f64, t.to_string()));
    // Every chart's values are shares or difficulties, 0 to 100.
    let line = |title: String, y_label: &str, name: &str, values: Vec<f64>| LineChart {
        title,
        x_label: "target".into(),
        y_label: y_label.into(),
        xs: rows.iter().map(|r| r.target as f64).collect(),
        series: vec![Series::new(name, values)],
        y_bounds: (0.0, 100.0),
        mark: mark.clone(),
    };
    let mut share = line(
        format!("Share of {k}-card hands and deals that make each target"),
        "share solvable (%)",
        "hands",
        rows.iter().map(|r| 100.0 * r.share()).collect(),
    );
    share.series.push(Series::new(
        "deals",
        rows.iter().map(|r| 100.0 * r.deal_share).collect(),
    ));
    charts.push((SOLVABLE_CHART.to_string(), share.to_svg().into_bytes()));
    m.push_str("## Charts\n\n");
    let _ = writeln!(m, "![Share solvable by target]({SOLVABLE_CHART})\n");
    if v.counted {
        let shares: Vec<f64> = rows
            .iter()
            .map(|r| 100.0 * ratio(r.one_solution.unwrap_or(0), r.hands))
            .collect();
        let unique = line(
            format!("Share of {k}-card hands with exactly one solution"),
            "hands with one dissimilar solution (%)",
            "one solution",
            shares,
        );
        charts.push((UNIQUE_CHART.to_string(), unique.to_svg().into_bytes()));
        let _ = writeln!(m, "![Share with one solution by target]({UNIQUE_CHART})\n");
    }
    if v.predicted {
        let diff = line(
            format!("Mean predicted difficulty of the solvable {k}-card hands"),
            "mean difficulty (0-100)",
            "difficulty",
            // A target no hand makes has no mean: a gap in the line.
            rows.iter()
                .map(|r| r.mean_difficulty.unwrap_or(f64::NAN))
                .collect(),
        );
        charts.push((DIFFICULTY_CHART.to_string(), diff.to_svg().into_bytes()));
        let _ = writeln!(m, "![Mean difficulty by target]({DIFFICULTY_CHART})\n");
        match v.model {
            None => m.push_str(
                "Difficulty is the model's prediction (docs/DIFFICULTY.md), calibrated on players' \
                 times for four-card hands and target 24; for other targets it is an extrapolation.\n\n",
            ),
            Some(model) => {
                let _ = writeln!(
                    m,
                    "Difficulty is the model's prediction (docs/DIFFICULTY.md). {}\n",
                    model.note(&v.key.game())
                );
            }
        }
    }
}

/// The table of every target (folded away) and the same rows as CSV,
/// which it returns.
fn every_target_csv(m: &mut String, v: &View) -> String {
    let rows = v.rows;
    let _ = writeln!(
        m,
        "## Every target\n\nAlso as [{TARGETS_CSV}]({TARGETS_CSV}).\n\n<details><summary>{} targets</summary>\n",
        rows.len()
    );
    // Columns the table has: counts and difficulty, or closest values.
    let closest = rows.iter().any(|r| r.within5.is_some());
    let mut head = vec![columns::TARGET, "solvable hands", "share", "deals solvable"];
    if v.counted {
        head.push("one solution");
    }
    if v.predicted {
        head.extend(["mean difficulty", "easy", "medium", "hard", "expert"]);
    }
    if closest {
        head.extend(["within 5", "within 10"]);
    }
    let cells = |r: &TargetRow| {
        let mut cells = vec![
            r.target.to_string(),
            r.solvable.to_string(),
            format!("{:.2}%", 100.0 * r.share()),
            format!("{:.2}%", 100.0 * r.deal_share),
        ];
        if v.counted {
            cells.push(opt(r.one_solution));
        }
        if v.predicted {
            cells.push(fmt_opt(r.mean_difficulty, 1));
            cells.extend(r.tiers.iter().map(u64::to_string));
        }
        if closest {
            cells.push(pct(r.within5.unwrap_or(0), r.hands));
            cells.push(pct(r.within10.unwrap_or(0), r.hands));
        }
        cells
    };
    let table: Vec<Vec<String>> = rows.iter().map(cells).collect();
    m.push_str(&markdown_table(&Column::all_left(&head), &table));
    m.push_str("\n</details>\n");
    let mut csv = String::from(
        "target,hands,solvable,share,deal_share,one_solution,mean_difficulty,easy,medium,hard,expert,within5,within10\n",
    );
    for r in rows {
        csv_row(&mut csv, r, v.predicted);
    }
    csv
}

/// One target's line of `targets.csv`; tier counts only where the table
/// has predictions.
fn csv_row(csv: &mut String, r: &TargetRow, predicted: bool) {
    let tier = |i: usize| {
        if predicted {
            r.tiers[i].to_string()
        } else {
            String::new()
        }
    };
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

/// The sections of a game that scores near misses (Countdown): games
/// within 5 and 10, by number of large tiles, the hardest targets, the
/// worst and best selections.
fn closest_sections(m: &mut String, key: &ReachKey, data: &ReachData) -> Vec<(String, Vec<u8>)> {
    let mut charts = Vec::new();
    games(m, key, data);
    if !data.large.is_empty() {
        charts.push(by_large_tiles(m, data));
    }
    hardest_targets(m, &data.targets);
    selections(m, key, data);
    charts
}

/// How many games (a selection and a target) are solved exactly, within 5
/// and within 10.
fn games(m: &mut String, key: &ReachKey, data: &ReachData) {
    let hands = &data.hands;
    let width = data.targets.len() as u64;
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
        if key.uses == Use::Any {
            " (any, each at most once)"
        } else {
            ""
        }
    );
    let header = ["games", "solved exactly", "within 5", "within 10"];
    let row = vec![
        games.to_string(),
        pct(exact, games),
        pct(w5, games),
        pct(w10, games),
    ];
    m.push_str(&markdown_table(&Column::all_left(&header), &[row]));
    m.push('\n');
}

/// Games by number of large tiles in the selection, a table and its chart
/// (returned).
fn by_large_tiles(m: &mut String, data: &ReachData) -> (String, Vec<u8>) {
    let (hands, width) = (&data.hands, data.targets.len() as u64);
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
    let most = hands.iter().map(|h| h.large).max().unwrap_or(0);
    let mut rows = Vec::new();
    let mut shares = Vec::new();
    for n in 0..=most {
        let group: Vec<&HandStat> = hands.iter().filter(|h| h.large == n).collect();
        if group.is_empty() {
            continue;
        }
        let g = group.len() as u64 * width;
        let s: u64 = group.iter().map(|h| h.solvable).sum();
        let weighted = weighted_share(&group, width);
        rows.push(vec![
            n.to_string(),
            group.len().to_string(),
            g.to_string(),
            pct(s, g),
            format!("{:.2}%", 100.0 * weighted),
            pct(group.iter().map(|h| h.within5).sum(), g),
            pct(group.iter().map(|h| h.within10).sum(), g),
        ]);
        shares.push((n, 100.0 * ratio(s, g), 100.0 * weighted));
    }
    let header = [
        "large tiles",
        "selections",
        "games",
        "solved exactly",
        "weighted by draw odds",
        "within 5",
        "within 10",
    ];
    m.push_str(&markdown_table(&Column::all_left(&header), &rows));
    let chart = BarChart::new(
        "Games solved exactly, by number of large tiles",
        "large tiles in the selection",
        "games solved (%)",
        shares.iter().map(|s| s.0.to_string()).collect(),
        vec![
            Series::new(
                "every selection alike",
                shares.iter().map(|s| s.1).collect(),
            ),
            Series::new(
                "weighted by draw odds",
                shares.iter().map(|s| s.2).collect(),
            ),
        ],
    )
    .percent(Some(100.0), 1);
    let _ = writeln!(
        m,
        "\n![Games solved by number of large tiles]({LARGE_CHART})\n"
    );
    (LARGE_CHART.to_string(), chart.to_svg().into_bytes())
}

/// The share of a group's games solved when each selection weighs its
/// number of draws.
fn weighted_share(group: &[&HandStat], width: u64) -> f64 {
    let (num, den) = group.iter().fold((0u128, 0u128), |(a, b), h| {
        (
            a + h.deal_ways as u128 * h.solvable as u128,
            b + h.deal_ways as u128 * width as u128,
        )
    });
    if den == 0 {
        0.0
    } else {
        num as f64 / den as f64
    }
}

/// The targets the fewest selections make.
fn hardest_targets(m: &mut String, rows: &[TargetRow]) {
    let mut hardest: Vec<&TargetRow> = rows.iter().collect();
    hardest.sort_by(|a, b| a.solvable.cmp(&b.solvable).then(a.target.cmp(&b.target)));
    m.push_str("### Hardest targets\n\n");
    let header = ["target", "selections that make it", "within 5", "within 10"];
    let rows: Vec<Vec<String>> = hardest
        .iter()
        .take(BEST)
        .map(|r| {
            vec![
                r.target.to_string(),
                format!("{} ({})", r.solvable, pct(r.solvable, r.hands)),
                pct(r.within5.unwrap_or(0), r.hands),
                pct(r.within10.unwrap_or(0), r.hands),
            ]
        })
        .collect();
    m.push_str(&markdown_table(&Column::all_left(&header), &rows));
}

/// The selections that make the fewest targets, those that make them all,
/// and those that come closest to it.
fn selections(m: &mut String, key: &ReachKey, data: &ReachData) {
    let (hands, width) = (&data.hands, data.targets.len() as u64);
    let mut order: Vec<&HandStat> = hands.iter().collect();
    order.sort_by(|a, b| a.solvable.cmp(&b.solvable).then(a.hand.cmp(&b.hand)));
    m.push_str("\n### Worst selections\n\n");
    let header = [
        "selection",
        "targets made",
        "targets within 5",
        "targets within 10",
    ];
    let worst: Vec<Vec<String>> = order
        .iter()
        .take(BEST)
        .map(|h| {
            vec![
                h.hand.clone(),
                format!("{} of {width}", h.solvable),
                h.within5.to_string(),
                h.within10.to_string(),
            ]
        })
        .collect();
    m.push_str(&markdown_table(&Column::all_left(&header), &worst));
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
             (ties in reverse sorted order):\n\n",
        );
        let nearly: Vec<Vec<String>> = order
            .iter()
            .rev()
            .filter(|h| h.solvable < width)
            .take(BEST)
            .map(|h| vec![h.hand.clone(), format!("{} of {width}", h.solvable)])
            .collect();
        let header = ["selection", "targets made"];
        m.push_str(&markdown_table(&Column::all_left(&header), &nearly));
    }
    m.push('\n');
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

fn opt(v: Option<u64>) -> String {
    v.map_or(String::new(), |n| n.to_string())
}

fn pct(part: u64, whole: u64) -> String {
    format!("{:.2}%", 100.0 * ratio(part, whole))
}

/// The command that makes the table of `key`.
fn made_by(key: &ReachKey, counted: bool) -> String {
    let no_solutions = if !counted && key.uses == Use::All {
        " --no-solutions"
    } else {
        ""
    };
    format!("census24 sweep {}{no_solutions}", key.args())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(target: i64, solvable: u64, one: u64, tiers: [u64; 4]) -> TargetRow {
        TargetRow {
            hands: 10,
            solvable,
            deal_share: solvable as f64 / 10.0,
            one_solution: Some(one),
            mean_difficulty: Some(30.0),
            tiers,
            ..TargetRow::empty(target)
        }
    }

    #[test]
    fn balance_is_one_for_even_tiers_and_zero_for_one() {
        assert_eq!(row(1, 8, 0, [2, 2, 2, 2]).balance(), 1.0);
        assert_eq!(row(1, 8, 0, [8, 0, 0, 0]).balance(), 0.0);
        assert!((row(1, 8, 0, [4, 4, 0, 0]).balance() - 0.5).abs() < 1e-12);
    }

    /// The report's charts for `key` over targets `lo..=hi`, 98 to 100
    /// of every 100 hands making each.
    fn charts_of(key: &ReachKey) -> Vec<(String, String)> {
        let (lo, hi) = (key.targets.lo, key.targets.hi);
        let rows = (lo..=hi)
            .map(|t| TargetRow {
                hands: 100,
                deal_share: 0.99,
                ..row(t, 98 + (t % 3) as u64, 1, [90, 5, 2, 1])
            })
            .map(|r| TargetRow { hands: 100, ..r })
            .collect();
        let data = ReachData {
            model: None,
            targets: rows,
            ..ReachData::default()
        };
        render_reach(key, &data)
            .charts
            .into_iter()
            .filter(|(n, _)| n.ends_with(".svg"))
            .map(|(n, b)| (n, String::from_utf8(b).unwrap()))
            .collect()
    }

    /// Krypto's chart marked "24", ran 0 to 100 with its lines flat at the
    /// top, and ticked 2.5, 7.5... (issue 46): a Krypto target is dealt,
    /// so nothing is marked; the axis hugs the shares; ticks are whole.
    /// The 24 game's cards over targets 1 to 25 keep their 24.
    #[test]
    fn only_a_game_of_24_marks_24_and_every_axis_fits_its_data() {
        let krypto = ReachKey::of_game(&crate::game::presets::game("krypto").unwrap()).unwrap();
        let cards_24 = ReachKey {
            targets: crate::game::targets::TargetRange::new(1, 25).unwrap(),
            ..ReachKey::of_game(&crate::game::family::Game {
                targets: crate::game::family::Targets::Range(
                    crate::game::targets::TargetRange::new(1, 25).unwrap(),
                ),
                ..crate::game::presets::standard()
            })
            .unwrap()
        };
        for (key, marked) in [(krypto, false), (cards_24, true)] {
            let charts = charts_of(&key);
            assert!(charts.len() >= 2, "{charts:?}");
            for (name, svg) in &charts {
                assert_eq!(svg.contains("stroke-dasharray"), marked, "{name}");
                // "24" under the axis, and beside the mark when marked.
                assert_eq!(
                    svg.matches(">24</text>").count(),
                    1 + usize::from(marked),
                    "{name}"
                );
                crate::report::svg::assert_texts_inside(svg, 2.0);
                // The x ticks' labels, 16 px under the plot: whole targets.
                let foot = crate::report::svg::TOP + crate::report::svg::PLOT_H + 16.0;
                for (_, _, _, b, text) in crate::report::svg::text_boxes(svg) {
                    if (b - foot - 3.0).abs() < 0.01 {
                        assert!(text.parse::<u32>().is_ok(), "{name}: {text}");
                    }
                }
            }
            let share = &charts.iter().find(|(n, _)| n == SOLVABLE_CHART).unwrap().1;
            assert!(share.contains("axis from 9"), "{share}");
            // No 0 on the value axis (its labels end at the axis).
            assert!(!share.contains("text-anchor=\"end\">0</text>"), "{share}");
        }
    }

    #[test]
    fn best_targets_and_the_place_of_24() {
        let key = ReachKey {
            rules: crate::game::rules::Rules::Rational,
            uses: crate::game::rules::Use::All,
            targets: crate::game::targets::TargetRange::new(23, 25).unwrap(),
            objective: crate::game::family::Objective::Set,
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
            model: None,
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
            objective: crate::game::family::Objective::Set,
            values: crate::game::deck::ValueRange::new(1, 100).unwrap(),
            deck: "countdown".parse().unwrap(),
            k: 6,
        };
        let t = |target, solvable, w5| TargetRow {
            hands: 2,
            solvable,
            within5: Some(w5),
            within10: Some(2),
            ..TargetRow::empty(target)
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
            model: None,
            targets: vec![t(100, 2, 2), t(101, 0, 0)],
            hands: vec![h("1 1 2 2 3 3", 0, 1, 0), h("3 6 25 50 75 100", 2, 2, 4)],
            large: vec![25, 50, 75, 100],
        };
        let r = render_reach(&key, &data);
        let md = &r.markdown;
        assert!(md.contains("| 4 | 50.00% | 50.00% | 100.00% |"), "{md}");
        assert!(md.contains("| 0 | 1 | 2 | 0.00% | 0.00% |"), "{md}");
        assert!(md.contains("| 4 | 1 | 2 | 100.00% | 100.00% |"), "{md}");
        assert!(md.contains("| 1 1 2 2 3 3 | 0 of 2 | 0 | 2 |"), "{md}");
        assert!(md.contains("1 of 2 selections make every target"), "{md}");
        assert!(r.charts.iter().any(|(n, _)| n == LARGE_CHART));
    }

    #[test]
    fn a_dealt_objective_counts_the_games_its_deck_deals_apart() {
        let key = ReachKey {
            rules: crate::game::rules::Rules::Natural,
            uses: crate::game::rules::Use::All,
            targets: crate::game::targets::TargetRange::new(1, 2).unwrap(),
            objective: crate::game::family::Objective::Dealt,
            values: crate::game::deck::ValueRange::new(1, 25).unwrap(),
            deck: "krypto".parse().unwrap(),
            k: 5,
        };
        // Ten hands per target; 9 and 8 of them dealable with it, of which
        // 8 and 6 solvable (and 1 solvable pair no deal makes).
        let t = |target, solvable, dealable, dealable_solvable| TargetRow {
            hands: 10,
            solvable,
            dealable,
            dealable_solvable,
            ..TargetRow::empty(target)
        };
        let data = ReachData {
            model: None,
            targets: vec![t(1, 9, 9, 8), t(2, 6, 8, 6)],
            ..ReachData::default()
        };
        let md = render_reach(&key, &data).markdown;
        assert!(
            md.contains("`deal_ways > 0`): 17, of which 14 solvable (82.35%) and 3 not."),
            "{md}"
        );
        assert!(
            md.contains(
                "dealable or not (one row each in `reach.parquet`): 20, of which 15 solvable \
                 (75.00%) and 5 not; 3 pairs the deck cannot deal"
            ),
            "{md}"
        );
        assert!(md.contains("card), 2 of them unsolvable."), "{md}");
    }
}
