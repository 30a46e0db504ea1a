//! The exact solver's view of a Dots-and-Boxes position: a [`Game`] whose moves are
//! only those worth trying ([`super::theory`]), whose table key folds the board's
//! symmetries, and an [`Oracle`] with the values theory gives without search, so the
//! one search kernel (`crate::search`) solves it.
//!
//! Scores are the side to move's final margin in boxes (taken so far plus the net of
//! the boxes still on the board), as whole [`Score::units`]: a move that completes a
//! box keeps the turn and the margin passes through unchanged, as the kernel's
//! side-switch rule has it. The value of the boxes still to take depends only on the
//! drawn edges, so the table key is the edges alone (folded over the 8 symmetries of
//! a square board, 4 otherwise) with the boxes already won as the key's offset
//! ([`Game::table_key`]).

use core::ops::ControlFlow;

use super::analysis::Sides;
use super::board::Dots;
use super::edges::{Edge, Edges, Symmetry};
use super::loony::Endgame;
use super::size::Size;
use super::theory::{capture_step, ordered_moves};
use crate::eval::Evaluator;
use crate::game::{ConfigError, Game, MoveBufferFull};
use crate::player::{Outcome, Player};
use crate::score::Score;
use crate::search::{Known, Oracle, Replacement};

/// Positions with fewer undrawn edges are searched again rather than looked up: their
/// trees are smaller than the cost of a table look-up.
const TABLE_MIN_UNDRAWN: u32 = 4;

/// A move of the solver's view: the edge, and the same edge in the canonical frame of
/// the position it is played from (what the table stores, so a symmetric position can
/// use it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct SolverMove {
    /// The edge drawn.
    pub edge: Edge,
    /// Its image in the canonical frame (the edge itself where the table is not used).
    canonical: u8,
}

/// A position as the solver sees it: the position, its box sides and freedoms (every
/// node needs them), and where the table files it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solving {
    pos: Dots,
    sides: Sides,
    /// Boxes of each freedom (undrawn sides), 0 to 4.
    freedoms: [u64; 5],
    /// The canonical key and the symmetry onto the canonical frame, where the table
    /// is used (quiet positions with enough undrawn edges).
    key: Option<(u64, Symmetry)>,
}

impl Solving {
    /// The view of `pos`.
    #[must_use]
    pub fn new(pos: Dots) -> Solving {
        let size = pos.size();
        let sides = Sides::of(pos.edges(), size);
        let freedoms = sides.freedoms(size);
        let quiet = freedoms[1] == 0 && pos.undrawn().count() >= TABLE_MIN_UNDRAWN;
        Solving {
            pos,
            sides,
            freedoms,
            key: quiet.then(|| canonical_key(pos.edges(), size)),
        }
    }

    /// The position.
    #[must_use]
    pub const fn position(&self) -> &Dots {
        &self.pos
    }

    /// The boxes the side to move has taken less the opponent's.
    #[must_use]
    pub fn taken_margin(&self) -> i32 {
        let mover = self.pos.side();
        i32::from(self.pos.score(mover)) - i32::from(self.pos.score(mover.other()))
    }

    /// Boxes not taken yet.
    fn left(&self) -> i32 {
        let size = self.pos.size();
        (Edges::boxes(size) & !self.pos.full_boxes()).count_ones() as i32
    }

    /// The moves worth trying, in the order to try them: at a capture the take (and
    /// the decline), else one candidate per class of equivalent moves.
    fn candidates(&self, mut f: impl FnMut(SolverMove) -> ControlFlow<()>) -> ControlFlow<()> {
        let size = self.pos.size();
        let frame = |e: Edge| match self.key {
            Some((_, symmetry)) => e
                .set()
                .image(size, symmetry)
                .first()
                .map_or(e.index(), |c| c.index()),
            None => e.index(),
        };
        let mut visit = |edge: Edge| {
            f(SolverMove {
                edge,
                canonical: frame(edge),
            })
        };
        if self.freedoms[1] != 0 {
            let c = capture_step(&self.sides, &self.freedoms, size);
            visit(c.edge)?;
            return c.decline.map_or(ControlFlow::Continue(()), visit);
        }
        let order = ordered_moves(self.pos.undrawn(), &self.sides, &self.freedoms);
        for &e in order.as_slice() {
            visit(e)?;
        }
        ControlFlow::Continue(())
    }
}

