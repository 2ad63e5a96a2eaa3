//! `census24 merge`: join every complete shard set under a folder.

use crate::cli::args::MergeArgs;
use crate::cli::cmd::Status;
use crate::tables::merge::merge_all;
use crate::tables::summary::counted;

pub fn run(args: MergeArgs) -> anyhow::Result<Status> {
    for m in merge_all(&args.out)? {
        if !args.quiet {
            println!(
                "Merged {} into {}: {}, {} solvable, {}.",
                counted(u64::from(m.parts), "part"),
                m.dir.display(),
                counted(m.manifest.hands, "hand"),
                m.manifest.solvable,
                counted(m.manifest.solution_rows, "solution class")
            );
        }
    }
    Ok(Status::Done)
}
