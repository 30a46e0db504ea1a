//! Game points as whole numbers of half points (a win 1, a draw ½, a loss 0), so
//! sums and comparisons are exact integers; they read and print as the decimals
//! people write (`1.5`, `3`).

use std::fmt;
use std::ops::{Add, AddAssign, Mul};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A number of half points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HalfPoints(pub u32);

impl HalfPoints {
    /// No points.
    pub const ZERO: HalfPoints = HalfPoints(0);
    /// A draw's point for each side: ½.
    pub const DRAW: HalfPoints = HalfPoints(1);
    /// A win's point: 1.
    pub const WIN: HalfPoints = HalfPoints(2);

    /// `points` whole points.
    #[must_use]
    pub const fn whole(points: u32) -> HalfPoints {
        HalfPoints(points * 2)
    }

    /// The points as a decimal (exact).
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// The decimal `points` when it is a non-negative whole number of half points.
    #[must_use]
    pub fn from_f64(points: f64) -> Option<HalfPoints> {
        let halves = points * 2.0;
        (halves >= 0.0 && halves <= f64::from(u32::MAX) && halves.fract() == 0.0)
            .then_some(HalfPoints(halves as u32))
    }
}

impl Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, other: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 + other.0)
    }
}

impl AddAssign for HalfPoints {
    fn add_assign(&mut self, other: HalfPoints) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for HalfPoints {
    fn sum<I: Iterator<Item = HalfPoints>>(iter: I) -> HalfPoints {
        iter.fold(HalfPoints::ZERO, Add::add)
    }
}

/// Points times points (Sonneborn–Berger weighs game points by tournament points).
impl Mul for HalfPoints {
    type Output = QuarterPoints;
    fn mul(self, other: HalfPoints) -> QuarterPoints {
        QuarterPoints(u64::from(self.0) * u64::from(other.0))
    }
}

/// `1.5`, `3`, `0.5`: as the decimal prints.
impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 % 2 {
            0 => write!(f, "{}", self.0 / 2),
            _ => write!(f, "{}.5", self.0 / 2),
        }
    }
}

/// Written as the decimal (`1.5`), so files keep their numbers.
impl Serialize for HalfPoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

/// Read from a decimal; anything but a non-negative whole or half point is refused.
impl<'de> Deserialize<'de> for HalfPoints {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<HalfPoints, D::Error> {
        let points = f64::deserialize(d)?;
        HalfPoints::from_f64(points).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{points} points: give a whole or half number of points, at least 0"
            ))
        })
    }
}

/// A number of quarter points: a product of two [`HalfPoints`] (a tie-break).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct QuarterPoints(pub u64);

impl std::iter::Sum for QuarterPoints {
    fn sum<I: Iterator<Item = QuarterPoints>>(iter: I) -> QuarterPoints {
        QuarterPoints(iter.map(|q| q.0).sum())
    }
}

/// `6.25`, `7`: as the decimal prints.
impl fmt::Display for QuarterPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fraction = ["", ".25", ".5", ".75"][(self.0 % 4) as usize];
        write!(f, "{}{fraction}", self.0 / 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_as_their_decimals() {
        for halves in 0..40 {
            let h = HalfPoints(halves);
            assert_eq!(h.to_string(), format!("{}", h.as_f64()));
            assert_eq!(HalfPoints::from_f64(h.as_f64()), Some(h));
        }
        for quarters in 0..40 {
            let q = QuarterPoints(quarters);
            assert_eq!(q.to_string(), format!("{}", quarters as f64 / 4.0));
        }
        assert_eq!(HalfPoints(3) * HalfPoints(9), QuarterPoints(27));
        assert_eq!(QuarterPoints(27).to_string(), "6.75");
    }

    #[test]
    fn only_whole_and_half_points_read() {
        assert_eq!(serde_json::to_string(&HalfPoints(3)).unwrap(), "1.5");
        assert_eq!(serde_json::to_string(&HalfPoints(6)).unwrap(), "3.0");
        let read = |t: &str| serde_json::from_str::<HalfPoints>(t);
        assert_eq!(read("3.0").unwrap(), HalfPoints::whole(3));
        assert_eq!(read("2").unwrap(), HalfPoints(4));
        assert_eq!(read("0.5").unwrap(), HalfPoints::DRAW);
        assert!(read("0.3").unwrap_err().to_string().contains("0.3 points"));
        assert!(read("-1").is_err());
        assert_eq!(HalfPoints::from_f64(f64::NAN), None);
    }
}
