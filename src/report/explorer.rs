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

use std::path::PathBuf;

use rayon::prelude::*;
use serde::Serialize;

use crate::difficulty::Tier;
use crate::difficulty::pricer::{ModelRecord, Pricer};
use crate::puzzles::catalog::{Catalog, Entry, Kept, MAX_SOLVED_CARDS, shape};
use crate::puzzles::filter::{Figures, Flag};
use crate::puzzles::ops::Ops;
use crate::puzzles::pick::DEFAULT_SEED;
use crate::puzzles::pick::{played_note, short_set_words};
use crate::puzzles::sheet::{SHEET_STYLE, escape, game_rule, games_title, pretty};
use crate::report::sets::{PAGE_PER_END, SMALL_DECK, SetCounts, page_sets, rank_args};
use crate::tables::layout::ReachKey;
use crate::tables::registry::large_sets::CHECKED_SETS;
use crate::tables::registry::large_sets::{LARGE_IN_SET, LargeKey};
use crate::tasks::{MIN_CANDIDATES, Task};

/// The head and header every page shares, up to its filters' form.
macro_rules! page {
    ($rest:literal) => {
        concat!(include_str!("explorer/top.html"), include_str!($rest))
    };
}
const PAGE: &str = page!("explorer/page.html");
const STYLE: &str = include_str!("explorer/style.css");
const SCRIPT: &str = include_str!("explorer/app.js");

