//! The registry of kinds of table: the one key of a table of any kind
//! ([`Key`], read back from its folder, and the one choice of the table
//! that holds a game, [`Key::of_game`]), every table under a data folder
//! ([`discover`]), and from the kind a manifest records to the files the
//! kind writes. What reads a finished table without making it (a merge)
//! asks here; the sweep driver asks the kind itself
//! ([`crate::tables::kind::TableKind::files`]), and both agree.
//!
//! The key is in the core (the Python package finds a game's folder
//! through it); the walk and the files need the `tables` feature.

use std::path::{Path, PathBuf};

#[cfg(feature = "tables")]
use crate::game::deck::{Deck, ValueRange};
use crate::game::family::Game;
#[cfg(feature = "tables")]
use crate::game::rules::Rules;
#[cfg(feature = "tables")]
use crate::tables::kind::{KindKey, TableFile};
use crate::tables::layout::{ReachKey, TableKey};
use crate::tables::manifest::KindName;
#[cfg(feature = "tables")]
use crate::tables::manifest::{GameRecord, Manifest, Params};
#[cfg(feature = "tables")]
use crate::tables::sweep::{Job, PlanError, Request};
#[cfg(feature = "tables")]
use crate::tables::{disk, store};
use large_sets::LargeKey;

pub mod large_sets;
pub mod one_target;
pub mod reach;

/// A kind of table as the registry knows it: its name, its files, how a
/// game or a folder reads as its key, how a sweep makes it and what a
/// merge says of it. One entry per kind in [`KINDS`]; the making of its
/// rows is its [`crate::tables::kind::TableKind`], its reports are
/// `crate::report::kinds`'s.
#[derive(Debug)]
pub struct KindEntry {
    pub name: KindName,
    /// The stems of its Parquet files (`hands` for `hands.parquet`): how a
    /// folder without a manifest is known as the kind's ([`kind_in`]).
    pub stems: &'static [&'static str],
    /// The key of its table that holds `game`, if it holds games chosen
    /// by their fields alone (a census of large sets is asked for by its
    /// sets).
    pub of_game: fn(&Game) -> Option<Key>,
    /// The key of the table filed at a folder (relative to the data
    /// folder): `None` when the path is not one of this kind's.
    pub from_partition: fn(&Path) -> Option<Key>,
    /// The files of a table made with these parameters, in manifest
    /// order: what a sweep writes and what a merge joins.
    #[cfg(feature = "tables")]
    pub files: fn(&Params) -> Vec<TableFile>,
    /// What `census24 merge` says of a table it joined.
    #[cfg(feature = "tables")]
    pub merged: fn(&Manifest) -> String,
    /// The validated sweep of its table `key` as `request` asks (`None`
    /// for a key of another kind).
    #[cfg(feature = "tables")]
    pub plan: fn(&Key, &Request) -> Option<Planned>,
}

/// A kind's validated sweep of a key, or why it cannot be made.
#[cfg(feature = "tables")]
pub type Planned = Result<Box<dyn Job>, PlanError>;

