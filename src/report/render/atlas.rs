//! The atlas report: the 24 game from one to ten cards, for both decks, as
//! markdown with charts, a paragraph to cite, and `cover.csv`. Pure: the
//! [`DeckAtlas`] of each deck in, bytes out.

use std::fmt::Write as _;

use crate::game::deck::Deck;
use crate::report::atlas::{COVER_CSV, Cover, DeckAtlas, Plan, SHARES_CSV, cover_csv, shares_csv};
use crate::report::render::{Column, Rendered, markdown_table};
use crate::report::svg::{BarChart, LineChart, Series};
use crate::report::{HandList, TableSummary};

/// Unsolvable hands are listed whole from this hand size up.
pub const LIST_UNSOLVABLE_FROM: u32 = 6;

/// A share as a percentage with two decimals, or as many more as it takes
/// not to round a share below one up to 100% (a six-card deal makes 24
/// with probability 0.9999986: 99.9999%, not 100.00%), or one above zero
/// down to 0%.
pub fn pct(x: f64) -> String {
    for decimals in 2..=12 {
        let text = format!("{:.*}%", decimals, 100.0 * x);
        let zeros = format!("{:.*}%", decimals, 0.0);
        let full = format!("{:.*}%", decimals, 100.0);
        if (x >= 1.0 || text != full) && (x <= 0.0 || text != zeros) {
            return text;
        }
    }
    format!("{}%", 100.0 * x)
}

/// `n` and the word, plural unless `n` is 1.
fn count(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// How the report names a deck.
pub fn deck_name(deck: Deck) -> &'static str {
    match deck {
        Deck::Copies(4) => "52-card deck",
        Deck::Unlimited => "independent draws",
        _ => "other deck",
    }
}

fn deck_detail(deck: Deck) -> &'static str {
    match deck {
        Deck::Copies(4) => {
            "dealt from one 52-card deck: at most four cards of a value (`--deck 4`)"
        }
        Deck::Unlimited => {
            "drawn independently: any number of cards of a value, each of the 13^k ordered \
             draws equally likely (`--deck none`)"
        }
        _ => "",
    }
}

/// The atlas's markdown, charts and `cover.csv`.
pub fn render_atlas(plan: &Plan, decks: &[DeckAtlas]) -> Rendered {
    let mut r = Rendered {
        markdown: String::new(),
        charts: Vec::new(),
    };
    let md = &mut r.markdown;
    let (lo, hi, max_k) = (plan.targets.lo, plan.targets.hi, plan.max_k);
    let _ = writeln!(md, "# The atlas: the 24 game from 1 to {max_k} cards\n");
    let _ = writeln!(
        md,
        "Every hand of 1 to {max_k} cards with values 1 to 13, rational rules (fractions \
         allowed in intermediate results, each card used exactly once), for two ways of \
         dealing. Written by `census24 report --atlas` from the target-24 tables in `data/` \
         (`just data` makes them) and, for the targets {lo} to {hi}, by solving every hand \
         again. A hand is **solvable** when some expression of its cards makes the target; \
         the **share of deals** weighs each hand by the ways it can be dealt. A hand **needs \
         a fraction** when it is solvable but no solution keeps every intermediate result a \
         whole number (negative numbers allowed); those hands are the ones **solvable only \
         with fractions**. Every \"unsolvable\" is a proof by exhaustion.\n"
    );
    cite(md, decks);
    for d in decks {
        deck_section(&mut r, d);
    }
    shares_chart(&mut r, plan, decks);
    cover_section(&mut r, plan, decks);
    // The solved files beside the report, for readers of reports/ alone.
    let solved: Vec<_> = decks.iter().map(|d| d.solved.clone()).collect();
    r.charts
        .push((COVER_CSV.into(), cover_csv(plan, &solved).into_bytes()));
    r.charts
        .push((SHARES_CSV.into(), shares_csv(&solved).into_bytes()));
    r
}

fn share(s: &TableSummary) -> f64 {
    s.size.share_solvable()
}

