//! A place the cursor can be: a cell of the game's cursor grid, row 0 at the top.

use crate::button::Button;

/// A cell of the cursor grid (row 0 at the top of the screen, column 0 at the left).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Point {
    /// The row, 0 at the top.
    pub row: u8,
    /// The column, 0 at the left.
    pub col: u8,
}

impl Point {
    /// The point at `row`, `col`.
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Point {
        Point { row, col }
    }

    /// The point one step in the direction of `button` inside a `rows × cols` grid,
    /// staying put at an edge (and for select and back).
    #[must_use]
    pub fn step(self, button: Button, rows: u8, cols: u8) -> Point {
        let (row, col) = (self.row, self.col);
        match button {
            Button::Up => Point::new(row.saturating_sub(1), col),
            Button::Down if row + 1 < rows => Point::new(row + 1, col),
            Button::Left => Point::new(row, col.saturating_sub(1)),
            Button::Right if col + 1 < cols => Point::new(row, col + 1),
            _ => self,
        }
    }
}

/// The direction presses that take the cursor from `from` to `to` (rows first).
pub fn route(from: Point, to: Point) -> impl Iterator<Item = Button> {
    let vertical = if to.row >= from.row {
        Button::Down
    } else {
        Button::Up
    };
    let horizontal = if to.col >= from.col {
        Button::Right
    } else {
        Button::Left
    };
    let rows = from.row.abs_diff(to.row);
    let cols = from.col.abs_diff(to.col);
    core::iter::repeat_n(vertical, usize::from(rows))
        .chain(core::iter::repeat_n(horizontal, usize::from(cols)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_inside_the_grid() {
        let corner = Point::new(0, 0);
        assert_eq!(corner.step(Button::Up, 3, 3), corner);
        assert_eq!(corner.step(Button::Left, 3, 3), corner);
        assert_eq!(corner.step(Button::Down, 3, 3), Point::new(1, 0));
        let far = Point::new(2, 2);
        assert_eq!(far.step(Button::Down, 3, 3), far);
        assert_eq!(far.step(Button::Right, 3, 3), far);
    }

    #[test]
    fn a_route_arrives() {
        let (from, to) = (Point::new(4, 1), Point::new(0, 7));
        let end = route(from, to).fold(from, |p, b| p.step(b, 8, 8));
        assert_eq!(end, to);
    }
}
