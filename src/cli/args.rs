//! Command-line arguments as clap structs. Doc comments are the help text.
//! Nothing here decides anything: each subcommand turns its arguments into a
//! validated config (see `cmd/`) that the library takes.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::canon::Distinct;
use crate::difficulty::Tier;
use crate::game::family::{Game, Objective, Targets};
use crate::game::grade::Format;
use crate::game::number::Q;
use crate::game::presets::{self, Choice, Preset};
use crate::game::rules::{Rules, Use};
use crate::game::targets::TargetRange;
use crate::puzzles::filter::HandFilter;
use crate::puzzles::ops::Ops;
use crate::report::atlas;
use crate::solve::Closest;
use crate::tables::enumerate::{Deck, ValueRange};
use crate::tables::layout::Shard;

/// Settle the 24 game family by exhaustion: exact solver, distinct-solution
/// census, Parquet tables and difficulty reports.
#[derive(Debug, Parser)]
#[command(name = "census24", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one hand (or one hand per line with --stdin).
    ///
    /// Prints the hand's simplest solution as an infix expression (the
    /// `simplest` of the tables; past 7 cards, the first the search finds).
    /// Exit status: 0 when every hand is solved, 1 when some hand has no
    /// solution, 2 on bad input, 3 when a search gave up at its step limit
    /// (--max-steps) or a big hand stayed undecided.
    ///
    /// Limits: cards and targets fit in 64 bits, and (|numerator|+denominator
    /// of the target) x product of (|card|+1) stays below 2^63; up to 12
    /// cards are solved exactly, 13 to 64 by the big-hand solver; an
    /// exhaustive search stops after 30000000 steps (seconds, --max-steps)
    /// rather than run for hours (hands of 9 or more different cards whose
    /// target is out of reach, --closest over 9 or more); --all takes up to 8
    /// cards, --distinct none up to 7; --stdin lines up to 65536 bytes.
    #[command(allow_negative_numbers = true)]
    Solve(SolveArgs),
    /// Grade answers: is each expression a correct solution of its hand?
    ///
    /// `census24 check 3 3 8 8 -- "8/(3-8/3)"`, or `census24 check --hand
    /// "3 3 8 8" "8/(3-8/3)"`, or one answer per line with --stdin. Prints
    /// `correct`, or `wrong: ` and the first fault: text that is not an
    /// expression (no unary minus, decimals or implicit multiplication; `×
    /// ÷ −` and spaces are fine), a number not in the hand, used too often
    /// or left over, a division by zero or an intermediate the rules forbid,
    /// or the wrong value. Arithmetic is exact. Exit status: 0 when every
    /// answer is correct, 1 when some is wrong, 2 on bad input (a hand that
    /// is not cards, a --stdin line that is not JSON).
    #[command(allow_negative_numbers = true)]
    Check(CheckArgs),
    /// Solve every hand of a game variant and write Parquet tables.
    ///
    /// Writes OUT/rules=R/use=all/targets=T-T/values=LO-HI/deck=D/k=K/ with
    /// hands.parquet, solutions.parquet and manifest.json (deck=x4 for four
    /// copies of each value; a fractional target p/q is written p_q). Finished chunks are kept as the sweep goes, so
    /// running the same command after an interruption resumes it. The same
    /// options always write the same bytes, whatever the thread count.
    ///
    /// Limits: hands of 1 to 7 cards (12 with --no-solutions), at most
    /// 10000000 hands per sweep (counted before any is listed).
    #[command(allow_negative_numbers = true)]
    Sweep(SweepArgs),
    /// Join complete sets of shard parts (written by `sweep --shard I/N`)
    /// into the tables a single run writes, byte for byte, and remove the parts.
    Merge(MergeArgs),
    /// Write a markdown report with SVG charts and an explorer page for every table under --data.
    ///
    /// Each table in DATA/<partition>/ gets OUT/<partition>/README.md with
    /// charts beside it (share solvable by hand size and by card value,
    /// distinct solution counts, difficulty tiers, deal odds) and lists (the
    /// hardest hands, fraction-only hands, hands with one solution,
    /// unsolvable hands), and OUT/<partition>/explorer.html: one
    /// self-contained page to filter, sort and open every hand and make
    /// puzzle sets in a browser. OUT/README.md indexes them and compares
    /// hand sizes; DATA/README.md indexes the tables (each file kind's
    /// columns and the glob that reads it in one scan).
    Report(ReportArgs),
    /// Rank the solvable hands of one table by predicted solve time (slowest first).
    ///
    /// Reads DATA/rules=R/use=all/targets=T-T/values=LO-HI/deck=D/k=K/hands.parquet,
    /// written by `census24 sweep` with the same options. Predicted time and
    /// solve rate, difficulty, tiers and ranks are defined in
    /// docs/DIFFICULTY.md.
    ///
    /// The games of a reach table are ranked when the game has no table of
    /// its own: a target or range of Countdown or Krypto (--game countdown
    /// --target 952), or a target of the reach table (--hand-size 4
    /// --target 10). Each game (hand and target) is worked out again as
    /// `census24 tasks` works it out; more games than one run works out end
    /// with exit 3, naming the limit. --needs-fraction and --ops need a
    /// solutions table and are refused there.
    ///
    /// With --game countdown --large-sets LO..HI, the sets of four large
    /// numbers of that census are ranked instead (the shipped one:
    /// 11..100), hardest first by the share of their games solved exactly,
    /// with the deck that plays each set (`pick --game countdown --deck`).
    ///
    /// With --model FILE the hands (or games) are priced by that model
    /// (`calibrate --play`) instead of the table's figures: each solved
    /// again, placed and filtered by the new figures.
    #[command(allow_negative_numbers = true)]
    Rank(RankArgs),
    /// Choose a puzzle set: N hands of one table, by tier, predicted time and
    /// the operations they need, listed easy to hard.
    ///
    /// Reads the table as `rank` does. Without --spread the hands are drawn
    /// at random; with it, one from each of N equal slices of the matching
    /// hands ordered by predicted time. The same options and --seed give the
    /// same set every time; the explorer page's "Make puzzle set" button
    /// gives the same set for the same filters. The operation classes
    /// (--ops) are defined in docs/EXPLORER.md. Exit status 1 when no hand
    /// passes the filters.
    ///
    /// A game of many targets (--game countdown, --game krypto, --targets
    /// LO..HI) is picked from its reach table: games (hand and target)
    /// drawn by the seed, each solved again and listed easy to hard with
    /// its simplest solution and predicted difficulty (--format jsonl: as
    /// `census24 tasks` writes them; csv and json: the columns of a hand's
    /// pick and the target); --spread, --distinct-shapes and --versions
    /// choose from a pool of the first games drawn that pass the filters (20
    /// per game asked, 200 to 20,000); --format html prints them as a
    /// sheet titled by the game, each puzzle with its target. --target T (or
    /// --targets LO..HI within the table's) picks games of those targets.
    /// A game no table holds (Countdown with other large numbers: --deck
    /// 1..10x2,12,16,18,24; Digits) is dealt as `census24 tasks` deals it,
    /// each game solved in memory.
    ///
    /// --format play writes a page that times your players on the set; its
    /// CSVs go through `census24 calibrate --play`, and --model FILE then
    /// prices picks (and rank, tasks) with the model fitted on them.
    #[command(allow_negative_numbers = true)]
    Pick(PickArgs),
    /// Make puzzles of known difficulty for training and evaluating models.
    ///
    /// Solvable puzzles of the game (or a stated share of unsolvable ones,
    /// each proven), with their simplest solution and a predicted difficulty.
    /// Deals each task's numbers and target as the game deals them (flags
    /// override the preset: --hand-sizes 3..8 --values 1..100 --deck none
    /// --targets 100..999 --use any --rules natural), keeps no task twice
    /// (nor two the same up to order), and cuts the splits so that none
    /// shares a task and each holds its share of every hand size (and tier,
    /// with --stratify). Prints JSON lines, or with --out writes a dataset
    /// folder: a Parquet file per split and a README.md dataset card that
    /// the Hugging Face `datasets` library loads. The same options and
    /// --seed give the same tasks. The difficulty model is calibrated on
    /// four-card play only (docs/BENCHMARKS.md), unless --model names one
    /// fitted on your players (`calibrate --play`). Exit status 3 when a stratum
    /// cannot be filled from the candidates a plan may draw.
    #[command(allow_negative_numbers = true)]
    Tasks(TasksArgs),
    /// Count (or list) the inequivalent expressions over N distinct operands.
    ///
    /// Operands a, b, c, ... are used once each with + - * / and parentheses;
    /// two expressions are the same when they are equal as rational functions
    /// (a+b and b+a, a-(b-c) and a-b+c, a/(b/c) and a*c/b). This is the
    /// structural level of `solve --all` when every card is different. See
    /// docs/DISTINCT.md.
    Expressions(ExpressionsArgs),
    /// List the named games that `--game` takes, each with its rules,
    /// cards, targets and scoring.
    Games,
    /// Refit the difficulty model on the players' solve times and print how
    /// well it predicts hands it did not see.
    ///
    /// Reads the measured four-card hands (--times), solves each one as the
    /// sweep does, cross-validates the model (10 folds, fixed seed) beside
    /// the hand-priced effort, fits it on every hand and writes the model
    /// file (--out), which the next build embeds. With --play, fits a model
    /// on your own players instead: the CSVs of play pages (`pick --format
    /// play`) of one game, graded and pooled per puzzle, written to --out
    /// for `--model FILE` (sweep, report, pick, tasks, rank). Exit status 2 for a bad
    /// file, a mix of games, or too few puzzles to fit. See
    /// docs/DIFFICULTY.md.
    Calibrate(CalibrateArgs),
    /// For each target of a range, the smallest hand size at which every
    /// hand makes it, and the share of hands that make a few targets at
    /// every hand size: the atlas's solved part.
    ///
    /// For the 52-card deck and for independent draws (values 1..13,
    /// rational rules), solves hands of 1 to --max-k cards in table order
    /// until one misses each target (the witness) or none does (the proof),
    /// and counts every hand for the chart's targets (1, 10, 24, 60, 97).
    /// Writes OUT/atlas/cover.csv and OUT/atlas/shares.csv, which `census24
    /// report --atlas` reads. The defaults take well under a minute on two
    /// cores.
    ///
    /// With a game named (--game, -k or --values), the cover of that game
    /// instead: its rules, values, deck and targets (--targets replaces
    /// them), every card used, printed as CSV (target, smallest_k,
    /// witness_k, witness_hand; an empty cell where there is none), e.g.
    /// `census24 cover --game krypto --rules natural`.
    Cover(CoverArgs),
    /// Print a completion script for a shell, generated from these options.
    ///
    /// bash: `census24 completions bash > ~/.local/share/bash-completion/completions/census24`;
    /// zsh: into a folder of $fpath as `_census24`; fish:
    /// `~/.config/fish/completions/census24.fish`.
    Completions(CompletionsArgs),
    /// Print the manual (roff), generated from these options: the
    /// program's page, then a page for every subcommand with all its
    /// options (`census24 man > census24.1 && man ./census24.1`); or, with
    /// --dir, write one page per command (census24.1, census24-solve.1, ...)
    /// into a folder, as a package installs them.
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write census24.1 and one census24-COMMAND.1 per subcommand into DIR
    /// (created if need be) instead of printing the whole manual.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The game's options, declared once and flattened into every command that
