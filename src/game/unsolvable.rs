//! Replies to a task that may have no solution: which replies say there is
//! none, and the verdict and points of a reply given what the task says of
//! itself (`census24 tasks` writes `solvable` and, for a game that scores
//! near misses, `closest`). Shared by `census24 check` and the Python
//! package's `check` and rewards, so a reply is graded alike everywhere.
//!
//! A reply says there is no solution ([`says_no_solution`]) when it has no
//! final answer that is a play (as [`crate::game::extract`] reads it) and,
//! after the last expression it writes, it holds one of [`NO_SOLUTION`]
//! not just after "not", "n't" or "never" (`It is impossible.`, `8*3*1 is
//! wrong, so there is no solution`); an answer region saying so counts
//! (`Answer: no solution`, `<answer>impossible</answer>`), and so does an
//! answer that is just "none" (`<answer>None</answer>`). A reply torn
//! between two plays claims nothing. Phrases that only admit
//! failure ("I give up", "I cannot find one", "I don't know") do not: they
//! claim nothing about the task. A reply whose final answer is an
//! expression or steps is graded as that play, whatever else it says.
//!
//! How a reply is graded ([`settle`]), given the task's `solvable`:
//!
//! - unknown (a line or row without it): as before, "no solution" is a
//!   reply that gives up, wrong;
//! - solvable: "no solution" is wrong ("says there is no solution, but the
//!   task has one");
//! - unsolvable: "no solution" is the right answer in every game and
//!   scores the game's best (a reward scaled to 0..1 gives 1.0);
//! - unsolvable, in a game scored right or wrong (24, Krypto): any play is
//!   wrong (no play reaches the target);
//! - unsolvable, in a game that scores near misses (Countdown, Digits): a
//!   contestant may instead declare the closest value they reach, as the
//!   show's contestants do, so a play as near the target as the task's
//!   `closest` is right too and earns the show's points for its distance
//!   (a play farther off earns the points of its own distance and is
//!   wrong).

use crate::game::extract::{Extraction, expression_in, extract};
use crate::game::family::Scoring;
use crate::game::number::Q;
use crate::game::verdict::Verdict;

/// Phrases by which a reply says the task has no solution (lower case,
/// matched at word boundaries, any case). Each claims impossibility; none
/// merely gives up.
pub const NO_SOLUTION: &[&str] = &[
    "no solution",
    "no solutions",
    "no valid solution",
    "no possible solution",
    "not solvable",
    "unsolvable",
    "impossible",
    "not possible",
    "cannot be made",
    "can't be made",
    "cannot be done",
    "can't be done",
    "cannot be solved",
    "can't be solved",
    "cannot be reached",
    "can't be reached",
    "cannot make",
    "can't make",
    "cannot reach",
    "can't reach",
    "no way to",
    "there is no way",
];

/// Words that, just before a phrase, take its claim back ("not
/// impossible").
const NEGATIONS: &[&str] = &["not", "n't", "never"];

/// What a task says of itself, as its row or answer line gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TaskFacts {
    /// Whether the task has a solution (`None`: not said).
    pub solvable: Option<bool>,
    /// For an unsolvable task of a game that scores near misses, the value
    /// nearest the target that some play reaches.
    pub closest: Option<Q>,
}

/// A reply's verdict and its points under the game's scoring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    pub verdict: Verdict,
    pub points: u32,
}

/// The phrase by which `reply` (a whole reply, or an answer as given)
/// says there is no solution, or `None` when it gives a play or claims
/// nothing (see the module doc).
pub fn says_no_solution(reply: &str) -> Option<&'static str> {
    match extract(reply) {
        Extraction::Found { answer, .. } => claim_in(&answer),
        // A hedge between two plays claims nothing.
        Extraction::NoAnswer(why) if why.starts_with("the reply gives two answers") => None,
        Extraction::NoAnswer(_) => claim_in(after_last_expression(reply)),
    }
}

/// The text of `reply` after the last expression it writes (all of it
/// when it writes none): a claim made before a candidate the reply then
/// rejects is not its last word.
fn after_last_expression(reply: &str) -> &str {
    let mut at = 0;
    let mut start = 0;
    for line in reply.split_inclusive('\n') {
        if let Some(e) = expression_in(line) {
            at = start + line.rfind(e.as_str()).map_or(line.len(), |i| i + e.len());
        }
        start += line.len();
    }
    &reply[at..]
}

