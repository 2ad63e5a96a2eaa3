//! Effort: the hand-priced search model that census24 used as its
//! difficulty before the calibrated one, kept as one input of it and for the
//! per-solution `complexity` column.
//!
//! 1. **Complexity of one solution** ([`complexity`]): a person builds the
//!    solution one operation at a time, and every step has a cost in units of
//!    search effort. Familiar steps are cheap (adding, a times-table product,
//!    a final factor pair of the target like 3*8); unfamiliar ones are dear
//!    (making or using a fraction, a number far above the target, a negative
//!    number, ending in a subtraction or a division).
//! 2. **Effort of a hand** ([`effort`]): the dissimilar solutions of a hand
//!    race each other. A solution of complexity `c` is found at rate `e^-c`,
//!    so the first solution is found at the summed rate and the hand's effort
//!    is `E = -ln(sum of e^-c)` over dissimilar solutions (each at its
//!    easiest member).
//!
//! The constants are stated, not fitted; docs/DIFFICULTY.md gives them with
//! their reasons.

use crate::canon::{Class, Sketch, Solutions};
use crate::game::expr::{Expr, Node, Op, Shape};
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

/// The effort of one solvable hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandEffort {
    /// Search effort `E` (natural log units; lower is easier, may be negative
    /// for hands with many easy solutions).
    pub effort: f64,
    /// Index into the classes priced (`Solutions::classes`, or a
    /// [`Sketch`]'s in the order found) of the easiest solution (lowest
    /// complexity, the first on a tie).
    pub easiest: usize,
}

/// The complexity of one solution for `target`: the summed effort of its
/// steps (see the constants of this module and docs/DIFFICULTY.md).
pub fn complexity(expr: &Expr, target: Q) -> f64 {
    complexity_of(expr, target)
}

/// [`complexity`] of a tree held anywhere ([`Node`]): the same sum, step by
/// step in the same order.
pub fn complexity_of<N: Node>(n: N, target: Q) -> f64 {
    let scale = target.abs().map_or(f64::MAX, Q::to_f64).max(10.0);
    let mut total = 0.0;
    walk(n, scale, true, &mut total);
    total
}

/// The complexity of a solution class (of its representative).
pub fn class_complexity(class: &Class, target: Q) -> f64 {
    complexity(&class.expr, target)
}

/// Adds the effort of every step of `e` to `total` and returns its value, or
/// `None` when it cannot be evaluated (never for a solution).
fn walk<N: Node>(e: N, scale: f64, last: bool, total: &mut f64) -> Option<Q> {
    let (op, l, r) = match e.shape() {
        Shape::Card(c) => return Some(Q::int(c)),
        Shape::Bin(op, l, r) => (op, l, r),
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
    if matches!(l.shape(), Shape::Bin(..)) && matches!(r.shape(), Shape::Bin(..)) {
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
    let above = scale.max(magnitude(a)).max(magnitude(b));
    let size = magnitude(v);
    if size > above {
        cost += PER_DOUBLING * (size / above).log2();
    }
    *total += cost;
    Some(v)
}

/// `|q|` as a float, [`Q::to_f64`]'s value without its division when `q`
/// is whole (dividing by 1.0 is exact, so the value is the same).
#[inline]
fn magnitude(q: Q) -> f64 {
    if q.is_integer() {
        (q.numer() as f64).abs()
    } else {
        q.to_f64().abs()
    }
}

/// The effort of a hand with these solutions for `target`; `None` when
/// there is no solution.
pub fn effort(solutions: &Solutions, target: Q) -> Option<HandEffort> {
    effort_with(solutions, &costs(solutions, target))
}

/// The complexity of every class of `solutions` for `target`, in order.
pub fn costs(solutions: &Solutions, target: Q) -> Vec<f64> {
    solutions
        .classes
        .iter()
        .map(|c| class_complexity(c, target))
        .collect()
}

/// The complexity of every class of `sketch` for `target`, in order: the
/// same figures as [`costs`] of its solutions.
pub fn sketch_costs(sketch: &Sketch, target: Q) -> Vec<f64> {
    sketch
        .roots
        .iter()
        .map(|&r| complexity_of(sketch.trees.node(r), target))
        .collect()
}

/// [`effort`] with the complexity of each class already known (`costs`,
/// from [`costs`]): a sweep prices each class once for both the solutions
/// table and the hand's effort.
pub fn effort_with(solutions: &Solutions, costs: &[f64]) -> Option<HandEffort> {
    let groups = solutions.classes.iter().map(|c| c.dissimilar_group);
    effort_of_groups(groups, solutions.dissimilar, costs)
}

/// [`effort_with`] of classes in these dissimilar `groups` (of `dissimilar`).
pub fn effort_of_groups(
    groups: impl Iterator<Item = u32>,
    dissimilar: u32,
    costs: &[f64],
) -> Option<HandEffort> {
    let easiest = (0..costs.len()).min_by(|&i, &j| costs[i].total_cmp(&costs[j]))?;
    // Each dissimilar group is one solution to a player, found by its easiest
    // member. Groups are summed in index order so the float result does not
    // depend on anything but the solutions.
    let mut best = vec![f64::INFINITY; dissimilar.max(1) as usize];
    for (group, &c) in groups.zip(costs) {
        let g = group as usize;
        if g >= best.len() {
            best.resize(g + 1, f64::INFINITY);
        }
        best[g] = best[g].min(c);
    }
    Some(HandEffort {
        effort: effort_of(&best),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::solutions;
    use crate::game::hand::Hand;
    use crate::game::rules::Rules;

    fn of(h: &str) -> HandEffort {
        let s = solutions(&Hand::parse(h).unwrap(), Q::int(24), Rules::Rational).unwrap();
        effort(&s, Q::int(24)).unwrap_or_else(|| panic!("{h} has a solution"))
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
    fn unsolvable_hand_has_no_effort() {
        let s = solutions(
            &Hand::parse("1 1 1 1").unwrap(),
            Q::int(24),
            Rules::Rational,
        )
        .unwrap();
        assert_eq!(effort(&s, Q::int(24)), None);
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
    fn worked_examples_of_docs_difficulty_md() {
        // (hand, effort to 0.01) exactly as docs/DIFFICULTY.md states them.
        let cases = [
            ("6 6 6 6", 1.99),
            ("1 2 3 4", 1.32),
            ("1 1 4 6", 2.00),
            ("3 7 9 13", 10.15),
            ("1 5 5 5", 13.50),
            ("3 3 8 8", 17.00),
            ("1 3 4 6", 17.00),
            ("1 4 5 6", 16.31),
        ];
        for (h, e) in cases {
            assert_eq!((of(h).effort * 100.0).round() / 100.0, e, "{h}");
        }
        let q = |s: &str| complexity(&Expr::parse(s).unwrap(), Q::int(24));
        assert_eq!((q("7*9-3*13") * 100.0).round() / 100.0, 10.19);
        assert_eq!((q("6*6-6-6") * 100.0).round() / 100.0, 6.67);
    }
}
