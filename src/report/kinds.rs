//! The reading side of every kind of table: one [`KindReport`] per kind,
//! each in its own file under `kinds/`, listed once here in the
//! registry's order ([`crate::tables::registry::KINDS`]).
//! [`crate::report::files`] loops over them, so a report names no kind.

use crate::report::kind::KindReport;

pub mod large_sets;
pub mod one_target;
pub mod reach;

/// The reading side of every kind of table, in the registry's order: a
/// new kind adds its [`KindReport`] here.
pub fn readers() -> Vec<Box<dyn KindReport>> {
    vec![
        Box::<one_target::OneTargetReport>::default(),
        Box::<reach::ReachReport>::default(),
        Box::<large_sets::LargeSetsReport>::default(),
    ]
}
