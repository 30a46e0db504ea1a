//! The search mode: exact (every algorithm returns minimax's value), selective (the
//! pruning and extensions of playing engines) or ProbCut (the exact search with
//! ProbCut's forward pruning, the strongest in checkers at equal time).

use core::fmt;
use core::str::FromStr;

/// How much a search may deviate from the full-width tree.
///
/// - [`Mode::Exact`]: the full-width search every algorithm-equivalence test, bench
///   and paper experiment relies on; every algorithm returns minimax's value.
/// - [`Mode::Selective`]: aspiration windows at the root (alpha-beta and PVS; MTD(f)
///   and AB-SSS\* already search null windows), the history heuristic after the table
///   move and the killers, late-move reductions of quiet moves with a re-search when a
///   reduced move beats alpha, and one-ply extensions of the moves the game calls
///   forcing ([`Game::is_forcing`](crate::Game::is_forcing): in checkers a man
///   crowning). Values may then differ from minimax's. See
///   `docs/search.md`.
/// - [`Mode::ProbCut`]: the exact search with ProbCut's cut at null-window nodes
///   (a shallower search far outside the window settles the node: `probcut.rs`),
///   the history heuristic after the table move and the killers, and at null-window
///   nodes a one-ply late-move reduction of quiet moves, re-searched when they beat
///   alpha.
///   Values may differ from minimax's. PVS and alpha-beta use it (MTD(f) and
///   AB-SSS\* search exactly in this mode), and only games with a measured margin
///   ([`Game::PROBCUT_MARGIN`](crate::Game::PROBCUT_MARGIN): checkers). In checkers
///   it beat the exact search by +36 Elo at 1+0.01 and +48 at 2+0.02
///   (docs/checkers-strength.md, tests 61 and 63).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Mode {
    /// The full-width search (the default).
    #[default]
    Exact,
    /// Aspiration, history ordering, late-move reductions, extensions.
    Selective,
    /// The exact search plus ProbCut, history order and null-window reductions.
    ProbCut,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 3] = [Mode::Exact, Mode::Selective, Mode::ProbCut];

    /// The protocol name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Exact => "exact",
            Mode::Selective => "selective",
            Mode::ProbCut => "probcut",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not one of [`Mode::ALL`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownMode;

impl fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown search mode")?;
        crate::choices::expected(f, Mode::ALL.iter().map(|m| m.name()))
    }
}

impl core::error::Error for UnknownMode {}

impl FromStr for Mode {
    type Err = UnknownMode;
    fn from_str(s: &str) -> Result<Mode, UnknownMode> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or(UnknownMode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for m in Mode::ALL {
            assert_eq!(m.name().parse(), Ok(m));
        }
        assert_eq!("fast".parse::<Mode>(), Err(UnknownMode));
        assert_eq!(Mode::default(), Mode::Exact);
    }
}
