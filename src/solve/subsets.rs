//! Any-subset play (`--use any`, the Countdown numbers round): the target is
//! reached when some non-empty sub-multiset of the hand reaches it, each card
//! used at most once.
//!
//! One exact [`Solver`] answers for every sub-multiset of the hand, so the
//! value tables of small subsets and the memo of failed questions are built
//! once and shared: the sub-multisets are the very subsets the solver
//! tabulates or questions on its way to the whole hand. Sub-multisets are
//! tried fewest cards first, then in ascending order of their cards
//! ([`selection_order`]), so the solution given uses as few cards as any
//! solution does and is the same on every run. A "no solution" answer is a
//! proof by exhaustion: every sub-multiset was decided exhaustively.
//!
//! With `--closest`, searching the whole hand tabulates every proper
//! sub-multiset, so the closest value of each of those is a binary search in
//! its table.

use std::cmp::Ordering;

use crate::game::error::InputError;
use crate::game::hand::{Hand, MAX_EXACT_CARDS};
use crate::game::number::Q;
use crate::game::rules::{Rules, Use};

use super::exact::{Closest, Exhausted, Outcome, Solver, out_of_height};

/// Any-subset play: an expression over some non-empty sub-multiset of `hand`
/// worth `target` (the fewest cards, then the first sub-multiset in
/// [`selection_order`]); when there is none and `mode` asks for it, the value
/// of any sub-multiset closest to the target (on a tie in value, again the
/// fewest cards first). Hands of at most [`MAX_EXACT_CARDS`] cards; at most `steps` steps of the
/// search.
pub fn solve_selection(
    hand: &Hand,
    target: Q,
    rules: Rules,
    mode: Closest,
    steps: u64,
) -> Result<Outcome, InputError> {
    hand.check_size(MAX_EXACT_CARDS, "use any")?;
    let mut s = Solver::new(hand, target, rules)?;
    s.budget = steps;
    let too_hard = |s: &Solver| s.too_hard(hand, target, steps, Use::Any);
    let masks = canonical_masks(&s);
    // A target too large for the whole hand is too large for every part of
    // it: a sub-multiset's height bound divides the hand's.
    if !out_of_height(hand.cards(), target) {
        for &m in &masks {
            if let Some(e) = s.decide(m, target).map_err(|Exhausted| too_hard(&s))? {
                return Ok(Outcome {
                    value: Some(target),
                    expr: Some(e),
                });
            }
        }
    }
    if mode == Closest::Exact {
        return Ok(Outcome {
            value: None,
            expr: None,
        });
    }
    let full = s.full;
    let whole = s
        .closest_in(full, target, mode)
        .map_err(|Exhausted| too_hard(&s))?;
    // (value, rank of the sub-multiset in `masks`, index in its table); the
    // whole hand is the last rank and keeps its expression aside.
    let mut best: Option<(Q, usize, usize)> = None;
    let last = masks.len() - 1;
    if let Some((v, _)) = &whole {
        best = Some((*v, last, 0));
    }
    for (rank, &m) in masks[..last].iter().enumerate() {
        s.materialize(m).map_err(|Exhausted| too_hard(&s))?;
        let vals = &s.set(m).vals;
        let p = vals.partition_point(|&v| v < target);
        let near = match mode {
            Closest::Below => [p.checked_sub(1), None],
            _ => [p.checked_sub(1), Some(p)],
        };
        for i in near.into_iter().flatten().filter(|&i| i < vals.len()) {
            let v = vals[i];
            if closer(v, rank, best.map(|b| (b.0, b.1)), target, mode) {
                best = Some((v, rank, i));
            }
        }
    }
    Ok(match best {
        None => Outcome {
            value: None,
            expr: None,
        },
        Some((v, rank, _)) if rank == last => Outcome {
            value: Some(v),
            expr: whole.map(|w| w.1),
        },
        Some((v, rank, i)) => Outcome {
            value: Some(v),
            expr: Some(s.rebuild(masks[rank], i)),
        },
    })
}

/// Whether value `v` of the sub-multiset ranked `rank` beats `cur`: nearer
/// the target (and not above it for [`Closest::Below`]), then the smaller
/// value, then the earlier sub-multiset.
fn closer(v: Q, rank: usize, cur: Option<(Q, usize)>, t: Q, mode: Closest) -> bool {
    if mode == Closest::Below && v > t {
        return false;
    }
    let Some((c, crank)) = cur else { return true };
    let key = |x: Q| x.distance(t).expect("bounded by the range check");
    (key(v), v, rank) < (key(c), c, crank)
}

/// The canonical masks of the solver's hand (one per distinct non-empty
/// sub-multiset) in [`selection_order`].
fn canonical_masks(s: &Solver) -> Vec<u16> {
    let mut masks: Vec<(Vec<i64>, u16)> = (1..=s.full)
        .filter(|&m| s.canon[m as usize] == m)
        .map(|m| (cards_of(&s.cards, m), m))
        .collect();
    masks.sort_by(|a, b| selection_order(&a.0, &b.0));
    masks.into_iter().map(|(_, m)| m).collect()
}

