//! The explorer: one self-contained HTML page per table (`explorer.html`
//! beside its README.md) where a designer filters, sorts and opens every
//! hand, and makes a puzzle set, with no server and no network.
//!
//! Pure: a [`Catalog`] in, the page's bytes out. The page is a template
//! (`explorer/page.html`) with its styles (`explorer/style.css` and the
//! puzzle sheet's `src/puzzles/sheet.css`), its script (`explorer/app.js`) and
//! the table's data inlined. The data is columnar JSON, one array per
//! column, and each hand's solutions one compact string (see
//! [`solutions_text`]), so the five-card table (146 464 solution classes)
//! makes a page of about 4 MB.

use rayon::prelude::*;
use serde::Serialize;

use crate::difficulty::Tier;
use crate::puzzles::catalog::{Catalog, Entry, Kept, MAX_SOLVED_CARDS, shape};
use crate::puzzles::filter::Flag;
use crate::puzzles::ops::Ops;
use crate::puzzles::pick::{played_note, short_set_words};
use crate::puzzles::sheet::{SHEET_STYLE, escape, pretty};

/// The page's file name, beside the table's README.md.
pub const EXPLORER: &str = "explorer.html";

/// The largest table that gets an explorer page: one page holds every
/// hand, and past this (seven cards and up) it would take tens of
/// megabytes; `census24 rank` and `pick` read such tables directly.
pub const MAX_EXPLORER_HANDS: usize = 20_000;

const PAGE: &str = include_str!("explorer/page.html");
const STYLE: &str = include_str!("explorer/style.css");
const SCRIPT: &str = include_str!("explorer/app.js");

