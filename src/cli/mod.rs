//! The command line: clap arguments, the progress bar and one module per
//! subcommand.
//!
//! `args` holds the clap structs (their doc comments are the help text);
//! each `cmd` module turns its arguments into the validated config the
//! library takes, calls the library and prints. This is the top layer: it may
//! use every other one, and nothing below it knows about clap, anyhow or the
//! terminal.

pub mod args;
pub mod cmd;
pub mod interrupt;
pub mod progress;
pub mod stdin;
