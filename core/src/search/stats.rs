//! Counters a search keeps, per iteration and in total.

use core::ops::{Add, Sub};

/// Search counters. All are exact and deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Stats {
    /// Positions visited (every call of a search function, root included).
    pub nodes: u64,
    /// Static evaluations at the horizon.
    pub leaf_evals: u64,
    /// Transposition table look-ups.
    pub tt_probes: u64,
    /// Look-ups that found an entry for the position.
    pub tt_hits: u64,
    /// Null-window alpha-beta calls made by MTD(f) and AB-SSS\* drivers.
    pub mt_calls: u64,
}

impl Add for Stats {
    type Output = Stats;
    fn add(self, o: Stats) -> Stats {
        Stats {
            nodes: self.nodes + o.nodes,
            leaf_evals: self.leaf_evals + o.leaf_evals,
            tt_probes: self.tt_probes + o.tt_probes,
            tt_hits: self.tt_hits + o.tt_hits,
            mt_calls: self.mt_calls + o.mt_calls,
        }
    }
}

impl Sub for Stats {
    type Output = Stats;
    fn sub(self, o: Stats) -> Stats {
        Stats {
            nodes: self.nodes - o.nodes,
            leaf_evals: self.leaf_evals - o.leaf_evals,
            tt_probes: self.tt_probes - o.tt_probes,
            tt_hits: self.tt_hits - o.tt_hits,
            mt_calls: self.mt_calls - o.mt_calls,
        }
    }
}
