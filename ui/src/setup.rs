//! What the main menu chooses: the game and its size, who plays each side, the level.

use core::fmt;

use microply_core::games::amazons::{self, Amazons};
use microply_core::games::checkers::Checkers;
use microply_core::games::dots::{Dots, Size};
use microply_core::games::tictactoe::TicTacToe;
use microply_core::games::AnyPosition;
use microply_core::search::Limits;
use microply_core::{Game, Player};

/// A game and its size, as the menu offers them (what fits a 240×240 screen legibly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameChoice {
    /// Tic-tac-toe.
    TicTacToe,
    /// Checkers (English draughts), 8×8.
    Checkers,
    /// Dots-and-Boxes with `n × n` boxes, 3 ≤ n ≤ 5.
    Dots(u8),
    /// Amazons on an `n × n` board, n = 6, 8 or 10.
    Amazons(u8),
}

impl GameChoice {
    /// Every choice, in menu order.
    pub const ALL: [GameChoice; 8] = [
        GameChoice::TicTacToe,
        GameChoice::Checkers,
        GameChoice::Dots(3),
        GameChoice::Dots(4),
        GameChoice::Dots(5),
        GameChoice::Amazons(6),
        GameChoice::Amazons(8),
        GameChoice::Amazons(10),
    ];

    /// The start position.
    #[must_use]
    pub fn start(self) -> AnyPosition {
        match self {
            GameChoice::TicTacToe => TicTacToe::START.into(),
            GameChoice::Checkers => Checkers::START.into(),
            GameChoice::Dots(n) => {
                Dots::empty(Size::new(n, n).unwrap_or(Size::FIVE_BY_FIVE)).into()
            }
            GameChoice::Amazons(n) => {
                let size = amazons::Size::from_n(u32::from(n)).unwrap_or(amazons::Size::Ten);
                Amazons::start(&amazons::Config { size }).into()
            }
        }
    }

    /// The side's name on screen (`X`, `Black`, `Player 1`, `White`, ...).
    #[must_use]
    pub fn side_name(self, player: Player) -> &'static str {
        let names = match self {
            GameChoice::TicTacToe => ["X", "O"],
            GameChoice::Checkers => ["Black", "White"],
            GameChoice::Dots(_) => ["Player 1", "Player 2"],
            GameChoice::Amazons(_) => ["White", "Black"],
        };
        names[player.index()]
    }

    fn position(self) -> usize {
        GameChoice::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }

    /// The next choice in menu order (wrapping), or the previous one.
    #[must_use]
    pub fn cycle(self, forward: bool) -> GameChoice {
        GameChoice::ALL[cycle(self.position(), GameChoice::ALL.len(), forward)]
    }
}

impl fmt::Display for GameChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameChoice::TicTacToe => f.write_str("Tic-tac-toe"),
            GameChoice::Checkers => f.write_str("Checkers"),
            GameChoice::Dots(n) => write!(f, "Dots {n}x{n}"),
            GameChoice::Amazons(n) => write!(f, "Amazons {n}x{n}"),
        }
    }
}

fn cycle(index: usize, len: usize, forward: bool) -> usize {
    if forward {
        (index + 1) % len
    } else {
        (index + len - 1) % len
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person, with the buttons.
    Human,
    /// The engine.
    Engine,
}

impl Seat {
    /// The other seat.
    #[must_use]
    pub const fn toggled(self) -> Seat {
        match self {
            Seat::Human => Seat::Engine,
            Seat::Engine => Seat::Human,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::Human => "Human",
            Seat::Engine => "Engine",
        })
    }
}

/// The engine's strength: a few named levels, each a search limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// One ply.
    Easy,
    /// Three plies, at most 20,000 nodes.
    Medium,
    /// Six plies, at most 200,000 nodes.
    Hard,
    /// Two seconds (at most 2,000,000 nodes).
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The search limits of this level. Every level but `Expert` is bounded by depth
    /// and nodes only, so its moves are the same on every machine (the emulator's
    /// reference frames depend on it); a node limit discards the iteration that
    /// exceeds it, keeping the deepest complete one.
    #[must_use]
    pub const fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits::depth(1),
            Level::Medium => Limits {
                depth: Some(3),
                nodes: Some(20_000),
                time_ms: None,
                clock: None,
            },
            Level::Hard => Limits {
                depth: Some(6),
                nodes: Some(200_000),
                time_ms: None,
                clock: None,
            },
            Level::Expert => Limits {
                depth: None,
                nodes: Some(2_000_000),
                time_ms: Some(2_000),
                clock: None,
            },
        }
    }

    /// The next level (wrapping), or the previous one.
    #[must_use]
    pub fn cycle(self, forward: bool) -> Level {
        let i = Level::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Level::ALL[cycle(i, Level::ALL.len(), forward)]
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
        })
    }
}

/// Everything the main menu sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The game and its size.
    pub game: GameChoice,
    /// Who plays the first and the second side.
    pub seats: [Seat; 2],
    /// The engine's level.
    pub level: Level,
}

impl Default for Setup {
    /// Checkers, a person (Black, first) against the engine at `Medium`.
    fn default() -> Setup {
        Setup {
            game: GameChoice::Checkers,
            seats: [Seat::Human, Seat::Engine],
            level: Level::Medium,
        }
    }
}

impl Setup {
    /// Who plays `player`.
    #[must_use]
    pub const fn seat(&self, player: Player) -> Seat {
        self.seats[player.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::GameKind;

    #[test]
    fn choices_cycle_through_all_and_back() {
        let mut c = GameChoice::TicTacToe;
        for _ in 0..GameChoice::ALL.len() {
            c = c.cycle(true);
        }
        assert_eq!(c, GameChoice::TicTacToe);
        assert_eq!(c.cycle(false), GameChoice::Amazons(10));
        assert_eq!(Level::Easy.cycle(false), Level::Expert);
    }

    #[test]
    fn every_choice_starts_its_game() {
        let kinds = GameChoice::ALL.map(|c| c.start().kind());
        assert_eq!(kinds[0], GameKind::TicTacToe);
        assert_eq!(kinds[1], GameKind::Checkers);
        assert!(kinds[2..5].iter().all(|&k| k == GameKind::Dots));
        assert!(kinds[5..].iter().all(|&k| k == GameKind::Amazons));
    }
}
