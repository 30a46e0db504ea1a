//! The validation set: seeded, quiet Dots-and-Boxes positions, each with the solver's
//! optimal moves. Two kinds ([`Phase`]):
//!
//! - **3×3 middle games** (the default set, [`SetSpec::DEFAULT`]). Candidate `i` of
//!   seed `s`: a SplitMix64 stream seeded with `derive_seed(s, i)` picks a number of
//!   edges n uniformly in [`MIN_DRAWN`]`..=`[`MAX_DRAWN`], then plays n uniformly
//!   random legal moves from the empty 3×3 board.
//! - **Late positions with a fixed number of undrawn lines** ([`Phase::LinesLeft`],
//!   any board: 4×4 and 5×5 middle games are beyond the exact solver, their late
//!   positions are not). Candidate `i` of seed `s`: the same stream plays
//!   capture-first random moves from the empty board (a uniformly random move among
//!   those completing a box when there is one, else among all legal moves) until
//!   exactly the requested number of lines is left. Taking every box at once keeps
//!   the board from filling with boxes nobody took, which random play leaves behind
//!   and no player would.
//!
//! Either kind keeps a candidate when the game is not over, no box can be taken (a
//! box with three sides drawn would make the choice a matter of counting, not of
//! judging chains), it is not a repeat of an earlier candidate, and not every move is
//! optimal (such a position cannot tell a good evaluator from a bad one). Candidates
//! are tried in index order until the set is full, so the set is a pure function of
//! spec, seed and size, whatever the thread count.

use std::collections::HashSet;

use microply_core::games::dots::analysis::Sides;
use microply_core::games::dots::{Dots, Edge, Edges, Size};
use microply_core::rng::{below, random_opening, SplitMix64};
use microply_core::Game;

use super::optimal::{optimal_moves, OptimalMoves, SolverMemory};
use crate::parallel::ordered_map_with;
use crate::play::openings::derive_seed;

/// The fewest edges drawn in a 3×3 middle-game position (of the 3×3 board's 24).
pub const MIN_DRAWN: u32 = 8;
/// The most edges drawn in a 3×3 middle-game position.
pub const MAX_DRAWN: u32 = 14;
/// The validation set's default seed.
pub const DEFAULT_SEED: u64 = 13;
/// The validation set's default size.
pub const DEFAULT_COUNT: usize = 2000;
/// The most undrawn lines a [`Phase::LinesLeft`] position may have, the most measured:
/// 2,000 positions of 4×4 or 5×5 with 16 lines left solve in about 3 s in release on
/// 2 cores (12 lines: about 1 s; docs/ga.md, "Validation against perfect play").
pub const MAX_LINES_LEFT: u32 = 16;
/// Candidates tried per wanted position before giving up: a board and a number of
/// lines with too few quiet, informative positions is an error, not an endless loop.
const CANDIDATES_PER_POSITION: u64 = 1000;

/// How a set's positions are drawn (the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// 3×3 middle games: [`MIN_DRAWN`]`..=`[`MAX_DRAWN`] uniformly random moves.
    MiddleGame,
    /// Capture-first random play until exactly this many lines are undrawn.
    LinesLeft(u32),
}

/// Which positions a validation set holds: a board and a [`Phase`], checked on
/// construction so that every position of the set is within the solver's reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetSpec {
    size: Size,
    phase: Phase,
}

/// Why a [`SetSpec`] cannot be made; the messages name the command-line options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// A side outside the boards the engine plays.
    #[error(
        "--rows {rows} --cols {cols}: not a Dots-and-Boxes board (each side 1..={max})",
        max = microply_core::games::dots::MAX_SIDE
    )]
    BadBoard {
        /// The rows asked for.
        rows: u8,
        /// The columns asked for.
        cols: u8,
    },
    /// No `--lines-left` for a board other than 3×3: middle games are drawn on 3×3
    /// only, larger boards' are beyond the exact solver.
    #[error(
        "--rows {rows} --cols {cols}: middle games are drawn on 3x3 only (a larger \
         board's are beyond the exact solver); give --lines-left 1..={MAX_LINES_LEFT} \
         for late positions"
    )]
    NeedsLinesLeft {
        /// The rows asked for.
        rows: u8,
        /// The columns asked for.
        cols: u8,
    },
    /// Lines left beyond what the solver does quickly, or none.
    #[error(
        "--lines-left {0}: must be in 1..={MAX_LINES_LEFT} (0 is a finished game, more \
         than {MAX_LINES_LEFT} too slow to solve)"
    )]
    LinesLeftOutOfRange(u32),
    /// At least as many lines left as the board has.
    #[error("--lines-left {lines}: a {rows}x{cols} board has only {edges} lines")]
    LinesLeftBeyondBoard {
        /// The lines asked for.
        lines: u32,
        /// The board's rows.
        rows: u8,
        /// The board's columns.
        cols: u8,
        /// The board's lines.
        edges: u32,
    },
}

