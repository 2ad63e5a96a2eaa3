//! `census24 solve --all` and `census24 expressions` as a user runs them:
//! the example hands at each level, counts, JSON, exit codes, errors.

use census24::{Expr, Q, Rules};

use crate::util::{census24, run};

/// `solve --all ARGS`: exit 0, every line an expression over `cards` worth 24.
fn all(args: &[&str], cards: &[i64]) -> Vec<String> {
    let mut full = vec!["solve", "--all"];
    full.extend_from_slice(args);
    let (code, out, err) = run(&full);
    assert_eq!(code, 0, "{full:?}: {out} {err}");
    let lines: Vec<String> = out.lines().map(str::to_string).collect();
    for line in &lines {
        let e = Expr::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(e.eval_under(Rules::Rational), Ok(Q::int(24)), "{line}");
        assert_eq!(e.cards(), cards, "{line}");
    }
    lines
}

fn count(args: &[&str]) -> String {
    let mut full = vec!["solve", "--all", "--count"];
    full.extend_from_slice(args);
    let (code, out, err) = run(&full);
    assert_eq!(code, 0, "{full:?}: {out} {err}");
    out.trim().to_string()
}

#[test]
fn hand_1_2_3_4_lists_4_structural_and_3_dissimilar() {
    let s = all(
        &["--distinct", "structural", "1", "2", "3", "4"],
        &[1, 2, 3, 4],
    );
    assert_eq!(s, ["1*2*3*4", "2*3*4/1", "(1+2+3)*4", "(1+3)*(2+4)"]);
    let d = all(&["1", "2", "3", "4"], &[1, 2, 3, 4]);
    assert_eq!(d, ["1*2*3*4", "(1+2+3)*4", "(1+3)*(2+4)"]);
}

#[test]
fn counts_of_the_example_hands() {
    for (hand, structural, dissimilar) in [
        ("1 2 3 4", "4", "3"),
        ("1 1 5 5", "7", "2"),
        ("2 4 8 10", "11", "11"),
        ("3 3 8 8", "1", "1"),
        ("1 3 4 6", "1", "1"),
    ] {
        let cards: Vec<&str> = hand.split(' ').collect();
        let mut s = vec!["--distinct", "structural"];
        s.extend(&cards);
        assert_eq!(count(&s), structural, "{hand}");
        assert_eq!(count(&cards), dissimilar, "{hand}");
    }
}

#[test]
fn listing_is_stable_across_runs_and_card_order() {
    let a = all(
        &["--distinct", "structural", "2", "4", "8", "10"],
        &[2, 4, 8, 10],
    );
    let b = all(
        &["--distinct", "structural", "10", "8", "4", "2"],
        &[2, 4, 8, 10],
    );
    assert_eq!(a, b);
    assert_eq!(a.len(), 11);
}

#[test]
fn distinct_none_counts_trees_up_to_commutativity() {
    // 3 3 8 8: 8/(3-8/3) is the only tree, whatever the order of the cards.
    assert_eq!(count(&["--distinct", "none", "3", "3", "8", "8"]), "1");
    let trees = all(&["--distinct", "none", "1", "2", "3", "4"], &[1, 2, 3, 4]);
    let structural = count(&["--distinct", "structural", "1", "2", "3", "4"]);
    assert!(
        trees.len() > structural.parse::<usize>().unwrap(),
        "{trees:?}"
    );
}

