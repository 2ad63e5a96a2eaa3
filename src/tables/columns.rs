//! The names of every table column: the one spelling that the Parquet files,
//! the reports, `rank`, `pick` and the explorer share. A column is renamed
//! here and nowhere else (and the schema version of the table module bumped).
//!
//! The two counts of a hand's solutions are `structural` (classes of
//! expressions equal up to commutativity, associativity and the like,
//! docs/DISTINCT.md) and `dissimilar` (groups of classes a player would call
//! the same idea). The solution a hand shows is its `simplest`: the
//! structural class of least number, class 0 (see [`crate::canon::simplest`]).

use crate::difficulty::figures;

pub const HAND: &str = "hand";
pub const CARDS: &str = "cards";
pub const TARGET: &str = "target";
pub const SOLVABLE: &str = "solvable";
pub const STRUCTURAL: &str = "structural";
pub const DISSIMILAR: &str = "dissimilar";
pub const INTEGER_SOLVABLE: &str = "integer_solvable";
pub const NEEDS_FRACTION: &str = "needs_fraction";
pub const SMALLEST_PEAK: &str = "smallest_peak";
pub const SMALLEST_PEAK_F64: &str = "smallest_peak_f64";
pub const SIMPLEST: &str = "simplest";
pub const DEAL_WAYS: &str = "deal_ways";
pub const DEAL_PROBABILITY: &str = "deal_probability";
// A prediction's columns are its figures' (difficulty::figures): named
// here for the code that reads one of them in particular.
pub const PREDICTED_TIME_S: &str = figures::TIME_S.name;
pub const PREDICTED_SOLVE_RATE: &str = figures::SOLVE_RATE.name;
/// The time within which 80% of the players who solve a hand do so.
pub const PREDICTED_TIME_P80_S: &str = figures::TIME_P80_S.name;
pub const DIFFICULTY: &str = figures::DIFFICULTY.name;
pub const TIER: &str = figures::TIER;
pub const DIFFICULTY_RANK: &str = "difficulty_rank";

pub const CLASS: &str = "class";
pub const EXPRESSION: &str = "expression";
pub const CANONICAL: &str = "canonical";
pub const DISSIMILAR_GROUP: &str = "dissimilar_group";
pub const USES_FRACTION: &str = "uses_fraction";
pub const PEAK: &str = "peak";
pub const PEAK_F64: &str = "peak_f64";
pub const ADDS: &str = "adds";
pub const SUBS: &str = "subs";
pub const MULS: &str = "muls";
pub const DIVS: &str = "divs";
pub const DEPTH: &str = "depth";
pub const COMPLEXITY: &str = "complexity";

pub const CLOSEST: &str = "closest";
pub const CLOSEST_BELOW: &str = "closest_below";
pub const DISTANCE: &str = "distance";

pub const LARGE: &str = "large";
pub const LARGE_TILES: &str = "large_tiles";
pub const GAMES: &str = "games";
pub const WITHIN_5: &str = "within_5";
pub const WITHIN_10: &str = "within_10";
pub const GAMES_WEIGHTED: &str = "games_weighted";
pub const SOLVABLE_WEIGHTED: &str = "solvable_weighted";
pub const WITHIN_5_WEIGHTED: &str = "within_5_weighted";
pub const WITHIN_10_WEIGHTED: &str = "within_10_weighted";

// Columns `rank` prints beside a table's own: a row's place in the
// ranking; for sets of large numbers, their shares of games solved exactly
// (all, then with 1 to 4 large tiles) and the deck that plays the set.
pub const RANK: &str = "rank";
pub const SOLVABLE_SHARES: [&str; 5] = [
    "solvable_share",
    "solvable_share_1",
    "solvable_share_2",
    "solvable_share_3",
    "solvable_share_4",
];
pub const DECK: &str = "deck";

// Columns of the summary of a census of large sets (`sets.parquet`,
// tables::large_summary), by index: a set's numbers ascending (the first
// is `large_1`), then its games solved exactly and the games there are,
// each by how many of its large tiles the selection holds (0 to 4).
pub const SET_LARGE: [&str; 4] = ["large_1", "large_2", "large_3", "large_4"];
pub const SET_SOLVABLE: [&str; 5] = [
    "solvable_0",
    "solvable_1",
    "solvable_2",
    "solvable_3",
    "solvable_4",
];
pub const SET_GAMES: [&str; 5] = ["games_0", "games_1", "games_2", "games_3", "games_4"];

/// Columns of `large_sets.parquet`, in order.
pub const LARGE_SETS: [&str; 10] = [
    LARGE,
    LARGE_TILES,
    GAMES,
    SOLVABLE,
    WITHIN_5,
    WITHIN_10,
    GAMES_WEIGHTED,
    SOLVABLE_WEIGHTED,
    WITHIN_5_WEIGHTED,
    WITHIN_10_WEIGHTED,
];

