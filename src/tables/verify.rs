//! Reading a finished table back as it was written: its manifest's own
//! seal, the folder its manifest names, and the size and SHA-256 of every
//! file it lists, before any of them is used.
//!
//! Polars-free, so that the Python package checks a shipped table with the
//! rules `census24` itself reads it by ([`crate::tables::store::verify`]
//! maps these errors into its own, with the lock and shard context only a
//! writer has).

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::tables::manifest::{FileEntry, Manifest, ManifestError, to_hex};

/// Why a table folder does not verify. Each names the file and what differs.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The folder has no manifest of that name: no finished table (or only
    /// shard parts, or an unfinished run; the caller tells which).
    #[error("no table in {}: {manifest} is missing", dir.display())]
    NoManifest { dir: PathBuf, manifest: String },
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: {source}", path.display())]
    BadManifest {
        path: PathBuf,
        source: ManifestError,
    },
    #[error(transparent)]
    WrongFolder(#[from] WrongFolder),
    #[error("{} {what}", path.display())]
    Unverified { path: PathBuf, what: String },
}

/// A table's files copied into another table's folder (the k=2 table under
/// k=3, a deck=x4 table under deck=none) verify against their own
/// manifest: its partition says where they belong. One error for the
/// reader and the writer ([`crate::tables::error::SweepError`]).
#[derive(Debug, thiserror::Error)]
#[error(
    "{} holds the table of {partition} (its manifest says so), not the table of its own folder: \
     move it back or make this one with census24 sweep",
    dir.display()
)]
pub struct WrongFolder {
    pub dir: PathBuf,
    pub partition: String,
}

/// The manifest `manifest` (a file name) of the table in `dir`, once its
/// own seal is checked and its partition is the end of `dir`; its files are
/// not read ([`check_file`], [`read_file`] and [`verify_table`] do).
pub fn read_manifest(dir: &Path, manifest: &str) -> Result<Manifest, VerifyError> {
    let path = dir.join(manifest);
    let bytes = match fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(VerifyError::NoManifest {
                dir: dir.to_path_buf(),
                manifest: manifest.to_string(),
            });
        }
        Err(source) => return Err(VerifyError::Io { path, source }),
    };
    let m = Manifest::from_checked_bytes(&bytes)
        .map_err(|source| VerifyError::BadManifest { path, source })?;
    if !dir.ends_with(&m.parameters.partition) {
        return Err(WrongFolder {
            dir: dir.to_path_buf(),
            partition: m.parameters.partition.clone(),
        }
        .into());
    }
    Ok(m)
}

/// The manifest of the table in `dir` once [`read_manifest`] accepts it and
/// every file it lists has the listed size and SHA-256.
pub fn verify_table(dir: &Path, manifest: &str) -> Result<Manifest, VerifyError> {
    let m = read_manifest(dir, manifest)?;
    for f in &m.files {
        check_file(dir, manifest, f)?;
    }
    Ok(m)
}

/// Checks one listed file's size, then its SHA-256, read in pieces (a
/// solutions table can be large).
pub fn check_file(dir: &Path, manifest: &str, f: &FileEntry) -> Result<(), VerifyError> {
    let (path, mut file) = open_listed(dir, manifest, f)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = match file.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(source) => return Err(VerifyError::Io { path, source }),
        };
        hasher.update(&buf[..n]);
    }
    check_digest(&path, manifest, f, &hasher.finalize())
}

/// The bytes of one listed file, once their size and SHA-256 are the
/// listed ones: a reader that parses these bytes parses what was checked,
/// whatever happens to the file afterwards.
pub fn read_file(dir: &Path, manifest: &str, f: &FileEntry) -> Result<Vec<u8>, VerifyError> {
    let (path, mut file) = open_listed(dir, manifest, f)?;
    // The listed size bounds the read: a file that grew is caught below.
    let mut bytes = Vec::with_capacity(usize::try_from(f.bytes).unwrap_or(0));
    (&mut file)
        .take(f.bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| VerifyError::Io {
            path: path.clone(),
            source,
        })?;
    if bytes.len() as u64 != f.bytes {
        return Err(differs(
            &path,
            format!(
                "changed while it was read ({manifest} lists {} bytes)",
                f.bytes
            ),
        ));
    }
    check_digest(&path, manifest, f, &Sha256::digest(&bytes))?;
    Ok(bytes)
}