impl SetSpec {
    /// The default set: 3×3 middle games.
    pub const DEFAULT: SetSpec = SetSpec {
        size: BOARD,
        phase: Phase::MiddleGame,
    };

    /// The set of `rows` × `cols` positions with `lines_left` undrawn lines; without
    /// `lines_left`, the 3×3 middle games of the default set.
    ///
    /// # Errors
    /// [`SpecError`]: a side outside `1..=MAX_SIDE`, no `lines_left` for a board
    /// other than 3×3, `lines_left` outside `1..=`[`MAX_LINES_LEFT`] or not below the
    /// board's lines.
    pub fn new(rows: u8, cols: u8, lines_left: Option<u32>) -> Result<SetSpec, SpecError> {
        let size = Size::new(rows, cols).ok_or(SpecError::BadBoard { rows, cols })?;
        let lines = match lines_left {
            None if size == BOARD => return Ok(SetSpec::DEFAULT),
            None => return Err(SpecError::NeedsLinesLeft { rows, cols }),
            Some(n) => n,
        };
        if !(1..=MAX_LINES_LEFT).contains(&lines) {
            return Err(SpecError::LinesLeftOutOfRange(lines));
        }
        if lines >= size.edges() {
            return Err(SpecError::LinesLeftBeyondBoard {
                lines,
                rows,
                cols,
                edges: size.edges(),
            });
        }
        Ok(SetSpec {
            size,
            phase: Phase::LinesLeft(lines),
        })
    }

    /// The board.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// How the positions are drawn.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Candidate `index` of `seed`.
    #[must_use]
    pub fn candidate(&self, seed: u64, index: u64) -> Dots {
        match self.phase {
            Phase::MiddleGame => candidate(seed, index),
            Phase::LinesLeft(lines) => late_candidate(self.size, lines, seed, index),
        }
    }
}

impl std::fmt::Display for SetSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (rows, cols) = (self.size.rows(), self.size.cols());
        match self.phase {
            Phase::MiddleGame => write!(f, "{rows}x{cols} middle games"),
            Phase::LinesLeft(n) => write!(f, "{rows}x{cols}, {n} lines left"),
        }
    }
}

/// A position and what perfect play allows in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvedPosition {
    /// The position.
    pub pos: Dots,
    /// The solver's verdict on its moves.
    pub optimal: OptimalMoves,
}

/// Candidate `index` of `seed` of the default set: random plies from the empty 3×3
/// board.
#[must_use]
pub fn candidate(seed: u64, index: u64) -> Dots {
    let mut rng = SplitMix64::new(derive_seed(seed, index));
    let span = u64::from(MAX_DRAWN - MIN_DRAWN + 1);
    let plies = MIN_DRAWN + below(&mut rng, span) as u32;
    random_opening(&Dots::empty(BOARD), plies, &mut rng)
}

/// Candidate `index` of `seed` with `lines` undrawn lines on `size`: capture-first
/// random play from the empty board.
#[must_use]
pub fn late_candidate(size: Size, lines: u32, seed: u64, index: u64) -> Dots {
    let mut rng = SplitMix64::new(derive_seed(seed, index));
    let mut pos = Dots::empty(size);
    while pos.undrawn().count() > lines {
        let undrawn = pos.undrawn();
        let takes = edges_where(undrawn, |e| pos.boxes_completed_by(e) > 0);
        let choices = if takes.is_empty() { undrawn } else { takes };
        let pick = below(&mut rng, u64::from(choices.count())) as usize;
        let Some(e) = choices.iter().nth(pick) else {
            break;
        };
        pos = pos.draw(e);
    }
    pos
}

fn edges_where(edges: Edges, keep: impl Fn(Edge) -> bool) -> Edges {
    edges
        .iter()
        .filter(|&e| keep(e))
        .fold(Edges::EMPTY, Edges::with)
}

