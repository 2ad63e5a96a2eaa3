//! The operations a hand needs, as educators sort problems for young pupils:
//! adding and subtracting, then multiplying, then dividing, then fractions.
//!
//! A hand's class is the smallest one among its solutions:
//!
//! - `add-sub`: some solution uses only `+` and `-`;
//! - `product`: some solution uses only `+ - *`, none only `+ -`;
//! - `division`: every solution divides, and some keeps every intermediate
//!   an integer;
//! - `fraction`: every solution passes through a non-integer (the table's
//!   `needs_fraction`).
//!
//! It is derived from the tables as they are, with no column of its own: the
//! operation counts of each structural class (`solutions.parquet`) and the
//! hand's `integer_solvable`. The counts of a class's representative stand
//! for the whole class because, each card being used once, an expression
//! with `*` or `/` is never equal (as a function of its cards) to one with
//! only `+ -`, and one with `/` never to one without: so every expression of
//! a class uses the same of these operations. Whether an integer-only
//! expression exists is not a class property (`8/3*9` and `8*9/3` are one
//! class), which is why `division` against `fraction` reads
//! `integer_solvable`, decided by the solver under integer rules.

use crate::game::error::InputError;
use crate::game::named::named;

named! {
    /// The smallest set of operations a solution of a hand can get by with.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Ops {
        /// Some solution uses only + and -.
        #[cfg_attr(feature = "cli", value(name = "add-sub"))]
        AddSub => "add-sub",
        /// Some solution uses only + - *, none only + and -.
        Product => "product",
        /// Every solution divides; some keeps every intermediate an integer.
        Division => "division",
        /// Every solution passes through a non-integer.
        Fraction => "fraction",
    }
    impl FromStr else InputError::unknown("operations");
}

