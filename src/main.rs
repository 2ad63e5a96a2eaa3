//! The `census24` binary: parse arguments, run, map the outcome to an exit
//! status (0 done, 1 no solution, 2 bad input or I/O error, 3 gave up at a
//! limit: `cmd::outcome::exit_status`).

use std::process::ExitCode;

use clap::Parser;

use census24::cli::args::Cli;

// Building solution classes allocates many small nodes: mimalloc makes all
// distinct solutions of the four-card hands about 20% faster than the system
// allocator (benches/distinct.rs, docs/PERFORMANCE.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use census24::cli::cmd::{self, outcome};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version go to stdout as clap prints them.
        Err(err) if !err.use_stderr() => err.exit(),
        Err(err) => {
            eprint!("{}", outcome::usage_error(&err));
            return ExitCode::from(outcome::EXIT_BAD_INPUT);
        }
    };
    match cmd::run(cli) {
        Ok(status) => ExitCode::from(status as u8),
        Err(err) if outcome::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("census24: {}", outcome::message(&err));
            ExitCode::from(outcome::exit_status(&err))
        }
    }
}
