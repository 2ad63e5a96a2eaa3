//! The help text is the first documentation a user reads: snapshot it so a
//! change to an option's wording or default is a reviewed change.

use crate::util::run;

fn help(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

#[test]
fn top_level_help() {
    insta::assert_snapshot!(help(&["--help"]));
}

#[test]
fn solve_help() {
    insta::assert_snapshot!(help(&["solve", "--help"]));
}

#[test]
fn sweep_help() {
    insta::assert_snapshot!(help(&["sweep", "--help"]));
}