/// plays a game: `--game NAME` picks a preset of [`presets::PRESETS`] (24
/// by default) and each other option overrides one of its fields.
#[derive(Clone, Debug, Default, Args)]
pub struct GameArgs {
    /// The game, by a preset's name (the default: 24, four cards 1..13 to
    /// make 24); `census24 games` lists every preset with its rules. The
    /// other game options override the preset's fields.
    #[arg(long, value_name = "NAME", value_parser = parse_game, help_heading = "Game")]
    pub game: Option<&'static Preset>,

    /// The value to reach: an integer or a fraction p/q. [preset: 24]
    #[arg(long, value_parser = parse_target, allow_hyphen_values = true, help_heading = "Game")]
    pub target: Option<Q>,

    /// Every whole target from LO to HI: `sweep` writes a reach table (a
    /// row per hand and target) and `solve` lists each target the hand
    /// reaches. [preset of countdown: 100..999]
    #[arg(
        long,
        value_name = "LO..HI",
        allow_hyphen_values = true,
        conflicts_with = "target",
        help_heading = "Game"
    )]
    pub targets: Option<TargetRange>,

    /// Which intermediate results are allowed: fractions (rational), any
    /// integers (integer), whole numbers from 0 (natural), from 1
    /// (positive). [preset: rational]
    #[arg(long, value_enum, help_heading = "Game")]
    pub rules: Option<Rules>,

    /// Which cards a solution uses: every card exactly once (all), or any
    /// non-empty selection of them, each at most once (any, as in
    /// Countdown). [preset: all]
    #[arg(long = "use", value_name = "USE", value_enum, help_heading = "Game")]
    pub uses: Option<Use>,

    /// Cards per hand. [preset: 4]
    #[arg(long, short = 'k', value_name = "K", value_parser = parse_hand_size, help_heading = "Game")]
    pub hand_size: Option<usize>,

    /// Card values, an inclusive range. [preset: 1..13]
    #[arg(
        long,
        value_name = "LO..HI",
        allow_hyphen_values = true,
        help_heading = "Game"
    )]
    pub values: Option<ValueRange>,

    /// The deck hands are dealt from: N copies of each of --values (4: a
    /// 52-card deck), `none` for independent draws, the named decks
    /// `standard`, `countdown` and `krypto`, or any multiset such as
    /// 1..10x2,12,37,62,87 (its values replace --values). It caps repeats
    /// and sets the deal odds; `solve` takes hands of 13 to 64 cards from
    /// it (docs/BIG_HANDS.md). [preset: 4]
    #[arg(
        long,
        value_name = "N|none|DECK",
        allow_hyphen_values = true,
        help_heading = "Game"
    )]
    pub deck: Option<Deck>,

    /// Where the target comes from: set by the game, or dealt from the deck
    /// after the hand (Krypto's objective card: a deal's odds count the
    /// cards the hand took). [preset: set]
    #[arg(long, value_enum, help_heading = "Game")]
    pub objective: Option<ObjectiveArg>,
}

