//! Where a table lives: the hive-style partition folders and the file names
//! of whole tables, shard parts and unfinished runs.
//!
//! Every table lives in `DIR/rules=R/use=U/targets=T/values=LO-HI/deck=D/k=K/`:
//! the same six keys in the same order for every kind, so that polars' and
//! DuckDB's hive partitioning read them as columns of any scan, with the
//! same types whatever the scan meets: `k` a number, the other five text.
//! So no folder value but `k` is a bare number: `targets` is always a range
//! `LO-HI` (a one-target table of 24 lives in `targets=24-24`, a reach table
//! of targets 1 to 999 in `targets=1-999`; a fractional target `p/q` is
//! written `p_q`, so 7/2 is `targets=7_2-7_2` and -7/2 `targets=-7_2--7_2`),
//! and `deck` is `x4` for four copies of each value, `none` for independent
//! draws, or a named or spelled-out multiset (`countdown`,
//! `1-10x2_12_37_62_87`). Folder names avoid `/` and `..`. Two kinds of
//! one game share its folder name; the manifest records which kind a
//! folder holds ([`crate::tables::manifest::KindName`]).
//!
//! A whole one-target table is `hands.parquet`, `solutions.parquet` and
//! `manifest.json`; shard `I` of `N` writes `hands.part-I-of-N.parquet` and
//! so on beside them, so the glob `**/hands*.parquet` reads whole tables and
//! parts together. Finished chunks of a run in progress wait in a hidden
//! `.partial` folder. A reach table (`sweep --targets LO..HI`: every hand
//! against every target of a range) is `reach.parquet` and `manifest.json`
//! (`use=any` for the Countdown rule that any selection of the cards may be
//! used).

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use thiserror::Error;

use crate::game::deck::Multiset;
use crate::game::family::{Draw, Game, Objective, Scoring, Targets};
use crate::game::number::Q;
use crate::game::presets::{dealt_like, title_of};
use crate::game::rules::{Rules, Use};
use crate::game::targets::TargetRange;
use crate::tables::enumerate::{Deck, ValueRange};

/// A bad `--shard` option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("shard \"{0}\" is not I/N with 1 <= I <= N, such as 1/3")]
pub struct ShardError(pub String);

