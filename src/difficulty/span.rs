//! The derivation counts of [`super::features`] for every target of a range
//! at once, from one pass over a hand's derivations.
//!
//! For one target the counts keep derivations whose every result is a whole
//! number up to a bound that depends on the target (its scale, or twice
//! it). Here each multiset of numbers met carries, instead of one count, a
//! small map: target to hits (results up to the near bound of that target),
//! target to the chance a blind walk ends there (up to the far bound), and
//! the largest result of a derivation to the number of derivations that
//! have it (so the far count of any target is a prefix sum). The proper
//! parts of the hand are walked the same way, and for each target one
//! reaches, its left-over cards beside that target. A move whose
//! result exceeds a target's bound is left out of that target's sums only,
//! so every target gets exactly the numbers [`super::features::features`]
//! computes for it alone, in the same order of additions, bit for bit.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::features::{Derived, Numbers, moves, parts, scale, with};
use crate::game::number::Q;

/// The bound of a target: `factor` times its scale, as the single-target
/// counts take it.
fn bound(t: i64, factor: f64) -> i64 {
    (factor * scale(Q::int(t))).floor().min(i64::MAX as f64) as i64
}

/// What the derivations from one multiset come to, for every target.
#[derive(Debug, Default)]
struct Maps {
    /// Target to derivations ending there, every result within its near bound.
    near: Vec<(i64, f64)>,
    /// Target to the chance a walk (within its far bound) ends there.
    walk: Vec<(i64, f64)>,
    /// Largest result (`i64::MIN` for none) to derivations with it.
    complete: Vec<(i64, f64)>,
}

impl Maps {
    fn walk_at(&self, t: i64) -> f64 {
        lookup(&self.walk, t)
    }
}

fn lookup(map: &[(i64, f64)], k: i64) -> f64 {
    map.binary_search_by_key(&k, |&(t, _)| t)
        .map_or(0.0, |i| map[i].1)
}

/// The derivation counts of one hand for every target from `lo` to `hi`.
#[derive(Debug)]
pub struct Span {
    start: Rc<Maps>,
    /// Distinct first moves: result and what follows.
    first: Vec<(i64, Rc<Maps>)>,
    /// Prefix sums of `start.complete`.
    complete_upto: Vec<(i64, f64)>,
    /// Target to the parts that reach it and the dead ones among them
    /// (`Derived::parts`, `Derived::dead_parts`), sorted by target.
    lures: Vec<(i64, (usize, usize))>,
}

impl Span {
    /// The counts for `cards` and every target in `lo..=hi`; `None` for
    /// more cards than derivations are counted for.
    pub fn of(cards: &[i64], lo: i64, hi: i64) -> Option<Span> {
        let start = Numbers::of(cards)?;
        let cap = bound(lo.abs().max(hi.abs()), 2.0);
        let mut walker = Walker {
            lo,
            hi,
            cap,
            memo: FxHashMap::default(),
        };
        let maps = walker.of(&start);
        let first = moves(&start, cap)
            .into_iter()
            .filter(|m| m.2)
            .map(|(next, _, _, r)| (r, walker.of(&next)))
            .collect();
        let mut lures: FxHashMap<i64, (usize, usize)> = FxHashMap::default();
        for (part, rest) in parts(&start) {
            let reached = walker.of(&part);
            // Every target a walk from the part reaches (within that
            // target's own far bound) has a positive chance in its map.
            for &(t, _) in &reached.walk {
                let left = with(&rest, t).expect("a part leaves room for the target");
                let dead = walker.of(&left).walk_at(t) == 0.0;
                let e = lures.entry(t).or_insert((0, 0));
                e.0 += 1;
                e.1 += usize::from(dead);
            }
        }
        let mut lures: Vec<(i64, (usize, usize))> = lures.into_iter().collect();
        lures.sort_unstable_by_key(|&(t, _)| t);
        let mut sum = 0.0;
        let complete_upto = maps
            .complete
            .iter()
            .map(|&(m, c)| {
                sum += c;
                (m, sum)
            })
            .collect();
        Some(Span {
            start: maps,
            first,
            complete_upto,
            lures,
        })
    }

