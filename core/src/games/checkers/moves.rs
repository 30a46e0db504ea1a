//! The checkers move: the full path of landing squares and the captured pieces.

use super::bitboard::Bitboard;
use super::square::Square;

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
    pub const fn simple(from: Square, to: Square) -> Move {
        let mut path = [0; MAX_PATH];
        path[0] = from.to_u8();
        path[1] = to.to_u8();
        Move {
            captured: 0,
            path,
            len: 2,
            reserved: [0; 2],
        }
    }

    /// A move that has not left `from` yet (the root of a capture sequence).
    #[must_use]
    pub(super) const fn start(from: Square) -> Move {
        let mut path = [0; MAX_PATH];
        path[0] = from.to_u8();
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
    pub(super) fn jump(mut self, over: Bitboard, to: Square) -> Move {
        if let Some(slot) = self.path.get_mut(usize::from(self.len)) {
            *slot = to.to_u8();
            self.len += 1;
            self.captured |= over;
        }
        self
    }

    /// The origin square.
    #[must_use]
    #[inline(always)]
    pub fn from(&self) -> Square {
        stored(self.path[0])
    }

    /// The final square.
    #[must_use]
    #[inline(always)]
    pub fn to(&self) -> Square {
        let last = usize::from(self.len.max(1)) - 1;
        stored(self.path.get(last).copied().unwrap_or(0))
    }

    /// The origin and every landing square, in order, as indices 0–31.
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

/// A square read back from a path byte. Paths are written only from [`Square`]s, so
/// the byte is 0–31; a move cast from raw bytes (the `Pod` derive lets the engine
/// keep moves in untyped memory) may hold any byte, which reads as square 1: such a
/// move is not legal, and playing it never panics.
#[inline(always)]
fn stored(byte: u8) -> Square {
    Square::new(byte).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(i: u8) -> Square {
        Square::new(i).unwrap()
    }

    #[test]
    fn paths() {
        let m = Move::simple(sq(8), sq(13));
        assert_eq!(m.path(), &[8, 13]);
        assert!(!m.is_capture());
        let c = Move::start(sq(8))
            .jump(sq(13).bit(), sq(17))
            .jump(sq(21).bit(), sq(26));
        assert_eq!(c.path(), &[8, 17, 26]);
        assert_eq!((c.from(), c.to()), (sq(8), sq(26)));
        assert_eq!(c.captured(), sq(13).bit() | sq(21).bit());
    }

    #[test]
    fn raw_bytes_read_as_a_square() {
        let mut m = Move::simple(sq(8), sq(13));
        bytemuck::bytes_of_mut(&mut m)[4] = 200;
        assert_eq!(m.from(), sq(0));
        assert_eq!(m.to(), sq(13));
    }
}