/// What every page says of its table.
#[derive(Serialize)]
struct Head {
    /// `hands` (the hands of one target) or `games` (a hand and a target
    /// each, from a reach table): what the script shows.
    mode: &'static str,
    title: String,
    family: String,
    partition: String,
    k: usize,
    /// The options that name this table's game on the command line.
    table_args: String,
    /// Which model priced the figures and how it was validated, or that
    /// they are extrapolated ([`Pricer::note`]).
    model: String,
    tiers: Vec<&'static str>,
    /// Seconds at which each tier begins.
    tier_from: [f64; 4],
    /// The hand filters `rank` and `pick` share, each `[field, option]`
    /// ([`Flag::field`], [`Flag::name`]): the page's address and the pick
    /// command it shows spell them so.
    flags: Vec<[&'static str; 2]>,
}

impl Head {
    fn new(
        mode: &'static str,
        title: String,
        family: String,
        partition: PathBuf,
        k: usize,
        table_args: String,
        model: String,
    ) -> Head {
        Head {
            mode,
            title,
            family,
            partition: partition.display().to_string(),
            k,
            table_args,
            model,
            tiers: Tier::ALL.iter().map(|t| t.name()).collect(),
            tier_from: [0.0, Tier::MEDIUM_FROM, Tier::HARD_FROM, Tier::EXPERT_FROM],
            flags: Flag::ALL.iter().map(|f| [f.field(), f.name()]).collect(),
        }
    }
}

/// The difficulty model's figures of each hand or game, the columns the
/// filters on time, tier and dissimilar count read.
#[derive(Default, Serialize)]
struct Columns {
    time: Vec<Option<f64>>,
    /// Predicted time within which 80% of the players who solve it do so.
    p80: Vec<Option<f64>>,
    rate: Vec<Option<f64>>,
    difficulty: Vec<Option<f64>>,
    tier: Vec<Option<u8>>,
    dissimilar: Vec<Option<u32>>,
}

impl Columns {
    /// The columns of rows whose figures are `f`.
    fn of<T>(rows: &[T], f: impl Fn(&T) -> Figures) -> Columns {
        let mut c = Columns::default();
        for figures in rows.iter().map(f) {
            let p = figures.prediction;
            c.time.push(p.map(|p| p.time_s));
            c.p80.push(p.map(|p| p.time_p80_s));
            c.rate.push(p.map(|p| p.solve_rate));
            c.difficulty.push(p.map(|p| p.difficulty));
            c.tier.push(p.map(|p| p.tier as u8));
            c.dissimilar.push(figures.dissimilar);
        }
        c
    }
}

/// The table as the page's script reads it: one array per column, indexed
/// by the hand's position in the table.
#[derive(Serialize)]
struct Data<'a> {
    #[serde(flatten)]
    head: Head,
    target: String,
    /// `all`, `easiest` or `none`: which solutions `solutions` holds.
    kept: &'static str,
    ops: Vec<&'static str>,
    hand: Vec<&'a str>,
    solvable: Vec<u8>,
    #[serde(flatten)]
    figures: Columns,
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
    /// Each hand's figures as played within add-sub and within product
    /// ([`Entry::within`], as `pick` chooses and shows a set restricted to
    /// them: [`crate::puzzles::pick::as_played`]), `[seconds, tier, p80
    /// seconds, dissimilar, solve rate]`; null for a hand of a larger class,
    /// and for every hand of a table past [`MAX_SOLVED_CARDS`] cards.
    played: [Vec<Option<Played>>; 2],
    /// What a sheet says of its figures at each level: that they are for
    /// play with its operations ([`played_note`]), or for a table past
    /// [`MAX_SOLVED_CARDS`] cards that they are the full game's.
    played_note: [Option<String>; 3],
    /// Why a set is shorter than asked, without and with "no two solved
    /// alike", `{n}` for its size: `pick`'s words ([`short_set_words`]).
    short_set: [&'static str; 2],
}

/// The operations a puzzle set's answers may use, as the page offers them
/// ([`Ops::allowed`] of its `--ops` filter).
const LEVELS: [Ops; 3] = [Ops::AddSub, Ops::Product, Ops::Fraction];

/// A hand's figures as played within some operations: predicted time,
/// tier, p80 time, dissimilar solutions and solve rate.
type Played = (f64, u8, f64, Option<u32>, f64);

/// Each hand's figures as played within `level`: for the hands of a class
/// within it, when the table is small enough to solve again in memory
/// (its page solves each such hand once more, as `pick` does) and the
/// model that priced it is at hand (`pricer`).
fn played(catalog: &Catalog, level: Ops, pricer: Option<&Pricer>) -> Vec<Option<Played>> {
    let Some(pricer) = pricer.filter(|_| catalog.id.k <= MAX_SOLVED_CARDS) else {
        return vec![None; catalog.hands.len()];
    };
    catalog
        .hands
        .par_iter()
        .map(|e| {
            if e.ops.is_none_or(|o| o > level) {
                return None;
            }
            let e = e.within_priced(level, &catalog.id, pricer).ok()?;
            let p = e.prediction?;
            Some((
                p.time_s,
                p.tier as u8,
                p.time_p80_s,
                e.dissimilar,
                p.solve_rate,
            ))
        })
        .collect()
}

/// [`played_note`] at `level`, or for a table [`played`] does not solve
/// again (too large, or priced by a model only its manifest names) the
/// words that say its sheets show the full game's figures.
fn note(catalog: &Catalog, level: Ops, solved: bool) -> Option<String> {
    let note = played_note(level)?;
    if solved && catalog.id.k <= MAX_SOLVED_CARDS {
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
    catalog.id.title()
}

/// The explorer page of a table whose figures the catalog's model priced
/// ([`Catalog::model`]), else the model its manifest `recorded`, else the
/// built-in model. Play within some operations is priced again by the
/// same model, so a page whose model is only recorded (not at hand) shows
/// the full game's figures there.
pub fn explorer_html(catalog: &Catalog, recorded: Option<&ModelRecord>) -> String {
    let h = &catalog.hands;
    let game = catalog.id.game();
    let pricer = match (&catalog.model, recorded) {
        (Some(p), _) => Some(p.as_ref()),
        (None, Some(_)) => None,
        (None, None) => Some(Pricer::shipped()),
    };
    let model = match (recorded, pricer) {
        (Some(r), _) => r.note(&game),
        (None, p) => p.unwrap_or_else(|| Pricer::shipped()).note(&game),
    };
    let data = Data {
        head: Head::new(
            "hands",
            title(catalog),
            catalog.id.family_title(),
            catalog.id.partition(),
            catalog.id.k,
            catalog.id.args(),
            model,
        ),
        target: catalog.id.target.to_string(),
        kept: match catalog.kept {
            Kept::All => "all",
            Kept::Simplest => "easiest",
            Kept::None => "none",
        },
        ops: Ops::ALL.iter().map(|o| o.name()).collect(),
        hand: h.iter().map(|e| e.hand.as_str()).collect(),
        solvable: h.iter().map(|e| u8::from(e.solvable)).collect(),
        figures: Columns::of(h, Figures::of),
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
        played: [
            played(catalog, Ops::AddSub, pricer),
            played(catalog, Ops::Product, pricer),
        ],
        played_note: LEVELS.map(|l| note(catalog, l, pricer.is_some())),
        short_set: [short_set_words(false), short_set_words(true)],
    };
    fill(
        &data.head.title,
        &serde_json::to_string(&data).expect("explorer data serializes"),
    )
}

/// The page around its data: the template with its title, styles, data and
/// script.
fn fill(title: &str, json: &str) -> String {
    fill_in(PAGE, SCRIPT, title, json)
}

/// [`fill`] with another template and script.
fn fill_in(page: &str, script: &str, title: &str, json: &str) -> String {
    // `<` never occurs outside JSON strings, and inside one `\u003c` reads
    // the same: the data can never close its script element.
    let json = json.replace('<', "\\u003c");
    let mut out = String::with_capacity(page.len() + STYLE.len() + script.len() + json.len());
    let mut rest = page;
    for (marker, text) in [
        ("{{title}}", escape(title)),
        ("{{style}}", format!("{STYLE}{SHEET_STYLE}")),
        ("{{data}}", json),
        ("{{script}}", script.to_string()),
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

/// A reach table's games as the page's script reads them: one array per
/// column, indexed by the game's place in the draw.
#[derive(Serialize)]
struct GamesData<'a> {
    #[serde(flatten)]
    head: Head,
    /// The table's solvable games that the deck deals.
    games: usize,
    /// Whether every `pick` draws every game of the table (it has at most
    /// [`MIN_CANDIDATES`]): a set shorter than asked is then `pick`'s too.
    all_drawn: bool,
    /// The seed of the draw the page holds (`pick`'s default).
    seed: u32,
    /// How the game is played, as a sheet says it ([`game_rule`]).
    rule: String,
    /// A sheet's title: the game's ([`games_title`]).
    sheet_title: String,
    hand: Vec<&'a str>,
    target: Vec<i64>,
    #[serde(flatten)]
    figures: Columns,
    /// The simplest solution as a sheet prints it (`× ÷ −`).
    answer: Vec<String>,
    /// The same solution as steps, one a line.
    steps: Vec<&'a str>,
}

/// The explorer page of the reach table `key` of `rows` games: the first
/// of its `games` solvable games that `pick` draws ([`crate::report::games::drawn`], `drawn` in draw
/// order), to filter, sort, open and make puzzle sets from.
/// `model` says which model priced their figures ([`Pricer::note`]).
pub fn games_html(
    key: &ReachKey,
    drawn: &[Task],
    games: usize,
    rows: usize,
    model: String,
) -> String {
    let data = GamesData {
        head: Head::new(
            "games",
            key.title(),
            key.family_title(),
            key.partition(),
            key.k,
            key.args(),
            model,
        ),
        games,
        all_drawn: rows as u64 <= MIN_CANDIDATES,
        seed: DEFAULT_SEED,
        rule: game_rule(&key.game()),
        sheet_title: games_title(&key.game()),
        hand: drawn.iter().map(|t| t.hand.as_str()).collect(),
        target: drawn.iter().map(|t| t.target).collect(),
        figures: Columns::of(drawn, |t| Figures {
            prediction: t.predicted.0,
            dissimilar: t.dissimilar,
        }),
        answer: drawn
            .iter()
            .map(|t| pretty(t.simplest.as_deref().unwrap_or_default()))
            .collect(),
        steps: drawn
            .iter()
            .map(|t| t.steps.as_deref().unwrap_or_default())
            .collect(),
    };
    fill(
        &data.head.title,
        &serde_json::to_string(&data).expect("explorer data serializes"),
    )
}

/// The template and script of a census of large sets' page.
const SETS_PAGE: &str = page!("explorer/sets.html");
const SETS_SCRIPT: &str = include_str!("explorer/sets.js");

/// A census of large sets as its page's script reads it: one entry per
/// set the page holds, in order of rank over every game.
#[derive(Serialize)]
struct SetsData {
    title: String,
    /// `every set of four from 11..100, targets 100..999`.
    census: String,
    partition: String,
    /// The `rank` options that rank the census's sets.
    args: String,
    /// `--targets` of a set's games when they are not the show's.
    targets: Option<String>,
    /// The small tiles of a set's deck, before its large numbers.
    small: &'static str,
    /// The census's sets, and how many of each end per measure the page holds.
    sets: usize,
    per_end: usize,
    /// Every set's games with 0 to 4 large tiles.
    games: [u64; LARGE_IN_SET + 1],
    large: Vec<[i64; LARGE_IN_SET]>,
    solvable: Vec<[u64; LARGE_IN_SET + 1]>,
    /// Ranks over every game, then with 1 to 4 large tiles (1: the hardest).
    rank: Vec<[usize; LARGE_IN_SET + 1]>,
}

/// The explorer page of the census `key` of large sets (`sets`, table
/// order): the sets of [`page_sets`] to filter by the numbers they hold and
/// order by each share. None for a census of chosen sets.
pub fn sets_html(key: &LargeKey, sets: &[SetCounts]) -> Option<String> {
    let args = rank_args(key)?;
    // The show's set (the first checked set) is always on the page.
    let page = page_sets(sets, PAGE_PER_END, &[CHECKED_SETS[0]]);
    let t = key.targets;
    let data = SetsData {
        title: "Countdown with other large numbers".to_string(),
        census: format!("{}, targets {}", key.sets, key.targets),
        partition: key.partition().to_string_lossy().replace('\\', "/"),
        args,
        targets: ((t.lo, t.hi) != (100, 999)).then(|| format!("{}..{}", t.lo, t.hi)),
        small: SMALL_DECK,
        sets: sets.len(),
        per_end: PAGE_PER_END,
        games: sets.first().map_or([0; LARGE_IN_SET + 1], |s| s.games),
        large: page.iter().map(|p| sets[p.index].numbers).collect(),
        solvable: page.iter().map(|p| sets[p.index].solvable).collect(),
        rank: page.iter().map(|p| p.ranks).collect(),
    };
    Some(fill_in(
        SETS_PAGE,
        SETS_SCRIPT,
        &data.title,
        &serde_json::to_string(&data).expect("explorer data serializes"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Prediction;
    use crate::puzzles::catalog::{Group, Variant};
    use crate::tables::layout::TableKey;

    fn entry(hand: &str, groups: Vec<Vec<(&str, f64)>>) -> Entry {
        Entry {
            hand: hand.into(),
            cards: hand.split(' ').map(|c| c.parse().unwrap()).collect(),
            solvable: !groups.is_empty(),
            prediction: (!groups.is_empty()).then_some(Prediction {
                time_s: 12.5,
                time_p80_s: 16.0,
                solve_rate: 0.875,
                difficulty: 49.5,
                tier: Tier::Hard,
            }),
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
            model: None,
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
        let page = explorer_html(&catalog(), None);
        assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..40]);
        assert!(!page.contains("{{"), "a marker is left");
        assert!(page.contains("<title>The 24 game: target 24 with 2 cards</title>"));
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
        let page = explorer_html(&catalog(), None);
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
    fn a_census_of_a_range_of_sets_has_a_page_and_one_of_chosen_sets_none() {
        use crate::game::deck::ValueRange;
        use crate::game::targets::TargetRange;
        use crate::tables::registry::large_sets::LargeSets;
        let sets: Vec<SetCounts> = (0..3)
            .map(|i| SetCounts {
                numbers: [11 + i, 20, 30, 40],
                games: [10; 5],
                solvable: [9 - i as u64; 5],
            })
            .collect();
        let targets = TargetRange::new(100, 999).unwrap();
        let chosen = LargeKey {
            sets: LargeSets::chosen(&[vec![25, 50, 75, 100]]).unwrap(),
            targets,
        };
        assert_eq!(sets_html(&chosen, &sets), None);
        let range = LargeKey {
            sets: LargeSets::Range(ValueRange::new(11, 40).unwrap()),
            targets,
        };
        let page = sets_html(&range, &sets).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>") && !page.contains("{{"));
        let open = "id=\"census24-data\">";
        let start = page.find(open).unwrap() + open.len();
        let end = start + page[start..].find("</script>").unwrap();
        let json: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(json["args"], "--game countdown --large-sets 11..40");
        assert_eq!(json["large"][0], serde_json::json!([13, 20, 30, 40]));
        assert_eq!(json["rank"][2], serde_json::json!([3, 3, 3, 3, 3]));
    }

    #[test]
    fn the_same_catalog_gives_the_same_bytes() {
        assert_eq!(
            explorer_html(&catalog(), None),
            explorer_html(&catalog(), None)
        );
    }
}
