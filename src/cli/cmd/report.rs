//! `census24 report`: options to a [`ReportPlan`], write the reports and
//! the data folder's index (DATA/README.md), list the files written.

use crate::cli::args::ReportArgs;
use crate::cli::cmd::Status;
use crate::report::data_index::{DATA_README, data_index};
use crate::report::files::{ReportPlan, write_atlas, write_reports};
use crate::tables::store::write_atomic;

pub fn run(args: ReportArgs) -> anyhow::Result<Status> {
    if args.atlas {
        let written = write_atlas(&args.data, &args.out)?;
        if !args.quiet {
            println!("{}", written.display());
        }
        return Ok(Status::Done);
    }
    let plan = ReportPlan {
        data: args.data,
        out: args.out,
        only: None,
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