#[test]
fn no_solution_says_so_and_exits_1() {
    // Once printed nothing at all, unlike plain `solve`.
    let (code, out, _) = run(&["solve", "--all", "1", "1", "1", "1"]);
    assert_eq!((code, out.as_str()), (1, "no solution\n"));
    let (code, out, _) = run(&["solve", "--all", "--count", "1", "1", "1", "1"]);
    assert_eq!((code, out.trim()), (1, "0"));
    let (code, out, _) = run(&["solve", "--all", "--json", "1", "1", "1", "1"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["hand"], "1 1 1 1");
    assert_eq!(v["count"], 0);
    assert_eq!(v["solutions"], serde_json::json!([]));
}

#[test]
fn json_is_one_object_per_hand_with_its_classes() {
    let (code, out, _) = run(&["solve", "--all", "--json", "3", "3", "8", "8"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["hand"], "3 3 8 8");
    assert_eq!(v["distinct"], "dissimilar");
    assert_eq!(v["count"], 1);
    let s = &v["solutions"][0];
    assert_eq!(s["expression"], "8/(3-8/3)");
    assert_eq!(s["dissimilar_group"], 0);
    assert_eq!(s["uses_fraction"], true);
    assert!(s["canonical"].as_str().unwrap().contains('8'));
}

/// `4*2*3/1` was printed three times and `1*2*3*4` twice: different trees
/// printed alike once their brackets were dropped.
#[test]
fn distinct_none_lists_each_tree_once() {
    let trees = all(&["--distinct", "none", "1", "2", "3", "4"], &[1, 2, 3, 4]);
    assert_eq!(trees.len(), 52);
    let mut unique = trees.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 52, "{trees:?}");
    assert!(trees.contains(&"4*(2*3)/1".to_string()), "{trees:?}");
    assert!(trees.contains(&"4*(2*3/1)".to_string()), "{trees:?}");
    assert!(trees.contains(&"4*(3*(2/1))".to_string()), "{trees:?}");
}

/// Once 5.6 GB and an abort: every tree of eight cards does not fit in memory.
#[test]
fn distinct_none_refuses_8_cards_up_front() {
    let (code, out, err) = run(&[
        "solve",
        "--all",
        "--count",
        "--distinct",
        "none",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
    ]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--distinct none takes at most 7"), "{err}");
}

#[test]
fn rules_and_targets_apply_to_all() {
    // Under integer rules 3 3 8 8 has no solution at all.
    let (code, _, _) = run(&["solve", "--all", "--rules", "integer", "3", "3", "8", "8"]);
    assert_eq!(code, 1);
    let (code, out, _) = run(&[
        "solve", "--all", "--count", "--target", "10", "1", "2", "3", "4",
    ]);
    assert_eq!(code, 0);
    assert!(out.trim().parse::<u64>().unwrap() > 0);
}

#[test]
fn bad_options_are_rejected() {
    let (code, _, err) = run(&["solve", "--count", "1", "2", "3", "4"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["solve", "--all", "--distinct", "some", "1", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("some"), "{err}");
    let (code, _, err) = run(&[
        "solve", "--all", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("9 cards"), "{err}");
}

#[test]
fn expressions_census_counts() {
    for (n, want) in [
        ("1", "1"),
        ("2", "6"),
        ("3", "68"),
        ("4", "1170"),
        ("5", "27142"),
        ("6", "793002"),
    ] {
        let (code, out, err) = run(&["expressions", "--operands", n]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.trim(), want, "N = {n}");
    }
}

#[test]
fn expressions_list_matches_the_count() {
    let (code, out, _) = run(&["expressions", "--operands", "2", "--list"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["a*b", "a+b", "a-b", "a/b", "b-a", "b/a"]
    );
    let (_, out, _) = run(&["expressions", "--operands", "4", "--list"]);
    assert_eq!(out.lines().count(), 1170);
    let (code, _, err) = run(&["expressions", "--operands", "7", "--list"]);
    assert_eq!(code, 2);
    assert!(err.contains("7 operands"), "{err}");
    let (code, _, err) = run(&["expressions", "--operands", "0"]);
    assert_eq!(code, 2);
    // Once an 80 GB allocation and an overflow panic.
    for n in ["24", "1000000000", "18446744073709551615"] {
        let (code, _, err) = run(&["expressions", "--operands", n]);
        assert_eq!(code, 2, "{n}: {err}");
        assert!(err.contains("expected 1 to 23 operands"), "{n}: {err}");
    }
    let (code, out, _) = run(&["expressions", "--operands", "23"]);
    assert_eq!(code, 0);
    assert!(out.trim().parse::<u128>().is_ok(), "{out}");
    assert!(err.contains("got 0"), "{err}");
}

/// `solve --stdin --all`: one block per hand, in input order, every
/// solution re-evaluated; counts and JSON one line per hand.
#[test]
fn stdin_all_streams_one_block_per_hand_in_order() {
    let input = "1 1 5 5\n1 1 1 1\n# skipped\n3 3 8 8\nx\n2 4 8 10\n";
    let out = census24()
        .args(["solve", "--stdin", "--all"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "line 5 is rejected");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 5: card \"x\" is not an integer"),
        "{err}"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let headings: Vec<&str> = text.lines().filter(|l| !l.starts_with("  ")).collect();
    assert_eq!(
        headings,
        [
            "1 1 5 5: 2 solutions",
            "1 1 1 1: no solution",
            "3 3 8 8: 1 solution",
            "error: card \"x\" is not an integer",
            "2 4 8 10: 11 solutions"
        ]
    );
    assert!(
        text.starts_with("1 1 5 5: 2 solutions\n  (1+5)*(5-1)\n  1*5*5-1\n"),
        "{text}"
    );
    // Every listed solution is the single-hand listing, indented.
    let (_, single, _) = run(&["solve", "--all", "2", "4", "8", "10"]);
    let block: String = text
        .split_once("2 4 8 10: 11 solutions\n")
        .unwrap()
        .1
        .lines()
        .map(|l| format!("{}\n", l.strip_prefix("  ").unwrap()))
        .collect();
    assert_eq!(block, single);

    let out = census24()
        .args([
            "solve",
            "--stdin",
            "--all",
            "--count",
            "--distinct",
            "structural",
        ])
        .write_stdin("1 1 5 5\n1 2 3 4\n1 1 1 1\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1 1 5 5: 7\n1 2 3 4: 4\n1 1 1 1: 0\n"
    );

    let out = census24()
        .args(["solve", "--stdin", "--all", "--json"])
        .write_stdin("3 3 8 8\n1 1 1 1\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 2);
    assert_eq!(objects[0]["solutions"][0]["expression"], "8/(3-8/3)");
    assert_eq!(objects[1]["count"], 0);
}

/// All 1820 four-card hands through `solve --stdin --all --count` agree
/// with the per-hand counts of the single-hand command for a sample, and
/// with the known total of 4078 structural classes (the sweep's figure).
#[test]
fn stdin_all_counts_every_four_card_hand() {
    let mut input = String::new();
    for a in 1..=13 {
        for b in a..=13 {
            for c in b..=13 {
                for d in c..=13 {
                    input.push_str(&format!("{a} {b} {c} {d}\n"));
                }
            }
        }
    }
    let out = census24()
        .args([
            "solve",
            "--stdin",
            "--all",
            "--count",
            "--distinct",
            "structural",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let counts: Vec<(&str, u64)> = text
        .lines()
        .map(|l| {
            let (h, n) = l.split_once(": ").unwrap();
            (h, n.parse().unwrap())
        })
        .collect();
    assert_eq!(counts.len(), 1820);
    assert_eq!(counts.iter().map(|c| c.1).sum::<u64>(), 4078);
    assert_eq!(counts.iter().filter(|c| c.1 > 0).count(), 1362);
    for (hand, n) in counts.iter().step_by(97) {
        let mut args = vec!["solve", "--all", "--count", "--distinct", "structural"];
        args.extend(hand.split(' '));
        assert_eq!(run(&args).1.trim(), n.to_string(), "{hand}");
    }
}
