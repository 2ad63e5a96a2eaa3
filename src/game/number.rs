//! Exact rational numbers, the only numbers census24 decides with.
//!
//! A [`Q`] is a reduced fraction `n/d` with `d > 0` held in two `i64`s. Every
//! operation is checked: it returns `None` on division by zero or when a result
//! would not fit, never a wrong value. The solver proves up front (see
//! [`height_bound`]) that no intermediate of a hand can overflow, so inside it
//! a `None` only ever means "division by zero".

use std::cmp::Ordering;
use std::fmt;
use std::num::{IntErrorKind, ParseIntError};
use std::str::FromStr;

use crate::game::error::{InputError, shown};

/// An exact rational number in lowest terms, denominator positive.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Q {
    n: i64,
    d: i64,
}

#[inline]
fn gcd(mut a: u64, mut b: u64) -> u64 {
    // Binary GCD: no divisions, which matters in the solver's inner loop.
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    b >>= b.trailing_zeros();
    // Both odd. The smaller and the difference are picked without a
    // branch: which one is larger is a coin toss the predictor loses.
    while a != b {
        let (lo, hi) = (a.min(b), a.max(b));
        let d = hi - lo;
        a = lo;
        b = d >> d.trailing_zeros();
    }
    a << shift
}

// The operations return `Option` (None on overflow or division by zero), so
// they cannot be the `std::ops` traits, whose results are not fallible.
#[allow(clippy::should_implement_trait)]
impl Q {
    pub const ZERO: Q = Q { n: 0, d: 1 };
    pub const ONE: Q = Q { n: 1, d: 1 };

    /// The integer `n`.
    #[inline]
    pub const fn int(n: i64) -> Q {
        Q { n, d: 1 }
    }

    /// `n/d` reduced; `None` when `d == 0` or the reduced form does not fit.
    pub fn new(n: i64, d: i64) -> Option<Q> {
        Self::from_i128(n as i128, d as i128)
    }

    /// Reduce a fraction given in wide integers; `None` when `d == 0` or the
    /// reduced numerator or denominator does not fit in an `i64`.
    #[inline]
    pub fn from_i128(n: i128, d: i128) -> Option<Q> {
        if d == 0 {
            return None;
        }
        let (n, d) = if d < 0 {
            (n.checked_neg()?, d.checked_neg()?)
        } else {
            (n, d)
        };
        let (un, ud) = (n.unsigned_abs(), d as u128);
        if un < 1 << 63 && ud < 1 << 63 {
            // The common case: 64-bit division is several times faster than
            // the 128-bit kind, and this runs once per operation in the solver.
            let (n, d) = (n as i64, d as i64);
            let g = (gcd(un as u64, ud as u64) as i64).max(1);
            // Already reduced more often than not: two divisions saved.
            if g == 1 {
                return Some(Q { n, d });
            }
            return Some(Q { n: n / g, d: d / g });
        }
        let g = if un <= u64::MAX as u128 && ud <= u64::MAX as u128 {
            gcd(un as u64, ud as u64) as u128
        } else {
            gcd128(un, ud)
        };
        let g = g.max(1);
        let n = n / g as i128;
        let d = d / g as i128;
        Some(Q {
            n: i64::try_from(n).ok()?,
            d: i64::try_from(d).ok()?,
        })
    }

    #[inline]
    pub const fn numer(self) -> i64 {
        self.n
    }

    #[inline]
    pub const fn denom(self) -> i64 {
        self.d
    }

    #[inline]
    pub const fn is_integer(self) -> bool {
        self.d == 1
    }

    #[inline]
    pub const fn is_zero(self) -> bool {
        self.n == 0
    }

    #[inline]
    pub const fn is_negative(self) -> bool {
        self.n < 0
    }

    /// `n/d` for a numerator known to be prime to `d > 0`: no reduction.
    #[inline]
    fn coprime(n: i128, d: i64) -> Option<Q> {
        Some(Q {
            n: i64::try_from(n).ok()?,
            d,
        })
    }

    #[inline]
    pub fn checked_add(self, o: Q) -> Option<Q> {
        if self.d == 1 && o.d == 1 {
            return self.n.checked_add(o.n).map(Q::int);
        }
        // `p/q + a = (p + a*q)/q` is already reduced, since `p + a*q` and
        // `q` have the divisors of `p` and `q` in common.
        if o.d == 1 {
            return Q::coprime(self.n as i128 + o.n as i128 * self.d as i128, self.d);
        }
        if self.d == 1 {
            return Q::coprime(self.n as i128 * o.d as i128 + o.n as i128, o.d);
        }
        let n = self.n as i128 * o.d as i128 + o.n as i128 * self.d as i128;
        Q::from_i128(n, self.d as i128 * o.d as i128)
    }

