//! Every hand of a sweep: the multisets of K card values from a range, with at
//! most N copies of each value (the deck), in sorted order, and the odds of
//! being dealt each one.
//!
//! The order is lexicographic on the sorted cards (`1 1 1 1`, `1 1 1 2`, ...),
//! which is the row order of every table; a shard is a contiguous slice of it.

pub use crate::game::deck::{Deck, MAX_COPIES, RangeError, VALUE_LIMIT, ValueRange};

/// The most hands one sweep lists. The list is built before solving (sorted
/// order makes chunks and shards), at about a hundred bytes a hand, and a
/// sweep of ten million 12-card hands would take days on two cores anyway.
pub const MAX_SWEEP_HANDS: u128 = 10_000_000;

/// The values a deck deals with the most copies of each a hand may hold:
/// `values` with the deck's cap (or `k` for an unlimited deck), or an
/// explicit deck's own values and copies.
fn supply(k: usize, values: ValueRange, deck: Deck) -> Vec<(i64, usize)> {
    match deck {
        Deck::Multiset(m) => m.pairs().map(|(v, c)| (v, (c as usize).min(k))).collect(),
        _ => {
            let cap = deck.cap().map_or(k, |c| (c as usize).min(k));
            (values.lo..=values.hi).map(|v| (v, cap)).collect()
        }
    }
}

/// Every multiset of `k` values the deck can deal (from `values`, at most
/// `deck.cap()` copies of a value; an explicit deck's own values and
/// copies), each sorted ascending, in lexicographic order.
pub fn hands(k: usize, values: ValueRange, deck: Deck) -> Vec<Vec<i64>> {
    let supply = supply(k, values, deck);
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(k);
    extend(&mut out, &mut cur, k, &supply);
    out
}

/// How many hands [`hands`] lists, computed without listing them: the
/// coefficient of `x^k` in the product of `(1 + x + ... + x^cap)` over the
/// values. `None` when it overflows `u128`.
pub fn count_hands(k: usize, values: ValueRange, deck: Deck) -> Option<u128> {
    // ways[j]: multisets of j cards from the values seen so far.
    let mut ways = vec![0u128; k + 1];
    ways[0] = 1;
    let each = |cap: usize, ways: &mut Vec<u128>| -> Option<()> {
        // Multiply by 1 + x + ... + x^cap: a sliding window sum over ways.
        let mut next = vec![0u128; k + 1];
        let mut window = 0u128;
        for j in 0..=k {
            window = window.checked_add(ways[j])?;
            if j > cap {
                window -= ways[j - cap - 1];
            }
            next[j] = window;
        }
        *ways = next;
        Some(())
    };
    match deck {
        Deck::Multiset(m) => {
            for (_, c) in m.pairs() {
                each((c as usize).min(k), &mut ways)?;
            }
        }
        _ => {
            let cap = deck.cap().map_or(k, |c| (c as usize).min(k));
            for _ in 0..values.width() {
                each(cap, &mut ways)?;
            }
        }
    }
    Some(ways[k])
}

/// Depth-first in ascending order, so the output is already sorted.
fn extend(out: &mut Vec<Vec<i64>>, cur: &mut Vec<i64>, k: usize, supply: &[(i64, usize)]) {
    if cur.len() == k {
        out.push(cur.clone());
        return;
    }
    let Some((&(v, cap), rest)) = supply.split_first() else {
        return;
    };
    // More copies of the smallest value first: `1 1 x` sorts before `1 2 x`.
    let room = cap.min(k - cur.len());
    let start = cur.len();
    for n in (0..=room).rev() {
        cur.truncate(start);
        cur.extend(std::iter::repeat_n(v, n));
        extend(out, cur, k, rest);
    }
    cur.truncate(start);
}

/// Multiplicities of a sorted hand: how many copies of each distinct value.
fn multiplicities(cards: &[i64]) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for (i, c) in cards.iter().enumerate() {
        if i > 0 && cards[i - 1] == *c {
            *out.last_mut().expect("a run has started") += 1;
        } else {
            out.push(1);
        }
    }
    out
}

/// `C(n, k)` exactly; `None` on overflow.
pub fn binomial(n: u64, k: u64) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        // acc = C(n, i) here, and C(n, i) * (n - i) / (i + 1) = C(n, i + 1) is exact.
        acc = acc.checked_mul((n - i) as u128)? / (i as u128 + 1);
    }
    Some(acc)
}

