//! The real control plane on a millisecond clock, beyond the lesson (issue 31's HA rules live in [`ha`]).

pub mod ha;