/// The table as the page's script reads it: one array per column, indexed
/// by the hand's position in the table.
#[derive(Serialize)]
struct Data<'a> {
    title: String,
    family: String,
    partition: String,
    target: String,
    k: usize,
    /// The options that name this table on the command line.
    table_args: String,
    /// `all`, `easiest` or `none`: which solutions `solutions` holds.
    kept: &'static str,
    tiers: Vec<&'static str>,
    /// Seconds at which each tier begins.
    tier_from: [f64; 4],
    ops: Vec<&'static str>,
    hand: Vec<&'a str>,
    solvable: Vec<u8>,
    time: Vec<Option<f64>>,
    /// Predicted time within which 80% of the players who solve it do so.
    p80: Vec<Option<f64>>,
    rate: Vec<Option<f64>>,
    difficulty: Vec<Option<f64>>,
    tier: Vec<Option<u8>>,
    dissimilar: Vec<Option<u32>>,
    structural: Vec<Option<u32>>,
    fraction: Vec<u8>,
    integer: Vec<u8>,
    need: Vec<Option<u8>>,
    deal: Vec<f64>,
    solutions: Vec<String>,
    /// Each hand's answer as a puzzle sheet prints it (`× ÷ −`) at each of
    /// [`LEVELS`]: its simplest solution within add-sub, within product,
    /// and with every operation; null where none keeps to them.
    answer: Vec<[Option<String>; 3]>,
    /// The [`shape`] of each answer (what `--distinct-shapes` compares).
    shape: Vec<[Option<String>; 3]>,
    /// What a sheet's instructions allow at each level ([`Ops::signs`]).
    signs: [&'static str; 3],
    /// Each hand's predicted time and tier as played within add-sub and
    /// within product ([`Entry::within`]), `[seconds, tier]`, which a sheet
    /// of a set restricted to them shows; null for a hand of a larger
    /// class, and for every hand of a table past [`MAX_SOLVED_CARDS`] cards.
    played: [Vec<Option<(f64, u8)>>; 2],
    /// What a sheet says of its figures at each level: that they are for
    /// play with its operations ([`played_note`]), or for a table past
    /// [`MAX_SOLVED_CARDS`] cards that they are the full game's.
    played_note: [Option<String>; 3],
    /// Why a set is shorter than asked, without and with "no two solved
    /// alike", `{n}` for its size: `pick`'s words ([`short_set_words`]).
    short_set: [&'static str; 2],
    /// The hand filters `rank` and `pick` share, each `[field, option]`
    /// ([`Flag::field`], [`Flag::name`]): the page's address and the pick
    /// command it shows spell them so.
    flags: Vec<[&'static str; 2]>,
}

/// The operations a puzzle set's answers may use, as the page offers them
/// ([`Ops::allowed`] of its `--ops` filter).
const LEVELS: [Ops; 3] = [Ops::AddSub, Ops::Product, Ops::Fraction];

/// Each hand's time and tier as played within `level`: for the hands of a
/// class within it, when the table is small enough to solve again in
/// memory (its page solves each such hand once more, as `pick` does for
/// the hands it picks).
fn played(catalog: &Catalog, level: Ops) -> Vec<Option<(f64, u8)>> {
    let small = catalog.id.k <= MAX_SOLVED_CARDS;
    catalog
        .hands
        .par_iter()
        .map(|e| {
            if !small || e.ops.is_none_or(|o| o > level) {
                return None;
            }
            let p = e.within(level, &catalog.id).ok()?;
            Some((p.time_s?, p.tier? as u8))
        })
        .collect()
}

/// [`played_note`] at `level`, or for a table too large for [`played`] the
/// words that say its sheets show the full game's figures.
fn note(catalog: &Catalog, level: Ops) -> Option<String> {
    let note = played_note(level)?;
    if catalog.id.k <= MAX_SOLVED_CARDS {
        return Some(note);
    }
    Some(format!(
        "Tiers and times are for the full game: census24 pick gives them for play with {} only.",
        level.signs()
    ))
}

/// A hand's solutions in one string: dissimilar solutions easiest first,
/// separated by `;`, each its structural variants separated by `,`, each
/// variant `expression=complexity` (`7*9-3*13=10.19;(7-13/3)*9=13.5`).
/// Expressions hold only digits, `+ - * /` and parentheses, so the
/// separators are unambiguous. A table without solutions gives the
/// example alone, without complexity.
pub fn solutions_text(e: &Entry, kept: Kept) -> String {
    if kept == Kept::None {
        return e.simplest.clone();
    }
    e.groups
        .iter()
        .map(|g| {
            g.0.iter()
                .map(|v| format!("{}={}", v.expression, v.complexity))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The title a page and a puzzle sheet give a table.
pub fn title(catalog: &Catalog) -> String {
    let k = catalog.id.k;
    format!(
        "Target {} with {k} card{}",
        catalog.id.target,
        if k == 1 { "" } else { "s" }
    )
}

/// The explorer page of a table.
pub fn explorer_html(catalog: &Catalog) -> String {
    let h = &catalog.hands;
    let data = Data {
        title: title(catalog),
        family: catalog.id.family_title(),
        partition: catalog.id.partition().display().to_string(),
        target: catalog.id.target.to_string(),
        k: catalog.id.k,
        table_args: catalog.id.args(),
        kept: match catalog.kept {
            Kept::All => "all",
            Kept::Simplest => "easiest",
            Kept::None => "none",
        },
        tiers: Tier::ALL.iter().map(|t| t.name()).collect(),
        tier_from: [0.0, Tier::MEDIUM_FROM, Tier::HARD_FROM, Tier::EXPERT_FROM],
        ops: Ops::ALL.iter().map(|o| o.name()).collect(),
        hand: h.iter().map(|e| e.hand.as_str()).collect(),
        solvable: h.iter().map(|e| u8::from(e.solvable)).collect(),
        time: h.iter().map(|e| e.time_s).collect(),
        p80: h.iter().map(|e| e.time_p80_s).collect(),
        rate: h.iter().map(|e| e.solve_rate).collect(),
        difficulty: h.iter().map(|e| e.difficulty).collect(),
        tier: h.iter().map(|e| e.tier.map(|t| t as u8)).collect(),
        dissimilar: h.iter().map(|e| e.dissimilar).collect(),
        structural: h.iter().map(|e| e.structural).collect(),
        fraction: h.iter().map(|e| u8::from(e.needs_fraction)).collect(),
        integer: h.iter().map(|e| u8::from(e.integer_solvable)).collect(),
        need: h.iter().map(|e| e.ops.map(|o| o as u8)).collect(),
        deal: h.iter().map(|e| e.deal_probability).collect(),
        solutions: h.iter().map(|e| solutions_text(e, catalog.kept)).collect(),
        answer: h
            .iter()
            .map(|e| LEVELS.map(|l| e.simplest_within(l).map(pretty)))
            .collect(),
        shape: h
            .iter()
            .map(|e| LEVELS.map(|l| e.simplest_within(l).map(shape)))
            .collect(),
        signs: LEVELS.map(Ops::signs),
        played: [played(catalog, Ops::AddSub), played(catalog, Ops::Product)],
        played_note: LEVELS.map(|l| note(catalog, l)),
        short_set: [short_set_words(false), short_set_words(true)],
        flags: Flag::ALL.iter().map(|f| [f.field(), f.name()]).collect(),
    };
    // `<` never occurs outside JSON strings, and inside one `\u003c` reads
    // the same: the data can never close its script element.
    let json = serde_json::to_string(&data)
        .expect("explorer data serializes")
        .replace('<', "\\u003c");
    let mut out = String::with_capacity(PAGE.len() + STYLE.len() + SCRIPT.len() + json.len());
    let mut rest = PAGE;
    for (marker, text) in [
        ("{{title}}", escape(&data.title)),
        ("{{style}}", format!("{STYLE}{SHEET_STYLE}")),
        ("{{data}}", json),
        ("{{script}}", SCRIPT.to_string()),
    ] {
        let (before, after) = rest
            .split_once(marker)
            .expect("the page template holds each marker once, in order");
        out.push_str(before);
        out.push_str(&text);
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::catalog::{Group, Variant};
    use crate::tables::layout::TableKey;

    fn entry(hand: &str, groups: Vec<Vec<(&str, f64)>>) -> Entry {
        Entry {
            hand: hand.into(),
            cards: hand.split(' ').map(|c| c.parse().unwrap()).collect(),
            solvable: !groups.is_empty(),
            time_s: (!groups.is_empty()).then_some(12.5),
            time_p80_s: (!groups.is_empty()).then_some(16.0),
            solve_rate: (!groups.is_empty()).then_some(0.875),
            difficulty: (!groups.is_empty()).then_some(49.5),
            tier: (!groups.is_empty()).then_some(Tier::Hard),
            rank: None,
            dissimilar: Some(groups.len() as u32),
            structural: Some(groups.iter().map(|g| g.len() as u32).sum()),
            needs_fraction: false,
            integer_solvable: !groups.is_empty(),
            deal_probability: 0.25,
            ops: (!groups.is_empty()).then_some(Ops::Product),
            simplest: groups
                .first()
                .map(|g| g[0].0.to_string())
                .unwrap_or_default(),
            groups: groups
                .into_iter()
                .map(|g| {
                    Group(
                        g.into_iter()
                            .enumerate()
                            .map(|(i, (e, c))| Variant {
                                class: i as u32,
                                expression: e.into(),
                                complexity: c,
                                ops: Ops::Product,
                            })
                            .collect(),
                    )
                })
                .collect(),
        }
    }

    fn catalog() -> Catalog {
        Catalog {
            id: TableKey::standard(2),
            kept: Kept::All,
            hands: vec![
                entry("1 1", vec![]),
                entry(
                    "3 8",
                    vec![vec![("3*8", 2.0), ("8*3/1", 4.5)], vec![("8<3", 9.0)]],
                ),
            ],
        }
    }

    #[test]
    fn solutions_read_easiest_first_with_their_variants() {
        let c = catalog();
        assert_eq!(
            solutions_text(&c.hands[1], Kept::All),
            "3*8=2,8*3/1=4.5;8<3=9"
        );
        assert_eq!(solutions_text(&c.hands[0], Kept::All), "");
        assert_eq!(solutions_text(&c.hands[1], Kept::None), "3*8");
    }

    #[test]
    fn the_page_is_self_contained_and_its_data_cannot_close_the_script() {
        let page = explorer_html(&catalog());
        assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..40]);
        assert!(!page.contains("{{"), "a marker is left");
        assert!(page.contains("<title>Target 24 with 2 cards</title>"));
        for remote in ["http://", "https://", "src=\"", "<link"] {
            assert!(!page.contains(remote), "the page loads {remote}");
        }
        // The one `<` of the data is escaped.
        assert!(page.contains("8\\u003c3=9"));
        let open = "id=\"census24-data\">";
        let start = page.find(open).unwrap() + open.len();
        let end = start + page[start..].find("</script>").unwrap();
        let json: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(json["hand"][1], "3 8");
        assert_eq!(json["solutions"][1], "3*8=2,8*3/1=4.5;8<3=9");
        assert_eq!(json["need"][1], 1);
        assert_eq!(json["time"][0], serde_json::Value::Null);
        // The time limit filters on each hand's p80, which the page carries.
        assert_eq!(json["p80"][1], 16.0);
        assert_eq!(json["p80"][0], serde_json::Value::Null);
        assert!(page.contains("id=\"f-time-limit\""));
        assert!(page.contains("p80 <= F.timeLimit"));
    }

    /// The page's controls are named by the filters' options, which its
    /// script reads from the data: a renamed option renames them all.
    #[test]
    fn the_page_spells_its_filters_as_rank_and_pick_do() {
        let page = explorer_html(&catalog());
        for flag in Flag::ALL {
            let control = match flag {
                Flag::NeedsFraction => format!("data-key=\"{}\"", flag.name()),
                _ => format!("id=\"f-{}\"", flag.name()),
            };
            assert!(page.contains(&control), "{control}");
            assert!(
                page.contains(&format!("[\"{}\",\"{}\"]", flag.field(), flag.name())),
                "{flag}"
            );
        }
    }

    #[test]
    fn the_same_catalog_gives_the_same_bytes() {
        assert_eq!(explorer_html(&catalog()), explorer_html(&catalog()));
    }
}