impl Ops {
    /// The operations a solution of this class may use, as a puzzle sheet
    /// names them.
    pub fn signs(self) -> &'static str {
        match self {
            Ops::AddSub => "+ and \u{2212}",
            Ops::Product => "+ \u{2212} and \u{d7}",
            Ops::Division | Ops::Fraction => "+ \u{2212} \u{d7} \u{f7}",
        }
    }

    /// The operations an answer may use in a set of hands that need one of
    /// `chosen` (every operation when `chosen` is empty): the largest class
    /// chosen, so that an `add-sub` set is answered with `+` and `-` only.
    pub fn allowed(chosen: &[Ops]) -> Ops {
        chosen.iter().copied().max().unwrap_or(Ops::Fraction)
    }

    /// The class of a hand whose structural classes use `op_counts` (uses
    /// of `+ - * /` each, one entry per class) and that is, or is not,
    /// `integer_solvable`; `None` when it has no solution.
    pub fn needed(
        op_counts: impl IntoIterator<Item = [u32; 4]>,
        integer_solvable: bool,
    ) -> Option<Ops> {
        Ops::of_least(
            op_counts.into_iter().map(Ops::of_class).min(),
            integer_solvable,
        )
    }

    /// The operations one structural class uses, from its uses of
    /// `+ - * /`: `add-sub`, `product` or `division` (a fraction is not a
    /// class property).
    pub fn of_class([_, _, muls, divs]: [u32; 4]) -> Ops {
        match (muls, divs) {
            (0, 0) => Ops::AddSub,
            (_, 0) => Ops::Product,
            _ => Ops::Division,
        }
    }

    /// [`Ops::needed`] from the least [`Ops::of_class`] over the hand's
    /// classes (`None` when it has none), for callers that fold the
    /// classes themselves.
    pub fn of_least(least: Option<Ops>, integer_solvable: bool) -> Option<Ops> {
        Some(match least? {
            Ops::Division if !integer_solvable => Ops::Fraction,
            other => other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::Q;
    use crate::game::rules::Rules;
    use crate::tables::enumerate::{Deck, ValueRange, total_ways};
    use crate::tables::rows::{RowSpec, hand_rows};
    use crate::{Hand, Op};

    /// Whether `values` can make `target` using each once, with only the
    /// operations in `ops`, every intermediate an integer when `integer`:
    /// a brute force over every pair of values, independent of the solver
    /// and of canonical forms.
    fn reaches(values: &[Q], target: Q, ops: &[Op], integer: bool) -> bool {
        if values.len() == 1 {
            return values[0] == target;
        }
        for i in 0..values.len() {
            for j in 0..values.len() {
                if i == j {
                    continue;
                }
                let rest: Vec<Q> = (0..values.len())
                    .filter(|&m| m != i && m != j)
                    .map(|m| values[m])
                    .collect();
                for &op in ops {
                    let Some(v) = op.apply(values[i], values[j]) else {
                        continue;
                    };
                    if integer && !v.is_integer() {
                        continue;
                    }
                    let mut next = rest.clone();
                    next.push(v);
                    if reaches(&next, target, ops, integer) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The class by brute force: the first operation set that reaches 24.
    fn brute(cards: &[i64]) -> Option<Ops> {
        let q: Vec<Q> = cards.iter().map(|&c| Q::int(c)).collect();
        let t = Q::int(24);
        use Op::*;
        if reaches(&q, t, &[Add, Sub], true) {
            Some(Ops::AddSub)
        } else if reaches(&q, t, &[Add, Sub, Mul], true) {
            Some(Ops::Product)
        } else if reaches(&q, t, &[Add, Sub, Mul, Div], true) {
            Some(Ops::Division)
        } else if reaches(&q, t, &[Add, Sub, Mul, Div], false) {
            Some(Ops::Fraction)
        } else {
            None
        }
    }

    fn from_rows(cards: &[i64]) -> Option<Ops> {
        let values = ValueRange::new(1, 13).unwrap();
        let spec = RowSpec {
            target: Q::int(24),
            rules: Rules::Rational,
            deck: Deck::Copies(4),
            total_ways: total_ways(cards.len(), values, Deck::Copies(4)).unwrap(),
            solutions: true,
        };
        let (hand, sols) = hand_rows(&Hand::new(cards.to_vec()).unwrap(), &spec).unwrap();
        Ops::needed(
            sols.iter().map(|s| s.facts.op_counts),
            hand.integer_solvable,
        )
    }

    #[test]
    fn named_hands_need_what_a_teacher_expects() {
        assert_eq!(from_rows(&[6, 6, 6, 6]), Some(Ops::AddSub));
        assert_eq!(from_rows(&[5, 6, 6, 7]), Some(Ops::AddSub));
        assert_eq!(from_rows(&[1, 2, 3, 4]), Some(Ops::Product));
        assert_eq!(from_rows(&[1, 1, 1, 8]), Some(Ops::Product));
        assert_eq!(from_rows(&[3, 7, 9, 13]), Some(Ops::Product));
        assert_eq!(from_rows(&[3, 3, 8, 8]), Some(Ops::Fraction));
        assert_eq!(from_rows(&[1, 1, 1, 1]), None);
    }

    #[test]
    fn the_class_from_the_rows_agrees_with_a_brute_force() {
        // Every four-card hand of a few small and large values, plus the
        // division hands found among them.
        let mut seen = [0usize; 4];
        let values = [1, 2, 3, 4, 6, 8, 11, 12, 13];
        for a in 0..values.len() {
            for b in a..values.len() {
                for c in b..values.len() {
                    for d in c..values.len() {
                        let cards = [values[a], values[b], values[c], values[d]];
                        let got = from_rows(&cards);
                        assert_eq!(got, brute(&cards), "{cards:?}");
                        if let Some(o) = got {
                            seen[o as usize] += 1;
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "every class occurs: {seen:?}");
    }

    #[test]
    fn names_round_trip_and_bad_names_are_named() {
        for o in Ops::ALL {
            assert_eq!(o.name().parse::<Ops>().unwrap(), o);
        }
        let err = "times".parse::<Ops>().unwrap_err().to_string();
        assert!(err.contains("\"times\""), "{err}");
    }

    #[test]
    fn classes_parse_by_name() {
        for o in Ops::ALL {
            assert_eq!(o.name().parse::<Ops>(), Ok(o));
        }
        assert_eq!(
            "add_sub".parse::<Ops>().unwrap_err().to_string(),
            "unknown operations \"add_sub\" (expected add-sub, product, division or fraction)"
        );
    }
}
