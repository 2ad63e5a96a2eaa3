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
use crate::tables::large_sets::LargeKey;
use crate::tables::layout::{ReachKey, TableKey};
use crate::tables::manifest::KindName;
#[cfg(feature = "tables")]
use crate::tables::manifest::{GameRecord, Manifest, Params};
#[cfg(feature = "tables")]
use crate::tables::{disk, every_target, large_sets, one_target, store};

/// A kind of table as the registry knows it: its name, how its folder
/// reads back as its key, its files and what a merge says of it. One
/// entry per kind in [`KINDS`]; the making of its rows is its
/// [`crate::tables::kind::TableKind`], its reports are
/// `crate::report::kinds`'s.
#[derive(Debug)]
pub struct KindEntry {
    pub name: KindName,
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
}

/// Every kind of table, in [`KindName::ALL`] order.
pub const KINDS: [KindEntry; 3] = [
    KindEntry {
        name: KindName::OneTarget,
        from_partition: |rel| TableKey::from_partition(rel).map(Key::OneTarget),
        #[cfg(feature = "tables")]
        files: |p| one_target::files(p.solutions && !p.counts_only, p.solutions),
        #[cfg(feature = "tables")]
        merged: one_target::merged_line,
    },
    KindEntry {
        name: KindName::EveryTarget,
        from_partition: |rel| ReachKey::from_partition(rel).map(Key::Reach),
        #[cfg(feature = "tables")]
        files: |p| {
            every_target::files(every_target::computed(
                p.solutions,
                p.rules.parse().unwrap_or(Rules::Rational),
            ))
        },
        #[cfg(feature = "tables")]
        merged: every_target::merged_line,
    },
    KindEntry {
        name: KindName::LargeSets,
        from_partition: |rel| LargeKey::from_partition(rel).map(Key::Large),
        #[cfg(feature = "tables")]
        files: |_| large_sets::files(),
        #[cfg(feature = "tables")]
        merged: large_sets::merged_line,
    },
];

/// The entry of `kind`.
pub fn entry(kind: KindName) -> &'static KindEntry {
    KINDS
        .iter()
        .find(|e| e.name == kind)
        .expect("every kind has its entry (a test holds KINDS to KindName::ALL)")
}

/// The files of a table made with `params`, in manifest order: what a
/// sweep writes and what a merge joins.
#[cfg(feature = "tables")]
pub fn files_of(params: &Params) -> Vec<TableFile> {
    (entry(params.kind).files)(params)
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
    pub fn from_partition(kind: KindName, rel: &Path) -> Option<Key> {
        (entry(kind).from_partition)(rel)
    }

    /// The table that holds `game`: its one-target table, or for a range
    /// of targets its reach table (`None` for a game no table files, say
    /// any-selection play of one target).
    pub fn of_game(game: &Game) -> Option<Key> {
        TableKey::of_game(game)
            .map(Key::OneTarget)
            .or_else(|| ReachKey::of_game(game).map(Key::Reach))
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
        let kind = KindName::ALL.iter().position(|&k| k == self.kind());
        let id = match self {
            Key::OneTarget(k) => Some(k.sort_key()),
            _ => None,
        };
        (kind.unwrap_or(usize::MAX), id, self.partition())
    }

    /// The kind its manifest records.
    pub fn kind(&self) -> KindName {
        match self {
            Key::OneTarget(_) => KindName::OneTarget,
            Key::Reach(_) => KindName::EveryTarget,
            Key::Large(_) => KindName::LargeSets,
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

/// Every table under `data`, sorted: by kind ([`KindName::ALL`] order),
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
/// (its manifest's, else its files': [`store::kind_in`]) and whose path,
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
        if let Some(key) = store::kind_in(&dir).and_then(|kind| Key::from_partition(kind, &rel)) {
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
/// verified, then, if its manifest records no game or an older schema
/// version and every file has exactly the columns a sweep of its
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
        if p.game.is_some() && p.schema_version == crate::tables::table::SCHEMA_VERSION {
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
    for file in files_of(params) {
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

    /// One entry per kind, in the order of the kinds' names, each with the
    /// stems of its own files only.
    #[test]
    fn every_kind_has_one_entry_in_order() {
        let names: Vec<KindName> = KINDS.iter().map(|e| e.name).collect();
        assert_eq!(names, KindName::ALL);
        let stems: Vec<&str> = crate::tables::layout::table_stems().collect();
        assert_eq!(stems, ["hands", "solutions", "reach", "large_sets"]);
        for kind in KindName::ALL {
            assert_eq!(entry(kind).name, kind);
        }
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
        for kind in [
            KindName::OneTarget,
            KindName::EveryTarget,
            KindName::LargeSets,
        ] {
            assert!(kinds.contains(&kind), "{kind:?}");
        }
        for key in &keys {
            let rel = key.partition();
            assert_eq!(Key::from_partition(key.kind(), &rel).as_ref(), Some(key));
        }
        // The folder alone can be ambiguous (a one-target folder is also a
        // reach range of one target): the manifest's kind decides.
        let one = Key::of_game(&(PRESETS[0].game)()).unwrap();
        assert!(matches!(
            Key::from_partition(KindName::EveryTarget, &one.partition()),
            Some(Key::Reach(_))
        ));
        assert_eq!(
            Key::from_partition(KindName::LargeSets, &one.partition()),
            None
        );
    }
}
