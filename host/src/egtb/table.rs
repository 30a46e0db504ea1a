//! One signature's entries, one byte per index slot: a [`Dtw`] code, or [`UNUSED`].

use super::index::{self, Frame};
use super::material::Material;
use super::{Dtw, Wdl};

/// The code of an unused index slot.
pub const UNUSED: u8 = 255;

/// The entries of every position of one material signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    material: Material,
    codes: Vec<u8>,
}

impl Table {
    /// A table of one code (a [`Dtw::code`] or [`UNUSED`]) per slot.
    ///
    /// # Errors
    /// The first slot whose code is neither, with its code.
    pub fn from_codes(material: Material, codes: Vec<u8>) -> Result<Table, (usize, u8)> {
        match first_bad_code(&codes) {
            Some(bad) => Err(bad),
            None => Ok(Table { material, codes }),
        }
    }

    /// The signature.
    #[must_use]
    pub const fn material(&self) -> Material {
        self.material
    }

    /// The number of index slots.
    #[must_use]
    pub fn slots(&self) -> u64 {
        self.codes.len() as u64
    }

    /// The stored bytes, one a slot.
    #[must_use]
    pub fn codes(&self) -> &[u8] {
        &self.codes
    }

    /// The entry at slot `i` (`None` for an unused slot or past the end).
    #[must_use]
    pub fn entry(&self, i: u64) -> Option<Dtw> {
        Dtw::from_code(*self.codes.get(usize::try_from(i).ok()?)?)
    }

    /// The value at slot `i` (`None` for an unused slot or past the end).
    #[must_use]
    pub fn get(&self, i: u64) -> Option<Wdl> {
        self.entry(i).map(Dtw::wdl)
    }

    /// The entry of a position in the mover's frame (`None` when it is not of this
    /// table's signature or has no index).
    #[must_use]
    pub fn probe(&self, frame: &Frame) -> Option<Dtw> {
        if frame.material() != self.material {
            return None;
        }
        self.entry(index::index(frame)?)
    }

    /// How many positions have each value: (losses, draws, wins).
    #[must_use]
    pub fn counts(&self) -> (u64, u64, u64) {
        self.codes
            .iter()
            .fold((0, 0, 0), |(l, d, w), &c| match Dtw::from_code(c) {
                Some(Dtw::Loss(_)) => (l + 1, d, w),
                Some(Dtw::Draw) => (l, d + 1, w),
                Some(Dtw::Win(_)) => (l, d, w + 1),
                None => (l, d, w),
            })
    }

    /// The longest win or loss stored, in plies (0 without any).
    #[must_use]
    pub fn longest(&self) -> u8 {
        self.codes
            .iter()
            .filter_map(|&c| Dtw::from_code(c)?.plies())
            .max()
            .unwrap_or(0)
    }
}

/// The first slot whose byte is neither an entry's code nor [`UNUSED`].
fn first_bad_code(codes: &[u8]) -> Option<(usize, u8)> {
    codes
        .iter()
        .position(|&c| c != UNUSED && Dtw::from_code(c).is_none())
        .map(|i| (i, codes[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_give_entries_and_values() {
        let m = "m0k1-m0k1".parse().unwrap();
        let codes = vec![0, 1, 2, 3, 250, super::super::DRAW_CODE, UNUSED];
        let t = Table::from_codes(m, codes).unwrap();
        let entries: Vec<_> = (0..8).map(|i| t.entry(i)).collect();
        assert_eq!(
            entries,
            [
                Some(Dtw::Loss(0)),
                Some(Dtw::Win(1)),
                Some(Dtw::Loss(2)),
                Some(Dtw::Win(3)),
                Some(Dtw::Loss(250)),
                Some(Dtw::Draw),
                None,
                None
            ]
        );
        assert_eq!(t.get(3), Some(Wdl::Win));
        assert_eq!(t.counts(), (3, 1, 2));
        assert_eq!(t.longest(), 250);
    }

    #[test]
    fn bytes_that_are_no_entry_are_refused() {
        let m = "m0k1-m0k1".parse().unwrap();
        // 253 is the solver's "unknown", never stored.
        assert_eq!(first_bad_code(&[1, 253, 2]), Some((1, 253)));
        assert_eq!(Table::from_codes(m, vec![1, 253]), Err((1, 253)));
        assert_eq!(first_bad_code(&[0, 254, 255, 250]), None);
    }
}
