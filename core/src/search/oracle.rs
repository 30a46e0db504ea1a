//! What a search may know about a position without searching it: the oracle hook of
//! the one negamax kernel.
//!
//! Before it expands a node (below the root), every algorithm asks the search's
//! [`Oracle`]. An oracle answers with the exact value ([`Known::Exact`]: a solved
//! endgame, a database entry) or with bounds on it ([`Known::Within`]: "at most the
//! boxes still on the board"), or not at all. An exact value ends the node like a
//! finished game; bounds end it when they fall outside the node's window (fail-soft,
//! as a table hit does). Values are scored like any other, root-relative: proven
//! results by [`Score::win_in`]/[`Score::loss_in`] with the node's ply.
//!
//! The games provide oracles of their own (the Dots-and-Boxes solver's loony-endgame
//! values, [`crate::games::dots::solve`]) and the host provides others (the checkers
//! endgame databases) through a `&dyn Oracle<G>`, so the core needs no allocation and
//! no knowledge of where the answer comes from. [`NoOracle`] knows nothing: a search
//! with it is exactly the plain search.

use crate::score::Score;

/// A database or rule set's value of a `G` position, for the side to move.
pub trait Oracle<G> {
    /// What is known about `pos`, `ply` plies from the root, without searching it.
    /// It must be a pure function of `pos` and `ply` (every target gets the same
    /// answers, so the same nodes).
    fn probe(&self, pos: &G, ply: u32) -> Option<Known>;
}

/// An oracle's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The position's value.
    Exact(Score),
    /// The value lies in `lower..=upper`.
    Within {
        /// The value is at least this.
        lower: Score,
        /// The value is at most this.
        upper: Score,
    },
}

impl Known {
    /// The score a node with window `(alpha, beta)` returns without search: the
    /// exact value, or a bound outside the window.
    #[must_use]
    pub fn cutoff(self, alpha: Score, beta: Score) -> Option<Score> {
        match self {
            Known::Exact(s) => Some(s),
            Known::Within { lower, .. } if lower >= beta => Some(lower),
            Known::Within { upper, .. } if upper <= alpha => Some(upper),
            Known::Within { .. } => None,
        }
    }
}

/// The oracle that knows nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOracle;

impl<G> Oracle<G> for NoOracle {
    fn probe(&self, _: &G, _: u32) -> Option<Known> {
        None
    }
}

impl<G, O: Oracle<G> + ?Sized> Oracle<G> for &O {
    fn probe(&self, pos: &G, ply: u32) -> Option<Known> {
        (**self).probe(pos, ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tictactoe::{Cell, OpenLines, TicTacToe};
    use crate::search::{
        search, search_with, Algorithm, Entry, Knowledge, Limits, NoClock, Settings, Table,
    };

    #[test]
    fn bounds_cut_only_outside_the_window() {
        let within = Known::Within {
            lower: Score::units(-2),
            upper: Score::units(3),
        };
        assert_eq!(within.cutoff(Score::units(-5), Score::units(5)), None);
        assert_eq!(
            within.cutoff(Score::units(3), Score::units(4)),
            Some(Score::units(3))
        );
        assert_eq!(
            within.cutoff(Score::units(-9), Score::units(-2)),
            Some(Score::units(-2))
        );
        let exact = Known::Exact(Score::units(1));
        assert_eq!(
            exact.cutoff(-Score::INFINITY, Score::INFINITY),
            Some(Score::units(1))
        );
    }

    /// Tic-tac-toe solved by a full minimax below 6 empty cells (and only there).
    struct Endgames;

    impl Oracle<TicTacToe> for Endgames {
        fn probe(&self, pos: &TicTacToe, ply: u32) -> Option<Known> {
            if pos.empty().len() >= 6 {
                return None;
            }
            let mut stack = [Cell::default(); 64];
            let settings = Settings {
                algorithm: Algorithm::Minimax,
                limits: Limits::depth(9),
                iterative: false,
                ..Settings::default()
            };
            let r = search(
                pos,
                &OpenLines,
                &mut Table::new(&mut []),
                &mut stack,
                &settings,
                &NoClock,
                |_| {},
            );
            // Re-rooted: the search's plies count from `pos`, the oracle's from the root.
            r.ok()?.score.map(|s| Known::Exact(s.from_table(ply)))
        }
    }

    #[test]
    fn every_algorithm_uses_the_oracle_below_the_root_and_still_agrees() {
        let knowledge = Knowledge::new(&OpenLines, &Endgames);
        let mut reference = None;
        for algorithm in Algorithm::ALL {
            let mut memory = [Entry::EMPTY; 1024];
            let mut stack = [Cell::default(); 64];
            let settings = Settings {
                algorithm,
                limits: Limits::depth(9),
                ..Settings::default()
            };
            let mut tt = Table::new(&mut memory);
            let with = search_with(
                &TicTacToe::START,
                &knowledge,
                &mut tt,
                &mut stack,
                &settings,
                &NoClock,
                |_| {},
            )
            .unwrap();
            let mut tt = Table::new(&mut memory);
            let plain = search(
                &TicTacToe::START,
                &OpenLines,
                &mut tt,
                &mut stack,
                &settings,
                &NoClock,
                |_| {},
            )
            .unwrap();
            // The value is tic-tac-toe's (a draw) with or without the oracle, and the
            // oracle ends the tree after four plies, so fewer nodes are searched.
            assert_eq!(with.score, Some(Score::ZERO), "{algorithm}");
            assert_eq!(with.score, plain.score, "{algorithm}");
            assert!(with.stats.nodes < plain.stats.nodes, "{algorithm}");
            let r = *reference.get_or_insert(with.score);
            assert_eq!(with.score, r, "{algorithm}");
        }
    }

    #[test]
    fn the_root_is_never_answered() {
        struct Always;
        impl Oracle<TicTacToe> for Always {
            fn probe(&self, _: &TicTacToe, _: u32) -> Option<Known> {
                Some(Known::Exact(Score::units(3)))
            }
        }
        let mut stack = [Cell::default(); 64];
        let settings = Settings {
            limits: Limits::depth(4),
            ..Settings::default()
        };
        let knowledge = Knowledge::new(&OpenLines, &Always);
        let r = search_with(
            &TicTacToe::START,
            &knowledge,
            &mut Table::new(&mut []),
            &mut stack,
            &settings,
            &NoClock,
            |_| {},
        )
        .unwrap();
        // Every child scores 3 for its mover, so the root -3, with a move; the children
        // are never expanded.
        assert_eq!(r.score, Some(Score::units(-3)));
        assert!(r.best.is_some());
        assert!(r.stats.leaf_evals == 0);
    }
}
