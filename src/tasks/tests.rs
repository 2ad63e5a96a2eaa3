use std::collections::HashSet;

use super::*;
use crate::game::grade::grade;
use crate::game::presets;
use crate::game::rules::Rules;
use crate::game::steps::grade_steps;

fn plan(name: &str, count: usize) -> TaskPlan {
    let mut p = TaskPlan::of_game(presets::game(name).unwrap());
    p.count = count;
    p
}

/// An independent decision: does some selection of `cards` (every card,
/// with `all`) reach `target` under `rules`? Plain recursion over pairs,
/// with exact fractions of i128, sharing no code with the solver.
fn brute(cards: &[i64], target: i64, rules: Rules, all: bool) -> bool {
    fn admits(n: i128, d: i128, rules: Rules) -> bool {
        match rules {
            Rules::Rational => true,
            Rules::Integer => d == 1,
            Rules::Natural => d == 1 && n >= 0,
            Rules::Positive => d == 1 && n > 0,
        }
    }
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    fn go(v: &mut [(i128, i128)], t: i128, rules: Rules, all: bool) -> bool {
        if v.iter().any(|&(n, d)| d == 1 && n == t) && (!all || v.len() == 1) {
            return true;
        }
        for i in 0..v.len() {
            for j in 0..v.len() {
                if i == j {
                    continue;
                }
                let ((a, b), (c, d)) = (v[i], v[j]);
                let mut outs = vec![
                    (a * d + c * b, b * d),
                    (a * d - c * b, b * d),
                    (a * c, b * d),
                ];
                if c != 0 {
                    outs.push((a * d, b * c));
                }
                let rest: Vec<(i128, i128)> = v
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i && k != j)
                    .map(|(_, &x)| x)
                    .collect();
                for (n, m) in outs {
                    let g = gcd(n, m).max(1) * m.signum();
                    let (n, m) = (n / g, m / g);
                    if !admits(n, m, rules) {
                        continue;
                    }
                    let mut next = rest.clone();
                    next.push((n, m));
                    if go(&mut next, t, rules, all) {
                        return true;
                    }
                }
            }
        }
        false
    }
    let mut v: Vec<(i128, i128)> = cards.iter().map(|&c| (c as i128, 1)).collect();
    go(&mut v, target as i128, rules, all)
}

/// What every task set must be: each task's claim checked by a second
/// method (the expression and the steps graded; "unsolvable" by brute
/// force on small hands), no task twice up to order, ids unique.
fn check_set(p: &TaskPlan, set: &TaskSet) {
    let game = &p.game;
    let mut keys = HashSet::new();
    let mut ids = HashSet::new();
    for t in &set.tasks {
        assert!(keys.insert((t.cards.clone(), t.target)), "twice: {t:?}");
        assert!(ids.insert(t.id.clone()), "id twice: {t:?}");
        assert!(t.id.starts_with(&format!("{}-", t.split)));
        let n = t.cards.len();
        assert!((p.hand_sizes.0..=p.hand_sizes.1).contains(&n));
        let target = Q::int(t.target);
        if t.solvable {
            let e = t.simplest.as_deref().unwrap();
            let v = grade(&t.cards, e, target, game.rules, game.uses);
            assert!(v.correct, "{t:?}: {:?}", v.reason);
            let steps = t.steps.as_deref().unwrap();
            let v = grade_steps(&t.cards, steps, target, game.rules, game.uses);
            assert!(v.correct, "{t:?}: {:?}", v.reason);
            assert!(t.predicted.0.is_some());
        } else {
            assert_eq!(t.simplest, None);
            if n <= 5 {
                assert!(
                    !brute(&t.cards, t.target, game.rules, game.uses == Use::All),
                    "{t:?}"
                );
            }
        }
    }
}

#[test]
fn the_same_plan_gives_the_same_tasks() {
    let p = plan("countdown", 60);
    let (a, b) = (make(&p).unwrap(), make(&p).unwrap());
    assert_eq!(a.tasks, b.tasks);
    let mut q = p.clone();
    q.seed += 1;
    assert_ne!(make(&q).unwrap().tasks, a.tasks);
    check_set(&p, &a);
}

#[test]
fn countdown_tasks_are_right_and_unsolvable_ones_proven() {
    let mut p = plan("countdown", 120);
    p.unsolvable = 0.25;
    p.hand_sizes = (3, 5);
    let set = make(&p).unwrap();
    check_set(&p, &set);
    let unsolvable = set.tasks.iter().filter(|t| !t.solvable).count();
    assert_eq!(unsolvable, 30);
    // Countdown scores near misses: each unsolvable task says how close
    // it gets, and nothing reaches the target exactly.
    for t in set.tasks.iter().filter(|t| !t.solvable) {
        let c = t.closest.unwrap();
        assert_ne!(c, t.target, "{t:?}");
    }
    // Every size gets its share: 40 each of 3, 4 and 5 numbers.
    for k in 3..=5 {
        assert_eq!(set.tasks.iter().filter(|t| t.cards.len() == k).count(), 40);
    }
}

