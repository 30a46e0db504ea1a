//! The checkers move: the full path of landing squares and the captured pieces.

use super::bitboard::Bitboard;

/// The most squares a path can visit: the origin and one landing per captured piece
/// (at most the opponent's twelve pieces).
pub const MAX_PATH: usize = 13;

/// A move: the origin, every landing square in order, and the set of captured pieces.
///
/// Squares are indices 0–31 (PDN number − 1). A simple move has a path of two
/// squares and captures nothing; a capture has one landing per captured piece, so the
/// notation `9x18x27` and the undo information are exact. Moves compare by path:
/// two capture sequences that reach the same result by different routes are
/// different moves (the perft convention of OEIS A133046).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct Move {
    captured: Bitboard,
    path: [u8; MAX_PATH],
    len: u8,
    reserved: [u8; 2],
}

const _: () = assert!(core::mem::size_of::<Move>() == 20);
const _: () = assert!(core::mem::align_of::<Move>() <= 8);

impl Move {
    /// A simple (non-capturing) step from `from` to `to`.
    #[must_use]
    pub const fn simple(from: u8, to: u8) -> Move {
        let mut path = [0; MAX_PATH];
        path[0] = from;
        path[1] = to;
        Move {
            captured: 0,
            path,
            len: 2,
            reserved: [0; 2],
        }
    }

    /// A move that has not left `from` yet (the root of a capture sequence).
    #[must_use]
    pub(super) const fn start(from: u8) -> Move {
        let mut path = [0; MAX_PATH];
        path[0] = from;
        Move {
            captured: 0,
            path,
            len: 1,
            reserved: [0; 2],
        }
    }

    /// This move extended by a jump over `over` (a single-square mask) to `to`.
    /// A path already at [`MAX_PATH`] squares is returned unchanged.
    #[must_use]
    #[inline(always)]
    pub(super) fn jump(mut self, over: Bitboard, to: u8) -> Move {
        if let Some(slot) = self.path.get_mut(usize::from(self.len)) {
            *slot = to;
            self.len += 1;
            self.captured |= over;
        }
        self
    }

    /// The origin square index.
    #[must_use]
    pub const fn from(&self) -> u8 {
        self.path[0]
    }

    /// The final square index.
    #[must_use]
    pub fn to(&self) -> u8 {
        let last = usize::from(self.len.max(1)) - 1;
        self.path.get(last).copied().unwrap_or(0)
    }

    /// The origin and every landing square, in order.
    #[must_use]
    pub fn path(&self) -> &[u8] {
        self.path.get(..usize::from(self.len)).unwrap_or(&self.path)
    }

    /// The captured pieces.
    #[must_use]
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether this move captures.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }
}

#[cfg(test)]
mod tests {
    use super::super::bitboard::square;
    use super::*;

    #[test]
    fn paths() {
        let m = Move::simple(8, 13);
        assert_eq!(m.path(), &[8, 13]);
        assert!(!m.is_capture());
        let c = Move::start(8).jump(square(13), 17).jump(square(21), 26);
        assert_eq!(c.path(), &[8, 17, 26]);
        assert_eq!((c.from(), c.to()), (8, 26));
        assert_eq!(c.captured(), square(13) | square(21));
    }
}
