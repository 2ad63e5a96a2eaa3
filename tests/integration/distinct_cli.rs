//! `census24 solve --all` and `census24 expressions` as a user runs them:
//! the example hands at each level, counts, JSON, exit codes, errors.

use census24::{Expr, Q, Rules};

use crate::util::run;

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
fn no_solution_exits_1_with_no_lines() {
    let (code, out, _) = run(&["solve", "--all", "1", "1", "1", "1"]);
    assert_eq!((code, out.as_str()), (1, ""));
    let (code, out, _) = run(&["solve", "--all", "--count", "1", "1", "1", "1"]);
    assert_eq!((code, out.trim()), (1, "0"));
}

#[test]
fn json_lines_carry_the_class() {
    let (code, out, _) = run(&["solve", "--all", "--json", "3", "3", "8", "8"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["expression"], "8/(3-8/3)");
    assert_eq!(v["dissimilar_group"], 0);
    assert_eq!(v["uses_fraction"], true);
    assert!(v["canonical"].as_str().unwrap().contains('8'));
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
    assert!(err.contains("got 0"), "{err}");
}