/// How many ways a deal produces this sorted hand: with a finite deck, the
/// number of distinct sets of physical cards, `prod C(copies, m)` over the
/// values with multiplicity `m`; with an unlimited deck, the number of ordered
/// draws, `k! / prod m!`.
pub fn deal_ways(cards: &[i64], deck: Deck) -> u64 {
    let ms = multiplicities(cards);
    let ways = match deck {
        Deck::Copies(n) => ms
            .iter()
            .map(|&m| binomial(n as u64, m).expect("C(32, m) fits"))
            .product::<u128>(),
        Deck::Multiset(d) => {
            let mut distinct = cards.to_vec();
            distinct.dedup();
            distinct
                .iter()
                .zip(&ms)
                .map(|(&v, &m)| binomial(d.copies_of(v) as u64, m).expect("C(32, m) fits"))
                .product::<u128>()
        }
        Deck::Unlimited => {
            let total = (1..=cards.len() as u128).product::<u128>();
            ms.iter()
                .fold(total, |acc, &m| acc / (1..=m as u128).product::<u128>())
        }
    };
    u64::try_from(ways).expect("deal_ways fits u64 for supported hand sizes and decks")
}

/// How many ways the objective card `t` can be dealt from what the deck has
/// left after `cards` (Krypto's objective card, [`Objective::Dealt`]): the
/// copies of `t` the hand did not take (0 for a value the deck does not
/// deal); one for an unlimited deck dealing `t`, a draw of its own.
/// A deal of hand and objective then has `deal_ways × objective_ways`
/// ways, of [`total_ways`]`(k) × (cards − k)` (unlimited: `× width`).
///
/// [`Objective::Dealt`]: crate::game::family::Objective::Dealt
pub fn objective_ways(cards: &[i64], t: i64, values: ValueRange, deck: Deck) -> u64 {
    let held = cards.iter().filter(|&&c| c == t).count() as u64;
    let copies = match deck {
        Deck::Copies(n) if values.contains(t) => n as u64,
        Deck::Multiset(m) => m.copies_of(t) as u64,
        Deck::Unlimited if values.contains(t) => return 1,
        _ => 0,
    };
    copies.saturating_sub(held)
}

/// How many deals of `k` cards there are in all: `C(copies * width, k)` for a
/// finite deck, `width^k` ordered draws for an unlimited one. `None` if it
/// overflows `u128`.
pub fn total_ways(k: usize, values: ValueRange, deck: Deck) -> Option<u128> {
    match deck {
        Deck::Copies(n) => binomial(n as u64 * values.width(), k as u64),
        Deck::Unlimited => (values.width() as u128).checked_pow(k as u32),
        Deck::Multiset(m) => binomial(m.size(), k as u64),
    }
}

