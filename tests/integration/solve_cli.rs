//! `census24 solve` as a user runs it: answers, exit codes, JSON, stdin, errors.

use census24::{Expr, Q, Rules};

use crate::util::{census24, run};

/// Solve `args`, require exit 0, and check the printed expression uses exactly
/// `cards` and evaluates exactly to `target` under `rules`.
fn solved(args: &[&str], cards: &[i64], target: Q, rules: Rules) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: stdout {out} stderr {err}");
    let text = out.trim();
    let e = Expr::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(e.eval_under(rules), Ok(target), "{text}");
    let mut want = cards.to_vec();
    want.sort_unstable();
    assert_eq!(e.cards(), want, "{text}");
    text.to_string()
}

fn unsolvable(args: &[&str]) {
    let (code, out, _) = run(args);
    assert_eq!(code, 1, "{args:?}: {out}");
    assert_eq!(out.trim(), "no solution");
}

fn rejected(args: &[&str], needle: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out} {err}");
    assert!(
        err.contains(needle),
        "{args:?}: stderr {err:?} lacks {needle:?}"
    );
    assert!(out.is_empty(), "{args:?}: {out}");
}

#[test]
fn hand_3_8_8_9_solved() {
    solved(
        &["solve", "3", "8", "8", "9"],
        &[3, 8, 8, 9],
        Q::int(24),
        Rules::Rational,
    );
}

#[test]
fn hand_1_3_4_6_needs_fractions() {
    let text = solved(
        &["solve", "1", "3", "4", "6"],
        &[1, 3, 4, 6],
        Q::int(24),
        Rules::Rational,
    );
    assert_eq!(text, "6/(1-3/4)");
    unsolvable(&["solve", "--rules", "integer", "1", "3", "4", "6"]);
}

#[test]
fn hand_3_3_8_8_needs_fractions() {
    let text = solved(
        &["solve", "3", "3", "8", "8"],
        &[3, 3, 8, 8],
        Q::int(24),
        Rules::Rational,
    );
    assert_eq!(text, "8/(3-8/3)");
    unsolvable(&["solve", "--rules", "natural", "3", "3", "8", "8"]);
}

#[test]
fn hand_1_1_1_1_unsolvable_exit_1() {
    unsolvable(&["solve", "1", "1", "1", "1"]);
}

#[test]
fn other_targets() {
    solved(
        &["solve", "--target", "47", "1", "87", "3", "10"],
        &[1, 87, 3, 10],
        Q::int(47),
        Rules::Rational,
    );
    solved(
        &["solve", "--target", "21", "1", "5", "6", "7"],
        &[1, 5, 6, 7],
        Q::int(21),
        Rules::Rational,
    );
    unsolvable(&[
        "solve", "--target", "21", "--rules", "integer", "1", "5", "6", "7",
    ]);
    solved(
        &["solve", "--target", "11", "1", "7", "3"],
        &[1, 7, 3],
        Q::int(11),
        Rules::Rational,
    );
    solved(
        &["solve", "12", "12"],
        &[12, 12],
        Q::int(24),
        Rules::Rational,
    );
    solved(
        &["solve", "--target", "7/2", "1", "2", "5"],
        &[1, 2, 5],
        Q::new(7, 2).unwrap(),
        Rules::Rational,
    );
    solved(
        &["solve", "--target", "-5", "1", "2", "3"],
        &[1, 2, 3],
        Q::int(-5),
        Rules::Rational,
    );
}

#[test]
fn countdown_573_is_exact() {
    let args = [
        "solve",
        "--rules",
        "natural",
        "--closest",
        "nearest",
        "--target",
        "573",
        "1",
        "2",
        "3",
        "4",
        "7",
        "25",
    ];
    solved(&args, &[1, 2, 3, 4, 7, 25], Q::int(573), Rules::Natural);
}