/// The listed file opened, once its size on disk is the listed one.
fn open_listed(
    dir: &Path,
    manifest: &str,
    f: &FileEntry,
) -> Result<(PathBuf, fs::File), VerifyError> {
    let path = dir.join(&f.name);
    let file = match fs::File::open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(differs(
                &path,
                format!("is missing, but {manifest} lists it"),
            ));
        }
        Err(source) => return Err(VerifyError::Io { path, source }),
    };
    let len = match file.metadata() {
        Ok(m) => m.len(),
        Err(source) => return Err(VerifyError::Io { path, source }),
    };
    if len != f.bytes {
        return Err(differs(
            &path,
            format!("has {len} bytes, but {manifest} lists {}", f.bytes),
        ));
    }
    Ok((path, file))
}

fn check_digest(
    path: &Path,
    manifest: &str,
    f: &FileEntry,
    digest: &[u8],
) -> Result<(), VerifyError> {
    if to_hex(digest) != f.sha256 {
        return Err(differs(
            path,
            format!("does not match the SHA-256 that {manifest} lists for it"),
        ));
    }
    Ok(())
}

fn differs(path: &Path, what: String) -> VerifyError {
    VerifyError::Unverified {
        path: path.to_path_buf(),
        what,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::manifest::Params;
    use crate::tables::summary::Tally;

    const PARTITION: &str = "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=2";

    /// A table of one listed file in `root/PARTITION`, as a sweep writes it.
    fn table(root: &Path) -> PathBuf {
        let dir = root.join(PARTITION);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("hands.parquet"), b"abc").unwrap();
        let params = Params {
            kind: crate::tables::registry::one_target::NAME,
            partition: PARTITION.into(),
            game: None,
            tool_version: "0.1.0".into(),
            schema_version: 1,
            hand_size: 2,
            values: "1..13".into(),
            target: "24".into(),
            rules: "rational".into(),
            deck: "4".into(),
            solutions: false,
            counts_only: false,
            shard: None,
            model: None,
        };
        let files = vec![FileEntry::of("hands.parquet", 1, b"abc")];
        let m = Manifest::new(params, &Tally::default(), files);
        fs::write(dir.join("manifest.json"), m.to_bytes()).unwrap();
        dir
    }

    fn scratch(name: &str) -> PathBuf {
        let root =
            std::env::temp_dir().join(format!("census24-verify-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        root
    }

    #[test]
    fn a_table_as_written_verifies_and_reads_back() {
        let root = scratch("ok");
        let dir = table(&root);
        let m = verify_table(&dir, "manifest.json").unwrap();
        assert_eq!(
            read_file(&dir, "manifest.json", &m.files[0]).unwrap(),
            b"abc"
        );
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_changed_file_a_moved_table_and_no_table_are_named() {
        let root = scratch("bad");
        let dir = table(&root);
        let m = read_manifest(&dir, "manifest.json").unwrap();
        // Same size, other bytes: only the SHA-256 tells.
        fs::write(dir.join("hands.parquet"), b"abd").unwrap();
        let e = read_file(&dir, "manifest.json", &m.files[0]).unwrap_err();
        assert!(
            e.to_string().ends_with(
                "hands.parquet does not match the SHA-256 that manifest.json lists for it"
            ),
            "{e}"
        );
        assert!(matches!(
            verify_table(&dir, "manifest.json"),
            Err(VerifyError::Unverified { .. })
        ));
        fs::write(dir.join("hands.parquet"), b"abcd").unwrap();
        let e = check_file(&dir, "manifest.json", &m.files[0]).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("has 4 bytes, but manifest.json lists 3"),
            "{e}"
        );
        fs::remove_file(dir.join("hands.parquet")).unwrap();
        let e = verify_table(&dir, "manifest.json").unwrap_err();
        assert!(
            e.to_string()
                .ends_with("is missing, but manifest.json lists it"),
            "{e}"
        );
        // The k=2 table copied under k=3.
        let moved = root.join(PARTITION.replace("k=2", "k=3"));
        fs::create_dir_all(&moved).unwrap();
        fs::copy(dir.join("manifest.json"), moved.join("manifest.json")).unwrap();
        assert!(matches!(
            read_manifest(&moved, "manifest.json"),
            Err(VerifyError::WrongFolder(WrongFolder { partition, .. })) if partition == PARTITION
        ));
        assert!(matches!(
            read_manifest(&root, "manifest.json"),
            Err(VerifyError::NoManifest { .. })
        ));
        // One changed byte of the manifest breaks its seal.
        let mut bytes = fs::read(dir.join("manifest.json")).unwrap();
        let at = bytes.iter().position(|&b| b == b'3').unwrap();
        bytes[at] = b'4';
        fs::write(dir.join("manifest.json"), bytes).unwrap();
        assert!(matches!(
            read_manifest(&dir, "manifest.json"),
            Err(VerifyError::BadManifest {
                source: ManifestError::Damaged,
                ..
            })
        ));
        fs::remove_dir_all(&root).unwrap();
    }
}
