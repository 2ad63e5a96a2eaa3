//! Whole values that every hand of a sweep is known to reach, found for all
//! the hands of one size at once, size after size: a cheap first answer
//! that only ever says "yes", so that the exact solver is asked only about
//! the rest.
//!
//! Each hand gets a bit set over a window of whole values around zero. A
//! hand of up to [`EXACT_UPTO`] cards gets every value of the window it
//! reaches (the exact solver's value table). A larger hand gets `c ∘ y` for
//! each of its cards `c`, each operation `∘` (both ways round) and each
//! value `y` known for the rest of the hand, which is a hand of one card
//! fewer, found in the list of the previous size. Every set bit is a proof:
//! an expression over every card exists whose intermediate values are all
//! admitted by the rules (the final step inside the window, whole and
//! admitted). A clear bit proves nothing.
//!
//! Among hands of seven to ten cards almost every (hand, target) pair that
//! is solvable is found this way, in a few word operations per card; the
//! exact solver then proves the misses.

use rayon::prelude::*;

use crate::game::hand::Hand;
use crate::game::number::Q;
use crate::game::rules::Rules;
use crate::solve::exact::reachable_values;

/// Hands of at most this many cards take every value of the window they
/// reach from the exact solver's value table; larger ones are built from
/// the hands of one card fewer.
pub const EXACT_UPTO: usize = 4;

/// The widest window a ladder takes, in 64-bit words (values
/// `-32 * words .. 32 * words`).
pub const MAX_WORDS: usize = 64;

/// The known values of every hand of the current size.
#[derive(Debug)]
pub struct Ladder {
    rules: Rules,
    /// The window is `-half .. half`: bit `v + half` is the value `v`.
    half: i64,
    words: usize,
    /// The hands of the current size, in order (sorted cards, sorted list).
    hands: Vec<Vec<i64>>,
    /// `words` words per hand, in the order of `hands`.
    bits: Vec<u64>,
}

impl Ladder {
    /// A ladder whose window holds every value from `lo` to `hi` with room
    /// around them (the last step of a solution meets values beyond them).
    /// When that window would be over [`MAX_WORDS`] the ladder keeps only
    /// the hands and knows no value.
    pub fn new(rules: Rules, lo: i64, hi: i64) -> Ladder {
        let reach = lo.unsigned_abs().max(hi.unsigned_abs()).saturating_add(157);
        let words = reach.div_ceil(32);
        let words = if words <= MAX_WORDS as u64 {
            words as usize
        } else {
            0
        };
        Ladder {
            rules,
            half: 32 * words as i64,
            words,
            hands: Vec::new(),
            bits: Vec::new(),
        }
    }

    /// The hands of the current size.
    pub fn hands(&self) -> &[Vec<i64>] {
        &self.hands
    }

    /// Whether hand `i` of the current size is known to reach `v`.
    #[inline]
    pub fn known(&self, i: usize, v: i64) -> bool {
        let at = v + self.half;
        if !(0..2 * self.half).contains(&at) {
            return false;
        }
        let at = at as usize;
        self.bits[i * self.words + at / 64] >> (at % 64) & 1 == 1
    }

    /// Moves to the next size: `hands` are every hand of that size, in
    /// order, each sorted. A hand of more than [`EXACT_UPTO`] cards is built
    /// from those of the current size (the previous one): where they are not
    /// one card fewer, or a hand with one card less is not among them, it
    /// knows that much less.
    pub fn climb(&mut self, hands: Vec<Vec<i64>>) {
        let words = self.words;
        let mut bits = vec![0u64; hands.len() * words];
        let k = hands.first().map_or(0, Vec::len);
        if words > 0 {
            let chunks = bits.par_chunks_mut(words).zip(hands.par_iter());
            if k <= EXACT_UPTO {
                chunks.for_each(|(out, cards)| self.exact(cards, out));
            } else if self.hands.first().is_some_and(|h| h.len() + 1 == k) {
                chunks.for_each_init(
                    || (vec![0u64; 3 * words], Vec::with_capacity(k)),
                    |(tmp, rest), (out, cards)| self.built(cards, out, tmp, rest),
                );
            }
        }
        self.hands = hands;
        self.bits = bits;
    }

