//! The table file format (version 2), all integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 0–7 | magic `MPLYEGTB` |
//! | 8–9 | version (2) |
//! | 10–13 | material: mover men, mover kings, opponent men, opponent kings |
//! | 14–15 | zero |
//! | 16–23 | slot count (must equal the signature's index size) |
//! | 24–27 | CRC-32 (IEEE) of bytes 0–23 followed by the data |
//! | 28– | data: one byte per slot, a [`Dtw`](super::Dtw) code or 255 unused (see [`super::table`]) |
//!
//! Version 1 stored two bits a slot (win, draw, loss) and no distance; it is refused
//! with a request to regenerate.

use super::index::table_size;
use super::material::{Material, MAX_PIECES};
use super::table::Table;

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"MPLYEGTB";
/// The format version this build writes and reads.
pub const VERSION: u16 = 2;
/// Header bytes before the data.
pub const HEADER_LEN: usize = 28;

/// What is wrong with a table file's bytes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// Shorter than the header.
    #[error("truncated header: {found} bytes, a table header has {HEADER_LEN}")]
    TruncatedHeader {
        /// Bytes present.
        found: usize,
    },
    /// Does not start with [`MAGIC`].
    #[error("not a microply endgame table (bad magic)")]
    BadMagic,
    /// A version this build does not read.
    #[error("unsupported table version {0} (this build reads version {VERSION}; version 1 held no distances): regenerate the tables with `microply egtb generate`")]
    Version(u16),
    /// A data byte that is no entry (after the checksum matched: written wrongly).
    #[error("slot {slot} holds {code}, which is no table entry")]
    BadCode {
        /// The slot.
        slot: u64,
        /// Its byte.
        code: u8,
    },
    /// The material bytes do not describe a signature.
    #[error("bad material in header: {0:?}")]
    BadMaterial([u8; 4]),
    /// The slot count is not the signature's index size.
    #[error("slot count {found} does not fit material {material} ({expected} slots)")]
    SlotCount {
        /// The header's signature.
        material: Material,
        /// Slots the signature has.
        expected: u64,
        /// Slots the header claims.
        found: u64,
    },
    /// Fewer data bytes than the header announces.
    #[error("truncated data: {expected} bytes expected, {found} present")]
    TruncatedData {
        /// Bytes the count needs.
        expected: u64,
        /// Bytes present.
        found: u64,
    },
    /// More bytes than the header announces.
    #[error("{0} unexpected bytes after the data")]
    TrailingBytes(u64),
    /// The checksum does not match the contents.
    #[error(
        "checksum mismatch: header says {stored:08x}, contents give {computed:08x} (corrupt file)"
    )]
    Checksum {
        /// The CRC in the header.
        stored: u32,
        /// The CRC of what was read.
        computed: u32,
    },
}

/// The file bytes of a table.
#[must_use]
pub fn to_bytes(table: &Table) -> Vec<u8> {
    let m = table.material();
    let mut out = Vec::with_capacity(HEADER_LEN + table.codes().len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&[
        m.mover_men,
        m.mover_kings,
        m.opponent_men,
        m.opponent_kings,
        0,
        0,
    ]);
    out.extend_from_slice(&table.slots().to_le_bytes());
    let crc = checksum(&out, table.codes());
    out.extend_from_slice(&crc.to_le_bytes());
    out.extend_from_slice(table.codes());
    out
}

/// Reads a table from its file bytes, checking everything the header promises.
///
/// # Errors
/// A [`FormatError`] naming the first thing found wrong.
pub fn from_bytes(bytes: &[u8]) -> Result<Table, FormatError> {
    let header: &[u8; HEADER_LEN] = bytes
        .get(..HEADER_LEN)
        .and_then(|h| h.try_into().ok())
        .ok_or(FormatError::TruncatedHeader { found: bytes.len() })?;
    if header[..8] != MAGIC {
        return Err(FormatError::BadMagic);
    }
    let version = u16::from_le_bytes([header[8], header[9]]);
    if version != VERSION {
        return Err(FormatError::Version(version));
    }
    let material = material_of(&header[10..16])?;
    let slots = u64::from_le_bytes(array(&header[16..24]));
    let expected = table_size(&material);
    if slots != expected {
        return Err(FormatError::SlotCount {
            material,
            expected,
            found: slots,
        });
    }
    let data = &bytes[HEADER_LEN..];
    let need = slots;
    let have = data.len() as u64;
    if have < need {
        return Err(FormatError::TruncatedData {
            expected: need,
            found: have,
        });
    }
    if have > need {
        return Err(FormatError::TrailingBytes(have - need));
    }
    let stored = u32::from_le_bytes(array(&header[24..28]));
    let computed = checksum(&header[..24], data);
    if stored != computed {
        return Err(FormatError::Checksum { stored, computed });
    }
    Table::from_codes(material, data.to_vec()).map_err(|(slot, code)| FormatError::BadCode {
        slot: slot as u64,
        code,
    })
}

