//! Which of a hand's cards a solution uses: every card (the 24 game) or any
//! selection (Countdown).
//!
//! It sits below the errors, one of which (a hand too hard to search) names
//! it; parsing a name into it, an input error, is in the rules module,
//! beside the parsing of rule sets.

use crate::game::named::named;

named! {
    /// Which of a hand's cards a solution uses.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    #[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
    pub enum Use {
        /// Every card exactly once (the 24 game).
        #[default]
        All => "all",
        /// Any non-empty selection of the cards, each at most once (the
        /// Countdown numbers round).
        Any => "any",
    }
}
