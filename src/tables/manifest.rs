//! The manifest beside every table: what made it (tool and schema version,
//! parameters), what it holds (row counts) and a checksum of its bytes.
//!
//! A manifest carries no timestamps or host names, so a table made in one run,
//! in shards merged later, or on another machine has the same manifest bytes.
//! The same [`Params`] describe an unfinished run, so a resume or a rerun into
//! existing output can name exactly which parameter differs.

use std::borrow::Cow;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::difficulty::pricer::ModelRecord;
use crate::game::family::Game;
use crate::game::presets::{base_of, title_of};
use crate::tables::summary::Tally;

/// The name of a kind of table, as a manifest records it (`one-target`,
/// `reach`, `large-sets`): what a reader takes the table's files and
/// queries from, never guessed from other fields. Each kind names itself
/// (the `NAME` of its module under [`crate::tables::registry`]), and the
/// registry's list of kinds is the one list of them; a name no kind has
/// reads back, and the registry then knows no table of it. A name an
/// earlier census24 wrote ([`RENAMED`]) reads back as written (a manifest
/// is held to its bytes) and stands for today's ([`KindName::today`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KindName(Cow<'static, str>);

/// Kinds' names as earlier census24 versions wrote them, and today's: the
/// reach table was `every-target` until issue 44 gave each kind one name.
pub const RENAMED: [(&str, &str); 1] = [("every-target", "reach")];

impl KindName {
    /// The name `name`.
    pub const fn new(name: &'static str) -> KindName {
        KindName(Cow::Borrowed(name))
    }

    /// The name as the manifest writes it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Today's name of the kind: this one, or the one it was renamed to
    /// ([`RENAMED`]).
    pub fn today(&self) -> KindName {
        match RENAMED.iter().find(|(old, _)| *old == self.0) {
            Some((_, now)) => KindName::new(now),
            None => self.clone(),
        }
    }
}

impl std::fmt::Display for KindName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The game a table holds, as its manifest records it: the preset it is
/// played with, how titles name it, and every field of the game in words,
/// so that the manifest alone says which game its rows are of. Manifests
/// written before it was recorded have none and read as before (their game
/// is their folder's, [`crate::tables::registry::Key`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The preset the game is played with (`24`, `countdown`, `krypto`):
    /// its deck, values, use of the cards and draw; `None` for a game of
    /// another deck.
    pub preset: Option<String>,
    /// `Krypto, natural rules`; `None` with no preset.
    pub title: Option<String>,
    /// Every field: `5 cards from 1..25 (deck krypto), targets 1..25 dealt
    /// from the deck, natural rules, every card once, 1 point exact`.
    pub describe: String,
}

impl GameRecord {
    /// The record of `game`.
    pub fn of(game: &Game) -> GameRecord {
        GameRecord {
            preset: base_of(game).map(|(p, _)| p.name.to_string()),
            title: title_of(game),
            describe: game.describe(),
        }
    }
}

/// Everything that determines a table's bytes (the thread count does not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// The kind of table.
    pub kind: KindName,
    /// The table's folder relative to the data folder
    /// (`rules=rational/use=all/targets=24-24/...`, always with `/`): a reader
    /// refuses a table found in another folder.
    pub partition: String,
    /// The game the table holds (absent from manifests written before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameRecord>,
    pub tool_version: String,
    pub schema_version: u32,
    pub hand_size: usize,
    /// `LO..HI`.
    pub values: String,
    /// `24` or `p/q`.
    pub target: String,
    pub rules: String,
    /// Copies per value, or `none`.
    pub deck: String,
    /// Whether the solutions table and the solution counts were made.
    pub solutions: bool,
    /// With `solutions`: whether only the counts were kept, without the
    /// solutions table (absent from the manifest when false, so tables made
    /// before the option existed keep their bytes).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counts_only: bool,
    /// `I/N` for a shard part, absent for a whole table.
    pub shard: Option<String>,
    /// The model file that priced the table's predicted figures (`sweep
    /// --model`); absent for the built-in model, so tables priced by it
    /// keep their bytes and older manifests read as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelRecord>,
}

impl Params {
    /// One line per parameter that differs: `solutions: true there, false here`.
    pub fn differences(&self, here: &Params) -> Vec<String> {
        let value = |p: &Params| {
            // A kind's old name is today's kind.
            let p = Params {
                kind: p.kind.today(),
                ..p.clone()
            };
            let mut v = serde_json::to_value(&p).expect("params serialize");
            // Absent when false (and from manifests older than the option).
            v.as_object_mut()
                .expect("object")
                .entry("counts_only")
                .or_insert(false.into());
            v
        };
        let (mut there, mut here) = (value(self), value(here));
        // A manifest written before the game was recorded holds the game
        // of its folder, which the partition compares.
        if there.get("game").is_none() || here.get("game").is_none() {
            for v in [&mut there, &mut here] {
                v.as_object_mut().expect("object").remove("game");
            }
        }
        let (there, here) = (
            there.as_object().expect("object"),
            here.as_object().expect("object"),
        );
        // serde_json maps are sorted by key, so the lines come in a stable order.
        there
            .iter()
            .filter(|(k, v)| here.get(*k) != Some(v))
            .map(|(k, v)| {
                format!(
                    "{k}: {v} there, {} here",
                    here.get(k).cloned().unwrap_or_default()
                )
            })
            .collect()
    }
}