/// The paragraph a researcher can quote, every number exact from the tables.
fn cite(md: &mut String, decks: &[DeckAtlas]) {
    md.push_str("## In one paragraph\n\n");
    for d in decks {
        if d.sizes.is_empty() {
            continue;
        }
        let parts: Vec<String> = d
            .sizes
            .iter()
            .map(|s| {
                format!(
                    "{} of the {} {}-card hands ({}; {} of deals)",
                    s.size.solvable,
                    s.size.hands,
                    s.size.k,
                    pct(share(s)),
                    pct(s.size.deal_solvable)
                )
            })
            .collect();
        let _ = write!(
            md,
            "With cards {}, 24 can be made from {}.",
            deck_detail(d.deck),
            parts.join(", ")
        );
        let full = d.sizes.iter().find(|s| s.size.solvable == s.size.hands);
        let last_miss = d
            .sizes
            .iter()
            .rev()
            .find(|s| s.size.solvable < s.size.hands);
        if let Some(m) = last_miss {
            let _ = write!(
                md,
                " The largest hand size with an unsolvable hand is {} ({}",
                m.size.k,
                count(m.size.hands - m.size.solvable, "hand")
            );
            if m.unsolvable.total <= 5 {
                let hands: Vec<&str> = m.unsolvable.shown.iter().map(|h| h.hand.as_str()).collect();
                let _ = write!(md, ": {}", hands.join(", "));
            }
            md.push_str(").");
        }
        if let Some(f) = full {
            let _ = write!(
                md,
                " From {} cards on, every hand of the sizes tabulated is solvable.",
                f.size.k
            );
        }
        md.push_str("\n\n");
    }
}

const ATLAS_COLUMNS: [&str; 9] = [
    "cards",
    "hands",
    "solvable",
    "share of hands",
    "share of deals",
    "whole numbers suffice",
    "need a fraction",
    "need a fraction (share of solvable)",
    "unsolvable",
];

fn deck_section(r: &mut Rendered, d: &DeckAtlas) {
    let md = &mut r.markdown;
    let _ = writeln!(
        md,
        "## {} ({})\n",
        capital(deck_name(d.deck)),
        d.deck.folder()
    );
    let _ = writeln!(md, "Cards {}.\n", deck_detail(d.deck));
    let header = ATLAS_COLUMNS.map(Column::right);
    let rows: Vec<Vec<String>> = d
        .sizes
        .iter()
        .map(|s| {
            let z = &s.size;
            let needs = z.solvable - s.integer_solvable;
            vec![
                z.k.to_string(),
                z.hands.to_string(),
                z.solvable.to_string(),
                pct(z.share_solvable()),
                pct(z.deal_solvable),
                s.integer_solvable.to_string(),
                needs.to_string(),
                pct(crate::report::ratio(needs, z.solvable)),
                (z.hands - z.solvable).to_string(),
            ]
        })
        .collect();
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
    if !d.missing.is_empty() {
        let ks: Vec<String> = d.missing.iter().map(usize::to_string).collect();
        let _ = writeln!(
            md,
            "No table for {} cards in the data folder (`just data` makes every size).\n",
            ks.join(", ")
        );
    }
    let _ = writeln!(md, "### Solvable only with fractions\n");
    for s in d.sizes.iter().filter(|s| s.fraction_only.total > 0) {
        list_line(md, s.size.k, &s.fraction_only, true);
    }
    md.push('\n');
    let _ = writeln!(
        md,
        "### Every unsolvable hand from {LIST_UNSOLVABLE_FROM} cards up\n"
    );
    for s in d.sizes.iter().filter(|s| s.size.k >= LIST_UNSOLVABLE_FROM) {
        if s.unsolvable.total == 0 {
            let _ = writeln!(md, "- {} cards: none", s.size.k);
        } else {
            list_line(md, s.size.k, &s.unsolvable, false);
        }
    }
    md.push('\n');
}

