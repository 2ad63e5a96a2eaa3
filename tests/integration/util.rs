//! Shared helpers for the integration tests.

use assert_cmd::Command;

/// The `census24` binary under test.
pub fn census24() -> Command {
    Command::cargo_bin("census24").expect("binary built")
}

/// Run `census24 ARGS`, returning (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = census24().args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}