/// One file of a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileEntry {
    pub name: String,
    pub rows: u64,
    pub bytes: u64,
    pub sha256: String,
}

impl FileEntry {
    pub fn of(name: &str, rows: usize, bytes: &[u8]) -> FileEntry {
        FileEntry {
            name: name.to_string(),
            rows: rows as u64,
            bytes: bytes.len() as u64,
            sha256: sha256_hex(bytes),
        }
    }
}

/// `manifest.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub tool: String,
    pub parameters: Params,
    pub hands: u64,
    pub solvable: u64,
    pub integer_solvable: u64,
    pub needs_fraction: u64,
    pub solution_rows: u64,
    /// Deals of K cards from the deck covered by these hands, and the
    /// solvable ones among them (exact; their ratio is the deck-weighted
    /// share of solvable deals).
    pub deals: u128,
    pub solvable_deals: u128,
    pub files: Vec<FileEntry>,
    /// SHA-256 of the `sha256sum`-style listing of `files`
    /// (`<sha256>  <name>\n` per file, in order): one value naming the content.
    pub checksum: String,
    /// SHA-256 of this manifest's own bytes as written with this field empty:
    /// a reader checks the manifest before it trusts a count or a checksum
    /// in it ([`Manifest::from_checked_bytes`]).
    #[serde(default)]
    pub manifest_sha256: String,
}

/// Why a sealed file's bytes (a manifest, a chunk's marker, the atlas's
/// listing) are not to be trusted.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error("it is not a census24 manifest ({0})")]
    Json(#[from] serde_json::Error),
    #[error(
        "it carries no seal of its own bytes (an earlier census24 wrote it): make it again \
         with the command that made it"
    )]
    Unsealed,
    #[error(
        "its bytes do not match the seal it carries (the file is damaged, or another \
         census24 version wrote it)"
    )]
    Damaged,
}

impl Manifest {
    pub fn new(parameters: Params, tally: &Tally, files: Vec<FileEntry>) -> Manifest {
        let checksum = content_checksum(&files);
        Manifest {
            tool: "census24".to_string(),
            parameters,
            hands: tally.hands,
            solvable: tally.solvable,
            integer_solvable: tally.integer_solvable,
            needs_fraction: tally.needs_fraction,
            solution_rows: tally.solution_rows,
            deals: tally.ways,
            solvable_deals: tally.solvable_ways,
            files,
            checksum,
            manifest_sha256: String::new(),
        }
    }

    /// The counts back as a tally.
    pub fn tally(&self) -> Tally {
        Tally {
            hands: self.hands,
            solvable: self.solvable,
            integer_solvable: self.integer_solvable,
            needs_fraction: self.needs_fraction,
            solution_rows: self.solution_rows,
            ways: self.deals,
            solvable_ways: self.solvable_deals,
            per_target: Vec::new(),
        }
    }

    /// The bytes of `manifest.json`, sealed with their own checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        sealed_bytes(self)
    }

    /// The manifest in `bytes`, read without checking its seal (what a run
    /// needs to learn the parameters of a table it will replace).
    pub fn from_bytes(bytes: &[u8]) -> serde_json::Result<Manifest> {
        serde_json::from_slice(bytes)
    }

    /// The manifest in `bytes`, only if they are exactly the bytes
    /// [`Manifest::to_bytes`] writes for it: any changed byte, in a count,
    /// a checksum, a name or the white space, is caught.
    pub fn from_checked_bytes(bytes: &[u8]) -> Result<Manifest, ManifestError> {
        from_sealed_bytes(bytes)
    }
}

impl Sealed for Manifest {
    fn seal(&mut self) -> &mut String {
        &mut self.manifest_sha256
    }
}

/// A JSON file that carries the SHA-256 of its own bytes (written with that
/// field empty), so that a reader trusts none of its values unless every
/// byte is as written: a manifest, a chunk's marker, the atlas's listing.
pub trait Sealed: Serialize + DeserializeOwned + Clone {
    /// The field holding the seal.
    fn seal(&mut self) -> &mut String;
}

/// The bytes of `value` as pretty JSON with a final newline, sealed.
pub fn sealed_bytes<T: Sealed>(value: &T) -> Vec<u8> {
    let json = |v: &T| {
        let mut bytes = serde_json::to_vec_pretty(v).expect("sealed files serialize");
        bytes.push(b'\n');
        bytes
    };
    let mut v = value.clone();
    *v.seal() = String::new();
    let seal = sha256_hex(&json(&v));
    *v.seal() = seal;
    json(&v)
}

