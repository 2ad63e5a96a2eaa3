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

use super::form::{Arena, Form, Kind, NodeId, Part};
use crate::game::number::Q;

/// The key of the core of `form`; without a neutral part anywhere (the
/// common case, checked on values alone) that is the form's own key.
pub(crate) fn core_key(arena: &mut Arena, form: Form) -> String {
    let c = core(arena, form);
    arena.key(c)
}

/// The core of `form` when it differs from the form (some part is
/// neutral); `None` otherwise.
pub(crate) fn core_if_neutral(arena: &mut Arena, form: Form) -> Option<Form> {
    has_neutral(arena, form.node).then(|| core(arena, form))
}

/// Whether some sum or product under `node` has a neutral set of operands.
fn has_neutral(arena: &Arena, node: NodeId) -> bool {
    // Nodes are shared between the classes of a sweep: each is checked once.
    let cell = &arena.node(node).neutral;
    if cell.get() == 0 {
        cell.set(1 + has_neutral_uncached(arena, node) as u8);
    }
    cell.get() == 2
}

fn has_neutral_uncached(arena: &Arena, node: NodeId) -> bool {
    let sum = match arena.node(node).kind {
        Kind::Leaf(_) => return false,
        Kind::Sum => true,
        Kind::Prod => false,
    };
    let parts = arena.parts(node);
    let n = parts.len();
    parts.iter().any(|p| has_neutral(arena, p.node))
        || ((2..=16).contains(&n)
            && (1..(1u32 << n) - 1).any(|set| neutral(arena, parts, set, sum).is_some()))
}

/// The core of a normal form: its neutral parts removed.
pub(crate) fn core(arena: &mut Arena, form: Form) -> Form {
    let c = reduce(arena, form.node);
    if form.neg { arena.negate(c) } else { c }
}

fn reduce(arena: &mut Arena, node: NodeId) -> Form {
    // Without a neutral part below, reducing would rebuild the node as it is.
    if !has_neutral(arena, node) {
        return Form { neg: false, node };
    }
    // Nodes are shared between classes: each is reduced once.
    if let Some(core) = arena.node(node).core.get() {
        return core;
    }
    let core = reduce_uncached(arena, node);
    arena.node(node).core.set(Some(core));
    core
}

fn reduce_uncached(arena: &mut Arena, node: NodeId) -> Form {
    let sum = match arena.node(node).kind {
        Kind::Leaf(_) => return Form { neg: false, node },
        Kind::Sum => true,
        Kind::Prod => false,
    };
    let parts = arena.parts(node).to_vec();
    let mut operands = Vec::with_capacity(parts.len());
    let mut neg = false;
    for p in parts {
        let r = reduce(arena, p.node);
        if sum {
            arena.push_terms(r, p.flip, &mut operands);
        } else {
            arena.push_factors(r, p.flip, &mut operands, &mut neg);
        }
    }
    let (mut keep, flip) = neutral_free(arena, &operands, sum);
    if sum {
        arena.make_sum(&mut keep)
    } else {
        arena.make_prod(&mut keep, neg ^ flip)
    }
}

/// The operands left after removing the largest neutral set, and whether the
/// removed factors were worth -1 (the product's sign must then flip).
fn neutral_free(arena: &mut Arena, parts: &[Part], sum: bool) -> (Vec<Part>, bool) {
    let n = parts.len();
    if !(2..=16).contains(&n) {
        return (parts.to_vec(), false);
    }
    let full = (1u32 << n) - 1;
    // (cards removed, form left, removed set, sign flips)
    let mut best: Option<(u32, Form, u32, bool)> = None;
    for set in 1..full {
        let Some(flip) = neutral(arena, parts, set, sum) else {
            continue;
        };
        let cards: u32 = (0..n)
            .filter(|i| set >> i & 1 == 1)
            .map(|i| arena.node(parts[i].node).cards)
            .sum();
        if best.as_ref().is_some_and(|b| b.0 > cards) {
            continue;
        }
        let mut left: Vec<Part> = (0..n)
            .filter(|i| set >> i & 1 == 0)
            .map(|i| parts[i])
            .collect();
        let form = if sum {
            arena.make_sum(&mut left)
        } else {
            arena.make_prod(&mut left, false)
        };
        let better = match &best {
            None => true,
            Some(b) => cards > b.0 || arena.cmp_keys(form, b.1).is_lt(),
        };
        if better {
            best = Some((cards, form, set, flip));
        }
    }
    match best {
        None => (parts.to_vec(), false),
        Some((_, _, set, flip)) => (
            (0..n)
                .filter(|i| set >> i & 1 == 0)
                .map(|i| parts[i])
                .collect(),
            flip,
        ),
    }
}

/// Whether the operands in `set` form a neutral part: `Some(false)` when they
/// are worth 0 (sum) or 1 (product), `Some(true)` when a product is worth -1.
fn neutral(arena: &Arena, parts: &[Part], set: u32, sum: bool) -> Option<bool> {
    let mut acc = if sum { Q::ZERO } else { Q::ONE };
    for (i, p) in parts.iter().enumerate() {
        if set >> i & 1 == 0 {
            continue;
        }
        let v = arena.node(p.node).value?;
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