/// Shard `index` of `count` (1-based): a contiguous slice of the sorted hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// The half-open range of hand positions, out of `total`, this shard owns.
    /// Shards `1..=N` tile `0..total` in order.
    pub fn range(self, total: usize) -> std::ops::Range<usize> {
        let at = |i: u32| (total as u128 * i as u128 / self.count as u128) as usize;
        at(self.index - 1)..at(self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(s.to_string());
        let (i, n) = s.trim().split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// Which table a sweep writes; the partition path is a function of it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableKey {
    pub rules: Rules,
    pub target: Q,
    pub values: ValueRange,
    pub deck: Deck,
    pub k: usize,
}

impl TableKey {
    /// The default game ([`crate::game::presets::standard`], the 24 game)
    /// dealt `k` cards: the table every table option defaults to.
    pub fn standard(k: usize) -> TableKey {
        let game = Game {
            hand_size: k,
            ..crate::game::presets::standard()
        };
        TableKey::of_game(&game).expect("the default game has one target and uses every card")
    }

    /// The one-target table of `game`: `None` for a game of many targets,
    /// of any selection of the cards, or of a dealt target (those are
    /// reach tables, [`ReachKey::of_game`]).
    pub fn of_game(game: &Game) -> Option<TableKey> {
        let target = game.target()?;
        (game.uses == Use::All && game.objective == Objective::Set).then(|| TableKey {
            rules: game.rules,
            target,
            values: filed_values(game.values, game.deck),
            deck: filed_deck(game.deck),
            k: game.hand_size,
        })
    }

    /// The game this table holds: every card once, its one target set by
    /// the game, scored right or wrong, under the table's rules, values and
    /// deck.
    pub fn game(&self) -> Game {
        Game {
            rules: self.rules,
            uses: Use::All,
            values: self.values,
            deck: self.deck,
            targets: Targets::One(self.target),
            hand_size: self.k,
            scoring: Scoring::EXACT,
            objective: Objective::Set,
            draw: Draw::Shuffled,
        }
    }

    /// The title of the table's report, explorer page and sheets, naming
    /// its game: `The 24 game: target 24 with 4 cards`.
    pub fn title(&self) -> String {
        let k = self.k;
        let what = format!(
            "target {} with {k} card{}",
            self.target,
            if k == 1 { "" } else { "s" }
        );
        named(&self.game(), &what)
    }

    /// The command-line options that name this table's game (`census24
    /// sweep`, `rank`, `pick`): [`crate::game::presets::options`] of
    /// [`TableKey::game`] (`--hand-size 5`; nothing for the 24 game).
    pub fn args(&self) -> String {
        crate::game::presets::options(&self.game())
    }

    /// `rules=R/use=all/targets=T-T/values=LO-HI/deck=D/k=K`, relative to the
    /// output folder. Every kind of table has the same hive keys in the same
    /// order (`rules`, `use`, `targets`, `values`, `deck`, `k`), so that one
    /// scan of `data/**/*.parquet` reads them all, in polars and DuckDB alike.
    pub fn partition(&self) -> PathBuf {
        self.family().join(format!("k={}", self.k))
    }

    /// The partition path without the hand size: tables of one family differ
    /// only in how many cards are dealt, and reports compare them.
    pub fn family(&self) -> PathBuf {
        self.folders()[..5].iter().collect()
    }

    fn folders(&self) -> [String; 6] {
        [
            format!("rules={}", self.rules),
            format!("use={}", Use::All.name()),
            format!("targets={}", targets_folder(self.target)),
            format!("values={}", values_folder(self.values)),
            format!("deck={}", self.deck.folder()),
            format!("k={}", self.k),
        ]
    }

    /// The key of a partition path relative to the data folder (the inverse
    /// of [`TableKey::partition`]), or `None` when the path is not one.
    pub fn from_partition(rel: &Path) -> Option<TableKey> {
        Folders::key(rel, TableKey::partition, |f| {
            (f.uses == Use::All).then_some(())?;
            let cut = f.targets.char_indices().skip(1).find(|&(_, c)| c == '-')?.0;
            Some(TableKey {
                rules: f.rules,
                target: f.targets[..cut].replace('_', "/").parse().ok()?,
                values: f.values,
                deck: f.deck,
                k: f.k,
            })
        })
    }

    /// The family in words: `rational rules, target 24, values 1-13, at most 4
    /// copies of a value`.
    pub fn family_title(&self) -> String {
        let deck = deck_words(self.deck);
        format!(
            "{} rules, target {}, values {}, {deck}",
            self.rules,
            self.target,
            values_folder(self.values)
        )
    }

    /// Orders tables as their folders sort (families together), hand sizes
    /// ascending within a family.
    pub fn sort_key(&self) -> ([String; 5], usize) {
        let [r, u, t, v, d, _] = self.folders();
        ([r, u, t, v, d], self.k)
    }
}

/// `what` a table holds, after the name of its game
/// ([`crate::game::presets::title_of`]): `Krypto, natural rules: every
/// target from 1 to 25, 5 cards`. A game no preset is played with has no
/// name: `What ...` alone, its fields in the line under the title
/// ([`TableKey::family_title`]).
fn named(game: &Game, what: &str) -> String {
    match title_of(game) {
        Some(name) => format!("{name}: {what}"),
        None => what.get(..1).map_or(String::new(), |c| c.to_uppercase()) + &what[1..],
    }
}

/// The deck a table of `deck` is filed under: `standard` is the default
/// deck (four copies of each of 1 to 13), so its tables live with the
/// default's (`--deck standard` and the Python package's `deck="standard"`).
pub fn filed_deck(deck: Deck) -> Deck {
    match deck {
        Deck::Multiset(m) if m == Multiset::standard() => Deck::Copies(4),
        d => d,
    }
}

/// The card values a table of `values` and `deck` is filed under: an
/// explicit deck's own, whatever `values` says.
pub fn filed_values(values: ValueRange, deck: Deck) -> ValueRange {
    deck.values_or(values)
}

/// A deck in words, for titles.
fn deck_words(deck: Deck) -> String {
    match deck {
        Deck::Multiset(_) => format!("deck {deck}"),
        Deck::Unlimited => "unlimited copies".to_string(),
        Deck::Copies(n) => format!("at most {n} copies of a value"),
    }
}

fn values_folder(v: ValueRange) -> String {
    format!("{}-{}", v.lo, v.hi)
}

/// The six hive folders every kind of table lives under, read back; the
/// `targets` value stays text, since its kinds read it differently.
struct Folders {
    rules: Rules,
    uses: Use,
    targets: String,
    values: ValueRange,
    deck: Deck,
    k: usize,
}

impl Folders {
    /// The key `make` reads from the folders of `rel`, when `rel` is its
    /// canonical spelling (`targets=24-24`, not `targets=024-024`).
    fn key<K>(
        rel: &Path,
        partition: impl Fn(&K) -> PathBuf,
        make: impl FnOnce(Folders) -> Option<K>,
    ) -> Option<K> {
        let key = make(Folders::of(rel)?)?;
        (partition(&key) == rel).then_some(key)
    }

    fn of(rel: &Path) -> Option<Folders> {
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let [rules, uses, targets, values, deck, k] = parts.as_slice() else {
            return None;
        };
        let (lo, hi) = range_of(value(values, "values")?)?;
        Some(Folders {
            rules: value(rules, "rules")?.parse().ok()?,
            uses: value(uses, "use")?.parse().ok()?,
            targets: value(targets, "targets")?.to_string(),
            values: ValueRange::new(lo, hi).ok()?,
            deck: value(deck, "deck")?.parse().ok()?,
            k: value(k, "k")?.parse().ok()?,
        })
    }
}

/// The value of a `key=value` folder name.
fn value<'a>(s: &'a str, key: &str) -> Option<&'a str> {
    s.strip_prefix(key)?.strip_prefix('=')
}

