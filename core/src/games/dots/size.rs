//! The board size: the variant parameter of Dots-and-Boxes, and the rule constants.

use crate::game::{parse_option, ConfigError};

/// The smallest number of box rows or columns.
pub const MIN_SIDE: u8 = 1;
/// The largest number of box rows or columns: 6×6 has 84 edges, which still fits the
/// two 64-bit words of [`Edges`](super::Edges) at one byte per row.
pub const MAX_SIDE: u8 = 6;

/// A board of `rows × cols` boxes, (rows+1)×(cols+1) dots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Size {
    rows: u8,
    cols: u8,
}

impl Default for Size {
    /// 5×5 boxes (6×6 dots, 60 edges): the size of the Computer Olympiad competitions.
    fn default() -> Size {
        Size::FIVE_BY_FIVE
    }
}

impl Size {
    /// The 5×5 competition board.
    pub const FIVE_BY_FIVE: Size = Size { rows: 5, cols: 5 };

    /// A size, or `None` unless both sides lie in `MIN_SIDE..=MAX_SIDE`.
    #[must_use]
    pub const fn new(rows: u8, cols: u8) -> Option<Size> {
        if rows < MIN_SIDE || rows > MAX_SIDE || cols < MIN_SIDE || cols > MAX_SIDE {
            None
        } else {
            Some(Size { rows, cols })
        }
    }

    /// Box rows.
    #[must_use]
    pub const fn rows(self) -> u8 {
        self.rows
    }

    /// Box columns.
    #[must_use]
    pub const fn cols(self) -> u8 {
        self.cols
    }

    /// The number of boxes.
    #[must_use]
    pub const fn boxes(self) -> u32 {
        self.rows as u32 * self.cols as u32
    }

    /// The number of dots, (rows+1)(cols+1).
    #[must_use]
    pub const fn dots(self) -> u32 {
        (self.rows as u32 + 1) * (self.cols as u32 + 1)
    }

    /// The number of edges, 2·rows·cols + rows + cols.
    #[must_use]
    pub const fn edges(self) -> u32 {
        2 * self.boxes() + self.rows as u32 + self.cols as u32
    }

    /// Whether the board is square (and so has 8 symmetries rather than 4).
    #[must_use]
    pub const fn is_square(self) -> bool {
        self.rows == self.cols
    }

    /// A dense index `0..36` of the size (for hash keys).
    #[must_use]
    pub const fn index(self) -> usize {
        (self.rows as usize - 1) * MAX_SIDE as usize + self.cols as usize - 1
    }

    /// Sets `rows` or `cols` (`1..=6`).
    ///
    /// # Errors
    /// [`ConfigError`] for another key or a bad value.
    pub fn configure(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        let side = match key {
            "rows" => &mut self.rows,
            "cols" => &mut self.cols,
            _ => return Err(ConfigError::UnknownKey),
        };
        *side = parse_option(value, MIN_SIDE, MAX_SIDE)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_the_standard_sizes() {
        let s = Size::default();
        assert_eq!((s.boxes(), s.dots(), s.edges()), (25, 36, 60));
        let big = Size::new(6, 6).unwrap();
        assert_eq!(big.edges(), 84);
        assert_eq!(Size::new(1, 1).unwrap().edges(), 4);
        assert_eq!(Size::new(0, 3), None);
        assert_eq!(Size::new(3, 7), None);
    }

    #[test]
    fn configure_checks_key_and_range() {
        let mut s = Size::default();
        assert_eq!(s.configure("rows", "3"), Ok(()));
        assert_eq!(s.configure("cols", "4"), Ok(()));
        assert_eq!((s.rows(), s.cols()), (3, 4));
        assert_eq!(s.configure("cols", "7"), Err(ConfigError::OutOfRange));
        assert_eq!(s.configure("cols", "x"), Err(ConfigError::NotANumber));
        assert_eq!(s.configure("depth", "3"), Err(ConfigError::UnknownKey));
    }
}
