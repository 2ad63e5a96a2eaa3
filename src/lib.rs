//! census24 settles the "24 game" family by exhaustion.
//!
//! The data flow reads from the module names:
//! `hand -> solve -> canon -> table -> report`.
//!
//! - [`number`]: exact rationals; [`rules`]: which intermediates a game admits;
//!   [`hand`]: a validated multiset of cards; [`expr`]: expression trees.
//! - [`solve`]: the exact subset-DP solver for one hand (and `--closest`).

pub mod bighand;
pub mod canon;
pub mod census;
#[cfg(feature = "tables")]
pub mod cli;
#[cfg(feature = "tables")]
pub mod cmd;
pub mod difficulty;
pub mod enumerate;
pub mod error;
pub mod expr;
pub mod hand;
pub mod layout;
pub mod manifest;
#[cfg(feature = "tables")]
pub mod merge;
pub mod number;
pub mod progress;
#[cfg(feature = "tables")]
pub mod rank;
pub mod report;
pub mod rows;
pub mod rules;
pub mod solve;
#[cfg(feature = "tables")]
pub mod store;
#[cfg(feature = "tables")]
pub mod sweep;
#[cfg(feature = "tables")]
pub mod table;

pub use canon::{Class, Distinct, Solutions, solutions};
pub use error::{EvalError, InputError};
pub use expr::{Expr, Op};
pub use hand::Hand;
pub use number::Q;
pub use rules::Rules;
pub use solve::{Closest, Outcome, solve, solve_closest};
