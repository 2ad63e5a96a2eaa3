//! The registry of kinds of table: the one key of a table of any kind
//! ([`Key`], read back from its folder), and from the kind a manifest
//! records to the files the kind writes. What reads a finished table without making it
//! (a merge) asks here; the sweep driver asks the kind itself
//! ([`crate::tables::kind::TableKind::files`]), and both agree.

use std::path::{Path, PathBuf};

use crate::game::deck::{Deck, ValueRange};
use crate::game::family::Game;
use crate::tables::kind::{KindKey, TableFile};
use crate::tables::large_sets::LargeKey;
use crate::tables::layout::{ReachKey, TableKey};
use crate::tables::manifest::{KindName, Params};
use crate::tables::{every_target, large_sets, one_target};

/// The files of a table made with `params`, in manifest order: what a
/// sweep writes and what a merge joins.
pub fn files_of(params: &Params) -> Vec<TableFile> {
    match params.kind {
        KindName::LargeSets => large_sets::files(),
        KindName::EveryTarget => every_target::files(),
        KindName::OneTarget => one_target::files(params.solutions && !params.counts_only),
    }
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
        match kind {
            KindName::OneTarget => TableKey::from_partition(rel).map(Key::OneTarget),
            KindName::EveryTarget => ReachKey::from_partition(rel).map(Key::Reach),
            KindName::LargeSets => LargeKey::from_partition(rel).map(Key::Large),
        }
    }

    /// The table that holds `game`: its one-target table, or for a range
    /// of targets its reach table (`None` for a game no table files, say
    /// any-selection play of one target).
    pub fn of_game(game: &Game) -> Option<Key> {
        TableKey::of_game(game)
            .map(Key::OneTarget)
            .or_else(|| ReachKey::of_game(game).map(Key::Reach))
    }

    /// The kind its manifest records.
    pub fn kind(&self) -> KindName {
        match self {
            Key::OneTarget(_) => KindName::OneTarget,
            Key::Reach(_) => KindName::EveryTarget,
            Key::Large(_) => KindName::LargeSets,
        }
    }

    fn inner(&self) -> &dyn KindKey {
        match self {
            Key::OneTarget(k) => k,
            Key::Reach(k) => k,
            Key::Large(k) => k,
        }
    }
}

impl KindKey for Key {
    fn partition(&self) -> PathBuf {
        self.inner().partition()
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::presets::PRESETS;

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
