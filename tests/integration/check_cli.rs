//! `census24 check` as a benchmark builder runs it: both argument forms,
//! `--stdin` with JSON and tab-separated lines, `--json` fields, `--extract`
//! and the exit statuses (0 all correct, 1 some wrong, 2 bad input). The
//! cross-check against an independent grader over 36 000 answers is
//! tests/grade_oracle.py (run by .ci/run).

use crate::util::{census24, run};

#[test]
fn both_forms_grade_one_answer() {
    assert_eq!(
        run(&["check", "3", "3", "8", "8", "--", "8/(3-8/3)"]),
        (0, "correct\n".into(), String::new())
    );
    assert_eq!(
        run(&["check", "--hand", "3 3 8 8", "8/(3-8/3)"]).1,
        "correct\n"
    );
    let (code, out, _) = run(&["check", "--hand", "3 3 8 8", "8*3"]);
    assert_eq!((code, out.as_str()), (1, "wrong: leaves 3 and 8 unused\n"));
    // A negative card and unicode operators.
    let (code, out, _) = run(&[
        "check",
        "--target",
        "-24",
        "-3",
        "8",
        "--",
        "(\u{2212}3) × 8",
    ]);
    assert_eq!(
        (code, out.as_str()),
        (0, "correct\n"),
        "a negative card in brackets"
    );
    let (code, out, _) = run(&["check", "--target", "-24", "-3", "8", "--", "\u{2212}3 × 8"]);
    assert_eq!(
        (code, out.as_str()),
        (1, "wrong: not an expression: unary minus at 1\n")
    );
    let (code, out, _) = run(&["check", "--target", "-5", "-3", "8", "--", "8 \u{2212} 3"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out, "wrong: uses 3, which is not in the hand\n");
}

#[test]
fn json_names_correct_reason_value_and_cards() {
    let (code, out, _) = run(&[
        "check",
        "--json",
        "--rules",
        "integer",
        "--hand",
        "3 3 8 8",
        "8/(3-8/3)",
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["correct"], false);
    assert_eq!(v["reason"], "8/3 is not a whole number under integer rules");
    assert_eq!(v["value"], "24");
    assert_eq!(v["cards_used"], serde_json::json!([8, 3, 8, 3]));
    let (_, out, _) = run(&["check", "--json", "--hand", "1 2", "1+2)"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["value"].is_null(), v["reason"].as_str()),
        (true, Some("not an expression: unbalanced bracket at 4"))
    );
}

#[test]
fn stdin_grades_every_line_in_order_and_names_bad_ones() {
    let input = concat!(
        "{\"hand\": \"3 3 8 8\", \"answer\": \"8/(3-8/3)\"}\n",
        "{\"hand\": [1, 2, 3, 4], \"answer\": \"1*2*3*4\", \"rules\": \"natural\"}\n",
        "# a comment\n",
        "{\"hand\": [100, 75, 50, 25, 6, 3], \"answer\": \"((100+6)*3*75-50)/25\", \"target\": 952, \"use\": \"any\"}\n",
        "1 2\t1/2\n",
        "{\"hand\": \"1 2\", \"answer\": \"1/2\", \"target\": \"1/2\"}\n",
    );
    let out = census24()
        .args(["check", "--stdin"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "correct\ncorrect\ncorrect\nwrong: equals 1/2, not 24\ncorrect\n"
    );
    let out = census24()
        .args(["check", "--stdin", "--json"])
        .write_stdin("{\"hand\": \"3 x\", \"answer\": \"3\"}\nnot a line\n1 2 3 4\t(1+2+3)*4\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "one line per input line");
    assert!(
        lines[0]["error"].as_str().unwrap().contains("\"x\""),
        "{:?}",
        lines[0]
    );
    assert!(lines[1]["error"].is_string());
    assert_eq!(lines[2]["correct"], true);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 1:") && err.contains("line 2:"), "{err}");
}

/// A line that is not UTF-8, has a second tab, or starts with spaces: each
/// is that line's business only; other JSON fields (an id) are allowed.
#[test]
fn odd_lines_cost_only_themselves() {
    let mut input = b"3 3 8 8\t8/(3-8/3)\n".to_vec();
    input.extend(b"3 3 8 8\t8/(3-8/3)\xff\n");
    input.extend(b"3 3 8 8\t8/(3-8/3)\t24\n");
    input.extend(b"  {\"id\": 7, \"hand\": \"3 3 8 8\", \"answer\": \"8/(3-8/3)\"}\n");
    let out = census24()
        .args(["check", "--stdin"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert_eq!((lines[0], lines[3]), ("correct", "correct"));
    assert!(
        lines[1].contains("not valid UTF-8") && lines[2].contains("second tab"),
        "{stdout}"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 2:") && err.contains("line 3:"), "{err}");
}

#[test]
fn extract_takes_the_answer_out_of_free_text() {
    let reply = "Let me think: 8*3 = 24 and 9-8 = 1.\n<answer>(9-8)*3*8</answer>\nDone.";
    let (code, out, _) = run(&["check", "--extract", "--json", "--hand", "3 8 8 9", reply]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["answer"], "(9-8)*3*8");
    let (code, out, _) = run(&[
        "check",
        "--extract",
        "--hand",
        "3 8 8 9",
        "So the answer is: 8 * 3 * (9 - 8) = 24",
    ]);
    assert_eq!((code, out.as_str()), (0, "correct\n"));
    let (code, out, _) = run(&[
        "check",
        "--extract",
        "--hand",
        "3 8 8 9",
        "I cannot solve this.",
    ]);
    assert_eq!(
        (code, out.as_str()),
        (1, "wrong: no answer found in the text\n")
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["check", "3", "x", "--", "3"],
        vec!["check", "3", "8"],
        vec!["check", "--rules", "odd", "--hand", "3 8", "3*8"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