/// The chance that a random deal of `k` cards is this hand.
pub fn deal_probability(ways: u64, total: u128) -> f64 {
    ways as f64 / total as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ace_to_king() -> ValueRange {
        ValueRange::new(1, 13).unwrap()
    }

    #[test]
    fn four_cards_of_a_standard_deck() {
        let hs = hands(4, ace_to_king(), Deck::Copies(4));
        assert_eq!(hs.len(), 1820);
        assert_eq!(hs[0], vec![1, 1, 1, 1]);
        assert_eq!(hs[1], vec![1, 1, 1, 2]);
        assert_eq!(hs.last().unwrap(), &vec![13, 13, 13, 13]);
        let sum: u128 = hs
            .iter()
            .map(|h| deal_ways(h, Deck::Copies(4)) as u128)
            .sum();
        assert_eq!(sum, 270_725);
        assert_eq!(total_ways(4, ace_to_king(), Deck::Copies(4)), Some(270_725));
    }

    #[test]
    fn sorted_and_distinct() {
        let hs = hands(5, ace_to_king(), Deck::Copies(4));
        assert!(hs.windows(2).all(|w| w[0] < w[1]));
        assert!(hs.iter().all(|h| h.windows(2).all(|w| w[0] <= w[1])));
        // C(17, 5) = 6188 multisets, less the 13 five-of-a-kind hands a 4-copy deck cannot deal.
        assert_eq!(hs.len(), 6188 - 13);
    }

    #[test]
    fn deck_cap_and_unlimited() {
        let two = ValueRange::new(1, 2).unwrap();
        assert_eq!(hands(3, two, Deck::Copies(1)), Vec::<Vec<i64>>::new());
        assert_eq!(
            hands(3, two, Deck::Copies(2)),
            vec![vec![1, 1, 2], vec![1, 2, 2]]
        );
        assert_eq!(hands(3, two, Deck::Unlimited).len(), 4);
        let ordered: u128 = hands(3, two, Deck::Unlimited)
            .iter()
            .map(|h| deal_ways(h, Deck::Unlimited) as u128)
            .sum();
        assert_eq!(Some(ordered), total_ways(3, two, Deck::Unlimited));
    }

    #[test]
    fn deal_ways_of_pairs_and_quads() {
        assert_eq!(deal_ways(&[3, 3, 8, 8], Deck::Copies(4)), 36);
        assert_eq!(deal_ways(&[6, 6, 6, 6], Deck::Copies(4)), 1);
        assert_eq!(deal_ways(&[1, 3, 4, 6], Deck::Copies(4)), 256);
        assert_eq!(deal_ways(&[1, 1, 2], Deck::Unlimited), 3);
    }

    #[test]
    fn parses_and_names_bad_options() {
        assert_eq!("1..13".parse::<ValueRange>(), Ok(ace_to_king()));
        assert_eq!(
            "-3..3".parse::<ValueRange>(),
            Ok(ValueRange::new(-3, 3).unwrap())
        );
        assert_eq!(
            "5..2".parse::<ValueRange>(),
            Err(RangeError::Empty("5..2".into()))
        );
        assert_eq!(
            "5-2".parse::<ValueRange>(),
            Err(RangeError::NotARange("5-2".into()))
        );
        assert_eq!("none".parse::<Deck>(), Ok(Deck::Unlimited));
        assert_eq!("4".parse::<Deck>(), Ok(Deck::Copies(4)));
        assert!("0".parse::<Deck>().is_err());
        assert_eq!(Deck::Copies(4).to_string(), "4");
    }

    #[test]
    fn hand_count_agrees_with_the_listing() {
        for (k, values, deck) in [
            (4, ace_to_king(), Deck::Copies(4)),
            (5, ace_to_king(), Deck::Copies(4)),
            (6, ace_to_king(), Deck::Copies(2)),
            (3, ValueRange::new(-4, 4).unwrap(), Deck::Unlimited),
            (5, ValueRange::new(1, 3).unwrap(), Deck::Copies(1)),
            (1, ValueRange::new(0, 0).unwrap(), Deck::Unlimited),
        ] {
            let listed = hands(k, values, deck).len() as u128;
            assert_eq!(
                count_hands(k, values, deck),
                Some(listed),
                "{k} {values} {deck}"
            );
        }
        // The hand list that once ran out of memory: C(66, 12), never built.
        let wide = ValueRange::new(-27, 27).unwrap();
        assert_eq!(count_hands(12, wide, Deck::Unlimited), binomial(66, 12));
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(52, 4), Some(270_725));
        assert_eq!(binomial(4, 0), Some(1));
        assert_eq!(binomial(3, 5), Some(0));
    }

    #[test]
    fn countdown_selections_and_their_odds() {
        let deck: Deck = "countdown".parse().unwrap();
        let v = deck.values_or(ValueRange::new(1, 13).unwrap());
        assert_eq!((v.lo, v.hi), (1, 100));
        let all = hands(6, v, deck);
        // The 13,243 distinct selections of six tiles from the 24.
        assert_eq!(all.len(), 13_243);
        assert_eq!(count_hands(6, v, deck), Some(13_243));
        assert!(all.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        assert!(
            all.iter()
                .all(|h| h.iter().filter(|&&c| c == 100).count() <= 1)
        );
        let total = total_ways(6, v, deck).unwrap();
        assert_eq!(total, 134_596); // C(24, 6)
        let sum: u128 = all.iter().map(|h| deal_ways(h, deck) as u128).sum();
        assert_eq!(sum, total);
        // Two 1s and one 100: C(2, 2) * C(1, 1) * (ways of the other three).
        assert_eq!(deal_ways(&[1, 1, 2, 3, 4, 100], deck), 8);
    }

    #[test]
    fn explicit_decks_parse_print_and_name_their_problems() {
        let d: Deck = "1..10x2,25,50,75,100".parse().unwrap();
        assert_eq!(d.to_string(), "countdown");
        let other: Deck = "1..10x2,12,37,62,87".parse().unwrap();
        assert_eq!(other.to_string(), "1..10x2,12,37,62,87");
        assert_eq!(other.folder(), "1-10x2_12_37_62_87");
        assert_eq!(other.folder().parse::<Deck>(), Ok(other));
        assert_eq!("standard".parse::<Deck>().unwrap().folder(), "standard");
        assert_eq!("4x1".parse::<Deck>().unwrap().to_string(), "4x1");
        assert_eq!("4".parse::<Deck>(), Ok(Deck::Copies(4)));
        let std: Deck = "standard".parse().unwrap();
        let v = ValueRange::new(1, 13).unwrap();
        assert_eq!(count_hands(4, v, std), count_hands(4, v, Deck::Copies(4)));
        assert_eq!(total_ways(4, v, std), total_ways(4, v, Deck::Copies(4)));
        for (bad, says) in [
            ("1..10x0", "0 copies of 1"),
            ("1..10xtwo", "copies \"two\" are not a number"),
            ("5..2", "empty range"),
            ("1,2,,3", "is not a value"),
            ("0..40", "41 distinct values"),
            ("1x99", "99 copies"),
            ("jokers", "is not a number of copies"),
        ] {
            let e = bad.parse::<Deck>().unwrap_err().to_string();
            assert!(e.contains(says) && e.contains(bad), "{bad}: {e}");
        }
    }
}
