//! The difficulty model: how hard a hand is for a person, from its solutions.
//!
//! Pure and deterministic: solutions in, numbers out. The model and its
//! worked examples are in docs/DIFFICULTY.md; in short:
//!
//! 1. **Complexity of one solution** ([`complexity`]): a person builds the
//!    solution one operation at a time, and every step has a cost in units of
//!    search effort. Familiar steps are cheap (adding, a times-table product,
//!    a final factor pair of the target like 3*8); unfamiliar ones are dear
//!    (making or using a fraction, a number far above the target, a negative
//!    number, ending in a subtraction or a division).
//! 2. **Effort of a hand** ([`assess`]): the dissimilar solutions of a hand
//!    race each other. A solution of complexity `c` is found at rate `e^-c`,
//!    so the first solution is found at the summed rate and the hand's effort
//!    is `E = -ln(sum of e^-c)` over dissimilar solutions (each at its
//!    easiest member). Many easy solutions make a hand easy; one solution
//!    through a fraction makes it hard.
//! 3. **Score and tier**: `difficulty = 100 / (1 + e^-((E - MIDPOINT) / SPREAD))`,
//!    from 0 to 100, and tiers cut the score into quarters.
//!
//! A hand without solutions has no difficulty (there is nothing to find):
//! [`assess`] returns `None`, and tables hold null.

use std::fmt;
use std::str::FromStr;

use crate::canon::{Class, Solutions};
use crate::game::error::InputError;
use crate::game::expr::{Expr, Op};
use crate::game::number::Q;

/// Effort of each operation inside a solution, indexed `+ - * /`. Adding up
/// is what everyone tries first; times-table products are recalled; a
/// difference or quotient needs the order right and a check that it comes out.
pub const STEP: [f64; 4] = [0.5, 1.5, 1.0, 2.0];

/// Effort of a neutral step, replacing its operation's: multiplying or
/// dividing by 1, adding or subtracting 0. A spare 1 is absorbed at a glance.
pub const NEUTRAL: f64 = 0.5;

/// Extra effort when the operation is the last one, indexed `+ - * /`. People
/// search backwards from the target through its factor pairs (24 = 3*8 =
/// 4*6 = 2*12), so a final product is what they look for first, a final sum
/// next; a final difference or quotient is a decomposition of the target they
/// rarely try.
pub const FINAL: [f64; 4] = [0.5, 1.5, 0.0, 2.5];

/// Effort of making a number that is not an integer: the person must hold a
/// fraction and trust that a later step clears it.
pub const MAKE_FRACTION: f64 = 3.0;

/// Effort of each operand that is not an integer (dividing by 1/4 is harder
/// than dividing by 4).
pub const USE_FRACTION: f64 = 1.5;

/// Effort of making a negative number, which people avoid.
pub const NEGATIVE: f64 = 2.0;

/// Effort per doubling of a result above the familiar scale (the target, or
/// 10 when the target is smaller) and above the step's operands: 7*7 = 49
/// before 49-25 is a detour.
pub const PER_DOUBLING: f64 = 2.0;

/// Effort of a step whose operands are both results of earlier steps: the
/// person holds one number in mind while building the other, where a running
/// total (3*8, then +1, then *1) holds nothing.
pub const HOLD: f64 = 1.0;

/// Effort at which a hand scores 50: about one subtraction-and-division line
/// with a large intermediate, such as 8*9/(10-7), or two quick lines with a
/// fraction each.
pub const MIDPOINT: f64 = 7.0;

/// Effort that moves the score from 50 to about 73 (one logistic unit): two
/// efforts apart by `SPREAD` differ by a factor e^2 (about 7) in expected
/// search time.
pub const SPREAD: f64 = 2.0;

/// How hard a hand is, by quarters of the difficulty score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Tier {
    /// Difficulty below 25.
    Easy,
    /// Difficulty 25 to below 50.
    Medium,
    /// Difficulty 50 to below 75.
    Hard,
    /// Difficulty 75 and above.
    Expert,
}

impl Tier {
    pub const ALL: [Tier; 4] = [Tier::Easy, Tier::Medium, Tier::Hard, Tier::Expert];