/// `LO-HI` of a folder name back to its bounds; either may be negative, so
/// it splits at the first `-` that is not a sign.
fn range_of(s: &str) -> Option<(i64, i64)> {
    let cut = s.char_indices().skip(1).find(|&(_, c)| c == '-')?.0;
    Some((s[..cut].parse().ok()?, s[cut + 1..].parse().ok()?))
}

/// Which reach table a `sweep --targets` run writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachKey {
    pub rules: Rules,
    /// Whether a solution uses every card or any selection of them (the
    /// folder `use=all` or `use=any` after the rules).
    pub uses: Use,
    pub targets: TargetRange,
    /// Set by the game, or dealt from the deck after the hand (Krypto): the
    /// folder `targets=dealt-LO-HI`, and each row's deal ways count the
    /// objective card.
    pub objective: Objective,
    pub values: ValueRange,
    pub deck: Deck,
    pub k: usize,
}

impl ReachKey {
    /// The reach table of `game`: `None` for a game of one target.
    pub fn of_game(game: &Game) -> Option<ReachKey> {
        let Targets::Range(targets) = game.targets else {
            return None;
        };
        Some(ReachKey {
            rules: game.rules,
            uses: game.uses,
            targets,
            objective: game.objective,
            values: filed_values(game.values, game.deck),
            deck: filed_deck(game.deck),
            k: game.hand_size,
        })
    }

    /// `rules=R/use=U/targets=LO-HI/values=LO-HI/deck=D/k=K`, relative to
    /// the output folder: the hive keys of [`TableKey::partition`].
    pub fn partition(&self) -> PathBuf {
        self.family().join(format!("k={}", self.k))
    }

    /// The title of the table's report and explorer page, naming its
    /// game: `Countdown: every target from 100 to 999, 6 cards`.
    pub fn title(&self) -> String {
        let what = format!(
            "every target from {} to {}, {} cards",
            self.targets.lo, self.targets.hi, self.k
        );
        named(&self.game(), &what)
    }

