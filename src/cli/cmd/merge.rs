//! `census24 merge`: join every complete shard set under a folder.

use crate::cli::args::MergeArgs;
use crate::cli::cmd::Status;
use crate::tables::merge::merge_all;
use crate::tables::summary::counted;

pub fn run(args: MergeArgs) -> anyhow::Result<Status> {
    let merged = merge_all(&args.out)?;
    if merged.is_empty() && !args.quiet {
        println!(
            "Nothing to merge under {}: its tables are whole.",
            args.out.display()
        );
    }
    for m in merged {
        if args.quiet {
            continue;
        }
        let t = &m.manifest;
        // A reach table's rows are (hand, target) pairs, and its solvable
        // count is of those pairs.
        let what = if t.parameters.target.contains("..") {
            format!(
                "{} against targets {}: {}, {} of them solvable",
                counted(t.hands, "hand"),
                t.parameters.target,
                counted(t.solution_rows, "row"),
                t.solvable
            )
        } else {
            format!(
                "{}, {} solvable, {}",
                counted(t.hands, "hand"),
                t.solvable,
                counted(t.solution_rows, "solution class")
            )
        };
        println!(
            "Merged {} into {}: {what}.",
            counted(u64::from(m.parts), "part"),
            m.dir.display()
        );
    }
    Ok(Status::Done)
}
