//! Shared helpers for the integration tests.

use assert_cmd::Command;
use census24::{Op, Q};

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

/// `census24 rank --data DATA --game countdown --large-sets 11..100 --json
/// EXTRA`: the rows of the shipped census's sets, exit 0.
pub fn rank_large_sets(data: &std::path::Path, extra: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec![
        "rank",
        "--data",
        data.to_str().unwrap(),
        "--game",
        "countdown",
        "--large-sets",
        "11..100",
        "--json",
    ];
    args.extend(extra);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// Whether `values` make `target`, each used once, with only `ops`, every
/// intermediate an integer when `integer`: a brute force over every pair,
/// independent of the solver and of canonical forms.
pub fn reaches(values: &[Q], target: Q, ops: &[Op], integer: bool) -> bool {
    if values.len() == 1 {
        return values[0] == target;
    }
    for i in 0..values.len() {
        for j in 0..values.len() {
            if i == j {
                continue;
            }
            for &op in ops {
                let Some(v) = op.apply(values[i], values[j]) else {
                    continue;
                };
                if integer && !v.is_integer() {
                    continue;
                }
                let mut next: Vec<Q> = (0..values.len())
                    .filter(|&m| m != i && m != j)
                    .map(|m| values[m])
                    .collect();
                next.push(v);
                if reaches(&next, target, ops, integer) {
                    return true;
                }
            }
        }
    }
    false
}

/// The operations a hand of cards needs to make 24, by brute force, as a
/// position in the order of `census24 pick --ops` names: 0 when adding and
/// subtracting suffice, 1 with products, 2 with divisions in whole numbers,
/// 3 through a fraction; `None` when unsolvable.
pub fn ops_class(cards: &[i64]) -> Option<usize> {
    use Op::*;
    let values: Vec<Q> = cards.iter().map(|&c| Q::int(c)).collect();
    let sets: [(&[Op], bool); 4] = [
        (&[Add, Sub], true),
        (&[Add, Sub, Mul], true),
        (&[Add, Sub, Mul, Div], true),
        (&[Add, Sub, Mul, Div], false),
    ];
    sets.iter()
        .position(|(ops, integer)| reaches(&values, Q::int(24), ops, *integer))
}
