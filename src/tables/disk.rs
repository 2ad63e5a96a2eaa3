//! The file system outside Parquet: the one atomic writer, the folder
//! locks, and the one directory walk every caller shares.
//!
//! An atomic write goes to a fresh temporary file in the target's own folder
//! and is renamed into place: the target either does not exist or holds
//! every byte, even if the process is killed midway. A temporary is named
//! `.census24-tmp.<target>.<random>` ([`TMP_PREFIX`]), so the next run that
//! holds the lock on that folder can tell its own leftovers from anything
//! else and remove them ([`remove_temporaries`]).
//!
//! A writer holds an exclusive advisory lock ([`lock`]) on a hidden lock
//! file in the folder it writes: the OS releases it when the process ends,
//! however it ends, so a killed run never blocks the next one.
//!
//! The walk follows symbolic links, as a user who links a data folder
//! expects, but never loops, and skips hidden folders (unfinished runs live
//! there).

use std::fs::{self, File, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use tempfile::NamedTempFile;
use walkdir::WalkDir;

/// The start of every temporary file or folder census24 makes beside its
/// output: `.census24-tmp.<target name>.<random>`.
pub const TMP_PREFIX: &str = ".census24-tmp.";

/// The environment variable through which tests kill a run at a chosen
/// step: `CENSUS24_TEST_KILL_AT=N` aborts the process (as `kill -9` would:
/// no clean-up runs) at the Nth step, a step being each point just before
/// and just after a rename or removal that publishes or retires a file.
pub const KILL_AT_VAR: &str = "CENSUS24_TEST_KILL_AT";

/// Counts the steps of [`KILL_AT_VAR`]; aborts at the asked one.
pub fn step() {
    static KILL_AT: OnceLock<Option<u64>> = OnceLock::new();
    static STEPS: AtomicU64 = AtomicU64::new(0);
    let Some(at) = *KILL_AT.get_or_init(|| std::env::var(KILL_AT_VAR).ok()?.parse().ok()) else {
        return;
    };
    if STEPS.fetch_add(1, Ordering::SeqCst) + 1 == at {
        std::process::abort();
    }
}

/// The folder a file is written in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A new, empty temporary file beside `path`, named after it. It is made
/// with mode 0666 less the user's umask, as any file a program writes
/// (0644 under the usual umask 022), not the 0600 of a private temporary:
/// once renamed it is the table or report others read.
pub fn temporary_for(path: &Path) -> io::Result<NamedTempFile> {
    use std::os::unix::fs::PermissionsExt;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    tempfile::Builder::new()
        .prefix(&format!("{TMP_PREFIX}{name}."))
        .rand_bytes(6)
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(folder_of(path))
}

/// Renames a finished temporary onto `path` (a step of [`KILL_AT_VAR`]
/// before and after).
pub fn persist(tmp: NamedTempFile, path: &Path) -> io::Result<()> {
    step();
    tmp.persist(path).map_err(|e| e.error)?;
    step();
    Ok(())
}

/// Writes `bytes` to `path` through a temporary file beside it, then renames.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut tmp = temporary_for(path)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_data()?;
    persist(tmp, path)
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
            let mut tmp = temporary_for(path).map_err(|e| (path.clone(), e))?;
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
        persist(tmp, path).map_err(|e| (path.clone(), e))?;
    }
    Ok(())
}

/// Removes a folder as one step: it is first renamed to a temporary name
/// (so a kill midway never leaves a half-emptied folder under its own name),
/// then deleted. Nothing to do if it does not exist.
pub fn remove_folder(path: &Path) -> io::Result<()> {
    if !path.exists() {
        return Ok(());
    }
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let doomed = folder_of(path).join(format!("{TMP_PREFIX}{name}.{}", std::process::id()));
    step();
    fs::rename(path, &doomed)?;
    step();
    fs::remove_dir_all(&doomed)
}

/// Removes a file as a step of [`KILL_AT_VAR`].
pub fn remove_file(path: &Path) -> io::Result<()> {
    step();
    fs::remove_file(path)?;
    step();
    Ok(())
}

/// The file a temporary was made for: `hands.parquet` for
/// `.census24-tmp.hands.parquet.Ab3dE9`.
pub fn temporary_target(name: &str) -> Option<&str> {
    name.strip_prefix(TMP_PREFIX)?
        .rsplit_once('.')
        .map(|(target, _)| target)
}