    /// The options that name this table's game on the command line, as
    /// `sweep`, `rank` and `pick` take them:
    /// [`crate::game::presets::options`] of [`ReachKey::game`] (`--game
    /// countdown`, `--game krypto --rules natural`, `--targets 1..999` for
    /// the 24 game's cards).
    pub fn args(&self) -> String {
        crate::game::presets::options(&self.game())
    }

    /// The game this table holds: its folder's fields, with the scoring and
    /// draw of the preset whose cards it deals ([`dealt_like`]); a game of
    /// another deck is scored exactly and shuffled.
    pub fn game(&self) -> Game {
        let fields = Game {
            rules: self.rules,
            uses: self.uses,
            values: self.values,
            deck: self.deck,
            targets: Targets::Range(self.targets),
            hand_size: self.k,
            scoring: Scoring::EXACT,
            objective: self.objective,
            draw: Draw::Shuffled,
        };
        // Scoring and draw are not in the folder: the preset whose cards
        // the table deals says them, whatever its targets and hand size
        // (`--game countdown -k 5` is Countdown).
        match dealt_like(&fields) {
            Some(p) => {
                let own = (p.game)();
                Game {
                    scoring: own.scoring,
                    draw: own.draw,
                    ..fields
                }
            }
            None => fields,
        }
    }

    /// The partition path without the hand size.
    pub fn family(&self) -> PathBuf {
        [
            format!("rules={}", self.rules),
            format!("use={}", self.uses.name()),
            format!(
                "targets={}{}-{}",
                match self.objective {
                    Objective::Set => "",
                    Objective::Dealt => DEALT_PREFIX,
                },
                self.targets.lo,
                self.targets.hi
            ),
            format!("values={}", values_folder(self.values)),
            format!("deck={}", self.deck.folder()),
        ]
        .iter()
        .collect()
    }

    /// The key of a partition path (the inverse of [`ReachKey::partition`]).
    pub fn from_partition(rel: &Path) -> Option<ReachKey> {
        Folders::key(rel, ReachKey::partition, |f| {
            let (objective, range) = match f.targets.strip_prefix(DEALT_PREFIX) {
                Some(r) => (Objective::Dealt, r),
                None => (Objective::Set, f.targets.as_str()),
            };
            let (lo, hi) = range_of(range)?;
            Some(ReachKey {
                rules: f.rules,
                uses: f.uses,
                targets: TargetRange::new(lo, hi).ok()?,
                objective,
                values: f.values,
                deck: f.deck,
                k: f.k,
            })
        })
    }

    /// The family in words: `rational rules, targets 1-999, values 1-13, ...`.
    pub fn family_title(&self) -> String {
        let deck = deck_words(self.deck);
        let uses = match self.uses {
            Use::All => "",
            Use::Any => ", any selection of the cards",
        };
        let dealt = match self.objective {
            Objective::Set => "",
            Objective::Dealt => " dealt from the deck",
        };
        format!(
            "{} rules{uses}, targets {} to {}{dealt}, values {}, {deck}",
            self.rules,
            self.targets.lo,
            self.targets.hi,
            values_folder(self.values)
        )
    }

    /// The single-target table of this family for target `t`.
    pub fn table(&self, t: i64) -> TableKey {
        TableKey {
            rules: self.rules,
            target: Q::int(t),
            values: self.values,
            deck: self.deck,
            k: self.k,
        }
    }
}

/// The `targets` folder of a table whose target is dealt from the deck:
/// `targets=dealt-1-25`.
pub const DEALT_PREFIX: &str = "dealt-";

/// A target as it appears in a folder name: `24`, `-3`, `7_2` for 7/2.
pub fn target_folder(t: Q) -> String {
    t.to_string().replace('/', "_")
}