/// `--objective`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ObjectiveArg {
    Set,
    Dealt,
}

impl GameArgs {
    /// The game these options name: the preset (24 by default) with each
    /// option given replacing its field. `target` is a range game's one
    /// target when a command takes one (`--target` on a Countdown game).
    pub fn game(&self) -> Game {
        self.choice().game()
    }

    /// The preset and the fields these options set.
    pub fn choice(&self) -> Choice {
        Choice {
            preset: self.game,
            targets: self
                .targets
                .map(Targets::Range)
                .or(self.target.map(Targets::One)),
            rules: self.rules,
            uses: self.uses,
            hand_size: self.hand_size,
            values: self.values,
            deck: self.deck,
            objective: self.objective.map(|o| match o {
                ObjectiveArg::Set => Objective::Set,
                ObjectiveArg::Dealt => Objective::Dealt,
            }),
        }
    }

    /// Whether a game was named (`--game`, or its hand size or values): the
    /// hand is then held to the game's size and deck (`solve`, `check`).
    /// `--deck` alone names the deck big hands come from, not a game.
    pub fn explicit(&self) -> bool {
        self.choice().named()
    }

    /// Whether any game option was given.
    pub fn any(&self) -> bool {
        let c = self.choice();
        c.preset.is_some()
            || c.targets.is_some()
            || c.rules.is_some()
            || c.uses.is_some()
            || c.hand_size.is_some()
            || c.values.is_some()
            || c.deck.is_some()
            || c.objective.is_some()
    }
}

/// `--game NAME`: a preset of [`presets::PRESETS`].
pub fn parse_game(s: &str) -> Result<&'static Preset, String> {
    presets::preset(s).map_err(|e| e.to_string())
}

/// Parses a target: an integer or a fraction `p/q`.
pub fn parse_target(s: &str) -> Result<Q, String> {
    s.parse::<Q>().map_err(|e| e.to_string())
}

/// The most worker threads a sweep starts: far above any machine's cores,
/// and few enough to start in a moment (65,535 once took minutes).
pub const MAX_THREADS: i64 = 1024;

/// The atlas's largest hand size: 1 to [`atlas::MAX_K`].
pub fn parse_atlas_k(s: &str) -> Result<usize, String> {
    let k = parse_hand_size(s)?;
    if k > atlas::MAX_K {
        return Err(format!("{k} cards: the atlas goes up to {}", atlas::MAX_K));
    }
    Ok(k)
}

