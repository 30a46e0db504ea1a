//! Do the tables win what they call won? Won positions played out under the game's
//! rules (the 80-ply rule and threefold repetition included), the winner choosing
//! its moves with the tables (the fastest win) against a defender that uses the
//! tables too (the longest defence) or searches without them.
//!
//! Entries ignore the draw rules (docs/egtb.md), so a table win is converted only if
//! its fastest line fits in the rule; [`convert`] measures how often that happens.

use microply_core::games::checkers::{Baseline, Checkers, Config, Move};
use microply_core::rng::{below, SplitMix64};
use microply_core::search::{
    search_with, Algorithm, Entry, Knowledge, Limits, NoClock, NoOracle, Oracle, Settings, Table,
};
use microply_core::{Game, Outcome};

use super::index::{position, table_size};
use super::material::Material;
use super::tablebase::Tablebase;
use super::Dtw;

/// How the losing side defends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defence {
    /// With the tables: the longest defence.
    Tables,
    /// Without them: the baseline evaluator's search to this depth.
    Search(u32),
}

/// A won position and how its game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedOut {
    /// The start (the side to move wins by the tables).
    pub start: Checkers,
    /// The plies the tables give to the end.
    pub distance: u8,
    /// The game's result for the side to move at the start.
    pub result: Ending,
    /// Plies played.
    pub plies: u32,
}

/// What became of a won position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Won: converted.
    Won,
    /// Drawn by a rule.
    Drawn,
    /// Lost (never with correct tables).
    Lost,
}

/// At most this many plies a game (far beyond any distance a table stores).
const MAX_PLIES: u32 = 1000;

/// `count` won positions with exactly `pieces` pieces, seeded: a signature drawn
/// uniformly among those with `pieces` pieces and a table here, then a slot of it,
/// kept when the tables call it won for the side to move. Fewer when the tables
/// hold hardly any win (after `count × 1000` draws).
#[must_use]
pub fn won_positions(tables: &Tablebase, pieces: u8, count: usize, seed: u64) -> Vec<Checkers> {
    let mut materials: Vec<Material> = tables
        .tables()
        .map(super::Table::material)
        .filter(|m| m.pieces() == pieces)
        .collect();
    materials.sort();
    let mut rng = SplitMix64::new(seed);
    let mut found = Vec::with_capacity(count);
    if materials.is_empty() {
        return found;
    }
    for _ in 0..count.saturating_mul(1000) {
        if found.len() == count {
            break;
        }
        let m = &materials[below(&mut rng, materials.len() as u64) as usize];
        let Some(pos) =
            position(m, below(&mut rng, table_size(m))).and_then(|f| f.position(&Config::STANDARD))
        else {
            continue;
        };
        if matches!(tables.probe(&pos), Some(Dtw::Win(_))) && pos.outcome().is_none() {
            found.push(pos);
        }
    }
    found
}

/// Plays `start` (won for its side to move by the tables) out: the winner moves
/// with the tables, the loser as `defence` says.
#[must_use]
pub fn play_out(tables: &Tablebase, start: &Checkers, defence: Defence) -> PlayedOut {
    let winner = start.side_to_move();
    let distance = tables.probe(start).and_then(Dtw::plies).unwrap_or(0);
    let mut entries = vec![Entry::EMPTY; 1 << 16];
    let mut stack = vec![Move::default(); 4096];
    let mut pos = *start;
    let mut plies = 0;
    let result = loop {
        if let Some(outcome) = pos.outcome() {
            break match outcome {
                Outcome::Win(side) if side == winner => Ending::Won,
                Outcome::Win(_) => Ending::Lost,
                Outcome::Draw => Ending::Drawn,
            };
        }
        if plies >= MAX_PLIES {
            break Ending::Drawn;
        }
        let best = match (pos.side_to_move() == winner, defence) {
            (true, _) | (false, Defence::Tables) => {
                best_move(&pos, tables, 1, &mut entries, &mut stack)
            }
            (false, Defence::Search(depth)) => {
                best_move(&pos, &NoOracle, depth, &mut entries, &mut stack)
            }
        };
        let Some(best) = best else {
            break Ending::Drawn;
        };
        pos = pos.after(best);
        plies += 1;
    };
    PlayedOut {
        start: *start,
        distance,
        result,
        plies,
    }
}

