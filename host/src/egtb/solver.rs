//! The generator: values of every signature up to N pieces by a fixed-point
//! iteration over core's move generation (no second rules implementation).
//!
//! Signatures are solved in groups of equal piece and man counts, fewest first: a
//! capture leads to fewer pieces and a promotion to fewer men, so every move either
//! stays inside the group or reaches a group already solved. Inside a group the
//! solver repeats a forward pass over the positions still unknown, in place:
//! a position is a **win** when some move reaches a loss for the opponent, a
//! **loss** when it has no move or every move reaches an opponent's win, and a
//! **draw** when every move is decided, none reaches a loss and one reaches a
//! draw. When a pass decides nothing, the positions left are draws (neither side
//! can force anything however long play goes: the draw rules are ignored).
//! Mandatory captures, multi-jumps and a promotion ending the move all come from
//! core's generator; captures of the last piece give a child whose mover has no
//! piece, a loss.

use std::ops::ControlFlow;

use microply_core::games::checkers::{Checkers, Config};
use microply_core::Game;

use super::index::{index, position, table_size, Frame};
use super::material::Material;
use super::table::{Table, UNUSED};
use super::Wdl;
use crate::progress::{Display, Progress};

/// Marks a slot not decided yet (only while solving).
const UNKNOWN: u8 = 4;
const LOSS: u8 = Wdl::Loss.code();
const DRAW: u8 = Wdl::Draw.code();
const WIN: u8 = Wdl::Win.code();

/// Men or kings of one side stay below this (so signatures map to a small array).
const PER_KIND: usize = 9;

/// The solved tables with what solving them took.
#[derive(Debug)]
pub struct Solved {
    /// One table per signature, in solving order.
    pub tables: Vec<Table>,
    /// Forward passes per group: (pieces, men, passes).
    pub passes: Vec<(u8, u8, u32)>,
}

/// Solves every signature with 2 to `max_pieces` pieces (at most 8; more than 5
/// takes long).
#[must_use]
pub fn solve(max_pieces: u8) -> Solved {
    solve_shown(max_pieces, Display::Hidden)
}

/// [`solve`], showing on `display` the slots solved and the group being solved
/// (5 pieces take minutes).
#[must_use]
pub fn solve_shown(max_pieces: u8, display: Display) -> Solved {
    solve_closed(
        Material::up_to(max_pieces.min(super::material::MAX_PIECES)),
        display,
    )
}

/// Solves `materials`, which must be closed under moves: every move from one of
/// them reaches one of them (or captures the last piece). All signatures up to N
/// pieces are; so are the kings-only ones, which the tests use to check 5-piece
/// tables in seconds.
fn solve_closed(mut order: Vec<Material>, display: Display) -> Solved {
    order.sort_by_key(|m| (m.pieces(), m.men(), *m));
    let mut solver = Solver::new(&order);
    let progress = Progress::new(display, "slots", order.iter().map(table_size).sum(), 0);
    let mut passes = Vec::new();
    let mut start = 0;
    let mut done = 0;
    while start < order.len() {
        let key = (order[start].pieces(), order[start].men());
        let end = start
            + order[start..]
                .iter()
                .take_while(|m| (m.pieces(), m.men()) == key)
                .count();
        let group = &order[start..end];
        progress.set(
            done,
            &format!("solving {} pieces with {} men", key.0, key.1),
        );
        passes.push((key.0, key.1, solver.solve_group(group)));
        done += group.iter().map(table_size).sum::<u64>();
        start = end;
    }
    progress.set(done, "solved");
    progress.finish();
    let tables = order
        .iter()
        .map(|m| Table::from_codes(*m, solver.codes(m)))
        .collect();
    Solved { tables, passes }
}

/// Every signature's slots, one byte each, in one vector.
struct Solver {
    values: Vec<u8>,
    /// Where each signature's slots start in `values`, by [`slot_of`].
    offsets: Vec<Option<usize>>,
    config: Config,
}

fn slot_of(m: &Material) -> usize {
    let k = |x: u8| usize::from(x).min(PER_KIND - 1);
    ((k(m.mover_men) * PER_KIND + k(m.mover_kings)) * PER_KIND + k(m.opponent_men)) * PER_KIND
        + k(m.opponent_kings)
}