/// Columns of `hands.parquet`, in order (types: the table module): the
/// hand's own, its prediction's ([`figures::names`]), its place.
pub fn hands() -> Vec<&'static str> {
    [
        &[
            HAND,
            CARDS,
            SOLVABLE,
            STRUCTURAL,
            DISSIMILAR,
            INTEGER_SOLVABLE,
            NEEDS_FRACTION,
            SMALLEST_PEAK,
            SMALLEST_PEAK_F64,
            SIMPLEST,
            DEAL_WAYS,
            DEAL_PROBABILITY,
        ][..],
        &figures::names(),
        &[DIFFICULTY_RANK],
    ]
    .concat()
}

/// Columns of `solutions.parquet`, in order.
pub const SOLUTIONS: [&str; 14] = [
    HAND,
    CLASS,
    EXPRESSION,
    CANONICAL,
    DISSIMILAR_GROUP,
    USES_FRACTION,
    PEAK,
    PEAK_F64,
    ADDS,
    SUBS,
    MULS,
    DIVS,
    DEPTH,
    COMPLEXITY,
];

/// Columns of `reach.parquet`, in order: the game's own, its
/// prediction's ([`figures::names`]), how near it comes.
pub fn reach() -> Vec<&'static str> {
    [
        &[
            HAND,
            TARGET,
            SOLVABLE,
            STRUCTURAL,
            DISSIMILAR,
            INTEGER_SOLVABLE,
            DEAL_WAYS,
        ][..],
        &figures::names(),
        &[CLOSEST, CLOSEST_BELOW, DISTANCE],
    ]
    .concat()
}