/// The value in `bytes`, only if they are exactly the bytes [`sealed_bytes`]
/// writes for it: any changed byte, in a count, a checksum, a name or the
/// white space, is caught.
pub fn from_sealed_bytes<T: Sealed>(bytes: &[u8]) -> Result<T, ManifestError> {
    let mut v: T = serde_json::from_slice(bytes)?;
    if sealed_bytes(&v) != bytes {
        return Err(if v.seal().is_empty() {
            ManifestError::Unsealed
        } else {
            ManifestError::Damaged
        });
    }
    Ok(v)
}

/// What an unfinished run was started with, kept beside its chunks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    pub parameters: Params,
    /// Hands per chunk: chunk files are only reusable with the same split.
    pub chunk_hands: usize,
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    to_hex(&Sha256::digest(bytes))
}

/// Lower-case hex of a digest.
pub fn to_hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// See [`Manifest::checksum`].
pub fn content_checksum(files: &[FileEntry]) -> String {
    let listing: String = files
        .iter()
        .map(|f| format!("{}  {}\n", f.sha256, f.name))
        .collect();
    sha256_hex(listing.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> Params {
        Params {
            kind: crate::tables::registry::one_target::NAME,
            partition: "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4".into(),
            game: Some(GameRecord::of(&crate::game::presets::standard())),
            tool_version: "0.1.0".into(),
            schema_version: 1,
            hand_size: 4,
            values: "1..13".into(),
            target: "24".into(),
            rules: "rational".into(),
            deck: "4".into(),
            solutions: true,
            counts_only: false,
            shard: None,
            model: None,
        }
    }

    #[test]
    fn differences_name_the_parameter() {
        let here = Params {
            solutions: false,
            ..params()
        };
        assert_eq!(
            params().differences(&here),
            vec!["solutions: true there, false here".to_string()]
        );
        assert!(params().differences(&params()).is_empty());
        let counts = Params {
            counts_only: true,
            ..params()
        };
        assert_eq!(
            params().differences(&counts),
            vec!["counts_only: false there, true here".to_string()]
        );
        // A manifest written before the game was recorded: the same table.
        let old = Params {
            game: None,
            ..params()
        };
        assert!(old.differences(&params()).is_empty());
        assert!(params().differences(&old).is_empty());
        // Another game recorded: named.
        let mut other = params();
        other.game.as_mut().unwrap().describe = "another game".into();
        assert_eq!(params().differences(&other).len(), 1);
        assert!(params().differences(&other)[0].starts_with("game: "));
    }

    #[test]
    fn the_record_names_the_preset_and_its_rules() {
        let krypto = crate::game::presets::game("krypto").unwrap();
        let r = GameRecord::of(&krypto);
        assert_eq!(r.preset.as_deref(), Some("krypto"));
        assert_eq!(r.title.as_deref(), Some("Krypto"));
        let natural = Game {
            rules: crate::game::rules::Rules::Natural,
            ..krypto
        };
        assert_eq!(
            GameRecord::of(&natural).title.as_deref(),
            Some("Krypto, natural rules")
        );
        let none = Game {
            deck: crate::game::deck::Deck::Unlimited,
            ..crate::game::presets::standard()
        };
        assert_eq!(GameRecord::of(&none).preset, None);
    }

    #[test]
    fn round_trips_and_checksums() {
        let files = vec![FileEntry::of("hands.parquet", 2, b"abc")];
        assert_eq!(
            files[0].sha256,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let m = Manifest::new(params(), &Tally::default(), files);
        let bytes = m.to_bytes();
        let back = Manifest::from_checked_bytes(&bytes).unwrap();
        assert_eq!(back.manifest_sha256.len(), 64);
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(m.checksum, content_checksum(&m.files));
    }

    /// Every single-bit flip of a manifest is caught: either it no longer
    /// parses, or its bytes no longer match its seal.
    #[test]
    fn every_bit_flip_of_a_manifest_is_caught() {
        let files = vec![FileEntry::of("hands.parquet", 1820, b"abc")];
        let bytes = Manifest::new(params(), &Tally::default(), files).to_bytes();
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut b = bytes.clone();
                b[i] ^= 1 << bit;
                assert!(
                    Manifest::from_checked_bytes(&b).is_err(),
                    "flip of bit {bit} of byte {i} passed"
                );
            }
        }
        // A manifest of an earlier census24, without the seal, is named so.
        let mut old: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        old.as_object_mut().unwrap().remove("manifest_sha256");
        let old = serde_json::to_vec_pretty(&old).unwrap();
        assert!(matches!(
            Manifest::from_checked_bytes(&old),
            Err(ManifestError::Unsealed)
        ));
    }
}
