//! `census24 check` as a benchmark builder runs it: both argument forms,
//! `--stdin` with JSON and tab-separated lines, `--json` fields, `--extract`
//! and the exit statuses (0 all correct, 1 some wrong, 2 bad input). The
//! cross-check against an independent grader over 86 000 answers (steps
//! and replies included) is
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

/// Steps, one per line or separated by `,` or `;`, with or without
/// `(left: ...)`: told apart from an expression by their `=`, or forced
/// with --format; the first faulty step is named.
#[test]
fn steps_answers_are_graded_step_by_step() {
    let steps = "4 + 8 = 12 (left: 4 6 12)\n6 - 4 = 2 (left: 2 12)\n2 * 12 = 24 (left: 24)";
    let (code, out, _) = run(&["check", "--json", "--hand", "4 4 6 8", steps]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["format"].as_str(), v["value"].as_str()),
        (Some("steps"), Some("24"))
    );
    assert_eq!(v["cards_used"], serde_json::json!([4, 8, 6, 4]));
    for (hand, answer, want) in [
        (
            "4 5 6 8",
            "4 + 8 = 12, 6 - 5 = 2, 2 * 12 = 24",
            "wrong: step 2: 6 - 5 is 1, not 2",
        ),
        (
            "2 4 4 8",
            "4 + 8 = 12; 4 / 2 = 2; 2 * 13 = 26",
            "wrong: step 3 uses 13, which is not available (left: 2 12)",
        ),
        ("3 8 8 9", "3 * 8 = 24", "wrong: leaves 8 and 9 unused"),
        (
            "4 4 6 8",
            "4 + 8 = 12 (left: 4 6 12)\n6 - 4 = 2 (left: 2 6 12)\n2 * 12 = 24",
            "wrong: step 2 leaves 2 12, not 2 6 12",
        ),
    ] {
        let (code, out, _) = run(&["check", "--hand", hand, answer]);
        assert_eq!((code, out.trim_end()), (1, want), "{answer}");
    }
    // Forced: steps read as an expression fail at the "=", and an
    // expression read as steps is not a step.
    let (_, out, _) = run(&["check", "--format", "expr", "--hand", "3 8", "3 * 8 = 24"]);
    assert_eq!(out, "wrong: not an expression: unexpected \"=\" at 7\n");
    let (_, out, _) = run(&["check", "--format", "steps", "--hand", "3 8", "3*8"]);
    assert_eq!(
        out,
        "wrong: step 1 is not \"a op b = c\": it has no \"=\"\n"
    );
    // Countdown rules judge every step; a stdin line may name its format.
    let line = "{\"hand\": [25, 50, 75, 100, 3, 6], \"target\": 952, \"rules\": \"natural\", \"use\": \"any\", \"answer\": \"100 + 6 = 106, 106 * 3 = 318, 318 * 75 = 23850, 23850 - 50 = 23800, 23800 / 25 = 952\", \"format\": \"steps\"}\n";
    let out = census24()
        .args(["check", "--stdin"])
        .write_stdin(line)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "correct\n");
}

