//! The file system outside Parquet: the one atomic writer and the one
//! directory walk every caller shares.
//!
//! An atomic write goes to a fresh temporary file in the target's own folder
//! (unique name, so concurrent writers never share one) and is renamed into
//! place: the target either does not exist or holds every byte, even if the
//! process is killed midway. The walk follows symbolic links, as a user who
//! links a data folder expects, but never loops, and skips hidden folders
//! (unfinished runs live there).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;
use walkdir::WalkDir;

/// Writes `bytes` to `path` through a temporary file beside it, then renames.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_data()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// [`write_atomic`] for several files at once: each is written under a
/// temporary name, their data reach the disk together (the waits overlap on
/// the cores), and then each is renamed into place in the given order. On an
/// error the files already renamed stay, the others are removed.
pub fn write_atomic_all(files: &[(PathBuf, &[u8])]) -> Result<(), (PathBuf, io::Error)> {
    use rayon::prelude::*;
    let temps: Vec<NamedTempFile> = files
        .iter()
        .map(|(path, bytes)| {
            let dir = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            let mut tmp = NamedTempFile::new_in(dir).map_err(|e| (path.clone(), e))?;
            tmp.write_all(bytes).map_err(|e| (path.clone(), e))?;
            Ok(tmp)
        })
        .collect::<Result<_, (PathBuf, io::Error)>>()?;
    temps
        .par_iter()
        .zip(files)
        .try_for_each(|(tmp, (path, _))| {
            tmp.as_file().sync_data().map_err(|e| (path.clone(), e))
        })?;
    for (tmp, (path, _)) in temps.into_iter().zip(files) {
        tmp.persist(path).map_err(|e| (path.clone(), e.error))?;
    }
    Ok(())
}

/// Every folder under `root` (itself included), sorted, except hidden ones
/// and their contents. A link that leads back to a folder above it is
/// visited once; any other error names the path it failed on.
pub fn folders(root: &Path) -> Result<Vec<PathBuf>, (PathBuf, io::Error)> {
    let mut out = Vec::new();
    let walk = WalkDir::new(root)
        .follow_links(true)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walk {
        match entry {
            Ok(e) if e.file_type().is_dir() => out.push(e.into_path()),
            Ok(_) => {}
            Err(e) if e.loop_ancestor().is_some() => {}
            Err(e) => {
                let path = e.path().unwrap_or(root).to_path_buf();
                let io = e
                    .into_io_error()
                    .unwrap_or_else(|| io::Error::other("directory walk failed"));
                return Err((path, io));
            }
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_whole_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a.txt")]);
    }

    #[test]
    fn writing_several_files_leaves_each_whole_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.svg"), dir.path().join("README.md"));
        write_atomic(&b, b"old").unwrap();
        write_atomic_all(&[(a.clone(), b"chart"), (b.clone(), b"new readme")]).unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), b"chart");
        assert_eq!(std::fs::read(&b).unwrap(), b"new readme");
        let mut names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["README.md", "a.svg"]);
        // A folder that does not exist is named in the error.
        let missing = dir.path().join("no/such/x.md");
        let (path, _) = write_atomic_all(&[(missing.clone(), b"x")]).unwrap_err();
        assert_eq!(path, missing);
    }

    #[test]
    fn walk_skips_hidden_folders_and_survives_a_link_loop() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::fs::create_dir_all(root.join("a/.partial/x")).unwrap();
        std::os::unix::fs::symlink(root.join("a"), root.join("a/b/up")).unwrap();
        let found: Vec<PathBuf> = folders(root)
            .unwrap()
            .into_iter()
            .map(|p| p.strip_prefix(root).unwrap().to_path_buf())
            .collect();
        assert_eq!(
            found,
            vec![PathBuf::new(), PathBuf::from("a"), PathBuf::from("a/b")]
        );
    }
}