/// A hand size: a whole number of at least one card (each command then
/// checks its own upper bound, naming it).
pub fn parse_hand_size(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("hand size 0 is out of range: a hand has at least 1 card".to_string()),
        Ok(k) => Ok(k),
        Err(_) => Err(format!(
            "\"{}\" is not a number of cards",
            crate::game::error::shown(s)
        )),
    }
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Card values (any integers), e.g. `3 8 8 9`.
    #[arg(value_name = "CARD", required_unless_present = "stdin")]
    pub cards: Vec<String>,

    #[command(flatten)]
    pub game: GameArgs,

    /// When the target is unreachable, report the closest reachable value:
    /// the largest not above it (below) or the nearest; `exact` reports
    /// none. A game that scores near misses (countdown, digits) implies
    /// nearest.
    #[arg(long, value_enum)]
    pub closest: Option<Closest>,

    /// Print × ÷ − instead of * / -.
    #[arg(long)]
    pub unicode: bool,

    /// Print one JSON object per hand.
    #[arg(long)]
    pub json: bool,

    /// Read one hand per line from standard input (blank and `#` lines are
    /// skipped) and print one result per hand as it goes, in input order
    /// (`hand: expression`; with --all a block `hand: N solutions` and the
    /// solutions indented, or `hand: N` with --count). A bad line gets one
    /// error on stderr naming its line number; the others are answered.
    #[arg(long, conflicts_with = "cards")]
    pub stdin: bool,

    /// Print the first solution the search finds instead of the simplest:
    /// faster on long batches of five or more cards.
    #[arg(long, conflicts_with_all = ["all", "targets", "closest"])]
    pub first: bool,

    /// Give up a hand's exhaustive search after N steps (a step is about a
    /// tenth of a microsecond) with exit status 3 instead of an answer. Not
    /// with --all or --targets, whose enumerations have limits of their
    /// own (hand sizes).
    #[arg(long, value_name = "N", default_value_t = crate::solve::MAX_STEPS,
          value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["all", "targets"])]
    pub max_steps: u64,

    /// Print every solution, one per line, simplest first, one per class at
    /// the --distinct level (`no solution` and exit status 1 when there is
    /// none). Hands of at most 8 cards. With --json, one object per hand
    /// with `count` and `solutions`.
    #[arg(long, conflicts_with = "closest")]
    pub all: bool,

    /// With --all or --targets: which solutions count as the same (see docs/DISTINCT.md).
    /// [default: dissimilar]
    #[arg(long, value_enum)]
    pub distinct: Option<Distinct>,

    /// With --all: print only the number of solutions at the --distinct level.
    /// With --targets: each target's number of solutions at that level.
    #[arg(long)]
    pub count: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The hand's cards, then `--` and the answer (or, with --hand, the
    /// answer alone).
    #[arg(value_name = "CARDS|ANSWER", conflicts_with = "stdin")]
    pub words: Vec<String>,

    /// The answer, after `--`.
    #[arg(last = true, value_name = "ANSWER")]
    pub answer: Vec<String>,

    /// The hand as one argument: `--hand "3 3 8 8"`.
    #[arg(
        long,
        value_name = "CARDS",
        allow_hyphen_values = true,
        conflicts_with = "stdin"
    )]
    pub hand: Option<String>,

    #[command(flatten)]
    pub game: GameArgs,

    /// One answer per line: a JSON object {"hand": "3 3 8 8" or [3,3,8,8],
    /// "answer": "...", and optionally "target", "rules", "use", "format";
    /// any other field, an "id" say, is echoed in the JSON verdict, and one
    /// spelt like a known one ("Target", "targets") is bad input}, or
    /// `HAND<TAB>ANSWER`. One output line per input line (`error: ...` in
    /// place of a bad one), in input order. Lines of at most 65536 bytes (a
    /// longer one is an error for that line alone); a byte-order mark,
    /// blank lines and `#` comments are skipped.
    #[arg(long)]
    pub stdin: bool,

    /// Print one JSON object per answer: `correct`, `reason` (null when
    /// correct), `value` (exact, as a string; null when there is none),
    /// `cards_used`, `format` (expr or steps); with --score also `score`;
    /// with --extract also `answer` (what was graded) and `source` (tag,
    /// boxed, answer line or last line; null when there is no answer).
    #[arg(long)]
    pub json: bool,

    /// Take the final answer out of free text (a model's reply): an
    /// <answer> tag, else a \boxed{}, else an "answer is" / "Answer:" line,
    /// else the last line holding an expression or steps; never one the
    /// reply goes on to reject, and none from a reply that gives up.
    #[arg(long)]
    pub extract: bool,

    /// How answers are written: `expr` (one expression), `steps` (`a op b
    /// = c` per line or separated by , or ;, optionally with `(left:
    /// ...)`), or `auto` (steps when the answer holds an `=`).
    #[arg(long, value_enum, default_value_t = Format::Auto)]
    pub format: Format,

    /// Give each verdict its score from the game's scoring (1 or 0 for the
    /// 24 game; Countdown 10, 7 or 5 by distance; Digits 3, 2 or 1 stars);
    /// games that score near misses always do.
    #[arg(long)]
    pub score: bool,
}

#[derive(Debug, Args)]
pub struct ExpressionsArgs {
    /// How many distinct operands (a, b, c, ...): 1 to 23 (the census of 24
    /// does not fit in 128 bits).
    #[arg(long, value_name = "N")]
    pub operands: usize,

