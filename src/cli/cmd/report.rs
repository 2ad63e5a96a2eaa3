//! `census24 report`: options to a [`ReportPlan`], write the reports and
//! the data folder's index (DATA/README.md), list the files written.

use std::path::{Path, PathBuf};

use crate::cli::args::{GameArgs, ReportArgs};
use crate::cli::cmd::outcome::Status;
use crate::report::data_index::{DATA_README, data_index};
use crate::report::files::{ReportPlan, write_atlas, write_reports};
use crate::tables::kind::KindKey;
use crate::tables::registry::Key;
use crate::tables::registry::discover;
use crate::tables::store::write_atomic;

pub fn run(args: ReportArgs) -> anyhow::Result<Status> {
    if args.atlas {
        let written = write_atlas(&args.data, &args.out)?;
        if !args.quiet {
            println!("{}", written.display());
        }
        return Ok(Status::Done);
    }
    let only = match args.game.any() {
        true => Some(of_game(&args.game, &args.data)?),
        false => None,
    };
    let model = args.model.given()?;
    let plan = ReportPlan {
        data: args.data,
        out: args.out,
        only,
        model,
    };
    let mut written = write_reports(&plan)?;
    // The data folder's own index: its tables, columns and globs (unless
    // the reports share its folder, whose README.md is then theirs).
    let same = |a: &std::path::Path, b: &std::path::Path| matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b);
    if !same(&plan.data, &plan.out) {
        let index = plan.data.join(DATA_README);
        write_atomic(&index, data_index(&plan.data)?.as_bytes())?;
        written.push(index);
    }
    if !args.quiet {
        for path in written {
            println!("{}", path.display());
        }
    }
    Ok(Status::Done)
}

/// The folders of the tables under `data` that hold the game the options
/// name, at every hand size unless one is given.
fn of_game(options: &GameArgs, data: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let game = options.game();
    let at = |k: usize| {
        let mut g = game;
        if options.hand_size.is_none() {
            g.hand_size = k;
        }
        g
    };
    let folders: Vec<PathBuf> = discover(data)?
        .keys()
        .filter(|key| Key::of_game(&at(key.hand_set().0)).as_ref() == Some(key))
        .map(|key| key.partition())
        .collect();
    if folders.is_empty() {
        anyhow::bail!(
            "no table of this game under {} ({}{})",
            data.display(),
            game.describe(),
            if options.hand_size.is_none() {
                ", any hand size"
            } else {
                ""
            }
        );
    }
    Ok(folders)
}
