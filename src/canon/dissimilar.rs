//! The dissimilar level: structural classes that differ only in a neutral
//! part are one solution.
//!
//! The rule, applied bottom-up to the normal form (see [`super::form`]):
//!
//! - at every **sum**, remove the largest set of terms whose signed values add
//!   up to 0 (a part worth 0 that is added or subtracted, `+7-7`, `+(5-5)`);
//! - at every **product**, remove the largest set of factors whose values,
//!   multiplied or divided as they stand, give 1 (a part worth 1 that
//!   multiplies or divides, `*1`, `/1`, `*7/7`, `*(5-4)`) or -1 (the same part
//!   with the sign the normal form moved out of a difference);
//!
//! "Largest" counts cards; a node never loses all its operands; when two sets
//! of the same size qualify, the one leaving the smaller canonical key goes.
//! After a removal the node is normalised again (a product left with one
//! factor becomes that factor, and a sum inside a sum is flattened), and its
//! parent is reduced next. What remains is the *core*: two structural classes
//! are one dissimilar solution exactly when their cores have the same key.
//! Where the neutral part sat, and whether it multiplied or divided, is gone
//! from the core, so `5*5-1*1`, `5*5-1/1`, `(5*5-1)*1`, `(5*5-1)/1` and
//! `5*5*1-1` all reduce to `5*5-1`; a self-cancelling pair is a removable
//! set of its own, so `4*6*7/7` and `4*6+7-7` both reduce to `4*6`.

use std::rc::Rc;

use super::form::{Form, Kind, Node, Part, make_prod, make_sum};
use crate::game::number::Q;

/// The key of the core of `form`; without a neutral part anywhere (the
/// common case, checked on values alone) that is the form's own key.
pub(crate) fn core_key(form: &Form) -> String {
    core_key_if_neutral(form).unwrap_or_else(|| form.key())
}

/// The key of the core of `form` when that differs from the form's own key
/// (some part is neutral); `None` otherwise, without building a key.
pub(crate) fn core_key_if_neutral(form: &Form) -> Option<String> {
    has_neutral(&form.node).then(|| core(form).key())
}

/// Whether some sum or product under `node` has a neutral set of operands.
fn has_neutral(node: &Node) -> bool {
    // Nodes are shared between the classes of a sweep: each is checked once.
    *node.neutral.get_or_init(|| has_neutral_uncached(node))
}

fn has_neutral_uncached(node: &Node) -> bool {
    let (parts, sum) = match &node.kind {
        Kind::Leaf(_) => return false,
        Kind::Sum(parts) => (parts, true),
        Kind::Prod(parts) => (parts, false),
    };
    let n = parts.len();
    parts.iter().any(|p| has_neutral(&p.node))
        || ((2..=16).contains(&n)
            && (1..(1u32 << n) - 1).any(|set| neutral(parts, set, sum).is_some()))
}

/// The core of a normal form: its neutral parts removed.
pub(crate) fn core(form: &Form) -> Form {
    let c = reduce(&form.node);
    if form.neg { c.negate() } else { c }
}

fn reduce(node: &Rc<Node>) -> Form {
    // Without a neutral part below, reducing would rebuild the node as it is.
    if !has_neutral(node) {
        return Form {
            neg: false,
            node: node.clone(),
        };
    }
    match &node.kind {
        Kind::Leaf(_) => Form {
            neg: false,
            node: node.clone(),
        },
        Kind::Sum(parts) => {
            let mut terms = Vec::with_capacity(parts.len());
            for p in parts {
                reduce(&p.node).push_terms(p.flip, &mut terms);
            }
            let keep = neutral_free(&terms, true);
            make_sum(keep.into_iter().map(|(p, _)| p).collect())
        }
        Kind::Prod(parts) => {
            let mut factors = Vec::with_capacity(parts.len());
            let mut neg = false;
            for p in parts {
                reduce(&p.node).push_factors(p.flip, &mut factors, &mut neg);
            }
            let keep = neutral_free(&factors, false);
            let flip = keep.iter().any(|(_, f)| *f);
            make_prod(keep.into_iter().map(|(p, _)| p).collect(), neg ^ flip)
        }
    }
}

/// The operands left after removing the largest neutral set; each comes with
/// a flag, set on the first one when the removed factors were worth -1 (the
/// product's sign must then flip).
fn neutral_free(parts: &[Part], sum: bool) -> Vec<(Part, bool)> {
    let n = parts.len();
    let all = |flip: bool| parts.iter().map(|p| (p.clone(), flip)).collect::<Vec<_>>();
    if !(2..=16).contains(&n) {
        return all(false);
    }
    let full = (1u32 << n) - 1;
    // (cards removed, key left, removed set, sign flips)
    let mut best: Option<(u32, String, u32, bool)> = None;
    for set in 1..full {
        let Some(flip) = neutral(parts, set, sum) else {
            continue;
        };
        let cards: u32 = (0..n)
            .filter(|i| set >> i & 1 == 1)
            .map(|i| parts[i].node.cards)
            .sum();
        if best.as_ref().is_some_and(|b| b.0 > cards) {
            continue;
        }
        let left: Vec<Part> = (0..n)
            .filter(|i| set >> i & 1 == 0)
            .map(|i| parts[i].clone())
            .collect();
        let key = if sum {
            make_sum(left).key()
        } else {
            make_prod(left, false).key()
        };
        let better = match &best {
            None => true,
            Some(b) => cards > b.0 || key < b.1,
        };
        if better {
            best = Some((cards, key, set, flip));
        }
    }
    match best {
        None => all(false),
        Some((_, _, set, flip)) => (0..n)
            .filter(|i| set >> i & 1 == 0)
            .enumerate()
            .map(|(k, i)| (parts[i].clone(), flip && k == 0))
            .collect(),
    }
}

/// Whether the operands in `set` form a neutral part: `Some(false)` when they
/// are worth 0 (sum) or 1 (product), `Some(true)` when a product is worth -1.
fn neutral(parts: &[Part], set: u32, sum: bool) -> Option<bool> {
    let mut acc = if sum { Q::ZERO } else { Q::ONE };
    for (i, p) in parts.iter().enumerate() {
        if set >> i & 1 == 0 {
            continue;
        }
        let v = p.node.value?;
        acc = match (sum, p.flip) {
            (true, false) => acc.checked_add(v)?,
            (true, true) => acc.checked_sub(v)?,
            (false, false) => acc.checked_mul(v)?,
            (false, true) => acc.checked_div(v)?,
        };
    }
    if sum {
        acc.is_zero().then_some(false)
    } else if acc == Q::ONE {
        Some(false)
    } else if acc == Q::int(-1) {
        Some(true)
    } else {
        None
    }
}