/// Every kind of table, in the order tables are listed (and a folder's
/// files are recognised: [`kind_in`]).
pub static KINDS: [KindEntry; 3] = [
    KindEntry {
        name: one_target::NAME,
        stems: &["hands", "solutions"],
        of_game: |g| TableKey::of_game(g).map(Key::OneTarget),
        from_partition: |rel| TableKey::from_partition(rel).map(Key::OneTarget),
        #[cfg(feature = "tables")]
        files: |p| one_target::files(p.solutions && !p.counts_only, p.solutions),
        #[cfg(feature = "tables")]
        merged: one_target::merged_line,
        #[cfg(feature = "tables")]
        plan: |key, req| match key {
            Key::OneTarget(k) => Some(one_target::plan(*k, req)),
            _ => None,
        },
    },
    KindEntry {
        name: reach::NAME,
        stems: &["reach"],
        of_game: |g| ReachKey::of_game(g).map(Key::Reach),
        from_partition: |rel| ReachKey::from_partition(rel).map(Key::Reach),
        #[cfg(feature = "tables")]
        files: |p| {
            reach::files(reach::computed(
                p.solutions,
                p.rules.parse().unwrap_or(Rules::Rational),
            ))
        },
        #[cfg(feature = "tables")]
        merged: reach::merged_line,
        #[cfg(feature = "tables")]
        plan: |key, req| match key {
            Key::Reach(k) => Some(reach::plan(*k, req)),
            _ => None,
        },
    },
    KindEntry {
        name: large_sets::NAME,
        stems: &["large_sets"],
        of_game: |_| None,
        from_partition: |rel| LargeKey::from_partition(rel).map(Key::Large),
        #[cfg(feature = "tables")]
        files: |_| large_sets::files(),
        #[cfg(feature = "tables")]
        merged: large_sets::merged_line,
        #[cfg(feature = "tables")]
        plan: |key, req| match key {
            Key::Large(k) => Some(large_sets::plan(k.clone(), req)),
            _ => None,
        },
    },
];

/// The entry of `kind`; `None` for a name no kind has (a manifest of
/// another census24).
pub fn entry(kind: &KindName) -> Option<&'static KindEntry> {
    let kind = kind.today();
    KINDS.iter().find(|e| e.name == kind)
}

/// The files of a table made with `params`, in manifest order: what a
/// sweep writes and what a merge joins; an error naming the kind when
/// this census24 knows no kind of that name.
#[cfg(feature = "tables")]
pub fn files_of(params: &Params) -> Result<Vec<TableFile>, String> {
    match entry(&params.kind) {
        Some(e) => Ok((e.files)(params)),
        None => Err(unknown_kind(&params.kind)),
    }
}

/// What is said of a manifest whose kind this census24 does not know.
pub fn unknown_kind(kind: &KindName) -> String {
    let known: Vec<&str> = KINDS.iter().map(|e| e.name.as_str()).collect();
    format!(
        "the manifest records a table of kind \"{kind}\", which this census24 does not know (it knows {}): another census24 version wrote it",
        known.join(", ")
    )
}

/// The validated sweep of the table `key` as `request` asks.
#[cfg(feature = "tables")]
pub fn plan(key: &Key, request: &Request) -> Planned {
    KINDS
        .iter()
        .find_map(|e| (e.plan)(key, request))
        .expect("every key is of a kind with its entry")
}

/// The kind of the table (or the start of one) in `dir`: what its
/// manifest (or a shard part's) records, read without checking its seal (a
/// reader checks it before it uses anything), or else the kind whose files
/// are there; `None` when `dir` holds no table. Two kinds of one game share
/// a folder name (a one-target table of 24 and a reach table of targets
/// 24..24 both live in `targets=24-24`), so the folder alone never says.
#[cfg(feature = "tables")]
pub fn kind_in(dir: &Path) -> Option<KindName> {
    use crate::tables::layout::Part;
    let names = store::list(dir).ok()?;
    let manifests = names
        .iter()
        .filter(|n| *n == &Part::Whole.manifest() || Part::of_manifest_name(n).is_some());
    for name in manifests {
        // A damaged manifest says nothing: the files say the kind, and the
        // reader then names the damage.
        if let Ok(Ok(m)) = std::fs::read(dir.join(name)).map(|b| Manifest::from_bytes(&b)) {
            return Some(m.parameters.kind);
        }
    }
    let has = |stem: &str| {
        names.iter().any(|n| {
            n == &Part::Whole.file(stem)
                || (n.starts_with(&format!("{stem}.part-")) && n.ends_with(".parquet"))
        })
    };
    KINDS
        .iter()
        .find(|k| k.stems.iter().any(|s| has(s)))
        .map(|k| k.name.clone())
}

