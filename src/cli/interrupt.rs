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
pub struct Watch(Arc<Mutex<Now>>);

/// Where a run stands.
#[derive(Clone, Debug, Default)]
struct Now {
    /// The table being swept, if one is.
    table: Option<(ProgressBar, PathBuf, Part)>,
    /// Several tables: one finished already, or more to come.
    several: bool,
    /// A table was finished.
    finished: bool,
}

impl Watch {
    fn lock(&self) -> std::sync::MutexGuard<'_, Now> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The run sweeps several tables (one per deck).
    pub fn several(&self) {
        self.lock().several = true;
    }

    /// `bar` and the part of the table in `dir` are swept from now on.
    pub fn sweeping(&self, bar: ProgressBar, dir: PathBuf, part: Part) {
        self.lock().table = Some((bar, dir, part));
    }

    /// The table swept last is finished; the next is not started.
    pub fn between(&self) {
        let mut now = self.lock();
        (now.table, now.finished) = (None, true);
    }

    /// What a signal says now, in one line.
    fn line(&self) -> String {
        let now = self.lock().clone();
        let keep = "; the same command with --skip-complete keeps the tables finished";
        match (&now.table, now.finished) {
            (Some((bar, dir, part)), _) => {
                if !bar.is_hidden() {
                    bar.abandon();
                    bar.set_draw_target(ProgressDrawTarget::hidden());
                }
                match now.several {
                    true => kept_line(dir, *part) + keep,
                    false => kept_line(dir, *part),
                }
            }
            (None, true) => format!("census24: interrupted between two tables{keep}"),
            (None, false) => "census24: interrupted before any table was started".to_string(),
        }
    }
}

/// From now on, SIGINT or SIGTERM ends the process: the bar of the table
/// `watch` names is left where it stood on a line of its own, one line
/// says what was kept ([`kept_line`]; with several tables, how to keep the
/// finished ones), and the exit status is [`EXIT_INTERRUPTED`]. Returns
/// `Err` only if the handler cannot be installed (the run then goes on with
/// the default handling).
pub fn exit_on_interrupt(watch: Watch) -> std::io::Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            eprintln!("{}", crate::game::error::one_line(&watch.line()));
            std::process::exit(EXIT_INTERRUPTED);
        }
    });
    Ok(())
}
