//! `--game NAME` as a user types it: each preset on solve and check, its
//! scoring on check's verdicts, a named game holding hands to its deck,
//! flags overriding the preset, and `rank --ops`.

use census24::game::expr::Expr;
use census24::game::number::Q;
use census24::game::rules::Rules;

use crate::util::{census24, run};

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn each_preset_solves_its_own_game() {
    // 24: the default.
    let (code, out, _) = run(&["solve", "--game", "24", "3", "3", "8", "8"]);
    assert_eq!((code, out.trim()), (0, "8/(3-8/3)"));
    // Countdown: any selection, whole intermediates; an unreachable target
    // gets the nearest value, as the game scores it.
    let (code, out, err) = run(&[
        "solve",
        "--game",
        "countdown",
        "--target",
        "999",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("(closest; 999 is unreachable)"), "{out}");
    let e = Expr::parse(out.split(" = ").next().unwrap()).unwrap();
    assert_eq!(e.eval_under(Rules::Natural), Ok(Q::int(960)), "{out}");
    // Krypto: five cards of its deck, every card once.
    let (code, out, _) = run(&[
        "solve", "--game", "krypto", "--target", "25", "1", "2", "3", "4", "5",
    ]);
    assert_eq!(code, 0);
    let e = Expr::parse(out.trim()).unwrap();
    assert_eq!(e.eval_under(Rules::Rational), Ok(Q::int(25)));
    assert_eq!(e.cards(), vec![1, 2, 3, 4, 5]);
    // Digits: whole positive intermediates (no zero on the way).
    let (code, out, _) = run(&[
        "solve", "--game", "digits", "--target", "471", "3", "5", "7", "11", "13", "20",
    ]);
    assert_eq!(code, 0, "{out}");
    let e = Expr::parse(out.trim()).unwrap();
    assert_eq!(e.eval_under(Rules::Positive), Ok(Q::int(471)));
}

#[test]
fn a_game_of_many_targets_lists_them_or_takes_one() {
    let (code, out, _) = run(&[
        "solve",
        "--game",
        "countdown",
        "25",
        "50",
        "75",
        "100",
        "3",
        "6",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("100: "), "{out}");
    // As many as the shipped Countdown census says this hand makes.
    let path = root().join(
        "data/rules=natural/use=any/targets=100-999/values=1-100/deck=countdown/k=6/reach.parquet",
    );
    let df = census24::tables::table::from_parquet(&std::fs::read(path).unwrap()).unwrap();
    let hands = df.column("hand").unwrap().str().unwrap();
    let solvable = df.column("solvable").unwrap().bool().unwrap();
    let made = (0..df.height())
        .filter(|&i| hands.get(i) == Some("3 6 25 50 75 100") && solvable.get(i) == Some(true))
        .count();
    assert_eq!(out.lines().count(), made);
    assert_eq!(made, 832);
    let (code, _, err) = run(&["solve", "--game", "countdown", "--stdin"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--stdin answers one target: give --target T"),
        "{err}"
    );
}

#[test]
fn a_named_game_holds_hands_to_its_deck() {
    for (args, says) in [
        (
            &[
                "solve", "--game", "krypto", "--target", "7", "1", "2", "3", "4", "30",
            ][..],
            "card 30 is not dealt in this game (values 1..25)",
        ),
        (
            &[
                "solve", "--game", "krypto", "--target", "7", "18", "18", "1", "2", "3",
            ][..],
            "the hand has 2 cards 18; this game's deck (krypto) holds 1",
        ),
        (
            &["solve", "--game", "24", "1", "2", "3"][..],
            "the hand has 3 cards; this game deals 4",
        ),
        // Krypto deals its objective after the hand, from the same deck:
        // three 5s in hand leave no 5 to deal (the census's deal_ways = 0).
        (
            &[
                "check",
                "--game",
                "krypto",
                "--target",
                "5",
                "--hand",
                "5 5 5 1 2",
                "5*1*(5-5+2)",
            ][..],
            "the hand and its objective need 4 cards 5; this game's deck (krypto) holds 3",
        ),
        (
            &[
                "solve", "--game", "krypto", "--target", "5", "5", "5", "5", "1", "2",
            ][..],
            "the hand and its objective need 4 cards 5; this game's deck (krypto) holds 3",
        ),
        (
            &[
                "solve", "--game", "krypto", "--rules", "natural", "--target", "25", "25", "1",
                "2", "3", "4",
            ][..],
            "the hand and its objective need 2 cards 25; this game's deck (krypto) holds 1",
        ),
        (
            &[
                "check",
                "--game",
                "krypto",
                "--target",
                "26",
                "--hand",
                "1 2 3 4 5",
                "1+2+3+4*5",
            ][..],
            "objective 26 is not a card of this game (values 1..25)",
        ),
        (
            &[
                "check",
                "--game",
                "digits",
                "--target",
                "9",
                "--hand",
                "2 2 3 4 5 6",
                "2+3+4",
            ][..],
            "the hand has 2 cards 2; this game's deck (1) holds 1",
        ),
        (
            &["solve", "--game", "chess", "1"][..],
            "unknown game \"chess\"",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // Without a named game, any integers are a hand, as before.
    let (code, out, _) = run(&["solve", "1", "2", "3", "30"]);
    assert_eq!((code, out.trim()), (0, "30-1-2-3"));
    // The refusal is one line; a deal the deck makes is answered, and a
    // line of --stdin with an objective the deck cannot deal is refused
    // as bad input.
    let (code, _, err) = run(&[
        "solve", "--game", "krypto", "--target", "5", "5", "5", "5", "1", "2",
    ]);
    assert_eq!((code, err.trim().lines().count()), (2, 1), "{err}");
    let (code, out, err) = run(&[
        "solve", "--game", "krypto", "--target", "5", "5", "5", "1", "2", "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.trim().is_empty());
    let out = census24()
        .args(["check", "--game", "krypto", "--stdin", "--json"])
        .write_stdin("{\"hand\": \"5 5 5 1 2\", \"target\": 5, \"answer\": \"5\"}\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("need 4 cards 5"), "{text}");
}

#[test]
fn check_scores_near_misses_by_the_games_bands() {
    let grade = |game: &str, hand: &str, target: &str, answer: &str| {
        let (code, out, err) = run(&[
            "check", "--game", game, "--target", target, "--hand", hand, answer, "--json",
        ]);
        assert!(code == 0 || code == 1, "{err}");
        serde_json::from_str::<serde_json::Value>(out.trim()).unwrap()
    };
    // Countdown: 10 exact, 7 within 5, 5 within 10, none beyond.
    let hand = "25 50 75 100 3 6";
    for (answer, points) in [
        ("(100+6)*75*3/50+25", 0), // 502
        ("6*(100+50)+75+3", 10),   // 978
        ("6*(100+50)+75", 7),      // 975
        ("6*(100+50)+75-3", 5),    // 972
        ("6*(100+50)+75+3+25", 0), // 1003
    ] {
        let v = grade("countdown", hand, "978", answer);
        assert_eq!(v["score"], points, "{answer}: {v}");
    }
    // Digits: 3 stars exact, 2 within 10, 1 within 25, none for an answer
    // that breaks the rules whatever its value.
    let hand = "1 2 3 4 5 25";
    for (answer, stars) in [
        ("25*4+3", 3),
        ("25*4", 2),
        ("25*4-5*3-1", 1),
        ("25*4+5-2", 3),
        ("25*4+5-2-1", 2),
        ("25*4+3+3", 0),
    ] {
        let v = grade("digits", hand, "103", answer);
        assert_eq!(v["score"], stars, "{answer}: {v}");
    }
    // The 24 game scores right or wrong: no score field unless asked for,
    // then 1 or 0 (and 0 for an illegal play).
    let (code, out, _) = run(&["check", "--hand", "3 3 8 8", "8/(3-8/3)", "--json"]);
    assert_eq!(code, 0);
    assert!(!out.contains("score"), "{out}");
    for (answer, score) in [("8/(3-8/3)", 1), ("8*3", 0), ("8/(3-8/3)+1-1", 0)] {
        let (_, out, _) = run(&["check", "--score", "--json", "--hand", "3 3 8 8", answer]);
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["score"], score, "{answer}: {v}");
    }
    let (_, out, _) = run(&["check", "--score", "--hand", "3 3 8 8", "8/(3-8/3)"]);
    assert_eq!(out, "correct (1 point)\n");
}

#[test]
fn rank_takes_ops_as_pick_does() {
    let data = root().join("data");
    let data = data.to_str().unwrap();
    let (code, out, err) = run(&[
        "rank", "--data", data, "--ops", "add-sub", "--all", "--format", "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let ranked: Vec<&str> = out
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    let (code, out, err) = run(&["pick", "--data", data, "--ops", "add-sub", "--all"]);
    assert_eq!(code, 0, "{err}");
    let mut picked: Vec<&str> = out.lines().collect();
    let mut sorted = ranked.clone();
    sorted.sort_unstable();
    picked.sort_unstable();
    assert_eq!(sorted, picked, "rank and pick keep the same add-sub hands");
    assert!(ranked.len() > 50, "{} hands", ranked.len());
    // Each kept hand has a solution with + and - alone.
    for hand in ranked.iter().take(20) {
        let cards: Vec<i64> = hand.split(' ').map(|c| c.parse().unwrap()).collect();
        assert_eq!(crate::util::ops_class(&cards), Some(0), "{hand}");
    }
}

#[test]
fn games_lists_every_preset() {
    let (code, out, _) = run(&["games"]);
    assert_eq!(code, 0);
    for name in census24::game::presets::names() {
        assert!(out.contains(&format!("{name}\n  ")), "{name}: {out}");
    }
    assert!(
        out.contains("10 points exact, 7 within 5, 5 within 10"),
        "{out}"
    );
    assert!(
        out.contains("3 stars exact, 2 within 10, 1 within 25"),
        "{out}"
    );
}

/// `cover` with a game named prints that game's cover: for each target,
/// the smallest hand size at which every hand of its deck makes it, and a
/// hand of the largest size that misses. Checked against a brute force over
/// every hand (values 1..6, two copies each, up to four cards, fractions
/// allowed), hands in table order (ascending multisets).
#[test]
fn cover_of_a_named_game_agrees_with_a_brute_force() {
    use census24::Op;
    use itertools::Itertools;
    let args = [
        "cover",
        "-q",
        "--values",
        "1..6",
        "--deck",
        "2",
        "--targets",
        "1..40",
        "--max-k",
        "4",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let mut want = String::from("target,smallest_k,witness_k,witness_hand\n");
    let hands: Vec<Vec<Vec<i64>>> = (1..=4)
        .map(|k| {
            (1..=6)
                .combinations_with_replacement(k)
                .filter(|h| h.iter().counts().values().all(|&n| n <= 2))
                .collect()
        })
        .collect();
    let ops = [Op::Add, Op::Sub, Op::Mul, Op::Div];
    for t in 1..=40 {
        let makes = |h: &Vec<i64>| {
            let v: Vec<Q> = h.iter().map(|&c| Q::int(c)).collect();
            crate::util::reaches(&v, Q::int(t), &ops, false)
        };
        let (mut smallest, mut witness) = (String::new(), (String::new(), String::new()));
        for (i, of_k) in hands.iter().enumerate() {
            match of_k.iter().find(|h| !makes(h)) {
                Some(h) => witness = ((i + 1).to_string(), h.iter().join(" ")),
                None => {
                    smallest = (i + 1).to_string();
                    break;
                }
            }
        }
        want += &format!("{t},{smallest},{},{}\n", witness.0, witness.1);
    }
    assert_eq!(out, want);
    // Some targets are covered and some not, so both branches are checked.
    assert!(out.lines().any(|l| l.split(',').nth(1) == Some("")));
    assert!(out.lines().skip(1).any(|l| l.split(',').nth(1) != Some("")));
    let (code, _, err) = run(&["cover", "--game", "countdown"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("this game uses any selection"), "{err}");
}

/// Krypto's cover under tournament rules names, for each target, the first
/// five-card hand the shipped census finds unsolvable: two routes (the
/// cover's search, the sweep's table read back) to the same hands.
#[test]
fn krypto_cover_names_the_first_unsolvable_hand_of_the_census() {
    use polars::prelude::*;
    let (code, out, err) = run(&[
        "cover", "-q", "--game", "krypto", "--rules", "natural", "--max-k", "5",
    ]);
    assert_eq!(code, 0, "{err}");
    let path = root().join(
        "data/rules=natural/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5/reach.parquet",
    );
    let df = ParquetReader::new(std::fs::File::open(path).unwrap())
        .finish()
        .unwrap()
        .lazy()
        .filter(col("solvable").not())
        .group_by_stable([col("target")])
        .agg([col("hand").first()])
        .sort(["target"], Default::default())
        .collect()
        .unwrap();
    let (targets, hands) = (
        df.column("target").unwrap().i32().unwrap(),
        df.column("hand").unwrap().str().unwrap(),
    );
    let mut want = String::from("target,smallest_k,witness_k,witness_hand\n");
    for i in 0..df.height() {
        want += &format!("{},,5,{}\n", targets.get(i).unwrap(), hands.get(i).unwrap());
    }
    assert_eq!(df.height(), 25);
    assert_eq!(out, want);
}

/// `pick` of a game no table holds deals it, as `tasks` does: Countdown
/// with another set of large numbers, Digits. Each simplest answer is
/// evaluated here under the game's rules and graded by `check` under the
/// same game, its tiles come from the game's deck, and the seed fixes the
/// set.
#[test]
fn pick_deals_a_game_no_table_holds() {
    let empty = tempfile::tempdir().unwrap();
    let data = empty.path().to_str().unwrap();
    let deck = "1..10x2,12,16,18,24";
    let games: [(&[&str], Rules, &[i64]); 2] = [
        (
            &["--game", "countdown", "--deck", deck],
            Rules::Natural,
            &[12, 16, 18, 24],
        ),
        (&["--game", "digits"], Rules::Positive, &[]),
    ];
    for (game, rules, large) in games {
        let pick = |seed: &str| {
            let mut args = vec!["pick", "--data", data, "-n", "8", "--format", "jsonl"];
            args.extend(game);
            args.extend(["--seed", seed]);
            run(&args)
        };
        let (code, out, err) = pick("24");
        assert_eq!(code, 0, "{game:?}: {err}");
        assert!(
            err.contains("its games are dealt and solved in memory"),
            "{err}"
        );
        assert_eq!(pick("24").1, out, "{game:?}: the same seed, the same set");
        assert_ne!(pick("25").1, out, "{game:?}: another seed, another set");
        let tasks: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(tasks.len(), 8, "{out}");
        let mut answers = String::new();
        for t in &tasks {
            let target = t["target"].as_i64().unwrap();
            let cards: Vec<i64> = serde_json::from_value(t["cards"].clone()).unwrap();
            let e = Expr::parse(t["simplest"].as_str().unwrap()).unwrap();
            assert_eq!(e.eval_under(rules), Ok(Q::int(target)), "{t}");
            let mut left = cards.clone();
            for c in e.cards() {
                let i = left.iter().position(|&x| x == c).expect("a dealt tile");
                left.remove(i);
            }
            if !large.is_empty() {
                // The set's large tiles, once each; the small ones 1..10.
                assert!(
                    cards
                        .iter()
                        .all(|c| (1..=10).contains(c) || large.contains(c)),
                    "{t}"
                );
                assert!((100..=999).contains(&target), "{t}");
            }
            answers +=
                &serde_json::json!({"hand": t["hand"], "target": target, "answer": t["simplest"]})
                    .to_string();
            answers.push('\n');
        }
        let mut args = vec!["check", "--stdin", "--json"];
        args.extend(game);
        let out = crate::util::census24()
            .args(&args)
            .write_stdin(answers)
            .output()
            .unwrap();
        let verdicts = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{verdicts}");
        assert_eq!(
            verdicts.matches("\"correct\":true").count(),
            8,
            "{verdicts}"
        );
    }
    // rank reads tables only: the same game there names the sweep.
    let (code, _, err) = run(&[
        "rank",
        "--data",
        data,
        "--game",
        "countdown",
        "--deck",
        deck,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("make it with `census24 sweep"), "{err}");
}