/// Alpha-beta to `depth` with the baseline evaluator and `oracle`, from a cleared
/// table. With the tables and depth 1 every child is a table entry, so the move is
/// the fastest win (or the longest defence).
fn best_move(
    pos: &Checkers,
    oracle: &dyn Oracle<Checkers>,
    depth: u32,
    entries: &mut [Entry],
    stack: &mut [Move],
) -> Option<Move> {
    let settings = Settings {
        algorithm: Algorithm::AlphaBeta,
        limits: Limits::depth(depth),
        ..Settings::default()
    };
    let eval = Baseline::default();
    let knowledge = Knowledge::new(&eval, oracle);
    let mut tt = Table::new(entries);
    tt.clear();
    search_with(pos, &knowledge, &mut tt, stack, &settings, &NoClock, |_| {})
        .ok()?
        .best
}

/// `starts` played out in order, `done(i)` called after game `i` (progress).
#[must_use]
pub fn convert(
    tables: &Tablebase,
    starts: &[Checkers],
    defence: Defence,
    mut done: impl FnMut(usize),
) -> Vec<PlayedOut> {
    starts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let game = play_out(tables, p, defence);
            done(i);
            game
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use microply_core::Notation;

    use super::*;
    use crate::egtb::solve;

    fn up_to_three() -> &'static Tablebase {
        static TABLES: OnceLock<Tablebase> = OnceLock::new();
        TABLES.get_or_init(|| Tablebase::new(solve(3).unwrap().tables))
    }

    /// With both sides on the tables a won game lasts exactly the table's distance:
    /// the winner's moves bring the end one ply nearer each, the loser's cannot
    /// delay it. Every ≤3-piece win fits in the 80-ply rule.
    #[test]
    fn perfect_play_ends_in_the_tables_distance() {
        for pieces in [2, 3] {
            let starts = won_positions(up_to_three(), pieces, 60, 7);
            let games = convert(up_to_three(), &starts, Defence::Tables, |_| {});
            assert_eq!(games.len(), 60);
            for g in &games {
                let fen = g.start.display_fen();
                assert_eq!(g.result, Ending::Won, "{fen}");
                assert_eq!(g.plies, u32::from(g.distance), "{fen}");
            }
        }
    }

    /// A defender that searches without the tables loses no later than the tables
    /// say (it can only shorten the game), and every game is won.
    #[test]
    fn a_searching_defender_loses_sooner_or_as_late() {
        let starts = won_positions(up_to_three(), 3, 40, 8);
        let games = convert(up_to_three(), &starts, Defence::Search(4), |_| {});
        assert_eq!(games.len(), 40);
        for g in &games {
            assert_eq!(g.result, Ending::Won, "{}", g.start.display_fen());
            assert!(
                g.plies <= u32::from(g.distance),
                "{}",
                g.start.display_fen()
            );
        }
        assert!(games.iter().any(|g| g.plies < u32::from(g.distance)));
    }

    #[test]
    fn the_sample_is_seeded_and_won() {
        let a = won_positions(up_to_three(), 3, 20, 1);
        assert_eq!(a, won_positions(up_to_three(), 3, 20, 1));
        assert_ne!(a, won_positions(up_to_three(), 3, 20, 2));
        for p in &a {
            assert!(matches!(up_to_three().probe(p), Some(Dtw::Win(_))));
            assert_eq!(crate::egtb::index::Frame::of(p).material().pieces(), 3);
        }
        assert!(won_positions(up_to_three(), 4, 5, 1).is_empty());
    }
}
