//! Solving one hand: is the target reachable, and how?
//!
//! [`exact`] decides any hand of up to [`MAX_EXACT_CARDS`] cards by dynamic
//! programming over its sub-multisets (and finds the closest reachable value
//! when asked); [`bighand`] solves hands of up to 64 cards by an exact core
//! plus a group worth zero, with proofs for its "no solution" answers.
//!
//! This layer uses only [`crate::game`]. It is pure: hands in, outcomes out.

pub mod bighand;
pub mod exact;

pub use crate::game::hand::MAX_EXACT_CARDS;
pub use exact::{Closest, Outcome, reachable_values, solve, solve_closest};