/// Removes the temporaries in `dir` (not below it) left by killed runs
/// whose target name `mine` accepts. Call it only while holding the lock
/// that covers those targets: another live writer's temporaries must stay.
/// Returns how many were removed.
pub fn remove_temporaries(dir: &Path, mine: impl Fn(&str) -> bool) -> io::Result<usize> {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let Some(target) = name.to_str().and_then(temporary_target) else {
            continue;
        };
        if !mine(target) {
            continue;
        }
        let path = entry.path();
        let gone = if entry.file_type()?.is_dir() {
            fs::remove_dir_all(&path)
        } else {
            fs::remove_file(&path)
        };
        match gone {
            Ok(()) => removed += 1,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(removed)
}

/// Runs `f`, catching a panic inside it (a dependency's reader meeting
/// bytes it does not expect) as its message, with the default panic report
/// silenced meanwhile: the caller turns it into one line naming the file.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    use std::sync::Once;
    use std::sync::atomic::AtomicUsize;
    static QUIET: AtomicUsize = AtomicUsize::new(0);
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.load(Ordering::SeqCst) == 0 {
                default(info);
            }
        }));
    });
    QUIET.fetch_add(1, Ordering::SeqCst);
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.fetch_sub(1, Ordering::SeqCst);
    caught.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string())
    })
}

/// An advisory lock on a folder, held until dropped (or until the process
/// ends, however it ends).
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
    pub path: PathBuf,
    /// False on a file system that has no locks at all (Lustre mounted
    /// without `flock`): the run goes on unprotected (docs/SCALING.md).
    pub held: bool,
    exclusive: bool,
}

/// Why a lock could not be taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it.
    Busy(PathBuf),
    /// The lock file could not be made or locked.
    Io(PathBuf, io::Error),
}

/// How to take a lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One holder: a writer of what the lock covers.
    Exclusive,
    /// Any number of holders, but no exclusive one: shards of one table
    /// hold the whole table's lock so, and a whole-table writer waits.
    Shared,
}

/// Takes the lock named `name` in `dir` (making the folder if needed)
/// without waiting: [`LockError::Busy`] if another process holds it in a
/// way that excludes `mode`.
pub fn lock(dir: &Path, name: &str, mode: Mode) -> Result<FolderLock, LockError> {
    lock_waiting(dir, name, mode, std::time::Duration::ZERO)
}

