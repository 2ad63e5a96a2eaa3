//! The name the sweep calls for the report of a reach table it has just
//! written. The report itself is made like every other: found and written
//! by `files`, read by `query::reach`, rendered by `render::reach`.

pub use super::files::write_reach_report;