impl Solver {
    fn new(materials: &[Material]) -> Solver {
        let mut offsets = vec![None; PER_KIND.pow(4)];
        let mut len = 0;
        for m in materials {
            offsets[slot_of(m)] = Some(len);
            len += table_size(m) as usize;
        }
        Solver {
            values: vec![UNKNOWN; len],
            offsets,
            config: Config::STANDARD,
        }
    }

    fn codes(&self, m: &Material) -> &[u8] {
        let start = self.start(m);
        &self.values[start..start + table_size(m) as usize]
    }

    /// Solves signatures whose moves stay among them or reach solved ones; returns
    /// the number of forward passes.
    ///
    /// The positions still unknown are the slots holding [`UNKNOWN`], so a pass needs
    /// no work list: a slot's frame is rebuilt from its index. (A list of frames took
    /// 24 bytes a position, 2 GB for the largest 5-piece group.)
    fn solve_group(&mut self, group: &[Material]) -> u32 {
        let tables: Vec<(Material, usize)> = group.iter().map(|m| (*m, self.start(m))).collect();
        for (m, start) in &tables {
            for i in 0..table_size(m) {
                if position(m, i).is_none() {
                    self.values[start + i as usize] = UNUSED;
                }
            }
        }
        let mut passes = 0;
        loop {
            passes += 1;
            let mut decided = 0u64;
            for (m, start) in &tables {
                decided += self.forward_pass(m, *start);
            }
            if decided == 0 {
                break;
            }
        }
        for (m, start) in &tables {
            let slots = &mut self.values[*start..*start + table_size(m) as usize];
            for v in slots.iter_mut().filter(|v| **v == UNKNOWN) {
                *v = DRAW;
            }
        }
        passes
    }

    /// Where the slots of `m` start in `values`.
    fn start(&self, m: &Material) -> usize {
        self.offsets[slot_of(m)].unwrap_or(0)
    }

    /// Evaluates every unknown position of `m` once, in place; returns how many
    /// were decided.
    fn forward_pass(&mut self, m: &Material, start: usize) -> u64 {
        let mut decided = 0;
        for i in 0..table_size(m) {
            let slot = start + i as usize;
            if self.values[slot] != UNKNOWN {
                continue;
            }
            let value = position(m, i)
                .and_then(|frame| frame.position(&self.config))
                .and_then(|pos| self.evaluate(&pos));
            if let Some(v) = value {
                self.values[slot] = v;
                decided += 1;
            }
        }
        decided
    }

    /// The value of `pos` from its children's, `None` while a child is unknown.
    fn evaluate(&self, pos: &Checkers) -> Option<u8> {
        let (mut moves, mut any_unknown, mut any_draw) = (0u32, false, false);
        let flow = pos.for_each_move(|m| {
            moves += 1;
            match self.value(&pos.after(m)) {
                LOSS => return ControlFlow::Break(()),
                DRAW => any_draw = true,
                WIN => {}
                _ => any_unknown = true,
            }
            ControlFlow::Continue(())
        });
        if flow.is_break() {
            Some(WIN)
        } else if moves == 0 {
            Some(LOSS)
        } else if any_unknown {
            None
        } else if any_draw {
            Some(DRAW)
        } else {
            Some(LOSS)
        }
    }