/// The default board, 3×3 boxes.
pub const BOARD: Size = match Size::new(3, 3) {
    Some(size) => size,
    None => Size::FIVE_BY_FIVE,
};

/// Whether the game goes on and no box can be taken.
#[must_use]
pub fn is_quiet_middle_game(pos: &Dots) -> bool {
    let freedoms = Sides::of(pos.edges(), pos.size()).freedoms(pos.size());
    pos.outcome().is_none() && freedoms[1] == 0
}

/// Why a validation set could not be filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetError {
    /// Too few distinct quiet, informative positions in the candidates tried.
    #[error(
        "--positions {wanted}: only {found} distinct quiet positions with a choice that \
         matters in {tried} candidates of {spec}; ask for fewer, or more --lines-left"
    )]
    TooFew {
        /// The set asked for.
        spec: SetSpec,
        /// Positions asked for.
        wanted: usize,
        /// Positions found.
        found: usize,
        /// Candidates tried.
        tried: u64,
    },
}

/// The first `count` positions of `spec` and `seed` that pass every test of the
/// module doc, solved on `threads` workers.
///
/// # Errors
/// [`SetError::TooFew`] when `count` × 1,000 candidates hold fewer than `count`
/// such positions (tiny boards, few lines left, or a huge count).
pub fn validation_set(
    spec: &SetSpec,
    seed: u64,
    count: usize,
    threads: usize,
) -> Result<Vec<SolvedPosition>, SetError> {
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    let limit = (count as u64).saturating_mul(CANDIDATES_PER_POSITION);
    let mut next = 0u64;
    while out.len() < count {
        if next >= limit {
            return Err(SetError::TooFew {
                spec: *spec,
                wanted: count,
                found: out.len(),
                tried: next,
            });
        }
        let batch: Vec<Dots> = (next..next + 512)
            .map(|i| spec.candidate(seed, i))
            .filter(|p| is_quiet_middle_game(p) && seen.insert(*p))
            .collect();
        next += 512;
        let solved = ordered_map_with(batch.len(), threads, solver_table, |table, i| {
            let pos = &batch[i];
            SolvedPosition {
                pos: *pos,
                // SetSpec keeps every position within MAX_LINES_LEFT (or 3×3's 24)
                // undrawn lines, far inside the solver's depth.
                optimal: optimal_moves(pos, table).expect("a validation position is solvable"),
            }
        });
        out.extend(
            solved
                .into_iter()
                .filter(|s| s.optimal.best != s.optimal.legal),
        );
    }
    out.truncate(count);
    Ok(out)
}