/// The key of a table of any kind: one [`Key::from_partition`] reads a
/// folder of any kind back, and [`KindKey`] gives every kind's partition,
/// hand set, target and rules. A new kind is a variant here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// A table of one target (`hands.parquet`, `solutions.parquet`).
    OneTarget(TableKey),
    /// A reach table: every target of a range (`reach.parquet`).
    Reach(ReachKey),
    /// A census of sets of large numbers (`large_sets.parquet`).
    Large(LargeKey),
}

impl Key {
    /// The key of the table of `kind` filed at `rel` (relative to the data
    /// folder): `None` when the path is not one of that kind's.
    pub fn from_partition(kind: &KindName, rel: &Path) -> Option<Key> {
        entry(kind).and_then(|e| (e.from_partition)(rel))
    }

    /// The table that holds `game`: its one-target table, or for a range
    /// of targets its reach table (`None` for a game no table files, say
    /// any-selection play of one target).
    pub fn of_game(game: &Game) -> Option<Key> {
        KINDS.iter().find_map(|e| (e.of_game)(game))
    }

    /// Its folder relative to the data folder.
    pub fn partition(&self) -> PathBuf {
        match self {
            Key::OneTarget(k) => k.partition(),
            Key::Reach(k) => k.partition(),
            Key::Large(k) => k.partition(),
        }
    }

    /// Where it stands in a list of tables: by kind, then one-target
    /// tables by id (families together, hand sizes ascending), the others
    /// by partition.
    #[cfg(feature = "tables")]
    fn sort_key(&self) -> (usize, Option<([String; 5], usize)>, PathBuf) {
        let kind = KINDS.iter().position(|e| e.name == self.kind());
        let id = match self {
            Key::OneTarget(k) => Some(k.sort_key()),
            _ => None,
        };
        (kind.unwrap_or(usize::MAX), id, self.partition())
    }

    /// The kind its manifest records.
    pub fn kind(&self) -> KindName {
        match self {
            Key::OneTarget(_) => one_target::NAME,
            Key::Reach(_) => reach::NAME,
            Key::Large(_) => large_sets::NAME,
        }
    }

    #[cfg(feature = "tables")]
    fn inner(&self) -> &dyn KindKey {
        match self {
            Key::OneTarget(k) => k,
            Key::Reach(k) => k,
            Key::Large(k) => k,
        }
    }
}

#[cfg(feature = "tables")]
impl KindKey for Key {
    fn partition(&self) -> PathBuf {
        Key::partition(self)
    }

    fn hand_set(&self) -> (usize, ValueRange, Deck) {
        self.inner().hand_set()
    }

    fn target_text(&self) -> String {
        self.inner().target_text()
    }

    fn rules_text(&self) -> String {
        self.inner().rules_text()
    }

    fn game_record(&self) -> GameRecord {
        self.inner().game_record()
    }
}

/// Why the tables under a folder could not be listed.
#[cfg(feature = "tables")]
#[derive(Debug, thiserror::Error)]
pub enum DiscoverError {
    #[error(
        "no table under {}: create one with `census24 sweep --out {}` (add --hand-size K for other hand sizes)",
        dir.display(),
        dir.display()
    )]
    NoTables { dir: PathBuf },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// A table found under the data folder.
#[cfg(feature = "tables")]
#[derive(Clone, Debug)]
pub struct FoundTable {
    pub key: Key,
    pub dir: PathBuf,
}

/// Every table under `data`, sorted: by kind ([`KINDS`] order),
/// one-target tables by id (families together, hand sizes ascending),
/// the others by partition.
#[cfg(feature = "tables")]
#[derive(Clone, Debug, Default)]
pub struct Tables {
    pub found: Vec<FoundTable>,
}

#[cfg(feature = "tables")]
impl Tables {
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// Every table's key, in the order above.
    pub fn keys(&self) -> impl Iterator<Item = Key> + '_ {
        self.found.iter().map(|f| f.key.clone())
    }

    /// Every table's partition, in the order above.
    pub fn partitions(&self) -> Vec<PathBuf> {
        self.keys().map(|k| k.partition()).collect()
    }
}