    /// The current value of a position reached by a move (its mover just lost
    /// its last piece, or a table slot).
    fn value(&self, pos: &Checkers) -> u8 {
        let frame = Frame::of(pos);
        if frame.mover == 0 {
            return LOSS;
        }
        let m = frame.material();
        match (
            self.offsets.get(slot_of(&m)).copied().flatten(),
            index(&frame),
        ) {
            (Some(start), Some(i)) if m.pieces() <= 8 => self
                .values
                .get(start + i as usize)
                .copied()
                .unwrap_or(UNKNOWN),
            _ => UNKNOWN,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use microply_core::games::checkers::Baseline;
    use microply_core::rng::{below, SplitMix64};
    use microply_core::search::{search, Algorithm, Entry, Limits, NoClock, Settings, Table};
    use microply_core::Notation;

    use super::*;
    use crate::egtb::Tablebase;

    fn three_pieces() -> &'static Tablebase {
        static TABLES: OnceLock<Tablebase> = OnceLock::new();
        TABLES.get_or_init(|| Tablebase::new(solve(3).tables))
    }

    fn value(fen: &str) -> Option<Wdl> {
        three_pieces().probe(&Checkers::parse_fen(fen).unwrap())
    }

    #[test]
    fn two_kings_beat_one_from_most_positions() {
        let t = three_pieces()
            .tables()
            .find(|t| t.material().to_string() == "m0k2-m0k1")
            .unwrap();
        let (losses, draws, wins) = t.counts();
        assert_eq!(losses, 0);
        assert!(wins > 100 * draws, "wins {wins}, draws {draws}");
        // Black's kings in the single corner, White's king in its double corner.
        assert_eq!(value("B:WK1:BK29,K25"), Some(Wdl::Win));
        assert_eq!(value("W:WK1:BK29,K25"), Some(Wdl::Loss));
    }

    #[test]
    fn one_king_against_one_is_a_draw_when_apart() {
        assert_eq!(value("B:WK32:BK1"), Some(Wdl::Draw));
        assert_eq!(value("W:WK19:BK5"), Some(Wdl::Draw));
    }

    #[test]
    fn hand_checked_positions() {
        // Black's king on 14 jumps White's last piece, the man on 18, landing on 23.
        assert_eq!(value("B:W18:BK14"), Some(Wdl::Win));
        // With White to move, the man on 18 jumps the king on 14 instead (to 9).
        assert_eq!(value("W:W18:BK14"), Some(Wdl::Win));
        // Black's man on 28 can only step to 32, where White's man stands, and
        // cannot jump it (the board ends): no move, a loss.
        assert_eq!(value("B:W32:B28"), Some(Wdl::Loss));
        // Black must jump 22x31 and is crowned on 31, which ends the move: as a king
        // it could go on over White's king on 27 (to 24) and win at once, but it may
        // not, so the value is that of king against king with White to move.
        let after = value("W:WK27:BK31").unwrap();
        assert_eq!(value("B:W26,K27:B22"), Some(after.negated()));
        assert_ne!(after, Wdl::Loss);
    }

    /// Compares the tables with core's exact search (alpha-beta to `depth` plies)
    /// on `samples` random positions of each signature in `materials`: every proven
    /// search value must be the table's. Returns (proven, checked).
    fn compare_with_search(
        tables: &Tablebase,
        materials: &[Material],
        samples: u32,
        depth: u32,
    ) -> (u32, u32) {
        // No draw by the ply rule inside the search horizon.
        let config = Config { draw_plies: 255 };
        let mut rng = SplitMix64::new(15);
        let mut entries = vec![Entry::EMPTY; 1 << 18];
        let mut stack = vec![Default::default(); 4096];
        let settings = Settings {
            algorithm: Algorithm::AlphaBeta,
            limits: Limits::depth(depth),
            ..Settings::default()
        };
        let (mut proven, mut checked) = (0, 0);
        for m in materials {
            for _ in 0..samples {
                let Some(frame) = position(m, below(&mut rng, table_size(m))) else {
                    continue;
                };
                let pos = frame.position(&config).unwrap();
                let expected = tables.probe(&pos).unwrap();
                let mut tt = Table::new(&mut entries);
                tt.clear();
                let result = search(
                    &pos,
                    &Baseline::default(),
                    &mut tt,
                    &mut stack,
                    &settings,
                    &NoClock,
                    |_| {},
                )
                .unwrap();
                let score = result.score.unwrap();
                checked += 1;
                let found = if score.win_plies().is_some() {
                    Some(Wdl::Win)
                } else if score.loss_plies().is_some() {
                    Some(Wdl::Loss)
                } else {
                    None
                };
                if let Some(found) = found {
                    proven += 1;
                    assert_eq!(found, expected, "{m}: {}", pos.display_fen());
                }
            }
        }
        // Shown with --nocapture: the figures docs/egtb.md quotes.
        println!("{proven} of {checked} positions proven at depth {depth}, all agree");
        (proven, checked)
    }

    #[test]
    fn agrees_with_exact_search_on_random_positions() {
        let (proven, checked) = compare_with_search(three_pieces(), &Material::up_to(3), 25, 12);
        // Many positions are decided within 12 plies: the comparison is real.
        assert!(proven * 4 > checked, "{proven} of {checked} proven");
    }

    #[test]
    #[ignore = "generates the 4-piece tables (about 25 s in release)"]
    fn four_pieces_agree_with_search() {
        let tables = Tablebase::new(solve(4).tables);
        let (proven, checked) = compare_with_search(&tables, &Material::with_pieces(4), 10, 12);
        assert!(proven * 4 > checked, "{proven} of {checked} proven");
    }

    /// Every signature without men up to 4 pieces, and four kings against one
    /// (either side to move): closed under moves, so it can be solved alone, and
    /// holding 5-piece tables (2.5 million positions, seconds in the test profile).
    fn four_kings_against_one() -> &'static Tablebase {
        static TABLES: OnceLock<Tablebase> = OnceLock::new();
        TABLES.get_or_init(|| {
            let materials = Material::up_to(5)
                .into_iter()
                .filter(|m| m.men() == 0)
                .filter(|m| m.pieces() < 5 || m.mover_kings.min(m.opponent_kings) == 1)
                .collect();
            Tablebase::new(solve_closed(materials, Display::Hidden).tables)
        })
    }

