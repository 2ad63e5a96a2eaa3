//! Witness trees of structural classes: one expression per class, found by
//! the search, kept in an arena of shared subtrees so that building one for
//! every candidate allocates nothing of its own.
//!
//! The search keeps, for each class, the smallest witness in the structural
//! order of trees (a card before an operation, cards by value, operations by
//! operator, then left, then right subtree): which candidate comes first
//! depends on what a solver met before, so the choice must not. Like the
//! nodes of [`super::form::Arena`], trees of many cards live in a region that
//! is emptied when the next hand starts.

use std::cmp::Ordering;

use crate::game::expr::{Expr, Op};

/// A tree of a [`Witnesses`] arena; the top bit names its region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TreeId(u32);

const LOCAL: u32 = 1 << 31;

#[derive(Clone, Copy, Debug)]
enum Tree {
    Card(i64),
    Bin(Op, TreeId, TreeId),
}

/// Every witness tree built so far.
#[derive(Debug, Default)]
pub(crate) struct Witnesses {
    regions: [Vec<Tree>; 2],
}

impl Witnesses {
    fn get(&self, id: TreeId) -> Tree {
        self.regions[(id.0 >> 31) as usize][(id.0 & !LOCAL) as usize]
    }

    fn push(&mut self, t: Tree, local: bool) -> TreeId {
        let r = &mut self.regions[local as usize];
        let id = TreeId(r.len() as u32 | if local { LOCAL } else { 0 });
        r.push(t);
        id
    }

    /// The tree of one card.
    pub fn card(&mut self, v: i64) -> TreeId {
        self.push(Tree::Card(v), false)
    }

    /// The tree `l op r`, in the per-hand region when `local`.
    pub fn bin(&mut self, op: Op, l: TreeId, r: TreeId, local: bool) -> TreeId {
        self.push(Tree::Bin(op, l, r), local)
    }

    /// Forget the per-hand region.
    pub fn start_hand(&mut self) {
        self.regions[1].clear();
    }

    /// Forget every tree.
    pub fn clear(&mut self) {
        self.regions[0].clear();
        self.regions[1].clear();
    }

    /// The structural order of two trees.
    pub fn cmp(&self, a: TreeId, b: TreeId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        match (self.get(a), self.get(b)) {
            (Tree::Card(x), Tree::Card(y)) => x.cmp(&y),
            (Tree::Card(_), Tree::Bin(..)) => Ordering::Less,
            (Tree::Bin(..), Tree::Card(_)) => Ordering::Greater,
            (Tree::Bin(o1, l1, r1), Tree::Bin(o2, l2, r2)) => o1
                .cmp(&o2)
                .then_with(|| self.cmp(l1, l2))
                .then_with(|| self.cmp(r1, r2)),
        }
    }

    pub fn to_expr(&self, id: TreeId) -> Expr {
        match self.get(id) {
            Tree::Card(v) => Expr::Card(v),
            Tree::Bin(op, l, r) => Expr::bin(op, self.to_expr(l), self.to_expr(r)),
        }
    }
}