/// Every table under `data`, in one walk: a partition folder whose kind
/// (its manifest's, else its files': [`kind_in`]) and whose path,
/// read as that kind's key, agree. A folder with shard parts only counts:
/// its reader then says the table is not finished.
#[cfg(feature = "tables")]
pub fn discover(data: &Path) -> Result<Tables, DiscoverError> {
    if !data.is_dir() {
        return Err(DiscoverError::NoTables {
            dir: data.to_path_buf(),
        });
    }
    let dirs = disk::folders(data).map_err(|(path, source)| DiscoverError::Io { path, source })?;
    let mut found = Vec::new();
    for dir in dirs {
        let rel = dir.strip_prefix(data).unwrap_or(&dir).to_path_buf();
        if let Some(key) = kind_in(&dir).and_then(|kind| Key::from_partition(&kind, &rel)) {
            found.push(FoundTable { key, dir });
        }
    }
    found.sort_by_cached_key(|f| f.key.sort_key());
    Ok(Tables { found })
}

/// What [`upgrade_manifests`] did to one whole table's manifest.
#[cfg(feature = "tables")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Upgraded {
    /// Its manifest is today's now (written again, sealed anew): the game
    /// recorded, the schema version this census24 writes.
    Now(PathBuf, GameRecord),
    /// It was today's already: left as it is.
    Already(PathBuf),
    /// Shard parts only: `census24 merge` writes the whole manifest.
    Parts(PathBuf),
    /// Its files are not those a sweep writes today (a column it computes
    /// none of is in them, or one is missing): only a new sweep makes it.
    Stale(PathBuf),
}

