//! The games, one folder each: board representation, move generation, notation and
//! evaluators; and [`GameKind`], the list the engine and the CLI dispatch over.

use core::fmt;
use core::str::FromStr;

pub mod amazons;
pub mod checkers;
pub mod dots;
pub mod tictactoe;

/// Every game microply plays. [`with_game!`](crate::with_game) turns a kind into its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameKind {
    /// [`tictactoe::TicTacToe`].
    TicTacToe,
    /// [`checkers::Checkers`].
    Checkers,
    /// [`dots::Dots`].
    Dots,
    /// [`amazons::Amazons`].
    Amazons,
}

impl GameKind {
    /// Every game, in protocol order.
    pub const ALL: [GameKind; 4] = [
        GameKind::TicTacToe,
        GameKind::Checkers,
        GameKind::Dots,
        GameKind::Amazons,
    ];

    /// The protocol name (`tictactoe`, `checkers`, `dots`, `amazons`).
    #[must_use]
    pub fn name(self) -> &'static str {
        crate::with_game!(self, G => <G as crate::Game>::NAME)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not a game microply plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownGame;

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown game")?;
        crate::choices::expected(f, GameKind::ALL.iter().map(|k| k.name()))
    }
}

impl core::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or(UnknownGame)
    }
}

/// A position of any game: what the engine holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// A tic-tac-toe position.
    TicTacToe(tictactoe::TicTacToe),
    /// A checkers (English draughts) position.
    Checkers(checkers::Checkers),
    /// A Dots-and-Boxes position.
    Dots(dots::Dots),
    /// An Amazons position.
    Amazons(amazons::Amazons),
}

impl From<tictactoe::TicTacToe> for AnyPosition {
    fn from(p: tictactoe::TicTacToe) -> AnyPosition {
        AnyPosition::TicTacToe(p)
    }
}

impl From<checkers::Checkers> for AnyPosition {
    fn from(p: checkers::Checkers) -> AnyPosition {
        AnyPosition::Checkers(p)
    }
}

impl From<dots::Dots> for AnyPosition {
    fn from(p: dots::Dots) -> AnyPosition {
        AnyPosition::Dots(p)
    }
}

impl From<amazons::Amazons> for AnyPosition {
    fn from(p: amazons::Amazons) -> AnyPosition {
        AnyPosition::Amazons(p)
    }
}

impl AnyPosition {
    /// Which game this is.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        crate::with_position!(self, G, _p => G::KIND)
    }
}

/// Ties a position type to its [`GameKind`] (implemented by every game).
pub trait Kind {
    /// The game's kind.
    const KIND: GameKind;
}

impl Kind for tictactoe::TicTacToe {
    const KIND: GameKind = GameKind::TicTacToe;
}

impl Kind for checkers::Checkers {
    const KIND: GameKind = GameKind::Checkers;
}

impl Kind for dots::Dots {
    const KIND: GameKind = GameKind::Dots;
}

impl Kind for amazons::Amazons {
    const KIND: GameKind = GameKind::Amazons;
}

/// Evaluates `$body` with `$p` bound to the position inside an [`AnyPosition`]
/// (by value, reference or mutable reference, as `$any` is) and `$G` to its type.
///
/// ```
/// use microply_core::games::{tictactoe::TicTacToe, AnyPosition};
/// use microply_core::{with_position, Game};
/// let any = AnyPosition::from(TicTacToe::START);
/// assert_eq!(with_position!(any, G, p => p.count_moves()), 9);
/// ```
#[macro_export]
macro_rules! with_position {
    ($any:expr, $G:ident, $p:pat => $body:expr) => {
        match $any {
            $crate::games::AnyPosition::TicTacToe($p) => {
                #[allow(dead_code)]
                type $G = $crate::games::tictactoe::TicTacToe;
                $body
            }
            $crate::games::AnyPosition::Checkers($p) => {
                #[allow(dead_code)]
                type $G = $crate::games::checkers::Checkers;
                $body
            }
            $crate::games::AnyPosition::Dots($p) => {
                #[allow(dead_code)]
                type $G = $crate::games::dots::Dots;
                $body
            }
            $crate::games::AnyPosition::Amazons($p) => {
                #[allow(dead_code)]
                type $G = $crate::games::amazons::Amazons;
                $body
            }
        }
    };
}

/// Evaluates `$body` with `$G` bound to the position type of the [`GameKind`] `$kind`:
/// static dispatch over every game, the one place that lists them.
///
/// ```
/// use microply_core::games::GameKind;
/// use microply_core::{with_game, Game};
/// let n = with_game!(GameKind::TicTacToe, G => G::MOVE_CAPACITY);
/// assert_eq!(n, 9);
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::TicTacToe => {
                #[allow(dead_code)]
                type $G = $crate::games::tictactoe::TicTacToe;
                $body
            }
            $crate::games::GameKind::Checkers => {
                #[allow(dead_code)]
                type $G = $crate::games::checkers::Checkers;
                $body
            }
            $crate::games::GameKind::Dots => {
                #[allow(dead_code)]
                type $G = $crate::games::dots::Dots;
                $body
            }
            $crate::games::GameKind::Amazons => {
                #[allow(dead_code)]
                type $G = $crate::games::amazons::Amazons;
                $body
            }
        }
    };
}
