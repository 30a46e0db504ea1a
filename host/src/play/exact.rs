//! Exact adjudication: ends a game as soon as its result is known for sure — by the
//! checkers endgame tables, or by the game's own exact solver (Dots-and-Boxes with
//! few undrawn edges, an Amazons board split into territories; see core's
//! `Playable::solve`). The verdict is the result with best play by both sides.

use std::path::Path;
use std::sync::Arc;

use microply_core::games::AnyPosition;
use microply_core::player::{Outcome, Player};
use microply_core::search::{Entry, Table};
use microply_core::{with_position, Playable};

use crate::egtb::{Tablebase, TablebaseError, Wdl};

use super::termination::Termination;

/// Table entries lent to the solvers (the Dots solver's table; 1 MiB).
const SOLVER_ENTRIES: usize = 1 << 16;

/// The exact judge of one game.
pub struct ExactJudge {
    tables: Option<Arc<Tablebase>>,
    tt: Vec<Entry>,
}

impl ExactJudge {
    /// A judge that probes the checkers tables in `egtb` (if given) and runs the solvers.
    ///
    /// # Errors
    /// The tables cannot be loaded.
    pub fn new(egtb: Option<&Path>) -> Result<ExactJudge, TablebaseError> {
        Ok(ExactJudge {
            tables: egtb.map(crate::egtb::shared).transpose()?,
            tt: vec![Entry::default(); SOLVER_ENTRIES],
        })
    }

    /// The proven result of `pos`, and what proved it; `None` when unknown.
    pub fn verdict(&mut self, pos: &AnyPosition) -> Option<(Outcome, Termination)> {
        if let (AnyPosition::Checkers(p), Some(tables)) = (pos, &self.tables) {
            let mover = microply_core::Game::side_to_move(p);
            let outcome = match tables.probe(p)?.wdl() {
                Wdl::Win => Outcome::Win(mover),
                Wdl::Loss => Outcome::Win(mover.other()),
                Wdl::Draw => Outcome::Draw,
            };
            return Some((outcome, Termination::Tablebase));
        }
        let (mover, score) = with_position!(pos, G, p => {
            let solution = <G as Playable>::solve(p, &mut Table::new(&mut self.tt))?;
            (microply_core::Game::side_to_move(p), solution.score)
        });
        let outcome = match score.raw().signum() {
            1 => Outcome::Win(mover),
            -1 => Outcome::Win(mover.other()),
            _ => Outcome::Draw,
        };
        Some((outcome, Termination::Solver))
    }
}

impl std::fmt::Debug for ExactJudge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExactJudge")
            .field("tables", &self.tables.is_some())
            .finish()
    }
}

/// `Player` of a 0/1 index (0: the player who moved first).
#[must_use]
pub fn player_of(index: usize) -> Player {
    if index == 0 {
        Player::First
    } else {
        Player::Second
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::referee::Referee;
    use microply_core::games::GameKind;

    #[test]
    fn the_dots_solver_settles_a_small_board_and_checkers_needs_tables() {
        let mut judge = ExactJudge::new(None).unwrap();
        // 2×2 boxes: 12 edges, within the solver's 14. The published value of the
        // empty 2×2 board is a first-player margin of +2 (Berlekamp; docs/dots.md).
        let two = Referee::new(GameKind::Dots, "rows=2 cols=2").unwrap();
        let (outcome, how) = judge.verdict(two.position()).expect("solved");
        assert_eq!(how, Termination::Solver);
        assert_eq!(outcome, Outcome::Win(Player::First));
        // 3×3 (24 edges) is beyond it, and checkers without tables is unknown.
        let three = Referee::new(GameKind::Dots, "rows=3 cols=3").unwrap();
        assert_eq!(judge.verdict(three.position()), None);
        let kings = Referee::from_fen(GameKind::Checkers, "", "W:WK7,K18,28:BK19,K31").unwrap();
        assert_eq!(judge.verdict(kings.position()), None);
        let ttt = Referee::new(GameKind::TicTacToe, "").unwrap();
        assert_eq!(judge.verdict(ttt.position()), None);
    }

    #[test]
    fn checkers_tables_adjudicate_what_they_hold() {
        let dir = tempfile::tempdir().unwrap();
        Tablebase::new(crate::egtb::solve(3).unwrap().tables)
            .write(dir.path())
            .unwrap();
        let mut judge = ExactJudge::new(Some(dir.path())).unwrap();
        // A king and a man against a king, White to move: lost for White
        // (the tables' own test in egtb/oracle.rs), so Black, the first player, wins.
        let lost = Referee::from_fen(GameKind::Checkers, "", "W:WK14:BK19,28").unwrap();
        assert_eq!(
            judge.verdict(lost.position()),
            Some((Outcome::Win(Player::First), Termination::Tablebase))
        );
        // Four pieces are beyond 3-piece tables: no verdict.
        let four = Referee::from_fen(GameKind::Checkers, "", "W:WK14,K2:BK19,28").unwrap();
        assert_eq!(judge.verdict(four.position()), None);
        assert!(ExactJudge::new(Some(Path::new("/nonexistent/tables"))).is_err());
    }
}