    /// Print every expression, one per line (at most 6 operands), instead of
    /// the count.
    #[arg(long)]
    pub list: bool,
}

#[derive(Debug, Args)]
pub struct SweepArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Folder under which the partitioned tables are written.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub out: PathBuf,

    /// Worker threads for solving and for compressing the final tables, 1 to
    /// 1024 (default: one per core). Output does not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub threads: Option<u16>,

    /// Solve only shard I of N (a contiguous 1/N of the sorted hands), written
    /// as *.part-I-of-N.* files; join a complete set with `census24 merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,

    /// No progress bar and no summary.
    #[arg(long, short)]
    pub quiet: bool,

    /// Only decide each hand: no solutions table, no solution counts (for
    /// hand sizes where enumerating solutions is too slow).
    #[arg(long)]
    pub no_solutions: bool,

    /// Count each hand's structural and dissimilar solutions (and rate its
    /// difficulty) but write no solutions table: for hand sizes whose table
    /// would be too large to keep, such as 7.
    #[arg(long, conflicts_with = "no_solutions")]
    pub counts_only: bool,

    /// Write finished chunks as the sweep goes, so that an interrupted run
    /// resumes, even for a table small enough to be written in one go (more
    /// than 8192 hands always are).
    #[arg(long)]
    pub resumable: bool,

    /// Do not write the table's report at the end.
    #[arg(long)]
    pub no_report: bool,

    /// Folder for the report (default: `reports` beside the --out folder,
    /// so `--out data` reports into `reports`).
    #[arg(long, value_name = "DIR", conflicts_with = "no_report")]
    pub reports: Option<PathBuf>,

    /// Sweep the same game for this deck too (repeat it for more decks):
    /// each hand is solved once for all of them, and each deck gets its own
    /// table, with its own deal odds and places by difficulty. The 52-card
    /// deck's hands are all hands of independent draws: `--deck 4
    /// --also-deck none` costs about what `--deck none` alone does. The rows
    /// solved are held until the last deck's table reads them (ten cards:
    /// 819 MiB at the peak against 558 for `--deck none` alone), so a table
    /// with solutions takes part up to 8192 hands. Tables of one target only.
    #[arg(
        long,
        value_name = "N|none|DECK",
        allow_hyphen_values = true,
        conflicts_with_all = ["large_sets", "large"]
    )]
    pub also_deck: Vec<Deck>,

    /// Keep a complete table that has the same parameters and compute nothing.
    /// Without this flag such a table is recomputed and replaced atomically
    /// (a table made by the same census24 version comes out byte-identical).
    #[arg(long)]
    pub skip_complete: bool,

    /// Stop after writing this many chunks, as if interrupted (for tests).
    #[arg(long, value_name = "N", hide = true)]
    pub stop_after_chunks: Option<usize>,

    // The model that prices the tables' predicted figures and the report
    // (the manifest records it).
    #[command(flatten)]
    pub model: ModelArgs,

    /// With --game countdown: the game played with other large numbers,
    /// every set of four distinct ones from LO..HI (above 10; the small
    /// tiles stay 1..10 twice). Writes one table (large_sets.parquet), one
    /// row per set and number of large tiles in the selection (0 to 4):
    /// games, exact, within 5 and 10, plain and weighted by the ways to draw
    /// each selection. Takes --targets, --shard, merge, --threads.
    #[arg(
        long,
        value_name = "LO..HI",
        requires = "game",
        conflicts_with_all = ["large", "model"]
    )]
    pub large_sets: Option<ValueRange>,

    /// With --game countdown: one chosen set of four large numbers, such as
    /// "12 16 18 24" (repeat the option for more sets); the same table as
    /// --large-sets.
    #[arg(long, value_name = "\"A B C D\"", requires = "game", conflicts_with = "model", value_parser = parse_large_set)]
    pub large: Vec<Vec<i64>>,
}

/// Whole numbers separated by spaces or commas: `"25 100"`.
fn parse_numbers(s: &str) -> Result<Vec<i64>, String> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<i64>()
                .map_err(|_| format!("{w:?} is not a whole number"))
        })
        .collect()
}

/// One `--large` set: four distinct large numbers.
fn parse_large_set(s: &str) -> Result<Vec<i64>, String> {
    let v = parse_numbers(s).map_err(|_| format!("\"{s}\" is not four whole numbers"))?;
    crate::tables::registry::large_sets::one_set(&v).map(|a| a.to_vec())
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Folder searched (recursively) for shard parts.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub out: PathBuf,

    /// Print nothing on success.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Folder searched (recursively) for tables written by `census24 sweep`.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub data: PathBuf,

    /// Folder the reports are written into, mirroring the table folders.
    #[arg(long, value_name = "DIR", default_value = "reports")]
    pub out: PathBuf,

    /// Only the tables of this game (--game and its options; every hand
    /// size unless -k is given). The census of large sets is reported
    /// without game options.
    #[command(flatten)]
    pub game: GameArgs,

    /// Write the atlas instead (OUT/atlas/): the target-24 tables of every
    /// hand size for the 52-card deck and independent draws side by side,
    /// every unsolvable hand from 6 cards up, and the cover of targets that
    /// `census24 cover` wrote into DATA/atlas/.
    #[arg(long)]
    pub atlas: bool,

    /// Print nothing on success.
    #[arg(long, short)]
    pub quiet: bool,

    // The model that prices the reports' figures and explorer pages: each
    // table is solved again (a table swept with this model is not).
    #[command(flatten)]
    pub model: ModelArgs,
}