    fn five_kings() -> Vec<Material> {
        ["m0k4-m0k1", "m0k1-m0k4"]
            .map(|s| s.parse().unwrap())
            .to_vec()
    }

    #[test]
    fn five_piece_king_endings_agree_with_exact_search() {
        let (proven, checked) =
            compare_with_search(four_kings_against_one(), &five_kings(), 20, 10);
        assert!(proven * 4 > checked, "{proven} of {checked} proven");
    }

    #[test]
    fn five_piece_king_endings_are_consistent_with_their_children() {
        let tables = four_kings_against_one();
        let mut rng = SplitMix64::new(5);
        for m in five_kings() {
            for _ in 0..2000 {
                assert_consistent(tables, &m, below(&mut rng, table_size(&m)));
            }
        }
    }

    #[test]
    #[ignore = "generates the 5-piece tables (minutes in release, docs/egtb.md)"]
    fn five_pieces_agree_with_search() {
        let tables = Tablebase::new(solve(5).tables);
        let five = Material::with_pieces(5);
        let (proven, checked) = compare_with_search(&tables, &five, 10, 12);
        assert!(proven * 4 > checked, "{proven} of {checked} proven");
        let mut rng = SplitMix64::new(55);
        for m in &five {
            for _ in 0..1000 {
                assert_consistent(&tables, m, below(&mut rng, table_size(m)));
            }
        }
    }

    /// Every stored value is the minimax of its children's (a draw has no losing
    /// child for the opponent and at least one drawn one), for all ≤3-piece tables.
    #[test]
    fn values_are_consistent_with_their_children() {
        let tables = three_pieces();
        for t in tables.tables() {
            for i in 0..t.slots() {
                assert_consistent(tables, &t.material(), i);
            }
        }
    }

    /// The value of slot `i` of `m` is the best of its children's values (negated),
    /// a loss without moves; an unused slot has no value.
    fn assert_consistent(tables: &Tablebase, m: &Material, i: u64) {
        let t = tables.tables().find(|t| t.material() == *m).unwrap();
        let Some(frame) = position(m, i) else {
            assert_eq!(t.get(i), None);
            return;
        };
        let pos = frame.position(&Config::STANDARD).unwrap();
        let v = t.get(i).unwrap();
        let mut children = Vec::new();
        let _ = pos.for_each_move(|mv| {
            children.push(tables.probe(&pos.after(mv)).unwrap().negated());
            ControlFlow::<()>::Continue(())
        });
        let best = [Wdl::Win, Wdl::Draw, Wdl::Loss]
            .into_iter()
            .find(|w| children.contains(w))
            .unwrap_or(Wdl::Loss);
        assert_eq!(v, best, "{m}: {}", pos.display_fen());
    }
}