#[test]
fn closest_reports_value_and_exit_1() {
    let (code, out, _) = run(&["solve", "--closest", "below", "1", "1", "1", "1"]);
    assert_eq!(code, 1);
    // 1 1 1 1 reaches at most (1+1)*(1+1) = 4.
    assert!(
        out.trim().ends_with("= 4 (closest; 24 is unreachable)"),
        "{out}"
    );
    let (_, out, _) = run(&[
        "solve",
        "--json",
        "--closest",
        "nearest",
        "--target",
        "100",
        "5",
        "5",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["value"], "25");
    assert_eq!(v["solvable"], false);
}

#[test]
fn json_has_the_promised_fields() {
    let (code, out, _) = run(&["solve", "--json", "3", "3", "8", "8"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["hand"], "3 3 8 8");
    assert_eq!(v["target"], "24");
    assert_eq!(v["rules"], "rational");
    assert_eq!(v["solvable"], true);
    assert_eq!(v["expression"], "8/(3-8/3)");
    assert_eq!(v["value"], "24");
    assert_eq!(v["tree"]["op"], "/");
    let (code, out, _) = run(&["solve", "--json", "1", "1", "1", "1"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["solvable"], false);
    assert!(v["expression"].is_null());
    assert!(v["value"].is_null());
}

#[test]
fn unicode_operators() {
    let (_, out, _) = run(&["solve", "--unicode", "3", "3", "8", "8"]);
    assert_eq!(out.trim(), "8÷(3−8÷3)");
}

#[test]
fn stdin_streams_one_line_per_hand() {
    let input = "# a comment\n3 8 8 9\n\n1 1 1 1\n3 3 8 8\n";
    let out = census24()
        .args(["solve", "--stdin"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "one hand is unsolvable");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("3 8 8 9: "));
    assert_eq!(lines[1], "1 1 1 1: no solution");
    assert_eq!(lines[2], "3 3 8 8: 8/(3-8/3)");
    for line in [lines[0], lines[2]] {
        let (_, e) = line.split_once(": ").unwrap();
        assert_eq!(Expr::parse(e).unwrap().eval(), Ok(Q::int(24)));
    }
}

#[test]
fn stdin_names_bad_lines_and_keeps_going() {
    let out = census24()
        .args(["solve", "--stdin"])
        .write_stdin("3 8 8 9\n3 x 8\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 2: card \"x\" is not an integer"),
        "{err}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("3 8 8 9: "), "{stdout}");
    assert_eq!(
        lines[1], "error: card \"x\" is not an integer",
        "in the line's place"
    );
    // With --json the error is an object, one line as well.
    let out = census24()
        .args(["solve", "--stdin", "--json"])
        .write_stdin("3 x 8\n3 8 8 9\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0]["error"], "card \"x\" is not an integer");
    assert_eq!(lines[1]["solvable"], true);
}

#[test]
fn bad_input_is_named() {
    rejected(&["solve", "3", "x", "8"], "card \"x\" is not an integer");
    rejected(&["solve"], "CARD");
    rejected(
        &["solve", "--target", "1/0", "1", "2"],
        "\"1/0\" has a zero denominator",
    );
    rejected(
        &["solve", "--target", "abc", "1", "2"],
        "\"abc\" is not a number",
    );
    rejected(
        &["solve", "--rules", "real", "1", "2"],
        "invalid value 'real'",
    );
    rejected(
        &["solve", "99999999999", "99999999999"],
        "too large for exact arithmetic",
    );
}

#[test]
fn too_many_cards_names_the_limit() {
    // Past 12 cards the big-hand solver takes over (docs/BIG_HANDS.md); it
    // stops at 64 cards, and without --deck none a 13th card must fit a deck.
    let many: Vec<String> = (0..65).map(|i| (i * 101).to_string()).collect();
    let mut args = vec!["solve", "--deck", "none"];
    args.extend(many.iter().map(String::as_str));
    let (code, _, err) = run(&args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at most 64"), "{err}");
    let mut thirteen = vec!["solve"];
    thirteen.extend(many[..13].iter().map(String::as_str));
    let (code, _, err) = run(&thirteen);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("card 0 is not in a deck"), "{err}");
}

#[test]
fn negative_cards_are_cards() {
    solved(
        &["solve", "-3", "8", "-1"],
        &[-3, 8, -1],
        Q::int(24),
        Rules::Rational,
    );
}

#[test]
fn broken_pipe_is_not_an_error() {
    // `head -1` closes the pipe early; census24 must still exit 0.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("hands.txt");
    std::fs::write(&input, "3 8 8 9\n".repeat(50_000)).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("census24");
    let script = format!(
        "set -o pipefail; '{}' solve --stdin < '{}' | head -1 > /dev/null",
        bin.display(),
        input.display()
    );
    let status = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .status()
        .unwrap();
    assert!(status.success(), "{status}");
}

/// Run `census24 ARGS` with `input` on stdin: (exit code, stdout, stderr).
fn run_stdin(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let out = census24().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A byte that is not UTF-8 once ended the run: the answers before it (up
/// to a whole batch) and every line after it were lost.
#[test]
fn stdin_line_that_is_not_utf8_costs_only_itself() {
    let (code, out, err) = run_stdin(&["solve", "--stdin"], b"3 8 8 9\n1 2 3 4\n\xff\n4 4 4 6\n");
    assert_eq!(code, 2, "{err}");
    let hands: Vec<&str> = out.lines().map(|l| l.split_once(": ").unwrap().0).collect();
    assert_eq!(hands, ["3 8 8 9", "1 2 3 4", "error", "4 4 4 6"], "{out}");
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "census24: line 3: not valid UTF-8 (byte 0xff at column 1)",
            "census24: 1 input line(s) rejected"
        ]
    );
    let mut input = b"1 2 3 4\n".repeat(3000);
    input.extend_from_slice(b"5 \xc3 5\n1 1 1 1\n");
    let (code, out, err) = run_stdin(&["solve", "--stdin"], &input);
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 3002, "one line per input line: {err}");
    assert!(out.ends_with("1 1 1 1: no solution\n"));
    assert!(
        err.contains("line 3001: not valid UTF-8 (byte 0xc3 at column 3)"),
        "{err}"
    );
}

#[test]
fn stdin_skips_a_byte_order_mark_and_carriage_returns() {
    let (code, out, err) = run_stdin(
        &["solve", "--stdin"],
        "\u{feff}3 3 8 8\r\n1 3 4 6\r\n".as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "3 3 8 8: 8/(3-8/3)\n1 3 4 6: 6/(1-3/4)\n");
}

#[test]
fn stdin_line_too_long_is_one_error() {
    let mut input = b"1 2 3 4".to_vec();
    input.extend(std::iter::repeat_n(b' ', 200_000));
    input.extend_from_slice(b"\n3 3 8 8\n");
    let (code, out, err) = run_stdin(&["solve", "--stdin"], &input);
    assert_eq!(code, 2);
    assert_eq!(
        out,
        "error: the line is longer than 65536 bytes, the limit of every --stdin\n3 3 8 8: 8/(3-8/3)\n"
    );
    assert!(
        err.contains("line 1: the line is longer than 65536 bytes"),
        "{err}"
    );
}

/// Printed under natural rules, a solution read left to right must not pass
/// through a negative number: `(-5)+2+5` does (-5+2 = -3).
#[test]
fn natural_rules_print_what_a_reader_can_follow() {
    for (target, cards) in [("2", vec![-5, 2, 5]), ("69", vec![3, 7, -5, 13, -1])] {
        let t = format!("--target={target}");
        let mut args = vec!["solve", "--rules", "natural", t.as_str(), "--"];
        let texts: Vec<String> = cards.iter().map(i64::to_string).collect();
        args.extend(texts.iter().map(String::as_str));
        // `solved` parses the text and evaluates it under natural rules.
        solved(&args, &cards, target.parse().unwrap(), Rules::Natural);
    }
    let (_, out, _) = run(&[
        "solve",
        "--rules",
        "natural",
        "--target=2",
        "--",
        "-5",
        "2",
        "5",
    ]);
    assert_eq!(out.trim(), "(-5)+(2+5)");
}

#[test]
fn unicode_minus_in_negative_cards() {
    let (code, out, _) = run(&["solve", "--unicode", "--", "-3", "8", "-1"]);
    assert_eq!(code, 0);
    assert!(!out.contains('-'), "{out}");
    assert!(out.contains("(−"), "{out}");
    let e = Expr::parse(out.trim()).unwrap();
    assert_eq!(e.eval(), Ok(Q::int(24)));
}

#[test]
fn huge_integers_are_too_large_not_non_integers() {
    rejected(
        &["solve", "99999999999999999999", "1"],
        "\"99999999999999999999\" is too large",
    );
    rejected(
        &["solve", "--target", "99999999999999999999", "1", "2"],
        "\"99999999999999999999\" is too large",
    );
}

/// A 5 MB token once came back whole in the error line, with any control
/// characters raw.
#[test]
fn errors_cut_and_escape_what_they_quote() {
    // One argument can hold 128 KiB on Linux; a line of stdin more.
    let long = "7x".repeat(50_000);
    let (code, _, err) = run(&["solve", long.as_str(), "1"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{}", &err[..200]);
    assert!(err.len() < 200, "{} bytes", err.len());
    assert!(err.contains("... (100000 bytes)"), "{err}");
    let mut line = "7x".repeat(2_500_000).into_bytes();
    line.push(b'\n');
    let (code, _, err) = run_stdin(&["solve", "--stdin"], &line);
    assert_eq!(code, 2);
    assert!(err.len() < 300, "{} bytes", err.len());
    assert!(
        err.contains("line 1: the line is longer than 65536 bytes"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "3\u{1b}[2J", "1"]);
    assert_eq!(code, 2);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("3\\u{1b}[2J"), "{err}");
    let (_, _, err) = run_stdin(&["solve", "--stdin"], b"1 \x1b[31m 2\n");
    assert!(err.contains("line 1: card \"\\u{1b}[31m\""), "{err}");
    let (code, _, err) = run(&["solve", "--target", &"9".repeat(100_000), "1"]);
    assert_eq!(code, 2);
    assert!(err.lines().all(|l| l.len() < 400), "{}", err.len());
}

/// Once minutes: ten factorial bounds what 1..9 can make, so 9999991/7 is
/// out of reach by size alone.
#[test]
fn huge_fraction_target_is_refuted_at_once() {
    let (code, out, err) = run(&[
        "solve",
        "--target",
        "9999991/7",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
    ]);
    assert_eq!((code, out.trim()), (1, "no solution"), "{err}");
}

/// Once over five minutes without an answer: `--closest` over ten different
/// cards tabulates value sets of hundreds of millions. The step budget ends
/// it with one line naming the limit (seconds, not hours).
#[test]
fn closest_over_ten_cards_ends_with_the_limit_named() {
    let (code, out, err) = run(&[
        "solve",
        "--closest",
        "below",
        "--target",
        "99999999/7",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "11",
    ]);
    assert_eq!(code, 3, "{out}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("needs more than 30000000 steps"), "{err}");
}

/// With `--use any` every selection of the cards is searched, so eight
/// different cards with an unreachable target reach the step limit (all
/// eight at once finish in seconds); the message names that cause, not the
/// nine cards of the all-cards game.
#[test]
fn any_selection_of_eight_cards_ends_with_the_limit_and_its_cause() {
    let cards = ["1", "2", "3", "4", "5", "6", "7", "8"];
    let mut args = vec!["solve", "--use", "any", "--target", "100003/7"];
    args.extend(cards);
    let (code, out, err) = run(&args);
    assert_eq!(code, 3, "{out}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("needs more than 30000000 steps"), "{err}");
    assert!(
        err.contains("with use any every selection of the cards is searched"),
        "{err}"
    );
    assert!(!err.contains("9 or more"), "{err}");
}