#[test]
fn solvability_agrees_with_a_brute_force_on_every_candidate() {
    // Krypto with tournament rules (whole, non-negative), every card:
    // the task source's "solvable" against plain recursion.
    let mut p = plan("krypto", 80);
    p.game.rules = Rules::Natural;
    p.unsolvable = 0.5;
    let set = make(&p).unwrap();
    check_set(&p, &set);
    for t in &set.tasks {
        assert_eq!(
            brute(&t.cards, t.target, Rules::Natural, true),
            t.solvable,
            "{t:?}"
        );
    }
    // 24 with fractions.
    let p = plan("24", 50);
    let set = make(&p).unwrap();
    check_set(&p, &set);
    for t in &set.tasks {
        assert!(brute(&t.cards, t.target, Rules::Rational, true), "{t:?}");
        assert_eq!(t.target, 24);
        assert!(t.dissimilar.is_some_and(|d| d >= 1));
    }
}

#[test]
fn splits_hold_their_share_of_every_stratum_and_share_nothing() {
    let mut p = plan("24", 200);
    p.stratify = true;
    p.splits = parse_splits("train=0.75,test=0.25").unwrap();
    let set = make(&p).unwrap();
    check_set(&p, &set);
    let (train, test): (Vec<&Task>, Vec<&Task>) =
        set.tasks.iter().partition(|t| t.split == "train");
    assert_eq!((train.len(), test.len()), (150, 50));
    for tier in Tier::ALL {
        let n = |ts: &[&Task]| {
            ts.iter()
                .filter(|t| t.predicted.0.map(|p| p.tier) == Some(tier))
                .count()
        };
        // 50 of each tier, cut 3:1 to within one task.
        assert_eq!(n(&train) + n(&test), 50, "{tier:?}");
        assert!(n(&test).abs_diff(12) <= 1, "{tier:?}: {}", n(&test));
    }
    let hands = |ts: &[&Task]| ts.iter().map(|t| t.hand.clone()).collect::<HashSet<_>>();
    assert!(hands(&train).is_disjoint(&hands(&test)));
}

#[test]
fn a_curriculum_goes_from_easy_to_hard() {
    let mut p = plan("countdown", 80);
    p.order = Order::Curriculum;
    p.unsolvable = 0.1;
    let set = make(&p).unwrap();
    for split in ["train", "test"] {
        let times: Vec<Option<f64>> = set
            .tasks
            .iter()
            .filter(|t| t.split == split)
            .map(|t| t.predicted.time_s())
            .collect();
        let solved: Vec<f64> = times.iter().map_while(|t| *t).collect();
        assert!(
            solved.windows(2).all(|w| w[0] <= w[1]),
            "{split}: {solved:?}"
        );
        // Unsolvable tasks come last.
        assert!(times[solved.len()..].iter().all(Option::is_none));
    }
}

#[test]
fn a_stratum_the_game_lacks_gives_up_naming_it() {
    // Two cards of 1..3 for 24: only 3*... no hand makes 24, so no
    // solvable task can be found.
    let mut p = plan("24", 5);
    p.hand_sizes = (2, 2);
    p.game.values = crate::game::deck::ValueRange::new(1, 3).unwrap();
    let err = make(&p).unwrap_err().to_string();
    assert!(
        err.contains("found 0 of the 5 solvable 2-number tasks"),
        "{err}"
    );
}

#[test]
fn plans_that_cannot_be_met_are_refused_by_name() {
    let mut p = plan("24", 10);
    p.unsolvable = 1.0;
    assert!(
        p.validate()
            .unwrap_err()
            .to_string()
            .contains("--unsolvable 1")
    );
    let mut p = plan("24", 10);
    p.hand_sizes = (4, 9);
    assert!(
        p.validate()
            .unwrap_err()
            .to_string()
            .contains("at most 7 numbers")
    );
    let mut p = plan("24", 0);
    p.count = 0;
    assert!(p.validate().unwrap_err().to_string().contains("--count 0"));
    for bad in [
        "train=0.5",
        "train=0.5,train=0.5",
        "a b=1",
        "train",
        "x=-1,y=2",
    ] {
        assert!(parse_splits(bad).is_err(), "{bad}");
    }
    assert_eq!(parse_splits("test=1").unwrap().len(), 1);
}