/// The final answer of a reply, and only it: tags, boxes, answer lines,
/// LaTeX, trailing periods; a rejected candidate or a reply that gives up
/// is never credited; `answer` and `source` say what was taken.
#[test]
fn extract_grades_the_final_answer_only() {
    let grade = |reply: &str| {
        let (_, out, _) = run(&["check", "--extract", "--json", "--hand", "3 3 8 8", reply]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        (
            v["correct"].as_bool().unwrap(),
            v["source"].as_str().unwrap_or("none").to_string(),
            v["reason"].as_str().unwrap_or("").to_string(),
        )
    };
    for (reply, source) in [
        ("Answer: 8/(3-8/3).", "answer line"),
        ("So the result is $\\boxed{8/(3-8/3)}$", "boxed"),
        ("The answer is 8/(3-8/3)", "answer line"),
        ("$\\frac{8}{3-\\frac{8}{3}} = 24$", "last line"),
        (
            "Try 8*3 = 24 -- no, that leaves 3 and 8.\nThen 8/(3-8/3) = 24.",
            "last line",
        ),
        (
            "<answer>8 / 3 = 8/3, 3 - (8/3) = 1/3, 8 / (1/3) = 24</answer>",
            "tag",
        ),
    ] {
        assert_eq!(
            grade(reply),
            (true, source.to_string(), String::new()),
            "{reply}"
        );
    }
    for (reply, reason) in [
        (
            "Check: 8/(3-8/3) = 24\nNo, that is wrong. I give up.",
            "no answer: the reply gives up (\"give up\")",
        ),
        (
            "<answer>8/(3-8/3)</answer>\nWait, that doesn't work.",
            "no answer: the reply rejects its last candidate (\"wait\")",
        ),
        ("It cannot be done.", "no answer found in the text"),
    ] {
        assert_eq!(
            grade(reply),
            (false, "none".to_string(), reason.to_string()),
            "{reply}"
        );
    }
}

/// The stdin contract: unknown fields (an id) echoed in verdicts and in
/// error objects, a field spelt like a known one is bad input naming it,
/// and exactly one output line per input line.
#[test]
fn stdin_echoes_ids_and_refuses_misspelt_fields() {
    let input = concat!(
        "{\"id\": 7, \"hand\": \"3 3 8 8\", \"answer\": \"8/(3-8/3)\", \"meta\": {\"k\": [1]}}\n",
        "{\"id\": 8, \"hand\": \"3 3 8 8\", \"answer\": \"8/(3-8/3)\", \"Target\": 25}\n",
        "{\"id\": 9, \"hand\": \"3 3 8 8\", \"answer\": \"8/(3-8/3)\", \"targets\": 25}\n",
        "{\"id\": 10, \"hands\": \"3 3 8 8\", \"answer\": \"8/(3-8/3)\"}\n",
        "{\"id\": 11, \"hand\": \"3 x\", \"answer\": \"3\"}\n",
        "{\"id\": 12, \"hand\": \"1 2\", \"answer\": \"1+2\", \"user\": \"u\"}\n",
    );
    let out = census24()
        .args(["check", "--stdin", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6, "one line per input line");
    let ids: Vec<i64> = lines.iter().map(|l| l["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [7, 8, 9, 10, 11, 12], "every line echoes its id");
    assert_eq!(lines[0]["correct"], true);
    assert_eq!(lines[0]["meta"], serde_json::json!({"k": [1]}));
    for (i, field, meant) in [
        (1, "Target", "target"),
        (2, "targets", "target"),
        (3, "hands", "hand"),
    ] {
        let e = lines[i]["error"].as_str().unwrap();
        assert!(
            e.starts_with(&format!(
                "field \"{field}\" is not known: did you mean \"{meant}\"?"
            )),
            "{e}"
        );
    }
    assert!(lines[4]["error"].as_str().unwrap().contains("\"x\""));
    assert_eq!(
        (lines[5]["user"].as_str(), lines[5]["correct"].as_bool()),
        (Some("u"), Some(false))
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 2: field \"Target\""), "{err}");
}

/// The reply corpus (tests/data/replies.jsonl, written by
/// tests/data/make_replies.py from its own brute force): every reply's
/// verdict under --extract is the one its template means, and no wrong
/// final answer, rejected candidate or give-up is ever credited.
#[test]
fn extract_agrees_with_the_reply_corpus() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/replies.jsonl");
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(rows.len() >= 1000, "{} replies", rows.len());
    let input: String = rows
        .iter()
        .map(|r| {
            serde_json::json!({"id": r["id"], "hand": r["hand"], "answer": r["reply"]}).to_string()
                + "\n"
        })
        .collect();
    let out = census24()
        .args(["check", "--stdin", "--json", "--extract"])
        .write_stdin(input)
        .output()
        .unwrap();
    let got: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), rows.len());
    let mut wrong = Vec::new();
    for (r, g) in rows.iter().zip(&got) {
        assert_eq!(r["id"], g["id"], "verdicts join their replies by id");
        if r["correct"] != g["correct"] {
            wrong.push(format!(
                "{} ({}): {} -> {}",
                r["id"], r["kind"], r["reply"], g
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
    let correct = rows.iter().filter(|r| r["correct"] == true).count();
    assert!(
        correct > 300 && rows.len() - correct > 300,
        "both verdicts are tested"
    );
}

/// The exploit corpus (tests/data/grader_exploits.jsonl, written and
/// reviewed by hand): every answer a public grader gets wrong, with the
/// verdict and reason census24 must give. The README's table of exploits
/// is read from it too.
#[test]
fn exploits_of_public_graders_get_their_verdicts() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/grader_exploits.jsonl"
    );
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let input: String = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "hand": r["hand"], "target": r["target"], "rules": r["rules"],
                "use": r["use"], "answer": r["answer"],
            })
            .to_string()
                + "\n"
        })
        .collect();
    let out = census24()
        .args(["check", "--stdin", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    let got: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), rows.len());
    for (r, g) in rows.iter().zip(&got) {
        assert_eq!(
            (&g["correct"], &g["reason"]),
            (&r["correct"], &r["reason"]),
            "{}: {}",
            r["kind"],
            r["answer"]
        );
    }
    // Exact answers that floats reject are credited; nothing else is.
    let credited: Vec<&str> = rows
        .iter()
        .filter(|r| r["correct"] == true)
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert!(
        credited.iter().all(|k| k.starts_with("float rejection")),
        "{credited:?}"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for r in &rows {
        let kind = r["kind"].as_str().unwrap();
        assert!(
            readme.contains(&format!("| {kind} |")),
            "the README's table lacks {kind}"
        );
    }
}
