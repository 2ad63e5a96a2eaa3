//! The names of every table column: the one spelling that the Parquet files,
//! the reports, `rank`, `pick` and the explorer share. A column is renamed
//! here and nowhere else (and the schema version of the table module bumped).
//!
//! The two counts of a hand's solutions are `structural` (classes of
//! expressions equal up to commutativity, associativity and the like,
//! docs/DISTINCT.md) and `dissimilar` (groups of classes a player would call
//! the same idea). The solution a hand shows is its `simplest`: the
//! structural class of least number, class 0 (see [`crate::canon::simplest`]).

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
pub const PREDICTED_TIME_S: &str = "predicted_time_s";
pub const PREDICTED_SOLVE_RATE: &str = "predicted_solve_rate";
/// The time within which 80% of the players who solve a hand do so.
pub const PREDICTED_TIME_P80_S: &str = "predicted_time_p80_s";
pub const DIFFICULTY: &str = "difficulty";
pub const TIER: &str = "tier";
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

/// Columns of `hands.parquet`, in order (types and meaning: the table module).
pub const HANDS: [&str; 18] = [
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
    PREDICTED_TIME_S,
    PREDICTED_TIME_P80_S,
    PREDICTED_SOLVE_RATE,
    DIFFICULTY,
    TIER,
    DIFFICULTY_RANK,
];

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

/// Columns of `reach.parquet`, in order.
pub const REACH: [&str; 15] = [
    HAND,
    TARGET,
    SOLVABLE,
    STRUCTURAL,
    DISSIMILAR,
    INTEGER_SOLVABLE,
    DEAL_WAYS,
    PREDICTED_TIME_S,
    PREDICTED_TIME_P80_S,
    PREDICTED_SOLVE_RATE,
    DIFFICULTY,
    TIER,
    CLOSEST,
    CLOSEST_BELOW,
    DISTANCE,
];