/// The `targets` folder value of a one-target table: the range of one
/// target, `24-24` (`7_2-7_2` for 7/2), spelled as a reach table's
/// `1-999`, so that a hive reader reads the key as text in every table
/// (a bare `24` would read as a number in a scan of one-target tables
/// alone, and as text beside a range).
pub fn targets_folder(t: Q) -> String {
    let one = target_folder(t);
    format!("{one}-{one}")
}

/// The files of one whole table or of one shard part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    Whole,
    Shard(Shard),
}

impl Part {
    fn name(self, stem: &str, ext: &str) -> String {
        match self {
            Part::Whole => format!("{stem}.{ext}"),
            Part::Shard(s) => format!("{stem}.part-{}-of-{}.{ext}", s.index, s.count),
        }
    }

    /// The Parquet file `stem` of this part: a stem (`hands`, `reach`, a
    /// word without dots) names `hands.parquet`, `hands.part-I-of-N.parquet`
    /// and chunk files `chunk-00000.hands.parquet`.
    pub fn file(self, stem: &str) -> String {
        self.name(stem, "parquet")
    }

    /// Whether `name` is a Parquet file of this part, of any kind: a
    /// stem without dots, then `.parquet` for the whole table or
    /// `.part-I-of-N.parquet` for shard I of N. A table's folder holds one
    /// table, so these are the files its writers own, remove and refuse to
    /// mix with, whatever kind wrote them.
    pub fn is_table_file(self, name: &str) -> bool {
        let Some(rest) = name.strip_suffix(".parquet") else {
            return false;
        };
        let stem = match self {
            Part::Whole => Some(rest),
            Part::Shard(s) => rest.strip_suffix(&format!(".part-{}-of-{}", s.index, s.count)),
        };
        stem.is_some_and(|stem| !stem.is_empty() && !stem.contains('.'))
    }

    pub fn hands(self) -> String {
        self.file("hands")
    }

    pub fn solutions(self) -> String {
        self.file("solutions")
    }

    /// The table of a reach run (`sweep --targets`).
    pub fn reach(self) -> String {
        self.file("reach")
    }

    /// Written last: a part is complete exactly when its manifest exists.
    pub fn manifest(self) -> String {
        self.name("manifest", "json")
    }

    /// The hidden folder holding finished chunks of an unfinished run.
    pub fn partial(self) -> String {
        match self {
            Part::Whole => ".partial".to_string(),
            Part::Shard(s) => format!(".partial.part-{}-of-{}", s.index, s.count),
        }
    }

    /// The hidden lock file a writer of this part holds (see
    /// [`crate::tables::disk::lock`]). Each shard has its own, so shards of
    /// one table run side by side; a whole table's writers (sweep, merge)
    /// take the whole table's.
    pub fn lock(self) -> String {
        self.name(".census24", "lock")
    }

    /// Whether `name` is one of this part's files (tables, manifest, or its
    /// unfinished run's folder): the targets of the temporaries its writer
    /// may remove.
    pub fn owns(self, name: &str) -> bool {
        name == self.manifest() || name == self.partial() || self.is_table_file(name)
    }

    /// The shard a manifest file name belongs to, if it is a part manifest.
    pub fn of_manifest_name(name: &str) -> Option<Shard> {
        let rest = name.strip_prefix("manifest.part-")?.strip_suffix(".json")?;
        let (i, n) = rest.split_once("-of-")?;
        format!("{i}/{n}").parse().ok()
    }
}

/// The file `stem` (see [`Part::file`]) of chunk `c` in a partial folder.
pub fn chunk_file(c: usize, stem: &str) -> String {
    format!("chunk-{c:05}.{stem}.parquet")
}

/// The marker of a finished chunk `c`: its files with their checksums,
/// written after them.
pub fn chunk_marker(c: usize) -> String {
    format!("chunk-{c:05}.json")
}

/// Whether `name` is the marker of a finished chunk ([`chunk_marker`]).
pub fn is_chunk_marker(name: &str) -> bool {
    name.strip_prefix("chunk-")
        .and_then(|r| r.strip_suffix(".json"))
        .is_some_and(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()))
}