/// The hand filters `rank` and `pick` share, lowered to one
/// [`HandFilter`] (whose flag names, [`crate::puzzles::filter::Flag`], are
/// these options' names).
#[derive(Debug, Args)]
pub struct HandFilterArgs {
    /// Only hands of these tiers (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub tier: Vec<Tier>,

    /// Only hands whose predicted mean solve time is at least SECONDS.
    #[arg(long, value_name = "SECONDS")]
    pub min_time: Option<f64>,

    /// Only hands whose predicted mean solve time is at most SECONDS.
    #[arg(long, value_name = "SECONDS")]
    pub max_time: Option<f64>,

    /// Only hands that 80% of the players who solve them finish within
    /// SECONDS (their predicted_time_p80_s is at most SECONDS).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,

    /// Only hands with at least N dissimilar solutions.
    #[arg(long, value_name = "N", alias = "min-solutions")]
    pub min_dissimilar: Option<u32>,

    /// Only hands with at most N dissimilar solutions.
    #[arg(long, value_name = "N", alias = "max-solutions")]
    pub max_dissimilar: Option<u32>,

    /// Only hands whose every solution passes through a fraction.
    #[arg(long)]
    pub needs_fraction: bool,

    /// Only hands that need one of these operation classes (comma-separated;
    /// a hand's class is the smallest its solutions allow).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub ops: Vec<Ops>,
}

impl HandFilterArgs {
    /// The filter these options ask for, not yet validated.
    pub fn filter(&self) -> HandFilter {
        HandFilter {
            tiers: self.tier.clone(),
            min_time: self.min_time,
            max_time: self.max_time,
            time_limit: self.time_limit,
            min_dissimilar: self.min_dissimilar,
            max_dissimilar: self.max_dissimilar,
            needs_fraction: self.needs_fraction.then_some(true),
            ops: self.ops.clone(),
        }
    }
}

/// How `rank` prints its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Aligned columns for reading.
    Table,
    /// Comma-separated values with a header row.
    Csv,
    /// A JSON array of objects.
    Json,
}

#[derive(Debug, Args)]
pub struct RankArgs {
    /// Folder the tables were swept into.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub data: PathBuf,

    #[command(flatten)]
    pub game: GameArgs,

    #[command(flatten)]
    pub filters: HandFilterArgs,

    /// Print at most N rows (hands, games or sets).
    #[arg(long, value_name = "N", default_value_t = 20, conflicts_with = "all")]
    pub top: usize,

    /// Print every row that passes the filters.
    #[arg(long)]
    pub all: bool,

    /// Fastest first instead of slowest first.
    #[arg(long)]
    pub easiest: bool,

    /// With --game countdown: rank the sets of four large numbers of the
    /// census of every set from LO..HI (`sweep --large-sets`; `data`
    /// ships 11..100) instead of hands: hardest first, by the share of
    /// their games solved exactly. Takes --holding, --large-tiles, --top,
    /// --all, --easiest and --format.
    #[arg(long, value_name = "LO..HI", requires = "game")]
    pub large_sets: Option<ValueRange>,

    /// With --large-sets: only the sets holding each of these numbers,
    /// such as "25 100" (each keeps its rank among all the sets).
    #[arg(long, value_name = "\"A B\"", requires = "large_sets", value_parser = parse_numbers)]
    pub holding: Vec<Vec<i64>>,

    /// With --large-sets: rank by the games with N large tiles (1 to 4)
    /// instead of every game.
    #[arg(long, value_name = "N", requires = "large_sets")]
    pub large_tiles: Option<usize>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    pub format: FormatArg,

    #[command(flatten)]
    pub model: ModelArgs,

    /// Print a JSON array of objects: the same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

impl RankArgs {
    /// The format asked, --json included.
    pub fn format(&self) -> FormatArg {
        if self.json {
            FormatArg::Json
        } else {
            self.format
        }
    }
}

/// How `pick` prints its set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PickFormat {
    /// One hand per line (ready for `census24 solve --stdin`).
    List,
    /// Comma-separated values with a header row.
    Csv,
    /// A JSON array of objects.
    Json,
    /// A printable HTML sheet: puzzle cards, the answers on a second page.
    Html,
    /// JSON lines, one puzzle of a benchmark split each: the hand, its
    /// target and rules, every dissimilar solution, the predicted
    /// difficulty and tier.
    Jsonl,
    /// A self-contained HTML page that times players: a player label, then
    /// one puzzle at a time with a clock, an answer box, "no solution" and
    /// "give up"; at the end the answers download as a CSV for `census24
    /// calibrate --play` (nothing leaves the page).
    Play,
}

#[derive(Debug, Args)]
pub struct PickArgs {
    /// Folder the tables were swept into.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub data: PathBuf,

    #[command(flatten)]
    pub game: GameArgs,

    /// How many hands.
    #[arg(long, short = 'n', value_name = "N", default_value_t = crate::puzzles::pick::DEFAULT_COUNT)]
    pub count: usize,

    #[command(flatten)]
    pub filters: HandFilterArgs,

    /// One hand from each of N equal slices, from easy to hard, instead of N
    /// at random.
    #[arg(long)]
    pub spread: bool,

    /// No two hands whose answers have the same shape (the expression with
    /// its numbers erased: 7*9-3*13 is n*n-n*n).
    #[arg(long)]
    pub distinct_shapes: bool,

    /// Seed of the random choice: the same seed, the same set.
    #[arg(long, value_name = "N", default_value_t = crate::puzzles::pick::DEFAULT_SEED)]
    pub seed: u32,

