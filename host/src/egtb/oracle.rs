//! The tables as the search's oracle: every node below the root whose material has a
//! loaded table takes its value from it instead of being searched
//! ([`microply_core::search::Oracle`]).
//!
//! An entry holds the plies to the end of the game with best play, so a table win
//! `n` plies from the end, found `ply` plies from the root, scores exactly as the
//! search's own proven win would: `win_in(ply + n)` (a loss `loss_in(ply + n)`).
//! The search then prefers the fastest win and the longest defence, which converts
//! won endgames, and the scores are re-rooted by ply in the transposition table like
//! any proven score. Values ignore the draw rules (docs/egtb.md): with the tables a
//! search may count as won a position the 80-ply rule would draw.

use std::path::Path;

use microply_core::games::checkers::Checkers;
use microply_core::search::{Known, Oracle};
use microply_core::{Game, Oracles, Score};

use super::tablebase::{Tablebase, TablebaseError};
use super::Dtw;

impl Oracle<Checkers> for Tablebase {
    fn probe(&self, pos: &Checkers, ply: u32) -> Option<Known> {
        Some(Known::Exact(score(Tablebase::probe(self, pos)?, ply)))
    }
}

/// The search score of a table entry found `ply` plies from the root.
#[must_use]
pub const fn score(entry: Dtw, ply: u32) -> Score {
    match entry {
        Dtw::Win(n) => Score::win_in(ply + n as u32),
        Dtw::Loss(n) => Score::loss_in(ply + n as u32),
        Dtw::Draw => Score::ZERO,
    }
}

/// Why `--egtb DIR` (or a player's `egtb`) cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum EgtbOptionError {
    /// The tables are checkers tables.
    #[error("--egtb is for checkers, not {0}")]
    NotCheckers(&'static str),
    /// The directory's tables cannot be loaded.
    #[error("--egtb: {0}")]
    Load(#[from] TablebaseError),
}

/// The tables of `dir` for a search of `G` (none without a directory).
///
/// # Errors
/// A directory given for another game than checkers, or tables that do not load.
pub fn load_for<G: Game>(dir: Option<&Path>) -> Result<Option<Tablebase>, EgtbOptionError> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    if G::NAME != Checkers::NAME {
        return Err(EgtbOptionError::NotCheckers(G::NAME));
    }
    Ok(Some(Tablebase::load(dir)?))
}