    /// The tier of a difficulty score.
    pub fn of(score: f64) -> Tier {
        match score {
            s if s < 25.0 => Tier::Easy,
            s if s < 50.0 => Tier::Medium,
            s if s < 75.0 => Tier::Hard,
            _ => Tier::Expert,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Tier::Easy => "easy",
            Tier::Medium => "medium",
            Tier::Hard => "hard",
            Tier::Expert => "expert",
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tier {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Tier, InputError> {
        Tier::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                InputError::Other(format!(
                    "unknown tier \"{s}\" (expected easy, medium, hard or expert)"
                ))
            })
    }
}

/// The difficulty of one solvable hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandDifficulty {
    /// Search effort `E` (natural log units; lower is easier, may be negative
    /// for hands with many easy solutions).
    pub effort: f64,
    /// Score from 0 (trivial) to 100 (hardest), rounded to 0.1.
    pub difficulty: f64,
    pub tier: Tier,
    /// Index into `Solutions::classes` of the easiest solution (lowest
    /// complexity, the first on a tie).
    pub easiest: usize,
}

/// The complexity of one solution for `target`: the summed effort of its
/// steps (see the constants of this module and docs/DIFFICULTY.md).
pub fn complexity(expr: &Expr, target: Q) -> f64 {
    let scale = target.abs().map_or(f64::MAX, Q::to_f64).max(10.0);
    let mut total = 0.0;
    walk(expr, scale, true, &mut total);
    total
}

/// The complexity of a solution class (of its representative).
pub fn class_complexity(class: &Class, target: Q) -> f64 {
    complexity(&class.expr, target)
}

/// Adds the effort of every step of `e` to `total` and returns its value, or
/// `None` when it cannot be evaluated (never for a solution).
fn walk(e: &Expr, scale: f64, last: bool, total: &mut f64) -> Option<Q> {
    let (op, l, r) = match e {
        Expr::Card(c) => return Some(Q::int(*c)),
        Expr::Bin(op, l, r) => (*op, l, r),
    };
    let a = walk(l, scale, false, total)?;
    let b = walk(r, scale, false, total)?;
    let v = op.apply(a, b)?;
    let i = op as usize;
    let neutral = match op {
        Op::Mul => a == Q::ONE || b == Q::ONE,
        Op::Div => b == Q::ONE,
        Op::Add => a.is_zero() || b.is_zero(),
        Op::Sub => b.is_zero(),
    };
    let mut cost = if neutral { NEUTRAL } else { STEP[i] };
    if matches!(**l, Expr::Bin(..)) && matches!(**r, Expr::Bin(..)) {
        cost += HOLD;
    }
    if last {
        cost += FINAL[i];
    }
    cost += USE_FRACTION * f64::from(u8::from(!a.is_integer()) + u8::from(!b.is_integer()));
    if !v.is_integer() {
        cost += MAKE_FRACTION;
    }
    if v.is_negative() {
        cost += NEGATIVE;
    }
    // Going up is the detour; coming back down (169-1 after 13*13) is an
    // ordinary step, so only a result above the scale and above both
    // operands pays for its size.
    let above = scale.max(a.to_f64().abs()).max(b.to_f64().abs());
    let size = v.to_f64().abs();
    if size > above {
        cost += PER_DOUBLING * (size / above).log2();
    }
    *total += cost;
    Some(v)
}

/// The difficulty of a hand with these solutions for `target`; `None` when
/// there is no solution.
pub fn assess(solutions: &Solutions, target: Q) -> Option<HandDifficulty> {
    let costs: Vec<f64> = solutions
        .classes
        .iter()
        .map(|c| class_complexity(c, target))
        .collect();
    let easiest = (0..costs.len()).min_by(|&i, &j| costs[i].total_cmp(&costs[j]))?;
    // Each dissimilar group is one solution to a player, found by its easiest
    // member. Groups are summed in index order so the float result does not
    // depend on anything but the solutions.
    let mut best = vec![f64::INFINITY; solutions.dissimilar.max(1) as usize];
    for (class, &c) in solutions.classes.iter().zip(&costs) {
        let g = class.dissimilar_group as usize;
        if g >= best.len() {
            best.resize(g + 1, f64::INFINITY);
        }
        best[g] = best[g].min(c);
    }
    let effort = effort_of(&best);
    let difficulty = score(effort);
    Some(HandDifficulty {
        effort,
        difficulty,
        tier: Tier::of(difficulty),
        easiest,
    })
}