    #[inline]
    pub fn checked_sub(self, o: Q) -> Option<Q> {
        if self.d == 1 && o.d == 1 {
            return self.n.checked_sub(o.n).map(Q::int);
        }
        // Reduced as in `checked_add`.
        if o.d == 1 {
            return Q::coprime(self.n as i128 - o.n as i128 * self.d as i128, self.d);
        }
        if self.d == 1 {
            return Q::coprime(self.n as i128 * o.d as i128 - o.n as i128, o.d);
        }
        let n = self.n as i128 * o.d as i128 - o.n as i128 * self.d as i128;
        Q::from_i128(n, self.d as i128 * o.d as i128)
    }

    #[inline]
    pub fn checked_mul(self, o: Q) -> Option<Q> {
        if self.d == 1 && o.d == 1 {
            return self.n.checked_mul(o.n).map(Q::int);
        }
        Q::from_i128(self.n as i128 * o.n as i128, self.d as i128 * o.d as i128)
    }

    /// `self / o`; `None` when `o` is zero.
    #[inline]
    pub fn checked_div(self, o: Q) -> Option<Q> {
        if o.n == 0 {
            return None;
        }
        // An exact quotient of integers needs no reduction.
        if self.d == 1 && o.d == 1 && self.n.checked_rem(o.n) == Some(0) {
            return self.n.checked_div(o.n).map(Q::int);
        }
        Q::from_i128(self.n as i128 * o.d as i128, self.d as i128 * o.n as i128)
    }

    #[inline]
    pub fn checked_neg(self) -> Option<Q> {
        Some(Q {
            n: self.n.checked_neg()?,
            d: self.d,
        })
    }

    /// `|self|`, or `None` for `i64::MIN` (never produced inside the solver).
    pub fn abs(self) -> Option<Q> {
        Some(Q {
            n: self.n.checked_abs()?,
            d: self.d,
        })
    }

    /// `1/self`; `None` for zero.
    pub fn recip(self) -> Option<Q> {
        // Already reduced: only the sign moves to the numerator.
        match self.n.cmp(&0) {
            Ordering::Equal => None,
            Ordering::Greater => Some(Q {
                n: self.d,
                d: self.n,
            }),
            Ordering::Less => Some(Q {
                n: self.d.checked_neg()?,
                d: self.n.checked_neg()?,
            }),
        }
    }

    /// Nearest `f64`, for display and Parquet float columns only: never for decisions.
    pub fn to_f64(self) -> f64 {
        self.n as f64 / self.d as f64
    }

    /// `|self - o|`, exactly.
    pub fn distance(self, o: Q) -> Option<Q> {
        self.checked_sub(o)?.abs()
    }
}

fn gcd128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Ord for Q {
    #[inline]
    fn cmp(&self, o: &Q) -> Ordering {
        if self.d == o.d {
            return self.n.cmp(&o.n);
        }
        (self.n as i128 * o.d as i128).cmp(&(o.n as i128 * self.d as i128))
    }
}

impl PartialOrd for Q {
    #[inline]
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl From<i64> for Q {
    fn from(n: i64) -> Q {
        Q::int(n)
    }
}

impl fmt::Display for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.d == 1 {
            write!(f, "{}", self.n)
        } else {
            write!(f, "{}/{}", self.n, self.d)
        }
    }
}

impl FromStr for Q {
    type Err = InputError;

    /// Parses `n` or `p/q` in decimal, with an optional sign.
    fn from_str(s: &str) -> Result<Q, InputError> {
        let bad = |e: &ParseIntError| match e.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => InputError::TooLarge(shown(s)),
            _ => InputError::BadNumber(shown(s)),
        };
        let s_trim = s.trim();
        let (p, q) = match s_trim.split_once('/') {
            Some((p, q)) => (p.trim(), q.trim()),
            None => (s_trim, "1"),
        };
        let p: i64 = p.parse().map_err(|e| bad(&e))?;
        let q: i64 = q.parse().map_err(|e| bad(&e))?;
        if q == 0 {
            return Err(InputError::ZeroDenominator(shown(s)));
        }
        // Only -2^63 / -1 does not fit once reduced.
        Q::new(p, q).ok_or_else(|| InputError::TooLarge(shown(s)))
    }
}

