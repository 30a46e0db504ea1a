//! The two players and the result of a finished game.

/// One of the two players. Each game names them in its notation (x/o, black/white, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Player {
    /// The player who moves first from the start position.
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second (for indexing per-player arrays).
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution() {
        assert_eq!(Player::First.other(), Player::Second);
        assert_eq!(Player::Second.other().other(), Player::Second);
        assert_eq!(Player::Second.index(), 1);
    }
}
