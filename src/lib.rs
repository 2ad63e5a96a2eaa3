//! census24 settles the "24 game" family by exhaustion.
//!
//! The data flow reads from the module names:
//! `hand -> solve -> canon -> table -> report`.
//!
//! - [`number`]: exact rationals; [`rules`]: which intermediates a game admits;
//!   [`hand`]: a validated multiset of cards; [`expr`]: expression trees.
//! - [`solve`]: the exact subset-DP solver for one hand (and `--closest`).

pub mod error;
pub mod expr;
pub mod hand;
pub mod layout;
pub mod number;
pub mod rules;
pub mod solve;
pub mod enumerate;

pub use error::{EvalError, InputError};
pub use expr::{Expr, Op};
pub use hand::Hand;
pub use number::Q;
pub use rules::Rules;
pub use solve::{Closest, Outcome, solve, solve_closest};
