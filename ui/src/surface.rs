//! Each game laid out on the cursor grid: which points enter a move, and why a pick
//! that no legal move continues is refused.
//!
//! A move is entered as the sequence of points it visits: tic-tac-toe its cell,
//! checkers the piece and every landing square, Dots-and-Boxes the edge (on the grid
//! of dots, edges and boxes), Amazons the queen, its destination and the arrow.

use core::fmt;
use core::ops::ControlFlow;

use microply_core::games::amazons::{self, Amazons};
use microply_core::games::checkers::{self, Checkers};
use microply_core::games::dots::{Dots, Edge};
use microply_core::games::tictactoe::{Cell, TicTacToe};
use microply_core::{Game, Playable};

use crate::point::Point;

/// The most points a move visits: a checkers capture of twelve pieces (its origin
/// and twelve landings, [`checkers::MAX_PATH`]).
pub const MAX_POINTS: usize = checkers::MAX_PATH;

/// The points a move visits, in the order they are picked.
pub type Path = heapless::Vec<Point, MAX_POINTS>;

/// Why a pick was refused: a short reason for the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Refusal {
    /// Tic-tac-toe: the cell holds a mark.
    CellTaken,
    /// No piece of the side to move stands there.
    NotYourPiece,
    /// The piece has no legal move.
    PieceBlocked,
    /// Checkers: a capture is compulsory and this is not one.
    MustCapture,
    /// The piece cannot go there.
    CannotMoveThere,
    /// Amazons: the arrow cannot land there.
    ArrowBlocked,
    /// Dots-and-Boxes: the cursor is on a dot or a box, not a line.
    NotALine,
    /// Dots-and-Boxes: the line is drawn already.
    LineTaken,
    /// It is the engine's move.
    EnginesTurn,
    /// The game is over.
    GameOver,
    /// There is no move of a person to take back.
    NothingToTakeBack,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::CellTaken => "That cell is taken",
            Refusal::NotYourPiece => "Not your piece",
            Refusal::PieceBlocked => "That piece can't move",
            Refusal::MustCapture => "You must capture",
            Refusal::CannotMoveThere => "Can't move there",
            Refusal::ArrowBlocked => "Arrow can't go there",
            Refusal::NotALine => "Pick a line",
            Refusal::LineTaken => "Line already drawn",
            Refusal::EnginesTurn => "Engine's turn",
            Refusal::GameOver => "The game is over",
            Refusal::NothingToTakeBack => "Nothing to take back",
        })
    }
}

/// A game as the device shows it: a grid for the cursor and moves as point paths.
pub trait Surface: Playable {
    /// Rows and columns of the cursor grid.
    fn grid(&self) -> (u8, u8);

    /// The points that enter `m`, in order (legal `m` only; others give some path).
    fn points(&self, m: Self::Move) -> Path;

    /// Why no legal move visits `picked` and then `at`.
    fn refusal(&self, picked: &[Point], at: Point) -> Refusal;
}

/// What a pick leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick<M> {
    /// Legal moves go on from here: pick the next point.
    Partial,
    /// The picks enter this legal move.
    Complete(M),
    /// No legal move visits these points.
    Refused(Refusal),
}

/// Matches the points picked so far and `at` against the legal moves of `pos`.
pub fn pick<G: Surface>(pos: &G, picked: &[Point], at: Point) -> Pick<G::Move> {
    let mut partial = false;
    let n = picked.len();
    let flow = pos.for_each_move(|m| {
        let points = pos.points(m);
        let continues = points.get(..n) == Some(picked) && points.get(n) == Some(&at);
        if continues && points.len() == n + 1 {
            return ControlFlow::Break(m);
        }
        partial |= continues;
        ControlFlow::Continue(())
    });
    match flow {
        ControlFlow::Break(m) => Pick::Complete(m),
        ControlFlow::Continue(()) if partial => Pick::Partial,
        ControlFlow::Continue(()) => Pick::Refused(pos.refusal(picked, at)),
    }
}

