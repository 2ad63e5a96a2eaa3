//! `census24 report`: options to a [`ReportPlan`], write the reports, list
//! the files written.

use crate::cli::args::ReportArgs;
use crate::cli::cmd::Status;
use crate::report::files::{ReportPlan, write_atlas, write_reports};

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
    let written = write_reports(&plan)?;
    if !args.quiet {
        for path in written {
            println!("{}", path.display());
        }
    }
    Ok(Status::Done)
}