#[test]
fn json_fields_are_the_task_columns() {
    let set = make(&plan("24", 3)).unwrap();
    let line = crate::export::to_jsonl(&set.tasks[..1]);
    let v: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut want: Vec<&str> = task_columns().iter().map(|c| c.0).collect();
    want.sort_unstable();
    let mut got = keys.clone();
    got.sort_unstable();
    assert_eq!(got, want);
}

#[test]
fn counting_from_the_fewest_numbers_misses_no_solution() {
    // The count that skips selections smaller than the simplest one
    // against the plain sum over every selection, on 150 Countdown tasks.
    let p = plan("countdown", 150);
    for task in make(&p).unwrap().tasks {
        let hand = Hand::new(task.cards.clone()).unwrap();
        let t = Q::int(task.target);
        let mut all = 0;
        for sub in sub_hands(&hand).unwrap() {
            all += canon::solutions(&sub, t, Rules::Natural)
                .unwrap()
                .dissimilar;
        }
        assert_eq!(task.dissimilar, Some(all), "{task:?}");
    }
}

#[test]
fn orders_parse_by_name() {
    for o in Order::ALL {
        assert_eq!(Order::parse(o.name()), Ok(o));
    }
    assert_eq!(
        Order::parse("random").unwrap_err().to_string(),
        "unknown order \"random\" (expected shuffled, curriculum or drawn)"
    );
}

/// Every preset's tasks, half of them unsolvable, graded as `census24
/// check --stdin` grades their lines ([`crate::game::unsolvable`]): the
/// simplest (expression and steps) is right with the game's best points,
/// "there is no solution" is right with the game's best points on every
/// unsolvable task and wrong on every solvable one; in a game of near
/// misses the closest play is right on an unsolvable task too, with the
/// points of its distance. A number used twice is never right.
#[test]
fn every_presets_tasks_grade_their_simplest_and_no_solution_by_their_rows() {
    use crate::game::grade::{Format, grade_as};
    use crate::game::unsolvable::{TaskFacts, settle_text};
    use crate::solve::{Closest, Search, solve_hand_using};

    for preset in presets::PRESETS {
        let mut p = plan(preset.name, 24);
        p.unsolvable = 0.5;
        let set = make(&p).unwrap();
        let game = p.game;
        let near = game.scoring.rewards_near_misses();
        let graded = |t: &Task, text: &str| {
            let target = Q::int(t.target);
            let (v, _) = grade_as(&t.cards, text, target, game.rules, game.uses, Format::Auto);
            let facts = TaskFacts {
                solvable: Some(t.solvable),
                closest: t.closest.map(Q::int),
            };
            settle_text(v, text, facts, &game.scoring, target)
        };
        let (mut solvable, mut unsolvable) = (0, 0);
        for t in &set.tasks {
            let none = graded(t, "Having tried every way, there is no solution.");
            if t.solvable {
                solvable += 1;
                // The simplest, its first number used once more (and taken
                // away again): its value, with a number the hand does not
                // hold that often (every preset deals at most two of a
                // value to an any-selection hand).
                let s = t.simplest.as_deref().unwrap();
                let n: String = s
                    .chars()
                    .skip_while(|c| !c.is_ascii_digit())
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                let g = graded(t, &format!("{s}+{n}-{n}"));
                assert!(
                    !g.verdict.correct && g.points == 0,
                    "{}: {s}: {g:?}",
                    preset.name
                );
                for text in [t.simplest.as_deref().unwrap(), t.steps.as_deref().unwrap()] {
                    let g = graded(t, text);
                    assert!(g.verdict.correct, "{}: {text}: {g:?}", preset.name);
                    assert_eq!(g.points, game.scoring.best(), "{}", preset.name);
                }
                assert!(
                    !none.verdict.correct && none.points == 0,
                    "{}: {t:?}",
                    preset.name
                );
                continue;
            }
            unsolvable += 1;
            assert!(none.verdict.correct, "{}: {t:?}: {none:?}", preset.name);
            assert_eq!(none.points, game.scoring.best());
            if near {
                let hand = Hand::new(t.cards.clone()).unwrap();
                let search = Search {
                    closest: Closest::Nearest,
                    deck: game.deck,
                    ..Search::default()
                };
                let o = solve_hand_using(&hand, Q::int(t.target), game.rules, game.uses, &search)
                    .unwrap();
                assert_eq!(o.value, t.closest.map(Q::int), "{t:?}");
                let play = o.expr.unwrap().to_infix_under(game.rules, false);
                let g = graded(t, &play);
                assert!(g.verdict.correct, "{}: {play}: {g:?}", preset.name);
                let want = game.scoring.score(o.value, Q::int(t.target));
                assert_eq!(g.points, want, "{}: {play}", preset.name);
            }
        }
        assert_eq!((solvable, unsolvable), (12, 12), "{}", preset.name);
    }
}