/// The run record in a partial folder: what the chunks were made with.
pub const RUN_RECORD: &str = "run.json";

#[cfg(test)]
mod tests {
    #[test]
    fn args_name_only_what_differs_from_the_standard_game() {
        let mut id = TableKey::standard(2);
        assert_eq!(id.args(), "--hand-size 2");
        id.target = Q::new(7, 2).unwrap();
        id.deck = Deck::Unlimited;
        id.rules = Rules::Natural;
        assert_eq!(
            id.args(),
            "--hand-size 2 --target 7/2 --rules natural --deck none"
        );
    }

    use super::*;

    /// A part's writers own every `STEM.parquet` of its own part, of any
    /// kind, and nothing else: not another shard's files, chunk files,
    /// manifests or other names.
    #[test]
    fn a_part_owns_the_parquet_files_of_its_name() {
        let one = Part::Shard(Shard { index: 1, count: 2 });
        let two = Part::Shard(Shard { index: 2, count: 2 });
        for stem in ["hands", "solutions", "reach", "large_sets", "any_new_kind"] {
            let whole = Part::Whole.file(stem);
            let part = one.file(stem);
            assert!(Part::Whole.is_table_file(&whole), "{whole}");
            assert!(Part::Whole.owns(&whole), "{whole}");
            assert!(!Part::Whole.is_table_file(&part), "{part}");
            assert!(one.is_table_file(&part), "{part}");
            assert!(!two.is_table_file(&part), "{part}");
            assert!(!one.is_table_file(&whole), "{whole}");
            let chunk = chunk_file(0, stem);
            assert!(!Part::Whole.is_table_file(&chunk), "{chunk}");
        }
        for name in [
            "manifest.json",
            ".parquet",
            "hands.csv",
            "a.b.parquet",
            "hands.parquet.tmp",
        ] {
            assert!(!Part::Whole.is_table_file(name), "{name}");
        }
    }

    #[test]
    fn partition_path_is_hive_style() {
        let key = TableKey::standard(4);
        assert_eq!(
            key.partition(),
            PathBuf::from("rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4")
        );
        let odd = TableKey {
            target: Q::new(-7, 2).unwrap(),
            deck: Deck::Unlimited,
            ..key
        };
        assert_eq!(
            odd.partition(),
            PathBuf::from("rules=rational/use=all/targets=-7_2--7_2/values=1-13/deck=none/k=4")
        );
    }

    #[test]
    fn partition_paths_parse_back_and_others_do_not() {
        for (target, deck, values) in [
            (Q::int(24), Deck::Copies(4), ValueRange::new(1, 13).unwrap()),
            (
                Q::new(-7, 2).unwrap(),
                Deck::Unlimited,
                ValueRange::new(-27, -1).unwrap(),
            ),
        ] {
            let key = TableKey {
                rules: Rules::Natural,
                target,
                values,
                deck,
                k: 3,
            };
            assert_eq!(TableKey::from_partition(&key.partition()), Some(key));
        }
        for bad in [
            "rules=rational/use=all/targets=24-24/values=1-13/deck=x4",
            "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=x",
            "rules=rational/use=all/targets=024-024/values=1-13/deck=x4/k=4",
            "rules=odd/use=all/targets=24-24/values=1-13/deck=x4/k=4",
            "a/b/c/d/e",
        ] {
            assert_eq!(TableKey::from_partition(Path::new(bad)), None, "{bad}");
        }
    }