fn solver_table() -> SolverMemory {
    SolverMemory::new(1 << 16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::Player;

    #[test]
    fn candidates_follow_the_seed_and_the_bounds() {
        for i in 0..50 {
            let p = candidate(7, i);
            assert_eq!(p, candidate(7, i));
            let drawn = p.edges().count();
            assert!((MIN_DRAWN..=MAX_DRAWN).contains(&drawn), "{drawn}");
        }
        assert_ne!(candidate(7, 0), candidate(8, 0));
    }

    #[test]
    fn the_set_is_deterministic_and_every_position_informative() {
        let a = validation_set(&SetSpec::DEFAULT, 3, 40, 1).unwrap();
        assert_eq!(a.len(), 40);
        assert_eq!(a, validation_set(&SetSpec::DEFAULT, 3, 40, 2).unwrap());
        let distinct: HashSet<Dots> = a.iter().map(|s| s.pos).collect();
        assert_eq!(distinct.len(), 40);
        for s in &a {
            assert!(is_quiet_middle_game(&s.pos));
            assert_ne!(s.optimal.best, Edges::EMPTY);
            assert_ne!(s.optimal.best, s.optimal.legal);
            assert_eq!(s.optimal.legal, s.pos.undrawn());
        }
    }

    #[test]
    fn a_takeable_box_is_not_quiet() {
        use microply_core::Notation;
        let open = Dots::parse_fen("3x3:a1-b1,a1-a2:0-0:1").unwrap();
        assert!(is_quiet_middle_game(&open));
        let three_sides = Dots::parse_fen("3x3:a1-b1,a1-a2,b1-b2:0-0:2").unwrap();
        assert!(!is_quiet_middle_game(&three_sides));
    }

    #[test]
    fn the_default_spec_is_the_3x3_middle_game_set() {
        assert_eq!(SetSpec::new(3, 3, None), Ok(SetSpec::DEFAULT));
        assert_eq!(SetSpec::DEFAULT.phase(), Phase::MiddleGame);
        for i in 0..20 {
            assert_eq!(SetSpec::DEFAULT.candidate(4, i), candidate(4, i));
        }
        let late = SetSpec::new(3, 3, Some(10)).unwrap();
        assert_eq!(late.phase(), Phase::LinesLeft(10));
        assert_eq!(late.to_string(), "3x3, 10 lines left");
        assert_eq!(SetSpec::DEFAULT.to_string(), "3x3 middle games");
    }

    #[test]
    fn late_sets_follow_the_seed_with_the_board_and_lines_asked_for() {
        for (rows, cols, lines) in [(4, 4, 12), (5, 5, 12), (4, 5, 9)] {
            let spec = SetSpec::new(rows, cols, Some(lines)).unwrap();
            let a = validation_set(&spec, 3, 12, 1).unwrap();
            assert_eq!(a, validation_set(&spec, 3, 12, 2).unwrap());
            assert_ne!(a, validation_set(&spec, 4, 12, 1).unwrap());
            let distinct: HashSet<Dots> = a.iter().map(|s| s.pos).collect();
            assert_eq!(distinct.len(), 12);
            for s in &a {
                assert_eq!((s.pos.size().rows(), s.pos.size().cols()), (rows, cols));
                assert_eq!(s.pos.undrawn().count(), lines);
                assert!(is_quiet_middle_game(&s.pos));
                assert_ne!(s.optimal.best, s.optimal.legal);
                assert_eq!(s.optimal.legal, s.pos.undrawn());
                // Every taken box was taken when it could be: the boxes' count is the
                // score's, nothing is left standing with three sides.
                let taken = s.pos.score(Player::First) + s.pos.score(Player::Second);
                assert_eq!(
                    u32::from(taken),
                    s.pos.edges().full_boxes(s.pos.size()).count_ones()
                );
            }
        }
    }

    #[test]
    fn late_candidates_follow_the_seed_and_stop_at_the_lines_asked_for() {
        let size = Size::new(5, 5).unwrap();
        for i in 0..30 {
            let p = late_candidate(size, 14, 9, i);
            assert_eq!(p, late_candidate(size, 14, 9, i));
            assert_eq!(p.undrawn().count(), 14);
            assert_eq!(p.size(), size);
        }
        assert_ne!(
            late_candidate(size, 14, 9, 0),
            late_candidate(size, 14, 10, 0)
        );
    }

    #[test]
    fn bad_specs_name_the_option() {
        let message = |e: SpecError| e.to_string();
        let too_big = SetSpec::new(7, 3, Some(12)).unwrap_err();
        assert_eq!(too_big, SpecError::BadBoard { rows: 7, cols: 3 });
        assert!(
            message(too_big).starts_with("--rows 7 --cols 3:"),
            "{too_big}"
        );
        let middle = SetSpec::new(5, 5, None).unwrap_err();
        assert_eq!(middle, SpecError::NeedsLinesLeft { rows: 5, cols: 5 });
        assert!(message(middle).contains("give --lines-left"), "{middle}");
        for n in [0, MAX_LINES_LEFT + 1, 60] {
            let e = SetSpec::new(5, 5, Some(n)).unwrap_err();
            assert_eq!(e, SpecError::LinesLeftOutOfRange(n));
            assert!(message(e).starts_with(&format!("--lines-left {n}:")), "{e}");
        }
        // A 1×1 board has 4 lines: 4 left would be the empty board.
        let e = SetSpec::new(1, 1, Some(4)).unwrap_err();
        assert_eq!(message(e), "--lines-left 4: a 1x1 board has only 4 lines");
        assert!(SetSpec::new(1, 1, Some(3)).is_ok());
    }

    #[test]
    fn a_spec_without_enough_positions_is_an_error() {
        // 1×1 with 2 lines left: two sides drawn, either remaining side gives the box
        // away, so every move is optimal and no candidate is informative.
        let spec = SetSpec::new(1, 1, Some(2)).unwrap();
        let e = validation_set(&spec, 1, 3, 1).unwrap_err();
        assert_eq!(
            e,
            SetError::TooFew {
                spec,
                wanted: 3,
                found: 0,
                // Batches of 512 candidates until 3 × 1,000 are tried: 6 × 512.
                tried: 3072
            }
        );
        assert!(e.to_string().starts_with("--positions 3: only 0 "), "{e}");
    }
}
