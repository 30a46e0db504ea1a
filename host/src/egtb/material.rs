//! Material signatures: how many men and kings each side has, seen from the side to
//! move. Every signature has its own table.

use std::fmt;
use std::str::FromStr;

/// The most pieces (both sides together) a signature may describe.
pub const MAX_PIECES: u8 = 8;

/// The pieces of the side to move ("mover") and of the other side ("opponent").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Material {
    /// Men of the side to move.
    pub mover_men: u8,
    /// Kings of the side to move.
    pub mover_kings: u8,
    /// Men of the other side.
    pub opponent_men: u8,
    /// Kings of the other side.
    pub opponent_kings: u8,
}

impl Material {
    /// All pieces on the board.
    #[must_use]
    pub const fn pieces(&self) -> u8 {
        self.mover_men + self.mover_kings + self.opponent_men + self.opponent_kings
    }

    /// All men on the board.
    #[must_use]
    pub const fn men(&self) -> u8 {
        self.mover_men + self.opponent_men
    }

    /// The same pieces with the other side to move.
    #[must_use]
    pub const fn swapped(&self) -> Material {
        Material {
            mover_men: self.opponent_men,
            mover_kings: self.opponent_kings,
            opponent_men: self.mover_men,
            opponent_kings: self.mover_kings,
        }
    }

    /// Every signature with exactly `pieces` pieces and at least one piece a side,
    /// in a fixed order.
    #[must_use]
    pub fn with_pieces(pieces: u8) -> Vec<Material> {
        let mut all = Vec::new();
        for mover in 1..pieces {
            let opponent = pieces - mover;
            for mover_men in 0..=mover {
                for opponent_men in 0..=opponent {
                    all.push(Material {
                        mover_men,
                        mover_kings: mover - mover_men,
                        opponent_men,
                        opponent_kings: opponent - opponent_men,
                    });
                }
            }
        }
        all
    }

    /// Every signature with 2 to `max_pieces` pieces, in the order the solver needs:
    /// fewer pieces first (captures lead there), then fewer men (promotions lead
    /// there). Signatures with equal pieces and men are solved together.
    #[must_use]
    pub fn up_to(max_pieces: u8) -> Vec<Material> {
        let mut all: Vec<Material> = (2..=max_pieces).flat_map(Material::with_pieces).collect();
        all.sort_by_key(|m| (m.pieces(), m.men(), *m));
        all
    }
}

impl fmt::Display for Material {
    /// `m1k2-m0k1`: the mover's men and kings, then the opponent's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "m{}k{}-m{}k{}",
            self.mover_men, self.mover_kings, self.opponent_men, self.opponent_kings
        )
    }
}

/// A material name that is not of the form `m<men>k<kings>-m<men>k<kings>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad material signature (expected the form m1k2-m0k1, each side with a piece, at most {MAX_PIECES} pieces)")]
pub struct BadMaterial;

impl FromStr for Material {
    type Err = BadMaterial;

    fn from_str(s: &str) -> Result<Material, BadMaterial> {
        let (mover, opponent) = s.split_once('-').ok_or(BadMaterial)?;
        let side = |t: &str| -> Result<(u8, u8), BadMaterial> {
            let rest = t.strip_prefix('m').ok_or(BadMaterial)?;
            let (men, kings) = rest.split_once('k').ok_or(BadMaterial)?;
            Ok((
                men.parse().map_err(|_| BadMaterial)?,
                kings.parse().map_err(|_| BadMaterial)?,
            ))
        };
        let (mover_men, mover_kings) = side(mover)?;
        let (opponent_men, opponent_kings) = side(opponent)?;
        let m = Material {
            mover_men,
            mover_kings,
            opponent_men,
            opponent_kings,
        };
        let valid = u32::from(mover_men) + u32::from(mover_kings) > 0
            && u32::from(opponent_men) + u32::from(opponent_kings) > 0
            && u32::from(mover_men)
                + u32::from(mover_kings)
                + u32::from(opponent_men)
                + u32::from(opponent_kings)
                <= u32::from(MAX_PIECES);
        if valid {
            Ok(m)
        } else {
            Err(BadMaterial)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_counts() {
        // Split n pieces into mover a ≥ 1 and opponent n − a ≥ 1; each side's men
        // count ranges over 0..=its pieces: Σ (a + 1)(n − a + 1).
        assert_eq!(Material::with_pieces(2).len(), 4);
        assert_eq!(Material::with_pieces(3).len(), 2 * 3 + 3 * 2);
        assert_eq!(Material::with_pieces(4).len(), 2 * 4 + 3 * 3 + 4 * 2);
    }

    #[test]
    fn names_round_trip() {
        for m in Material::up_to(5) {
            assert_eq!(m.to_string().parse::<Material>(), Ok(m));
        }
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in [
            "",
            "m1k0",
            "m0k0-m1k0",
            "m1k1-mxk0",
            "k1m0-m1k0",
            "m5k4-m0k1",
        ] {
            assert_eq!(bad.parse::<Material>(), Err(BadMaterial), "{bad}");
        }
    }

    #[test]
    fn solve_order_puts_dependencies_first() {
        let order = Material::up_to(4);
        let at = |m: Material| order.iter().position(|&x| x == m).unwrap();
        for m in &order {
            // A promotion by the mover leads to the swapped signature with one man fewer.
            if m.mover_men > 0 {
                let promoted = Material {
                    mover_men: m.mover_men - 1,
                    mover_kings: m.mover_kings + 1,
                    ..*m
                };
                assert!(at(promoted.swapped()) < at(*m));
            }
        }
    }
}