    /// Split N evenly over the tiers (those of --tier, or all four), each
    /// tier's hands chosen at random by the seed: a benchmark with as many
    /// easy as expert puzzles.
    #[arg(long, conflicts_with = "spread")]
    pub stratify: bool,

    /// Every hand that passes the filters, easy to hard (instead of -n N).
    #[arg(long, conflicts_with_all = ["count", "spread", "stratify"])]
    pub all: bool,

    /// Output format. Answers (csv, json, html) are each hand's simplest
    /// solution within the operations --ops allows (+ and - alone for
    /// add-sub); with --ops add-sub or product, each hand's solution count,
    /// tier and predicted times are those of play with those operations,
    /// and so are the figures the hands are chosen by (for a table of up to
    /// five cards; a larger one is chosen by the full game's). csv and json
    /// have one schema for every game: hand, predicted_time_s,
    /// predicted_time_p80_s, predicted_solve_rate, tier, ops, dissimilar,
    /// simplest, target.
    #[arg(long, value_enum, default_value_t = PickFormat::List)]
    pub format: PickFormat,

    /// N sheets of one difficulty profile (as many puzzles of each tier as
    /// the first), no puzzle on two, all chosen by the seed: the sheet
    /// (--format html only) prints versions A, B, ... each with its own
    /// answer key after all the puzzle pages.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=26))]
    pub versions: u32,

    /// The sheet's or play page's heading (html, play). [default: the
    /// game's title, or "Make 24" for a game of one target]
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// What the sheet's puzzles leave out (html), comma-separated: times
    /// shows each level as one to three dots (easy 1, medium 2, hard and
    /// expert 3) instead of "hard · 19.41 s"; tiers leaves the level out
    /// (times alone, or with both nothing).
    #[arg(long, value_enum, value_name = "PART", value_delimiter = ',')]
    pub hide: Vec<crate::puzzles::sheet::Hidden>,

    #[command(flatten)]
    pub model: ModelArgs,

    /// Print a JSON array of objects: the same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

impl PickArgs {
    /// The format asked, --json included.
    pub fn format(&self) -> PickFormat {
        if self.json {
            PickFormat::Json
        } else {
            self.format
        }
    }
}

/// How `tasks` writes its tasks.
#[derive(Debug, Args)]
pub struct TasksArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Numbers per task, one size or an inclusive range (tasks are shared
    /// evenly among the sizes). [default: the game's hand size]
    #[arg(long, value_name = "K|LO..HI", value_parser = parse_hand_sizes, conflicts_with = "hand_size")]
    pub hand_sizes: Option<(usize, usize)>,

    /// How many tasks.
    #[arg(long, short = 'n', value_name = "N", default_value_t = crate::tasks::DEFAULT_COUNT)]
    pub count: usize,

    /// Seed of the deals: the same seed, the same tasks.
    #[arg(long, value_name = "N", default_value_t = crate::tasks::DEFAULT_SEED)]
    pub seed: u64,

    /// Share of the tasks that have no solution (each proven by an
    /// exhaustive search), from 0 to below 1.
    #[arg(long, value_name = "SHARE", default_value_t = 0.0)]
    pub unsolvable: f64,

    /// The splits and their shares, NAME=SHARE comma-separated, summing to 1.
    #[arg(long, value_name = "SPLITS", default_value = crate::tasks::DEFAULT_SPLITS)]
    pub splits: String,

    /// Split each hand size's solvable tasks evenly over the tiers (those of
    /// --tier, or all four).
    #[arg(long)]
    pub stratify: bool,

    /// Only tasks of these tiers (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub tier: Vec<Tier>,

    /// The order of each split's tasks.
    #[arg(long, value_enum, default_value_t = crate::tasks::Order::Shuffled)]
    pub order: crate::tasks::Order,

    /// Count the dissimilar solutions of any-selection tasks of up to N
    /// numbers (every selection is listed; beyond N the count is null).
    #[arg(long, value_name = "N", default_value_t = crate::tasks::DEFAULT_DISSIMILAR_UP_TO)]
    pub dissimilar_up_to: usize,

    /// Write a dataset folder (DIR/data/SPLIT.parquet and DIR/README.md)
    /// instead of JSON lines on standard output. DIR must not exist yet, or
    /// be empty.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// The rows' columns: census24's own, or a trainer's (verl: data_source,
    /// prompt, ability, reward_model, extra_info; trl: prompt and the
    /// columns the reward reads; reasoning-gym: question, answer,
    /// metadata), as JSON lines or, with --out, the dataset folder (whose
    /// card says how to train with them).
    #[arg(long, value_enum, default_value_t = crate::tasks::formats::TaskFormat::Census24)]
    pub format: crate::tasks::formats::TaskFormat,

    /// A file holding the prompt's template: text with the placeholders
    /// {game}, {rules}, {numbers}, {target}, {count}, {if_none} and
    /// {answer_format} ({{ and }} write braces). By default: the game, its
    /// rules, the numbers, the target and the answer format
    /// (<answer>...</answer>); see docs/BENCHMARKS.md.
    #[arg(long, value_name = "FILE")]
    pub prompt_template: Option<PathBuf>,

    #[command(flatten)]
    pub model: ModelArgs,

    /// Print nothing on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `--hand-sizes`: `K` or `LO..HI`.
pub fn parse_hand_sizes(s: &str) -> Result<(usize, usize), String> {
    match s.split_once("..") {
        Some((lo, hi)) => {
            let (lo, hi) = (parse_hand_size(lo)?, parse_hand_size(hi)?);
            if lo > hi {
                return Err(format!("{s} is empty (the sizes go from low to high)"));
            }
            Ok((lo, hi))
        }
        None => parse_hand_size(s).map(|k| (k, k)),
    }
}

#[derive(Debug, Args)]
pub struct CoverArgs {
    /// The data folder: the atlas's files go into OUT/atlas/.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub out: PathBuf,

    /// The largest hand size (1 to 10).
    #[arg(long, value_name = "K", default_value_t = atlas::MAX_K, value_parser = parse_atlas_k)]
    pub max_k: usize,

    /// The atlas, or with a game named, that game's cover.
    #[command(flatten)]
    pub game: GameArgs,

    /// Print nothing on success (no progress lines).
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// The players' measurements: CSV with columns hand, mean_time_s,
    /// solved_rate, trimmed_mean_time_s, trimmed_std_time_s.
    #[arg(
        long,
        value_name = "CSV",
        default_value = "data/human/four-card-solve-times.csv",
        conflicts_with = "play"
    )]
    pub times: PathBuf,