    /// A table's game comes from the preset whose cards it deals, whatever
    /// its targets and hand size: five Countdown tiles are Countdown (its
    /// scoring and its large tiles), Krypto under natural rules is Krypto.
    #[test]
    fn a_reach_tables_game_is_its_presets_for_any_targets_and_size() {
        let countdown = crate::game::presets::game("countdown").unwrap();
        for (targets, k) in [((100, 999), 6), ((100, 999), 5), ((1000, 1010), 6)] {
            let game = Game {
                targets: Targets::Range(TargetRange::new(targets.0, targets.1).unwrap()),
                hand_size: k,
                ..countdown
            };
            let key = ReachKey::of_game(&game).unwrap();
            let back = ReachKey::from_partition(&key.partition()).unwrap().game();
            assert_eq!(back, game, "{targets:?} k={k}");
            assert!(key.title().starts_with("Countdown: "), "{}", key.title());
        }
        let krypto = Game {
            rules: Rules::Natural,
            ..crate::game::presets::game("krypto").unwrap()
        };
        let key = ReachKey::of_game(&krypto).unwrap();
        assert_eq!(key.game(), krypto);
        assert_eq!(
            key.title(),
            "Krypto, natural rules: every target from 1 to 25, 5 cards"
        );
        // A deck no preset deals: scored right or wrong, shuffled.
        let none = ReachKey::of_game(&Game {
            deck: Deck::Unlimited,
            targets: Targets::Range(TargetRange::new(1, 50).unwrap()),
            ..crate::game::presets::standard()
        })
        .unwrap();
        assert_eq!(none.game().scoring, Scoring::EXACT);
        assert_eq!(none.title(), "Every target from 1 to 50, 4 cards");
    }

    #[test]
    fn reach_partitions_parse_back() {
        let key = ReachKey {
            rules: Rules::Rational,
            uses: Use::All,
            targets: TargetRange::new(-5, 999).unwrap(),
            objective: Objective::Set,
            values: ValueRange::new(1, 13).unwrap(),
            deck: Deck::Copies(4),
            k: 4,
        };
        assert_eq!(
            key.partition(),
            PathBuf::from("rules=rational/use=all/targets=-5-999/values=1-13/deck=x4/k=4")
        );
        assert_eq!(ReachKey::from_partition(&key.partition()), Some(key));
        assert_eq!(TableKey::from_partition(&key.partition()), None);
        // A one-target table's folder is also the folder of the reach table
        // of that one target: the folder names the game, the manifest the kind.
        let one = Path::new("rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4");
        assert_eq!(
            ReachKey::from_partition(one).map(|k| k.targets),
            Some(TargetRange::new(24, 24).unwrap())
        );
        assert_eq!(TableKey::from_partition(one), Some(TableKey::standard(4)));
        assert_eq!(
            key.table(24).partition(),
            PathBuf::from("rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4")
        );
    }

    #[test]
    fn family_title_names_the_variant() {
        let key = TableKey {
            rules: Rules::Rational,
            target: Q::new(7, 2).unwrap(),
            values: ValueRange::new(1, 13).unwrap(),
            deck: Deck::Unlimited,
            k: 4,
        };
        assert_eq!(
            key.family_title(),
            "rational rules, target 7/2, values 1-13, unlimited copies"
        );
        assert_eq!(
            key.family(),
            PathBuf::from("rules=rational/use=all/targets=7_2-7_2/values=1-13/deck=none")
        );
    }

    #[test]
    fn shards_tile_the_hands_in_order() {
        let parts: Vec<_> = (1..=3)
            .map(|i| Shard { index: i, count: 3 }.range(10))
            .collect();
        assert_eq!(parts, vec![0..3, 3..6, 6..10]);
        assert_eq!(Shard { index: 1, count: 1 }.range(7), 0..7);
    }

    #[test]
    fn shard_option_is_checked() {
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!("4/3".parse::<Shard>(), Err(ShardError("4/3".into())));
        assert!("0/3".parse::<Shard>().is_err());
        assert!("3".parse::<Shard>().is_err());
    }

    #[test]
    fn file_names() {
        let p = Part::Shard(Shard { index: 2, count: 3 });
        assert_eq!(p.hands(), "hands.part-2-of-3.parquet");
        assert_eq!(p.manifest(), "manifest.part-2-of-3.json");
        assert_eq!(
            Part::of_manifest_name("manifest.part-2-of-3.json"),
            Some(Shard { index: 2, count: 3 })
        );
        assert_eq!(Part::of_manifest_name("manifest.json"), None);
        assert_eq!(Part::Whole.solutions(), "solutions.parquet");
    }
}
