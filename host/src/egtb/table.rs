//! One signature's values, two bits per index slot (four slots a byte, slot `i` in
//! bits `2(i mod 4)..` of byte `i / 4`).

use super::index::{self, Frame};
use super::material::Material;
use super::Wdl;

/// The code of an unused index slot.
pub const UNUSED: u8 = 3;

/// The values of every position of one material signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    material: Material,
    slots: u64,
    packed: Vec<u8>,
}

impl Table {
    /// Packs one code (a [`Wdl::code`] or [`UNUSED`]) per slot.
    #[must_use]
    pub fn from_codes(material: Material, codes: &[u8]) -> Table {
        let packed = codes
            .chunks(4)
            .map(|c| {
                c.iter()
                    .enumerate()
                    .fold(0u8, |b, (i, &v)| b | ((v & 3) << (2 * i)))
            })
            .collect();
        Table {
            material,
            slots: codes.len() as u64,
            packed,
        }
    }

    /// A table from its packed bytes; `None` unless `packed` has exactly the bytes
    /// `slots` needs.
    #[must_use]
    pub fn from_packed(material: Material, slots: u64, packed: Vec<u8>) -> Option<Table> {
        (packed.len() as u64 == packed_len(slots)).then_some(Table {
            material,
            slots,
            packed,
        })
    }

    /// The signature.
    #[must_use]
    pub const fn material(&self) -> Material {
        self.material
    }

    /// The number of index slots.
    #[must_use]
    pub const fn slots(&self) -> u64 {
        self.slots
    }

    /// The packed bytes.
    #[must_use]
    pub fn packed(&self) -> &[u8] {
        &self.packed
    }

    /// The value at slot `i` (`None` for an unused slot or past the end).
    #[must_use]
    pub fn get(&self, i: u64) -> Option<Wdl> {
        if i >= self.slots {
            return None;
        }
        let byte = self.packed.get(usize::try_from(i / 4).ok()?)?;
        Wdl::from_code(byte >> (2 * (i % 4)))
    }

    /// The value of a position in the mover's frame (`None` when it is not of this
    /// table's signature or has no index).
    #[must_use]
    pub fn probe(&self, frame: &Frame) -> Option<Wdl> {
        if frame.material() != self.material {
            return None;
        }
        self.get(index::index(frame)?)
    }

    /// How many positions have each value: (losses, draws, wins).
    #[must_use]
    pub fn counts(&self) -> (u64, u64, u64) {
        (0..self.slots).fold((0, 0, 0), |(l, d, w), i| match self.get(i) {
            Some(Wdl::Loss) => (l + 1, d, w),
            Some(Wdl::Draw) => (l, d + 1, w),
            Some(Wdl::Win) => (l, d, w + 1),
            None => (l, d, w),
        })
    }
}

/// Bytes needed for `slots` two-bit values.
#[must_use]
pub const fn packed_len(slots: u64) -> u64 {
    slots.div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_packing() {
        let m = "m0k1-m0k1".parse().unwrap();
        let codes: Vec<u8> = (0..11u8).map(|i| (i * 7) % 4).collect();
        let t = Table::from_codes(m, &codes);
        assert_eq!(t.packed().len(), 3);
        for (i, &c) in codes.iter().enumerate() {
            assert_eq!(t.get(i as u64), Wdl::from_code(c));
        }
        assert_eq!(t.get(11), None);
    }
}
