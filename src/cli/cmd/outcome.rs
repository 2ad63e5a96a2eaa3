//! How a command ends: its status (0 done, 1 no solution), the exit code
//! of an error (2 bad input or I/O, 3 gave up at a limit), and the one
//! line an error prints, usage errors included. `main` and every command
//! use it; it uses no command.

use std::io;

use crate::game::error::{InputError, escape_and_cut};

/// How a successful run ended, as the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything asked was done (and, for `solve`, solved).
    Done = 0,
    /// `solve` proved that some hand has no solution (`rank`, `pick`: no
    /// hand passes their filters).
    NoSolution = 1,
}

/// The exit status of every command, one table: 0 done (found), 1 no
/// solution or nothing passes the filters ([`Status`]), 2 bad input or an
/// I/O failure, 3 a search gave up at its step limit (`--max-steps`) or a
/// big hand stayed undecided: no answer, but no proof of none either.
pub const EXIT_BAD_INPUT: u8 = 2;
/// See [`EXIT_BAD_INPUT`].
pub const EXIT_GAVE_UP: u8 = 3;

/// Some hands of a batch gave up at a limit (and no line was bad input).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct GaveUp(pub String);

/// The exit status of a failed run: [`EXIT_GAVE_UP`] when a search gave up
/// at a limit, [`EXIT_BAD_INPUT`] otherwise.
pub fn exit_status(err: &anyhow::Error) -> u8 {
    let gave_up = err.chain().any(|c| {
        c.is::<GaveUp>()
            || matches!(
                c.downcast_ref::<InputError>(),
                Some(InputError::TooHard { .. } | InputError::Undecided { .. })
            )
    });
    if gave_up {
        EXIT_GAVE_UP
    } else {
        EXIT_BAD_INPUT
    }
}

/// The one line printed for a failed run: the error and each cause not
/// already spelled out in it. Library errors often quote their source
/// (`path: No such file or directory`), and printing the chain as well would
/// say it twice.
pub fn message(err: &anyhow::Error) -> String {
    let mut msg = err.to_string();
    for cause in err.chain().skip(1) {
        let cause = cause.to_string();
        if !msg.contains(&cause) {
            msg.push_str(": ");
            msg.push_str(&cause);
        }
    }
    crate::game::error::one_line(&msg)
}

/// The longest line of a usage error printed whole.
const USAGE_LINE_CHARS: usize = 600;

/// A usage error as one line, like every other error of the program:
/// clap's first line (its `error: ` replaced by the program's name), its
/// tips in brackets, and where to read more. The bad value that clap quotes
/// whole (for a hostile argument a hundred kilobytes, or terminal control
/// characters) is cut and escaped as every other message quotes a value, so
/// that the reason after it survives; the line is escaped and, as a last
/// guard, cut after [`USAGE_LINE_CHARS`] characters. Help shown because a
/// subcommand is missing is help, not an error, and stays as clap prints it.
pub fn usage_error(err: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let mut text = err.render().to_string();
    if let Some(ContextValue::String(value)) = err.get(ContextKind::InvalidValue)
        && !value.is_empty()
    {
        text = text.replace(value.as_str(), &crate::game::error::shown(value));
    }
    if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let mut out = String::new();
        for line in text.lines() {
            out.push_str(&escape_and_cut(line, USAGE_LINE_CHARS, &[]));
            out.push('\n');
        }
        return out;
    }
    // The message is clap's first paragraph (a list of missing arguments
    // continues it on the next lines); tips stand in later ones.
    let mut paragraphs = text.split("\n\n");
    let first = paragraphs
        .next()
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let first = first.strip_prefix("error: ").unwrap_or(&first);
    let first = if first.is_empty() {
        "bad arguments"
    } else {
        first
    };
    let tips: Vec<&str> = paragraphs
        .flat_map(str::lines)
        .map(str::trim)
        .filter(|l| l.starts_with("tip: "))
        .collect();
    let line = match tips.is_empty() {
        true => format!("census24: {first} (see --help)"),
        false => format!("census24: {first} ({}; see --help)", tips.join("; ")),
    };
    escape_and_cut(&line, USAGE_LINE_CHARS, &[]) + "\n"
}

/// True when `err` (anywhere in its chain) is a broken pipe, as when the
/// output is piped into `head`: that is a normal way to stop, not a failure.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_errors_are_cut_and_escaped() {
        use clap::Parser;
        let parse = |target: &str| {
            crate::cli::args::Cli::try_parse_from(["census24", "solve", "--target", target, "1"])
                .unwrap_err()
        };
        let text = usage_error(&parse(&"7".repeat(100_000)));
        assert!(text.len() < 2000, "{} bytes", text.len());
        assert!(text.contains("... (100"), "{text}");
        // The value is cut, not the sentence: the reason after it stays.
        let parse_deck = |deck: &str| {
            crate::cli::args::Cli::try_parse_from(["census24", "sweep", "--deck", deck])
                .unwrap_err()
        };
        let deck = format!("1..13x2,{}", "1000,".repeat(60));
        let text = usage_error(&parse_deck(&deck));
        let first = text.lines().next().unwrap();
        assert!(first.contains("... (308 bytes)"), "{text}");
        assert!(first.len() < 300, "{first}");
        assert!(
            !first.trim_end().ends_with("bytes)") && !first.trim_end().ends_with("bytes)'"),
            "the reason is gone: {first}"
        );
        // One line, its tip kept.
        let typo = crate::cli::args::Cli::try_parse_from(["census24", "solve", "--tagret", "5"])
            .unwrap_err();
        let text = usage_error(&typo);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(
            text.starts_with("census24: unexpected argument '--tagret'"),
            "{text}"
        );
        assert!(
            text.contains("tip: a similar argument exists: '--target'"),
            "{text}"
        );
        assert_eq!(usage_error(&parse("1/0")).lines().count(), 1);
        // A list of missing arguments stays on the line.
        let missing = crate::cli::args::Cli::try_parse_from(["census24", "solve"]).unwrap_err();
        let text = usage_error(&missing);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.contains("not provided: <CARD>..."), "{text}");
        let text = usage_error(&parse("a\x07b"));
        assert!(!text.contains('\x07'), "{text}");
        assert!(text.contains("a\\u{7}b"), "{text}");
    }

    #[test]
    fn message_says_each_cause_once() {
        let io = io::Error::new(io::ErrorKind::NotFound, "no such file");
        let quoted = anyhow::Error::new(io).context("data: no such file");
        assert_eq!(message(&quoted), "data: no such file");
        let io = io::Error::new(io::ErrorKind::NotFound, "no such file");
        let plain = anyhow::Error::new(io).context("reading standard input");
        assert_eq!(message(&plain), "reading standard input: no such file");
    }
}
