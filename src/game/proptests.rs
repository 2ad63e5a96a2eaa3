//! Property tests of the game layer over generated expression trees, and the
//! tree strategy the other layers' property tests share.
//!
//! Trees come from a recursive proptest strategy rather than a seeded random
//! generator, so a failure shrinks to a small tree and small cards.

use proptest::prelude::*;

use crate::game::expr::{Expr, Op};
use crate::game::number::Q;

/// An operation; shrinks towards `+`.
pub(crate) fn op() -> impl Strategy<Value = Op> {
    prop::sample::select(Op::ALL.to_vec())
}

/// Every expression tree that uses each of `cards` once, in any order and
/// shape: the cards are shuffled, split in two at any point, and each side
/// built the same way.
pub(crate) fn expr_over(cards: Vec<i64>) -> BoxedStrategy<Expr> {
    Just(cards).prop_shuffle().prop_flat_map(tree).boxed()
}

/// A tree over `cards` in their given order (the shape and operations vary).
fn tree(cards: Vec<i64>) -> BoxedStrategy<Expr> {
    if cards.len() == 1 {
        return Just(Expr::Card(cards[0])).boxed();
    }
    (1..cards.len())
        .prop_flat_map(move |cut| {
            let (l, r) = cards.split_at(cut);
            (op(), tree(l.to_vec()), tree(r.to_vec()))
        })
        .prop_map(|(op, l, r)| Expr::bin(op, l, r))
        .boxed()
}

/// One to six cards, often repeated, sometimes zero or negative.
pub(crate) fn cards() -> impl Strategy<Value = Vec<i64>> {
    prop_oneof![
        prop::collection::vec(1i64..=4, 1..=6),
        prop::collection::vec(1i64..=13, 1..=6),
        prop::collection::vec(-3i64..=3, 1..=5),
    ]
}

/// A tree over generated cards.
pub(crate) fn expr() -> impl Strategy<Value = Expr> {
    cards().prop_flat_map(expr_over)
}

/// The exact value of `n/d` in lowest terms with a positive denominator, in
/// i128, or `None` for a zero denominator.
fn reduced(n: i128, d: i128) -> Option<(i128, i128)> {
    if d == 0 {
        return None;
    }
    let (mut a, mut b) = (n.abs(), d.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    let s = if d < 0 { -1 } else { 1 };
    Some((s * n / g, s * d / g))
}

/// What `Q` must answer for `x op y`: the exact i128 result when it fits i64,
/// `None` when it does not (or on division by zero).
fn expected(op: Op, x: (i64, i64), y: (i64, i64)) -> Option<(i64, i64)> {
    let (a, b, c, d) = (x.0 as i128, x.1 as i128, y.0 as i128, y.1 as i128);
    let (n, m) = match op {
        Op::Add => reduced(a * d + c * b, b * d)?,
        Op::Sub => reduced(a * d - c * b, b * d)?,
        Op::Mul => reduced(a * c, b * d)?,
        Op::Div => reduced(a * d, b * c)?,
    };
    Some((i64::try_from(n).ok()?, i64::try_from(m).ok()?))
}

fn fraction() -> impl Strategy<Value = (i64, i64)> {
    let num = prop_oneof![
        -1000i64..=1000,
        any::<i64>(),
        Just(i64::MIN),
        Just(i64::MAX)
    ];
    let den = prop_oneof![1i64..=1000, 1i64..=i64::MAX];
    (num, den)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn q_agrees_with_i128_arithmetic(x in fraction(), y in fraction(), op in op()) {
        let (Some(qx), Some(qy)) = (Q::new(x.0, x.1), Q::new(y.0, y.1)) else {
            return Ok(());
        };
        let want = expected(op, (qx.numer(), qx.denom()), (qy.numer(), qy.denom()));
        let got = op.apply(qx, qy).map(|q| (q.numer(), q.denom()));
        prop_assert_eq!(got, want, "{} {:?} {}", qx, op, qy);
    }

    #[test]
    fn printed_trees_parse_back_to_the_same_value_and_cards(e in expr(), unicode in any::<bool>()) {
        let text = e.to_infix(unicode);
        let back = Expr::parse(&text).expect("printed expressions parse");
        prop_assert_eq!(back.cards(), e.cards(), "{}", text);
        prop_assert_eq!(back.eval(), e.eval(), "{}", text);
        // Printing is a fixed point: what was read prints the same again.
        prop_assert_eq!(back.to_infix(unicode), text);
    }
}