/// [`lock`], trying again for up to `wait` while another process holds it.
///
/// An exclusive holder removes the lock file when it lets go (a killed run
/// leaves it, empty and harmless, for the next run to reuse). Removing it
/// while it is held means a process can lock a file that no longer has that
/// name; so after taking the lock this checks that the name still leads to
/// the locked file, and starts over if not.
pub fn lock_waiting(
    dir: &Path,
    name: &str,
    mode: Mode,
    wait: std::time::Duration,
) -> Result<FolderLock, LockError> {
    use std::os::unix::fs::MetadataExt;
    fs::create_dir_all(dir).map_err(|e| LockError::Io(dir.to_path_buf(), e))?;
    let path = dir.join(name);
    let until = std::time::Instant::now() + wait;
    loop {
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| LockError::Io(path.clone(), e))?;
        let tried = match mode {
            Mode::Exclusive => file.try_lock(),
            Mode::Shared => file.try_lock_shared(),
        };
        let held = match tried {
            Ok(()) => true,
            Err(TryLockError::WouldBlock) if std::time::Instant::now() < until => {
                std::thread::sleep(std::time::Duration::from_millis(50));
                continue;
            }
            Err(TryLockError::WouldBlock) => return Err(LockError::Busy(dir.to_path_buf())),
            // ENOSYS, EOPNOTSUPP (Unsupported) or ENOLCK: locks do not
            // exist here, which must not make the file system unusable.
            Err(TryLockError::Error(e))
                if e.kind() == io::ErrorKind::Unsupported || e.raw_os_error() == Some(37) =>
            {
                false
            }
            Err(TryLockError::Error(e)) => return Err(LockError::Io(path, e)),
        };
        let mine = file
            .metadata()
            .map_err(|e| LockError::Io(path.clone(), e))?;
        match fs::metadata(&path) {
            Ok(now) if (now.dev(), now.ino()) == (mine.dev(), mine.ino()) => {
                return Ok(FolderLock {
                    _file: file,
                    path,
                    held,
                    exclusive: mode == Mode::Exclusive,
                });
            }
            // Its holder removed it as this run opened it: try again.
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(LockError::Io(path, e)),
        }
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Held exclusively here: no other process has this file locked.
        if self.held && self.exclusive {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Whether another process holds the lock `name` in `dir` right now, in
/// any mode (a reader asks when a file does not match its manifest: a
/// writer may be replacing it).
pub fn is_locked(dir: &Path, name: &str) -> bool {
    let Ok(file) = File::open(dir.join(name)) else {
        return false;
    };
    matches!(file.try_lock(), Err(TryLockError::WouldBlock))
}

/// Runs `f`; should it fail, removes every folder under `root` (and `root`
/// itself) that was not there before, so that a failed run leaves no empty
/// or half-filled folder behind. Files in folders that were there stay:
/// each was written whole under a temporary name and renamed.
pub fn undo_new_folders<T, E>(root: &Path, f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    let existed = root.exists();
    let before: std::collections::HashSet<PathBuf> = match existed {
        true => folders(root).unwrap_or_default().into_iter().collect(),
        false => Default::default(),
    };
    let result = f();
    if result.is_err() {
        if !existed {
            let _ = fs::remove_dir_all(root);
        } else {
            let mut new: Vec<PathBuf> = folders(root)
                .unwrap_or_default()
                .into_iter()
                .filter(|d| !before.contains(d))
                .collect();
            // The outermost first: removing it removes what it holds.
            new.sort_by_key(|d| d.components().count());
            for d in new {
                if d.exists() {
                    let _ = fs::remove_dir_all(&d);
                }
            }
        }
    }
    result
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
    fn temporaries_name_their_target_and_only_the_asked_ones_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let a = temporary_for(&dir.path().join("hands.parquet")).unwrap();
        let b = temporary_for(&dir.path().join("manifest.part-1-of-2.json")).unwrap();
        let name = a.path().file_name().unwrap().to_str().unwrap().to_string();
        assert!(name.starts_with(".census24-tmp.hands.parquet."), "{name}");
        assert_eq!(temporary_target(&name), Some("hands.parquet"));
        assert_eq!(temporary_target(".tmpAbCdEf"), None);
        let (a, b) = (a.keep().unwrap().1, b.keep().unwrap().1);
        std::fs::write(dir.path().join(".tmpAbCdEf"), b"not ours").unwrap();
        let n = remove_temporaries(dir.path(), |t| t == "hands.parquet").unwrap();
        assert_eq!(n, 1);
        assert!(!a.exists() && b.exists());
        assert!(dir.path().join(".tmpAbCdEf").exists());
    }

    #[test]
    fn a_folder_is_removed_through_a_temporary_name() {
        let dir = tempfile::tempdir().unwrap();
        let partial = dir.path().join(".partial");
        std::fs::create_dir_all(&partial).unwrap();
        std::fs::write(partial.join("x"), b"x").unwrap();
        remove_folder(&partial).unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        remove_folder(&partial).unwrap();
    }

    #[test]
    fn a_held_lock_refuses_a_second_holder_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let (x, s) = (Mode::Exclusive, Mode::Shared);
        let held = lock(dir.path(), ".census24.lock", x).unwrap();
        assert!(is_locked(dir.path(), ".census24.lock"));
        assert!(matches!(
            lock(dir.path(), ".census24.lock", x),
            Err(LockError::Busy(_))
        ));
        assert!(matches!(
            lock(dir.path(), ".census24.lock", s),
            Err(LockError::Busy(_))
        ));
        // Another lock name in the same folder is independent.
        let other = lock(dir.path(), ".census24.part-1-of-2.lock", x).unwrap();
        drop(held);
        assert!(!is_locked(dir.path(), ".census24.lock"));
        // Shared holders coexist, exclude an exclusive one, and leave the
        // file when they let go.
        let a = lock(dir.path(), ".census24.lock", s).unwrap();
        let b = lock(dir.path(), ".census24.lock", s).unwrap();
        assert!(is_locked(dir.path(), ".census24.lock"));
        assert!(matches!(
            lock(dir.path(), ".census24.lock", x),
            Err(LockError::Busy(_))
        ));
        drop((a, b));
        lock(dir.path(), ".census24.lock", x).unwrap();
        // Released locks leave no file behind.
        drop(other);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
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
