//! `census24 solve` with hands past the exact solver's 12 cards: the full
//! deck, `--deck` checks, `--deck none`, proven "no solution", JSON trees.

use census24::{Expr, Q, Rules};

use crate::util::run;

/// The 52 cards of one deck, as arguments.
fn full_deck() -> Vec<String> {
    (1..=13)
        .flat_map(|v| std::iter::repeat_n(v.to_string(), 4))
        .collect()
}

fn args<'a>(head: &[&'a str], cards: &'a [String]) -> Vec<&'a str> {
    head.iter()
        .copied()
        .chain(cards.iter().map(String::as_str))
        .collect()
}

/// Require exit 0 and an expression over exactly `cards` worth `target`.
fn solved(args: &[&str], cards: &[String], target: Q, rules: Rules) {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: stdout {out} stderr {err}");
    let e = Expr::parse(out.trim()).unwrap_or_else(|e| panic!("{out}: {e}"));
    assert_eq!(e.eval_under(rules), Ok(target), "{out}");
    let mut want: Vec<i64> = cards.iter().map(|c| c.parse().unwrap()).collect();
    want.sort_unstable();
    assert_eq!(e.cards(), want, "{out}");
}

fn rejected(args: &[&str], needle: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out} {err}");
    assert!(
        err.contains(needle),
        "{args:?}: stderr {err:?} lacks {needle:?}"
    );
}

#[test]
fn full_deck_makes_24_under_every_rule_set() {
    let deck = full_deck();
    for (name, rules) in [
        ("rational", Rules::Rational),
        ("integer", Rules::Integer),
        ("natural", Rules::Natural),
    ] {
        solved(
            &args(&["solve", "--rules", name], &deck),
            &deck,
            Q::int(24),
            rules,
        );
    }
}

#[test]
fn full_deck_json_carries_the_tree() {
    let deck = full_deck();
    let (code, out, err) = run(&args(&["solve", "--json"], &deck));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["solvable"], true);
    assert_eq!(v["cards"].as_array().unwrap().len(), 52);
    assert!(v["tree"]["op"].is_string(), "{v}");
}

#[test]
fn big_hand_other_target() {
    let cards: Vec<String> = "1 2 3 4 5 6 7 8 9 10 11 12 13 13 7 7"
        .split(' ')
        .map(String::from)
        .collect();
    solved(
        &args(&["solve", "--target", "100"], &cards),
        &cards,
        Q::int(100),
        Rules::Rational,
    );
}

#[test]
fn more_copies_than_the_deck_rejected_with_the_value() {
    let cards: Vec<String> = "5 5 5 5 5 1 2 3 4 6 7 8 9"
        .split(' ')
        .map(String::from)
        .collect();
    rejected(
        &args(&["solve"], &cards),
        "value 5 appears 5 times, but a deck has 4",
    );
    solved(
        &args(&["solve", "--deck", "5"], &cards),
        &cards,
        Q::int(24),
        Rules::Rational,
    );
}

#[test]
fn card_outside_the_deck_rejected_unless_deck_none() {
    let cards: Vec<String> = "1 2 3 4 5 6 7 8 9 10 11 12 13 20 -3 0"
        .split(' ')
        .map(String::from)
        .collect();
    rejected(&args(&["solve"], &cards), "card -3 is not in a deck");
    solved(
        &args(&["solve", "--deck", "none"], &cards),
        &cards,
        Q::int(24),
        Rules::Rational,
    );
}

#[test]
fn zeros_and_a_one_proven_unsolvable() {
    let mut cards = vec!["0".to_string(); 20];
    cards.push("1".to_string());
    let (code, out, err) = run(&args(&["solve", "--deck", "none"], &cards));
    assert_eq!(code, 1, "{out} {err}");
    assert_eq!(out.trim(), "no solution");
}

#[test]
fn more_than_64_cards_rejected() {
    let cards = vec!["1".to_string(); 65];
    rejected(
        &args(&["solve", "--deck", "none"], &cards),
        "65 cards given",
    );
}

#[test]
fn small_hands_ignore_the_deck() {
    // Up to 12 cards the exact solver takes any integers, as before.
    let (code, out, _) = run(&["solve", "1", "1"]);
    assert_eq!((code, out.trim()), (1, "no solution"));
    let (code, _, _) = run(&["solve", "20", "4"]);
    assert_eq!(code, 0);
}

#[test]
fn stdin_lines_take_big_hands() {
    let deck = full_deck().join(" ");
    let input = format!("{deck}\n1 1\n");
    let out = crate::util::census24()
        .args(["solve", "--stdin"])
        .write_stdin(input)
        .output()
        .unwrap();
    // One hand has no solution, so the run ends with status 1.
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let (hand, expr) = lines[0].split_once(": ").unwrap();
    assert_eq!(hand.split(' ').count(), 52);
    assert_eq!(Expr::parse(expr).unwrap().eval(), Ok(Q::int(24)));
    assert_eq!(lines[1], "1 1: no solution");
}