/// Whether some legal move of `pos` starts with the points `picked`.
pub fn is_started<G: Surface>(pos: &G, picked: &[Point]) -> bool {
    pos.for_each_move(|m| {
        if pos.points(m).starts_with(picked) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

fn path_of(points: &[Point]) -> Path {
    let mut path = Path::new();
    for &p in points {
        // Every game's moves visit at most MAX_POINTS points.
        let _ = path.push(p);
    }
    path
}

impl Surface for TicTacToe {
    fn grid(&self) -> (u8, u8) {
        (3, 3)
    }

    fn points(&self, m: Cell) -> Path {
        path_of(&[ttt_point(m)])
    }

    fn refusal(&self, _picked: &[Point], _at: Point) -> Refusal {
        Refusal::CellTaken
    }
}

/// The grid point of a tic-tac-toe cell (rank 3 at the top).
#[must_use]
pub fn ttt_point(cell: Cell) -> Point {
    Point::new(2 - cell.row().min(2), cell.column())
}

/// The tic-tac-toe cell at a grid point.
#[must_use]
pub fn ttt_cell(p: Point) -> Option<Cell> {
    Cell::at(2u8.checked_sub(p.row)?, p.col)
}

/// The grid point of a checkers square index 0–31 (Black's side, square 1, at the top).
#[must_use]
pub fn checkers_point(index: u8) -> Point {
    let row = index / 4;
    let col = 2 * (index % 4) + u8::from(row % 2 == 0);
    Point::new(row, col)
}

/// The checkers square at a grid point (dark squares only).
#[must_use]
pub fn checkers_square(p: Point) -> Option<checkers::Square> {
    if p.row >= 8 || p.col >= 8 || (p.row + p.col) % 2 == 0 {
        return None;
    }
    checkers::Square::new(p.row * 4 + p.col / 2)
}

impl Surface for Checkers {
    fn grid(&self) -> (u8, u8) {
        (8, 8)
    }

    fn points(&self, m: checkers::Move) -> Path {
        let mut path = Path::new();
        for &index in m.path() {
            let _ = path.push(checkers_point(index));
        }
        path
    }

    fn refusal(&self, picked: &[Point], at: Point) -> Refusal {
        let captures = self
            .for_each_move(|m| {
                if m.is_capture() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .is_break();
        let own =
            checkers_square(at).is_some_and(|sq| self.pieces(self.side_to_move()) & sq.bit() != 0);
        match picked.len() {
            0 if !own => Refusal::NotYourPiece,
            0 if captures => Refusal::MustCapture,
            0 => Refusal::PieceBlocked,
            1 if captures && is_diagonal_step(picked[0], at) => Refusal::MustCapture,
            _ => Refusal::CannotMoveThere,
        }
    }
}

fn is_diagonal_step(a: Point, b: Point) -> bool {
    a.row.abs_diff(b.row) == 1 && a.col.abs_diff(b.col) == 1
}

/// The grid point of a Dots-and-Boxes edge on a board of `rows` boxes a column
/// (the grid has a row per row of dots and per row of boxes, the top dots first).
#[must_use]
pub fn dots_point(edge: Edge, rows: u8) -> Point {
    let (r, c) = (edge.row(), edge.col());
    if edge.is_vertical() {
        Point::new((2 * rows).saturating_sub(2 * r + 1), 2 * c)
    } else {
        Point::new((2 * rows).saturating_sub(2 * r), 2 * c + 1)
    }
}

/// The Dots-and-Boxes edge at a grid point, `None` on a dot or a box.
#[must_use]
pub fn dots_edge(p: Point, rows: u8) -> Option<Edge> {
    let y = (2 * rows).checked_sub(p.row)?;
    match (y % 2, p.col % 2) {
        (0, 1) => Edge::horizontal(y / 2, p.col / 2),
        (1, 0) => Edge::vertical(y / 2, p.col / 2),
        _ => None,
    }
}

impl Surface for Dots {
    fn grid(&self) -> (u8, u8) {
        let size = self.size();
        (2 * size.rows() + 1, 2 * size.cols() + 1)
    }

    fn points(&self, m: Edge) -> Path {
        path_of(&[dots_point(m, self.size().rows())])
    }

    fn refusal(&self, _picked: &[Point], at: Point) -> Refusal {
        match dots_edge(at, self.size().rows()) {
            Some(e) if e.is_on(self.size()) => Refusal::LineTaken,
            _ => Refusal::NotALine,
        }
    }
}

/// The grid point of an Amazons square on a board of `n` squares a side (rank `n`
/// at the top).
#[must_use]
pub fn amazons_point(sq: amazons::Square, n: u8) -> Point {
    Point::new(n.saturating_sub(1 + sq.row()), sq.column())
}

/// The Amazons square at a grid point of a board of `n` squares a side.
#[must_use]
pub fn amazons_square(p: Point, n: u8) -> Option<amazons::Square> {
    if p.col >= n {
        return None;
    }
    amazons::Square::new(n.checked_sub(1 + p.row)?, p.col)
}

impl Surface for Amazons {
    fn grid(&self) -> (u8, u8) {
        let n = self.size().n();
        (n, n)
    }

    fn points(&self, m: amazons::Move) -> Path {
        let n = self.size().n();
        path_of(&[
            amazons_point(m.from, n),
            amazons_point(m.to, n),
            amazons_point(m.arrow, n),
        ])
    }

    fn refusal(&self, picked: &[Point], at: Point) -> Refusal {
        let n = self.size().n();
        let own =
            amazons_square(at, n).is_some_and(|sq| self.queens(self.side_to_move()).contains(sq));
        match picked.len() {
            0 if own => Refusal::PieceBlocked,
            0 => Refusal::NotYourPiece,
            1 => Refusal::CannotMoveThere,
            _ => Refusal::ArrowBlocked,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::dots::Size;

    fn every_legal_move_round_trips<G: Surface>(pos: &G) {
        let _ = pos.for_each_move(|m| -> ControlFlow<()> {
            let points = pos.points(m);
            let (rows, cols) = pos.grid();
            assert!(points.iter().all(|p| p.row < rows && p.col < cols));
            for k in 1..points.len() {
                assert_eq!(pick(pos, &points[..k - 1], points[k - 1]), Pick::Partial);
            }
            let last = points.len() - 1;
            assert_eq!(pick(pos, &points[..last], points[last]), Pick::Complete(m));
            ControlFlow::Continue(())
        });
    }

    #[test]
    fn every_start_move_is_entered_by_its_points() {
        every_legal_move_round_trips(&TicTacToe::START);
        every_legal_move_round_trips(&Checkers::START);
        every_legal_move_round_trips(&Dots::empty(Size::new(3, 4).unwrap()));
        let config = amazons::Config {
            size: amazons::Size::Six,
        };
        every_legal_move_round_trips(&Amazons::start(&config));
    }

    #[test]
    fn grid_points_map_back() {
        for i in 0..32 {
            let sq = checkers_square(checkers_point(i)).unwrap();
            assert_eq!(sq.index(), usize::from(i));
        }
        for i in 0..9 {
            let cell = Cell::new(i).unwrap();
            assert_eq!(ttt_cell(ttt_point(cell)), Some(cell));
        }
        let size = Size::new(3, 5).unwrap();
        for e in microply_core::games::dots::Edges::all(size).iter() {
            assert_eq!(dots_edge(dots_point(e, 3), 3), Some(e));
        }
        assert_eq!(dots_edge(Point::new(0, 0), 3), None, "a dot");
        assert_eq!(dots_edge(Point::new(1, 1), 3), None, "a box");
    }

    #[test]
    fn refusals_say_why() {
        let pos = Checkers::START;
        // Row 4 is empty; row 0 holds Black's men (Black moves first, at the top).
        assert_eq!(
            pick(&pos, &[], Point::new(4, 1)),
            Pick::Refused(Refusal::NotYourPiece)
        );
        assert_eq!(
            pick(&pos, &[], Point::new(0, 1)),
            Pick::Refused(Refusal::PieceBlocked)
        );
        let from = Point::new(2, 1);
        assert_eq!(pick(&pos, &[], from), Pick::Partial);
        assert_eq!(
            pick(&pos, &[from], Point::new(4, 3)),
            Pick::Refused(Refusal::CannotMoveThere)
        );
        let dots = Dots::empty(Size::new(3, 3).unwrap());
        assert_eq!(
            pick(&dots, &[], Point::new(0, 0)),
            Pick::Refused(Refusal::NotALine)
        );
        let drawn = dots.after(dots_edge(Point::new(0, 1), 3).unwrap());
        assert_eq!(
            pick(&drawn, &[], Point::new(0, 1)),
            Pick::Refused(Refusal::LineTaken)
        );
        let ttt = TicTacToe::START.after(Cell::new(4).unwrap());
        assert_eq!(
            pick(&ttt, &[], Point::new(1, 1)),
            Pick::Refused(Refusal::CellTaken)
        );
    }
}
