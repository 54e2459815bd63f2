//! The real control plane on a millisecond clock, beyond the lesson (issue 31's HA rules live in [`ha`]).
//! A real cluster's audit log, read and written, is in [`audit`] (issue 32).

pub mod audit;
pub mod ha;