/// The engine's oracles with `tables` (if any) for checkers.
#[must_use]
pub fn oracles(tables: Option<&Tablebase>) -> Oracles<'_> {
    Oracles {
        checkers: tables.map(|t| t as &dyn Oracle<Checkers>),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use microply_core::games::checkers::{Baseline, Config};
    use microply_core::rng::{below, SplitMix64};
    use microply_core::search::{
        search_with, Algorithm, Entry, Knowledge, Limits, NoClock, NoOracle, SearchResult,
        Settings, Table,
    };
    use microply_core::Notation;

    use super::*;
    use crate::egtb::index::{position, table_size};
    use crate::egtb::{solve, Material, Wdl};

    fn three_pieces() -> &'static Tablebase {
        static TABLES: OnceLock<Tablebase> = OnceLock::new();
        TABLES.get_or_init(|| Tablebase::new(solve(3).unwrap().tables))
    }

    /// The engine (`microply engine --egtb`, `analyze`, `play`, match players) hands
    /// the tables it was given to its checkers searches: a king and a man against a
    /// king, lost for White, is scored a loss (proven at once), where the search
    /// alone sees only heuristic values to depth 3.
    #[test]
    fn the_engine_lends_its_tables_to_checkers_searches() {
        let go = |tables: Option<&Tablebase>| {
            let mut memory = crate::memory::SearchMemory::new(1 << 12, 1 << 12);
            let mut engine =
                microply_core::protocol::Engine::new(&mut memory.tt, &mut memory.moves)
                    .with_oracles(oracles(tables));
            let mut out = String::new();
            for line in ["game checkers", "position fen W:WK14:BK19,28", "go depth 3"] {
                engine.execute(line, &NoClock, &mut out);
            }
            out
        };
        assert_eq!(
            three_pieces()
                .probe(&Checkers::parse_fen("W:WK14:BK19,28").unwrap())
                .map(Dtw::wdl),
            Some(Wdl::Loss)
        );
        let with = go(Some(three_pieces()));
        assert!(with.contains("score=loss"), "{with}");
        let without = go(None);
        assert!(!without.contains("score=loss"), "{without}");
    }

    fn search(
        pos: &Checkers,
        oracle: &dyn Oracle<Checkers>,
        algorithm: Algorithm,
        depth: u32,
    ) -> SearchResult<microply_core::games::checkers::Move> {
        let mut entries = vec![Entry::EMPTY; 1 << 14];
        let mut stack = vec![Default::default(); 4096];
        let settings = Settings {
            algorithm,
            limits: Limits::depth(depth),
            ..Settings::default()
        };
        let eval = Baseline::default();
        let knowledge = Knowledge::new(&eval, oracle);
        let mut tt = Table::new(&mut entries);
        search_with(
            pos,
            &knowledge,
            &mut tt,
            &mut stack,
            &settings,
            &NoClock,
            |_| {},
        )
        .unwrap()
    }

    /// On `samples` random positions of each signature in `materials`: every algorithm
    /// with the tables returns the same score, which is the table's entry of the root
    /// (its value and distance), with no more nodes than alpha-beta without them
    /// (fewer in total). Returns the positions checked.
    fn check(tables: &Tablebase, materials: &[Material], samples: u32, depth: u32) -> u32 {
        let config = Config { draw_plies: 255 };
        let mut rng = SplitMix64::new(10);
        let mut checked = 0;
        let (mut nodes_with, mut nodes_without) = (0, 0);
        for m in materials {
            for _ in 0..samples {
                let Some(frame) = position(m, below(&mut rng, table_size(m))) else {
                    continue;
                };
                let pos = frame.position(&config).unwrap();
                if pos.outcome().is_some() {
                    continue;
                }
                let fen = pos.display_fen().to_string();
                let expected = tables.probe(&pos).unwrap();
                let with: Vec<_> = Algorithm::ALL
                    .iter()
                    .map(|&a| search(&pos, tables, a, depth))
                    .collect();
                for (a, r) in Algorithm::ALL.iter().zip(&with) {
                    assert_eq!(r.score, with[0].score, "{a} on {fen}");
                }
                let score = with[0].score.unwrap();
                assert_eq!(score, super::score(expected, 0), "{fen}: {expected}");
                let plain = search(&pos, &NoOracle, Algorithm::AlphaBeta, depth);
                // A forced reply can leave nothing to save: at most as many nodes
                // here, fewer over all positions.
                nodes_with += with[1].stats.nodes;
                nodes_without += plain.stats.nodes;
                assert!(
                    with[1].stats.nodes <= plain.stats.nodes,
                    "{fen}: {} nodes with the tables, {} without",
                    with[1].stats.nodes,
                    plain.stats.nodes
                );
                checked += 1;
            }
        }
        assert!(
            nodes_with < nodes_without,
            "{nodes_with} >= {nodes_without}"
        );
        checked
    }

    #[test]
    fn searches_with_the_tables_return_their_values_with_fewer_nodes() {
        let checked = check(three_pieces(), &Material::with_pieces(3), 6, 4);
        assert!(checked > 40, "{checked}");
    }

    #[test]
    #[ignore = "generates the 4-piece tables (about 25 s in release)"]
    fn four_piece_searches_return_the_table_values() {
        let tables = Tablebase::new(solve(4).unwrap().tables);
        let checked = check(&tables, &Material::with_pieces(4), 4, 6);
        assert!(checked > 60, "{checked}");
    }

    #[test]
    fn a_table_win_is_played_as_the_fastest_win() {
        // Two kings against one: Black to move wins (the tables say so), and every
        // reply leads into the tables. The search scores the root as the table's
        // distance and picks a move whose position is lost one ply sooner.
        let pos = Checkers::parse_fen("B:WK1:BK29,K25").unwrap();
        let Some(Dtw::Win(n)) = three_pieces().probe(&pos) else {
            panic!("not a win")
        };
        let r = search(&pos, three_pieces(), Algorithm::Sss, 3);
        assert_eq!(
            r.score.and_then(microply_core::Score::win_plies),
            Some(u32::from(n))
        );
        let best = r.best.unwrap();
        assert!(pos.is_legal(best));
        assert_eq!(
            three_pieces().probe(&pos.after(best)),
            Some(Dtw::Loss(n - 1))
        );
    }

    #[test]
    fn the_tables_are_for_checkers_only() {
        let e = load_for::<microply_core::games::dots::Dots>(Some(Path::new("x"))).unwrap_err();
        assert_eq!(e.to_string(), "--egtb is for checkers, not dots");
        assert!(load_for::<Checkers>(None).unwrap().is_none());
    }
}
