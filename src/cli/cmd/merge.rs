//! `census24 merge`: join every complete shard set under a folder.

use crate::cli::args::MergeArgs;
use crate::cli::cmd::Status;
use crate::tables::merge::merge_all;

pub fn run(args: MergeArgs) -> anyhow::Result<Status> {
    for m in merge_all(&args.out)? {
        if !args.quiet {
            println!(
                "Merged {} parts into {}: {} hands, {} solvable, {} solution classes.",
                m.parts,
                m.dir.display(),
                m.manifest.hands,
                m.manifest.solvable,
                m.manifest.solution_rows
            );
        }
    }
    Ok(Status::Done)
}