/// Brings the manifest of every whole table under `data` to what a sweep
/// writes today when its files are already today's: each table is
/// verified, then, if its manifest records no game, an older schema
/// version or a kind by its old name ([`crate::tables::manifest::RENAMED`])
/// and every file has exactly the columns a sweep of its
/// parameters writes now, its manifest is written again with the game of
/// its folder ([`KindKey::game_record`]) and today's schema version, and
/// sealed anew; its files are untouched (a sweep of the same table today
/// writes the same manifest bytes). A table whose files differ is left
/// as [`Upgraded::Stale`]. A second run changes nothing.
#[cfg(feature = "tables")]
pub fn upgrade_manifests(
    data: &Path,
) -> Result<Vec<Upgraded>, Box<dyn std::error::Error + Send + Sync>> {
    use crate::tables::layout::Part;
    let mut done = Vec::new();
    for key in discover(data)?.keys() {
        let dir = data.join(key.partition());
        let path = dir.join(Part::Whole.manifest());
        if !path.is_file() {
            done.push(Upgraded::Parts(dir));
            continue;
        }
        let mut manifest = store::verify(&dir, Part::Whole)?;
        let p = &manifest.parameters;
        if p.game.is_some()
            && p.schema_version == crate::tables::table::SCHEMA_VERSION
            && p.kind == p.kind.today()
        {
            done.push(Upgraded::Already(dir));
            continue;
        }
        if !files_are_todays(&dir, p)? {
            done.push(Upgraded::Stale(dir));
            continue;
        }
        let record = key.game_record();
        manifest.parameters.game = Some(record.clone());
        manifest.parameters.schema_version = crate::tables::table::SCHEMA_VERSION;
        manifest.parameters.kind = manifest.parameters.kind.today();
        disk::write_atomic(&path, &manifest.to_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        store::verify(&dir, Part::Whole)?;
        done.push(Upgraded::Now(path, record));
    }
    Ok(done)
}

/// Whether every file of the table in `dir` has the columns, in order and
/// of the types, that a sweep of `params` writes today.
#[cfg(feature = "tables")]
fn files_are_todays(
    dir: &Path,
    params: &Params,
) -> Result<bool, Box<dyn std::error::Error + Send + Sync>> {
    use polars::prelude::SerReader;
    for file in files_of(params)? {
        let want = (file.empty)()?.schema().clone();
        let path = dir.join(crate::tables::layout::Part::Whole.file(file.stem));
        let have = polars_io::prelude::ParquetReader::new(std::fs::File::open(&path)?).schema()?;
        let same = have.len() == want.len()
            && have
                .iter()
                .zip(want.iter())
                .all(|((a, _), (b, _))| a.as_str() == b.as_str());
        if !same {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::presets::PRESETS;

    /// One entry per kind, each with its own name and the stems of its
    /// own files only, as the shipped manifests and files name them.
    #[test]
    fn every_kind_has_one_entry_of_its_own() {
        let names: Vec<&str> = KINDS.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["one-target", "reach", "large-sets"]);
        let stems: Vec<&str> = KINDS.iter().flat_map(|e| e.stems.iter().copied()).collect();
        assert_eq!(stems, ["hands", "solutions", "reach", "large_sets"]);
        for e in &KINDS {
            assert_eq!(entry(&e.name).map(|f| &f.name), Some(&e.name));
        }
        assert!(entry(&KindName::new("no-such-kind")).is_none());
    }

    /// A manifest an earlier census24 wrote, with the reach table's old
    /// name, reads as a reach table's and writes today's name.
    #[test]
    fn the_old_name_of_a_kind_reads_as_todays() {
        let old: KindName = serde_json::from_str("\"every-target\"").unwrap();
        assert_eq!(serde_json::to_string(&old).unwrap(), "\"every-target\"");
        assert_eq!(old.today(), reach::NAME);
        assert_eq!(entry(&old).map(|e| &e.name), Some(&reach::NAME));
    }

    /// A manifest of a kind this census24 does not know reads back, and
    /// its files are refused with one line naming the kind and the known
    /// ones.
    #[cfg(feature = "tables")]
    #[test]
    fn an_unknown_kind_is_named_not_guessed() {
        let key = Key::of_game(&(PRESETS[0].game)()).unwrap();
        let mut params = crate::tables::kind::params(one_target::NAME, &key, true, false);
        assert_eq!(files_of(&params).map(|f| f.len()), Ok(2));
        let json = serde_json::to_string(&params)
            .unwrap()
            .replace("one-target", "no-such-kind");
        params = serde_json::from_str(&json).unwrap();
        assert_eq!(params.kind, KindName::new("no-such-kind"));
        let e = files_of(&params).map(|f| f.len()).unwrap_err();
        assert!(
            e.contains("\"no-such-kind\"") && e.contains("one-target, reach, large-sets"),
            "{e}"
        );
    }

    /// Every preset's table, and a census of large sets, read back from its
    /// folder and kind as the same key.
    #[test]
    fn every_kind_reads_its_own_folder_back() {
        let mut keys: Vec<Key> = PRESETS
            .iter()
            .filter_map(|p| Key::of_game(&(p.game)()))
            .collect();
        keys.push(Key::Large(
            LargeKey::from_partition(Path::new(
                "rules=natural/use=any/targets=100-999/values=1-100/deck=large-sets-11-100/k=6",
            ))
            .expect("the shipped census's folder"),
        ));
        let kinds: Vec<KindName> = keys.iter().map(Key::kind).collect();
        for e in &KINDS {
            assert!(kinds.contains(&e.name), "{}", e.name);
        }
        for key in &keys {
            let rel = key.partition();
            assert_eq!(Key::from_partition(&key.kind(), &rel).as_ref(), Some(key));
        }
        // The folder alone can be ambiguous (a one-target folder is also a
        // reach range of one target): the manifest's kind decides.
        let one = Key::of_game(&(PRESETS[0].game)()).unwrap();
        assert!(matches!(
            Key::from_partition(&reach::NAME, &one.partition()),
            Some(Key::Reach(_))
        ));
        assert_eq!(
            Key::from_partition(&large_sets::NAME, &one.partition()),
            None
        );
    }
}