fn checksum(header: &[u8], data: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(header);
    h.update(data);
    h.finalize()
}

fn array<const N: usize>(b: &[u8]) -> [u8; N] {
    let mut a = [0; N];
    a.copy_from_slice(&b[..N]);
    a
}

fn material_of(b: &[u8]) -> Result<Material, FormatError> {
    let raw = [b[0], b[1], b[2], b[3]];
    let m = Material {
        mover_men: raw[0],
        mover_kings: raw[1],
        opponent_men: raw[2],
        opponent_kings: raw[3],
    };
    let sides_ok = m.mover_men + m.mover_kings > 0 && m.opponent_men + m.opponent_kings > 0;
    let fits = raw.iter().map(|&x| u32::from(x)).sum::<u32>() <= u32::from(MAX_PIECES);
    if sides_ok && fits && b[4] == 0 && b[5] == 0 {
        Ok(m)
    } else {
        Err(FormatError::BadMaterial(raw))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::table::UNUSED;

    fn sample() -> Table {
        let m: Material = "m0k1-m0k1".parse().unwrap();
        let codes: Vec<u8> = (0..table_size(&m)).map(|i| (i % 7) as u8).collect();
        Table::from_codes(m, codes).unwrap()
    }

    #[test]
    fn bytes_round_trip() {
        let t = sample();
        assert_eq!(from_bytes(&to_bytes(&t)), Ok(t));
    }

    #[test]
    fn truncated_files_are_reported() {
        let bytes = to_bytes(&sample());
        assert_eq!(
            from_bytes(&bytes[..10]),
            Err(FormatError::TruncatedHeader { found: 10 })
        );
        let short = &bytes[..bytes.len() - 5];
        assert_eq!(
            from_bytes(short),
            Err(FormatError::TruncatedData {
                expected: 992,
                found: 987
            })
        );
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(from_bytes(&long), Err(FormatError::TrailingBytes(1)));
    }

    #[test]
    fn corrupt_files_are_reported() {
        let bytes = to_bytes(&sample());
        let mut flipped = bytes.clone();
        flipped[HEADER_LEN + 100] ^= 0x10;
        assert!(matches!(
            from_bytes(&flipped),
            Err(FormatError::Checksum { .. })
        ));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(from_bytes(&magic), Err(FormatError::BadMagic));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(from_bytes(&version), Err(FormatError::Version(9)));
        // A version-1 file (two bits a slot, no distances) asks to be regenerated.
        let mut old = bytes.clone();
        old[8] = 1;
        let e = from_bytes(&old).unwrap_err();
        assert_eq!(e, FormatError::Version(1));
        assert!(e.to_string().contains("regenerate"), "{e}");
        // A byte that is no entry, with a matching checksum: refused by slot.
        let mut table = sample().codes().to_vec();
        table[40] = 253;
        let mut unknown = bytes[..HEADER_LEN].to_vec();
        let crc = checksum(&unknown[..24], &table);
        unknown[24..28].copy_from_slice(&crc.to_le_bytes());
        unknown.extend_from_slice(&table);
        assert_eq!(
            from_bytes(&unknown),
            Err(FormatError::BadCode {
                slot: 40,
                code: 253
            })
        );
        let mut material = bytes.clone();
        material[11] = 0; // the mover has no piece left
        assert_eq!(
            from_bytes(&material),
            Err(FormatError::BadMaterial([0, 0, 0, 1]))
        );
        let mut count = bytes;
        count[16] ^= 1;
        assert!(matches!(
            from_bytes(&count),
            Err(FormatError::SlotCount { expected: 992, .. })
        ));
    }

    #[test]
    fn unused_slots_survive_the_round_trip() {
        let m: Material = "m1k0-m1k0".parse().unwrap();
        let codes = vec![UNUSED; table_size(&m) as usize];
        let t = from_bytes(&to_bytes(&Table::from_codes(m, codes).unwrap())).unwrap();
        assert_eq!(t.get(0), None);
    }
}
