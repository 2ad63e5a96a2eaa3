//! Ctrl-C (SIGINT, and SIGTERM as a scheduler sends it) during a sweep: the
//! progress line is finished, one line says what was kept and that the same
//! command resumes, and the process exits with status 130.
//!
//! Nothing needs undoing: every file reaches its place by an atomic rename,
//! finished chunks stay in the table's `.partial` folder with their sealed
//! markers, and the temporaries of a chunk cut short are removed by the
//! next run of the part, which holds its lock.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use indicatif::{ProgressBar, ProgressDrawTarget};
use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use crate::tables::layout::Part;
use crate::tables::store;

/// The exit status of a run stopped by a signal: 128 + SIGINT, as shells
/// report a program Ctrl-C stopped.
pub const EXIT_INTERRUPTED: i32 = 130;

/// What an interrupted sweep says: the chunks kept in the part's
/// `.partial` folder (or that nothing was kept yet) and how to resume.
pub fn kept_line(dir: &std::path::Path, part: Part) -> String {
    let partial = dir.join(part.partial());
    match store::finished_chunks(dir, part) {
        0 => "census24: interrupted before any chunk was finished: nothing was kept \
              (a table this small is made in one pass unless --resumable is given); \
              the same command starts it again"
            .to_string(),
        n => format!(
            "census24: interrupted: {} kept in {}; the same command resumes from {}",
            crate::tables::summary::counted(n as u64, "finished chunk"),
            partial.display(),
            if n == 1 { "it" } else { "them" }
        ),
    }
}

/// The table a signal reports on: the one being swept, set by each sweep
/// of a run in turn (`sweep --also-deck` sweeps one table per deck).
#[derive(Clone, Debug, Default)]
pub struct Watch(Arc<Mutex<Option<(ProgressBar, PathBuf, Part)>>>);

impl Watch {
    /// `bar` and the part of the table in `dir` are swept from now on.
    pub fn now(&self, bar: ProgressBar, dir: PathBuf, part: Part) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((bar, dir, part));
    }
}

/// From now on, SIGINT or SIGTERM ends the process: the bar of the table
/// `watch` names last is left where it stood on a line of its own,
/// [`kept_line`] is printed for that table, and the exit status is
/// [`EXIT_INTERRUPTED`]. Returns `Err` only if the handler cannot be
/// installed (the run then goes on with the default handling).
pub fn exit_on_interrupt(watch: Watch) -> std::io::Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            let now = watch.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if let Some((bar, dir, part)) = now {
                if !bar.is_hidden() {
                    bar.abandon();
                    bar.set_draw_target(ProgressDrawTarget::hidden());
                }
                eprintln!("{}", crate::game::error::one_line(&kept_line(&dir, part)));
            }
            std::process::exit(EXIT_INTERRUPTED);
        }
    });
    Ok(())
}