/// One bullet: the hands of a list (with their simplest solution when
/// `with_solution`), and how many are not shown.
fn list_line(md: &mut String, k: u32, list: &HandList, with_solution: bool) {
    let hands: Vec<String> = list
        .shown
        .iter()
        .map(|h| {
            if with_solution && !h.solution.is_empty() {
                format!("{} (`{}`)", h.hand, h.solution)
            } else {
                h.hand.clone()
            }
        })
        .collect();
    let _ = write!(
        md,
        "- {k} cards, {} hands: {}",
        list.total,
        hands.join("; ")
    );
    let more = list.total - list.shown.len() as u64;
    if more > 0 {
        let _ = write!(
            md,
            "; and {more} more (`census24 rank --all` with the table's options lists them)"
        );
    }
    md.push('\n');
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Share of hands and of deals against hand size, for both decks (target 24).
fn shares_chart(r: &mut Rendered, plan: &Plan, decks: &[DeckAtlas]) {
    let max_k = plan.max_k;
    let ks: Vec<f64> = (1..=max_k).map(|k| k as f64).collect();
    let mut series = Vec::new();
    for d in decks {
        let by_k = |f: &dyn Fn(&TableSummary) -> f64| -> Vec<f64> {
            (1..=max_k)
                .map(|k| {
                    d.sizes
                        .iter()
                        .find(|s| s.size.k as usize == k)
                        .map_or(f64::NAN, |s| 100.0 * f(s))
                })
                .collect()
        };
        // Short names: four entries share the legend's width.
        let name = match d.deck {
            Deck::Unlimited => "independent",
            _ => "52-card deck",
        };
        series.push(Series::new(&format!("{name}: hands"), by_k(&share)));
        series.push(Series::new(
            &format!("{name}: deals"),
            by_k(&|s| s.size.deal_solvable),
        ));
    }
    let chart = LineChart {
        title: "Share of hands that make 24, by hand size".into(),
        x_label: "cards in the hand".into(),
        y_label: "solvable share (%)".into(),
        xs: ks.clone(),
        series,
        y_bounds: (0.0, 100.0),
        mark: Some((
            crate::game::presets::standard().hand_size as f64,
            "the classic game".into(),
        )),
    };
    let name = "solvable-by-hand-size.svg";
    r.chart(name, chart.to_svg());
    let _ = writeln!(r.markdown, "## Solvability against hand size\n");
    let _ = writeln!(
        r.markdown,
        "The share of hands that make 24 rises steeply from three to five cards, the \
         phase transition of the literature, and saturates from six on.\n\n![{name}]({name})\n"
    );
    for d in decks {
        let series: Vec<Series> = d
            .solved
            .lines
            .iter()
            .map(|(t, shares)| {
                let mut v: Vec<f64> = shares
                    .iter()
                    .map(|s| 100.0 * crate::report::ratio(s.solvable, s.hands))
                    .collect();
                v.resize(max_k, f64::NAN);
                Series::new(&format!("target {t}"), v)
            })
            .collect();
        let chart = LineChart {
            title: format!(
                "Share of hands that make each target, by hand size ({})",
                deck_name(d.deck)
            ),
            x_label: "cards in the hand".into(),
            y_label: "hands that make the target (%)".into(),
            xs: ks.clone(),
            series,
            y_bounds: (0.0, 100.0),
            mark: None,
        };
        let name = format!("targets-by-hand-size-{}.svg", d.deck.folder());
        r.chart(&name, chart.to_svg());
        let _ = writeln!(r.markdown, "![{name}]({name})\n");
        let names: Vec<String> = d
            .solved
            .lines
            .iter()
            .map(|(t, _)| format!("target {t}"))
            .collect();
        let header: Vec<Column> = std::iter::once(Column::right("cards"))
            .chain(names.iter().map(|n| Column::right(n)))
            .collect();
        let rows: Vec<Vec<String>> = (1..=max_k)
            .map(|k| {
                std::iter::once(k.to_string())
                    .chain(d.solved.lines.iter().map(|(_, shares)| {
                        shares
                            .iter()
                            .find(|s| s.k == k)
                            .map_or(String::new(), |s| format!("{} / {}", s.solvable, s.hands))
                    }))
                    .collect()
            })
            .collect();
        let _ = writeln!(
            r.markdown,
            "Hands that make each target, of all hands ({}; with the share of deals in \
             [{SHARES_CSV}]({SHARES_CSV})):\n",
            deck_name(d.deck)
        );
        r.markdown.push_str(&markdown_table(&header, &rows));
        r.markdown.push('\n');
    }
}

fn first_k_cell(c: &Cover, max_k: usize) -> String {
    c.first_k
        .map_or_else(|| format!("over {max_k}"), |k| k.to_string())
}

fn witness_cell(c: &Cover) -> String {
    c.witness.as_ref().map_or(String::new(), |(_, h)| h.clone())
}

/// For every target, the smallest hand size at which every hand makes it.
fn cover_section(r: &mut Rendered, plan: &Plan, decks: &[DeckAtlas]) {
    let (lo, hi, max_k) = (plan.targets.lo, plan.targets.hi, plan.max_k);
    let md = &mut r.markdown;
    let _ = writeln!(
        md,
        "## Targets {lo} to {hi}: the smallest hand size at which every hand makes the target\n"
    );
    let _ = writeln!(
        md,
        "For each target, the smallest number of cards k at which **every** k-card hand \
         makes it (\"over {max_k}\": no size up to {max_k} does), and a witness that one card \
         fewer is not enough: the first hand, in table order, of the size before that does \
         not make it. Found by solving every hand of each size in table order until one \
         fails; the size at which none fails is proven by exhaustion. Larger sizes were not \
         checked, so a size above the one given may still hold a hand that misses (the \
         chart's targets above are counted at every size). Also in [{COVER_CSV}]({COVER_CSV}).\n"
    );
    let mut header = vec![Column::right("target")];
    let names: Vec<(String, String)> = decks
        .iter()
        .map(|d| {
            (
                format!("{}: smallest k", deck_name(d.deck)),
                format!(
                    "{}: a hand of one card fewer that misses",
                    deck_name(d.deck)
                ),
            )
        })
        .collect();
    for (a, b) in &names {
        header.push(Column::right(a));
        header.push(Column::left(b));
    }
    let rows: Vec<Vec<String>> = (lo..=hi)
        .map(|t| {
            let mut row = vec![t.to_string()];
            for d in decks {
                match d.solved.cover.iter().find(|c| c.target == t) {
                    Some(c) => {
                        row.push(first_k_cell(c, max_k));
                        row.push(witness_cell(c));
                    }
                    None => row.extend([String::new(), String::new()]),
                }
            }
            row
        })
        .collect();
    md.push_str(&markdown_table(&header, &rows));
    md.push('\n');
    let categories: Vec<String> = (lo..=hi).map(|t| t.to_string()).collect();
    let series: Vec<Series> = decks
        .iter()
        .map(|d| {
            Series::new(
                deck_name(d.deck),
                (lo..=hi)
                    .map(|t| {
                        d.solved
                            .cover
                            .iter()
                            .find(|c| c.target == t)
                            .and_then(|c| c.first_k)
                            .map_or((max_k + 1) as f64, |k| k as f64)
                    })
                    .collect(),
            )
        })
        .collect();
    let chart = BarChart {
        title: format!(
            "Smallest hand size at which every hand makes the target ({} = over {max_k})",
            max_k + 1
        ),
        x_label: "target".into(),
        y_label: "cards".into(),
        categories,
        series,
        y_max: None,
        unit: String::new(),
        decimals: 0,
    };
    let name = "smallest-k-by-target.svg";
    r.chart(name, chart.to_svg());
    let _ = writeln!(r.markdown, "![{name}]({name})\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_never_round_to_all_or_nothing() {
        assert_eq!(pct(18392.0 / 18395.0), "99.98%");
        assert_eq!(pct(0.999_998_624_654_444_4), "99.9999%");
        assert_eq!(pct(1.0), "100.00%");
        assert_eq!(pct(0.0), "0.00%");
        assert_eq!(pct(0.5), "50.00%");
        assert_eq!(pct(1e-7), "0.00001%");
        assert_eq!(count(1, "hand"), "1 hand");
        assert_eq!(count(3, "hand"), "3 hands");
    }
}
