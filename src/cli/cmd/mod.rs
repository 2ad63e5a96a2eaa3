//! Subcommands: each turns clap arguments into a validated config, calls the
//! library and writes the result. `run` maps the outcome to an exit status.

pub mod calibrate;
pub mod check;
pub mod cover;
pub mod distinct;
pub mod expressions;
pub mod games;
pub mod merge;
pub mod outcome;
pub mod pick;
pub mod rank;
pub mod report;
pub mod shell;
pub mod solve;
pub mod source;
pub mod sweep;
pub mod targets;
pub mod tasks;

use crate::cli::args::{Cli, Command};
use crate::cli::cmd::outcome::Status;

/// Run one command. Errors are bad input or I/O failures (exit status 2).
pub fn run(cli: Cli) -> anyhow::Result<Status> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Check(args) => check::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Report(args) => report::run(args),
        Command::Rank(args) => rank::run(args),
        Command::Pick(args) => pick::run(args),
        Command::Tasks(args) => tasks::run(args),
        Command::Expressions(args) => expressions::run(args),
        Command::Games => games::run(),
        Command::Calibrate(args) => calibrate::run(args),
        Command::Cover(args) => cover::run(args),
        Command::Completions(args) => shell::completions(args),
        Command::Man(args) => shell::man(args),
    }
}