    /// Every value of the window `cards` reaches, from the exact solver
    /// (nothing, when it does not take the hand).
    fn exact(&self, cards: &[i64], out: &mut [u64]) {
        let Ok(hand) = Hand::new(cards.to_vec()) else {
            return;
        };
        let Ok(values) = reachable_values(&hand, self.rules) else {
            return;
        };
        for v in values.into_iter().filter(|v| v.is_integer()) {
            self.set(out, v.numer());
        }
    }

    #[inline]
    fn set(&self, out: &mut [u64], v: i64) {
        let at = v + self.half;
        if (0..2 * self.half).contains(&at) {
            out[at as usize / 64] |= 1 << (at % 64);
        }
    }

    #[inline]
    fn has(&self, bits: &[u64], v: i64) -> bool {
        let at = v + self.half;
        (0..2 * self.half).contains(&at) && bits[at as usize / 64] >> (at % 64) & 1 == 1
    }

    /// `c ∘ y` for each distinct card `c` of `cards` and each known value
    /// `y` of the rest, the results the rules admit.
    fn built(&self, cards: &[i64], out: &mut [u64], tmp: &mut [u64], rest: &mut Vec<i64>) {
        let words = self.words;
        for (j, &c) in cards.iter().enumerate() {
            if j > 0 && cards[j - 1] == c {
                continue;
            }
            rest.clear();
            rest.extend_from_slice(&cards[..j]);
            rest.extend_from_slice(&cards[j + 1..]);
            let Ok(i) = self.hands.binary_search_by(|h| h.as_slice().cmp(rest)) else {
                continue;
            };
            let known = &self.bits[i * words..(i + 1) * words];
            let (mirror, rest_tmp) = tmp.split_at_mut(words);
            let (neg, shifted) = rest_tmp.split_at_mut(words);
            // y + c and y - c: the set shifted; c - y: the set negated,
            // then shifted.
            shift_or(out, known, c);
            shift_or(out, known, -c);
            negate(neg, known, mirror);
            shifted.fill(0);
            shift_or(shifted, neg, c);
            for (o, s) in out.iter_mut().zip(shifted.iter()) {
                *o |= s;
            }
            self.products(c, known, out);
        }
        self.admitted_only(out);
    }

    /// `c * y`, `y / c` and `c / y` for the known values `y` of `known`,
    /// whole and inside the window.
    fn products(&self, c: i64, known: &[u64], out: &mut [u64]) {
        if c == 0 {
            // 0 * y = 0 for any y; 0 / y = 0 for any y other than 0.
            if known.iter().any(|&w| w != 0) {
                self.set(out, 0);
            }
            return;
        }
        let h = self.half;
        let a = c.abs();
        // c * y inside the window: |y| < half / |c|.
        for y in -(h / a)..=(h / a) {
            if self.has(known, y) {
                self.set(out, c * y);
            }
        }
        // y / c: y a multiple of c.
        for q in -(h / a)..=(h / a) {
            if self.has(known, q * c) {
                self.set(out, q);
            }
        }
        // c / y: y a divisor of c (either sign).
        for d in 1..=a.min(h) {
            if a % d == 0 {
                for y in [d, -d] {
                    if self.has(known, y) {
                        self.set(out, c / y);
                    }
                }
            }
        }
    }

    /// Clears the values the rules do not admit as a result.
    fn admitted_only(&self, out: &mut [u64]) {
        let from = match self.rules {
            Rules::Rational | Rules::Integer => return,
            Rules::Natural => 0,
            Rules::Positive => 1,
        };
        for v in -self.half..from.min(self.half) {
            let at = (v + self.half) as usize;
            out[at / 64] &= !(1 << (at % 64));
        }
        debug_assert!(!self.rules.admits(Q::int(from - 1)));
    }
}