    /// Fit on your own players instead: the CSVs of play pages (`census24
    /// pick --format play`), one or more, all of one game. Every typed
    /// answer is graded by the grader of `census24 check`, the players
    /// are pooled per puzzle (puzzles with at least two correct solves are
    /// fitted), the fit is cross-validated, and the model file (--out,
    /// required) records its game, its players, puzzles and answers and
    /// its held-out Spearman rho; `--model FILE` then prices with it.
    #[arg(long, value_name = "CSV", num_args = 1..)]
    pub play: Vec<PathBuf>,

    /// Where to write the fitted model. [default with --times:
    /// data/human/difficulty-model.json]
    #[arg(long, value_name = "JSON")]
    pub out: Option<PathBuf>,
}

/// `--model FILE`: the difficulty model that prices the figures, read at
/// run time (a file `census24 calibrate --play` wrote); without it the
/// built-in model, fitted on players of four-card 24.
#[derive(Debug, Args)]
pub struct ModelArgs {
    /// Price the figures (predicted times, solve rates, tiers) with this
    /// model file, written by `census24 calibrate --play`, instead of the
    /// built-in model of four-card 24 players. A model fitted on another
    /// game still prices: its figures are then said to be extrapolated.
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
}

impl ModelArgs {
    /// The model file's pricer, `None` without `--model`.
    pub fn given(
        &self,
    ) -> anyhow::Result<Option<std::sync::Arc<crate::difficulty::pricer::Pricer>>> {
        match self.model {
            Some(_) => self.pricer().map(Some),
            None => Ok(None),
        }
    }

    /// The pricer asked: the file's, or the built-in model.
    pub fn pricer(&self) -> anyhow::Result<std::sync::Arc<crate::difficulty::pricer::Pricer>> {
        use crate::difficulty::pricer::Pricer;
        use anyhow::Context;
        let Some(path) = &self.model else {
            return Ok(std::sync::Arc::new(Pricer::shipped().clone()));
        };
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading the model {}", path.display()))?;
        let shown = path.display().to_string();
        Pricer::from_json(&text, Some(&shown))
            .map(std::sync::Arc::new)
            .map_err(|e| anyhow::anyhow!("{shown} is not a model file: {e}"))
    }
}

/// The game a spelling names ([`presets::spelling`]: `krypto --rules
/// natural`), read by the command line's own game options.
pub fn game_of_spelling(spelling: &str) -> Result<Game, String> {
    #[derive(Debug, Parser)]
    struct Only {
        #[command(flatten)]
        game: GameArgs,
    }
    let words = ["census24", "--game"]
        .into_iter()
        .chain(spelling.split_whitespace());
    Only::try_parse_from(words)
        .map(|o| o.game.game())
        .map_err(|e| {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            format!(
                "game \"{spelling}\" is not a game the command line names ({})",
                first.trim_start_matches("error: ")
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_games_spelling_names_it_again() {
        use crate::game::presets::{self, spelling};
        let mut games: Vec<Game> = presets::PRESETS.iter().map(|p| (p.game)()).collect();
        let krypto = presets::game("krypto").unwrap();
        games.push(Game {
            rules: Rules::Natural,
            ..krypto
        });
        games.push(Game {
            hand_size: 5,
            targets: Targets::One(Q::int(10)),
            ..presets::standard()
        });
        games.push(Game {
            targets: Targets::Range(TargetRange::new(1, 99).unwrap()),
            values: ValueRange::new(1, 10).unwrap(),
            ..presets::standard()
        });
        for g in games {
            assert_eq!(game_of_spelling(&spelling(&g)), Ok(g), "{}", spelling(&g));
        }
        let e = game_of_spelling("chess").unwrap_err();
        assert!(e.starts_with("game \"chess\" is not a game"), "{e}");
    }

    /// Every shipped table's options (the words its pages and hints give
    /// for `sweep`, `rank` and `pick`) name its game again: read by the
    /// command line's own game options, they choose the same table.
    #[test]
    fn every_shipped_tables_options_name_it_again() {
        use crate::tables::registry::{Key, discover};
        #[derive(Debug, Parser)]
        struct Only {
            #[command(flatten)]
            game: GameArgs,
        }
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let mut seen = 0;
        for key in discover(&data).unwrap().keys() {
            let args = match &key {
                Key::OneTarget(k) => k.args(),
                Key::Reach(k) => k.args(),
                _ => continue,
            };
            let words = std::iter::once("census24").chain(args.split_whitespace());
            let game = Only::try_parse_from(words).unwrap().game.game();
            assert_eq!(Key::of_game(&game).as_ref(), Some(&key), "{args}");
            seen += 1;
        }
        assert!(seen >= 20, "{seen} tables");
    }
}