/// The first phrase of [`NO_SOLUTION`] in `text` not taken back by a
/// negation, or `"none"` when the text is that word alone.
fn claim_in(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    let unwrapped = lower.replace("\\text", "");
    if unwrapped.trim_matches(|c: char| !c.is_alphanumeric()) == "none" {
        return Some("none");
    }
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '\'');
    let mut best: Option<(usize, &'static str)> = None;
    for &p in NO_SOLUTION {
        let mut from = 0;
        while let Some(i) = lower[from..].find(p) {
            let at = from + i;
            from = at + p.len();
            let (before, after) = (&lower[..at], &lower[at + p.len()..]);
            if word(before.chars().next_back()) || word(after.chars().next()) {
                continue;
            }
            let prev = before.trim_end();
            let negated = NEGATIONS.iter().any(|n| {
                prev.strip_suffix(n)
                    .is_some_and(|rest| *n == "n't" || !word(rest.chars().next_back()))
            });
            if !negated && best.is_none_or(|(b, _)| at < b) {
                best = Some((at, p));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// The verdict and points of a reply graded `v` for `target` under
/// `scoring`, given what the task says of itself and the phrase by which
/// the reply says there is no solution (`claim`, from
/// [`says_no_solution`]). With nothing said of the task, `v` and its
/// points as they are.
pub fn settle(
    v: Verdict,
    claim: Option<&str>,
    facts: TaskFacts,
    scoring: &Scoring,
    target: Q,
) -> Graded {
    let near_misses = scoring.rewards_near_misses();
    let wrong = |reason: String| Graded {
        verdict: Verdict {
            correct: false,
            reason: Some(reason),
            value: None,
            cards_used: Vec::new(),
            legal: false,
        },
        points: 0,
    };
    match (claim, facts.solvable) {
        (Some(_), None) => Graded {
            points: v.points(scoring, target),
            verdict: v,
        },
        (Some(p), Some(true)) => wrong(format!(
            "says there is no solution (\"{p}\"), but the task has one"
        )),
        (Some(_), Some(false)) => Graded {
            verdict: Verdict {
                correct: true,
                reason: None,
                value: None,
                cards_used: Vec::new(),
                legal: false,
            },
            points: scoring.best(),
        },
        (None, Some(false)) if near_misses && !v.correct => {
            let points = v.points(scoring, target);
            let nearest = match (v.legal, v.value, facts.closest) {
                (true, Some(x), Some(c)) => match (x.distance(target), c.distance(target)) {
                    (Some(dx), Some(dc)) => dx <= dc,
                    _ => false,
                },
                _ => false,
            };
            let verdict = match nearest {
                true => Verdict {
                    correct: true,
                    reason: None,
                    ..v
                },
                false => v,
            };
            Graded { verdict, points }
        }
        (None, _) => Graded {
            points: v.points(scoring, target),
            verdict: v,
        },
    }
}

/// [`settle`] of `v`, a grade of `text` (the reply, or the answer as
/// given): looks for the claim only when the task says whether it is
/// solvable, so that a reply to a task that says nothing is graded as
/// before at no extra cost.
pub fn settle_text(
    v: Verdict,
    text: &str,
    facts: TaskFacts,
    scoring: &Scoring,
    target: Q,
) -> Graded {
    let claim = match facts.solvable {
        Some(_) if !v.correct => says_no_solution(text),
        _ => None,
    };
    settle(v, claim, facts, scoring, target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::family::Band;
    use crate::game::grade::{Format, grade_as};
    use crate::game::presets;
    use crate::game::rules::{Rules, Use};

    const SAYS_NONE: &[&str] = &[
        "there is no solution",
        "There is no solution.",
        "I tried 8*3*1*1 but that is wrong. So there are no solutions.",
        "It is impossible to make 24 with these cards.",
        "Answer: no solution",
        "<answer>No solution</answer>",
        "<answer>impossible</answer>",
        "<answer>None</answer>",
        "\\boxed{\\text{no solution}}",
        "None",
        "After checking every pairing, 24 cannot be made from 1 1 1 1.",
        "This hand is unsolvable.",
        "I can't reach 24; it can't be done.",
    ];

    const SAYS_NOTHING: &[&str] = &[
        "I give up.",
        "I cannot find a solution.",
        "I don't know.",
        "8/(3-8/3)",
        "<answer>8/(3-8/3)</answer>",
        "It looked impossible at first, but the answer is 8/(3-8/3).",
        "Not impossible: 8/(3-8/3)",
        "It is not impossible, I just cannot find it.",
        "At first this seemed impossible. Try 8*3*1*1. No, that is wrong.",
        "There is no solution... or maybe it is 8*3 or 8+3.",
        "",
        "I know no solutions to this? 8/(3-8/3)",
    ];

    #[test]
    fn the_phrases_that_say_there_is_no_solution_and_those_that_do_not() {
        for r in SAYS_NONE {
            assert!(says_no_solution(r).is_some(), "{r:?} says there is none");
        }
        for r in SAYS_NOTHING {
            assert_eq!(says_no_solution(r), None, "{r:?} claims nothing");
        }
        assert_eq!(says_no_solution("No solution."), Some("no solution"));
        assert_eq!(
            says_no_solution("it is impossible, no solution"),
            Some("impossible")
        );
    }

    fn graded(game: &str, cards: &[i64], text: &str, target: i64, facts: TaskFacts) -> Graded {
        let g = presets::game(game).unwrap();
        let t = Q::int(target);
        let (v, _) = grade_as(cards, text, t, g.rules, g.uses, Format::Auto);
        settle_text(v, text, facts, &g.scoring, t)
    }

    const UNSOLVABLE: TaskFacts = TaskFacts {
        solvable: Some(false),
        closest: None,
    };
    const SOLVABLE: TaskFacts = TaskFacts {
        solvable: Some(true),
        closest: None,
    };

    #[test]
    fn no_solution_is_right_exactly_when_the_task_has_none() {
        // 1 1 1 1 has no solution for 24.
        let g = graded("24", &[1, 1, 1, 1], "no solution", 24, UNSOLVABLE);
        assert!(g.verdict.correct && g.verdict.reason.is_none(), "{g:?}");
        assert_eq!(g.points, 1);
        let g = graded("24", &[3, 3, 8, 8], "There is no solution.", 24, SOLVABLE);
        assert!(!g.verdict.correct);
        assert_eq!(
            g.verdict.reason.as_deref(),
            Some("says there is no solution (\"no solution\"), but the task has one")
        );
        assert_eq!(g.points, 0);
        // Nothing said of the task: graded as before (not an expression).
        let g = graded("24", &[1, 1, 1, 1], "no solution", 24, TaskFacts::default());
        assert!(!g.verdict.correct);
        assert!(g.verdict.reason.unwrap().starts_with("not an expression"));
        // A play on an unsolvable task is wrong, with its own reason.
        let g = graded("24", &[1, 1, 1, 1], "(1+1)*(1+1)", 24, UNSOLVABLE);
        assert_eq!(g.verdict.reason.as_deref(), Some("equals 4, not 24"));
        // A right answer stays right on a solvable task.
        let g = graded("24", &[3, 3, 8, 8], "8/(3-8/3)", 24, SOLVABLE);
        assert!(g.verdict.correct && g.points == 1);
    }

    #[test]
    fn in_countdown_no_solution_and_the_closest_play_are_both_right() {
        // The task's closest is what the solver found; settle takes it as
        // stated, so a made-up task does: closest 97 for 100.
        let facts = TaskFacts {
            solvable: Some(false),
            closest: Some(Q::int(97)),
        };
        let scoring = presets::game("countdown").unwrap().scoring;
        let t = Q::int(100);
        let cards = [1, 2, 3, 4, 5, 75];
        let play = |text: &str| {
            let (v, _) = grade_as(&cards, text, t, Rules::Natural, Use::Any, Format::Auto);
            settle_text(v, text, facts, &scoring, t)
        };
        let g = play("75+5*4+2");
        assert!(
            g.verdict.correct,
            "97 is as close as the task's closest: {g:?}"
        );
        assert_eq!((g.points, g.verdict.value), (7, Some(Q::int(97))));
        let g = play("75+5*4+3"); // 98: nearer than the stated closest, credited too
        assert!(g.verdict.correct && g.points == 7);
        let g = play("75+5*4"); // 95: 7 points by distance, not the closest
        assert!(!g.verdict.correct && g.points == 7);
        let g = play("75+5+4"); // 84: no points
        assert!(!g.verdict.correct && g.points == 0);
        // Saying there is none is the task's answer: right, the game's best.
        for reply in ["There is no solution.", "<answer>impossible</answer>"] {
            let g = play(reply);
            assert!(g.verdict.correct, "{reply}: {g:?}");
            assert_eq!((g.points, g.verdict.reason), (10, None), "{reply}");
        }
        // An illegal play scores nothing, however near.
        let g = play("75+5*4+2+2+2");
        assert!(!g.verdict.correct && g.points == 0);
    }

    #[test]
    fn settle_without_facts_changes_nothing() {
        let scoring = Scoring {
            bands: &[
                Band {
                    within: 0,
                    points: 3,
                },
                Band {
                    within: 10,
                    points: 2,
                },
            ],
            unit: "star",
        };
        let t = Q::int(50);
        for text in ["5*9", "5*10", "no solution", "5*9*9"] {
            let (v, _) = grade_as(
                &[5, 9, 10],
                text,
                t,
                Rules::Positive,
                Use::Any,
                Format::Auto,
            );
            let g = settle_text(v.clone(), text, TaskFacts::default(), &scoring, t);
            assert_eq!(g.points, v.points(&scoring, t), "{text}");
            assert_eq!(g.verdict, v, "{text}");
        }
    }
}