/// An upper bound on `|numerator| + |denominator|` of every value any
/// expression over `cards` can take, and of every number the solver computes
/// while matching it against `target`: `(|tn| + td) * prod(|c| + 1)`.
///
/// Why it holds: for `x = a/b` and `y = c/d`, each of `x+y`, `x-y`, `x*y`, `x/y`
/// has (unreduced) numerator and denominator with `|num| + |den| <= (|a|+|b|)(|c|+|d|)`,
/// and a card `c` starts at `|c| + 1`. So when the bound fits in `i64`, no
/// intermediate, and no cross product `a*d` formed in `i128`, can overflow.
/// Returns `None` if the bound itself overflows `u128`.
pub fn height_bound(cards: &[i64], target: Q) -> Option<u128> {
    let mut h: u128 = target.n.unsigned_abs() as u128 + target.d as u128;
    for &c in cards {
        h = h.checked_mul(c.unsigned_abs() as u128 + 1)?;
    }
    Some(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n, d).unwrap()
    }

    #[test]
    fn reduces_and_normalises_sign() {
        assert_eq!(q(6, -4), q(-3, 2));
        assert_eq!(q(-6, -4).to_string(), "3/2");
        assert_eq!(q(0, -5), Q::ZERO);
    }

    #[test]
    fn arithmetic_is_exact() {
        // 8 / (3 - 8/3) = 24
        let r = Q::int(8)
            .checked_div(Q::int(3).checked_sub(q(8, 3)).unwrap())
            .unwrap();
        assert_eq!(r, Q::int(24));
        assert_eq!(q(1, 3).checked_add(q(1, 6)).unwrap(), q(1, 2));
        assert_eq!(q(2, 3).checked_mul(q(9, 4)).unwrap(), q(3, 2));
        assert!(Q::ONE.checked_div(Q::ZERO).is_none());
    }

    #[test]
    fn overflow_is_none_not_wrong() {
        assert!(Q::int(i64::MAX).checked_add(Q::ONE).is_none());
        assert!(Q::int(i64::MAX).checked_mul(Q::int(2)).is_none());
        assert!(Q::int(i64::MIN).checked_neg().is_none());
    }

    #[test]
    fn shortcuts_agree_with_the_general_reduction() {
        // `checked_add`, `checked_sub` and `checked_div` skip the reduction
        // when an operand is an integer; the general formula must agree,
        // overflow included.
        let big = [
            i64::MIN,
            i64::MIN + 1,
            i64::MAX - 1,
            i64::MAX,
            1 << 40,
            -(1 << 40),
        ];
        let mut vals: Vec<Q> = Vec::new();
        for n in (-13..=13).chain(big) {
            for d in [1, 2, 3, 4, 6, 7, 12, 13, 1 << 31, i64::MAX] {
                if let Some(v) = Q::new(n, d) {
                    vals.push(v);
                }
            }
        }
        for &a in &vals {
            for &b in &vals {
                let (an, ad, bn, bd) = (a.n as i128, a.d as i128, b.n as i128, b.d as i128);
                assert_eq!(a.checked_add(b), Q::from_i128(an * bd + bn * ad, ad * bd));
                assert_eq!(a.checked_sub(b), Q::from_i128(an * bd - bn * ad, ad * bd));
                assert_eq!(a.checked_div(b), Q::from_i128(an * bd, ad * bn));
            }
        }
    }

    #[test]
    fn ordering_is_by_value() {
        assert!(q(1, 3) < q(1, 2));
        assert!(q(-1, 2) < q(-1, 3));
        assert_eq!(q(2, 4).cmp(&q(1, 2)), Ordering::Equal);
    }

    #[test]
    fn parses_integers_and_fractions() {
        assert_eq!("24".parse::<Q>().unwrap(), Q::int(24));
        assert_eq!("-3/6".parse::<Q>().unwrap(), q(-1, 2));
        assert!(matches!(
            "1/0".parse::<Q>(),
            Err(InputError::ZeroDenominator(_))
        ));
        assert!(matches!("x".parse::<Q>(), Err(InputError::BadNumber(_))));
        assert_eq!(
            "99999999999999999999".parse::<Q>(),
            Err(InputError::TooLarge("99999999999999999999".into()))
        );
        assert!(matches!(
            "-9223372036854775808/-1".parse::<Q>(),
            Err(InputError::TooLarge(_))
        ));
    }

    #[test]
    fn gcd_matches_euclid() {
        for a in 0..60u64 {
            for b in 0..60u64 {
                assert_eq!(gcd(a, b) as u128, gcd128(a as u128, b as u128), "{a} {b}");
            }
        }
    }
}