/// `-ln(sum of e^-c)`, computed stably around the smallest cost.
fn effort_of(costs: &[f64]) -> f64 {
    let min = costs.iter().copied().fold(f64::INFINITY, f64::min);
    let sum: f64 = costs
        .iter()
        .filter(|c| c.is_finite())
        .map(|c| (min - c).exp())
        .sum();
    min - sum.ln()
}

/// The 0..100 score of an effort, rounded to 0.1 so that tables print it
/// exactly and ties are real ties.
pub fn score(effort: f64) -> f64 {
    let s = 100.0 / (1.0 + (-(effort - MIDPOINT) / SPREAD).exp());
    (s * 10.0).round() / 10.0
}

/// Places by difficulty, 1 the hardest, for a whole table: equal scores
/// share the better place and the next place skips ("1, 2, 2, 4"), so a
/// place never depends on row order. Hands without a score have no place.
pub fn ranks(scores: &[Option<f64>]) -> Vec<Option<u32>> {
    let mut order: Vec<(f64, usize)> = scores
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (s, i)))
        .collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out = vec![None; scores.len()];
    let mut place = 0;
    for (n, &(score, i)) in order.iter().enumerate() {
        if n == 0 || score != order[n - 1].0 {
            place = n as u32 + 1;
        }
        out[i] = Some(place);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::solutions;
    use crate::game::hand::Hand;
    use crate::game::rules::Rules;

    fn of(h: &str) -> HandDifficulty {
        let s = solutions(&Hand::parse(h).unwrap(), Q::int(24), Rules::Rational).unwrap();
        assess(&s, Q::int(24)).unwrap_or_else(|| panic!("{h} has a solution"))
    }

    const HARD: [&str; 6] = [
        "1 3 4 6", "3 3 8 8", "1 5 5 5", "2 5 5 10", "1 4 5 6", "3 7 9 13",
    ];
    const EASY: [&str; 2] = ["6 6 6 6", "1 1 4 6"];

    #[test]
    fn known_hard_hands_are_expert() {
        for h in HARD {
            let d = of(h);
            assert_eq!(d.tier, Tier::Expert, "{h}: {d:?}");
        }
    }

    #[test]
    fn known_easy_hands_are_easy() {
        for h in EASY {
            let d = of(h);
            assert_eq!(d.tier, Tier::Easy, "{h}: {d:?}");
        }
    }

    #[test]
    fn every_known_hard_hand_is_harder_than_every_known_easy_hand() {
        for h in HARD {
            for e in EASY {
                assert!(of(h).effort > of(e).effort + 5.0, "{h} vs {e}");
            }
        }
    }

    #[test]
    fn hand_1_1_4_6_is_easier_than_1_1_4_7() {
        // 4*6 with two spare ones against (7-1)*4*1: a subtraction more.
        assert!(of("1 1 4 6").effort < of("1 1 4 7").effort);
    }

    #[test]
    fn a_fraction_costs_more_than_a_large_intermediate() {
        // 6/(1-3/4) against (7*7-1)/2: both are the only solution.
        assert!(of("1 3 4 6").effort > of("1 2 7 7").effort);
    }

    #[test]
    fn dividing_by_a_fraction_is_harder_than_multiplying_one() {
        // 8/(3-8/3) and 6/(1-3/4) against (5-1/5)*5 and (5-2/10)*5.
        for hard in ["3 3 8 8", "1 3 4 6"] {
            for easier in ["1 5 5 5", "2 5 5 10"] {
                assert!(of(hard).effort > of(easier).effort, "{hard} vs {easier}");
            }
        }
        // 1 4 5 6 has two such lines (6/(5/4-1), 4/(1-5/6)), so it is found sooner.
        assert!(of("1 4 5 6").effort < of("1 3 4 6").effort);
    }

    #[test]
    fn easy_hands_rank_among_the_easiest_fifth_and_hard_among_the_hardest_tenth() {
        let mut all = Vec::new();
        for a in 1..=13 {
            for b in a..=13 {
                for c in b..=13 {
                    for d in c..=13 {
                        let h = Hand::new(vec![a, b, c, d]).unwrap();
                        let s = solutions(&h, Q::int(24), Rules::Rational).unwrap();
                        if let Some(x) = assess(&s, Q::int(24)) {
                            all.push((x.effort, h.to_string()));
                        }
                    }
                }
            }
        }
        assert_eq!(all.len(), 1362);
        all.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let place = |h: &str| all.iter().position(|x| x.1 == h).unwrap();
        for h in EASY {
            assert!(place(h) < all.len() / 5, "{h} at {}", place(h));
        }
        for h in HARD {
            assert!(
                place(h) >= all.len() - all.len() / 10,
                "{h} at {}",
                place(h)
            );
        }
    }

    #[test]
    fn unsolvable_hand_has_no_difficulty() {
        let s = solutions(
            &Hand::parse("1 1 1 1").unwrap(),
            Q::int(24),
            Rules::Rational,
        )
        .unwrap();
        assert_eq!(assess(&s, Q::int(24)), None);
    }

    #[test]
    fn complexity_of_a_factor_pair_is_small() {
        let q = |s: &str| complexity(&Expr::parse(s).unwrap(), Q::int(24));
        // 3*8: one product, the final factor pair.
        assert_eq!(q("3*8"), 1.0);
        // 6/(1-3/4): a fraction made twice and used twice, a final quotient.
        assert!(q("6/(1-3/4)") > 3.0 * q("(1+2+3)*4"));
        // 7*7-25 pays for going to 49 (about one doubling above 24).
        assert!(q("7*7-25") > q("7*3+3"));
    }

    #[test]
    fn defined_for_other_sizes_and_targets() {
        for (h, t) in [
            ("5", 5),
            ("2 3", 6),
            ("1 2 3 4 5", 24),
            ("1 2 3 4 5 6", 100),
            ("3 4", 1),
        ] {
            let s = solutions(&Hand::parse(h).unwrap(), Q::int(t), Rules::Rational).unwrap();
            let d = assess(&s, Q::int(t)).unwrap();
            assert!((0.0..=100.0).contains(&d.difficulty), "{h} -> {t}: {d:?}");
        }
    }

    #[test]
    fn worked_examples_of_docs_difficulty_md() {
        // (hand, effort to 0.01, score, tier) exactly as docs/DIFFICULTY.md states them.
        let cases = [
            ("6 6 6 6", 1.99, 7.6, Tier::Easy),
            ("1 2 3 4", 1.32, 5.5, Tier::Easy),
            ("1 1 4 6", 2.00, 7.6, Tier::Easy),
            ("3 7 9 13", 10.15, 82.8, Tier::Expert),
            ("1 5 5 5", 13.50, 96.3, Tier::Expert),
            ("3 3 8 8", 17.00, 99.3, Tier::Expert),
            ("1 3 4 6", 17.00, 99.3, Tier::Expert),
            ("1 4 5 6", 16.31, 99.1, Tier::Expert),
        ];
        for (h, effort, score, tier) in cases {
            let d = of(h);
            assert_eq!((d.effort * 100.0).round() / 100.0, effort, "{h}");
            assert_eq!((d.difficulty, d.tier), (score, tier), "{h}");
        }
        let q = |s: &str| complexity(&Expr::parse(s).unwrap(), Q::int(24));
        assert_eq!((q("7*9-3*13") * 100.0).round() / 100.0, 10.19);
        assert_eq!((q("6*6-6-6") * 100.0).round() / 100.0, 6.67);
    }

    #[test]
    fn ranks_put_the_hardest_first_and_share_places_on_ties() {
        let r = ranks(&[Some(10.0), None, Some(95.3), Some(50.0), Some(95.3)]);
        assert_eq!(r, [Some(4), None, Some(1), Some(3), Some(1)]);
    }

    #[test]
    fn tiers_cut_the_score_into_quarters() {
        assert_eq!(Tier::of(0.0), Tier::Easy);
        assert_eq!(Tier::of(24.9), Tier::Easy);
        assert_eq!(Tier::of(25.0), Tier::Medium);
        assert_eq!(Tier::of(50.0), Tier::Hard);
        assert_eq!(Tier::of(75.0), Tier::Expert);
        assert_eq!("hard".parse::<Tier>().unwrap(), Tier::Hard);
        assert!(
            "brutal"
                .parse::<Tier>()
                .unwrap_err()
                .to_string()
                .contains("\"brutal\"")
        );
    }
}