    /// The counts for target `t` (in the range).
    pub fn at(&self, t: i64) -> Derived {
        let b2 = bound(t, 2.0);
        let upto = self.complete_upto.partition_point(|&(m, _)| m <= b2);
        let far_complete = if upto == 0 {
            0.0
        } else {
            self.complete_upto[upto - 1].1
        };
        let open: Vec<&(i64, Rc<Maps>)> = self.first.iter().filter(|(r, _)| *r <= b2).collect();
        let (parts, dead_parts) = self
            .lures
            .binary_search_by_key(&t, |&(u, _)| u)
            .map_or((0, 0), |i| self.lures[i].1);
        Derived {
            near_hits: lookup(&self.start.near, t),
            far_complete,
            far_walk: self.start.walk_at(t),
            good: open.iter().filter(|(_, m)| m.walk_at(t) > 0.0).count(),
            openings: open.len(),
            parts,
            dead_parts,
        }
    }
}

struct Walker {
    lo: i64,
    hi: i64,
    /// The largest far bound of the range: results above it count for no target.
    cap: i64,
    memo: FxHashMap<Numbers, Rc<Maps>>,
}

impl Walker {
    fn of(&mut self, numbers: &Numbers) -> Rc<Maps> {
        if let [last] = numbers.as_slice() {
            let hit = if (self.lo..=self.hi).contains(last) {
                vec![(*last, 1.0)]
            } else {
                Vec::new()
            };
            return Rc::new(Maps {
                near: hit.clone(),
                walk: hit,
                complete: vec![(i64::MIN, 1.0)],
            });
        }
        if let Some(m) = self.memo.get(numbers) {
            return m.clone();
        }
        let all = moves(numbers, self.cap);
        // Results of the distinct moves, sorted: a target's walk divides by
        // how many of them its far bound admits.
        let mut distinct: Vec<i64> = all.iter().filter(|m| m.2).map(|m| m.3).collect();
        distinct.sort_unstable();
        let mut near: FxHashMap<i64, f64> = FxHashMap::default();
        let mut chances: FxHashMap<i64, f64> = FxHashMap::default();
        let mut complete: FxHashMap<i64, f64> = FxHashMap::default();
        for (next, pairs, is_distinct, r) in all {
            let sub = self.of(&next);
            for &(t, h) in &sub.near {
                if r <= bound(t, 1.0) {
                    *near.entry(t).or_insert(0.0) += pairs * h;
                }
            }
            for &(m, c) in &sub.complete {
                *complete.entry(m.max(r)).or_insert(0.0) += pairs * c;
            }
            if is_distinct {
                for &(t, w) in &sub.walk {
                    if r <= bound(t, 2.0) {
                        *chances.entry(t).or_insert(0.0) += w;
                    }
                }
            }
        }
        let sorted = |m: FxHashMap<i64, f64>| {
            let mut v: Vec<(i64, f64)> = m.into_iter().collect();
            v.sort_unstable_by_key(|&(k, _)| k);
            v
        };
        let mut walk = sorted(chances);
        for (t, w) in walk.iter_mut() {
            let b2 = bound(*t, 2.0);
            let walks = distinct.partition_point(|&r| r <= b2);
            *w /= walks as f64;
        }
        let maps = Rc::new(Maps {
            near: sorted(near),
            walk,
            complete: sorted(complete),
        });
        self.memo.insert(*numbers, maps.clone());
        maps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::solutions;
    use crate::difficulty::features::{Derived, features, features_with};
    use crate::game::hand::Hand;
    use crate::game::rules::Rules;

    /// The single-target counts, read back through the features: the span
    /// must give the very same features (bit for bit) for every target.
    #[test]
    fn span_gives_the_single_target_features_bit_for_bit() {
        for cards in [
            "1 2 3 4",
            "3 3 8 8",
            "6 6 6 6",
            "1 5 10 13",
            "2 7",
            "1 1 2 9 13",
        ] {
            let hand = Hand::parse(cards).unwrap();
            let span = Span::of(hand.cards(), 1, 300).unwrap();
            for t in 1..=300 {
                let sols = solutions(&hand, Q::int(t), Rules::Rational).unwrap();
                if sols.classes.is_empty() {
                    continue;
                }
                let alone = features(&hand, Q::int(t), &sols).unwrap();
                let at = features_with(&hand, Q::int(t), &sols, &span.at(t)).unwrap();
                assert_eq!(
                    alone.values.map(f64::to_bits),
                    at.values.map(f64::to_bits),
                    "{cards} -> {t}: {alone:?} vs {at:?}"
                );
            }
        }
    }

    #[test]
    fn a_target_no_derivation_reaches_has_zero_hits_but_all_openings() {
        let span = Span::of(&[3, 3, 8, 8], 24, 24).unwrap();
        let d: Derived = span.at(24);
        assert_eq!((d.near_hits, d.far_walk, d.good), (0.0, 0.0, 0));
        assert!(d.openings > 0 && d.far_complete > 0.0);
    }
}