/// `out |= bits` shifted by `by` values (up for positive `by`), what
/// leaves the window dropped.
fn shift_or(out: &mut [u64], bits: &[u64], by: i64) {
    let n = out.len() as i64;
    let (word, bit) = (by.div_euclid(64), by.rem_euclid(64) as u32);
    for (i, o) in out.iter_mut().enumerate() {
        // Bit `at` of out takes bit `at - by` of bits.
        let src = i as i64 - word;
        let lo = if (0..n).contains(&src) {
            bits[src as usize] << bit
        } else {
            0
        };
        let hi = if bit != 0 && (0..n).contains(&(src - 1)) {
            bits[(src - 1) as usize] >> (64 - bit)
        } else {
            0
        };
        *o |= lo | hi;
    }
}

/// `out` = the values of `bits` negated: bit `at` is `v = at - half`, and
/// `-v` is bit `2 half - at`, one past the mirror image `2 half - 1 - at`.
fn negate(out: &mut [u64], bits: &[u64], mirror: &mut [u64]) {
    let n = bits.len();
    for (i, m) in mirror.iter_mut().enumerate() {
        *m = bits[n - 1 - i].reverse_bits();
    }
    out.fill(0);
    shift_or(out, mirror, 1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::solve;

    /// Every multiset of `k` values from `lo..=hi` with at most `cap`
    /// copies of each, sorted, in lexicographic order (the tables' order).
    fn hands(k: usize, lo: i64, hi: i64, cap: usize) -> Vec<Vec<i64>> {
        fn extend(
            out: &mut Vec<Vec<i64>>,
            cur: &mut Vec<i64>,
            k: usize,
            v: i64,
            hi: i64,
            cap: usize,
        ) {
            if cur.len() == k {
                out.push(cur.clone());
                return;
            }
            for x in v..=hi {
                if cur.iter().filter(|&&c| c == x).count() < cap {
                    cur.push(x);
                    extend(out, cur, k, x, hi, cap);
                    cur.pop();
                }
            }
        }
        let mut out = Vec::new();
        extend(&mut out, &mut Vec::new(), k, lo, hi, cap);
        out
    }

    #[test]
    fn shifts_and_negation_move_each_value_where_it_belongs() {
        let ladder = Ladder::new(Rules::Rational, -10, 10);
        let (h, w) = (ladder.half, ladder.words);
        let values = [-h, -h + 1, -65, -64, -63, -1, 0, 1, 5, 63, 64, h - 2, h - 1];
        let mut bits = vec![0u64; w];
        for v in values {
            ladder.set(&mut bits, v);
        }
        for by in [-130, -64, -1, 0, 1, 3, 64, 70, 200] {
            let mut out = vec![0u64; w];
            shift_or(&mut out, &bits, by);
            for v in -h..h {
                let want = values.contains(&(v - by));
                assert_eq!(ladder.has(&out, v), want, "{v} after a shift by {by}");
            }
        }
        let (mut neg, mut mirror) = (vec![0u64; w], vec![0u64; w]);
        negate(&mut neg, &bits, &mut mirror);
        for v in -h..h {
            assert_eq!(ladder.has(&neg, v), values.contains(&-v), "-{v}");
        }
    }

    /// Every value the ladder knows is one the exact solver finds, under
    /// every rule set, and it knows most of the hands' reachable targets.
    #[test]
    fn every_known_value_is_solvable() {
        for rules in Rules::ALL {
            let mut ladder = Ladder::new(rules, -20, 60);
            let (mut known, mut solvable) = (0, 0);
            for k in 1..=6 {
                ladder.climb(hands(k, 0, 7, 2));
                for (i, cards) in ladder.hands().iter().enumerate() {
                    let hand = Hand::new(cards.clone()).unwrap();
                    for t in -20..=60 {
                        let made = solve(&hand, Q::int(t), rules).unwrap().is_some();
                        let knows = ladder.known(i, t);
                        assert!(made || !knows, "{hand} -> {t} under {rules}");
                        if k > EXACT_UPTO {
                            known += usize::from(knows);
                            solvable += usize::from(made);
                        } else {
                            assert_eq!(knows, made, "{hand} -> {t} under {rules}");
                        }
                    }
                }
            }
            assert!(known * 10 >= solvable * 9, "{rules}: {known} of {solvable}");
        }
    }
}