/// The table key of `edges` folded over the board's symmetries (with the board size),
/// and the symmetry that maps the position onto the canonical one.
fn canonical_key(edges: Edges, size: Size) -> (u64, Symmetry) {
    let (canonical, symmetry) = edges.canonical_with(size);
    let packed = canonical.pack(size);
    let folded = packed as u64 ^ mix((packed >> 64) as u64);
    (mix(folded ^ mix(size.index() as u64)), symmetry)
}

/// SplitMix64's finaliser: spreads keys over the table.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The score of a margin in boxes.
fn boxes(n: i32) -> Score {
    Score::units(n as i16)
}

impl Game for Solving {
    type Move = SolverMove;
    type Config = Size;

    const NAME: &'static str = "dots-solver";
    const MOVE_CAPACITY: usize = Dots::MOVE_CAPACITY;
    const REPLACEMENT: Replacement = Replacement::Deeper;

    fn start(config: &Size) -> Solving {
        Solving::new(Dots::empty(*config))
    }

    fn configure(config: &mut Size, key: &str, value: &str) -> Result<(), ConfigError> {
        config.configure(key, value)
    }

    fn config(&self) -> Size {
        self.pos.size()
    }

    fn side_to_move(&self) -> Player {
        self.pos.side()
    }

    fn for_each_move<B>(&self, mut f: impl FnMut(SolverMove) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut broke = None;
        let _ = self.candidates(|m| match f(m) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(b) => {
                broke = Some(b);
                ControlFlow::Break(())
            }
        });
        broke.map_or(ControlFlow::Continue(()), ControlFlow::Break)
    }

    fn generate(&self, buf: &mut [SolverMove]) -> Result<usize, MoveBufferFull> {
        let mut n = 0;
        let flow = self.candidates(|m| match buf.get_mut(n) {
            Some(slot) => {
                *slot = m;
                n += 1;
                ControlFlow::Continue(())
            }
            None => ControlFlow::Break(()),
        });
        if flow.is_break() {
            return Err(MoveBufferFull);
        }
        Ok(n)
    }

    fn after(&self, m: SolverMove) -> Solving {
        Solving::new(self.pos.draw(m.edge))
    }

    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    fn table_key(&self) -> Option<(u64, Score)> {
        self.key.map(|(key, _)| (key, boxes(self.taken_margin())))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.result()
    }

    fn pack_move(m: SolverMove) -> u32 {
        u32::from(m.canonical)
    }
}

/// The values theory gives without search: the margin once every box is taken, the
/// loony endgames' values ([`Endgame`]), and bounds from the boxes still on the board
/// (none at a capture, where the take and decline are searched).
#[derive(Clone, Copy, Debug, Default)]
pub struct Theory;

impl Oracle<Solving> for Theory {
    fn probe(&self, view: &Solving, _ply: u32) -> Option<Known> {
        let (taken, left) = (view.taken_margin(), view.left());
        if left == 0 {
            return Some(Known::Exact(boxes(taken)));
        }
        if view.freedoms[1] != 0 {
            return None;
        }
        let pos = view.position();
        if let Some(mut endgame) = Endgame::of(pos.edges(), pos.size()) {
            return Some(Known::Exact(boxes(taken + endgame.value())));
        }
        Some(Known::Within {
            lower: boxes(taken - left),
            upper: boxes(taken + left),
        })
    }
}

/// The boxes taken so far: the solver's "evaluation", which the search never needs
/// (its depth is the undrawn edges, and theory scores every finished board).
#[derive(Clone, Copy, Debug, Default)]
pub struct Margin;

impl Evaluator<Solving> for Margin {
    fn evaluate(&self, view: &Solving) -> Score {
        boxes(view.taken_margin())
    }
}