fn cards_of(cards: &[i64], mask: u16) -> Vec<i64> {
    (0..cards.len())
        .filter(|&i| mask >> i & 1 == 1)
        .map(|i| cards[i])
        .collect()
}

/// The order in which sub-multisets (sorted card lists) are tried and
/// listed: fewer cards first, then ascending card by card.
pub fn selection_order(a: &[i64], b: &[i64]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// Every distinct non-empty sub-multiset of `hand`, in [`selection_order`]:
/// `2 2 3` gives `2`, `3`, `2 2`, `2 3`, `2 2 3`. Hands of at most
/// [`MAX_EXACT_CARDS`] cards.
pub fn sub_hands(hand: &Hand) -> Result<Vec<Hand>, InputError> {
    hand.check_size(MAX_EXACT_CARDS, "use any")?;
    let cards = hand.cards();
    let mut subs: Vec<Vec<i64>> = (1u32..1 << cards.len())
        .map(|m| cards_of(cards, m as u16))
        .collect();
    subs.sort_by(|a, b| selection_order(a, b));
    subs.dedup();
    subs.into_iter().map(Hand::new).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::exact::MAX_STEPS;

    fn hand(s: &str) -> Hand {
        Hand::parse(s).unwrap()
    }

    #[test]
    fn sub_hands_are_distinct_and_fewest_first() {
        let subs: Vec<String> = sub_hands(&hand("3 2 2"))
            .unwrap()
            .iter()
            .map(Hand::to_string)
            .collect();
        assert_eq!(subs, ["2", "3", "2 2", "2 3", "2 2 3"]);
    }

    #[test]
    fn countdown_952_uses_a_subset_or_all() {
        let h = hand("100 75 50 25 6 3");
        let out =
            solve_selection(&h, Q::int(952), Rules::Natural, Closest::Exact, MAX_STEPS).unwrap();
        let e = out.expr.unwrap();
        assert_eq!(e.eval_under(Rules::Natural), Ok(Q::int(952)));
        assert!(is_sub_multiset(&e.cards(), h.cards()), "{e}");
    }

    #[test]
    fn fewest_cards_win() {
        // 25 alone is the target: no card is combined.
        let h = hand("1 2 3 25");
        let out =
            solve_selection(&h, Q::int(25), Rules::Natural, Closest::Nearest, MAX_STEPS).unwrap();
        assert_eq!(out.expr.unwrap().to_string(), "25");
        // 2*3 = 6 before 1+2+3 = 6.
        let out = solve_selection(
            &hand("1 2 3"),
            Q::int(6),
            Rules::Natural,
            Closest::Exact,
            MAX_STEPS,
        )
        .unwrap();
        assert_eq!(out.expr.unwrap().cards(), [2, 3]);
    }

    #[test]
    fn only_a_strict_subset_reaches() {
        // 2 2 2 cannot make 4 with all three cards, but 2+2 can.
        let h = hand("2 2 2");
        let all =
            super::super::solve_closest(&h, Q::int(4), Rules::Natural, Closest::Exact).unwrap();
        assert_eq!(all.value, None);
        let any =
            solve_selection(&h, Q::int(4), Rules::Natural, Closest::Exact, MAX_STEPS).unwrap();
        assert_eq!(any.expr.unwrap().cards(), [2, 2]);
    }

    #[test]
    fn closest_over_every_sub_multiset() {
        // 7 3 cannot make 11 (10, 21, 4, 7/3, ...); 10 and the card 7 are
        // values of sub-multisets.
        let h = hand("3 7");
        let near =
            solve_selection(&h, Q::int(11), Rules::Rational, Closest::Nearest, MAX_STEPS).unwrap();
        assert_eq!(near.value, Some(Q::int(10)));
        let below =
            solve_selection(&h, Q::int(9), Rules::Natural, Closest::Below, MAX_STEPS).unwrap();
        assert_eq!(below.value, Some(Q::int(7)));
        assert_eq!(below.expr.unwrap().to_string(), "7");
        // Nothing at all below: 5 6 makes 1, 5, 6, 11 and 30.
        let none = solve_selection(
            &hand("5 6"),
            Q::ZERO,
            Rules::Natural,
            Closest::Below,
            MAX_STEPS,
        )
        .unwrap();
        assert_eq!((none.value, none.expr), (None, None));
    }

    #[test]
    fn more_than_twelve_cards_are_refused() {
        let h = hand("1 2 3 4 5 6 7 8 9 10 11 12 13");
        let err =
            solve_selection(&h, Q::int(24), Rules::Natural, Closest::Exact, MAX_STEPS).unwrap_err();
        assert_eq!(
            err.to_string(),
            "13 cards given, but use any takes at most 12"
        );
    }

    fn is_sub_multiset(part: &[i64], whole: &[i64]) -> bool {
        let mut rest = whole.to_vec();
        part.iter().all(|c| match rest.iter().position(|x| x == c) {
            Some(i) => {
                rest.swap_remove(i);
                true
            }
            None => false,
        })
    }
}