/// What each column means, with its unit and when it is null: the one
/// place a column is explained. `DATA/README.md` (written by `census24
/// report`, [`crate::report::data_index`]) shows it beside each column's
/// type; a test fails when a shipped column has no entry.
pub const MEANINGS: &[(&str, &str)] = &[
    (
        HAND,
        "the cards ascending, space separated: `1 3 4 6` (the join key)",
    ),
    (CARDS, "the same cards as numbers"),
    (TARGET, "the target of this row"),
    (
        SOLVABLE,
        "some expression reaches the target under the table's rules (a proof by exhaustion when false)",
    ),
    (
        "large_sets.parquet:solvable",
        "games whose target some expression reaches exactly",
    ),
    (
        STRUCTURAL,
        "structural classes of solutions (docs/DISTINCT.md); left out where solutions are not counted (`--no-solutions`)",
    ),
    (
        DISSIMILAR,
        "dissimilar solutions (docs/DISTINCT.md); left out where solutions are not counted",
    ),
    (INTEGER_SOLVABLE, "solvable with integer intermediates only"),
    (NEEDS_FRACTION, "solvable, but only through a fraction"),
    (
        SMALLEST_PEAK,
        "over all solutions, the least largest absolute intermediate, exact (`p/q`); null when unsolvable, left out where solutions are not counted",
    ),
    (SMALLEST_PEAK_F64, "`smallest_peak` as a float"),
    (
        SIMPLEST,
        "the simplest solution: class 0 of solutions.parquet (the first the search finds where classes are not listed); empty when none",
    ),
    (
        DEAL_WAYS,
        "deals that produce this hand from the table's deck (with a dealt objective, of this hand and then this target card: 0 for a pair the deck cannot deal, so `deal_ways > 0` flags the games it deals); the same on every row of a hand otherwise",
    ),
    (DEAL_PROBABILITY, "`deal_ways` / all deals of K cards"),
    (
        DIFFICULTY_RANK,
        "place in the table by predicted time, 1 the slowest, ties share; null with `predicted_time_s`",
    ),
    (
        CLASS,
        "position among the hand's structural classes, simplest first",
    ),
    (
        EXPRESSION,
        "the class's solution, readable infix, fewest parentheses",
    ),
    (
        CANONICAL,
        "the canonical form of the class (docs/DISTINCT.md)",
    ),
    (
        DISSIMILAR_GROUP,
        "which dissimilar solution of the hand the class belongs to",
    ),
    (USES_FRACTION, "some intermediate is not an integer"),
    (PEAK, "the largest absolute intermediate, exact (`p/q`)"),
    (PEAK_F64, "`peak` as a float"),
    (ADDS, "additions in the expression"),
    (SUBS, "subtractions in the expression"),
    (MULS, "multiplications in the expression"),
    (DIVS, "divisions in the expression"),
    (DEPTH, "height of the expression tree"),
    (
        COMPLEXITY,
        "hand-priced effort of finding this solution, an input of the difficulty model (docs/DIFFICULTY.md)",
    ),
    (
        CLOSEST,
        "the reachable value nearest the target, the smaller on a tie; null when solvable; only in tables under natural rules",
    ),
    (
        CLOSEST_BELOW,
        "the largest reachable value below the target; null when solvable or when there is none; only in tables under natural rules",
    ),
    (
        DISTANCE,
        "`|closest - target|`, 0 when solvable; only in tables under natural rules",
    ),
    (
        LARGE,
        "the four large numbers of the set, ascending: `25 50 75 100`",
    ),
    (
        LARGE_TILES,
        "how many of the set's large tiles the six tiles of this row's games hold (0 to 4)",
    ),
    (GAMES, "games (selection of six tiles and target) counted"),
    (
        WITHIN_5,
        "games whose target some expression comes within 5 of",
    ),
    (
        WITHIN_10,
        "games whose target some expression comes within 10 of",
    ),
    (GAMES_WEIGHTED, "games weighted by the odds of their draw"),
    (
        SOLVABLE_WEIGHTED,
        "solved games weighted by the odds of their draw",
    ),
    (
        WITHIN_5_WEIGHTED,
        "`within_5` weighted by the odds of the draw",
    ),
    (
        WITHIN_10_WEIGHTED,
        "`within_10` weighted by the odds of the draw",
    ),
    // The per-set summary of the census of large sets (data/large-sets/,
    // tables::large_summary): one row per set.
    (SET_LARGE[0], "the set's smallest large number"),
    (SET_LARGE[1], "the set's second large number"),
    (SET_LARGE[2], "the set's third large number"),
    (SET_LARGE[3], "the set's largest large number"),
    (
        SET_SOLVABLE[0],
        "games with no large tile (six small tiles) solved exactly",
    ),
    (
        SET_SOLVABLE[1],
        "games with one of the set's large tiles solved exactly",
    ),
    (
        SET_SOLVABLE[2],
        "games with two of the set's large tiles solved exactly",
    ),
    (
        SET_SOLVABLE[3],
        "games with three of the set's large tiles solved exactly",
    ),
    (
        SET_SOLVABLE[4],
        "games with all four of the set's large tiles solved exactly",
    ),
    (
        SET_GAMES[0],
        "games with no large tile: the same on every row (`solvable_0 / games_0` is the set's share)",
    ),
    (
        SET_GAMES[1],
        "games with one of the set's large tiles (every row)",
    ),
    (
        SET_GAMES[2],
        "games with two of the set's large tiles (every row)",
    ),
    (
        SET_GAMES[3],
        "games with three of the set's large tiles (every row)",
    ),
    (
        SET_GAMES[4],
        "games with all four of the set's large tiles (every row)",
    ),
    // The atlas's CSV files (data/atlas/, `census24 cover`).
    (
        "deck",
        "the deck: `x4` (one 52-card deck) or `none` (independent draws)",
    ),
    ("max_k", "the largest hand size the cover looked at"),
    (
        "smallest_k",
        "the smallest hand size from which every hand makes the target; null (an empty field) when none up to `max_k`",
    ),
    (
        "witness_k",
        "the largest hand size with a hand that cannot make the target",
    ),
    ("witness_hand", "such a hand of `witness_k` cards"),
    ("k", "the hand size"),
    ("shares.csv:hands", "the hands of `k` cards (multisets)"),
    (
        "shares.csv:solvable",
        "the hands of `k` cards that make the target",
    ),
    (
        "deal_share",
        "the share of deals of `k` cards whose hand makes the target",
    ),
];

/// The hive keys of every table's folder, in order, and what each names.
pub const HIVE_KEYS: [(&str, &str); 6] = [
    (
        "rules",
        "which intermediate results are allowed: `rational` (fractions), `integer`, `natural` (whole, from 0), `positive` (whole, from 1)",
    ),
    (
        "use",
        "`all` (every card once) or `any` (any selection of the cards, each at most once)",
    ),
    (
        "targets",
        "the targets: `24-24` for one target, `1-999` for every whole target of a range, `dealt-1-25` for a target dealt from the deck (Krypto's objective card)",
    ),
    ("values", "the card values, an inclusive range: `1-13`"),
    (
        "deck",
        "the deck hands are dealt from: `x4` (four copies of each value), `none` (independent draws), or a named deck (`countdown`, `krypto`)",
    ),
    ("k", "cards per hand (a number)"),
];

/// The meaning of column `name` of the file named `file`, if it has one
/// in [`MEANINGS`] (its entry for that file, `file:name`, first, else its
/// own) or is a prediction's ([`figures`]).
pub fn meaning(file: &str, name: &str) -> Option<&'static str> {
    let of = |key: &str| MEANINGS.iter().find(|(n, _)| *n == key).map(|(_, m)| *m);
    let predicted = || match name {
        TIER => Some(figures::TIER_MEANING),
        _ => figures::figure(name).map(|f| f.meaning),
    };
    of(&format!("{file}:{name}"))
        .or_else(|| of(name))
        .or_else(predicted)
}
